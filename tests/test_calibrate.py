"""Duplex calibration: the sheet reads the printer's offset, and --back-offset shifts the back pages by it."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from conftest import poppler
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from pnp.build.builder import BuildOptions, build
from pnp.build.calibrate import SCALE_DISTANCE, VERNIER_PITCH, calibration, offset_for, to_front
from pnp.cli.main import main
from pnp.sheet.marks import Line
from pnp.units import MM, PAPER_SIZES, Size


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def seen_from_back(sheet):
    """The front's lines where they show through on the back page (the mirror is its own inverse)."""
    return [to_front(s.line, sheet.paper, sheet.duplex) for s in sheet.front.strokes]


def ticks(lines, x_scale: bool, baseline: float, above: bool):
    """Positions along a scale of the ticks on one side of its baseline."""
    found = []
    for line in lines:
        xs, ys = (line.x1, line.x2), (line.y1, line.y2)
        along, across = (xs, ys) if x_scale else (ys, xs)
        if abs(along[0] - along[1]) < 1e-3 and min(across) >= baseline - 8 and max(across) <= baseline + 8:
            if (min(across) >= baseline - 1e-3) == above:
                found.append(along[0])
    return found


def reading(front, back, centre, coarse):
    """What a user reads on a scale: the aligned tick pair nearest the coarse reading."""
    aligned = []
    for position in back:
        gap = min(abs(position - f) for f in front)
        step = round((position - centre) / VERNIER_PITCH)
        aligned.append((gap, step))
    best_gap = min(gap for gap, _ in aligned)
    candidates = [offset_for(step) for gap, step in aligned if gap <= best_gap + 1e-6]  # repeats every 1 mm
    return min(candidates, key=lambda value: abs(value - coarse))


@settings(max_examples=60, deadline=None)
@given(paper=st.sampled_from(["a4", "letter"]), duplex=st.sampled_from(["long", "short"]),
       error=st.tuples(st.floats(-4.9, 4.9), st.floats(-4.9, 4.9)))
def test_the_scales_read_the_offset_that_cancels_the_printer_error(paper, duplex, error):
    size = Size(*PAPER_SIZES[paper])
    sheet = calibration(size, duplex)
    ex, ey = error  # where the printer puts the back, seen on the back: right and up
    back = [Line(s.line.x1 + ex, s.line.y1 + ey, s.line.x2 + ex, s.line.y2 + ey) for s in sheet.back.strokes]
    front = seen_from_back(sheet)
    cx, cy = size.width / 2, size.height / 2
    coarse = (round(-ex * 2) / 2, round(-ey * 2) / 2)  # the crosshair on the grid, to half a millimetre
    x_base, y_base = cy - SCALE_DISTANCE, cx + SCALE_DISTANCE  # the front's; the back's moved with the error
    read_x = reading(ticks(front, True, x_base, False), ticks(back, True, x_base + ey, True), cx + ex, coarse[0])
    read_y = reading(ticks(front, False, y_base, False), ticks(back, False, y_base + ex, True), cy + ey, coarse[1])
    assert read_x == pytest.approx(-ex, abs=0.051) and read_y == pytest.approx(-ey, abs=0.051)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_crosshair_and_grid_centre_lie_back_to_back(duplex):
    size = Size(*PAPER_SIZES["a4"])
    sheet = calibration(size, duplex)
    cross = [s.line for s in sheet.front.strokes if s.width > 0.5 and abs(s.line.x1 - s.line.x2) > 20]
    assert cross and all(line.y1 == line.y2 == size.height / 2 for line in cross)
    assert any(s.line.x1 == s.line.x2 == size.width / 2 for s in sheet.back.strokes)


def pdf_lines(page):
    """Every straight line drawn on a PDF page, in mm."""
    found, start = [], None
    for operands, op in page.get_contents().operations:
        if op == b"m":
            start = [float(v) / MM for v in operands]
        elif op == b"l":
            end = [float(v) / MM for v in operands]
            found.append(Line(start[0], start[1], end[0], end[1]))
    return found


@pytest.mark.parametrize("paper,duplex", [("a4", "long"), ("a4", "short"), ("letter", "long"), ("letter", "short")])
def test_calibration_pdf_pages_and_where_the_scales_are(tmp_path, paper, duplex):
    out = tmp_path / "cal.pdf"
    result = run("calibrate", "--paper", paper, "--duplex", duplex, "--out", str(out))
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    size = Size(*PAPER_SIZES[paper])
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(size.width * MM)
        assert float(page.mediabox.height) == pytest.approx(size.height * MM)
    cx, cy = size.width / 2, size.height / 2
    front, back = pdf_lines(reader.pages[0]), pdf_lines(reader.pages[1])
    # the back's Y scale is right of centre; the front's matching ticks lie behind it: mirrored for a long edge
    y_front = cx - SCALE_DISTANCE if duplex == "long" else cx + SCALE_DISTANCE
    assert len(ticks(back, False, cx + SCALE_DISTANCE, True)) == 101
    assert len(ticks(front, False, y_front, False if duplex == "short" else True)) == 101
    # the X scale is below centre on the back; behind it on the front: the same height (long) or mirrored (short)
    x_front = cy - SCALE_DISTANCE if duplex == "long" else cy + SCALE_DISTANCE
    assert len(ticks(back, True, cy - SCALE_DISTANCE, True)) == 101
    assert len(ticks(front, True, x_front, duplex == "short")) == 101
    text = poppler("pdftotext", "-f", "1", "-l", "1", str(out), "-")
    assert f"--duplex {duplex} --back-offset X,Y" in text and "50 mm" in text
    numbers = re.findall(r"[+-]\d(?:\.5)?|\b0\b", poppler("pdftotext", "-f", "2", "-l", "2", str(out), "-"))
    assert "+4.5" in numbers and "-5" in numbers


def test_calibrate_default_name_and_bad_duplex(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("calibrate").exit_code == 0
    assert (tmp_path / "calibration-a4-long.pdf").exists()
    assert run("calibrate", "--duplex", "none").exit_code == 2


@pytest.fixture(scope="module")
def shifted(tmp_path_factory, repo):
    """Standard deck (portrait sheets) and the Eitsuku player aid (landscape sheets), without and with an offset."""
    game = repo.load_game("eitsuku")
    games = [repo.load_game("standard_deck"),
             game._replace(components=tuple(c for c in game.components if c.name == "player_aid"))]
    plain, moved = tmp_path_factory.mktemp("plain"), tmp_path_factory.mktemp("moved")
    build(repo, games, BuildOptions(plain))
    build(repo, games, BuildOptions(moved, back_offset=(0.5, -1.0)))
    return plain, moved


def operations(page):
    """The page's content stream as (operator, operands written out)."""
    return [(op, [str(v) for v in operands]) for operands, op in page.get_contents().operations]


@pytest.mark.parametrize("pdf,shift", [("standard_deck/standard_deck-a4.pdf", (0.5, -1.0)),
                                       ("eitsuku/eitsuku-a4.pdf", (-1.0, -0.5))])
def test_back_pages_move_by_the_offset_and_fronts_do_not(shifted, pdf, shift):
    plain, moved = (PdfReader(folder / pdf) for folder in shifted)
    assert len(plain.pages) == len(moved.pages)
    landscape = float(plain.pages[0].mediabox.width) > float(plain.pages[0].mediabox.height)
    assert landscape == (pdf.startswith("eitsuku"))  # player aids are printed on landscape sheets
    for index, (before, after) in enumerate(zip(plain.pages, moved.pages)):
        ops_before, ops_after = operations(before), operations(after)
        if index % 2 == 0:
            assert ops_after == ops_before
        else:  # the whole back page moves: after the page's set-up, a translation, then what it drew before
            op, operands = ops_after[1]
            matrix = [float(v) for v in operands]
            assert op == b"cm" and matrix[:4] == [1, 0, 0, 1]
            assert matrix[4:] == pytest.approx([shift[0] * MM, shift[1] * MM], abs=1e-3)
            assert ops_after[:1] + ops_after[2:] == ops_before


def test_print_shop_files_ignore_the_offset(shifted):
    plain, moved = shifted
    for pdf in plain.rglob("print-shop/*.pdf"):
        assert (moved / pdf.relative_to(plain)).read_bytes() == pdf.read_bytes(), pdf.name


@pytest.mark.parametrize("value", ["abc", "1", "1,2,3", "", "nan,0", "1,inf", "10.5,0", "0,-11"])
def test_bad_back_offset_is_a_usage_error_naming_the_option(project, value):
    result = CliRunner().invoke(main, ["build", "--project", str(project), "--back-offset", value])
    assert result.exit_code == 2
    assert "--back-offset" in result.output and "Traceback" not in result.output
    assert not (project / "output").exists()


def test_negative_back_offset_builds(project):
    result = run("build", "--project", str(project), "--back-offset", "-0.5,1")
    assert result.exit_code == 0, result.output
