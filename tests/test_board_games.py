"""Ghost Couple and 鳥手板4to6: designed card sets, tiled boards, standees, read back from the PDFs."""

from __future__ import annotations

import csv
import math

import pytest
from pypdf import PdfReader

from conftest import ROOT, poppler
from pnp.build import BuildOptions, build
from pnp.tiles import OVERLAP, covered_area, tile_piece
from pnp.units import MM, PAPER_SIZES, Size


def rows(game, name):
    with open(ROOT / "card_data" / game / f"{name}.csv", encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.fixture(scope="module")
def torite_out(tmp_path_factory, repo):
    out = tmp_path_factory.mktemp("torite")
    build(repo, [repo.load_game("torite4to6")], BuildOptions(out))
    return out / "torite4to6"


def test_torite_hands_deal_evenly_at_three_four_and_five():
    members = sum(int(r["count"]) for r in rows("torite4to6", "members"))
    candidates = sum(int(r["count"]) for r in rows("torite4to6", "candidates"))
    setups = {int(r["players"]): r for r in rows("torite4to6", "setup")}
    assert sorted(setups) == [3, 4, 5]
    for players, setup in setups.items():
        dealt = players * int(setup["hand_size"])
        assert dealt == int(setup["dealt"]) and dealt + int(setup["set_aside"]) == members
        assert members % players == 0 and candidates % players == 0


def test_torite_member_colours_and_trump():
    members = rows("torite4to6", "members")
    colours = {r["color"] for r in members}
    assert len(colours) == 5
    assert {r["color"] for r in members if r["trump"] == "1"} == {"purple"}
    assert all(int(r["contribution"]) >= 1 for r in members)


def test_torite_board_tiles_reassemble_to_the_board(repo, torite_out):
    board = next(c for c in repo.load_game("torite4to6").components if c.name == "board")
    size, bleed = board.piece_size(), board.front.bleed
    piece = Size(size.width + 2 * bleed, size.height + 2 * bleed)
    for paper in ("a4", "letter"):
        tiling = tile_piece(piece, Size(*PAPER_SIZES[paper]))
        area = covered_area(tiling)
        assert (area.w, area.h) == pytest.approx((piece.width, piece.height))
        row = [t for t in tiling.tiles if t.row == 1]
        assert sum(t.region.w for t in row) - OVERLAP * (len(row) - 1) == pytest.approx(piece.width)
    texts = poppler("pdftotext", "-enc", "UTF-8", str(torite_out / "torite4to6-a4.pdf"), "-")
    assert "row 1 of" in texts and "column 2 of" in texts
    a3 = PdfReader(torite_out / "torite4to6-board-a3.pdf")
    assert sorted([float(a3.pages[0].mediabox.width), float(a3.pages[0].mediabox.height)]) == \
        pytest.approx([297 * MM, 420 * MM])


def test_torite_pieces_are_standees_for_every_player(repo):
    pieces = next(c for c in repo.load_game("torite4to6").components if c.name == "pieces")
    assert pieces.kind == "standee" and pieces.card_count == sum(int(r["count"]) for r in rows("torite4to6", "pieces"))
    members = [r for r in rows("torite4to6", "pieces") if r["kind"] == "member"]
    assert len({r["player"] for r in members}) == 5
    assert sum(int(r["count"]) for r in rows("torite4to6", "pieces") if r["kind"] == "candidate") == 2


def test_torite_reference_cards(torite_out):
    pages = poppler("pdftotext", "-enc", "UTF-8", str(torite_out / "print-shop/reference.pdf"), "-").split("\f")[:-1]
    assert len(pages) == 5
    assert all("センター" in p for p in pages)
