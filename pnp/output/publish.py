"""Publishing game folders whole: written fresh beside each, earlier files kept, then swapped in."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path, PurePosixPath

from pnp.errors import PnpError
from pnp.output.failures import writing_into
from pnp.output.root import OutputRoot, check_entry
from pnp.output.swap import replace_folder
from pnp.output.temps import Temp, is_temporary, sweep

TREE = "**"  # a pattern's last part that takes in everything below


@dataclass
class _Staged:
    """One game folder being written: the fresh folder, what was written there and what earlier files it replaces."""

    final: Path
    temp: Temp
    written: dict[PurePosixPath, None] = field(default_factory=dict)  # in the order written
    owned: list[tuple[str, ...]] = field(default_factory=list)

    def replaces(self, relative: PurePosixPath) -> bool:
        """Tell whether an earlier file is left out of the new set: written again, or matching an owned pattern."""
        return relative in self.written or any(_matches(relative.parts, pattern) for pattern in self.owned)

    def replaces_whole(self, relative: PurePosixPath) -> bool:
        """Tell whether an earlier folder is left out with everything in it (its pattern ends in '**')."""
        return any(pattern[-1] == TREE and _matches(relative.parts, pattern[:-1]) for pattern in self.owned)


class Publication:
    """Files for game folders under an output root: nothing appears until commit, which swaps each folder in whole."""

    def __init__(self, root: OutputRoot):
        self.root = root
        self._sets: dict[str, _Staged] = {}
        self._created: list[Path] = []

    def folder(self, game: str) -> Path:
        """The final folder of a game (checked: a plain name, no link or odd file in it)."""
        return self._stage(game).final

    def temp_for(self, final: Path) -> Path:
        """Where to write the file that will be at `final` (inside a game folder) once committed."""
        staged, relative = self._find(final)
        staged.written[relative] = None
        path = staged.temp.path.joinpath(*relative.parts)
        path.parent.mkdir(parents=True, exist_ok=True)
        return path

    def folder_for(self, final: Path) -> Path:
        """Where to write a whole folder that replaces `final` (and everything earlier in it) once committed."""
        self.own(final, TREE)
        staged, relative = self._find(final)
        path = staged.temp.path.joinpath(*relative.parts)
        path.mkdir(parents=True, exist_ok=True)
        return path

    def own(self, folder: Path, pattern: str) -> None:
        """On commit, earlier files in folder matching pattern ('**' at the end: the folder whole) are dropped."""
        staged, relative = self._find(folder / "_")
        staged.owned.append(relative.parts[:-1] + PurePosixPath(pattern).parts)

    def commit(self) -> list[Path]:
        """Swap every game folder in (taking turns with other runs); return the files written, as their final paths."""
        done: list[Path] = []
        with writing_into(self.root.label(self.root.path), self.root.path):
            with self.root.locked():
                for staged in self._sets.values():
                    self._publish(staged)
                    done += [staged.final.joinpath(*relative.parts) for relative in staged.written]
            for staged in self._sets.values():  # each earlier set, now at its temporary's path, after the turn
                staged.temp.remove()
        self._sets = {}
        return done

    def abort(self) -> None:
        """Delete every fresh folder, and the output folders this run made; earlier output stays as it was."""
        for staged in self._sets.values():
            staged.temp.remove()
        self._sets = {}
        for folder in reversed(self._created):
            try:
                folder.rmdir()
            except OSError:
                break  # not empty: something else lives there now

    def _stage(self, game: str) -> _Staged:
        """The game's fresh folder, made on first use (after the checks, and a sweep of killed runs' leftovers)."""
        if game not in self._sets:
            final = self.root.folder(game)
            with writing_into(self.root.label(self.root.path), self.root.path):
                if not self._sets:
                    self._created = self.root.make()
                    with self.root.locked():  # a dead run's set moved aside is put back while no run swaps
                        sweep(self.root.path)
                self._sets[game] = _Staged(final, Temp.folder(self.root.path, game))
        return self._sets[game]

    def _find(self, final: Path) -> tuple[_Staged, PurePosixPath]:
        """The staged game folder a final path lies in, and the path relative to it."""
        try:
            relative = PurePosixPath(final.relative_to(self.root.path).as_posix())
        except ValueError:
            raise PnpError("is not inside the output folder", where=final.as_posix(),
                           fix="this is a bug in pnp; please report it") from None
        if len(relative.parts) < 2 or any(part in ("", ".", "..") for part in relative.parts):
            raise PnpError("is not a file of a game folder", where=final.as_posix(),
                           fix="this is a bug in pnp; please report it")
        return self._stage(relative.parts[0]), PurePosixPath(*relative.parts[1:])

    def _publish(self, staged: _Staged) -> None:
        """Carry the earlier files the run does not replace into the fresh folder, then swap it in."""
        if staged.final.exists():
            _carry_over(staged, self.root.label)
            os.chmod(staged.temp.path, os.stat(staged.final).st_mode & 0o7777)
        replace_folder(staged.temp.path, staged.final)  # the earlier set, if any, is now at the temporary's path


def _carry_over(staged: _Staged, label) -> None:
    """Hard-link (or copy) into the fresh folder every earlier file and folder the run does not replace."""
    for parent, dirs, files in os.walk(staged.final, onerror=_raise):
        base = PurePosixPath(Path(parent).relative_to(staged.final).as_posix())
        for name in list(dirs):
            relative = base / name
            check_entry(Path(parent) / name, label)
            if is_temporary(name) or staged.replaces_whole(relative):
                dirs.remove(name)  # a killed run's leftover, or a folder this run replaces whole
                continue
            target = staged.temp.path.joinpath(*relative.parts)
            target.mkdir(exist_ok=True)
            os.chmod(target, os.stat(Path(parent) / name).st_mode & 0o7777)
        for name in files:
            relative = base / name
            check_entry(Path(parent) / name, label)
            if is_temporary(name) or staged.replaces(relative):
                continue
            _link(Path(parent) / name, staged.temp.path.joinpath(*relative.parts))


def _link(source: Path, target: Path) -> None:
    """The same file under a second name: a hard link, or a copy where the file system has none."""
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError:
        shutil.copy2(source, target, follow_symlinks=False)


def _matches(parts: tuple[str, ...], pattern: tuple[str, ...]) -> bool:
    """Match a relative path against a pattern part by part ('*' never crosses a '/'; a last '**' takes the rest)."""
    if pattern and pattern[-1] == TREE:
        head = pattern[:-1]
        return len(parts) > len(head) and all(fnmatchcase(p, q) for p, q in zip(parts, head))
    return len(parts) == len(pattern) and all(fnmatchcase(p, q) for p, q in zip(parts, pattern))


def _raise(error: OSError) -> None:
    raise error


