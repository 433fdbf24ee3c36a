"""A designer's project: games under card_data/, layouts under layouts/, an optional game.yaml each."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from pnp.data import Table, read_table
from pnp.errors import PnpError
from pnp.layout import Layout, check_keys, load_layout
from pnp.template import check_columns

MANIFEST = "game.yaml"
GAME_KEYS = {"title", "encoding", "components"}
COMPONENT_KEYS = {"name", "csv", "layout", "back", "kind", "print_shop", "encoding"}
KINDS = {"card", "sheet"}


@dataclass(frozen=True)
class Component:
    """A printed component: its CSV table, front layout and optional back layout."""

    game: str
    name: str
    table: Table
    front: Layout
    back: Layout | None
    kind: str
    print_shop: bool

    @property
    def card_count(self) -> int:
        return self.table.card_count


@dataclass(frozen=True)
class Game:
    """A game: its title and components in print order."""

    name: str
    title: str
    components: tuple[Component, ...]


@dataclass(frozen=True)
class Project:
    """A project root holding card_data/ and layouts/."""

    root: Path

    def label(self, path: Path) -> str:
        """Name a file relative to the project, as messages show it."""
        try:
            return path.resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return path.as_posix()

    def game_names(self) -> list[str]:
        """Every folder under card_data/ that holds a CSV or a game.yaml."""
        folder = self.root / "card_data"
        return sorted(p.name for p in folder.iterdir()
                      if p.is_dir() and (any(p.glob("*.csv")) or (p / MANIFEST).exists()))

    def load_game(self, name: str) -> Game:
        """Read a game's manifest, tables and layouts."""
        folder = self.root / "card_data" / name
        if not folder.is_dir():
            known = ", ".join(self.game_names()) or "none"
            raise PnpError(f"no game '{name}' in card_data/", where=self.label(self.root / "card_data"),
                           fix=f"known games: {known}; start one with 'pnp new {name}'")
        manifest = self._manifest(folder)
        specs = manifest.get("components") or [{"name": p.stem} for p in sorted(folder.glob("*.csv"))]
        components = tuple(self._component(name, spec, i, manifest) for i, spec in enumerate(specs))
        return Game(name, str(manifest.get("title", name)), components)

    def _manifest(self, folder: Path) -> dict[str, Any]:
        """Read game.yaml when the game has one."""
        path = folder / MANIFEST
        if not path.exists():
            return {}
        label = self.label(path)
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8-sig")) or {}
        except yaml.YAMLError as exc:
            raise PnpError(f"invalid YAML: {exc}".replace("\n", " "), where=label, fix="fix the YAML syntax") from None
        if not isinstance(data, dict):
            raise PnpError("game.yaml must be a mapping", where=label, fix="write keys like title: and components:")
        _check(data, GAME_KEYS, label)
        if not isinstance(data.get("components", []), list):
            raise PnpError("components must be a list", where=f"{label}: components", fix="write '- name: cards'")
        return data

    def _component(self, game: str, spec: Any, index: int, manifest: dict[str, Any]) -> Component:
        """Build one component from its manifest entry or naming conventions."""
        where = f"{self.label(self.root / 'card_data' / game / MANIFEST)}: components[{index}]"
        if isinstance(spec, str):
            spec = {"name": spec}
        if not isinstance(spec, dict) or "name" not in spec:
            raise PnpError("a component needs a name", where=where, fix="write '- name: cards'")
        _check(spec, COMPONENT_KEYS, where)
        name = str(spec["name"])
        kind = spec.get("kind", "card")
        if kind not in KINDS:
            raise PnpError(f"unknown kind '{kind}'", where=f"{where}.kind", fix="use card or sheet")
        table = self._table(game, name, spec, manifest)
        front = self._layout(game, spec.get("layout", f"{name}.yaml"), required=True)
        back_file = spec.get("back", f"{name}-back.yaml")
        back = self._layout(game, back_file, required="back" in spec) if back_file else None
        for layout in filter(None, (front, back)):
            check_names(layout, table)
        print_shop = bool(spec.get("print_shop", kind == "card"))
        return Component(game, name, table, front, back, kind, print_shop)

    def _table(self, game: str, name: str, spec: dict[str, Any], manifest: dict[str, Any]) -> Table:
        """Read the component's CSV."""
        path = self.root / "card_data" / game / str(spec.get("csv", f"{name}.csv"))
        return read_table(path, self.label(path), spec.get("encoding", manifest.get("encoding")))

    def _layout(self, game: str, filename: str, required: bool) -> Layout | None:
        """Load a layout from layouts/<game>/, or None when an optional one is absent."""
        path = self.root / "layouts" / game / filename
        if not path.exists() and not required:
            return None
        return load_layout(path, self.root, self.label)


def check_names(layout: Layout, table: Table) -> None:
    """Fail when a layout's templates read a column the CSV lacks."""
    columns, names = set(table.columns), set(layout.vars)
    for element in layout.elements:
        for key, value in element.props.items():
            source = getattr(value, "source", None)
            if source is not None:
                check_columns(source, f"{element.where}.{key}", columns, names, table.label)
        if element.visible is not None:
            check_columns(element.visible.source, f"{element.where}.visible", columns, names, table.label)


def _check(mapping: dict[str, Any], allowed: set[str], where: str) -> None:
    """Reject unknown manifest keys."""
    check_keys(mapping, allowed, where)


def find_project(root: Path) -> Project:
    """Open a project folder, or explain how to start one."""
    if not (root / "card_data").is_dir():
        raise PnpError(f"no card_data/ folder in {root.as_posix()}", where="project",
                       fix="run pnp in a project folder, pass --project DIR, or start one with 'pnp new NAME'")
    return Project(root)
