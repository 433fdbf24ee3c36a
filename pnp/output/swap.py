"""Swapping two folders in one step (Linux renameat2, macOS renamex_np), else in two renames a next run mends."""

from __future__ import annotations

import ctypes
import errno
import os
import sys
from functools import cache
from pathlib import Path

AT_FDCWD = -100
RENAME_EXCHANGE = 2  # Linux: renameat2's flag
RENAME_SWAP = 2  # macOS: renamex_np's flag
ASIDE = ".pnp-old"  # suffix of an earlier set the two-rename fallback has moved aside


def replace_folder(new: Path, final: Path) -> Path | None:
    """Put the folder `new` at `final`; the earlier folder, if any, is left at the path `new` had (returned)."""
    if not final.exists():
        os.rename(new, final)
        return None
    if not _exchange(new, final):
        aside = new.with_name(new.name + ASIDE)
        os.rename(final, aside)  # killed right here, no set is in place: restore() puts this one back
        os.rename(new, final)
        os.rename(aside, new)
    return new


def restore(final: Path) -> None:
    """Put back an earlier set the two-rename fallback moved aside, when a kill left no set in its place."""
    for aside in sorted(final.parent.glob(f".{final.name}.*{ASIDE}")):
        if final.exists():
            break
        os.rename(aside, final)


def _exchange(new: Path, final: Path) -> bool:
    """Swap two existing folders atomically; False when the system or file system cannot (nothing moved)."""
    call = _exchange_call()
    if call is None:
        return False
    if call(os.fsencode(new), os.fsencode(final)) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(final))


@cache
def _exchange_call():
    """The C function that swaps two paths, or None where there is none."""
    libc = ctypes.CDLL(None, use_errno=True)
    if sys.platform.startswith("linux") and hasattr(libc, "renameat2"):
        function = libc.renameat2
        function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
        return lambda a, b: function(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE)
    if sys.platform == "darwin" and hasattr(libc, "renamex_np"):
        function = libc.renamex_np
        function.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint]
        return lambda a, b: function(a, b, RENAME_SWAP)
    return None
