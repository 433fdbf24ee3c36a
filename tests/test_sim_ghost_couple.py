"""Ghost Couple's simulation: each rule on a hand-built position, invariants over seeds, replays, CSV edits."""

# Slots are 0-based here (slot index 12 is the centre, printed as 13 on the 配置図).
# Regenerate the golden files after an intended rules change with PNP_UPDATE_GOLDEN=1.

from __future__ import annotations

import hashlib
import json
import os
import random
import re

import pytest
from click.testing import CliRunner
from conftest import ROOT, copy_games, edit_rows
from hypothesis import given, settings
from hypothesis import strategies as st
from shipped.ghost_couple import SPEC, GhostCouple, greedy, integrity, load, playing_cards
from shipped.ghost_couple.deck import (
    BLOCK,
    BURN_PICK,
    CARD_BITS,
    CENTRE,
    CENTRE_SWAP,
    COUPLE,
    FLIP_UP,
    PASS,
    PEEK_CARD,
    PEEK_WHO,
    PLACE,
    RETURN,
    STEAL_PICK,
    STOP,
    TAKE,
    TARGET,
    VANISH_PICK,
)
from shipped.ghost_couple.effects import TREASURE
from shipped.ghost_couple.integrity import variant_integrity
from shipped.ghost_couple.score import FULL_CHECK
from shipped.ghost_couple.text import summary
from shipped.ghost_couple.variant import load as load_variant

from pnp.check.checker import check, replay, to_json
from pnp.check.options import CheckOptions, Target
from pnp.check.play.game import play
from pnp.cli.main import main
from pnp.project.games import Project
from pnp.sim import InvariantViolation, random_policy

DECK = load(Project(ROOT))
CARDS = load_variant(Project(ROOT))
FULL = (1 << 25) - 1
PIKO = "偽の乙女ぴこ"  # a plain ¥1 hand card: couples only with 真の漢ぱら, never with the ¥1 filler


# --- building positions by hand ---------------------------------------------------------------------------

def ids(deck, key: str) -> list[int]:
    """The card ids printed as `key`: a card name, a CSV id (main game) or a label like ♥8 (variant)."""
    return [c for c in range(deck.size) if deck.labels[c].split("(")[0] == key or deck.labels[c] == key
            or deck.rows[c].values.get("id") == key]


def name(deck, card: int) -> str:
    """さくら for さくら(¥0), Jo for Jo(red)."""
    return deck.labels[card].split("(")[0]


def arrange(deck=DECK, players=2, field=None, up=(), hands=(), top=(), vanish=(), treasures=(), phase=FLIP_UP,
            count=2):
    """P1's turn 1 (after the draw) with the named cards where given; other slots get filler, the rest is the deck.

    field: {slot index: card}; up: slots face up besides the centre; hands: per player; top: the next cards
    drawn, first first; vanish: cards already in the vanish area.
    """
    state = GhostCouple(deck, players, random.Random(0))
    pool = list(range(deck.size))

    def take(key):
        card = next(c for c in ids(deck, key) if c in pool)
        pool.remove(card)
        return card
    field = dict(field or {})
    field.setdefault(CENTRE, "おあげ" if deck is DECK else "♣7")
    placed = {slot: take(key) for slot, key in field.items()}
    in_hand = [[take(key) for key in (hands[p] if p < len(hands) else ())] for p in range(players)]
    drawn, vanished = [take(key) for key in top], [take(key) for key in vanish]
    kept = [[take(key) for key in (treasures[p] if p < len(treasures) else ())] for p in range(players)]
    # filler: ¥1 cards without an ability (plain ones first), which never couple with each other
    pool.sort(key=lambda c: (deck.side[c] == 1 and not deck.abilities[c], deck.effect[c] is None), reverse=True)
    state.field[:] = [placed[s] if s in placed else pool.pop(0) for s in range(25)]
    pool.sort()
    state.draw_pile[:] = pool + drawn[::-1]
    for p in range(players):
        state.hands[p][:] = in_hand[p]
        state.treasure[p][:] = kept[p]
    state.vanish[:] = vanished
    state.removed.clear()
    state.vanish_partners = sum(deck.basic[c] for c in set(vanished))
    state.hand_masks = [sum(1 << c for c in hand) for hand in state.hands]
    state.treasure_masks = [sum(1 << c for c in t) for t in kept]
    state.printed_points = [sum(deck.points[c] for c in t) for t in kept]
    state.bonus_couples = [[] for _ in range(players)]
    state.occupied, state.face_up = FULL, 1 << CENTRE | sum(1 << s for s in up)
    state.face_up_cards = sum(1 << state.field[s] for s in range(25) if state.face_up >> s & 1)
    state.seen = [state.everyone if state.face_up >> s & 1 else 0 for s in range(25)]
    state.turn, state.actor, state.direction, state.skips = 1, 0, 1, 0
    state.coupled = state.locked = False
    state.out_order, state.notes, state.notes_shown, state.ran_out_turn = [], [], 0, None
    state.phase, state.steps_left = phase, count
    state.settle()
    state.check_every_card()
    return state


def do(state, *actions) -> None:
    """Apply actions one by one, each checked against the legal list, with every invariant after each."""
    for action in actions:
        assert action in state.legal_actions(state.actor), (action, state.legal_actions(state.actor))
        state.apply_action(action)
        state.check_every_card()


def couple(state, a: str, b: str) -> int:
    """The action taking the couple of the cards named a (hand or field) and b (field)."""
    deck = state.data
    for action in state.legal_actions(state.actor):
        if action != STOP and {name(deck, action >> CARD_BITS), name(deck, action & 1023)} == {a, b}:
            return action
    raise AssertionError(f"no couple {a} + {b} in {offers(state)}")


def offers(state) -> list[set]:
    """The couples on offer, as sets of names."""
    deck = state.data
    return [{name(deck, a >> CARD_BITS), name(deck, a & 1023)} for a in state.legal_actions(state.actor) if a != STOP]


def hand_names(state, p: int) -> list[str]:
    return [name(state.data, c) for c in state.hands[p]]


def slot_of(state, key: str) -> int:
    return next(s for s, c in enumerate(state.field) if c >= 0 and name(state.data, c) == key)


# --- the printed deck ------------------------------------------------------------------------------------------

def test_the_deck_is_read_from_the_printed_cards():
    assert DECK.size == 100 and DECK.hand_size == 5 and DECK.problems == ()
    assert len(DECK.event_keys) == 19 and sum(e is not None for e in DECK.effect) == 25
    assert sum(DECK.points) == 91  # 93 on the ¥0 side, the two wildcards -1 each

    def couples(a, b):
        return bool(DECK.partners[ids(DECK, a)[0]] >> ids(DECK, b)[0] & 1)
    assert couples("さくら", "うにゅう") and couples("さくら", "変なうにゅう") and couples("御影さくら", "うにゅう")
    assert couples("ゆうた", "変なうにゅう") and couples("ポルター", "キモいゆうか")  # wild: any ¥0
    assert couples("毒子", "核子") and couples("薬子", "ほにゅう") and couples("毒子", "ほにゅう")
    assert couples("双葉", "汁親父") and couples("飯綱", "かこん") and couples("ダミアン様", "飛白")
    assert not couples("さくら", "ゆうた") and not couples("執事ハインツ", "飛白") and not couples("うにゅう", "ゆうか")
    assert not couples("変なうにゅう", "キモいゆうか")  # two ¥1 wildcards
    wild = ids(DECK, "変なうにゅう")[0]
    assert DECK.basic[wild] == sum(1 << c for c in ids(DECK, "さくら"))  # the vanish area ignores abilities


def test_integrity_is_clean_for_every_player_count():
    assert integrity(DECK, [2, 3, 4]) == []
    assert variant_integrity(CARDS, [2, 3]) == []


# --- setup and the turn ------------------------------------------------------------------------------------------

def test_setup_lays_the_field_deals_hands_and_the_first_player_draws():
    state = GhostCouple(DECK, 3, random.Random(5))
    assert state.occupied == FULL and state.face_up == 1 << CENTRE  # 5x5, only ど真ん中 face up
    assert [len(h) for h in state.hands] == [6, 5, 5]  # 最初は5枚; P1 has drawn
    assert len(state.draw_pile) == 100 - 25 - 15 - 1
    assert (state.phase, state.actor) == (FLIP_UP, 0)
    assert list(state.legal_actions(0)) == [s for s in range(25) if s != CENTRE]
    assert state.legal_actions(1) == ()


def test_a_turned_card_couples_with_a_hand_card_and_the_field_is_refilled():
    state = arrange(field={0: "うにゅう", 1: "ポルター"}, hands=(["さくら", PIKO], ["雪女"]), top=["河童", "猫又"])
    do(state, 0)
    assert state.phase == FLIP_UP and 0 not in state.legal_actions(0)  # the second card
    do(state, 1)
    assert offers(state) == [{"さくら", "うにゅう"}] and STOP in state.legal_actions(0)
    do(state, couple(state, "さくら", "うにゅう"))
    # no couple left: the turn ends without a centre swap, slot 0 is refilled, the turned cards go face down
    assert [name(DECK, c) for c in state.treasure[0]] == ["さくら", "うにゅう"] and state.points_now(0) == 3
    assert hand_names(state, 0) == [PIKO]
    assert name(DECK, state.field[0]) == "河童" and state.seen[0] == 0
    assert state.face_up == 1 << CENTRE and state.seen[1] == 0b11  # ポルター lies face down, remembered by both
    assert (state.actor, state.turn) == (1, 2) and hand_names(state, 1) == ["雪女", "猫又"]


def test_a_turn_without_a_couple_swaps_a_hand_card_with_the_centre():
    state = arrange(field={0: "ポルター", 1: "雪女"}, hands=(["さくら", "うにゅう", "河童"], ["猫又"]))
    do(state, 0, 1)
    assert state.phase == CENTRE_SWAP and state.legal_actions(0) == (0, 1, 2)  # hand pairs never couple
    do(state, 2)
    assert hand_names(state, 0) == ["さくら", "うにゅう", "おあげ"] and name(DECK, state.field[CENTRE]) == "河童"
    assert state.actor == 1 and state.face_up == 1 << CENTRE


def test_declining_a_couple_means_the_centre_swap():
    state = arrange(field={0: "うにゅう", 1: "ポルター"}, hands=(["さくら", PIKO], ["雪女"]))
    do(state, 0, 1, STOP)  # 作戦上したくない場合
    assert state.phase == CENTRE_SWAP
    do(state, 0)
    assert name(DECK, state.field[CENTRE]) == "さくら" and state.treasure[0] == [] and state.actor == 1


def test_several_couples_in_one_turn_field_with_field_and_with_the_centre():
    state = arrange(field={0: "さくら", 1: "うにゅう", CENTRE: "双葉"}, hands=(["かこん", PIKO], ["雪女"]))
    do(state, 0, 1)
    assert sorted(map(sorted, offers(state))) == [["うにゅう", "さくら"], ["かこん", "双葉"]]
    do(state, couple(state, "さくら", "うにゅう"))
    assert state.phase == COUPLE and offers(state) == [{"かこん", "双葉"}]
    do(state, couple(state, "かこん", "双葉"))
    assert state.points_now(0) == 3 + 1 and name(DECK, state.field[CENTRE]) != "双葉"  # the centre is refilled
    assert state.face_up == 1 << CENTRE and state.actor == 1


@pytest.mark.parametrize("hand,field,points,ability", [
    ("変なうにゅう", "ポルター", 2 - 1, "wild"),  # 任意の¥0側 (−1点)
    ("汁親父", "双葉", 1, "pair_futaba"),
    ("かこん", "飯綱", 1, "pair_iizuna"),
    ("うにゅう", "御影さくら", 2, "pair_sakura"),
    ("ほにゅう", "薬子", 0, "any_combination"),  # two ¥1 cards: no points, but two cards out
    ("飛白", "ダミアン様", 3 + 2, "pair_damian"),  # 達成で2点
])
def test_abilities_allow_couples_across_ghosts(hand, field, points, ability):
    state = arrange(field={0: field}, hands=([hand], ["雪女"]))
    do(state, 0, 1)
    do(state, couple(state, hand, field))
    assert state.points_now(0) == points and state.ability_couples[ability] == 1
    assert state.figures()[f"ability.{ability}.points"] == points


def test_the_set_bonus_needs_both_names_in_the_treasure():
    state = arrange(field={0: "鍋奉行", 1: "真の漢ぱら"}, hands=(["汁親父", "偽の乙女ぴこ"], ["雪女"]))
    do(state, 0, 1)
    do(state, couple(state, "汁親父", "鍋奉行"))
    assert state.points_now(0) == 3
    do(state, couple(state, "偽の乙女ぴこ", "真の漢ぱら"))
    assert state.points_now(0) == 3 + 2 + 1  # さらに+1点
    assert state.figures()["ability.set_bonus.points"] == 1


# --- events ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("card,partner,more", [("karakasa_1_flip1", "からかさ小僧", 1),
                                               ("mikage_1_flip2", "御影さくら", 2),
                                               ("okiku_1_flip3", "お菊さん", 3)])
def test_flip_events_turn_more_cards(card, partner, more):
    state = arrange(field={0: card}, hands=([partner, PIKO], ["雪女"]))
    do(state, 0, 1)
    do(state, couple(state, partner, name(DECK, state.field[0])))
    assert (state.phase, state.steps_left) == (FLIP_UP, more) and PASS not in state.legal_actions(0)
    turned = state.legal_actions(0)[:more]
    do(state, *turned)  # no couple among them: the turn ends
    assert all(state.seen[s] == 0b11 for s in turned) and state.actor == 1
    assert state.played[state.effect.key] == 1


def test_corners_turn_the_four_corners_and_lock_the_hand():
    state = arrange(field={5: "rokuro_1_corners", 20: "さくら", 24: "うにゅう", 4: "ポルター"},
                    hands=(["ろくろ首", "変なうにゅう"], ["雪女"]))
    do(state, 5, 6)
    do(state, couple(state, "ろくろ首", "首ったけ君"))
    assert all(state.face_up >> s & 1 for s in (0, 4, 20, 24)) and state.locked
    # 変なうにゅう would take さくら or ポルター, but 以後、手札は使用できない: only the field pair is offered
    assert offers(state) == [{"さくら", "うにゅう"}]
    do(state, couple(state, "さくら", "うにゅう"))
    assert state.actor == 1  # no centre swap after a couple


@pytest.mark.parametrize("card,block,cells", [("rokuro_1_x5", 0, (0, 2, 6, 10, 12)),
                                              ("rufia_1_square9", 4, (6, 7, 8, 11, 12, 13, 16, 17, 18))])
def test_x_and_square_turn_a_chosen_block_and_lock_the_hand(card, block, cells):
    partner = "ろくろ首" if card.startswith("rokuro") else "魔女っ娘ルフィーア"
    first, second, third = cells[0], cells[1], cells[2]
    state = arrange(field={24: card, first: "さくら", second: "雪女", third: "yukionna_1"},
                    hands=([partner, "うにゅう"], ["河童"]))
    do(state, 24, 23)
    do(state, couple(state, partner, name(DECK, state.field[24])))
    assert state.phase == BLOCK and state.legal_actions(0) == tuple(range(9))
    do(state, block)
    assert [state.seen[s] for s in cells] == [0b11] * len(cells) and state.locked
    assert offers(state) == [{"雪女", "こたつ男"}]  # うにゅう in hand would take さくら, but the hand is locked


def test_swap3_takes_face_down_cards_and_returns_three_face_down():
    state = arrange(field={0: "poltergeist_1_swap3", 1: "さくら", 2: PIKO, 3: "河童"},
                    hands=(["ポルター", "雪女"], ["猫又"]))
    do(state, 0, 5)
    do(state, couple(state, "ポルター", "ガイスト"))
    assert state.phase == TAKE and 5 not in state.legal_actions(0) and 0 not in state.legal_actions(0)
    do(state, 1, 2, 3)  # 任意の3枚の裏向けのカードを手札に入れる
    assert state.phase == RETURN and hand_names(state, 0) == ["雪女", "さくら", PIKO, "河童"]
    do(state, 0, 0, 0)  # その後、好きな3枚を空所に戻す
    assert hand_names(state, 0) == ["河童"]
    assert [name(DECK, state.field[s]) for s in (1, 2, 3)] == ["雪女", "さくら", PIKO]
    assert [state.seen[s] for s in (1, 2, 3)] == [0b01] * 3 and not state.face_up & 0b1110  # face down, P1 knows


@pytest.mark.parametrize("card,partner,n", [("curry_1_draw2", "カレー番長", 2), ("two_get_1_draw3", "2ゲッター", 3)])
def test_draw_events_make_any_player_draw(card, partner, n):
    state = arrange(field={0: card}, hands=([partner, PIKO], ["雪女"]))
    do(state, 0, 1)
    do(state, couple(state, partner, name(DECK, state.field[0])))
    assert state.phase == TARGET and state.legal_actions(0) == (0, 1)  # the taker too
    do(state, 1)
    assert len(state.hands[1]) == 1 + n + 1  # + n, then P2's own draw


def test_skip_gives_the_taker_another_turn_with_two_players_and_skips_one_with_three():
    for players, following in ((2, 0), (3, 2)):
        state = arrange(players=players, field={0: "yukionna_1_skip"}, hands=(["雪女", PIKO], ["河童"], ["猫又"]))
        do(state, 0, 1)
        do(state, couple(state, "雪女", "こたつ男"))
        assert (state.actor, state.turn) == (following, 2)


def test_reverse_turns_the_order_around():
    state = arrange(players=3, field={0: "gespenst_1_reverse"}, hands=(["ゲシュペンスト卿", PIKO], ["河童"], ["猫又"]))
    do(state, 0, 1)
    do(state, couple(state, "ゲシュペンスト卿", "ヘクセ嬢"))
    assert state.actor == 2 and state.direction == -1


def test_reshuffle_returns_the_hand_to_the_deck_and_draws_as_many():
    state = arrange(field={0: "poltergeist_1_reshuffle"}, hands=(["ポルター", PIKO, "河童", "雪女"], ["猫又"]))
    before = len(state.draw_pile)
    do(state, 0, 1)
    do(state, couple(state, "ポルター", "ガイスト"))
    assert len(state.hands[0]) == 3 and len(state.draw_pile) + len(state.hands[1]) == before  # P2 drew one


@pytest.mark.parametrize("card,partner,n", [("hyudoro_1_vanish1", "ひゅう", 1), ("mikage_1_vanish2", "御影さくら", 2)])
def test_vanishing_field_cards_ends_the_turn(card, partner, n):
    state = arrange(field={0: card, 2: "猫又", 3: "河童"}, hands=([partner, PIKO], ["雪女"]))
    do(state, 0, 1)
    do(state, couple(state, partner, name(DECK, state.field[0])))
    assert state.phase == VANISH_PICK and 2 in state.legal_actions(0) and CENTRE in state.legal_actions(0)
    do(state, *(2, 3)[:n])  # face-down cards may be vanished too
    assert [name(DECK, c) for c in state.vanish] == ["猫又", "河童"][:n]
    assert state.actor == 1 and hand_names(state, 0) == [PIKO]  # あなたの手番は終了する: no more couples, no swap


def test_peek_vanish_looks_at_a_hand_and_vanishes_a_card_of_it():
    state = arrange(players=3, field={0: "nopperabo_1_peek_vanish"},
                    hands=(["のっぺら嬢", "うにゅう"], ["河童"], ["さくら", "猫又"]))
    do(state, 0, 1)
    do(state, couple(state, "のっぺら嬢", "一つ目小僧"))
    assert state.phase == PEEK_WHO and state.legal_actions(0) == (1, 2)
    do(state, 2)
    assert state.phase == PEEK_CARD and state.legal_actions(0) == (0, 1)
    do(state, 0)  # さくら goes to the vanish area and pairs with P1's うにゅう: both leave the game
    assert hand_names(state, 2) == ["猫又"] and hand_names(state, 0) == [] and state.vanish == []
    assert sorted(name(DECK, c) for c in state.removed) == ["うにゅう", "さくら"]


@pytest.mark.parametrize("rival,drawn", [("ポルター", [2, 2]), ("さくら", [0, 2])])
def test_the_leader_draws_two_and_tied_leaders_all_draw(rival, drawn):
    # P2 holds 2 points (a tie with P1 after the couple) or 3 (the leader)
    state = arrange(field={0: "nekomata_1_leader_draw2"}, hands=(["猫又", PIKO], ["河童"]), treasures=([], [rival]))
    do(state, 0, 1)
    do(state, couple(state, "猫又", "犬神"))
    assert [len(state.hands[0]) - 1, len(state.hands[1]) - 2] == drawn  # P2 also drew for its own turn


def test_steal_takes_a_treasure_card_and_breaks_a_bonus_couple():
    state = arrange(field={0: "zashiki_1_steal_treasure"}, hands=(["座敷わらし", PIKO], ["河童"]),
                    treasures=([], ["ダミアン様", "飛白"]))
    damian, kasuri = state.treasure[1]
    state.bonus_couples[1].append((damian, kasuri, 2))
    assert state.points_now(1) == 5
    do(state, 0, 1)
    do(state, couple(state, "座敷わらし", "貧乏神"))
    assert state.phase == STEAL_PICK and sorted(state.legal_actions(0)) == [TREASURE + damian, TREASURE + kasuri]
    do(state, TREASURE + damian)
    assert state.points_now(0) == 2 + 3 and state.points_now(1) == 0
    assert state.figures()["event.steal_treasure.points"] == 3


def test_vanish_treasure_sends_a_treasure_card_to_the_vanish_area():
    state = arrange(field={0: "zashiki_1_vanish_treasure"}, hands=(["座敷わらし", PIKO], ["河童"]),
                    treasures=([], ["さくら", "真の漢ぱら"]))
    sakura, para = state.treasure[1]
    do(state, 0, 1)
    do(state, couple(state, "座敷わらし", "貧乏神"))
    assert state.phase == BURN_PICK and sorted(state.legal_actions(0)) == [TREASURE + sakura, TREASURE + para]
    do(state, TREASURE + sakura)
    assert state.vanish == [sakura] and state.points_now(1) == 2 and state.points_now(0) == 2
    assert state.figures()["event.vanish_treasure.points"] == 3  # the points it took away


def test_reveal_all_shows_everything_then_turns_all_but_the_centre_down():
    state = arrange(field={0: "hitodama_1_reveal_all", 1: "ゆうか"}, hands=(["墓守じいさん", "ゆうた"], ["河童"]))
    do(state, 0, 1)
    assert sorted(map(sorted, offers(state))) == [["ひとだま", "墓守じいさん"], ["ゆうか", "ゆうた"]]
    do(state, couple(state, "墓守じいさん", "ひとだま"))
    # ゆうか was face up, now face down again: its couple is gone for this turn; the centre swap is not taken
    assert state.actor == 1 and state.seen[1:] == [0b11] * 24 and state.seen[0] == 0  # slot 0 was refilled
    assert hand_names(state, 0) == ["ゆうた"]


# --- the vanish area ---------------------------------------------------------------------------------------------

def test_a_vanished_card_takes_a_matching_hand_card_of_another_player_out_of_the_game():
    state = arrange(field={0: "hyudoro_1_vanish1", 2: "さくら"}, hands=(["ひゅう", PIKO], ["うにゅう", "河童"]))
    do(state, 0, 1)
    do(state, couple(state, "ひゅう", "どろん"), 2)
    assert state.vanish == [] and sorted(name(DECK, c) for c in state.removed) == ["うにゅう", "さくら"]
    assert hand_names(state, 1)[0] == "河童" and state.points_now(0) == 3  # nothing scores for the removed pair


def test_a_vanished_card_waits_for_its_partner_to_show():
    state = arrange(field={0: "うにゅう", 1: "変なうにゅう"}, hands=([PIKO, "ポルター"], ["河童"]), vanish=["さくら"],
                    top=["sakura_0", "雪女"])
    do(state, 0)  # うにゅう turned up: it pairs with the vanished さくら, both leave the game
    assert state.field[0] == -1 and state.vanish == [] and len(state.removed) == 2
    state.vanish.append(state.draw_pile.pop())  # the other さくら goes to the vanish area by hand
    state.vanish_partners = DECK.basic[state.vanish[0]]
    do(state, 1)  # 変なうにゅう is of さくら's ghost: it pairs; abilities play no part in the vanish area
    assert state.vanish == [] and len(state.removed) == 4


def test_abilities_do_not_pair_with_the_vanish_area():
    state = arrange(field={0: "キモいゆうか"}, hands=([PIKO, "河童"], ["雪女"]), vanish=["ポルター"])
    do(state, 0)  # キモいゆうか couples with any ¥0 card, but not with a vanished one
    assert [name(DECK, c) for c in state.vanish] == ["ポルター"] and state.removed == []


def test_a_drawn_card_pairing_with_a_vanished_card_never_reaches_the_hand():
    state = arrange(field={0: "ポルター"}, hands=([PIKO, "河童"], ["雪女"]), vanish=["うにゅう"],
                    top=["猫又", "さくら"])
    do(state, 0, 1, 0)  # no couple: swap, the turn passes; the refill takes nothing, P2 draws 猫又
    assert hand_names(state, 1) == ["雪女", "猫又"]
    state = arrange(field={0: "ポルター"}, hands=([PIKO, "河童"], ["雪女"]), vanish=["うにゅう"], top=["さくら"])
    do(state, 0, 1, 0)
    assert hand_names(state, 1) == ["雪女"] and len(state.removed) == 2


# --- the end game, the end, scores ---------------------------------------------------------------------------

def until(state, rng, condition):
    """Play random moves until the condition holds."""
    while not condition(state):
        legal = state.legal_actions(state.actor)
        do(state, legal[int(rng.random() * len(legal))])


def test_with_the_deck_empty_a_hand_card_is_laid_face_down_instead_of_drawing():
    rng = random.Random(1)
    state = GhostCouple(DECK, 2, rng)
    until(state, rng, lambda s: s.phase == PLACE and -1 in s.field[:CENTRE] + s.field[CENTRE + 1:])
    p, hand, empty = state.actor, list(state.hands[state.actor]), state.field.index(-1)
    assert state.draw_pile == [] and state.legal_actions(p) == tuple(range(len(hand))) and empty != CENTRE
    before = state.notes[-1]
    assert before[0] == "turn" and before[3] == 0  # the turn began without a draw
    state.apply_action(1)
    assert state.field[empty] == hand[1] and state.seen[empty] == 1 << p  # face down, seen by its owner only
    assert state.hands[p] == hand[:1] + hand[2:]


def test_a_card_laid_in_the_centre_lies_face_up():
    rng = random.Random(3)
    state = GhostCouple(DECK, 2, rng)
    until(state, rng, lambda s: s.phase == PLACE)
    assert [s for s in range(25) if state.field[s] < 0] == [CENTRE]  # only the centre is empty
    card = state.hands[state.actor][0]
    state.apply_action(0)
    assert state.field[CENTRE] == card and state.face_up >> CENTRE & 1 and state.seen[CENTRE] == 0b11


def test_the_game_ends_at_the_hand_over_and_the_first_out_gets_the_player_count():
    state = arrange(players=3, field={0: "nopperabo_1_peek_vanish"}, hands=(["のっぺら嬢"], ["河童"], ["猫又", "雪女"]))
    do(state, 0, 1)
    do(state, couple(state, "のっぺら嬢", "一つ目小僧"))  # P1's hand is empty now, but the turn goes on
    do(state, 1)  # 一つ目小僧: look at P2's hand, vanish its only card (a second empty hand)
    assert state.is_terminal() and state.ended_by_rules() and state.first_out == 0
    assert state.scores() == [2.0 + 3, 0.0, 0.0] and state.winners() == [0]
    assert state.figures()["first_out.seat1"] == 1.0


def test_ties_share_the_win():
    # P2 holds 3 + 2 = 5 points, P1 will hold 3 + the first-out bonus 2
    state = arrange(field={0: "うにゅう"}, hands=(["さくら"], ["河童"]), treasures=([], ["さくら", "ポルター"]))
    do(state, 0, 1)
    do(state, couple(state, "さくら", "うにゅう"))
    assert state.is_terminal() and state.scores() == [5.0, 5.0] and state.winners() == [0, 1]


def test_rounds_count_every_seat_once():
    state = arrange(players=3)
    state.turn = 7
    assert state.rounds() == 3


# --- invariants and legality -------------------------------------------------------------------------------------

def test_invariants_catch_a_lost_or_duplicated_card_and_wrong_masks():
    state = arrange()
    doubled = DECK.labels[state.draw_pile[0]]
    state.draw_pile.append(state.draw_pile[0])
    state.turn = FULL_CHECK  # the first move of every FULL_CHECK-th turn counts every card
    twice = f"turn 16: {doubled} is in two places: draw pile and draw pile"
    with pytest.raises(InvariantViolation, match=re.escape(twice)):
        state.check_invariants()
    state = arrange(hands=([PIKO], ["河童"]))
    state.draw_pile[0] = state.hands[0][0]  # the count holds, one card is in two places
    with pytest.raises(InvariantViolation, match="is in two places: draw pile and P1's hand"):
        state.check_every_card()
    state = arrange(hands=([PIKO], []))
    state.hand_masks[0] = 0
    with pytest.raises(InvariantViolation, match="masks"):
        state.check_every_card()
    state = arrange()
    state.printed_points[0] = 3
    with pytest.raises(InvariantViolation, match="points"):
        state.check_every_card()


def test_invariants_catch_an_illegal_couple_and_a_locked_hand():
    state = arrange()
    state.last_couple = (ids(DECK, "さくら")[0], ids(DECK, "ゆうた")[0], 1, False)
    with pytest.raises(InvariantViolation, match="no couple"):
        state.check_invariants()
    state.last_couple = (ids(DECK, "さくら")[0], ids(DECK, "うにゅう")[0], 1, True)
    with pytest.raises(InvariantViolation, match="手札は使用できない"):
        state.check_invariants()


def test_an_illegal_action_is_refused():
    state = arrange()
    with pytest.raises(InvariantViolation, match="illegal action"):
        state.apply_action(CENTRE)  # the centre is face up already


# --- the playing-card variant ------------------------------------------------------------------------------------

def test_the_variant_reads_the_printed_deck_abilities_and_scoring():
    assert CARDS.size == 54 and CARDS.hand_size == 3 and CARDS.problems == ()
    points = {label: CARDS.points[ids(CARDS, label)[0]] for label in ("♥A", "♦10", "♥K", "♦J", "♠K", "♣5", "Jo")}
    assert points == {"♥A": 1, "♦10": 1, "♥K": 2, "♦J": 2, "♠K": 0, "♣5": 0, "Jo": -1}

    def couples(a, b):
        return bool(CARDS.partners[ids(CARDS, a)[0]] >> ids(CARDS, b)[-1] & 1)
    assert couples("♠2", "♥2") and not couples("♠2", "♣2") and not couples("♥2", "♦2")  # スペード2とクラブ2だとダメ
    assert couples("♠8", "♣8") and couples("♥8", "♦8") and couples("Jo", "♠3") and couples("Jo", "Jo")
    assert CARDS.basic[ids(CARDS, "Jo")[0]] == 0  # no joker pairs in the vanish area
    kinds = {CARDS.effect[ids(CARDS, f"♠{rank}")[0]].kind if CARDS.effect[ids(CARDS, f"♠{rank}")[0]] else None
             for rank in ("6", "7", "8", "9", "10")}
    assert kinds == {None}
    ace, three, king = (CARDS.effect[ids(CARDS, f"♠{r}")[0]] for r in ("A", "3", "K"))
    assert ace.optional and not ace.lock and three.n == 3 and not three.face_down and not king.ends_turn


def test_variant_ace_may_be_declined_and_a_joker_couple_follows_no_ability():
    state = arrange(CARDS, field={0: "♠A", 1: "♠J"}, hands=(["♥A", "Jo", "♠10"], ["♣9"]))
    do(state, 0, 1)
    do(state, couple(state, "♥A", "♠A"))
    assert state.phase == FLIP_UP and PASS in state.legal_actions(0)  # もう1枚めくることができる
    do(state, PASS)
    assert {"Jo", "♠J"} in offers(state)  # オールマイティ
    do(state, couple(state, "Jo", "♠J"))  # J would skip P2, but a joker couple follows no ability
    assert state.actor == 1 and state.turn == 2 and state.points_now(0) == 1 - 1  # ♥A 1, the joker −1


def test_variant_king_vanishes_without_ending_the_turn_and_three_takes_any_field_card():
    state = arrange(CARDS, field={0: "♠K", 1: "♥6"}, hands=(["♥K", "♠6", "♠10"], ["♣9"]))
    do(state, 0, 1)
    do(state, couple(state, "♥K", "♠K"))
    assert state.phase == VANISH_PICK
    vanished = state.field[5]
    do(state, 5)
    assert state.vanish == [vanished] and state.phase == COUPLE and offers(state) == [{"♠6", "♥6"}]  # goes on
    state = arrange(CARDS, field={0: "♠3", 1: "♣9", 2: "♣10"}, hands=(["♥3", "♠10"], ["♦10"]))
    do(state, 0, 1)
    do(state, couple(state, "♥3", "♠3"))
    assert state.phase == TAKE and 1 in state.legal_actions(0) and CENTRE in state.legal_actions(0)
    do(state, 1, CENTRE, 2)  # 場のカードを3枚手札に取り: face-up ♣9 and the centre too
    assert hand_names(state, 0) == ["♠10", "♣9", "♣7", "♣10"]
    do(state, 0, 0, 0)  # その後3枚場に返す: into the emptied slots in order; the centre lies face up
    assert [name(CARDS, state.field[s]) for s in (1, CENTRE, 2)] == ["♠10", "♣9", "♣7"]
    assert state.face_up == 1 << CENTRE and hand_names(state, 0) == ["♣10"]


def test_variant_eights_couple_by_colour_too_and_four_score_eight_more():
    state = arrange(CARDS, field={0: "♣8", 1: "♦8"}, hands=(["♠8", "♠10"], ["♣9"]))
    do(state, 0, 1)
    assert sorted(map(sorted, offers(state))) == [["♠8", "♣8"], ["♠8", "♦8"], ["♣8", "♦8"]]  # 赤同士、黒同士でも
    state = arrange(CARDS, field={0: "♣8"}, hands=(["♠8", "♠10"], ["♣9"]), treasures=(["♥8", "♦8"],))
    do(state, 0, 1)
    do(state, couple(state, "♠8", "♣8"))
    assert state.points_now(0) == 1 + 1 + 8  # two red number cards, and 8を4枚集めると+8点
    assert state.figures()["ability.8.points"] == 8


# --- whole games ------------------------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 40), players=st.sampled_from([2, 3, 4]), greedy_seats=st.integers(0, 15))
def test_games_end_by_the_rules_with_every_card_kept(seed, players, greedy_seats):
    policies = [greedy if greedy_seats >> p & 1 else random_policy for p in range(players)]
    record = play(SPEC, DECK, players, seed, policies)  # legality and invariants after every move
    assert record.ended_by_rules and record.moves < SPEC.max_moves
    figures = record.figures
    assert sum(figures[f"first_out.seat{p + 1}"] for p in range(players)) == 1.0
    assert record.winners == [p for p, s in enumerate(record.scores) if s == max(record.scores)]
    assert 0 < figures["turns"] and 0 <= figures["couples_per_turn"] <= 20


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2 ** 40), players=st.sampled_from([2, 3]), greedy_seats=st.integers(0, 7))
def test_variant_games_end_by_the_rules_with_every_card_kept(seed, players, greedy_seats):
    policies = [greedy if greedy_seats >> p & 1 else random_policy for p in range(players)]
    record = play(playing_cards.SPEC, CARDS, players, seed, policies)
    assert record.ended_by_rules
    assert sum(record.figures[f"first_out.seat{p + 1}"] for p in range(players)) == 1.0


def trace(spec, deck, players: int, seed: int) -> str:
    """A random game move by move as play() draws it, each move followed by the whole position."""
    rng = random.Random(seed)
    state = spec.new_game(deck, players, rng)
    lines = [f"    {summary(state)}"]
    while not state.is_terminal():
        player = state.current_player()
        action = random_policy(None, state.legal_actions(player), rng)
        lines.append(state.describe(player, action))
        state.apply_action(action)
        lines.append(f"    {summary(state)}")
    lines.append(f"winners {[p + 1 for p in state.winners()]}; scores {state.scores()}; turns {state.turn}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("spec,deck,seed", [(SPEC, DECK, 7), (playing_cards.SPEC, CARDS, 7)])
def test_golden_replay(spec, deck, seed):
    text = trace(spec, deck, 2, seed)
    record = play(spec, deck, 2, seed, [random_policy] * 2)
    assert f"winners {[p + 1 for p in record.winners]}; scores {record.scores}" in text
    golden = ROOT / "tests" / "golden" / f"{spec.name}_seed_{seed}.txt"
    if os.environ.get("PNP_UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("spec,deck,players,digest", [
    (SPEC, DECK, 2, "e2b2260ae6d45cf3"), (SPEC, DECK, 3, "5653591f53572d48"), (SPEC, DECK, 4, "eddd78934e74e442"),
    (playing_cards.SPEC, CARDS, 2, "a38da1f070d1bb26"), (playing_cards.SPEC, CARDS, 3, "c6453f7892abb092")])
def test_the_greedy_player_plays_the_recorded_games(spec, deck, players, digest):
    """Its choices are its rules: a faster player (or view) must choose as the recorded one did."""
    text = replay(Project(ROOT), CheckOptions(spec.name, players=(players,), policy="greedy", replay=7))[1]
    golden = ROOT / "tests" / "golden" / f"{spec.name}_greedy_{players}p_seed_7.txt"
    if os.environ.get("PNP_UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")
    lines = []
    for seed in range(60):  # a digest of 60 greedy games: each one's moves, scores and winners
        record = play(spec, deck, players, seed, [greedy] * players)
        lines.append(f"{seed} {record.moves} {record.scores} {record.winners}")
    assert hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16] == digest


@pytest.mark.parametrize("game,players", [("ghost_couple", 2), ("ghost_couple_cards", 3)])
def test_the_report_is_the_same_for_one_and_two_workers(repo, game, players):
    one = check(repo, CheckOptions(game, players=(players,), target=Target(240), seed=11, policy="random", workers=1))
    two = check(repo, CheckOptions(game, players=(players,), target=Target(240), seed=11, policy="random", workers=2))
    assert to_json(one) == to_json(two)
    report = one.players[players]
    assert one.integrity == [] and report.play.termination.ended_by_rules == 240
    assert not report.ladder.flags() and report.ladder.rung("greedy").won.low > 1 / players
    assert set(report.play.exhaustion) == {"deck"}


def test_pnp_check_on_the_command_line(repo, tmp_path):
    out = tmp_path / "report.json"
    result = CliRunner().invoke(main, ["check", "ghost_couple", "--players", "2", "--games", "60", "--json", str(out),
                                       "--no-probe", "--project", str(repo.root)])
    assert result.exit_code == 0, result.output
    assert "== 2 players ==" in result.output and "couples_per_turn" in result.output
    assert "Pile deck ran out" in result.output and "first_out.seat1" in result.output
    assert json.loads(out.read_text(encoding="utf-8"))["players"]["2"]["games"] == 60
    replay = CliRunner().invoke(main, ["check", "ghost_couple_cards", "--replay", "5", "--project", str(repo.root)])
    assert replay.exit_code == 0 and "-- turn 1: P1 draws" in replay.output and "ended by the rules" in replay.output
    bad = CliRunner().invoke(main, ["check", "ghost_couple_cards", "--players", "4", "--project", str(repo.root)])
    assert bad.exit_code == 2


# --- editing the printed data ------------------------------------------------------------------------------------

@pytest.fixture
def scratch(tmp_path) -> Project:
    """A copy of the project's card data for Ghost Couple and the standard deck it borrows."""
    return copy_games(tmp_path, "ghost_couple", "standard_deck")


edit = edit_rows


def test_integrity_names_file_and_row_for_broken_cards(scratch):
    def spoil(rows):
        for row in rows:
            if row["id"] == "okiku_1_flip3":
                row["text"] = "もう1枚場のカードをめくる。"  # the card now says flip1
            if row["id"] == "sakura_1_wild":
                row["points"] = "0"
            if row["id"] == "kasuri_1":
                row["pair_with"] = "ダミアン"
            if row["id"] == "para_0":
                row["ability"] = "set_bonus|magic"
        return [row for row in rows if row["id"] != "hitodama_1_reveal_all"]
    edit(scratch, "ghost_couple/cards.csv", spoil)
    findings = integrity(load(Project(scratch.root)), [2, 3, 4])
    where = "card_data/ghost_couple/cards.csv: "
    for expected in (where + "99 cards; the note fixes カード総枚数 at 100",
                     where + "ghost hitodama has 2 ¥0 and 1 ¥1 cards",
                     where + "the note's event reveal_all is on no card",
                     where + "row 38: event flip3 acts on 1 cards, the note's on 3",
                     where + "row 4: the text says (−1点) but points is '0'",
                     where + "row 14: pair_with names 'ダミアン', which is no card",
                     where + "row 25: ability 'magic' is not in the note's ability list"):
        assert any(f.startswith(expected) for f in findings), (expected, findings)


def test_a_larger_printed_hand_runs_the_deck_out_sooner_and_finds_more_couples(repo, scratch):
    def eight(rows):
        rows[0]["front"] = rows[0]["front"].replace("最初は5枚", "最初は8枚")
        return rows
    before = check(repo, CheckOptions("ghost_couple", players=(2,), target=Target(300), seed=4, policy="random",
                                      workers=1)).players[2].play
    edit(scratch, "ghost_couple/reference.csv", eight)
    after = check(Project(scratch.root), CheckOptions("ghost_couple", players=(2,), target=Target(300), seed=4,
                                                      policy="random", workers=1)).players[2].play
    # 6 more cards dealt: 6 fewer to draw, and more hand cards to complete couples with
    assert after.exhaustion["deck"].when.mean < before.exhaustion["deck"].when.mean - 1.5
    assert after.figures["couples_per_turn"] > before.figures["couples_per_turn"]


def test_the_variant_flags_a_deck_without_jokers_and_follows_edited_scoring(repo, scratch):
    manifest = scratch.root / "card_data" / "ghost_couple" / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    no_jokers = "from: standard_deck/cards, where: \"suit != 'joker'\"}"
    manifest.write_text(text.replace("from: standard_deck/cards}", no_jokers), encoding="utf-8")
    edit(scratch, "ghost_couple/variant.csv", lambda rows: [{**rows[0], "scoring": rows[0]["scoring"].replace(
        "赤い絵札は1枚2点", "赤い絵札は1枚5点")}])
    deck = load_variant(Project(scratch.root))
    findings = variant_integrity(deck, [2, 3])
    assert any("52 cards with 0 jokers" in f for f in findings), findings
    assert deck.points[ids(deck, "♥K")[0]] == 5 and "Jo" not in deck.ability_keys
    before = check(repo, CheckOptions("ghost_couple_cards", players=(2,), target=Target(200), seed=2, policy="random",
                                      workers=1)).players[2].play
    after = check(Project(scratch.root), CheckOptions("ghost_couple_cards", players=(2,), target=Target(200), seed=2,
                                                      policy="random", workers=1)).players[2].play
    assert after.score_spread.scores.mean > before.score_spread.scores.mean + 1
