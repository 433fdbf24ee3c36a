"""Temporary files and folders: named so the next run knows them, locked while their run lives, swept after it."""

from __future__ import annotations

import errno
import os
import re
import shutil
import tempfile
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: temporaries are never swept, as no owner can be told dead
    fcntl = None  # type: ignore[assignment]

SUFFIX = ".pnp-tmp"
OURS = re.compile(r"\..+\.[a-z0-9_]{8}" + re.escape(SUFFIX))  # .NAME.RANDOM.pnp-tmp
EARLIER = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp|\.export-[a-z0-9_]{8}")  # what earlier versions left in a game folder


class Temp:
    """A temporary file or folder beside its final place, held by an open, locked descriptor while this run lives."""

    def __init__(self, path: Path, handle: int):
        self.path, self._handle = path, handle

    @classmethod
    def file(cls, folder: Path, name: str) -> Temp:
        """A new empty file `.NAME.RANDOM.pnp-tmp` in folder, locked."""
        handle, path = tempfile.mkstemp(prefix=f".{name}.", suffix=SUFFIX, dir=folder)
        _lock(handle)
        return cls(Path(path), handle)

    @classmethod
    def folder(cls, parent: Path, name: str) -> Temp:
        """A new empty folder `.NAME.RANDOM.pnp-tmp` in parent, locked, with the permissions a normal mkdir gives."""
        path = Path(tempfile.mkdtemp(prefix=f".{name}.", suffix=SUFFIX, dir=parent))
        os.chmod(path, 0o777 & ~current_umask())
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        _lock(handle)
        return cls(path, handle)

    def release(self) -> None:
        """Close the descriptor: the lock goes with it (the path itself is left to the caller)."""
        if self._handle >= 0:
            os.close(self._handle)
            self._handle = -1

    def remove(self) -> None:
        """Delete the temporary (a folder with everything in it) and release it."""
        try:
            if self.path.is_dir() and not self.path.is_symlink():
                shutil.rmtree(self.path, ignore_errors=True)
            else:
                self.path.unlink(missing_ok=True)
        finally:
            self.release()


def sweep(folder: Path) -> list[Path]:
    """Delete the temporaries in folder that no living run holds (left by a killed one); return them."""
    swept: list[Path] = []
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return swept
    for name in names:
        path = folder / name
        if OURS.fullmatch(name) and _abandoned(path):
            shutil.rmtree(path, ignore_errors=True) if _is_folder(path) else path.unlink(missing_ok=True)
            swept.append(path)
    return swept


def is_temporary(name: str) -> bool:
    """Tell whether a name is a temporary of this or an earlier version of pnp (never carried into a new set)."""
    return OURS.fullmatch(name) is not None or EARLIER.fullmatch(name) is not None


def current_umask() -> int:
    """The process's umask, read without changing it for longer than the call."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _is_folder(path: Path) -> bool:
    return path.is_dir() and not path.is_symlink()


def _abandoned(path: Path) -> bool:
    """Tell whether no process holds the temporary's lock (never true where locks cannot be taken)."""
    if fcntl is None:
        return False
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False  # held by a living run, or a file system without locks: leave it
    finally:
        os.close(handle)


def _lock(handle: int) -> None:
    """Hold an exclusive lock on an open temporary for as long as the descriptor stays open."""
    if fcntl is None:
        return
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno not in (errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL, errno.EBADF):
            raise
