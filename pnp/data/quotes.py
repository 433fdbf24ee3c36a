"""Swallowed rows: a quoted cell left open on its line that reads lines looking like rows of their own into itself."""

from __future__ import annotations

import csv
import re
from collections.abc import Sequence

from pnp.data.table import RowProblem

_FIELD = r'(?:"(?:[^"\r\n]|"")*"|[^",\r\n]*)'
WELL_FORMED = re.compile(rf"{_FIELD}(?:,{_FIELD})*")  # one line of cleanly quoted or unquoted cells
WHOLE = re.compile(r"-?(0|[1-9][0-9]*)")


def swallowed(lines: Sequence[str], first: int, last: int, columns: tuple[str, ...], whole_columns: set[int],
              label: str, number: int) -> RowProblem | None:
    """The error for a record over lines first..last (1-based) whose open quote swallowed rows; None if it did not."""
    opened = _open_quote(lines[first - 1])
    if opened is None or not _closes_into_row(lines[first - 1], opened, len(columns)):
        return None
    rows = [line for line in range(first + 1, last + 1) if _row_shaped(lines[line - 1], len(columns), whole_columns)]
    if not rows:
        return None
    column = columns[opened[1]] if opened[1] < len(columns) else f"{opened[1] + 1}"
    shown = ", ".join(str(line) for line in rows)
    what = f"line {shown}, which looks like a row" if len(rows) == 1 else f"lines {shown}, which look like rows"
    return RowProblem(label, (number,), column,
                      f"the quote (\") opening column {column} on line {first} of the file is not closed on that "
                      f"line, so {what} of {'its' if len(rows) == 1 else 'their'} own, "
                      f"{'is' if len(rows) == 1 else 'are'} read into this cell",
                      f"close the quote on line {first} (a cell that really spans several lines can write its "
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


def _closes_into_row(line: str, opened: tuple[int, int], width: int) -> bool:
    """Tell whether one closing quote, at the end of some cell after the opening one, makes the line a whole row."""
    text = line.rstrip("\r\n")
    ends = [at for at in range(opened[0] + 1, len(text)) if text[at] == ","] + [len(text)]
    return any(_cells(text[:end] + '"' + text[end:]) == width for end in ends)


def _row_shaped(line: str, width: int, whole_columns: set[int]) -> bool:
    """Tell whether a line read alone is a clean row: the header's number of cells, numbers where numbers go."""
    text = line.rstrip("\r\n")
    if _cells(text) != width:
        return False
    cells = next(csv.reader([text]))
    return all(not cells[i].strip() or WHOLE.fullmatch(cells[i].strip()) for i in whole_columns)


def _cells(text: str) -> int:
    """The number of cells of a well-formed line of CSV, 0 for a line that is not one."""
    if not WELL_FORMED.fullmatch(text):
        return 0
    return len(next(csv.reader([text])))
