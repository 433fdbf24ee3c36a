"""Card data: CSV files read into rows, `count` expanded into cards."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from pnp.errors import PnpError

INTEGER = re.compile(r"-?(0|[1-9][0-9]*)")


@dataclass(frozen=True)
class Row:
    """One CSV record: its values and its spreadsheet row number (the header is row 1)."""

    values: dict[str, Any]
    number: int
    count: int


@dataclass(frozen=True)
class Table:
    """A CSV file's columns and rows."""

    path: Path
    label: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]

    def where(self, row: Row) -> str:
        """Name a row for messages: file and row number."""
        return f"{self.label}: row {row.number}"

    @property
    def card_count(self) -> int:
        return sum(row.count for row in self.rows)


def decode(raw: bytes, label: str, encoding: str | None = None) -> str:
    """Decode CSV bytes: UTF-8 (with or without BOM), else Shift_JIS/cp932, or a declared encoding."""
    if encoding:
        try:
            return raw.decode(encoding)
        except (UnicodeDecodeError, LookupError) as exc:
            raise PnpError(f"cannot decode as {encoding}: {exc}", where=label,
                           fix="fix the declared encoding in game.yaml or save the file as UTF-8") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return raw.decode("cp932")
    except UnicodeDecodeError:
        raise PnpError("cannot decode the file as UTF-8 or Shift_JIS (cp932)", where=label,
                       fix="save it as CSV UTF-8 or declare its encoding in game.yaml") from None


def convert(value: str) -> Any:
    """Turn integer-looking cells into ints, leave everything else as text."""
    text = value.strip()
    return int(text) if INTEGER.fullmatch(text) else value


def read_table(path: Path, label: str, encoding: str | None = None, sheet: str | None = None) -> Table:
    """Read a CSV file (or an .xlsx/.ods workbook's sheet) into a Table, checking its header and counts."""
    from pnp.workbook import WORKBOOKS, read_workbook
    if path.suffix.lower() in WORKBOOKS:
        return read_workbook(path, label, sheet)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise PnpError("file not found", where=label, fix="create the CSV or fix its name in game.yaml") from None
    return records_table(path, label, csv.reader(io.StringIO(decode(raw, label, encoding), newline="")))


def records_table(path: Path, label: str, records: Iterable[list[str]], source: str = "CSV") -> Table:
    """A Table from text records, the first naming the columns; records numbered from 1 as in a spreadsheet."""
    reader = iter(records)
    header = next(reader, None)
    if not header or not any(h.strip() for h in header):
        raise PnpError(f"the {source} has no header row", where=label, fix="put the column names in the first row")
    columns = _check_header([h.strip() for h in header], label)
    rows = []
    for number, record in enumerate(reader, start=2):
        if not any(cell.strip() for cell in record):
            continue
        rows.append(_row(record, columns, number, label))
    return Table(path, label, columns, tuple(rows))


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
    cells = list(record) + [""] * (len(columns) - len(record))
    values = {name: convert(cell) for name, cell in zip(columns, cells)}
    return Row(values, number, _count(values, where))


def _count(values: dict[str, Any], where: str) -> int:
    """Read the count column: a whole number of copies, 0 or more; 1 when absent."""
    if "count" not in values:
        return 1
    count = values["count"]
    if isinstance(count, str) and not count.strip():
        return 1
    if not isinstance(count, int) or count < 0:
        raise PnpError(f"count '{count}' is not a whole number of copies", where=f"{where}, column count",
                       fix="write 0 or a positive whole number")
    return count
