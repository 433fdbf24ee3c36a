"""A designer's project: games under card_data/, layouts under layouts/, an optional game.yaml each."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from pnp.colors import CMYK_COLOR
from pnp.data.cells import CellValues, with_cells
from pnp.data.confine import confined, label_in
from pnp.data.files import check_regular
from pnp.data.read import WORKBOOKS, read_table
from pnp.data.table import RowProblem, Table
from pnp.data.yamlfile import load_yaml, read_text
from pnp.errors import PnpError, UsageError
from pnp.layout.files import check_keys
from pnp.limits import MAX_PROFILE_BYTES
from pnp.output.names import is_plain, plain_name
from pnp.project.cellmarkup import open_markup_cells
from pnp.project.component import Component, Files, build_component, component_table
from pnp.project.coverage import doubled_rows, unprinted_rows
from pnp.project.names import whole_names
from pnp.project.settings import check_game_values
from pnp.project.tuckbox import with_boxes

MANIFEST = "game.yaml"
DATA_SUFFIXES = {".csv", *WORKBOOKS}
GAME_KEYS = {"title", "encoding", "components", "check", "rules", "cmyk_profile", "rich_black", "pull_http",
             "paper", "cutter", "share"}
MAX_RICH_BLACK_INK = 300.0  # percent: C+M+Y+K of the rich black, within what presses accept


class Game(NamedTuple):
    """A game: its title and components in print order."""

    name: str
    title: str
    components: tuple[Component, ...]
    cmyk_profile: Path | None = None  # the ICC profile `--color cmyk` converts through; None: the bundled one
    cmyk_profile_key: str = ""  # where game.yaml names it, for messages (a language edition keeps its game's)
    rich_black: tuple[float, float, float, float] | None = None  # C, M, Y, K percent of large black areas in CMYK
    problems: tuple[RowProblem, ...] = ()  # what a build stops at and a lenient load keeps: swallowed, unprinted rows
    paper: str | None = None  # the home-print paper game.yaml sets; None: the command's default
    cutter: str | None = None  # the cutting machine game.yaml sets print-then-cut sheets for; None: none
    share: bool = True  # game.yaml's share: false prints every component on sheets of its own


@dataclass(frozen=True)
class Project:
    """A project root holding card_data/ and layouts/."""

    root: Path
    _manifests: dict[str, dict[str, Any]] = field(default_factory=dict, compare=False, repr=False)
    lenient: bool = False  # proof and check: rows a quote swallowed or no component prints are noted, not refused
    cells: CellValues | None = field(default=None, compare=False, repr=False)  # a check's sweep: cells read as other

    def label(self, path: Path) -> str:
        """Name a file relative to the project, as messages show it."""
        return label_in(self.root, path)

    def confined(self, path: Path, key: str) -> Path:
        """The resolved file, refused unless it lies inside the project (links followed); key names who named it."""
        return confined(self.root, path, key)

    def game_names(self) -> list[str]:
        """Every folder under card_data/ that holds a data file (CSV or workbook) or a game.yaml."""
        folder = self.root / "card_data"
        return sorted(p.name for p in folder.iterdir()
                      if p.is_dir() and ((p / MANIFEST).exists() or any(_data_files(p))))

    def load_game(self, name: str) -> Game:
        """Read a game's manifest, tables and layouts."""
        folder = self.root / "card_data" / name
        if not is_plain(name) or not folder.is_dir():
            known = ", ".join(self.game_names()) or "none"
            if name in known.split(", "):  # a folder of card_data/, but its name is no plain name
                plain_name(name, where=self.label(folder), what="game folder",
                           fix="rename the folder: its name is the name of the game's output folder")
            raise PnpError(f"no game '{name}' in card_data/", where=self.label(self.root / "card_data"),
                           fix=f"known games: {known}; start one with 'pnp new {name}'")
        manifest = self.manifest(name)
        specs = manifest.get("components") or [self._named_by_file(path) for path in sorted(folder.glob("*.csv"))]
        if not specs:
            raise self._no_cards(folder)
        files = Files(self.root, self.label, self.manifest, self.lenient, self.cells)
        components = tuple(build_component(files, name, spec, i) for i, spec in enumerate(specs))
        components = with_boxes(files, name, components, specs)
        names = whole_names(component.table for component in components)
        components = tuple(dataclasses.replace(component, names=names) for component in components)
        problems = [*_swallowed(components), *unprinted_rows(components), *doubled_rows(components),
                    *open_markup_cells(components)]
        if problems and not self.lenient:
            raise problems[0].error()
        key = f"{self.label(folder / MANIFEST)}: cmyk_profile"
        rich_black = _rich_black(manifest.get("rich_black"), f"{self.label(folder / MANIFEST)}: rich_black")
        return Game(name, str(manifest.get("title", name)), components, self._cmyk_profile(key, manifest), key,
                    rich_black, tuple(problems), manifest.get("paper"), manifest.get("cutter"),
                    manifest.get("share", True))

    def _no_cards(self, folder: Path) -> PnpError:
        """The error for a game folder no component reads cards from: empty, or workbooks without a game.yaml."""
        books = [path.name for path in _data_files(folder)]
        manifest = folder / MANIFEST
        if (manifest.exists() or manifest.is_symlink()) and not books:
            return PnpError("lists no components, and the folder holds no CSV file", where=self.label(manifest),
                            fix="list them under components:, e.g. '- {name: cards, data: cards.csv}'")
        if books:
            entry = f"{{name: {Path(books[0]).stem}, data: {books[0]}}}"
            return PnpError(f"no component reads {', '.join(books)}: without components listed in {MANIFEST}, only "
                            "files named *.csv are read", where=self.label(folder),
                            fix=f"list it in {MANIFEST}: 'components: [{entry}]'")
        return PnpError("the game has no cards: the folder holds no game.yaml and no CSV file",
                        where=self.label(folder), fix="add a CSV file with a header row and a row per card, or "
                                                      "remove the folder")

    def _named_by_file(self, path: Path) -> dict[str, str]:
        """A component found by the naming conventions: its CSV file's name, which must be a plain name."""
        plain_name(path.stem, where=self.label(path), what="component",
                   fix="rename the file, or list it in game.yaml with a plain name: "
                       f"'- {{name: cards, csv: {path.name}}}'")
        return {"name": path.stem}

    def _cmyk_profile(self, where: str, manifest: dict[str, Any]) -> Path | None:
        """The game's own CMYK profile: a file inside the project, named relative to the project folder."""
        value = manifest.get("cmyk_profile")
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            raise PnpError(f"expected the path of an .icc file, got {value!r}", where=where,
                           fix="write for example cmyk_profile: profiles/shop.icc")
        path = self.confined(self.root / value, where)
        if not path.exists():
            raise PnpError(f"profile '{value}' not found", where=where,
                           fix="add the .icc file or fix the path (relative to the project folder)")
        check_regular(path, where, MAX_PROFILE_BYTES, "profile", "name an .icc file saved in the project")
        return path

    def component_table(self, game: str, component: str) -> Table | None:
        """One component's rows as the print reads them (`from:` followed, `where:` applied); None if unlisted."""
        for index, spec in enumerate(self.manifest(game).get("components") or []):
            name = spec if isinstance(spec, str) else spec.get("name") if isinstance(spec, dict) else None
            if str(name) == component:
                files = Files(self.root, self.label, self.manifest, self.lenient, self.cells)
                return component_table(files, game, spec, index)
        return None

    def read_csv(self, game: str, filename: str) -> Table:
        """One CSV file of a game, read with the game's declared encoding (as the print reads it)."""
        path = self.root / "card_data" / game / filename
        label = self.label(path)
        table = with_cells(read_table(self.confined(path, label), label, self.manifest(game).get("encoding")),
                           self.cells)
        if table.problems and not self.lenient:
            raise table.problems[0].error()
        return table

    def component_names(self, game: str) -> list[str]:
        """The names of the components game.yaml lists, in order."""
        specs = self.manifest(game).get("components") or []
        return [str(s if isinstance(s, str) else s.get("name") if isinstance(s, dict) else s) for s in specs]

    def _manifest(self, folder: Path) -> dict[str, Any]:
        """Read game.yaml when the game has one."""
        path = folder / MANIFEST
        if not path.exists() and not path.is_symlink():
            return {}
        label = self.label(path)
        data = load_yaml(read_text(self.confined(path, label), label), label) or {}
        if not isinstance(data, dict):
            raise PnpError("game.yaml must be a mapping", where=label, fix="write keys like title: and components:")
        _check(data, GAME_KEYS, label)
        check_game_values(data, label)
        if not isinstance(data.get("components", []), list):
            raise PnpError("components must be a list", where=f"{label}: components", fix="write '- name: cards'")
        return data

    def manifest(self, game: str) -> dict[str, Any]:
        """A game's manifest, or an empty one (read once per Project)."""
        if game not in self._manifests:
            self._manifests[game] = self._manifest(self.root / "card_data" / game)
        return self._manifests[game]


def _data_files(folder: Path) -> list[Path]:
    """The data files (CSV files and workbooks) in a game's folder, by name; none in a folder that cannot be read."""
    try:
        return sorted(path for path in folder.iterdir() if path.suffix.lower() in DATA_SUFFIXES and path.is_file())
    except OSError:
        return []


def _swallowed(components: tuple[Component, ...]) -> list[RowProblem]:
    """The rows a quote swallowed in the data files the components read, each file once."""
    tables = {c.source.table.label: c.source.table for c in components if c.source is not None}
    return [problem for table in tables.values() for problem in table.problems]


def _check(mapping: dict[str, Any], allowed: set[str], where: str) -> None:
    """Reject unknown manifest keys."""
    check_keys(mapping, allowed, where)


def find_project(root: Path) -> Project:
    """Open a project folder, or explain how to start one."""
    if not (root / "card_data").is_dir():
        raise PnpError(f"no card_data/ folder in {root.as_posix()}", where="project",
                       fix="run pnp in a project folder, pass --project DIR, or start one with 'pnp new NAME'")
    return Project(root)


def _rich_black(value: Any, where: str) -> tuple[float, float, float, float] | None:
    """The rich black a game sets for large black areas of CMYK files: four ink percentages C, M, Y, K."""
    if value is None:
        return None
    fix = "give four ink percentages C, M, Y, K from 0 to 100, such as [60, 40, 40, 100]"
    if isinstance(value, str):
        match = CMYK_COLOR.fullmatch(value.strip())
        value = list(match.groups()) if match else value
    try:
        inks = tuple(float(v) for v in value if not isinstance(v, bool)) if isinstance(value, (list, tuple)) else ()
    except (TypeError, ValueError):
        inks = ()
    if len(inks) != 4 or len(value) != 4 or not all(0 <= v <= 100 for v in inks):
        raise PnpError(f"rich_black is {value!r}, not four ink percentages", where=where, fix=fix)
    if sum(inks) > MAX_RICH_BLACK_INK:
        raise PnpError(f"rich_black inks add up to {sum(inks):g}%, more than the {MAX_RICH_BLACK_INK:g}% presses "
                       "accept", where=where, fix="lower C, M or Y; [60, 40, 40, 100] is 240%")
    return (inks[0], inks[1], inks[2], inks[3])


def select_components(game: Game, names: tuple[str, ...], strict: bool = True) -> Game:
    """The game with only the components named (all when none is), in print order; an unknown name is bad usage
    when strict, and left out otherwise (an earlier version of the game may lack a component)."""
    known = [c.name for c in game.components]
    unknown = [name for name in names if name not in known]
    if strict and unknown:
        raise UsageError(f"{game.name} has no component '{unknown[0]}'", where="--component",
                         fix=f"use one of {', '.join(known)}")
    return game._replace(components=tuple(c for c in game.components if not names or c.name in names))
