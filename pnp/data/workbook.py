"""Card data in a spreadsheet: one sheet of an .xlsx or .ods workbook read like a CSV file."""

from __future__ import annotations

import datetime
import re
import zipfile
from pathlib import Path
from typing import Any

from pnp.data.table import Table, records_table
from pnp.errors import PnpError
from pnp.limits import MAX_CSV_BYTES, MAX_SHEET_CELLS

WORKBOOKS = {".xlsx", ".xlsm", ".ods"}
SHEET_XML = re.compile(r"xl/worksheets/[^/]+\.xml")
CELL_REF = re.compile(r"([A-Z]{1,3})([0-9]{1,7})")
ODS_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
ODS_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"


def read_workbook(path: Path, label: str, sheet: str | None = None) -> Table:
    """Read the named sheet (or the first) into a Table; messages name the file and the sheet."""
    from python_calamine import CalamineError, CalamineWorkbook
    if not path.is_file():
        raise PnpError("file not found", where=label, fix="create the workbook or fix its name in game.yaml")
    if path.stat().st_size > MAX_CSV_BYTES:
        raise PnpError(f"the file is larger than the limit of {MAX_CSV_BYTES // 2**20} MB", where=label,
                       fix="card data is a few hundred kB at most; check that this is the right file")
    try:
        _check_extent(path, label)
        workbook = CalamineWorkbook.from_path(str(path))
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


def _check_extent(path: Path, label: str) -> None:
    """Refuse a sheet spanning more than MAX_SHEET_CELLS: it is read as a full grid, empty cells too."""
    with zipfile.ZipFile(path) as archive:
        extents = _ods_extents(archive) if path.suffix.lower() == ".ods" else _xlsx_extents(archive)
        for rows, columns in extents:
            if rows * columns > MAX_SHEET_CELLS:
                raise PnpError(f"a sheet spans {columns} columns by {rows} rows, more than the limit of "
                               f"{MAX_SHEET_CELLS} cells", where=label,
                               fix="clear the cells far right of or below the cards (select them, Delete)")


def _xlsx_extents(archive: zipfile.ZipFile):
    """(rows, columns) each worksheet spans up to its last cell with a value, from the cells' references."""
    from lxml import etree
    for name in filter(SHEET_XML.fullmatch, archive.namelist()):
        rows = columns = 0
        with archive.open(name) as xml:
            for _, element in etree.iterparse(xml, tag="{*}c", resolve_entities=False, no_network=True):
                ref = CELL_REF.fullmatch(element.get("r") or "")
                if ref is not None and len(element):  # a value, a formula or inline text; styled blanks are not read
                    rows, columns = max(rows, int(ref[2])), max(columns, _column_number(ref[1]))
                element.clear()
        yield rows, columns


def _ods_extents(archive: zipfile.ZipFile):
    """(rows, columns) each table spans up to its last filled cell, repeated rows and cells counted out."""
    from lxml import etree
    rows = columns = row = 0
    with archive.open("content.xml") as xml:
        for event, element in etree.iterparse(xml, events=("start", "end"), tag=(f"{{{ODS_TABLE}}}table",
                                              f"{{{ODS_TABLE}}}table-row"), resolve_entities=False, no_network=True):
            if element.tag.endswith("}table"):
                if event == "end":
                    yield rows, columns
                rows = columns = row = 0
            elif event == "end":
                repeat, filled = _repeat(element, "rows"), _filled_width(element)
                if filled:
                    rows, columns = row + repeat, max(columns, filled)
                row += repeat
                element.clear()


def _filled_width(row) -> int:
    """The columns an .ods row spans up to its last cell with content."""
    column = filled = 0
    for cell in row:
        column += _repeat(cell, "columns")
        if len(cell) or cell.get(f"{{{ODS_OFFICE}}}value-type"):
            filled = column
    return filled


def _repeat(element, what: str) -> int:
    """How many times an .ods row or cell stands repeated."""
    value = element.get(f"{{{ODS_TABLE}}}number-{what}-repeated", "1")
    return int(value) if value.isdigit() else 1


def _column_number(letters: str) -> int:
    """A spreadsheet column's number from its letters: A is 1, Z 26, AA 27."""
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def _within_header(records: list[list[str]], where: str) -> list[list[str]]:
    """Cut the sheet's rows to the named columns; a value right of the last column name is an error."""
    header = records[0] if records else []
    width = max((i + 1 for i, cell in enumerate(header) if cell.strip()), default=0)
    for number, record in enumerate(records[1:], start=2):
        stray = next((i for i, cell in enumerate(record[width:], start=width) if cell.strip()), None)
        if stray is not None:
            raise PnpError(f"a value in column {column_letter(stray)}, which has no name in row 1",
                           where=f"{where}: row {number}", fix="name the column in row 1, or clear the cell")
    return [record[:width] for record in records]


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
