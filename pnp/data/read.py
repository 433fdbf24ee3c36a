"""Reading a data file into a Table: a CSV file, or one sheet of an .xlsx or .ods workbook."""

from __future__ import annotations

from pathlib import Path

from pnp.data.csvfile import read_csv
from pnp.data.table import Table
from pnp.data.workbook import WORKBOOKS, read_workbook


def read_table(path: Path, label: str, encoding: str | None = None, sheet: str | None = None) -> Table:
    """Read a CSV file (or an .xlsx/.ods workbook's sheet) into a Table, checking its header, sizes and counts."""
    if path.suffix.lower() in WORKBOOKS:
        return read_workbook(path, label, sheet)
    return read_csv(path, label, encoding)
