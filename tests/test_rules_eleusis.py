"""New Eleusis's rule constants, each in a position worked out by hand from the rules text (準備, 失格, 得点).

Positions are built as in test_sim_eleusis.py: the rule R01 (alternate colours) is dealt, ♠4 starts the main line.
"""

from __future__ import annotations

import pytest
from conftest import copy_games
from shipped.eleusis import SPEC, integrity, load
from shipped.eleusis.plays import CIRCLE, DOT
from shipped.eleusis.round import PLAY, PLAYING, RULE
from test_sim_eleusis import arrange, dealt, hand, lay, rule_index

from pnp.project.games import Project
from pnp.sim import CHANCE


@pytest.fixture(scope="module")
def data(repo):
    return load(repo)


def test_the_game_is_for_four_to_six_players(data):
    # 準備 3: 人数は4〜6人; each of them deals and plays (test_sim_eleusis deals 4, 5 and 6 by hand).
    assert SPEC.player_counts == (4, 5, 6)
    assert integrity(data, SPEC.player_counts) == []


def test_a_deck_holding_exactly_the_penalty_is_drawn_out_and_the_child_plays_on(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5 ♥6 ♠9", 2: "♠2", 3: "♠3"}, deck="♣2 ♣3 ♣4 ♣5")
    rest, state.deck = state.deck[:-4], state.deck[-4:]
    state.hands[3] += rest  # out of the way: the deck holds only the four cards a wrong 2-card play draws
    lay(state, 1, "♥5 ♥6", DOT)  # ♥5 accepted, ♥6 not: mixed, so ● is wrong
    assert hand(state, 1) == "♠9 ♣2 ♣3 ♣4 ♣5" and not state.deck
    assert state.out[1] == PLAYING  # fewer cards than the penalty would disqualify; exactly as many does not


def test_each_seat_deals_one_round_in_turn_and_the_game_ends_after_the_last(data):
    state = dealt(data, "R01")
    for dealer in range(4):
        assert (state.dealer, state.round_index) == (dealer, dealer)
        first, second, third = ((dealer + i) % 4 for i in (1, 2, 3))
        arrange(state, {first: "♥5", second: "♠2", third: "♠3"})
        lay(state, first, "♥5", CIRCLE)  # the child after the dealer goes out at once
        assert state.results[-1].scores[dealer] == 2 and state.results[-1].scores[first] == 4
        if dealer < 3:
            assert (state.phase, state.current_player(), state.is_terminal()) == (RULE, CHANCE, False)
            state.apply_action(rule_index(data, "R01"))
            assert (state.phase, state.current_player()) == (PLAY, (dealer + 2) % 4)
    # every seat dealt once (+2), went out once (+4) and held one card twice (-1, -1)
    assert state.is_terminal() and state.rounds() == 4 and state.scores() == [4.0] * 4


@pytest.fixture
def scratch(tmp_path) -> Project:
    return copy_games(tmp_path, "eleusis", "standard_deck", layouts=True)


def test_a_library_of_fewer_than_ten_rules_is_reported(scratch):
    rules = scratch.root / "card_data" / "eleusis" / "secret_rules.csv"
    lines = rules.read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(lines) == 13  # the header and R01-R12
    rules.write_text("".join(lines[:11]), encoding="utf-8")  # R01-R10
    assert not any("the library has" in f for f in integrity(load(Project(scratch.root)), [4]))
    rules.write_text("".join(lines[:10]), encoding="utf-8")  # R01-R09
    assert "card_data/eleusis/secret_rules.csv: the library has 9 rule(s); with fewer than 10 the secret rule is " \
           "easy to guess" in integrity(load(Project(scratch.root)), [4])


def test_one_deck_leaves_too_few_cards_for_a_penalty_with_five_players_but_not_with_four(scratch):
    manifest = scratch.root / "card_data" / "eleusis" / "game.yaml"
    manifest.write_text("\n".join(line for line in manifest.read_text(encoding="utf-8").splitlines()
                                  if "name: deck_blue" not in line) + "\n", encoding="utf-8")
    findings = [f for f in integrity(load(Project(scratch.root)), [4, 5]) if "leave" in f]
    # 52 - 12 x 4 children - 1 starter = 3 cards, fewer than a wrong 4-card play draws (4 x 2 = 8);
    # with 4 players 52 - 36 - 1 = 15 are left
    assert findings == ["card_data/eleusis/game.yaml: with 5 players the 52 cards leave 3 in the deck after dealing "
                        "12 to each of 4 children and a starter; one wrong 4-card play draws 8"]


@pytest.mark.parametrize("laid,declared,drawn", [("♠5", CIRCLE, 2), ("♠5 ♣6 ♥7", CIRCLE, 6), ("♥5 ♣6 ♥7 ♠8", DOT, 8)])
def test_a_wrong_declaration_draws_twice_the_cards_played(data, laid, declared, drawn):
    state = dealt(data, "R01")
    arrange(state, {1: "♠5 ♣6 ♥7 ♠8 ♥5 ♠9", 2: "♠2", 3: "♠3"}, deck="♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦9")
    before = len(state.deck)
    lay(state, 1, laid, declared)  # ♠5 after ♠4: rejected, so ○ is wrong; the others mix or are all accepted
    assert before - len(state.deck) == drawn == len(state.hands[1]) - (6 - len(laid.split()))
    assert state.out[1] == PLAYING
