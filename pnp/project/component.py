"""Components: a manifest entry (or naming conventions) turned into a table, layouts and print settings."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.data.confine import confined
from pnp.data.read import read_table
from pnp.data.table import Table
from pnp.data.workbook import WORKBOOKS
from pnp.errors import PnpError
from pnp.layout.files import Layout, check_keys, load_layout
from pnp.layout.template import check_columns, compile_expression
from pnp.limits import MAX_CARDS, MAX_GUTTER_MM
from pnp.units import Size, parse_size

COMPONENT_KEYS = {"name", "csv", "data", "sheet", "layout", "back", "kind", "print_shop", "encoding", "from", "where", "vars",
                  "size", "cut", "tile", "base", "gutter"}
KINDS = {"card", "token", "sheet", "page", "standee"}
CUTS = {"square", "circle"}


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
    cut: str = "square"
    tile: bool = False
    base: float = 15.0  # mm, the base tabs of a standee
    gutter: float | None = None  # mm between pieces on the sheets; None: chosen by the build

    def piece_size(self) -> Size:
        """The printed piece's trim size in mm (a standee is its whole fold-over strip)."""
        if self.kind == "standee":
            return standee_size(self.front.size, self.base)
        return self.front.size

    @property
    def card_count(self) -> int:
        return self.table.card_count


@dataclass(frozen=True)
class Files:
    """Where a component's files live: the project root, a label maker and a manifest reader."""

    root: Path
    label: Callable[[Path], str]
    manifest: Callable[[str], dict[str, Any]]


def build_component(files: Files, game: str, spec: Any, index: int) -> Component:
    """Build one component of `game` from its manifest entry."""
    where, spec, source_game, source_name, merged = _resolve(files, game, spec, index)
    kind, cut = _choice(merged, "kind", "card", KINDS, where), _choice(merged, "cut", "square", CUTS, where)
    table = _table(files, source_game, source_name, merged, where)
    _check_card_count(table, where)
    front_file = merged.get("layout", f"{source_name}.yaml")
    front = _layout(files, source_game, front_file, True, _key(files, source_game, front_file, merged, "layout", where))
    back_file = merged.get("back", f"{source_name}-back.yaml")
    back = _layout(files, source_game, back_file, "back" in merged,
                   _key(files, source_game, back_file, merged, "back", where)) if back_file else None
    front, back = (_adjust(layout, merged, where) if layout else None for layout in (front, back))
    for layout in filter(None, (front, back)):
        check_names(layout, table)
    print_shop = bool(merged.get("print_shop", kind in ("card", "token")))
    base = merged.get("base", 15.0)
    if isinstance(base, bool) or not isinstance(base, (int, float)) or base < 0:
        raise PnpError(f"base must be a length in mm, got {base!r}", where=f"{where}.base", fix="write base: 15")
    return Component(game, str(spec["name"]), table, front, back, kind, print_shop, cut, bool(merged.get("tile")),
                     float(base), gutter_mm(merged.get("gutter"), f"{where}.gutter"))


def gutter_mm(value: Any, where: str) -> float | None:
    """A gap between pieces in mm (None when not given), from 0 (butted) to MAX_GUTTER_MM."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= MAX_GUTTER_MM:
        raise PnpError(f"gutter must be a gap in mm from 0 to {MAX_GUTTER_MM:g}, got {value!r}", where=where,
                       fix="write gutter: 3 (mm between pieces), or gutter: 0 to butt them")
    return float(value)


def component_table(files: Files, game: str, spec: Any, index: int) -> Table:
    """The table of one manifest entry as the print reads it (`from:` followed, `where:` applied), no layouts."""
    where, spec, source_game, source_name, merged = _resolve(files, game, spec, index)
    return _table(files, source_game, source_name, merged, where)


def _resolve(files: Files, game: str, spec: Any, index: int) -> tuple[str, dict, str, str, dict[str, Any]]:
    """(where, checked entry, source game, source component name, entry merged over its `from:` source)."""
    where = f"{files.label(files.root / 'card_data' / game / 'game.yaml')}: components[{index}]"
    spec = _checked_spec(spec, where)
    source_game, base = _source(files, game, spec, where)
    merged = {**base, **{k: v for k, v in spec.items() if k not in ("name", "from")}}
    return where, spec, source_game, str(base.get("name", spec["name"])), merged


def _checked_spec(spec: Any, where: str) -> dict[str, Any]:
    """A component entry as a mapping with known keys and a name."""
    if isinstance(spec, str):
        spec = {"name": spec}
    if not isinstance(spec, dict) or "name" not in spec:
        raise PnpError("a component needs a name", where=where, fix="write '- name: cards'")
    check_keys(spec, COMPONENT_KEYS, where)
    return spec


def _source(files: Files, game: str, spec: dict[str, Any], where: str) -> tuple[str, dict[str, Any]]:
    """The game and manifest entry a component comes from: its own, or another game's with from: GAME/NAME."""
    reference = spec.get("from")
    if reference is None:
        return game, {}
    parts = str(reference).split("/")
    if len(parts) != 2 or not all(p not in ("", ".", "..") for p in parts) \
            or not (files.root / "card_data" / parts[0]).is_dir():
        raise PnpError(f"from: '{reference}' names no component", where=f"{where}.from",
                       fix="write from: GAME/COMPONENT, e.g. from: standard_deck/cards")
    other, name = parts
    folder = files.root / "card_data" / other
    entries = files.manifest(other).get("components") or [{"name": p.stem} for p in sorted(folder.glob("*.csv"))]
    for entry in entries:
        entry = {"name": entry} if isinstance(entry, str) else entry
        if isinstance(entry, dict) and str(entry.get("name")) == name:
            return other, {k: v for k, v in entry.items() if k != "from"}
    raise PnpError(f"from: '{reference}': game {other} has no component {name}", where=f"{where}.from",
                   fix="check the component name in that game's game.yaml")


def _choice(spec: dict[str, Any], key: str, default: str, choices: set[str], where: str) -> str:
    """Read a key with a fixed set of values."""
    value = spec.get(key, default)
    if not isinstance(value, str) or value not in choices:
        raise PnpError(f"unknown {key} '{value}'", where=f"{where}.{key}", fix=f"use one of {', '.join(sorted(choices))}")
    return str(value)


def _table(files: Files, game: str, name: str, spec: dict[str, Any], where: str) -> Table:
    """Read the component's CSV, keeping only the rows `where:` selects."""
    path = _data_path(files.root / "card_data" / game, name, spec)
    encoding = spec.get("encoding", files.manifest(game).get("encoding"))
    sheet = spec.get("sheet")
    label = files.label(path)
    key = next((f"{where}.{k}" for k in ("data", "csv") if k in spec), label)
    if sheet is not None and path.suffix.lower() not in WORKBOOKS:
        raise PnpError(f"sheet: names a sheet of a workbook, but {label} is not one", where=f"{where}.sheet",
                       fix="remove sheet:, or name an .xlsx or .ods file under data:")
    table = read_table(confined(files.root, path, key), label, encoding, None if sheet is None else str(sheet))
    if "where" not in spec:
        return table
    expression = compile_expression(str(spec["where"]), f"{where}.where")
    check_columns(expression.source, f"{where}.where", set(table.columns), set(), table.label)
    rows = tuple(row for row in table.rows if expression.evaluate(row.values, table.where(row)))
    return dataclasses.replace(table, rows=rows)


def _data_path(folder: Path, name: str, spec: dict[str, Any]) -> Path:
    """The component's data file: `data:` or `csv:`, else NAME.csv, or NAME.xlsx / NAME.ods when only that exists."""
    named = spec.get("data", spec.get("csv"))
    if named is not None:
        return folder / str(named)
    found = [folder / f"{name}{suffix}" for suffix in (".csv", ".xlsx", ".ods")]
    return next((path for path in found if path.exists()), found[0])


def _layout(files: Files, game: str, filename: str, required: bool, key: str) -> Layout | None:
    """Load a layout from layouts/<game>/ (inside the project), or None when an optional one is absent."""
    path = files.root / "layouts" / game / str(filename)
    if not path.exists() and not path.is_symlink() and not required:
        return None
    confined(files.root, path, key)
    return load_layout(path, files.root, files.label)


def _key(files: Files, game: str, filename: str, spec: dict[str, Any], key: str, where: str) -> str:
    """Who names a layout file: the manifest key that sets it, or the file itself by the naming convention."""
    return f"{where}.{key}" if key in spec else files.label(files.root / "layouts" / game / str(filename))


def _check_card_count(table: Table, where: str) -> None:
    """A component needs at least one card and at most MAX_CARDS."""
    if table.card_count == 0:
        raise PnpError("the component has no cards (no rows, or every count is 0)", where=table.label,
                       fix="add rows below the header, or leave the component out of game.yaml")
    if table.card_count > MAX_CARDS:
        raise PnpError(f"the component has {table.card_count} cards, more than the limit of {MAX_CARDS}",
                       where=table.label, fix="lower the counts or split the component")


def _adjust(layout: Layout, spec: dict[str, Any], where: str) -> Layout:
    """Apply the manifest's vars: and size: to a layout (a new size scales the whole design)."""
    if isinstance(spec.get("vars"), dict):
        layout = dataclasses.replace(layout, vars={**layout.vars, **spec["vars"]})
    elif "vars" in spec:
        raise PnpError("vars must be a mapping", where=f"{where}.vars", fix="write vars: {back: blue}")
    if "size" not in spec or layout.paper:
        return layout
    size = parse_size(spec["size"], f"{where}.size")
    ratio = size.width / layout.size.width
    if abs(size.height / layout.size.height - ratio) > 1e-3:
        raise PnpError(f"size {size.width:g}x{size.height:g} mm changes the proportions of {layout.label}",
                       where=f"{where}.size", fix="keep the layout's width:height ratio, or write a new layout")
    return dataclasses.replace(layout, size=size, scale=layout.scale * ratio)


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


def standee_size(figure: Size, base: float) -> Size:
    """The strip's size in mm: back figure, front figure and a base tab at each end."""
    return Size(figure.width, 2 * figure.height + 2 * base)
