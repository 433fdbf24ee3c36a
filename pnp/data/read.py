"""Reading a data file into a Table: a CSV file, or one sheet of an .xlsx or .ods workbook, skipped rows left out."""

from __future__ import annotations

from pathlib import Path

from pnp.data.csvfile import read_csv
from pnp.data.table import Table, without_skipped

WORKBOOKS = {".xlsx", ".xlsm", ".ods"}  # read as workbooks (pnp.data.workbook, loaded for them alone)


def read_table(path: Path, label: str, encoding: str | None = None, sheet: str | None = None) -> Table:
    """Read a CSV file (or a workbook's sheet) into a checked Table; rows a `skip` column marks are left out."""
    if path.suffix.lower() in WORKBOOKS:
        from pnp.data.workbook import read_workbook
        return without_skipped(read_workbook(path, label, sheet))
    return without_skipped(read_csv(path, label, encoding))
