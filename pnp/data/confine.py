"""Confinement: every path a project names goes through `confined`, which refuses what leaves the project folder."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from pnp.errors import PnpError

OUTSIDE_FIX = "copy the file into the project and name it by a path inside it"
SHOWN_CHARS = 120  # a longer path is shortened in messages


def label_in(root: Path, path: Path) -> str:
    """A path relative to the project root (resolved when it can be, else as written)."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except (ValueError, OSError, RuntimeError):
        return Path(os.path.relpath(os.path.abspath(path), os.path.abspath(root))).as_posix()


def confined(root: Path, path: Path, key: str, shown: str | None = None) -> Path:
    """PATH resolved, links followed; a one-line error naming KEY unless it lies inside the project folder.

    The one check for every file a project names (data, layouts, fonts, images, profiles, simulations): a path
    that leaves the project, a loop of links, a NUL character or a name the system cannot use is refused.
    """
    written = quoted(shown if shown is not None else _written(root, path))
    if "\x00" in str(path):
        raise PnpError(f"{written} holds a NUL character", where=key, fix="remove it from the path")
    try:
        resolved = path.resolve()
    except (RuntimeError, OSError):  # Python 3.11 and 3.12 report a loop of links as a RuntimeError
        raise _loop(written, key) from None
    try:
        os.stat(resolved)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise _loop(written, key) from None
        if exc.errno not in (errno.ENOENT, errno.ENOTDIR):  # a missing file is the caller's message
            raise PnpError(f"{written} cannot be used as a path: {exc.strerror}", where=key,
                           fix="use a shorter plain file name inside the project") from None
    inside = root.resolve()
    if resolved == inside or inside in resolved.parents:
        return resolved
    if Path(_written(root, path)).parts[:1] == (os.pardir,):
        raise PnpError(f"{written} is outside the project folder", where=key, fix=OUTSIDE_FIX)
    raise PnpError(f"{written} is a link that leads outside the project folder", where=key, fix=OUTSIDE_FIX)


def _written(root: Path, path: Path) -> str:
    """The path as the project names it, relative to the project folder."""
    return Path(os.path.relpath(os.path.abspath(path), os.path.abspath(root))).as_posix()


def _loop(written: str, key: str) -> PnpError:
    return PnpError(f"{written} is a loop of links", where=key,
                    fix="remove the link or point it at a file inside the project")


def quoted(text: str) -> str:
    """A path or value quoted for a one-line message, shortened when it is very long."""
    if len(text) > SHOWN_CHARS:
        text = f"{text[:SHOWN_CHARS // 2]}...{text[-SHOWN_CHARS // 4:]} ({len(text)} characters)"
    return repr(text)
