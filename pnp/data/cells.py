"""Cells read with another value than the file holds: a sweep plays a variant of the data without writing it."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.data.table import Table, with_value


@dataclass(frozen=True)
class Cell:
    """One cell of a data file, by the file's label (as messages name it), its row number and its column."""

    file: str
    row: int
    column: str

    def __str__(self) -> str:
        return f"{self.file}: row {self.row}, column {self.column}"


@dataclass(frozen=True)
class CellValues:
    """The cells to read with another value (text, as a CSV cell holds it); `read` notes the cells a read met."""

    values: tuple[tuple[Cell, str], ...]
    read: set[Cell] = field(default_factory=set, compare=False)


def with_cells(table: Table, cells: CellValues | None) -> Table:
    """The table as read, with the cells named for its file holding their other values."""
    if cells is None:
        return table
    mine = {(cell.row, cell.column): (cell, text) for cell, text in cells.values if cell.file == table.label}
    if not mine:
        return table
    rows = []
    for row in table.rows:
        for column in table.columns:
            if (row.number, column) in mine:
                cell, text = mine[row.number, column]
                row = with_value(row, column, text, table.where(row))
                cells.read.add(cell)
        rows.append(row)
    return table._replace(rows=tuple(rows))
