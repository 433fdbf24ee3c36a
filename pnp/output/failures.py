"""A failed write as one line: a full disk, a read-only or vanished folder, named with what to do."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pnp.errors import PnpError

FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}
LOCKED = {errno.EROFS, errno.EACCES, errno.EPERM}
GONE = {errno.ENOENT, errno.ESTALE}
IN_THE_WAY = {errno.EEXIST, errno.ENOTDIR, errno.EISDIR}
ALWAYS_WRITES = FULL | {errno.EROFS, errno.EIO}  # errors only a write gives, wherever they name no file


def write_failure(exc: OSError, where: str, elsewhere: str = "write elsewhere with --out") -> PnpError:
    """One line for an OSError met while writing: what happened and what to do; earlier output is kept."""
    reason = exc.strerror or str(exc)
    if exc.errno in FULL:
        fix = f"free some space, or {elsewhere}; earlier output is kept"
    elif exc.errno in LOCKED:
        fix = f"make the folder writable, or {elsewhere}; earlier output is kept"
    elif exc.errno in IN_THE_WAY:
        fix = f"a file stands where a folder should be, or a folder where a file should; move it, or {elsewhere}"
    elif exc.errno in GONE:
        fix = "the folder is gone (deleted or moved while pnp wrote, or never there); check it and run again"
    else:
        fix = f"check the folder, or {elsewhere}; earlier output is kept"
    return PnpError(f"cannot write: {reason}", where=where, fix=fix)


def is_write_error(exc: OSError, folders: tuple[Path, ...]) -> bool:
    """Tell whether an OSError came from writing into one of the folders (not from reading the project)."""
    if exc.errno in ALWAYS_WRITES:
        return True
    for name in (exc.filename, exc.filename2):
        if isinstance(name, (str, bytes, os.PathLike)):
            path = Path(os.path.abspath(os.fsdecode(name)))
            if any(path == folder or folder in path.parents for folder in folders):
                return True
    return False


@contextmanager
def writing_into(where: str, *folders: Path, elsewhere: str = "write elsewhere with --out") -> Iterator[None]:
    """Turn an OSError from writing into these folders into one line naming `where`."""
    try:
        yield
    except OSError as exc:
        if not is_write_error(exc, tuple(Path(os.path.abspath(f)) for f in folders)):
            raise
        raise write_failure(exc, where, elsewhere) from None
