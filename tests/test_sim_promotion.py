"""Promotion's simulation: each rule on a hand-built position, invariants over seeds, a golden replay, a CSV edit."""

# Regenerate the golden file after an intended rules change with PNP_UPDATE_GOLDEN=1.

from __future__ import annotations

import os
import random

import pytest
from conftest import ROOT, copy_games, edit_rows
from hypothesis import given, settings
from hypothesis import strategies as st
from shipped.promotion import SPEC, Promotion, greedy, integrity, load
from shipped.promotion.play import CHANGING, DOWN_TIE, HAND_MASK, ORIENT, WILDING

from pnp.check.checker import check
from pnp.check.options import CheckOptions, Target
from pnp.check.play.game import game_seed, play
from pnp.check.stats.describe import wilson
from pnp.project.games import Project
from pnp.sim import SIMULTANEOUS, InvariantViolation, random_policy

GOLDEN = ROOT / "tests" / "golden" / "promotion_seed_7.txt"
DEFAULT = "♠5 ♥6 ♦7 ♣8 | ♠6 ♥7 ♦8 ♣5 | ♠7 ♥8 ♦5 ♣6 | ♠8 ♥5 ♦6 ♣7"  # after setup with the first choices


@pytest.fixture(scope="module")
def data(repo):
    return load(repo)


def ready(data) -> Promotion:
    """A game past setup, every choice the first legal one."""
    state = Promotion(data, 4, random.Random(0))
    while state.phase < ORIENT:
        state.apply_action(state.legal_actions(state.current_player())[0])
    return state


def holdings(state) -> str:
    """Everyone's cards, as in DEFAULT."""
    return " | ".join(" ".join(f"{state.data.suits[s]}{state.cards[p * 4 + s]}" for s in range(4)) for p in range(4))


def place(state, text: str) -> None:
    """Give the players the cards written like DEFAULT; every other card above 4 lies in the middle."""
    suits = state.data.suits
    for p, cards in enumerate(text.split("|")):
        for card in cards.split():
            state.cards[p * 4 + suits.index(card[0])] = int(card[1:])
    for s in range(4):
        held = sum(1 << state.cards[p * 4 + s] for p in range(4))
        state.middle[s] = state.deck_mask[s] & ~HAND_MASK & ~held
    state.check_cards()


def face(state, side: int, turn: int = 0) -> None:
    """The parent turns side index `side` to face them; the right neighbour turns it 180° or not."""
    state.apply_action(side)
    state.apply_action(turn)
    assert state.current_player() == SIMULTANEOUS


def facing(state) -> list[int]:
    """The side number each player faces now."""
    return [state.data.sides[(state.orient - p) & 3].number for p in range(4)]


def test_setup_deals_5_to_8_one_of_each_suit(data):
    state = Promotion(data, 4, random.Random(0))
    actors = []
    while state.phase < ORIENT:
        actors.append((state.phase, state.current_player()))
        state.apply_action(state.legal_actions(state.current_player())[0])
    # 準備 3: the parent and then clockwise take a suit's 1-4 (the last one is left no choice);
    # 準備 4-5: the parent picks a suit, then the right neighbour becomes parent (P1, P4, P3; P2 has one suit left)
    assert actors == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 3), (1, 2)]
    assert sorted(state.row_suit) == [0, 1, 2, 3]
    assert holdings(state) == DEFAULT  # numbers and suits all different (数もマークもバラバラ)
    assert all(state.middle[s] == sum(1 << v for v in range(9, 14)) for s in range(4))
    assert (state.current_player(), state.round_count) == (0, 1)


def test_parent_orients_right_neighbour_may_turn_and_parent_passes_left(data):
    state = ready(data)
    state.apply_action(1)  # P1 turns side 2 (Down!) to face them
    assert facing(state)[0] == 2 and state.current_player() == 3  # P4 sits on P1's right
    state.apply_action(1)  # P4 turns the card 180°
    assert facing(state) == [4, 3, 2, 1]
    state.apply_actions([4, 4, 4, 4])  # everyone on row 4: every suit bats, nothing moves
    assert holdings(state) == DEFAULT and state.batted == 16
    assert (state.round_count, state.parent, state.current_player()) == (2, 1, 1)
    state.apply_action(0)
    assert state.current_player() == 0  # P1 is P2's right neighbour
    state.apply_action(0)
    assert state.legal_actions(0) == [1, 2, 3, 4]  # the row cards are back in hand


def test_batting_as_in_the_rules_example(data):
    state = ready(data)
    face(state, 0)
    assert facing(state)[0] == 1 and facing(state)[3] == 2  # row 2: ♠♥ for P1, ♥♣ for P4
    state.apply_actions([2, 4, 4, 2])
    # ♥ was named by both: lost for both; ♠ and ♣ were not: raised past the held cards
    assert holdings(state) == "♠9 ♥6 ♦7 ♣8 | ♠6 ♥7 ♦8 ♣5 | ♠7 ♥8 ♦5 ♣6 | ♠8 ♥5 ♦6 ♣9"
    assert state.batted == 1 + 4 + 4 + 1


def test_raising_past_missing_cards_as_in_the_rules_example(data):
    state = ready(data)
    place(state, "♠8 ♥7 ♦5 ♣6 | ♠5 ♥8 ♦6 ♣7 | ♠6 ♥9 ♦7 ♣8 | ♠7 ♥5 ♦8 ♣5")
    face(state, 2)
    assert facing(state)[0] == 3  # side 3's row 3 is ♠♥
    state.apply_actions([3, 4, 4, 4])
    assert holdings(state).split(" | ")[0] == "♠9 ♥10 ♦5 ♣6"  # ♥8 and ♥9 are not in the middle: ♥10


def test_spin_turns_the_card_for_later_rows(data):
    state = ready(data)
    face(state, 0)
    assert facing(state) == [1, 4, 3, 2]  # P2's row 2 would be side 4's ♠♦
    state.apply_actions([1, 2, 4, 4])
    assert facing(state) == [2, 1, 4, 3]  # clockwise: P2 now faces side 1, row 2 ♠♥
    assert holdings(state).split(" | ")[1] == "♠9 ♥9 ♦8 ♣5"
    assert state.effect_counts["SPIN90°"] == 1


def test_effect_order_never_goes_back_as_in_the_rules_example(data):
    state = ready(data)
    face(state, 0)  # P1 SPIN90°, P4 (A) Down!, P3 (B) Change!, P2 (C) Wild!
    state.apply_actions([1, 1, 1, 1])
    assert (state.phase, state.actor) == (CHANGING, 3)  # after the spin, A faces 3:Change!; P1's 2:Down! has passed
    assert sorted(state.legal_actions(3)) == [q * 4 + s for q in (0, 1, 2) for s in range(4)]  # no passing
    state.apply_action(0 * 4 + 3)  # A swaps clubs with P1
    assert (state.phase, state.actor) == (WILDING, 2)  # B now faces 4:Wild!
    state.apply_action(0)  # B raises ♠7 past the held ♠8
    assert holdings(state) == "♠5 ♥6 ♦7 ♣7 | ♠6 ♥7 ♦8 ♣5 | ♠9 ♥8 ♦5 ♣6 | ♠8 ♥5 ♦6 ♣8"
    assert state.effect_counts == {"SPIN90°": 1, "Down!": 0, "Change!": 1, "Wild!": 1}
    assert state.fizzled == 1  # C faces 1:SPIN90°, already passed: nothing happens
    assert state.round_count == 2


def test_down_lowers_everyone_elses_highest_in_order_with_tie_choice(data):
    state = ready(data)
    place(state, "♠5 ♥6 ♦7 ♣8 | ♠11 ♥5 ♦6 ♣7 | ♠6 ♥12 ♦12 ♣5 | ♠10 ♥7 ♦8 ♣6")
    face(state, 1)  # P1 faces 2:Down!; P2 faces order 1, P4 order 3, P3 order 4
    state.apply_actions([1, 4, 4, 4])
    # P2 first: ♠11 back, ♠10 is held, so ♠9; then P4: ♠10 back, ♠9 is gone now, so ♠8
    assert holdings(state) == "♠5 ♥6 ♦7 ♣8 | ♠9 ♥5 ♦6 ♣7 | ♠6 ♥12 ♦12 ♣5 | ♠8 ♥7 ♦8 ♣6"
    assert (state.phase, state.actor, state.legal_actions(2)) == (DOWN_TIE, 2, [1, 2])  # P3 picks among tied highest
    state.apply_action(2)
    assert holdings(state).split(" | ")[2] == "♠6 ♥12 ♦11 ♣5"


def test_down_with_nothing_lower_keeps_the_card(data):
    state = ready(data)
    place(state, "♠5 ♥6 ♦7 ♣5 | ♠6 ♥7 ♦5 ♣8 | ♠7 ♥8 ♦6 ♣6 | ♠8 ♥5 ♦8 ♣7")
    state.lower_card(1, 3)  # ♣5-7 are all held by the others
    assert state.cards[1 * 4 + 3] == 8 and not state.exchanges


def test_change_swaps_same_suit_cards(data):
    state = ready(data)
    face(state, 2)
    assert facing(state)[0] == 3
    state.apply_actions([1, 4, 4, 4])
    assert (state.phase, state.actor, len(state.legal_actions(0))) == (CHANGING, 0, 12)
    state.apply_action(2 * 4 + 1)  # P1 takes P3's ♥8 for their ♥6
    assert holdings(state) == "♠5 ♥8 ♦7 ♣8 | ♠6 ♥7 ♦8 ♣5 | ♠7 ♥6 ♦5 ♣6 | ♠8 ♥5 ♦6 ♣7"


def test_wild_raises_a_card_of_choice(data):
    state = ready(data)
    face(state, 3)
    state.apply_actions([1, 4, 4, 4])
    assert (state.phase, state.actor, state.legal_actions(0)) == (WILDING, 0, [0, 1, 2, 3])
    state.apply_action(0)
    assert holdings(state).split(" | ")[0] == "♠9 ♥6 ♦7 ♣8"  # ♠6-8 are held: ♠9


def test_k13_wins_at_once(data):
    state = ready(data)
    place(state, "♠12 ♥6 ♦7 ♣8 | ♠6 ♥7 ♦12 ♣5 | ♠7 ♥8 ♦5 ♣6 | ♠8 ♥5 ♦6 ♣7")
    face(state, 3)  # P1 faces Wild!; P2 faces side 3, whose row 2 (♣♦) would give them ♦13 later
    state.apply_actions([1, 2, 4, 4])
    state.apply_action(0)
    assert state.is_terminal() and state.ended_by_rules() and state.winners() == [0]
    assert state.cards[1 * 4 + 2] == 12  # the game ended before row 2
    assert state.scores() == [13.0, 12.0, 8.0, 8.0]
    assert state.figures()["win_side.4"] == 1.0


def test_simultaneous_k13_wins_are_shared(data):
    state = ready(data)
    place(state, "♠12 ♥6 ♦7 ♣8 | ♠6 ♥7 ♦8 ♣5 | ♠7 ♥8 ♦5 ♣6 | ♠8 ♥5 ♦6 ♣12")
    face(state, 0)
    state.apply_actions([2, 4, 4, 2])  # row 2: P1 ♠♥, P4 ♥♣
    assert state.winners() == [0, 3]
    figures = state.figures()
    assert (figures["win_side.1"], figures["win_side.2"], figures["rounds"]) == (0.5, 0.5, 1.0)


def test_invariants_catch_lost_doubled_and_illegal_exchanges(data):
    state = ready(data)
    state.middle[0] &= ~(1 << 13)  # the ♠K disappears
    with pytest.raises(InvariantViolation, match="a card was lost: ♠13 is in no zone"):
        state.check_invariants()  # the first check of a round counts every card
    state = ready(data)
    state.cards[0] = 9  # P1 holds a second ♠9
    with pytest.raises(InvariantViolation, match="♠9 is in two places: middle and cards in front"):
        state.check_cards()
    state = ready(data)
    state.exchanges.append(("raise", 0, 0, 5, 10, state.middle[0]))  # skipped the ♠9 lying in the middle
    with pytest.raises(InvariantViolation, match="next higher"):
        state.check_invariants()
    state = ready(data)
    state.won = [2]
    with pytest.raises(InvariantViolation, match="K13"):
        state.check_invariants()


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2 ** 40), greedy_seats=st.integers(0, 15))
def test_games_end_by_the_rules_with_cards_conserved(data, seed, greedy_seats):
    policies = [greedy if greedy_seats >> p & 1 else random_policy for p in range(4)]
    record = play(SPEC, data, 4, seed, policies, check=True)  # invariants and legality after every move
    assert record.ended_by_rules and record.winners
    assert all(record.scores[p] == 13 for p in record.winners)
    assert all(record.scores[p] < 13 for p in range(4) if p not in record.winners)
    figures = record.figures
    assert sum(figures[f"win_side.{n}"] for n in range(1, 5)) == pytest.approx(1.0)
    assert sum(figures[f"row_chosen.{n}"] for n in range(1, 5)) == pytest.approx(1.0)


def trace(data, seed: int) -> str:
    """A random game move by move, each decision followed by the public state (play's own order of draws)."""
    rng = random.Random(seed)
    state = SPEC.new_game(data, 4, rng)
    lines = []
    while not state.is_terminal():
        player = state.current_player()
        if player == SIMULTANEOUS:
            chosen = [random_policy(state.observation(p), state.legal_actions(p), rng) for p in range(4)]
            lines += [state.describe(p, a) for p, a in enumerate(chosen)]
            state.apply_actions(chosen)
        else:
            action = random_policy(state.observation(player), state.legal_actions(player), rng)
            lines.append(state.describe(player, action))
            state.apply_action(action)
        lines.append(f"    {state.summary()}")
    lines.append(f"winners {[p + 1 for p in state.winners()]}; scores {state.scores()}; rounds {state.round_count}")
    return "\n".join(lines) + "\n"


def test_golden_replay(data):
    text = trace(data, 7)
    record = play(SPEC, data, 4, 7, [random_policy] * 4)
    assert f"winners {[p + 1 for p in record.winners]}; scores {record.scores}; rounds {record.rounds}" in text
    if os.environ.get("PNP_UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


@pytest.fixture
def scratch(tmp_path) -> Project:
    """A scratch project holding Promotion and the standard deck it uses."""
    return copy_games(tmp_path, "promotion", "standard_deck")


edit = edit_rows


def test_integrity_is_clean_and_names_file_and_row(scratch):
    assert integrity(load(scratch), [4]) == []

    def spoil(rows):
        rows[0].update(side2_effect="SPIN90°", side3_row2="", side4_row3="♥X", side4_order="1")
        return rows
    edit(scratch, "promotion/postcard.csv", spoil)
    edit(scratch, "standard_deck/cards.csv", lambda rows: [r for r in rows if r["name"] != "King of Spades"])
    findings = integrity(load(Project(scratch.root)), [4, 3])
    where = "card_data/promotion/postcard.csv: row 2: "
    for expected in (where + "the effect SPIN90° is on 2 sides", where + "the effect Down! is on 0 sides",
                     where + "the order numbers are [1, 2, 3, 1]", where + "side3_row2 names no suit",
                     where + "side4_row3 'X' is not a suit", "card_data/standard_deck/cards.csv: missing cards ♠13",
                     "card_data/standard_deck/cards.csv: the deck has 51 cards",
                     "card_data/promotion/postcard.csv: the postcard has a side for each of 4 players (4人), not 3"):
        assert any(f.startswith(expected) for f in findings), (expected, findings)


def test_a_side_with_every_suit_on_every_row_wins_more(repo, scratch):
    def every_suit(rows):
        rows[0].update(side1_row2="♠♥♣♦", side1_row3="♠♥♣♦")
        return rows
    before = check(repo, CheckOptions("promotion", players=(4,), target=Target(2000), seed=3, policy="random",
                                      workers=1)).players[4].play
    edit(scratch, "promotion/postcard.csv", every_suit)
    after = check(Project(scratch.root), CheckOptions("promotion", players=(4,), target=Target(2000), seed=3,
                                                      policy="random", workers=1)).players[4].play
    games = before.games
    won_before, won_after = (wilson(play.figures["win_side.1"] * games, games) for play in (before, after))
    assert won_after.low > won_before.high  # side 1 wins clearly more often (95% intervals apart)
    assert after.figures["batting"] > before.figures["batting"]  # more suits named, more collisions
    assert after.length_rounds.mean < before.length_rounds.mean  # more raises, shorter games


def test_same_seed_same_game(data):
    records = [play(SPEC, data, 4, game_seed(11, i), [random_policy] * 4) for i in range(200)]
    again = [play(SPEC, data, 4, game_seed(11, i), [random_policy] * 4) for i in range(200)]
    assert [(r.moves, r.winners, r.figures) for r in records] == [(r.moves, r.winners, r.figures) for r in again]
