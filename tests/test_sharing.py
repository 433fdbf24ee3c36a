"""Shared sheets: a component's first pieces fill the free band of the part-filled sheet before, in a band of their
own with their own marks, backs mirrored behind them; --no-share keeps every component on sheets of its own."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT
from cut_check import placements
from marks_check import assert_every_cut_marked, box_of, inside
from pypdf import PdfReader

from pnp.build.builder import BuildOptions, build
from pnp.cli.main import main
from pnp.project.games import select_components
from pnp.sheet.grid import MIN_MARK, Rect, impose, mirror_rect
from pnp.sheet.marks import sheet_marks
from pnp.sheet.sharing import BELOW, BESIDE, Band, band_grid, band_marks, free_areas, mirrored, yielded
from pnp.units import CARD_SIZES, PAPER_SIZES, Size

A4 = Size(*PAPER_SIZES["a4"])
POKER, MINI = Size(*CARD_SIZES["poker"]), Size(*CARD_SIZES["mini"])
PIECES = ("pieces", "score_markers")  # 鳥手板4to6: 27 standee strips (no backs), then 5 round markers with backs


@pytest.fixture(scope="module")
def shared_pdf(repo, tmp_path_factory) -> Path:
    """鳥手板4to6's standees and score markers built on A4: their sheet file."""
    out = tmp_path_factory.mktemp("shared")
    build(repo, [select_components(repo.load_game("torite4to6"), PIECES)], BuildOptions(out, components=PIECES))
    return out / "torite4to6" / "torite4to6-pieces-score_markers-a4.pdf"


def test_markers_fill_the_band_below_the_last_standees(shared_pdf):
    placed = placements(shared_pdf)
    assert len(placed) == 3  # 24 standees; 3 standees and 5 markers; the markers' backs
    assert [len(page) for page in placed] == [24, 8, 5]
    last_standees, markers = placed[1][:3], placed[1][3:]
    assert max(y for _, y in markers) < min(y for _, y in last_standees) - 2 * 3.5  # below, room for both marks
    reader = PdfReader(shared_pdf)
    assert all(float(p.mediabox.width) < float(p.mediabox.height) for p in reader.pages)  # portrait A4 throughout


def test_marker_backs_are_mirrored_behind_their_fronts(shared_pdf):
    placed = placements(shared_pdf)
    width = 16.0  # a score marker's trim, mm
    fronts, backs = placed[1][3:], placed[2]
    assert sorted((round(A4.width - x - width, 2), round(y, 2)) for x, y in fronts) == \
        sorted((round(x, 2), round(y, 2)) for x, y in backs)


def test_no_share_keeps_each_component_on_its_own_sheets(tmp_path, shared_pdf):
    result = CliRunner().invoke(main, ["build", "torite4to6", "--component", "pieces", "--component",
                                       "score_markers", "--no-share", "--project", str(ROOT), "--out",
                                       str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output
    placed = placements(tmp_path / "torite4to6" / "torite4to6-pieces-score_markers-a4.pdf")
    assert [len(page) for page in placed] == [24, 3, 5, 5]


def _shared(card_a: Size, used: int, card_b: Size):
    """A part-filled A4 grid of card_a and card_b's pieces in the free area below (or beside) it: both bands."""
    grid = impose(card_a, 3.0, A4)
    page = grid.page
    first = Band(grid.printable, _used(grid, used))
    free = max(free_areas(first), key=lambda f: (band_grid(card_b, 3.0, f, page) or grid).per_sheet)
    second_grid = band_grid(card_b, 3.0, free, page)
    assert second_grid is not None
    return yielded(first, free), Band(free.rect, second_grid), free


def _used(grid, count):
    return grid._replace(slots=grid.slots[:count])


def _with_block(band: Band):
    """The band's imposition with its block around its slots, as marks are checked."""
    slots = band.imposition.slots
    left, bottom = min(s.trim.x for s in slots), min(s.trim.y for s in slots)
    block = Rect(left, bottom, max(s.trim.right for s in slots) - left, max(s.trim.top for s in slots) - bottom)
    return band.imposition._replace(block=block)


@pytest.mark.parametrize("card_a, used, card_b, side", [(POKER, 3, MINI, BELOW), (POKER, 6, Size(29, 29), BELOW),
                                                         (Size(100, 148), 1, POKER, BESIDE)])
def test_each_band_is_cut_along_its_own_marks(card_a, used, card_b, side):
    top, bottom, free = _shared(card_a, used, card_b)
    page = top.imposition.page
    assert free.side == side
    assert not top.area.overlaps(bottom.area)
    pieces = [s.clip for band in (top, bottom) for s in band.imposition.slots]
    for band in (top, bottom):
        for axis in (None, "x", "y"):
            side_band = mirrored(band, axis) if axis else band
            marks = band_marks(side_band, lambda imp: sheet_marks(imp, "jp"))
            for line in marks.lines:
                assert inside(box_of(line), side_band.area), line  # a band's marks stay in its band
                flipped = [mirror_rect(p, page, axis) for p in pieces] if axis else pieces
                assert not any(box_of(line).overlaps(p) for p in flipped), line  # and never cross a piece
            assert_every_cut_marked(_with_block(side_band), marks)


def test_bands_keep_room_for_whole_marks_between_them():
    top, bottom, _ = _shared(POKER, 3, MINI)
    gap = min(s.clip.y for s in top.imposition.slots) - max(s.clip.top for s in bottom.imposition.slots)
    assert gap >= 2 * (1.0 + MIN_MARK)


def test_pieces_join_only_where_that_saves_a_sheet(repo, tmp_path):
    """Promotion's deck would take 6 sheets of 9 beside the postcard or not: the postcard keeps its sheet."""
    both = ("postcard", "deck")
    build(repo, [select_components(repo.load_game("promotion"), both)], BuildOptions(tmp_path, components=both))
    placed = placements(tmp_path / "promotion" / "promotion-postcard-deck-a4.pdf")
    assert [len(page) for page in placed] == [1, 1] + [9, 9] * 5 + [7, 7]


def test_cut_lines_are_drawn_on_the_shared_fronts_only(repo, tmp_path):
    """--cut-lines: the standees' lines on both fronts; the back sheet, the markers' backs only, has none."""
    build(repo, [select_components(repo.load_game("torite4to6"), PIECES)],
          BuildOptions(tmp_path, components=PIECES, cut_lines=True))
    reader = PdfReader(tmp_path / "torite4to6" / "torite4to6-pieces-score_markers-a4.pdf")
    grey = [page.get_contents().get_data().count(b".45 .45 .45 RG") for page in reader.pages]
    assert grey == [1 + 1, 2 + 1, 1]  # each band's marks set the grey once (circle guides), the cut lines once
