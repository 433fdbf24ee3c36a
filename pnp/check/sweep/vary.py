"""`pnp check --vary`: which cells a sweep varies and to which values, checked, and each variant's data.

A variant is the project read with one cell holding another value (pnp.data.cells): the data is loaded in this
process and shared with the workers, and nothing is written into the project folder.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from dataclasses import dataclass
from typing import Any

from pnp.data.cells import Cell, CellValues
from pnp.data.read import read_table
from pnp.data.table import INTEGER, Table
from pnp.errors import PnpError, UsageError
from pnp.limits import MAX_CELL_CHARS
from pnp.project.games import Project
from pnp.sim import GameSpec

MAX_VALUES = 50  # values of one --vary
MAX_VARIANTS = 400  # variants of a whole check (every --vary, before player counts)
MAX_STEP = 1000  # the N of ±N
SYNTAX = re.compile(r"(?P<file>[^:=]+):(?P<row>[^:=]+):(?P<column>[^=]+)=(?P<values>.*)", re.S)
RANGE = re.compile(r"(-?\d{1,6})\.\.(-?\d{1,6})")
STEP = re.compile(r"(?:±|\+-|\+/-)(\d{1,4})")
WHERE = "pnp check --vary"
FIX = "write FILE:ROW:COLUMN=V1,V2,... (values, A..B or ±N), e.g. card_data/mygame/cards.csv:3:points=1..7"


@dataclass(frozen=True)
class Vary:
    """One --vary as written: a file, a row number (None: every row), a column and the values asked for."""

    text: str
    file: str
    row: int | None
    column: str
    values: tuple[str, ...]  # literal values (A..B spelled out), or ()
    step: int | None  # ±N: each row's value minus N and plus N


@dataclass(frozen=True)
class SweptCell:
    """One cell a sweep varies: where it is, the card's name, its value in the file and the values it takes."""

    cell: Cell
    name: str
    base: str
    values: tuple[str, ...]


def parse_vary(text: str) -> Vary:
    """One --vary option, its syntax checked (a usage error when it does not parse)."""
    match = SYNTAX.fullmatch(text.strip())
    if match is None:
        raise UsageError(f"'{text}' is not FILE:ROW:COLUMN=VALUES", where=WHERE, fix=FIX)
    row_text, items = match["row"].strip(), [item.strip() for item in match["values"].split(",")]
    if row_text != "*" and not row_text.isdigit():
        raise UsageError(f"row '{row_text}' of '{text}' is not a row number or *", where=WHERE, fix=FIX)
    if any(not item for item in items):
        raise UsageError(f"'{text}' has an empty value", where=WHERE, fix=FIX)
    steps = [STEP.fullmatch(item) for item in items]
    if any(steps):
        if len(items) > 1 or steps[0] is None or int(steps[0][1]) < 1:
            raise UsageError(f"'{text}': ±N stands alone, with N from 1 to {MAX_STEP}", where=WHERE, fix=FIX)
        step = int(steps[0][1])
        if step > MAX_STEP:
            raise UsageError(f"'{text}': ±N stands alone, with N from 1 to {MAX_STEP}", where=WHERE, fix=FIX)
        return Vary(text, match["file"].strip(), None if row_text == "*" else int(row_text), match["column"].strip(),
                    (), step)
    if row_text == "*":
        raise UsageError(f"'{text}': every row (*) takes ±N, each row's value minus N and plus N", where=WHERE,
                         fix="write for example card_data/mygame/cards.csv:*:points=±1")
    values = _spelled_out(items, text)
    return Vary(text, match["file"].strip(), int(row_text), match["column"].strip(), values, None)


def _spelled_out(items: list[str], text: str) -> tuple[str, ...]:
    """The values of a list, each A..B spelled out, at most MAX_VALUES in all, each once."""
    values: list[str] = []
    for item in items:
        found = RANGE.fullmatch(item)
        if found is None:
            values.append(item)
            continue
        low, high = int(found[1]), int(found[2])
        if high < low or high - low >= MAX_VALUES:
            raise UsageError(f"'{item}' in '{text}' is no range of at most {MAX_VALUES} values", where=WHERE,
                             fix="write A..B with A at most B, e.g. 1..7")
        values += [str(value) for value in range(low, high + 1)]
    if len(values) > MAX_VALUES:
        raise UsageError(f"'{text}' asks for {len(values)} values, more than the limit of {MAX_VALUES}",
                         where=WHERE, fix="sweep fewer values at once")
    if len(set(values)) < len(values):
        repeated = next(value for value in values if values.count(value) > 1)
        raise UsageError(f"'{text}' names the value {repeated} twice", where=WHERE, fix="name each value once")
    return tuple(values)


def swept_cells(project: Project, game: str, vary: Vary) -> list[SweptCell]:
    """The cells one --vary sweeps, checked against the file (a bad file, row, column or value is one line)."""
    table = _table(project, game, vary)
    if vary.column not in table.columns:
        close = difflib.get_close_matches(vary.column, table.columns, n=1)
        hint = f"did you mean '{close[0]}'? " if close else ""
        raise PnpError(f"no column '{vary.column}'", where=f"{table.label}: row 1 ({vary.text})",
                       fix=f"{hint}columns: {', '.join(table.columns)}")
    rows = table.rows if vary.row is None else [row for row in table.rows if row.number == vary.row]
    if not rows:
        numbers = f"rows {table.rows[0].number} to {table.rows[-1].number}" if table.rows else "no rows"
        raise PnpError(f"no row {vary.row} ({vary.text})", where=table.label,
                       fix=f"name a card's row as error messages count them (the header is row 1; the file has "
                           f"{numbers})")
    cells = []
    for row in rows:
        value, cell = row.values[vary.column], Cell(table.label, row.number, vary.column)
        if vary.step is not None and not (isinstance(value, int) or INTEGER.fullmatch(str(value).strip())):
            if vary.row is None:
                continue  # every row: the rows without a whole number in the column are left out
            raise PnpError(f"{str(value)!r} is not a whole number, so ±{vary.step} cannot vary it", where=str(cell),
                           fix="vary it with a list of values instead")
        values = _step(int(value), vary.step) if vary.step is not None else vary.values
        for text in values:
            if len(text) > MAX_CELL_CHARS:
                raise PnpError(f"a value of {len(text)} characters, more than the limit of {MAX_CELL_CHARS}",
                               where=str(cell), fix="shorten the value")
        cells.append(SweptCell(cell, _name(row.values, row.number), str(value), values))
    if not cells:
        raise PnpError(f"no row holds a whole number in column {vary.column}", where=f"{table.label} ({vary.text})",
                       fix="vary a column of numbers with ±N")
    return cells


def _step(value: int, step: int) -> tuple[str, ...]:
    """A whole number minus and plus the step."""
    return str(value - step), str(value + step)


def _name(values: dict[str, Any], number: int) -> str:
    """A row's name for the report: its name column, else its first cell, else its row number."""
    for key in ("name", "title", "id"):
        if str(values.get(key, "")).strip():
            return str(values[key]).strip()
    first = next((str(value).strip() for value in values.values() if str(value).strip()), "")
    return first or f"row {number}"


def _table(project: Project, game: str, vary: Vary) -> Table:
    """The file a --vary names, read as the print reads it (refused when it is not a data file of the project)."""
    path = project.root / vary.file
    label = project.label(path)
    resolved = project.confined(path, f"{WHERE} {vary.text}")
    if not resolved.is_file():
        raise PnpError(f"no file '{vary.file}' in the project", where=f"{WHERE} {vary.text}",
                       fix=f"name a data file the simulation reads, relative to the project folder, "
                           f"e.g. card_data/{game}/cards.csv")
    return read_table(resolved, label, project.manifest(game).get("encoding"))


def variant_data(project: Project, spec: GameSpec, swept: SweptCell, value: str) -> Any:
    """The simulation's data with one cell read as `value` (the file is not touched); refused when the
    simulation does not read that file or that row."""
    cells = CellValues(((swept.cell, value),))
    variant = dataclasses.replace(project, cells=cells)
    try:
        data = spec.load(variant)
    except PnpError as exc:
        raise PnpError(f"with {swept.cell.column} = {value}: {exc.problem}", where=exc.where, fix=exc.fix) from None
    except Exception as exc:  # the simulation's own reading of a value it does not expect: one line, no traceback
        raise PnpError(f"the {spec.name} simulation cannot read {value!r}: {type(exc).__name__}: {exc}",
                       where=str(swept.cell), fix="give a value the simulation reads") from None
    if swept.cell not in cells.read:
        raise PnpError(f"the {spec.name} simulation does not read this row", where=str(swept.cell),
                       fix="vary a row of a file the simulation reads (a card it deals)")
    return data
