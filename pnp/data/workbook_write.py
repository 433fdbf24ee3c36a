"""Writing one table as an .xlsx or .ods workbook (for `pnp new --data`), the same bytes for the same rows."""

from __future__ import annotations

import datetime
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

Cell = str | int
FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # zip entries carry no real time, so the file does not change between runs
ODS_MIME = "application/vnd.oasis.opendocument.spreadsheet"
ODS_MANIFEST = f"""<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">
 <manifest:file-entry manifest:full-path="/" manifest:media-type="{ODS_MIME}"/>
 <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
</manifest:manifest>
"""
ODS_NAMESPACES = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
                  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
                  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"')


def write_workbook(path: Path, sheet: str, rows: list[list[Cell]]) -> None:
    """Write rows to the one sheet of a new workbook; the format follows the suffix (.xlsx or .ods)."""
    if path.suffix.lower() == ".ods":
        write_ods(path, sheet, rows)
    else:
        write_xlsx(path, sheet, rows)


def write_xlsx(path: Path, sheet: str, rows: list[list[Cell]]) -> None:
    """An .xlsx workbook with a bold header row; numbers stay numbers, text cells may hold several lines."""
    import xlsxwriter
    workbook = xlsxwriter.Workbook(str(path))
    workbook.set_properties({"created": datetime.datetime(2000, 1, 1)})
    worksheet = workbook.add_worksheet(sheet)
    bold, wrap = workbook.add_format({"bold": True}), workbook.add_format({"text_wrap": True, "valign": "top"})
    for number, row in enumerate(rows):
        for column, value in enumerate(row):
            if isinstance(value, int):
                worksheet.write_number(number, column, value)
            elif value != "":
                worksheet.write_string(number, column, value, bold if number == 0 else wrap)
    worksheet.freeze_panes(1, 0)
    workbook.close()


def write_ods(path: Path, sheet: str, rows: list[list[Cell]]) -> None:
    """A minimal OpenDocument spreadsheet: the mimetype, a manifest and the content."""
    body = "".join("<table:table-row>" + "".join(_ods_cell(value) for value in row) + "</table:table-row>"
                   for row in rows)
    content = (f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content {ODS_NAMESPACES}>'
               f"<office:body><office:spreadsheet><table:table table:name={quoteattr(sheet)}>{body}"
               "</table:table></office:spreadsheet></office:body></office:document-content>\n")
    with zipfile.ZipFile(path, "w") as archive:
        for name, data, method in (("mimetype", ODS_MIME, zipfile.ZIP_STORED),
                                   ("META-INF/manifest.xml", ODS_MANIFEST, zipfile.ZIP_DEFLATED),
                                   ("content.xml", content, zipfile.ZIP_DEFLATED)):
            archive.writestr(zipfile.ZipInfo(name, FIXED_TIME), data.encode("utf-8"), compress_type=method)


def _ods_cell(value: Cell) -> str:
    """One table cell: a number, a text of one paragraph per line, or empty."""
    if isinstance(value, int):
        return f'<table:table-cell office:value-type="float" office:value="{value}"><text:p>{value}</text:p>' \
               "</table:table-cell>"
    if value == "":
        return "<table:table-cell/>"
    lines = "".join(f"<text:p>{escape(line)}</text:p>" for line in value.split("\n"))
    return f'<table:table-cell office:value-type="string">{lines}</table:table-cell>'
