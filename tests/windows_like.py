"""Forcing every Windows fallback on Linux: an environment for a pnp subprocess, or the same patches in-process.

The patches themselves are in windows_like/sitecustomize.py, which a Python started with windows_like_env()
loads at start-up.
"""

from __future__ import annotations

import errno
import importlib.util
import os
from pathlib import Path

SITE = Path(__file__).resolve().parent / "windows_like"
_spec = importlib.util.spec_from_file_location("windows_like_site", SITE / "sitecustomize.py")
assert _spec is not None and _spec.loader is not None
site = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(site)


def windows_like_env(base: dict | None = None) -> dict:
    """A copy of the environment (os.environ by default) in which a Python process behaves as on Windows."""
    env = dict(os.environ if base is None else base)
    env[site.VARIABLE] = "1"
    env["PNP_START_METHOD"] = "spawn"
    env["PYTHONPATH"] = os.pathsep.join([str(SITE), *filter(None, [env.get("PYTHONPATH")])])
    return env


def apply_windows_like(monkeypatch) -> None:
    """The same patches in this process until the test ends (for CliRunner tests).

    Modules imported earlier keep what they found then: pnp's locks, loaded with fcntl, are made to find none,
    and filelock, loaded here first with fcntl, is made to report no native lock, as it does without fcntl.
    """
    import filelock

    from pnp.output import locks
    monkeypatch.setattr(locks, "fcntl", None)
    for owner, name, value in site.patches():
        if isinstance(owner, dict):
            monkeypatch.setitem(owner, name, value)
        elif value is site.REMOVED:
            monkeypatch.delattr(owner, name, raising=False)
        else:
            monkeypatch.setattr(owner, name, value)
    monkeypatch.setattr(filelock, "lock_descriptor", _no_native_lock)
    monkeypatch.setenv("PNP_START_METHOD", "spawn")


def _no_native_lock(fd: int, **options) -> bool:
    raise OSError(errno.ENOSYS, "fcntl is unavailable")
