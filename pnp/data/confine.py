"""Confinement: every file a project names must lie inside the project folder."""

from __future__ import annotations

import os
from pathlib import Path

from pnp.errors import PnpError


def label_in(root: Path, path: Path) -> str:
    """A path relative to the project root (resolved when it can be, else as written)."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except (ValueError, OSError):
        return Path(os.path.relpath(os.path.abspath(path), os.path.abspath(root))).as_posix()


def confined(root: Path, path: Path, key: str) -> Path:
    """Resolve a file a project names; refuse it unless it lies inside the project folder, links followed."""
    inside = root.resolve()
    try:
        resolved = path.resolve()
    except (OSError, RuntimeError):  # a loop of links
        resolved = None
    if resolved is not None and (resolved == inside or inside in resolved.parents):
        return resolved
    written = Path(os.path.relpath(os.path.abspath(path), os.path.abspath(root)))
    if written.parts[:1] == (os.pardir,):
        problem = f"{_quoted(written.as_posix())} is outside the project folder"
    else:
        problem = f"{_quoted(written.as_posix())} is a link that leads outside the project folder"
    raise PnpError(problem, where=key, fix="copy the file into the project and name it by a path inside it")


def _quoted(text: str) -> str:
    """A path or value quoted for a one-line message."""
    return repr(text)
