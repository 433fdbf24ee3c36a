"""Ghost Couple and 鳥手板4to6: designed card sets, tiled boards, standees, read back from the PDFs."""

from __future__ import annotations

import csv
import re

import pytest
from conftest import ROOT, poppler
from pypdf import PdfReader

from pnp.build.builder import BuildOptions, build
from pnp.sheet.tiles import OVERLAP, covered_area, tile_piece
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
    assert "鳥手板4to6 ポジションボード 1 / 2（左） のりしろに右のシートを重ねる" in texts
    assert "鳥手板4to6 ポジションボード 2 / 2（右） 最後のシート: 左のシートののりしろに重ねる" in texts
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


RULE_NAMES = ["変なうにゅう", "キモいゆうか", "飛白", "ダミアン様", "毒子", "薬子", "核子", "かこん", "飯綱",
              "汁親父", "双葉", "さくら", "御影さくら", "真の漢ぱら"]


def ghost_cards():
    return [r for r in rows("ghost_couple", "cards") for _ in range(int(r["count"]))]


def test_ghost_couple_has_exactly_100_cards_in_couples():
    cards = ghost_cards()
    assert len(cards) == 100
    by_ghost = {}
    for card in cards:
        by_ghost.setdefault(card["ghost"], []).append(card["side"])
    for ghost, sides in by_ghost.items():
        assert sides.count("0") == sides.count("1") and len(sides) in (2, 4), ghost
    assert sum(len(s) == 2 for s in by_ghost.values()) >= 1


def test_ghost_couple_points_and_wildcards():
    cards = ghost_cards()
    assert all(int(c["points"]) > 0 for c in cards if c["side"] == "0")
    wild = [c for c in cards if c["ability"] == "wild"]
    assert len(wild) == 2 and all(int(c["points"]) == -1 for c in wild)


def test_ghost_couple_names_from_the_rules_and_abilities_name_real_characters():
    cards = ghost_cards()
    names = {c["name"] for c in cards} | {c["character"] for c in cards}
    for name in RULE_NAMES:
        assert name in names, name
    for card in cards:
        for other in filter(None, card["pair_with"].split("|")):
            assert other in names, (card["name"], other)
        for quoted in re.findall(r"[”\"]([^”\"]+)[”\"]", card["text"]):
            assert quoted in names, (card["name"], quoted)


def test_ghost_couple_field_mat_reassembles(repo, tmp_path):
    game = repo.load_game("ghost_couple")
    mat = next(c for c in game.components if c.name == "field_mat")
    size, bleed = mat.piece_size(), mat.front.bleed
    piece = Size(size.width + 2 * bleed, size.height + 2 * bleed)
    assert size.width >= 5 * 44 and size.height >= 5 * 63
    for paper in ("a4", "letter", "a3"):
        tiling = tile_piece(piece, Size(*PAPER_SIZES[paper]))
        area = covered_area(tiling)
        assert (area.x, area.y, area.w, area.h) == pytest.approx((0, 0, piece.width, piece.height))
    build(repo, [game], BuildOptions(tmp_path))
    a3 = PdfReader(tmp_path / "ghost_couple/ghost_couple-field_mat-a3.pdf")
    assert len(a3.pages) == 1
    shop = PdfReader(tmp_path / "ghost_couple/print-shop/cards.pdf")
    assert len(shop.pages) == 100
    assert float(shop.pages[0].trimbox.width) == pytest.approx(44 * MM, abs=1e-3)
    assert PdfReader(tmp_path / "ghost_couple/print-shop/playing_cards.pdf").get_num_pages() == 54
