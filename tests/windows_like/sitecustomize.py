"""With PNP_WINDOWS_LIKE=1, this Linux Python behaves as Windows does for the calls pnp makes (tests only).

`import fcntl` fails; os.open of a folder is refused, and (at start-up, before pnp computes its flags) so is
os.open of a file to read without os.O_BINARY, which Windows would read in text mode, stopping at a 0x1A byte;
the interval timer, SIGALRM, os.register_at_fork and signal.pthread_sigmask are gone; ctypes.CDLL(None) raises
TypeError; and a file this process holds open (or a folder with one inside) cannot be renamed, replaced or
deleted. Open files are found in /proc/self/fd, so every
way of opening counts (os.open, open, tempfile, C libraries). Files other processes hold open are not seen.
On the path as PYTHONPATH (tests/windows_like.py), this shadows any other sitecustomize.
"""

from __future__ import annotations

import errno
import os
import stat
import sys

VARIABLE = "PNP_WINDOWS_LIKE"
REMOVED = object()  # a value that stands for deleting the attribute
IN_USE = "The process cannot access the file because it is being used by another process"


def patches() -> list[tuple[object, str, object]]:
    """What to change, as (module or dict, name, new value or REMOVED)."""
    import ctypes
    import random  # noqa: F401 - imported while os.register_at_fork exists: it registers itself at import
    import shutil
    import signal
    moved = [(os, name, _refusing_open_files(getattr(os, name))) for name in ("replace", "rename", "unlink", "remove")]
    return [(sys.modules, "fcntl", None), (os, "open", _refusing_folders(os.open)), *moved,
            (os, "register_at_fork", REMOVED), (signal, "pthread_sigmask", REMOVED), (signal, "setitimer", REMOVED),
            (signal, "ITIMER_REAL", REMOVED), (signal, "SIGALRM", REMOVED), (ctypes, "CDLL", _no_null(ctypes.CDLL)),
            (shutil, "_use_fd_functions", False)]  # shutil.rmtree as on Windows: by path, no folder descriptors


O_BINARY = 0x8000  # Windows' value; taken out again before the real os.open sees the flags


def text_mode_patches() -> list[tuple[object, str, object]]:
    """os.O_BINARY as on Windows, and a read opened without it refused (only before pnp is imported)."""
    return [(os, "O_BINARY", O_BINARY), (os, "open", _refusing_text_mode(os.open))]


def _refusing_text_mode(original):
    def open_file(path, flags, mode=0o777, *, dir_fd=None):
        reading = flags & os.O_ACCMODE == os.O_RDONLY and not flags & os.O_CREAT
        if reading and not flags & O_BINARY and dir_fd is None and not isinstance(path, int) \
                and os.path.isfile(path):
            raise OSError(errno.EINVAL, "opened without O_BINARY: Windows reads it in text mode", os.fsdecode(path))
        return original(path, flags & ~O_BINARY, mode, dir_fd=dir_fd)
    return open_file


def apply(changes: list[tuple[object, str, object]]) -> None:
    """Make the changes for the rest of the process."""
    for owner, name, value in changes:
        if isinstance(owner, dict):
            owner[name] = value
        elif value is REMOVED:
            if hasattr(owner, name):
                delattr(owner, name)
        else:
            setattr(owner, name, value)


def _refusing_folders(original):
    def open_file(path, flags, mode=0o777, *, dir_fd=None):
        if dir_fd is None and not isinstance(path, int) and os.path.isdir(path):
            raise PermissionError(errno.EACCES, "Permission denied", os.fsdecode(path))
        return original(path, flags, mode, dir_fd=dir_fd)
    return open_file


def _refusing_open_files(original):
    def move(*paths, **options):
        for path in paths:
            if isinstance(path, (str, bytes, os.PathLike)) and _open_here(path):
                raise PermissionError(errno.EACCES, IN_USE, os.fsdecode(path))
        return original(*paths, **options)
    return move


def _no_null(original):
    class CDLL(original):
        def __init__(self, name, *args, **kwargs):
            if name is None:
                raise TypeError("LoadLibrary() argument 1 must be str, not None")
            super().__init__(name, *args, **kwargs)
    return CDLL


def _open_here(path) -> bool:
    """Tell whether this process holds the file at path open, or for a folder a file anywhere inside it."""
    try:
        found = os.lstat(path)
        handles = os.listdir("/proc/self/fd")
    except OSError:
        return False
    inside = os.path.realpath(path) + os.sep if stat.S_ISDIR(found.st_mode) else None
    for handle in handles:
        try:
            if inside is not None:
                if os.readlink(f"/proc/self/fd/{handle}").startswith(inside):
                    return True
            elif not stat.S_ISLNK(found.st_mode) and os.path.samestat(os.fstat(int(handle)), found):
                return True
        except (OSError, ValueError):
            continue
    return False


if os.environ.get(VARIABLE) == "1":
    apply(patches())
    apply(text_mode_patches())
