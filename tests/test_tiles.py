"""Boards larger than the paper: tiles reassemble to the exact piece, overlaps glue, every tile printable."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from pnp.build.builder import BuildOptions, build
from pnp.project.games import Project
from pnp.sheet.grid import PRINTER_MARGIN
from pnp.sheet.tiles import OVERLAP, covered_area, tile_piece
from pnp.units import MM, PAPER_SIZES, Size


def check_reassembles(piece: Size, paper: Size) -> None:
    tiling = tile_piece(piece, paper)
    assert covered_area(tiling) == pytest.approx(covered_area(tiling))
    area = covered_area(tiling)
    assert (area.x, area.y, area.w, area.h) == pytest.approx((0, 0, piece.width, piece.height))
    grid = {(t.row, t.col): t for t in tiling.tiles}
    assert len(grid) == tiling.rows * tiling.cols
    for (row, col), tile in grid.items():
        page_x, page_y = tile.origin
        assert page_x >= PRINTER_MARGIN - 1e-6 and page_y >= PRINTER_MARGIN - 1e-6
        assert page_x + tile.region.w <= tiling.page.width - PRINTER_MARGIN + 1e-6
        assert page_y + tile.region.h <= tiling.page.height - PRINTER_MARGIN + 1e-6
        right, below = grid.get((row, col + 1)), grid.get((row + 1, col))
        if right:
            assert tile.region.right - right.region.x == pytest.approx(OVERLAP)
            assert right.region.y == pytest.approx(tile.region.y)
        if below:
            assert tile.region.y - below.region.top == pytest.approx(-OVERLAP)
    # Reassembly: the widths of one row minus the overlaps give the piece exactly.
    first_row = [grid[(1, c)] for c in range(1, tiling.cols + 1)]
    assert sum(t.region.w for t in first_row) - OVERLAP * (tiling.cols - 1) == pytest.approx(piece.width)
    first_col = [grid[(r, 1)] for r in range(1, tiling.rows + 1)]
    assert sum(t.region.h for t in first_col) - OVERLAP * (tiling.rows - 1) == pytest.approx(piece.height)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_five_by_five_field_mat(paper):
    check_reassembles(Size(5 * 63 + 4 * 3 + 10 + 6, 5 * 88 + 4 * 3 + 10 + 6), Size(*PAPER_SIZES[paper]))


@settings(max_examples=100, deadline=None)
@given(w=st.floats(50, 1200), h=st.floats(50, 1200), paper=st.sampled_from(["a4", "letter", "a3"]))
def test_any_piece_reassembles(w, h, paper):
    check_reassembles(Size(w, h), Size(*PAPER_SIZES[paper]))


def test_tiled_build_writes_tiles_and_an_a3_file(tmp_path):
    (tmp_path / "card_data/g").mkdir(parents=True)
    (tmp_path / "layouts/g").mkdir(parents=True)
    (tmp_path / "card_data/g/board.csv").write_text("name,count\nボード,1\n", encoding="utf-8")
    (tmp_path / "layouts/g/board.yaml").write_text(
        "size: [250, 380]\nbackground: '#ddeedd'\nelements:\n"
        "  - {type: text, x: 10, y: 10, w: 100, h: 20, text: '{{ name }}'}\n", encoding="utf-8")
    project = Project(tmp_path)
    build(project, [project.load_game("g")], BuildOptions(tmp_path / "out"))
    sheets = PdfReader(tmp_path / "out/g/g-a4.pdf")
    assert len(sheets.pages) == len(tile_piece(Size(256, 386), Size(*PAPER_SIZES["a4"])).tiles) == 3
    a3 = PdfReader(tmp_path / "out/g/g-board-a3.pdf")
    assert len(a3.pages) == 1
    assert sorted([float(a3.pages[0].mediabox.width), float(a3.pages[0].mediabox.height)]) == \
        pytest.approx([297 * MM, 420 * MM])
