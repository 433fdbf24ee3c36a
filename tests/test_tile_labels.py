"""Tiled boards: labels in the reader's language with the piece's title, seams clear of slots and texts, and the
print-shop files of mats and boards."""

from __future__ import annotations

import pytest
from conftest import ROOT
from pypdf import PdfReader

from pnp.build.builder import BuildOptions, build, render_component
from pnp.face.render import Renderer
from pnp.pdf.tiles import seams_avoiding
from pnp.project.games import Project, select_components
from pnp.sheet.tilelabels import is_japanese, tile_label
from pnp.sheet.tiles import OVERLAP, Avoid, Band, tile_piece
from pnp.text.fonts import FontBook
from pnp.units import MM, PAPER_SIZES, Size

A4 = Size(*PAPER_SIZES["a4"])


def test_labels_name_the_title_the_sheet_and_its_place_in_japanese_or_english():
    two_rows = tile_piece(Size(260, 367), A4)
    assert (two_rows.rows, two_rows.cols) == (2, 1)
    top, bottom = two_rows.tiles
    assert tile_label(top, two_rows, "場", True) == "場  1 / 2（上）  のりしろに下のシートを重ねる"
    assert tile_label(bottom, two_rows, "場", True) == "場  2 / 2（下）  最後のシート: 上のシートののりしろに重ねる"
    assert tile_label(top, two_rows, "Field mat", False) == \
        "Field mat  1 / 2 (top)  lay the sheet below over the hatched glue strip"
    assert tile_label(bottom, two_rows, "Field mat", False) == \
        "Field mat  2 / 2 (bottom)  last sheet: lay it over the glue strips of the sheets above"
    four = tile_piece(Size(380, 380), A4)
    assert (four.rows, four.cols) == (2, 2)
    assert [tile_label(t, four, "B", True).split("  ")[1] for t in four.tiles] == \
        ["1 / 4（上段・左）", "2 / 4（上段・右）", "3 / 4（下段・左）", "4 / 4（下段・右）"]
    assert tile_label(four.tiles[0], four, "Board", False) == \
        "Board  1 / 4 (top left)  lay the sheets to the right and below over the hatched glue strip"
    assert is_japanese("「ゴーストカップル」場(5x5)") and is_japanese("鳥手板") and not is_japanese("Board 4to6")


def test_a_seam_moves_off_a_text_within_what_the_paper_allows():
    piece = Size(260, 360)  # two sheets of 185 mm: a seam may move 2.5 mm and keep every mark whole
    equal = tile_piece(piece, A4)
    cut = equal.tiles[1].region.top  # the lower sheet's top edge: the line seen on the glued board
    text = Band(cut - 1, cut + 1, 10.0)
    moved = tile_piece(piece, A4, avoid=Avoid(down=(text,)))
    seen = moved.tiles[1].region.top
    assert not text.low < seen < text.high
    assert moved.tiles[0].region.y == pytest.approx(seen - OVERLAP)
    assert all(t.region.h <= 187.5 for t in moved.tiles)


def test_ghost_couple_field_mat_seam_clears_slot_13s_star_and_texts(tmp_path):
    project = Project(ROOT)
    game = project.load_game("ghost_couple")
    mat = next(c for c in game.components if c.name == "field_mat")
    faces = render_component(mat, Renderer(FontBook(), project.root), A4, lambda n: None).fronts
    bleed, size = mat.front.bleed, mat.piece_size()
    avoid = seams_avoiding([face for _, face in faces], bleed)
    for paper in ("a4", "letter"):
        tiling = tile_piece(Size(size.width + 2 * bleed, size.height + 2 * bleed), Size(*PAPER_SIZES[paper]),
                            avoid=avoid)
        assert (tiling.rows, tiling.cols) == (2, 1)
        seen = tiling.tiles[1].region.top  # piece millimetres from the bottom, bleed included
        from_top = size.height + bleed - seen  # millimetres below the trim's top edge, as the layout counts
        assert 153.5 < from_top < 218.5  # two sheets: the seam crosses the middle row of slots ...
        assert 172.5 < from_top < 178.5  # ... between slot 13's star and its 表向き, clear of every text
        crossed = [b for b in avoid.down if b.low < seen < b.high and b.weight >= 3]
        assert crossed == [], paper


def test_mats_and_boards_get_print_shop_files_with_trim_and_bleed(tmp_path):
    project = Project(ROOT)
    game = select_components(project.load_game("ghost_couple"), ("field_mat", "treasure_mat"))
    build(project, [game], BuildOptions(tmp_path, components=("field_mat", "treasure_mat")))
    shop = tmp_path / "ghost_couple/print-shop"
    assert sorted(p.name for p in shop.glob("*.pdf")) == ["field_mat.pdf", "treasure_mat.pdf"]
    pages = PdfReader(shop / "field_mat.pdf").pages
    assert len(pages) == 1
    trim, bleed = pages[0].trimbox, pages[0].bleedbox
    assert (float(trim.width) / MM, float(trim.height) / MM) == pytest.approx((254, 358.5), abs=0.01)
    assert (float(bleed.width) / MM, float(bleed.height) / MM) == pytest.approx((260, 364.5), abs=0.01)
    assert len(PdfReader(shop / "treasure_mat.pdf").pages) == 4
