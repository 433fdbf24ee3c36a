"""Temporary files and folders: named so the next run knows them, guarded by a lock file, swept after a dead run.

A temporary `.NAME.RANDOM.pnp-tmp` has its lock file `.NAME.RANDOM.pnp-lock` beside it (locks.py), made and
held before the temporary is made, and removed only after the temporary was renamed into place or deleted: so a
temporary whose lock file is missing, or held by no living run, is a dead run's. Nothing holds the temporary
itself open, so it can be written, renamed and deleted on every system (Windows refuses both for an open file).

A sweep of a folder takes over each dead run's lock file and deletes what it guarded: the temporary, and an
earlier set a two-rename swap had moved aside (put back first when no set took its place: swap.py); then the
lock file. A temporary of a pnp before lock files (none beside it) is judged as then, by a lock on itself.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

from pnp.output.locks import Held, Living, lock, own, take_over
from pnp.output.swap import ASIDE, mend

SUFFIX = ".pnp-tmp"
LOCK_SUFFIX = ".pnp-lock"
ROOT_LOCK = ".pnp-lock"  # the output root's own lock file (root.py); no temporary's lock has this name
OURS = re.compile(r"(\..+\.[a-z0-9_]{8})(?:" + re.escape(SUFFIX) + f"(?:{re.escape(ASIDE)})?|{re.escape(LOCK_SUFFIX)})")
EARLIER = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp|\.export-[a-z0-9_]{8}")  # what earlier versions left in a game folder
ATTEMPTS = 100
NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


class Temp:
    """A temporary file or folder beside its final place, guarded by its lock file while this run lives."""

    def __init__(self, path: Path, guard: Held):
        self.path, self._guard = path, guard

    @classmethod
    def file(cls, folder: Path, name: str) -> Temp:
        """A new empty file `.NAME.RANDOM.pnp-tmp` in folder (closed: the caller writes it by its path)."""
        return cls._make(folder, name, lambda path: os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                                                                        | NO_FOLLOW, 0o600)))

    @classmethod
    def folder(cls, parent: Path, name: str) -> Temp:
        """A new empty folder `.NAME.RANDOM.pnp-tmp` in parent, with the permissions a normal mkdir gives."""
        return cls._make(parent, name, lambda path: os.mkdir(path, 0o777))

    @classmethod
    def _make(cls, folder: Path, name: str, make: Callable[[Path], None]) -> Temp:
        """Hold a new lock file `.NAME.RANDOM.pnp-lock`, then make the temporary of the same name beside it."""
        for _ in range(ATTEMPTS):
            handle, lock_path = tempfile.mkstemp(prefix=f".{name}.", suffix=LOCK_SUFFIX, dir=folder)
            guard = own(Path(lock_path), handle)  # stopped inside, it removes the lock file it was given
            if guard is None:
                continue  # a sweeper took the new lock file for a dead run's: take another name
            path = Path(lock_path[:-len(LOCK_SUFFIX)] + SUFFIX)
            try:
                make(path)
            except BaseException as exc:
                guard.release()
                if isinstance(exc, FileExistsError):
                    continue
                raise
            return cls(path, guard)
        raise FileExistsError(errno.EEXIST, "no free name for a temporary", str(folder))

    def release(self) -> None:
        """Remove the lock file (the temporary is gone or renamed into place: its path is left to the caller)."""
        self._guard.release()

    def remove(self) -> None:
        """Delete the temporary (a folder with everything in it) and release it."""
        try:
            _delete(self.path)
        finally:
            self.release()


def sweep(folder: Path) -> list[Path]:
    """Delete what dead runs left in folder (never what a living run holds); return the temporaries deleted."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    swept: list[Path] = []
    for stem in sorted({found.group(1) for name in names if (found := OURS.fullmatch(name))}):
        swept += _sweep_run(folder, stem)
    return swept


def is_temporary(name: str) -> bool:
    """Tell whether a name is a temporary or lock file of this or an earlier pnp (never carried into a new set)."""
    return name == ROOT_LOCK or OURS.fullmatch(name) is not None or EARLIER.fullmatch(name) is not None


def current_umask() -> int:
    """The process's umask, read without changing it for longer than the call."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _sweep_run(folder: Path, stem: str) -> list[Path]:
    """Delete one temporary, its set moved aside and its lock file, when the run that made them is dead."""
    temp = folder / (stem + SUFFIX)
    found = take_over(folder / (stem + LOCK_SUFFIX))
    if isinstance(found, Living) or (found is None and _held_as_before(temp)):
        return []
    try:
        aside = temp.with_name(temp.name + ASIDE)
        mend(aside, folder / stem[1:].rsplit(".", 1)[0])
        gone = [path for path in (temp, aside) if os.path.lexists(path)]
        for path in gone:
            _delete(path)
        return gone
    finally:
        if found is not None:
            found.release()


def _held_as_before(temp: Path) -> bool:
    """Tell whether a living pnp of before lock files holds a temporary (by a lock on the temporary itself)."""
    try:
        mode = os.lstat(temp).st_mode
        if not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
            return False  # a link, a pipe or a device: never opened, and no pnp's
        handle = os.open(temp, os.O_RDONLY | NO_FOLLOW | getattr(os, "O_BINARY", 0))
    except OSError:
        return False  # gone, or a folder this system cannot open: no lock can be on it
    try:
        return lock(handle) is False
    finally:
        os.close(handle)


def _delete(path: Path) -> None:
    """Delete a file, or a folder with everything in it (a link is removed, never followed)."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        try:
            path.unlink()
        except OSError:
            pass  # gone already; or it cannot go now, and its lock file going after it lets the next run sweep it
