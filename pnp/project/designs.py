"""Layouts chosen per row: `layout: {by: COLUMN, VALUE: FILE, ...}`, the pieces of one component in one size."""

from __future__ import annotations

from typing import Any, NamedTuple

from pnp.data.table import Table
from pnp.errors import PnpError
from pnp.layout.files import Layout

BY = "by"


class ByColumn(NamedTuple):
    """A layout per value of a column: the column and, for each value, the layout file."""

    column: str
    files: dict[str, str]


def by_column(value: Any, where: str) -> ByColumn | None:
    """The per-row choice a `layout:` or `back:` mapping makes; None for a single file name."""
    if not isinstance(value, dict):
        return None
    example = "write {by: type, goods: goods.yaml, fox: fox.yaml}"
    column = value.get(BY)
    if not isinstance(column, str) or not column.strip():
        raise PnpError("a layout chosen per row needs by: naming the column that chooses it", where=where, fix=example)
    files = {str(k).strip(): v for k, v in value.items() if k != BY}
    if not files:
        raise PnpError(f"by: {column} names no layout for any value", where=where, fix=example)
    for cell, file in files.items():
        if not isinstance(file, str) or not file.strip():
            raise PnpError(f"the layout for {column} '{cell}' must be a file name, got {file!r}", where=where,
                           fix=example)
    return ByColumn(column.strip(), files)


def row_layouts(choice: ByColumn, layouts: dict[str, Layout], table: Table, where: str) -> dict[int, Layout]:
    """Each row's layout (by row number) from the value of its cell in the choosing column."""
    if choice.column not in table.columns:
        raise PnpError(f"by: {choice.column} names no column of {table.label}", where=where,
                       fix=f"name one of its columns: {', '.join(table.columns)}")
    chosen = {}
    for row in table.rows:
        value = str(row.values[choice.column]).strip()
        if value not in choice.files:
            raise PnpError(f"{choice.column} {row.values[choice.column]!r} chooses no layout ({where})",
                           where=table.where(row),
                           fix=f"write one of {', '.join(choice.files)} in the cell, or add "
                               f"'{value}: FILE' to the layout mapping")
        chosen[row.number] = layouts[value]
    return chosen


def check_one_size(layouts: list[Layout], where: str) -> None:
    """Refuse layouts of one component that differ in size, bleed or paper: they share sheets, files and a deck."""
    first = layouts[0]
    for layout in layouts[1:]:
        if (layout.size, layout.bleed, layout.paper) != (first.size, first.bleed, first.paper):
            raise PnpError(f"{layout.label} is {_shape(layout)}, but {first.label} is {_shape(first)}", where=where,
                           fix="the pieces of one component share one sheet run, print-shop file and TTS deck: give "
                               "their layouts one size and bleed, or make the others a component of their own")


def _shape(layout: Layout) -> str:
    """A layout's size and bleed, as messages give them."""
    if layout.paper:
        return f"a {layout.paper} page with {layout.bleed:g} mm bleed"
    return f"{layout.size.width:g}x{layout.size.height:g} mm with {layout.bleed:g} mm bleed"
