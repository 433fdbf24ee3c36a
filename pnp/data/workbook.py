"""Card data in a spreadsheet: one sheet of an .xlsx or .ods workbook read like a CSV file."""

from __future__ import annotations

import datetime
import zipfile
from pathlib import Path
from typing import Any

from pnp.data.files import read_regular
from pnp.data.table import Table, records_table
from pnp.data.workbook_bounds import checked_archive
from pnp.errors import PnpError
from pnp.limits import MAX_CSV_BYTES


def read_workbook(path: Path, label: str, sheet: str | None = None) -> Table:
    """Read the named sheet (or the first) into a Table; messages name the file and the sheet."""
    from python_calamine import CalamineError, CalamineWorkbook
    raw = read_regular(path, label, MAX_CSV_BYTES, fix="create the workbook or fix its name in game.yaml",
                       large_fix="card data is a few hundred kB at most; check that this is the right file",
                       kind="workbook")
    archive = checked_archive(raw, label)
    try:
        workbook = CalamineWorkbook.from_filelike(archive)
        names = list(workbook.sheet_names)
        name = names[0] if sheet is None and names else str(sheet)
        if name not in names:
            raise PnpError(f"no sheet '{name}'", where=label,
                           fix=f"name one of its sheets in game.yaml (sheet: {', '.join(names) or 'none'})")
        rows = workbook.get_sheet_by_name(name).to_python(skip_empty_area=False)
    except (CalamineError, ValueError, OSError, zipfile.BadZipFile) as exc:
        raise PnpError(f"cannot read the workbook: {exc}".replace("\n", " "), where=label,
                       fix="save it again as .xlsx or .ods, or as CSV UTF-8") from None
    where = f"{label}: sheet {name}"
    return records_table(path, where, _within_header([[cell_text(cell) for cell in row] for row in rows], where),
                         f"sheet {name}")


def _within_header(records: list[list[str]], where: str) -> list[list[str]]:
    """The sheet's rows cut (or filled with empty cells) to the named columns; a value right of them is an error."""
    header = records[0] if records else []
    width = max((i + 1 for i, cell in enumerate(header) if cell.strip()), default=0)
    for number, record in enumerate(records[1:], start=2):
        stray = next((i for i, cell in enumerate(record[width:], start=width) if cell.strip()), None)
        if stray is not None:
            raise PnpError(f"a value in column {column_letter(stray)}, which has no name in row 1",
                           where=f"{where}: row {number}", fix="name the column in row 1, or clear the cell")
    return [(record + [""] * width)[:width] for record in records]  # a workbook keeps no trailing empty cells


def column_letter(index: int) -> str:
    """A spreadsheet's column name for a column index from 0: A, B, ... Z, AA, AB ..."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def cell_text(value: Any) -> str:
    """A cell as the text a CSV file would hold: whole numbers without a decimal point, dates in ISO form."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return str(value)
