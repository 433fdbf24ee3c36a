"""Standard deck, Promotion and New Eleusis, read back from the PDFs a user gets."""

from __future__ import annotations

import csv
import re

import pytest
from conftest import ROOT, made_once, poppler
from pypdf import PdfReader

from pnp.build.builder import BuildOptions, build
from pnp.units import MM

SUITS = {"spade": "♠", "heart": "♥", "diamond": "♦", "club": "♣"}
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


@pytest.fixture(scope="module")
def kit_out(tmp_path_factory, repo):
    """The three games built once for every worker."""
    games = [repo.load_game(name) for name in ("standard_deck", "promotion", "eleusis")]
    return made_once(tmp_path_factory, "kit-out", lambda out: build(repo, games, BuildOptions(out)))


def texts(path):
    return poppler("pdftotext", "-enc", "UTF-8", str(path), "-").split("\f")[:-1]


def squash(text):
    return re.sub(r"\s+", "", text)


def deck_rows():
    with open(ROOT / "card_data/standard_deck/cards.csv", encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def test_standard_deck_has_each_rank_and_suit_once_plus_two_jokers():
    rows = deck_rows()
    cards = [(r["suit"], r["rank"], r["color"]) for r in rows for _ in range(int(r["count"]))]
    assert len(cards) == 54 and len(set(cards)) == 54
    assert {(s, r) for s in SUITS for r in RANKS} == {(s, r) for s, r, _ in cards if s != "joker"}
    assert {c for s, _, c in cards if s == "joker"} == {"red", "black"}


def test_standard_deck_pages_show_their_rank_and_are_all_different(kit_out):
    path = kit_out / "standard_deck/print-shop/cards.pdf"
    pages = texts(path)
    rows = deck_rows()
    assert len(pages) == 54
    for row, page in zip(rows, pages):
        assert ("JOKER" if row["suit"] == "joker" else row["rank"]) in squash(page), row
    reader = PdfReader(path)
    drawings = set()
    for page in reader.pages:
        forms = page["/Resources"]["/XObject"]
        drawings.add(b"".join(forms[name].get_object().get_data() for name in sorted(forms)))
    assert len(drawings) == 54  # every card is drawn differently: suit pips are vector shapes


@pytest.mark.parametrize("deck,back", [("deck_red", "red"), ("deck_blue", "blue")])
def test_eleusis_decks_are_52_cards_with_their_own_back(repo, kit_out, deck, back):
    component = next(c for c in repo.load_game("eleusis").components if c.name == deck)
    assert component.card_count == 52 and component.back.vars["back"] == back
    assert len(PdfReader(kit_out / f"eleusis/print-shop/{deck}.pdf").pages) == 52
    assert len(PdfReader(kit_out / f"eleusis/print-shop/{deck}-back.pdf").pages) == 52


def test_eleusis_backs_differ(kit_out):
    red = (kit_out / "eleusis/print-shop/deck_red-back.pdf").read_bytes()
    blue = (kit_out / "eleusis/print-shop/deck_blue-back.pdf").read_bytes()
    assert red != blue


def test_eleusis_marker_counts(kit_out):
    pages = texts(kit_out / "eleusis/print-shop/markers.pdf")
    assert len(pages) == 17
    assert sum("成功" in p for p in pages) == 6  # ○ markers; the ring itself is drawn
    assert sum("失敗" in p for p in pages) == 6  # ● markers
    assert sum("預言者" in p for p in pages) == 5


def test_eleusis_score_sheet_prints_the_scoring_rules(kit_out):
    sheet = squash(texts(kit_out / "eleusis/eleusis-a4.pdf")[-1])
    for phrase in ("-1", "+4", "+1", "-5", "+2", "+3"):
        assert phrase.replace("-", "") in sheet.replace("−", "").replace("-", "").replace("＋", "+")
    assert "預言者" in sheet and "親" in sheet


def test_eleusis_reference_cards(kit_out):
    pages = [squash(p) for p in texts(kit_out / "eleusis/print-shop/reference.pdf")]
    assert len(pages) == 6
    for needle in ("40", "10", "20", "30"):
        assert all(needle in p for p in pages)


def test_promotion_postcard_print_shop_page(kit_out):
    for name in ("postcard.pdf", "postcard-back.pdf"):
        reader = PdfReader(kit_out / "promotion/print-shop" / name)
        assert len(reader.pages) == 1
        page = reader.pages[0]
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((106 * MM, 154 * MM))
        assert (float(page.trimbox.width), float(page.trimbox.height)) == pytest.approx((100 * MM, 148 * MM), abs=1e-3)
        assert [float(v) for v in page.bleedbox] == pytest.approx([float(v) for v in page.mediabox])


def test_promotion_front_shows_the_four_effects_in_order(kit_out):
    front = squash(texts(kit_out / "promotion/print-shop/postcard.pdf")[0])
    for effect in ("SPIN90°", "Down!", "Change!", "Wild!"):
        assert effect in front
    back = squash(texts(kit_out / "promotion/print-shop/postcard-back.pdf")[0])
    for phrase in ("4人", "20分", "9歳以上", "K", "同時"):
        assert phrase in back


def test_promotion_rows_come_from_csv_and_every_side_is_balanced():
    with open(ROOT / "card_data/promotion/postcard.csv", encoding="utf-8-sig", newline="") as handle:
        row = next(csv.DictReader(handle))
    effects = sorted(row[f"side{n}_effect"] for n in range(1, 5))
    assert effects == sorted(["SPIN90°", "Down!", "Change!", "Wild!"])
    for side in range(1, 5):
        suits = "".join(row[f"side{side}_row{r}"] for r in (2, 3, 4))
        assert all(suits.count(s) == suits.count("♠") for s in "♥♦♣")


def test_promotion_uses_one_deck_without_jokers(repo):
    deck = next(c for c in repo.load_game("promotion").components if c.name == "deck")
    assert deck.card_count == 52
