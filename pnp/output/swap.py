"""Swapping two folders: in one step where the system can (Linux renameat2, macOS renamex_np), else in two renames.

The two renames are the portable base, on every system: the earlier set is moved aside (`TEMP.pnp-old`), the new
one put in place, and the earlier one moved to the new one's temporary name. A run killed between them leaves no
set in place for an instant: the next run's sweep (temps.py) mends that, once the dead run's lock file tells it is
dead. The one-step swap is an optional layer above: found through ctypes off Windows only, and any failure to
find or call it (no such function, a system or file system without it) falls back to the two renames.
"""

from __future__ import annotations

import ctypes
import errno
import os
import sys
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
        os.rename(final, aside)  # killed right here, no set is in place: mend() puts this one back
        os.rename(new, final)
        os.rename(aside, new)
    return new


def mend(aside: Path, final: Path) -> None:
    """Put back an earlier set a dead run's two renames moved aside, when no set took its place."""
    if os.path.lexists(aside) and not os.path.lexists(final):
        os.rename(aside, final)


def _exchange(new: Path, final: Path) -> bool:
    """Swap two existing folders atomically; False when the system or file system cannot (nothing moved)."""
    call = _exchange_call()
    if call is None:
        return False
    try:
        done = call(os.fsencode(new), os.fsencode(final)) == 0
    except (OSError, TypeError, AttributeError, ctypes.ArgumentError):
        return False
    if done:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.EPERM):
        return False
    raise OSError(code, os.strerror(code), str(final))


def _exchange_call():
    """The C function that swaps two paths, or None where there is none (never looked for on Windows)."""
    if sys.platform == "win32":
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if sys.platform.startswith("linux") and hasattr(libc, "renameat2"):
            function = libc.renameat2
            function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
            return lambda a, b: function(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE)
        if sys.platform == "darwin" and hasattr(libc, "renamex_np"):
            function = libc.renamex_np
            function.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint]
            return lambda a, b: function(a, b, RENAME_SWAP)
    except (OSError, TypeError, AttributeError):
        pass  # no C library to load by name here
    return None
