"""Boards larger than the paper: tiles reassemble to the exact piece, overlaps glue, every tile printable."""

from __future__ import annotations

import pytest
from conftest import ROOT, poppler
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from pnp.build.builder import BuildOptions, build
from pnp.project.games import Project, select_components
from pnp.sheet.grid import PRINTER_MARGIN
from pnp.sheet.tiles import OVERLAP, covered_area, tile_marks, tile_piece
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


@settings(max_examples=100, deadline=None)
@given(w=st.floats(50, 1200), h=st.floats(50, 1200), bleed=st.floats(0, 5),
       paper=st.sampled_from(["a4", "letter", "a3"]))
def test_tile_cut_marks_stay_inside_the_printer_margin(w, h, bleed, paper):
    tiling = tile_piece(Size(w + 2 * bleed, h + 2 * bleed), Size(*PAPER_SIZES[paper]))
    page = tiling.page
    for tile in tiling.tiles:
        lines = tile_marks(tile, tiling, bleed)
        assert lines
        for line in lines:
            for x, y in ((line.x1, line.y1), (line.x2, line.y2)):
                assert PRINTER_MARGIN - 1e-9 <= x <= page.width - PRINTER_MARGIN + 1e-9
                assert PRINTER_MARGIN - 1e-9 <= y <= page.height - PRINTER_MARGIN + 1e-9


def _hairlines(page) -> list[tuple[float, ...]]:
    """Every line drawn at the marks' hairline width: (x1, y1, x2, y2) in mm."""
    found, width, start = [], None, None
    for operands, op in page.get_contents().operations:
        if op == b"w":
            width = float(operands[0])
        elif op == b"m":
            start = tuple(float(v) / MM for v in operands)
        elif op == b"l" and width == 0.25:
            found.append(start + tuple(float(v) / MM for v in operands))
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiled_boards_marks_have_full_length_inside_the_margin_and_the_last_tile_glues_onto_the_others(paper, tmp_path):
    project = Project(ROOT)
    games = [select_components(project.load_game("torite4to6"), ("board",)),
             select_components(project.load_game("ghost_couple"), ("field_mat",))]
    for game in games:
        build(project, [game], BuildOptions(tmp_path, paper=paper, components=(game.components[0].name,)))
    for game, name in (("torite4to6", "board"), ("ghost_couple", "field_mat")):
        pdf = tmp_path / game / f"{game}-{name}-{paper}.pdf"
        reader = PdfReader(pdf)
        for page in reader.pages:
            width, height = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
            lines = _hairlines(page)
            assert len(lines) == 8  # two cut lines each way, a mark at both ends of each
            for x1, y1, x2, y2 in lines:
                assert min(x1, x2, y1, y2, width - max(x1, x2), height - max(y1, y2)) >= PRINTER_MARGIN - 1e-3
                assert abs(x2 - x1) + abs(y2 - y1) == pytest.approx(3.0, abs=1e-3)
        labels = [poppler("pdftotext", "-f", str(n), "-l", str(n), str(pdf), "-") for n in (1, len(reader.pages))]
        assert "次のシート" not in labels[0] + labels[1]
        assert "のりしろに右のシートを重ねる" in labels[0] or "のりしろに下のシートを重ねる" in labels[0]
        assert any(f"最後のシート: {side}のシートののりしろに重ねる" in labels[1] for side in ("左", "上"))
