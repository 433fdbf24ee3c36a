"""Components: a manifest entry (or naming conventions) turned into a table, layouts and print settings."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from pnp.data.cells import CellValues, with_cells
from pnp.data.confine import confined
from pnp.data.read import WORKBOOKS, read_table
from pnp.data.table import Row, Table
from pnp.errors import PnpError
from pnp.layout.files import Layout, check_keys, load_layout
from pnp.layout.template import check_columns, compile_expression
from pnp.limits import MAX_CARDS, MAX_GUTTER_MM
from pnp.output.names import plain_name
from pnp.project.cutspec import CutSpec, read_cut
from pnp.project.designs import by_column, check_one_size, row_layouts
from pnp.project.selection import nothing_kept
from pnp.project.settings import check_component_values
from pnp.units import Size, parse_size, standee_size

COMPONENT_KEYS = {"name", "csv", "data", "sheet", "layout", "back", "kind", "print_shop", "encoding", "from", "where",
                  "selection", "shares_rows", "vars", "size", "cut", "tile", "base", "gutter", "radius", "url",
                  "deck", "thickness", "clearance", "sides", "top"}  # the last five: a tuck box's (project/tuckbox.py)
KINDS = {"card", "token", "sheet", "page", "standee", "tuckbox"}


class Source(NamedTuple):
    """What a component reads before its where: keeps some rows: every row of its data file (or sheet)."""

    table: Table
    sheet: str | None = None
    where: str | None = None  # the expression, None when every row is kept
    selection: bool = False  # the manifest says the rows where: leaves out are left out on purpose
    borrowed: bool = False  # another game's file, taken with from: (that game prints every row of it)
    shares_rows: bool = False  # the manifest says the component prints rows another prints too, on purpose


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
    source: Source | None = None
    row_fronts: dict[int, Layout] = field(default_factory=dict, compare=False)  # by row number, when rows choose
    row_backs: dict[int, Layout] = field(default_factory=dict, compare=False)
    shape: CutSpec = CutSpec()  # the cut in full: kind, corner radius, the SVG file of a drawn path
    names: frozenset[str] = field(default=frozenset(), compare=False, repr=False)  # the game's, kept whole in text
    box: Any = None  # a tuck box's TuckBox (pnp.project.tuckbox): its deck, net and face layouts

    def front_for(self, row: Row) -> Layout:
        """The front layout of one row: its own when the component chooses layouts per row."""
        return self.row_fronts.get(row.number, self.front)

    def back_for(self, row: Row) -> Layout | None:
        """The back layout of one row, None when the component has no backs."""
        return self.row_backs.get(row.number, self.back)

    def layouts(self) -> list[Layout]:
        """Every distinct layout the component draws with, fronts first."""
        found = [self.front, *self.row_fronts.values(), *filter(None, (self.back,)), *self.row_backs.values()]
        return list({id(layout): layout for layout in found}.values())

    def piece_size(self) -> Size:
        """The printed piece's trim size in mm (a standee is its whole fold-over strip)."""
        if self.kind == "standee":
            return standee_size(self.front.size, self.base)
        return self.box.net.size if self.box is not None else self.front.size

    @property
    def card_count(self) -> int:
        return self.table.card_count


class Files(NamedTuple):
    """Where a component's files live: the project root, a label maker and a manifest reader."""

    root: Path
    label: Callable[[Path], str]
    manifest: Callable[[str], dict[str, Any]]
    lenient: bool = False  # keep rows a quote swallowed as read (proof, check), instead of stopping at them
    cells: CellValues | None = None  # cells read with another value (a check's sweep), the file left as it is


def build_component(files: Files, game: str, spec: Any, index: int) -> Component:
    """Build one component of `game` from its manifest entry."""
    where, spec, source_game, source_name, merged = _resolve(files, game, spec, index)
    kind, shape = _choice(merged, "kind", "card", KINDS, where), read_cut(files.root, files.root / "card_data" /
                                                                           source_game, merged, where)
    source = _source_table(files, source_game, source_name, merged, where)
    table = _kept(source, where, str(spec["name"]))
    source = source._replace(borrowed=source_game != game)
    _check_card_count(table, where)
    front, row_fronts = _side(files, source_game, merged, "layout", f"{source_name}.yaml", table, where)
    back, row_backs = _side(files, source_game, merged, "back", f"{source_name}-back.yaml", table, where)
    print_shop = bool(merged.get("print_shop", kind in ("card", "token")))
    base = merged.get("base", 15.0)
    if isinstance(base, bool) or not isinstance(base, (int, float)) or base < 0:
        raise PnpError(f"base must be a length in mm, got {base!r}", where=f"{where}.base", fix="write base: 15")
    if front is None:
        raise PnpError("a component needs a front layout", where=f"{where}.layout", fix="write layout: cards.yaml")
    return Component(game, str(spec["name"]), table, front, back, kind, print_shop, shape.kind,
                     bool(merged.get("tile")), float(base), gutter_mm(merged.get("gutter"), f"{where}.gutter"),
                     source, row_fronts, row_backs, shape)


def _side(files: Files, game: str, spec: dict[str, Any], key: str, default: str, table: Table,
          where: str) -> tuple[Layout | None, dict[int, Layout]]:
    """A side's layout (the first, when rows choose theirs) and each row's, when `key` maps a column to files."""
    named = spec.get(key, default)
    choice = by_column(named, f"{where}.{key}")
    if choice is None:
        layout = _layout(files, game, named, key in spec or key == "layout",
                         _key(files, game, named, spec, key, where)) if named else None
        if layout is not None:
            layout = _adjust(layout, spec, where)
            check_names(layout, table)
        return layout, {}
    by_file: dict[str, Layout] = {}
    for value, file in choice.files.items():
        if file not in by_file:  # values that share a file share one layout
            path = _confined_layout(files, game, file, f"{where}.{key}.{value}")
            by_file[file] = _adjust(load_layout(path, files.root, files.label), spec, where)
            check_names(by_file[file], table)
    layouts = {value: by_file[file] for value, file in choice.files.items()}
    check_one_size(list(layouts.values()), f"{where}.{key}")
    return next(iter(layouts.values())), row_layouts(choice, layouts, table, f"{where}.{key}")


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
    return _kept(_source_table(files, source_game, source_name, merged, where), where, str(spec["name"]))


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
    check_component_values(spec, where)
    plain_name(spec["name"], where=f"{where}.name", what="component",
               fix="it names the component's output files; write a name such as 'cards' or 'event_cards'")
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
    for index, entry in enumerate(entries):
        entry = {"name": entry} if isinstance(entry, str) else entry
        if isinstance(entry, dict) and str(entry.get("name")) == name:
            check_component_values(entry, f"{files.label(folder / 'game.yaml')}: components[{index}]")
            return other, {k: v for k, v in entry.items() if k != "from"}
    raise PnpError(f"from: '{reference}': game {other} has no component {name}", where=f"{where}.from",
                   fix="check the component name in that game's game.yaml")


def _choice(spec: dict[str, Any], key: str, default: str, choices: set[str], where: str) -> str:
    """Read a key with a fixed set of values."""
    value = spec.get(key, default)
    if not isinstance(value, str) or value not in choices:
        raise PnpError(f"unknown {key} '{value}'", where=f"{where}.{key}",
                       fix=f"use one of {', '.join(sorted(choices))}")
    return str(value)


def _source_table(files: Files, game: str, name: str, spec: dict[str, Any], where: str) -> Source:
    """Read the component's data file (rows marked in a skip column left out) and its where: and selection:."""
    path = _data_path(files.root / "card_data" / game, name, spec)
    encoding = spec.get("encoding", files.manifest(game).get("encoding"))
    sheet = spec.get("sheet")
    label = files.label(path)
    key = next((f"{where}.{k}" for k in ("data", "csv") if k in spec), label)
    if sheet is not None and path.suffix.lower() not in WORKBOOKS:
        raise PnpError(f"sheet: names a sheet of a workbook, but {label} is not one", where=f"{where}.sheet",
                       fix="remove sheet:, or name an .xlsx or .ods file under data:")
    sheet = None if sheet is None else str(sheet)
    table = with_cells(read_table(confined(files.root, path, key), label, encoding, sheet), files.cells)
    if table.problems and not files.lenient:
        raise table.problems[0].error()
    selection = spec.get("selection", False)
    if not isinstance(selection, bool):
        raise PnpError(f"selection must be true or false, got {selection!r}", where=f"{where}.selection",
                       fix="write selection: true beside a where: that leaves rows out on purpose")
    if selection and "where" not in spec:
        raise PnpError("selection: true, but there is no where: to select rows", where=f"{where}.selection",
                       fix="add the where: expression that picks the rows, or remove selection:")
    return Source(table, sheet, str(spec["where"]) if "where" in spec else None, selection,
                  shares_rows=bool(spec.get("shares_rows")))


def _kept(source: Source, where: str, name: str) -> Table:
    """The rows of the source its where: keeps (every row without one)."""
    table = source.table
    if source.where is None:
        return table
    expression = compile_expression(source.where, f"{where}.where")
    check_columns(expression.source, f"{where}.where", set(table.columns), set(), table.label)
    rows = tuple(row for row in table.rows if expression.evaluate(row.values, table.where(row)))
    if table.rows and not rows:
        raise nothing_kept(table, source.where, f"{where}.where", name)
    return table._replace(rows=rows)


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
    return load_layout(_confined_layout(files, game, filename, key), files.root, files.label)


def _confined_layout(files: Files, game: str, filename: str, key: str) -> Path:
    """A layout file's path in layouts/<game>/, refused unless it lies inside the project; key names who names it."""
    path = files.root / "layouts" / game / str(filename)
    confined(files.root, path, key)
    return path


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
        layout = layout._replace(vars={**layout.vars, **spec["vars"]})
    elif "vars" in spec:
        raise PnpError("vars must be a mapping", where=f"{where}.vars", fix="write vars: {back: blue}")
    if "size" not in spec or layout.paper:
        return layout
    size = parse_size(spec["size"], f"{where}.size")
    ratio = size.width / layout.size.width
    if abs(size.height / layout.size.height - ratio) > 1e-3:
        raise PnpError(f"size {size.width:g}x{size.height:g} mm changes the proportions of {layout.label}",
                       where=f"{where}.size", fix="keep the layout's width:height ratio, or write a new layout")
    return layout._replace(size=size, scale=layout.scale * ratio)


def check_names(layout: Layout, table: Table) -> None:
    """Fail when a layout's templates read a column the CSV lacks."""
    columns, names = set(table.columns), set(layout.vars)
    for element in layout.elements:
        for key, value in element.props.items():
            source = getattr(value, "source", None)
            if source is not None:
                check_columns(source, f"{element.where}.{key}", columns, names, table.label, layout.names, element.id)
        if element.visible is not None:
            check_columns(element.visible.source, f"{element.where}.visible", columns, names, table.label,
                          layout.names, element.id)
