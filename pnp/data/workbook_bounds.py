"""A workbook's archive read within bounds: sizes from the zip directory first, then every part scanned.

Nothing in a workbook is inflated before the zip directory says it fits, and no part past the size the
directory states; a part that declares a DTD or is XML in an encoding other than UTF-8 is refused, so no
entity is ever expanded; shared strings and the cells a sheet spans are counted before the reader builds a
grid. The reader then gets exactly the checked parts, stored uncompressed, and nothing else.
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from collections.abc import Iterator

from pnp.errors import PnpError
from pnp.limits import (
    MAX_SHARED_CHARS,
    MAX_SHARED_STRINGS,
    MAX_SHEET_CELLS,
    MAX_WORKBOOK_INFLATED,
    MAX_WORKBOOK_PARTS,
)

ATTRIBUTES = r"""((?:\s+[^\s=/>"'<]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*"""  # quoted values hold no "<"
PREFIX = r"(?:[A-Za-z_][\w.-]*:)?"
FILLED_CELL = re.compile(rf"<{PREFIX}c{ATTRIBUTES}>")  # <c ...> with content; <c .../> is a styled blank
SHEET_TOKEN = re.compile(rf"<{PREFIX}(row|c){ATTRIBUTES}(/?)>")
ODS_TOKEN = re.compile(rf"<(/?)table:(table|table-row|table-cell|covered-table-cell)\b{ATTRIBUTES}(/?)>")
CELL_REF = re.compile(r"""\sr\s*=\s*["']([A-Z]{1,3})([0-9]{1,7})["']""")
ROW_REF = re.compile(r"""\sr\s*=\s*["']([0-9]{1,7})["']""")
SHARED_STRING = re.compile(rf"<{PREFIX}si[\s>/]")
TEXT_RUN = re.compile(rf"<{PREFIX}t(?:\s[^<>]*)?>([^<]*)<")
DECLARED_ENCODING = re.compile(r"""<\?xml[^>]*?encoding\s*=\s*["']([^"']*)["']""")
UTF16_STARTS = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff", b"<\x00", b"\x00<")
RESAVE = "save it again as .xlsx or .ods, or as CSV UTF-8"
CLEAR_CELLS = "clear the cells far right of or below the cards (select them, Delete)"


def checked_archive(raw: bytes, label: str) -> io.BytesIO:
    """The workbook's parts, checked, as a new uncompressed archive for the reader."""
    parts = _read_parts(raw, label)
    for name, data in parts:  # every part: a reader finds a sheet by the name the workbook gives it, any name
        _scan(name, data, label)
    stored = io.BytesIO()
    with zipfile.ZipFile(stored, "w", zipfile.ZIP_STORED) as archive:
        for name, data in parts:
            archive.writestr(name, data)
    stored.seek(0)
    return stored


def _read_parts(raw: bytes, label: str) -> list[tuple[str, bytes]]:
    """Every part of the archive, its inflated size checked against the limit before any is read."""
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            infos = [info for info in archive.infolist() if not info.is_dir()]
            if len(infos) > MAX_WORKBOOK_PARTS:
                raise PnpError(f"the workbook has {len(infos)} parts, more than the limit of {MAX_WORKBOOK_PARTS}",
                               where=label, fix=RESAVE)
            inflated = sum(info.file_size for info in infos)
            if inflated > MAX_WORKBOOK_INFLATED:
                raise PnpError(f"the workbook inflates to {inflated // 2**20} MB, more than the limit of "
                               f"{MAX_WORKBOOK_INFLATED // 2**20} MB", where=label,
                               fix="card data is far smaller; clear what is not card data, or save it as CSV UTF-8")
            return [(info.filename, archive.read(info)) for info in infos]  # each read stops at its stated size
    except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, NotImplementedError, RuntimeError, EOFError,
            ValueError, OSError) as exc:
        raise PnpError(f"cannot read the workbook: {_first_line(exc)}", where=label, fix=RESAVE) from None


def _scan(name: str, data: bytes, label: str) -> None:
    """Refuse a DTD or a text encoding other than UTF-8; count shared strings and the cells a sheet spans."""
    text = _xml_text(name, data, label)
    _check_shared_strings(text, name, label)
    _check_extent(_xlsx_extent(text), label)
    if name == "content.xml":  # an .ods workbook's cells
        for extent in _ods_extents(text):
            _check_extent(extent, label)


def _xml_text(name: str, data: bytes, label: str) -> str:
    """A part as text for the scans: XML must be UTF-8 (so nothing hides from them) and declare no DTD."""
    if data.startswith(UTF16_STARTS):
        raise PnpError(f"{name} is not UTF-8 XML", where=label, fix=RESAVE)
    text = data.decode("utf-8-sig", errors="replace")  # a picture scans as noise; a tag is ASCII either way
    declared = DECLARED_ENCODING.match(text)
    if declared and declared[1].lower() not in ("utf-8", "utf8", "us-ascii"):
        raise PnpError(f"{name} is not UTF-8 XML (it declares {declared[1]})", where=label, fix=RESAVE)
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise PnpError(f"{name} declares a DTD (<!DOCTYPE>), which no workbook needs", where=label,
                       fix=f"{RESAVE}; a DTD can make a file expand without bound")
    return text


def _check_shared_strings(text: str, name: str, label: str) -> None:
    """Refuse more shared strings (<si>), or more characters of text in them, than the limits."""
    count = len(SHARED_STRING.findall(text))
    chars = sum(map(len, TEXT_RUN.findall(text))) if count else 0
    if count > MAX_SHARED_STRINGS or chars > MAX_SHARED_CHARS:
        raise PnpError(f"{name} holds {count} shared texts of {chars} characters, more than the limit of "
                       f"{MAX_SHARED_STRINGS} texts or {MAX_SHARED_CHARS} characters", where=label,
                       fix="card data is far smaller; clear what is not card data, or save it as CSV UTF-8")


def _xlsx_extent(text: str) -> tuple[int, int]:
    """(rows, columns) a worksheet spans up to its last cell with a value (styled blanks, <c .../>, are not read)."""
    rows = columns = 0
    for match in FILLED_CELL.finditer(text):
        ref = CELL_REF.search(match[1])
        if ref is None:  # a cell placed by its order in the row: count every row and cell
            return _counted_extent(text)
        rows, columns = max(rows, int(ref[2])), max(columns, column_number(ref[1]))
    return rows, columns


def _counted_extent(text: str) -> tuple[int, int]:
    """(rows, columns) of a worksheet whose cells may lack references, each placed after the one before."""
    rows = columns = row = column = 0
    for match in SHEET_TOKEN.finditer(text):
        ref = CELL_REF.search(match[2])
        if match[1] == "row":
            number = ROW_REF.search(match[2])
            row, column = (int(number[1]) if number else row + 1), 0
        else:
            row, column = (int(ref[2]), column_number(ref[1])) if ref else (max(row, 1), column + 1)
            if not match[3]:
                rows, columns = max(rows, row), max(columns, column)
    return rows, columns


def _ods_extents(text: str) -> Iterator[tuple[int, int]]:
    """(rows, columns) each table of an .ods spans up to its last filled cell, repeated rows and cells counted out."""
    rows = columns = row = column = filled = 0
    for match in ODS_TOKEN.finditer(text):
        closing, tag, attributes, empty = match[1], match[2], match[3] or "", match[4]
        if tag == "table" and not closing:
            rows = columns = row = 0
        elif tag == "table":
            yield rows, columns
        elif tag == "table-row" and not closing:
            row_repeat, column, filled = _repeat(attributes, "rows"), 0, 0
            if empty:
                row += row_repeat
        elif tag == "table-row":
            if filled:
                rows, columns = row + row_repeat, max(columns, filled)
            row += row_repeat
        elif not closing:  # a cell, or a covered cell
            column += _repeat(attributes, "columns")
            if not empty or "office:value-type" in attributes:
                filled = column


def _check_extent(extent: tuple[int, int], label: str) -> None:
    """Refuse a sheet spanning more than MAX_SHEET_CELLS: it is read as a full grid, empty cells too."""
    rows, columns = extent
    if rows * columns > MAX_SHEET_CELLS:
        raise PnpError(f"a sheet spans {columns} columns by {rows} rows, more than the limit of "
                       f"{MAX_SHEET_CELLS} cells", where=label, fix=CLEAR_CELLS)


def _repeat(attributes: str, what: str) -> int:
    """How many times an .ods row or cell stands repeated."""
    value = re.search(rf'table:number-{what}-repeated\s*=\s*["\']([0-9]{{1,9}})["\']', attributes)
    return int(value[1]) if value else 1


def column_number(letters: str) -> int:
    """A spreadsheet column's number from its letters: A is 1, Z 26, AA 27."""
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def _first_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text or type(exc).__name__
