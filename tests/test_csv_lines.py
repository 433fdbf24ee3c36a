"""A CSV file of one row and millions of empty lines, under the size limit: refused at once in one line, or, below
the line limit, read without keeping its empty lines, under the 2 GB address-space limit."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from limited import LimitedPnp

from pnp.data.csvfile import MAX_CSV_LINES, read_csv
from pnp.limits import MAX_CSV_BYTES
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold

CSV = "card_data/demo/cards.csv"
EMPTY_LINES = 9_900_000


@pytest.fixture(scope="module")
def limited():
    """pnp under the 2 GB limit."""
    worker = LimitedPnp()
    yield worker
    worker.close()


def padded_project(root: Path, empty_lines: int) -> Path:
    """The example project whose cards.csv keeps its header and first row, then only empty lines."""
    scaffold(Project(root), "demo")
    csv = root / CSV
    header, first = csv.read_bytes().splitlines()[:2]
    csv.write_bytes(header + b"\n" + first + b"\n" + b"\n" * empty_lines)
    assert csv.stat().st_size < MAX_CSV_BYTES
    return root


@pytest.mark.parametrize("command", ["build", "list"])
def test_millions_of_empty_lines_are_refused_in_one_line(tmp_path, limited, command):
    root = padded_project(tmp_path / "project", EMPTY_LINES)
    started = time.monotonic()
    result = limited.run(command, "--project", str(root))
    assert time.monotonic() - started < 10
    message = (f"{CSV}: has {EMPTY_LINES + 2:,} lines, more than the limit of 1,000,000; card data is a few "
               "thousand lines at most; remove the empty lines or check that this is the right file")
    if command == "list":
        assert (result.code, result.stdout.splitlines(), result.stderr) == (1, [f"demo  error: {message}"], "")
    else:
        assert (result.code, result.stderr.splitlines()) == (1, [f"error: {message}"])


def test_empty_lines_up_to_the_limit_are_read_and_not_kept(tmp_path):
    root = padded_project(tmp_path / "project", MAX_CSV_LINES - 2)
    table = read_csv(root / CSV, CSV)
    assert len(table.rows) == 1
