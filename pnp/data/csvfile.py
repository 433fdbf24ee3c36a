"""CSV files: bytes decoded, records read into a Table, a quote left open refused."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from pnp.data.files import read_regular
from pnp.data.quotes import swallowed, whole_number_columns
from pnp.data.table import Row, RowProblem, Table, header_columns, record_row
from pnp.errors import PnpError
from pnp.limits import MAX_CELL_CHARS, MAX_CSV_BYTES

MAX_CSV_LINES = 1_000_000  # lines in one CSV file, empty ones included: card data is a few thousand at most


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


def read_csv(path: Path, label: str, encoding: str | None = None) -> Table:
    """Read a CSV file into a Table, checking its header, sizes and counts; rows a quote swallowed are noted."""
    text = decode(_read_bytes(path, label), label, encoding)
    _check_line_count(text, label)
    lines = list(io.StringIO(text, newline=""))
    reader = csv.reader(iter(lines))
    columns = header_columns(_next_record(reader, label, 1), label, "CSV")
    records, number, last_start, start = [], 1, 1, reader.line_num + 1
    while (record := _next_record(reader, label, number + 1)) is not None:
        number += 1
        if record:  # an empty line is no row: it is counted, not kept
            records.append(([_line_feeds(cell) for cell in record], number, start, reader.line_num))
        last_start, start = start, reader.line_num + 1
    _check_closed(lines, last_start, number, label)
    problems = _swallowed_rows(lines, records, columns, label)
    return Table(path, label, columns, _rows(records, columns, problems, label), tuple(problems.values()))


def _check_line_count(text: str, label: str) -> None:
    """Refuse a file of more than MAX_CSV_LINES lines before its lines are split apart."""
    count = text.count("\n") + text.count("\r") - text.count("\r\n")
    if count > MAX_CSV_LINES:
        raise PnpError(f"has {count:,} lines, more than the limit of {MAX_CSV_LINES:,}", where=label,
                       fix="card data is a few thousand lines at most; remove the empty lines or check that this "
                           "is the right file")


def _line_feeds(cell: str) -> str:
    """A cell's line breaks as plain line feeds, however the file was saved (CRLF on Windows, CR on old Macs)."""
    return cell.replace("\r\n", "\n").replace("\r", "\n") if "\r" in cell else cell


def _rows(records: list[tuple[list[str], int, int, int]], columns: tuple[str, ...],
          problems: dict[int, RowProblem], label: str) -> tuple[Row, ...]:
    """The records as Rows; one that cannot be read after a quote swallowed rows names that quote instead."""
    rows = []
    for record, number, _, _ in records:
        try:
            row = record_row(record, columns, number, label)
        except PnpError:
            cause = next((problem for at, problem in problems.items() if at <= number), None)
            if cause is not None:  # the rows after a swallowing quote are read out of step
                raise cause.error() from None
            raise
        if row is not None:
            rows.append(row)
    return tuple(rows)


def _swallowed_rows(lines: list[str], records: list[tuple[list[str], int, int, int]], columns: tuple[str, ...],
                    label: str) -> dict[int, RowProblem]:
    """By row number, each record whose open quote read lines that look like rows of their own into one cell."""
    spanning = [r for r in records if r[3] > r[2]]
    if not spanning:
        return {}
    whole = whole_number_columns([r[0] for r in records if r[3] == r[2]], columns)
    found = (swallowed(lines, first, last, columns, whole, label, number)
             for _, number, first, last in spanning)
    return {problem.rows[0]: problem for problem in found if problem is not None}


def _read_bytes(path: Path, label: str) -> bytes:
    """A CSV file's bytes, refused when missing, not a regular file or over the size limit."""
    return read_regular(path, label, MAX_CSV_BYTES, fix="create the CSV or fix its name in game.yaml",
                        large_fix="card data is a few hundred kB at most; check that this is the right file",
                        kind="CSV file")


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


def _check_closed(lines: list[str], line: int, number: int, label: str) -> None:
    """Refuse a quote opened in the last row and never closed: it swallows every line after it."""
    try:
        for _ in csv.reader(iter(lines[line - 1:]), strict=True):
            pass
    except csv.Error as exc:
        if "unexpected end of data" in str(exc):
            raise PnpError(f"a quote (\") opens in this row (line {line} of the file) and is never closed, so "
                           "every line after it is read into one cell", where=f"{label}: row {number}",
                           fix="add the closing quote; a cell spans several lines only when its closing quote "
                               "comes on a later line, so an unclosed one is a mistake") from None
