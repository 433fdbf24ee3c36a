"""Swallowed rows: a quoted cell left open on its line that reads lines looking like rows of their own into itself."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence

from pnp.data.table import RowProblem

_FIELD = r'(?:"(?:[^"]|"")*"|[^",\r\n]*)'
WELL_FORMED = re.compile(rf"{_FIELD}(?:,{_FIELD})*")  # a record of cleanly quoted or unquoted cells
ROW_LINES = 20  # lines a row that starts inside a swallowed cell may span
WHOLE = re.compile(r"-?(0|[1-9][0-9]*)")


def swallowed(lines: Sequence[str], first: int, last: int, columns: tuple[str, ...], whole_columns: set[int],
              label: str, number: int) -> RowProblem | None:
    """The problem of a record over lines first..last (1-based) whose open quote swallowed rows; None if none did."""
    width = len(columns)
    starts = [line for line in range(first + 1, last + 1) if _row_starts(lines, line, width, whole_columns)]
    for index, start in enumerate(starts):
        before = "".join(lines[first - 1:start - 1])
        opened = _open_quote(before)
        closed = _closes_into_row(before, opened, width) if opened is not None else None
        if opened is not None and closed is not None:
            column = columns[opened[1]] if opened[1] < width else f"{opened[1] + 1}"
            close = first + len(list(io.StringIO(before[:closed], newline=""))) - 1
            return _problem(label, number, column, first, close, starts[index:])
    return None


def _problem(label: str, number: int, column: str, first: int, close: int, rows: list[int]) -> RowProblem:
    """The problem, naming the line the quote opens on, the line to close it on and the lines it swallows."""
    shown = ", ".join(str(line) for line in rows)
    one = len(rows) == 1
    what = f"line {shown}, which looks like a row of its own, is" if one else \
        f"lines {shown}, which look like rows of their own, are"
    closed = "on that line" if close == first else f"by line {close}"
    return RowProblem(label, (number,), column,
                      f"the quote (\") opening column {column} on line {first} of the file is not closed {closed}, "
                      f"so {what} read into this cell",
                      f"close the quote on line {close} (a cell that really spans several lines can write its "
                      "line breaks as \\n)")


def whole_number_columns(records: list[list[str]], columns: tuple[str, ...]) -> set[int]:
    """The columns every filled cell of which holds a whole number (and `count`), by index."""
    found = {i for i, name in enumerate(columns) if name == "count"}
    for index in range(len(columns)):
        cells = [r[index].strip() for r in records if index < len(r) and r[index].strip()]
        if cells and all(WHOLE.fullmatch(cell) for cell in cells):
            found.add(index)
    return found


def _open_quote(line: str) -> tuple[int, int] | None:
    """(position, column index) of a quote opened on this line and still open at its end; None if none is."""
    text = line.rstrip("\r\n")
    column, at, quoted, start, opened = 0, 0, False, True, -1
    while at < len(text):
        char = text[at]
        if quoted:
            if char == '"' and text[at + 1:at + 2] == '"':
                at += 1
            elif char == '"':
                quoted = False
        elif char == '"' and start:
            quoted, opened = True, at
        elif char == ",":
            column += 1
        start = char == "," and not quoted
        at += 1
    return (opened, column) if quoted else None


def _closes_into_row(text: str, opened: tuple[int, int], width: int) -> int | None:
    """Where one closing quote, at the end of some cell after the opening one, makes the text a whole row; or None."""
    text = text.rstrip("\r\n")
    ends = [at for at in range(opened[0] + 1, len(text)) if text[at] == ","] + [len(text)]
    return next((end for end in ends if _cells(text[:end] + '"' + text[end:]) == width), None)


def _row_starts(lines: Sequence[str], line: int, width: int, whole_columns: set[int]) -> bool:
    """Tell whether a clean row starts on this line: the header's number of cells, numbers where numbers go."""
    for end in range(line, min(line + ROW_LINES, len(lines) + 1)):
        text = "".join(lines[line - 1:end]).rstrip("\r\n")
        if WELL_FORMED.fullmatch(text):
            cells = next(csv.reader(io.StringIO(text, newline="")), [])
            return len(cells) == width and all(not cells[i].strip() or WHOLE.fullmatch(cells[i].strip())
                                                for i in whole_columns)
    return False


def _cells(text: str) -> int:
    """The number of cells of a well-formed line of CSV, 0 for a line that is not one."""
    if not WELL_FORMED.fullmatch(text):
        return 0
    return len(next(csv.reader(io.StringIO(text, newline="")), []))
