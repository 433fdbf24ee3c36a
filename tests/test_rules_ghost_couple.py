"""Ghost Couple's rule constants, each in a position worked out by hand from the note and the printed cards.

Positions are built as in test_sim_ghost_couple.py (slots 0-based: index 12 is the centre, 13 on the 配置図).
"""

from __future__ import annotations

import random

from conftest import copy_games
from shipped.ghost_couple import SPEC, GhostCouple, load, playing_cards
from shipped.ghost_couple.deck import BLOCK, CENTRE, FLIP_UP, PLACE
from shipped.ghost_couple.integrity import variant_integrity
from shipped.ghost_couple.variant import load as load_variant
from test_sim_ghost_couple import CARDS, DECK, PIKO, arrange, couple, do, until

from pnp.project.games import Project


def test_an_x_turns_the_centre_and_the_four_corners_of_the_chosen_block():
    state = arrange(field={24: "rokuro_1_x5"}, hands=(["ろくろ首", PIKO], ["河童"]))
    do(state, 24, 23)
    do(state, couple(state, "ろくろ首", "首ったけ君"))
    assert state.phase == BLOCK
    do(state, 1)  # the block of rows 1-3, columns 2-4: slots 1-3, 6-8, 11-13
    # X型 of 5 cards: its corners 1, 3, 11, 13 and its middle 7; slots 2, 6 and 8 of the block stay face down
    assert [state.seen[s] for s in (1, 3, 7, 11, 13)] == [0b11] * 5
    assert [state.seen[s] for s in (2, 6, 8)] == [0, 0, 0]


def test_with_the_deck_empty_a_hand_card_goes_to_the_centre_only_when_no_other_slot_is_empty():
    rng = random.Random(0)
    state = GhostCouple(DECK, 2, rng)
    until(state, rng, lambda s: s.phase == PLACE and -1 in s.field and s.field.index(-1) == CENTRE
          and -1 in s.field[CENTRE + 1:])  # 終盤処理 with the centre and a later slot empty
    p, card, later = state.actor, state.hands[state.actor][0], state.field.index(-1, CENTRE + 1)
    assert state.draw_pile == []
    do(state, 0)
    assert state.field[later] == card and state.field[CENTRE] == -1 and state.seen[later] == 1 << p  # face down
    assert state.phase == FLIP_UP and state.steps_left == 2  # then two cards are turned up, as in every turn


def test_four_eights_in_a_treasure_score_eight_more_and_three_do_not():
    three = arrange(CARDS, field={0: "♣9"}, hands=(["♠10"], ["♣6"]), treasures=(["♥8", "♦8", "♠8"],))
    assert three.points_now(0) == 1 + 1  # two red number cards (数札), one point each
    four = arrange(CARDS, field={0: "♣9"}, hands=(["♠10"], ["♣6"]), treasures=(["♥8", "♦8", "♠8", "♣8"],))
    assert four.points_now(0) == 1 + 1 + 8


def test_without_a_printed_hand_size_the_simulation_deals_the_notes_five_and_the_variants_three(tmp_path):
    project = copy_games(tmp_path, "ghost_couple", "standard_deck")
    folder = project.root / "card_data" / "ghost_couple"
    for file, printed in (("reference.csv", "最初は5枚"), ("variant.csv", "手札=3枚")):
        text = (folder / file).read_text(encoding="utf-8")
        assert text.count(printed) == 1
        (folder / file).write_text(text.replace(printed, "最初に配る"), encoding="utf-8")
    deck, cards = load(Project(project.root)), load_variant(Project(project.root))
    assert (deck.hand_size, cards.hand_size) == (5, 3)
    assert deck.problems == ("card_data/ghost_couple/reference.csv: no 最初はN枚 (the hand size) on the reference "
                             "card; the simulation deals 5",)
    assert cards.problems == ("card_data/ghost_couple/variant.csv: no 手札=N枚 on the variant card; the simulation "
                              "deals 3",)
    assert [len(hand) for hand in GhostCouple(deck, 3, random.Random(1)).hands] == [6, 5, 5]  # P1 has drawn


def test_the_note_plays_two_to_four_and_the_variant_two_or_three():
    # 人数: 基本は2人, more by induction, with 4人プレイ the note's own example; the variant: 人数=山札が少なくなるので
    # 2人か3人.
    assert SPEC.player_counts == (2, 3, 4)
    assert playing_cards.SPEC.player_counts == (2, 3)


def test_the_variant_needs_two_red_and_two_black_of_every_number_up_to_the_king(tmp_path):
    project = copy_games(tmp_path, "ghost_couple", "standard_deck")
    manifest = project.root / "card_data" / "ghost_couple" / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert text.count("from: standard_deck/cards}") == 1
    manifest.write_text(text.replace("from: standard_deck/cards}",
                                     "from: standard_deck/cards, where: \"name != 'King of Hearts'\"}"),
                        encoding="utf-8")
    findings = variant_integrity(load_variant(Project(project.root)), [2, 3])
    # ジョーカー2枚入りの54枚, A-K of two red and two black suits: without ♥K, 53 cards, and 13 (K) alone is short
    # of a red card (♦K is the only one left; ♠K and ♣K are black).
    assert [f.split(": ", 1)[1] for f in findings if "cards" in f] == [
        "53 cards with 2 jokers; the variant uses ジョーカー2枚入りの54枚",
        "value 13 has 1 red and 2 black cards; each number needs 2 of each colour"]
