"""One card and then millions of empty lines or rows, in a CSV, a workbook and an .ods under the size limits: a build
ends in one line or builds the one card, in a fresh process whose memory stays under 200 MB."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import hostile_cases as hc
import hostile_files as hf
import pytest

from pnp.limits import MAX_CSV_BYTES
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold

PEAK_MB = 200
XLSX_SHEET = "xl/worksheets/sheet1.xml"

# Runs `pnp ARGS` as the command does, then prints its exit code and its peak memory (VmHWM starts afresh at exec).
CHILD = """
import json, resource, sys
from pnp.cli.main import main
try:
    main(sys.argv[1:], prog_name="pnp")
    code = 0
except SystemExit as exit:
    code = exit.code
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    peak = int(next(l for l in open("/proc/self/status") if l.startswith("VmHWM:")).split()[1])
except OSError:
    pass
print(json.dumps({"code": code, "peak_mb": peak / 1024}), file=sys.stderr)
"""


def _csv(root: Path, empty_lines: int) -> None:
    path = root / hc.CSV
    header, first = path.read_bytes().splitlines()[:2]
    path.write_bytes(header + b"\n" + first + b"\n" + b"\n" * empty_lines)
    assert path.stat().st_size < MAX_CSV_BYTES


def _workbook(root: Path, suffix: str, part: str, before: bytes, empty: bytes, times: int) -> None:
    """The demo's first card in a workbook, with `empty` so many times in its one sheet just before `before`."""
    (root / hc.CSV).unlink()
    path = root / f"card_data/demo/cards{suffix}"
    parts: dict = hf.workbook(path)
    head, _, tail = parts[part].rpartition(before)
    group = 1000 if times % 1000 == 0 else 1
    parts[part] = hf.deflated((head, 1), (empty * group, times // group), (before + tail, 1))
    hf.write_zip(path, parts)
    with zipfile.ZipFile(path) as archive:
        assert archive.getinfo(part).file_size >= len(empty) * times and path.stat().st_size < 2**20


ODS_ROW = b"<table:table-row><table:table-cell/></table:table-row>"
CASES = [
    ("CSV: a card, then 9.9 million empty lines", lambda p: _csv(p, 9_900_000),
     "card_data/demo/cards.csv: has 9,900,002 lines, more than the limit of 1,000,000; card data is a few thousand "
     "lines at most; remove the empty lines or check that this is the right file"),
    ("CSV: a card, then 990,000 empty lines", lambda p: _csv(p, 990_000), None),
    ("xlsx: a card, then a million empty rows", lambda p: _workbook(
        p, ".xlsx", XLSX_SHEET, b"</sheetData>", b"<row/>", 1_048_000), None),
    ("ods: a card, then 100,000 empty rows", lambda p: _workbook(
        p, ".ods", "content.xml", b"</table:table>", ODS_ROW, 100_000), None),
    ("ods: a card, then 5 million empty rows in one element", lambda p: _workbook(
        p, ".ods", "content.xml", b"</table:table>", b'<table:table-row table:number-rows-repeated="5000000">'
        b"<table:table-cell/></table:table-row>", 1), None),
]


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_empty_lines_cost_nothing(tmp_path, case):
    name, change, message = case
    scaffold(Project(tmp_path), "demo")
    change(tmp_path)
    done = subprocess.run([sys.executable, "-c", CHILD, "build", "demo", "--project", str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    *lines, figures = done.stderr.splitlines()
    result = json.loads(figures)
    assert result["peak_mb"] < PEAK_MB, f"{name}: {result['peak_mb']:.0f} MB"
    if message is None:
        assert (result["code"], lines) == (0, []), done.stderr
        assert (tmp_path / "output/demo/print-shop/cards.pdf").exists()
    else:
        assert (result["code"], lines) == (1, [f"error: {message}"])
