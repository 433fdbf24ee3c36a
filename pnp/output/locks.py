"""Lock files: one beside each temporary, one in the output root; a run holds them, the next can tell a dead holder.

The portable base, the same on Linux, macOS and Windows:

- A lock file is only ever created new (O_CREAT | O_EXCL: never through a link, never over a file), by its
  owner, who writes its owner record into it (owners.py) and then locks it with the system's file lock (flock
  on POSIX, as filelock.lock_descriptor does; LockFileEx through filelock on Windows), which the system drops
  when its holder dies, however it dies.
- After locking, the owner checks that the path still names its file: a sweeper may have taken the new file
  for a dead run's between the two steps and removed it. If so, the owner starts again.
- A lock file found on disk is opened read-only, without following a link or blocking on a pipe, and never
  written. Whoever can lock it knows its holder is dead, and removes it (with what it guarded) while still
  holding it.
- Its holder removes it on release while still holding it; where an open file cannot be removed (Windows),
  just after closing it instead. That is safe there as no one can remove a file another run holds open.

Where the system has no file lock (no fcntl and not Windows, or a file system without locks), the owner
record alone tells whether the holder lives (owners.py): slower to judge and fooled only by a process id reused
at the same start time, but it never takes a living run's lock file for a dead one's. Runs sharing one output
folder all see the same kind of lock, as they share its file system.
"""

from __future__ import annotations

import os
import stat
import sys
import warnings
from dataclasses import dataclass
from errno import EACCES, EAGAIN, EWOULDBLOCK
from pathlib import Path
from typing import NamedTuple

from pnp.output.owners import is_dead, read_owner, this_run

try:
    import fcntl  # POSIX: flock; elsewhere filelock (LockFileEx on Windows)
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

CONTENTION = frozenset({EACCES, EAGAIN, EWOULDBLOCK})  # what a held flock raises (EACCES on some file systems)

OPEN_FOUND = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
CREATE = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


@dataclass
class Held:
    """A lock file this run holds open (and locked, where the system has locks)."""

    path: Path
    handle: int

    def release(self) -> bool:
        """Remove the lock file and close it, the lock going with it; tell whether the file is gone."""
        if self.handle < 0:
            return True
        try:
            if _names(self.path, self.handle):
                os.unlink(self.path)
            return True
        except PermissionError:  # Windows: an open file cannot be removed; no other run holds it open now
            os.close(self.handle)
            self.handle = -1
            return _unlink_quietly(self.path)
        except OSError:
            return False  # the folder is gone, or cannot be changed
        finally:
            if self.handle >= 0:
                os.close(self.handle)
                self.handle = -1


class Living(NamedTuple):
    """A lock file whose holder lives (or cannot be told dead): its process id, where the record names it."""

    pid: int | None


def create(path: Path) -> Held | None:
    """Create and hold a new lock file at path; None when a sweeper took it meanwhile (try again).

    Raises FileExistsError when something is at path already.
    """
    return own(path, os.open(path, CREATE, 0o644))


def own(path: Path, handle: int) -> Held | None:
    """Write this run's record into a lock file just created and lock it; None (closed) when a sweeper took it.

    Stopped (Ctrl+C) or failing on the way, it removes the file it created, as a release does.
    """
    try:
        os.write(handle, this_run().encode())
        if lock(handle) is False or not _names(path, handle):
            os.close(handle)
            return None
    except BaseException:
        Held(path, handle).release()
        raise
    return Held(path, handle)


def take_over(path: Path) -> Held | Living | None:
    """Hold a dead run's lock file (the caller removes what it guarded, then releases it), or tell who lives.

    None when nothing is at path. Anything there but a plain file, or one that cannot be opened, counts as a
    living holder's: it is never removed.
    """
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return Living(None)  # never opened: a link, a folder, a pipe or a device
        handle = os.open(path, OPEN_FOUND)
    except FileNotFoundError:
        return None
    except OSError:
        return Living(None)
    try:
        if not _names(path, handle) or not stat.S_ISREG(os.fstat(handle).st_mode):
            os.close(handle)
            return Living(None) if os.path.lexists(path) else None
        dead = lock(handle)
        if dead is None:
            dead = is_dead(handle)
        if dead:
            return Held(path, handle)
        owner = read_owner(handle)
    except BaseException:
        os.close(handle)
        raise
    os.close(handle)
    return Living(owner.pid if owner else None)


def lock(handle: int) -> bool | None:
    """Try once to lock an open file: True when locked, False when another holds it, None when there are no locks."""
    try:
        if fcntl is not None:
            return _flock(handle)
        return _filelock().lock_descriptor(handle, blocking=False)
    except OSError:
        return None  # no fcntl off Windows (ENOSYS), or a file system without locks


def _flock(handle: int) -> bool:
    """flock the whole file without waiting, as filelock.lock_descriptor does on POSIX (without its 20 ms import)."""
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        if error.errno in CONTENTION:
            return False
        raise
    return True


def _filelock():
    """The filelock package, for LockFileEx on Windows (it warns on import where it has no native lock: pnp won't)."""
    found = sys.modules.get("filelock")
    if found is None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import filelock as found
    return found


def _names(path: Path, handle: int) -> bool:
    """Tell whether path (not followed) still names the open file."""
    try:
        return os.path.samestat(os.lstat(path), os.fstat(handle))
    except FileNotFoundError:
        return False


def _unlink_quietly(path: Path) -> bool:
    """Remove a file if it can be; tell whether it is gone."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError:
        return False
    return True
