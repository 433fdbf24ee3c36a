"""The output folder pnp owns: reached through no link the project brought, apart from the project's own files.

Runs publishing into one output folder take turns through its lock file `.pnp-lock` (locks.py), held while a run
sweeps the folder and while it swaps its sets in, and removed after. A run finding it held by a living run waits
for a bounded time, then gives up with one line naming that run.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from pnp.errors import PnpError, UsageError
from pnp.output.locks import Held, Living, create, take_over
from pnp.output.names import MAX_NAME_CHARS, plain_name
from pnp.output.temps import ROOT_LOCK

PROTECTED = ("card_data", "layouts", "fonts")  # the project's own files: never output, never replaced
ELSEWHERE = "or write elsewhere with --out"
WAIT_SECONDS = 10.0  # how long a run waits for another to finish publishing into the same folder
POLL_SECONDS = 0.05


class OutputRoot(NamedTuple):
    """The real folder output goes to (every link on the way checked), and the project it belongs to."""

    path: Path
    project: Path

    @classmethod
    def checked(cls, out: Path, project_root: Path) -> OutputRoot:
        """The output folder for `--out` (or the default), refused when a project's link or own folder is on the way."""
        project = project_root.resolve()
        root = cls(_real_path(out, project), project)
        for folder in root.protected():
            if root.path == folder or folder in root.path.parents:
                raise UsageError(f"'{root.label(root.path)}' is inside the project's {folder.name}/ folder",
                                 where="--out", fix="write output to a folder outside card_data/, layouts/ and "
                                 "fonts/ (the default is the project's output/ folder)")
        return root

    def protected(self) -> list[Path]:
        """The project's folders of its own files, as written and as resolved."""
        found = []
        for name in PROTECTED:
            found.append(self.project / name)
            if (self.project / name).exists():
                found.append((self.project / name).resolve())
        return found

    def label(self, path: Path) -> str:
        """A path as messages name it: relative to the project when inside it, else as it is."""
        return _label(path, self.project)

    def folder(self, name: str) -> Path:
        """The folder of one game (or edition) under the root, after checking everything in it."""
        plain_name(name, where=self.label(self.path), what="output folder",
                   fix="a game's folder under card_data/ and its --lang code must be plain names",
                   limit=2 * MAX_NAME_CHARS)
        folder = self.path / name
        for protected in self.protected():
            if folder == protected or folder in protected.parents:
                raise UsageError(f"'{self.label(folder)}' would replace the project's {protected.name}/ folder",
                                 where="--out", fix="write output to another folder")
        check_tree(folder, self.label)
        return folder

    def make(self) -> list[Path]:
        """Create the root when missing; return the folders created, outermost first (to remove after a failure)."""
        missing = []
        current = self.path
        while not current.exists() and current != current.parent:
            missing.append(current)
            current = current.parent
        self.path.mkdir(parents=True, exist_ok=True)
        return list(reversed(missing))

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the root's lock file: runs publishing into the same folder take turns."""
        held = self._hold(self.path / ROOT_LOCK, time.monotonic() + WAIT_SECONDS)
        try:
            yield
        finally:
            held.release()

    def _hold(self, path: Path, deadline: float) -> Held:
        """The root's lock file, made anew once no living run holds it."""
        while True:
            check_entry(path, self.label)
            try:
                held = create(path)
            except FileExistsError:
                found = take_over(path)
                if isinstance(found, Living) or (isinstance(found, Held) and not found.release()):
                    self._wait(found, path, deadline)
                continue
            if held is not None:
                return held

    def _wait(self, found: Held | Living, path: Path, deadline: float) -> None:
        """Pause before trying again; past the deadline, one line on why the lock cannot be had."""
        if time.monotonic() <= deadline:
            time.sleep(POLL_SECONDS)
        elif isinstance(found, Held):
            os.unlink(path)  # a dead run's lock file that cannot be removed: the error tells why
        else:
            pid = "" if found.pid is None else f" (pid {found.pid})"
            raise PnpError(f"is locked by another pnp run{pid}", where=self.label(self.path),
                           fix=f"wait for it to finish, {ELSEWHERE}")


def named_file(path: Path, project_root: Path) -> Path:
    """A file the user names (--json, --text ...), reached through no link the project brought."""
    return _real_path(path.parent, project_root.resolve(), files_in_the_way=False) / path.name


def check_tree(folder: Path, label) -> None:
    """Refuse a link, or anything but files and folders, at folder or anywhere under it."""
    check_entry(folder, label)
    if not folder.exists():
        return
    for parent, dirs, files in os.walk(folder, onerror=_raise):
        for name in dirs + files:
            check_entry(Path(parent) / name, label)


def check_entry(path: Path, label) -> None:
    """Refuse one entry of the output folder that is a link, or neither a file nor a folder."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISLNK(mode):
        raise PnpError("is a symbolic link; pnp never writes through a link in its output folder",
                       where=label(path), fix=f"delete the link (what it points to is not pnp's), {ELSEWHERE}")
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise PnpError("is neither a file nor a folder; pnp's output folder holds only files and folders",
                       where=label(path), fix=f"delete it, {ELSEWHERE}")


def _real_path(out: Path, project: Path, files_in_the_way: bool = True) -> Path:
    """The output path with links resolved, where a link inside the project (the project brought it) is refused
    (and a file where a folder should be, unless the caller words that itself)."""
    absolute = Path(os.path.abspath(out))
    current = Path(absolute.anchor)
    for part in absolute.parts[1:]:
        step = current / part
        if step.is_symlink():
            if current == project or project in current.parents:
                raise PnpError("is a symbolic link; pnp never writes through a link in its output folder",
                               where=_label(step, project),
                               fix=f"delete the link (what it points to is not pnp's), {ELSEWHERE}")
            step = step.resolve()  # the user's own link, outside the project
        elif files_in_the_way and step.exists() and not step.is_dir():
            raise PnpError("is a file, not a folder", where=_label(step, project), fix=f"move it away, {ELSEWHERE}")
        current = step
    return current


def _label(path: Path, project: Path) -> str:
    """A path relative to the project when inside it, else relative to the working folder, else as it is."""
    for base in (project, Path.cwd().resolve()):
        if path == base or base in path.parents:
            return path.relative_to(base).as_posix() or "."
    return path.as_posix()


def _raise(error: OSError) -> None:
    raise error
