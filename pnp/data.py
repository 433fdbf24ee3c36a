"""Card data: CSV files read into rows, `count` expanded into cards."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from pnp.errors import PnpError
from pnp.limits import MAX_CELL_CHARS, MAX_COUNT, MAX_CSV_BYTES, MAX_NUMBER_DIGITS

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
    """Turn integer-looking cells into ints (up to MAX_NUMBER_DIGITS digits), leave everything else as text."""
    text = value.strip()
    return int(text) if len(text) <= MAX_NUMBER_DIGITS and INTEGER.fullmatch(text) else value


def read_table(path: Path, label: str, encoding: str | None = None, sheet: str | None = None) -> Table:
    """Read a CSV file (or an .xlsx/.ods workbook's sheet) into a Table, checking its header, sizes and counts."""
    from pnp.workbook import WORKBOOKS, read_workbook
    if path.suffix.lower() in WORKBOOKS:
        return read_workbook(path, label, sheet)
    text = decode(_read_bytes(path, label), label, encoding)
    reader = csv.reader(io.StringIO(text, newline=""))
    columns = _columns(_next_record(reader, label, 1), label, "CSV")
    rows, number, last_start, start = [], 1, 1, reader.line_num + 1
    while (record := _next_record(reader, label, number + 1)) is not None:
        number += 1
        row = _record_row(record, columns, number, label)
        if row is not None:
            rows.append(row)
        last_start, start = start, reader.line_num + 1
    _check_closed(text, last_start, number, label)
    return Table(path, label, columns, tuple(rows))


def records_table(path: Path, label: str, records: Iterable[list[str]], source: str = "CSV") -> Table:
    """A Table from text records, the first naming the columns; records numbered from 1 as in a spreadsheet."""
    reader = iter(records)
    columns = _columns(next(reader, None), label, source)
    rows = [row for number, record in enumerate(reader, start=2)
            if (row := _record_row(record, columns, number, label)) is not None]
    return Table(path, label, columns, tuple(rows))


def _columns(header: list[str] | None, label: str, source: str) -> tuple[str, ...]:
    """The column names from the header record."""
    if not header or not any(h.strip() for h in header):
        raise PnpError(f"the {source} has no header row", where=label, fix="put the column names in the first row")
    return _check_header([h.strip() for h in header], label)


def _record_row(record: list[str], columns: tuple[str, ...], number: int, label: str) -> Row | None:
    """A record as a Row, None for an empty record; a cell over the size limit is an error."""
    _check_cells(record, label, number)
    return _row(record, columns, number, label) if any(cell.strip() for cell in record) else None


def _read_bytes(path: Path, label: str) -> bytes:
    """A CSV file's bytes, refused when missing or over the size limit."""
    try:
        if path.stat().st_size > MAX_CSV_BYTES:
            raise PnpError(f"the file is larger than the limit of {MAX_CSV_BYTES // 2**20} MB", where=label,
                           fix="card data is a few hundred kB at most; check that this is the right file")
        return path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        raise PnpError("file not found", where=label, fix="create the CSV or fix its name in game.yaml") from None
    except IsADirectoryError:
        raise PnpError("is a folder, not a CSV file", where=label, fix="fix the CSV's name in game.yaml") from None


def _next_record(reader, label: str, number: int) -> list[str] | None:
    """The next CSV record, or None at the end; a broken record is a one-line error."""
    try:
        return next(reader, None)
    except csv.Error as exc:
        if "field limit" in str(exc):
            raise PnpError(f"a cell is longer than the limit of {MAX_CELL_CHARS} characters",
                           where=f"{label}: row {number}", fix="shorten the cell; card text is far shorter") from None
        raise PnpError(f"cannot read the row: {exc}", where=f"{label}: row {number}",
                       fix="save the file again as CSV from a spreadsheet") from None


def _check_cells(record: list[str], label: str, number: int) -> None:
    """Refuse a cell over the size limit."""
    for index, cell in enumerate(record, start=1):
        if len(cell) > MAX_CELL_CHARS:
            raise PnpError(f"cell {index} has {len(cell)} characters, more than the limit of {MAX_CELL_CHARS}",
                           where=f"{label}: row {number}", fix="shorten the cell; card text is far shorter")


def _check_closed(text: str, line: int, number: int, label: str) -> None:
    """Refuse a quote opened in the last row and never closed: it swallows every line after it."""
    tail = io.StringIO("".join(text.splitlines(keepends=True)[line - 1:]), newline="")
    try:
        for _ in csv.reader(tail, strict=True):
            pass
    except csv.Error as exc:
        if "unexpected end of data" in str(exc):
            raise PnpError(f"a quote (\") opens in this row (line {line} of the file) and is never closed, so "
                           "every line after it is read into one cell", where=f"{label}: row {number}",
                           fix="add the closing quote; a cell spans several lines only when its closing quote "
                               "comes on a later line, so an unclosed one is a mistake") from None


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
        raise PnpError(f"count {str(count)!r} is not a whole number of copies", where=f"{where}, column count",
                       fix="write 0 or a positive whole number")
    if count > MAX_COUNT:
        raise PnpError(f"count {count} is more than the limit of {MAX_COUNT} copies", where=f"{where}, column count",
                       fix=f"split the row or print fewer copies (at most {MAX_COUNT})")
    return count
