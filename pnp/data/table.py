"""Tables of card data: rows with their spreadsheet numbers, cells converted, `count` read and bounded."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from pnp.errors import PnpError
from pnp.limits import MAX_CELL_CHARS, MAX_COUNT, MAX_NUMBER_DIGITS

INTEGER = re.compile(r"-?(0|[1-9][0-9]*)")


@dataclass(frozen=True)
class Row:
    """One CSV record: its values and its spreadsheet row number (the header is row 1)."""

    values: dict[str, Any]
    number: int
    count: int


class RowProblem(NamedTuple):
    """Rows of a data file a build refuses and a proof lists: the file, the rows, the column, what is wrong, the fix."""

    file: str
    rows: tuple[int, ...]
    field: str
    message: str
    fix: str
    cell: bool = False  # the problem is the field's cell in each row: messages name the column too

    def error(self, listed: int = 12) -> PnpError:
        """The one-line error a build stops with."""
        numbers = ", ".join(str(row) for row in self.rows[:listed])
        if len(self.rows) > listed:
            numbers += f" and {len(self.rows) - listed} more"
        column = f", column {self.field}" if self.cell else ""
        return PnpError(self.message, where=f"{self.file}: row{'s' if len(self.rows) > 1 else ''} {numbers}{column}",
                        fix=self.fix)


class Table(NamedTuple):
    """A CSV file's columns and rows."""

    path: Path
    label: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    problems: tuple[RowProblem, ...] = ()  # rows an open quote swallowed: a build stops at them, a proof lists them

    def where(self, row: Row) -> str:
        """Name a row for messages: file and row number."""
        return f"{self.label}: row {row.number}"

    @property
    def card_count(self) -> int:
        return sum(row.count for row in self.rows)


SKIP = "skip"  # a row whose cell in this column holds anything but NOT_SKIPPED is no card: printed by no component
NOT_SKIPPED = {"", "0", "no", "false", "none"}


def without_skipped(table: Table) -> Table:
    """The table without the rows its `skip` column marks (the same table when it has no such column)."""
    if SKIP not in table.columns:
        return table
    rows = tuple(row for row in table.rows if str(row.values[SKIP]).strip().lower() in NOT_SKIPPED)
    return Table(table.path, table.label, table.columns, rows, table.problems)


def convert(value: str) -> Any:
    """Turn integer-looking cells into ints (up to MAX_NUMBER_DIGITS digits), leave everything else as text."""
    text = value.strip()
    return int(text) if len(text) <= MAX_NUMBER_DIGITS and INTEGER.fullmatch(text) else value


def records_table(path: Path, label: str, records: Iterable[list[str]], source: str = "CSV") -> Table:
    """A Table from text records, the first naming the columns; records numbered from 1 as in a spreadsheet."""
    reader = iter(records)
    columns = header_columns(next(reader, None), label, source)
    rows = [row for number, record in enumerate(reader, start=2)
            if (row := record_row(record, columns, number, label)) is not None]
    return Table(path, label, columns, tuple(rows))


def header_columns(header: list[str] | None, label: str, source: str) -> tuple[str, ...]:
    """The column names from the header record."""
    if not header or not any(h.strip() for h in header):
        raise PnpError(f"the {source} has no header row", where=label, fix="put the column names in the first row")
    return _check_header([h.strip() for h in header], label)


def record_row(record: list[str], columns: tuple[str, ...], number: int, label: str) -> Row | None:
    """A record as a Row, None for an empty record; a cell over the size limit is an error."""
    check_cells(record, label, number)
    return _row(record, columns, number, label) if any(cell.strip() for cell in record) else None


def check_cells(record: list[str], label: str, number: int) -> None:
    """Refuse a cell over the size limit."""
    for index, cell in enumerate(record, start=1):
        if len(cell) > MAX_CELL_CHARS:
            raise PnpError(f"cell {index} has {len(cell)} characters, more than the limit of {MAX_CELL_CHARS}",
                           where=f"{label}: row {number}", fix="shorten the cell; card text is far shorter")


def _check_header(columns: list[str], label: str) -> tuple[str, ...]:
    """Reject empty and repeated column names."""
    seen: set[str] = set()
    for index, name in enumerate(columns, start=1):
        if not name:
            raise PnpError(f"column {index} has no name", where=f"{label}: row 1",
                           fix="give every column a name in the header row")
        if name in seen:
            raise PnpError(f"column '{name}' appears twice", where=f"{label}: row 1", fix="rename one of them")
        seen.add(name)
    return tuple(columns)


def _row(record: list[str], columns: tuple[str, ...], number: int, label: str) -> Row:
    """Build a Row from one record."""
    where = f"{label}: row {number}"
    if len(record) > len(columns) and any(cell.strip() for cell in record[len(columns):]):
        raise PnpError(f"{len(record)} cells but only {len(columns)} columns", where=where,
                       fix="quote cells that contain commas, or add a column name")
    if len(record) < len(columns):  # the cells after a missing one would sit under the wrong columns
        missing = len(columns) - len(record)
        raise PnpError(f"{len(record)} cells but {len(columns)} columns ({', '.join(columns)}): "
                       f"{missing} cell{'s are' if missing > 1 else ' is'} missing, so the cells after "
                       f"{'them' if missing > 1 else 'it'} would sit under the wrong columns", where=where,
                       fix=f"write every cell with its comma, an empty one too: {len(columns) - 1} commas a row")
    cells = list(record)[:len(columns)]  # extra cells are empty: spreadsheets write trailing commas
    values = {name: convert(cell) for name, cell in zip(columns, cells)}
    return Row(values, number, _count(values, where))


def with_value(row: Row, column: str, text: str, where: str) -> Row:
    """The row with one cell holding `text` instead, converted and checked as a read of the file would."""
    values = {**row.values, column: convert(text)}
    return Row(values, row.number, _count(values, where))


def _count(values: dict[str, Any], where: str) -> int:
    """Read the count column: a whole number of copies, 0 or more; 1 when absent."""
    if "count" not in values:
        return 1
    count = values["count"]
    if isinstance(count, str) and not count.strip():
        return 1
    if not isinstance(count, int) or count < 0:
        raise PnpError(f"count {str(count)!r} is not a whole number of copies", where=f"{where}, column count",
                       fix="write 0 or a positive whole number")
    if count > MAX_COUNT:
        raise PnpError(f"count {count} is more than the limit of {MAX_COUNT} copies", where=f"{where}, column count",
                       fix=f"split the row or print fewer copies (at most {MAX_COUNT})")
    return count
