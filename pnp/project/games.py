"""A designer's project: games under card_data/, layouts under layouts/, an optional game.yaml each."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.data.confine import confined, label_in
from pnp.data.read import read_table
from pnp.data.table import Table
from pnp.data.yamlfile import load_yaml, read_text
from pnp.errors import PnpError
from pnp.layout.files import check_keys
from pnp.output.names import is_plain, plain_name
from pnp.project.component import Component, Files, build_component, component_table

MANIFEST = "game.yaml"
GAME_KEYS = {"title", "encoding", "components", "check", "rules", "cmyk_profile"}


@dataclass(frozen=True)
class Game:
    """A game: its title and components in print order."""

    name: str
    title: str
    components: tuple[Component, ...]
    cmyk_profile: Path | None = None  # the ICC profile `--color cmyk` converts through; None: the bundled one
    cmyk_profile_key: str = ""  # where game.yaml names it, for messages (a language edition keeps its game's)


@dataclass(frozen=True)
class Project:
    """A project root holding card_data/ and layouts/."""

    root: Path
    _manifests: dict[str, dict[str, Any]] = field(default_factory=dict, compare=False, repr=False)

    def label(self, path: Path) -> str:
        """Name a file relative to the project, as messages show it."""
        return label_in(self.root, path)

    def confined(self, path: Path, key: str) -> Path:
        """The resolved file, refused unless it lies inside the project (links followed); key names who named it."""
        return confined(self.root, path, key)

    def game_names(self) -> list[str]:
        """Every folder under card_data/ that holds a CSV or a game.yaml."""
        folder = self.root / "card_data"
        return sorted(p.name for p in folder.iterdir()
                      if p.is_dir() and (any(p.glob("*.csv")) or (p / MANIFEST).exists()))

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
        files = Files(self.root, self.label, self.manifest)
        components = tuple(build_component(files, name, spec, i) for i, spec in enumerate(specs))
        key = f"{self.label(folder / MANIFEST)}: cmyk_profile"
        return Game(name, str(manifest.get("title", name)), components, self._cmyk_profile(key, manifest), key)

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
        root = self.root.resolve()
        path = (root / str(value)).resolve()
        if root not in path.parents:
            raise PnpError(f"profile '{value}' is outside the project", where=where,
                           fix="put the .icc file inside the project folder and give a relative path")
        if not path.is_file():
            raise PnpError(f"profile '{value}' not found", where=where,
                           fix="add the .icc file or fix the path (relative to the project folder)")
        return path

    def component_table(self, game: str, component: str) -> Table | None:
        """One component's rows as the print reads them (`from:` followed, `where:` applied); None if unlisted."""
        for index, spec in enumerate(self.manifest(game).get("components") or []):
            name = spec if isinstance(spec, str) else spec.get("name") if isinstance(spec, dict) else None
            if str(name) == component:
                return component_table(Files(self.root, self.label, self.manifest), game, spec, index)
        return None

    def read_csv(self, game: str, filename: str) -> Table:
        """One CSV file of a game, read with the game's declared encoding (as the print reads it)."""
        path = self.root / "card_data" / game / filename
        label = self.label(path)
        return read_table(self.confined(path, label), label, self.manifest(game).get("encoding"))

    def component_names(self, game: str) -> list[str]:
        """The names of the components game.yaml lists, in order."""
        specs = self.manifest(game).get("components") or []
        return [str(s if isinstance(s, str) else s.get("name") if isinstance(s, dict) else s) for s in specs]

    def _manifest(self, folder: Path) -> dict[str, Any]:
        """Read game.yaml when the game has one."""
        path = folder / MANIFEST
        if not path.exists():
            return {}
        label = self.label(path)
        data = load_yaml(read_text(self.confined(path, label), label), label) or {}
        if not isinstance(data, dict):
            raise PnpError("game.yaml must be a mapping", where=label, fix="write keys like title: and components:")
        _check(data, GAME_KEYS, label)
        if not isinstance(data.get("components", []), list):
            raise PnpError("components must be a list", where=f"{label}: components", fix="write '- name: cards'")
        return data

    def manifest(self, game: str) -> dict[str, Any]:
        """A game's manifest, or an empty one (read once per Project)."""
        if game not in self._manifests:
            self._manifests[game] = self._manifest(self.root / "card_data" / game)
        return self._manifests[game]


def _check(mapping: dict[str, Any], allowed: set[str], where: str) -> None:
    """Reject unknown manifest keys."""
    check_keys(mapping, allowed, where)


def find_project(root: Path) -> Project:
    """Open a project folder, or explain how to start one."""
    if not (root / "card_data").is_dir():
        raise PnpError(f"no card_data/ folder in {root.as_posix()}", where="project",
                       fix="run pnp in a project folder, pass --project DIR, or start one with 'pnp new NAME'")
    return Project(root)
