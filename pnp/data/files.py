"""Reading a project's files: regular files only, opened without blocking, read within a size limit."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from pnp.errors import PnpError

OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_BINARY", 0)  # Windows: without O_BINARY a read stops at a 0x1A byte
              | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
NOT_REGULAR = "is not a regular file (a pipe, device or socket), so pnp does not read it"


def size_text(limit: int) -> str:
    """A byte limit as people say it: 10 MB, 512 kB."""
    return f"{limit // 2**20} MB" if limit >= 2**20 else f"{limit // 2**10} kB"


def read_regular(path: Path, label: str, limit: int, *, missing: str = "file not found",
                 fix: str = "create it or fix its name in game.yaml",
                 large_fix: str = "check that this is the right file", kind: str = "file",
                 itself: str | None = None) -> bytes:
    """A file's bytes; a missing file, a folder, a pipe or device, or one over `limit` bytes is a one-line error
    (a file too large is named by `itself`, when given: the file, not the key that names it, is too large)."""
    try:
        handle = os.open(path, OPEN_FLAGS)
    except (FileNotFoundError, NotADirectoryError):
        raise PnpError(missing, where=label, fix=fix) from None
    except IsADirectoryError:
        raise PnpError(f"is a folder, not a {kind}", where=label, fix=fix) from None
    except (OSError, ValueError) as exc:
        if isinstance(exc, PermissionError) and path.is_dir():  # Windows: a folder cannot be opened as a file
            raise PnpError(f"is a folder, not a {kind}", where=label, fix=fix) from None
        raise PnpError(f"cannot open the file: {_reason(exc)}", where=label, fix=fix) from None
    try:
        return _read_handle(handle, label, limit, fix, large_fix, kind, itself or label)
    finally:
        os.close(handle)


def _read_handle(handle: int, label: str, limit: int, fix: str, large_fix: str, kind: str, itself: str) -> bytes:
    """Read an open file, refusing anything but a regular file within the limit (checked before and after)."""
    mode = os.fstat(handle)
    if stat.S_ISDIR(mode.st_mode):
        raise PnpError(f"is a folder, not a {kind}", where=label, fix=fix)
    if not stat.S_ISREG(mode.st_mode):
        raise PnpError(NOT_REGULAR, where=label, fix=f"name a {kind} saved in the project")
    too_large = PnpError(f"the file is larger than the limit of {size_text(limit)}", where=itself, fix=large_fix)
    if mode.st_size > limit:
        raise too_large
    chunks, size, step = [], 0, max(2**20, mode.st_size + 1)  # the whole file in one read, as large as it says it is:
    try:  # half the pages touched and one copy less than 1 MB pieces joined (a font: 7 ms instead of 15)
        while chunk := os.read(handle, min(step, limit + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise too_large
    except OSError as exc:
        raise PnpError(f"cannot read the file: {_reason(exc)}", where=label, fix=fix) from None
    return b"".join(chunks)


def check_regular(path: Path, label: str, limit: int, kind: str = "file", fix: str = "check the file") -> int:
    """The size of a regular file within `limit`, for readers that open the file themselves; else a one-line error."""
    try:
        mode = os.stat(path)
    except (OSError, ValueError) as exc:
        raise PnpError(f"cannot open the file: {_reason(exc)}", where=label, fix=fix) from None
    if not stat.S_ISREG(mode.st_mode):
        raise PnpError(NOT_REGULAR if not stat.S_ISDIR(mode.st_mode) else f"is a folder, not a {kind}", where=label,
                       fix=fix)
    if mode.st_size > limit:
        raise PnpError(f"the file is larger than the limit of {size_text(limit)}", where=label, fix=fix)
    return mode.st_size


def _reason(exc: Exception) -> str:
    """An OS error's reason without the path it repeats."""
    return getattr(exc, "strerror", None) or str(exc)
