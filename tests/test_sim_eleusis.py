"""New Eleusis's simulation: each rule on a hand-built position, invariants over seeds, a golden replay, CSV edits."""

# Regenerate the golden file after an intended rules change with PNP_UPDATE_GOLDEN=1.

from __future__ import annotations

import dataclasses
import os
import random

import pytest
from click.testing import CliRunner
from conftest import ROOT, copy_games
from hypothesis import given, settings
from hypothesis import strategies as st
from shipped.eleusis import SPEC, Eleusis, greedy, integrity, load
from shipped.eleusis.plays import CIRCLE, DOT, MIXED, Plays, decode, encode
from shipped.eleusis.policy import best_play, candidates, likely_verdict
from shipped.eleusis.round import AFTER_40, DECLARE, EMPTY_DECK, HINT, JUDGE, PLAY, PLAYING, PROPHET, RULE, SHORT_DECK
from shipped.eleusis.text import summary

from pnp.check.checker import check, to_json
from pnp.check.options import CheckOptions, Target
from pnp.check.play.game import play
from pnp.cli.main import main
from pnp.errors import PnpError
from pnp.project.games import Project
from pnp.sim import CHANCE, InvariantViolation, random_policy

GOLDEN = ROOT / "tests" / "golden" / "eleusis_seed_5.txt"


@pytest.fixture(scope="module")
def data(repo):
    return load(repo)


# --- building positions by hand ------------------------------------------------------------------

def rule_index(data, rule_id: str) -> int:
    return [rule.id for rule in data.library.rules].index(rule_id)


def dealt(data, rule_id: str, players: int = 4, seed: int = 0) -> Eleusis:
    """A game whose first round has just been dealt with the named rule (P1 deals)."""
    state = Eleusis(data, players, random.Random(seed))
    assert state.current_player() == CHANCE
    state.apply_action(rule_index(data, rule_id))
    return state


def arrange(state, hands: dict[int, str], main: str = "♠4", deck: str | None = None, played: int | None = 0) -> None:
    """Give each seat the cards written (♠A ♥10 ...) and lay `main` as the main line. Of the other cards,
    `played` lie on the side line (already played and rejected; None: all of them) and the rest form the
    deck, under the cards written in `deck` (the last one on top); deck="" is an empty deck."""
    pool: dict[str, list[int]] = {}
    for card in range(state.data.cards):
        pool.setdefault(state.data.label(card), []).append(card)

    def take(text: str) -> list[int]:
        return [pool[label].pop(0) for label in text.split()]

    state.hands = [take(hands.get(p, "")) for p in range(state.num_players)]
    state.main = take(main)
    top = take(deck or "")
    rest = [card for cards in pool.values() for card in cards]
    random.Random(1).shuffle(rest)
    if played is None or deck == "":
        played = len(rest)
    state.side, state.deck = rest[:played], rest[played:] + top
    state.end = state.face[state.main[-1]]
    state.played = len(state.main) - 1 + len(state.side)
    state.moved = True
    state.check_invariants()
    state.check_cards()


def hand(state, player: int) -> str:
    return " ".join(state.data.label(card) for card in state.hands[player])


def card_ids(state, player: int, text: str) -> list[int]:
    """The ids of the named cards in a player's hand, in the order written."""
    held = list(state.hands[player])
    out = []
    for label in text.split():
        card = next(c for c in held if state.data.label(c) == label)
        held.remove(card)
        out.append(card)
    return out


def lay(state, player: int, text: str, declared: int) -> None:
    """The player (who must be to play) lays the named cards down with a declaration."""
    assert (state.phase, state.current_player()) == (PLAY, player)
    action = encode(declared, card_ids(state, player, text))
    assert action in state.legal_actions(player)
    state.apply_action(action)
    state.check_invariants()


def row(state) -> tuple[str, str]:
    labels = state.data.label
    return " ".join(map(labels, state.main)), " ".join(map(labels, state.side))


# --- the printed data -----------------------------------------------------------------------------

def test_two_decks_from_the_printed_csv_and_a_clean_integrity(data):
    assert data.cards == 104 and len(data.faces) == 52
    assert [deck.name for deck in data.decks] == ["deck_red", "deck_blue"]
    assert all(data.card_face.count(face) == 2 for face in range(52))
    assert data.decks[0].table.label == "card_data/standard_deck/cards.csv"
    assert len(data.library.rules) >= 10 and all(rule.text and rule.description for rule in data.library.rules)
    assert integrity(data, [4, 5, 6]) == []


def test_rule_tables_follow_the_library_expressions(data):
    lib, faces = data.library, {face.text: i for i, face in enumerate(data.faces)}

    def accepts(rule_id, prev, card):
        return bool(lib.tables[rule_index(data, rule_id)][faces[prev] * lib.faces + faces[card]])
    assert accepts("R01", "♠4", "♥9") and not accepts("R01", "♠4", "♣9")  # colours alternate
    assert accepts("R08", "♣K", "♥A") and accepts("R08", "♣Q", "♦2")  # counting on from K to A
    assert not accepts("R08", "♣K", "♥4")
    assert accepts("R11", "♠K", "♥K") and not accepts("R11", "♥A", "♠2")  # black: equal or higher; red: lower
    assert accepts("R07", "♦5", "♠8") and not accepts("R07", "♦5", "♠9")
    assert not accepts("R05", "♠4", "♥4") and accepts("R05", "♥4", "♦4")  # whatever came before


# --- dealing and plays ----------------------------------------------------------------------------

@pytest.mark.parametrize("players,deck", [(4, 67), (5, 55), (6, 43)])
def test_deal_gives_children_twelve_and_turns_a_starter(data, players, deck):
    state = dealt(data, "R01", players)
    assert [len(h) for h in state.hands] == [0] + [12] * (players - 1)
    assert len(state.deck) == deck and len(state.main) == 1 and state.played == 0
    assert (state.phase, state.current_player()) == (PLAY, 1)  # the dealer's left plays first


def test_the_play_sequence_decodes_every_ordered_play_of_one_to_four_cards(data):
    plays = Plays([5, 9, 70, 30])
    assert len(plays) == 2 * (4 + 12 + 24 + 24)
    every = list(plays)
    assert len(set(every)) == len(every) and all(action in plays for action in every)
    by_declaration = [{decode(a)[1] for a in every if decode(a)[0] == declared} for declared in (CIRCLE, DOT)]
    assert by_declaration[0] == by_declaration[1]
    assert encode(CIRCLE, (70, 5)) in plays and encode(DOT, (9, 30, 5, 70)) in plays
    assert encode(CIRCLE, (70, 71)) not in plays and encode(CIRCLE, (5, 5)) not in plays
    assert encode(CIRCLE, (5,)) | 1 << 40 not in plays and -1 not in plays and True not in plays
    assert len(Plays(list(range(12)))) == 26_688


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 103), min_size=1, max_size=40, unique=True), st.data())
def test_any_index_is_a_legal_play_and_decodes_back(hand_cards, pick):
    plays = Plays(hand_cards)
    index = pick.draw(st.integers(0, len(plays) - 1))
    action = plays[index]
    declared, cards = decode(action)
    assert action in plays and encode(declared, cards) == action and 1 <= len(cards) <= 4
    assert set(cards) <= set(hand_cards) and len(set(cards)) == len(cards) and declared == index & 1


# --- judging, penalties, disqualification ---------------------------------------------------------

def test_all_accepted_in_order_is_circle_and_extends_the_main_line(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5 ♣6 ♦7 ♠9", 2: "♠2", 3: "♠3"})
    lay(state, 1, "♥5 ♣6 ♦7", CIRCLE)
    assert row(state) == ("♠4 ♥5 ♣6 ♦7", "") and hand(state, 1) == "♠9" and state.played == 3
    assert state.tally.verdicts == [1, 0, 0] and state.tally.wrong == 0
    assert (state.phase, state.current_player()) == (DECLARE, 1)


def test_all_rejected_is_dot_and_the_end_stays(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♠5 ♣9 ♥2", 2: "♠2", 3: "♠3"})
    lay(state, 1, "♠5 ♣9", DOT)
    assert row(state) == ("♠4", "♠5 ♣9") and hand(state, 1) == "♥2" and state.tally.verdicts == [0, 1, 0]


def test_mixed_verdict_makes_the_declaration_wrong_and_draws_twice_the_cards(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5 ♥6 ♠9", 2: "♠2", 3: "♠3"}, deck="♣2 ♣3 ♣4 ♣5 ♣6")
    lay(state, 1, "♥5 ♥6", CIRCLE)  # ♥5 follows ♠4; ♥6 (red after red) does not
    assert row(state) == ("♠4 ♥5", "♥6")
    assert hand(state, 1) == "♠9 ♣3 ♣4 ♣5 ♣6" and data.label(state.deck[-1]) == "♣2"
    assert state.out[1] == PLAYING and state.tally.verdicts == [0, 0, 1] and state.tally.drawn == 4


@pytest.mark.parametrize("before,reason", [(37, PLAYING), (38, AFTER_40)])
def test_from_the_fortieth_card_a_wrong_declaration_draws_and_disqualifies(data, before, reason):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5 ♥6 ♠9", 2: "♠2 ♠3", 3: "♠3"}, deck="♣6 ♣7 ♣8 ♣9", played=before)
    lay(state, 1, "♥5 ♥6", DOT)  # ♥5 is accepted: mixed, wrong; the play brings the row to 39 or 40 cards
    assert state.played == before + 2 and state.out[1] == reason and hand(state, 1) == "♠9 ♣6 ♣7 ♣8 ♣9"
    assert (state.phase, state.current_player()) == ((PLAY, 2) if reason else (DECLARE, 1))


def test_a_short_deck_is_drawn_out_and_disqualifies(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5 ♥6 ♠9", 2: "♠2"}, deck="♣2 ♣3 ♣4", played=None)
    lay(state, 1, "♥5 ♥6", DOT)
    assert state.out[1] == SHORT_DECK and hand(state, 1) == "♠9 ♣2 ♣3 ♣4" and not state.deck
    assert state.tally.first_ran_out == 1 and state.tally.ran_out_rounds == 1
    assert state.figures()["exhausted.deck"] == 1.0


def test_an_empty_deck_disqualifies_without_drawing(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5 ♠9", 2: "♠2"}, deck="")
    lay(state, 1, "♥5", DOT)
    assert state.out[1] == EMPTY_DECK and hand(state, 1) == "♠9"


def test_out_with_an_empty_hand_does_not_end_the_round(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5", 2: "♠2 ♥2", 3: "♠3"}, deck="")
    lay(state, 1, "♥5", DOT)  # wrong with the deck empty: out, holding nothing
    assert state.out[1] == EMPTY_DECK and not state.hands[1] and state.round_index == 0
    assert (state.phase, state.current_player()) == (PLAY, 2)


# --- going out and scoring ------------------------------------------------------------------------

def test_going_out_ends_the_round_with_the_rules_scores(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5", 2: "♠2 ♠3 ♠5", 3: "♠6 ♠7 ♠8 ♠9 ♠10"})
    lay(state, 1, "♥5", CIRCLE)
    # P2 goes out: +4; P3 -3, P4 -5; the dealer +2 (the child who went out is not a prophet)
    assert state.results[0].scores == [2, 4, -3, -5] and state.totals == [2, 4, -3, -5]
    assert (state.phase, state.current_player(), state.dealer, state.round_index) == (RULE, CHANCE, 1, 1)
    state.apply_action(0)  # round 2: P2 deals, P3 plays first
    assert state.hands[1] == [] and (state.phase, state.current_player()) == (PLAY, 2)


def test_prophets_judge_in_secret_and_score_or_fail(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5 ♦6", 2: "♠2 ♠3 ♠5", 3: "♠6 ♠7 ♠8 ♠9 ♠10"})
    state.prophet[2] = state.prophet[3] = True
    state.seers = 2
    laid = card_ids(state, 1, "♥5")
    lay(state, 1, "♥5", CIRCLE)
    assert (state.phase, state.current_player(), state.judges) == (JUDGE, 2, [2, 3])  # clockwise from the player
    obs = state.observation(3)
    assert obs.pending == (1, CIRCLE, tuple(laid)) and obs.rule == -1
    state.apply_action(CIRCLE)
    assert state.observation(3)._replace(actor=2) == obs  # P4 cannot see P3's secret judgement
    state.apply_action(MIXED)
    state.check_invariants()
    assert state.hits[2] == 1 and state.failed[3] and state.out[3] == PROPHET and state.hits[3] == 0
    assert state.unseated[1] == 1 and state.seers == 1
    assert (state.phase, state.current_player()) == (DECLARE, 1)
    state.apply_action(0)
    lay(state, 2, "♠2", CIRCLE)  # P3 (a prophet; no other prophet is in to judge); P4 is out
    assert (state.phase, state.current_player()) == (PLAY, 1)
    lay(state, 1, "♦6", CIRCLE)  # P2 goes out
    assert (state.phase, state.current_player()) == (JUDGE, 2)
    state.apply_action(CIRCLE)
    # P2: +4 and +2 for unseating P4; P3: +2 (two right judgements) -2 cards; P4: -5 and -5 cards;
    # the dealer: +2 (P2 was no prophet) +3 (P4 failed)
    assert state.results[0].scores == [5, 6, 0, -10]


def test_prophet_points_stop_at_five_and_a_prophet_going_out_gives_the_dealer_four(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5", 2: "♠2", 3: "♠3 ♠5"})
    state.prophet[1], state.hits[1], state.seers = True, 7, 1
    lay(state, 1, "♥5", CIRCLE)
    assert state.results[0].scores == [4, 4 + 5, -1, -2]


def test_a_prophets_wrong_declaration_is_a_failed_prophecy(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5 ♥6 ♠9", 2: "♠2", 3: "♠3"}, deck="♣2 ♣3 ♣4 ♣5 ♣6")
    state.prophet[1], state.hits[1], state.seers = True, 3, 1
    lay(state, 1, "♥5 ♥6", CIRCLE)  # mixed: wrong
    assert state.failed[1] and state.out[1] == PROPHET and state.hits[1] == 0 and len(state.hands[1]) == 5
    assert sum(state.unseated) == 0 and (state.phase, state.current_player()) == (PLAY, 2)
    lay(state, 2, "♠2", CIRCLE)  # P3 goes out
    # P2: -5 and -5 cards, nobody gets +2; P3 +4; P4 -1; the dealer +2 +3
    assert state.results[0].scores == [5, -10, 4, -1]


def test_every_child_out_costs_the_dealer_the_smallest_hand(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5 ♠9", 2: "♥2 ♠2 ♠3", 3: "♥3 ♠5 ♠6 ♠7"}, deck="")
    lay(state, 1, "♥5", DOT)  # accepted (red after ♠4): wrong, the deck is empty: out
    lay(state, 2, "♠2", DOT)  # accepted (black after ♥5): out
    lay(state, 3, "♥3", DOT)  # accepted (red after ♠2): out
    # every child out; hands of 1, 2 and 3 cards score -1 each; the dealer -1 (the smallest hand)
    assert state.results[0].went_out == -1 and state.results[0].scores == [-1, -1, -2, -3]


# --- hints and prophecy ---------------------------------------------------------------------------

def test_hint_times_after_ten_twenty_thirty_cards(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5 ♣6 ♦7 ♠9 ♥9", 2: "♠2 ♠3", 3: "♠5"}, played=8)
    lay(state, 1, "♥5 ♣6 ♦7", CIRCLE)  # cards 9-11: the 10th was laid down
    assert (state.phase, state.current_player()) == (HINT, 0)
    state.apply_action(1)
    assert state.topic == "色に注目" and state.observation(2).topic == "色に注目" and state.hints == 1
    assert (state.phase, state.current_player()) == (DECLARE, 1)


def test_the_second_hint_names_a_card_the_rule_accepts_now(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5", 2: "♠2"})
    state.hints = 1
    state.give_hint()
    assert state.hints == 2 and data.faces[state.example()].text == "♥A"  # after ♠4: the first red face
    end_key = state.end * data.library.faces + state.example()
    assert state.known[-1] == end_key * 2 + 1


def test_no_hint_while_a_prophet_is_in_and_the_round_may_end(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5 ♣6 ♦7 ♠9 ♥9", 2: "♠2 ♠3 ♠5 ♠6 ♠7", 3: "♠8 ♠10 ♠J ♠Q ♠K"})
    state.played = 11
    assert state.hint_time(9) and not state.hint_time(10)  # the 10th card came with a play from 9
    state.prophet[3], state.seers = True, 1
    assert state.hint_time(9)  # a prophet, but every hand holds 5 cards
    state.hands[1].pop()
    assert not state.hint_time(9)  # P2 could go out with one play
    state.prophet[3], state.seers = False, 0
    state.played = 31
    assert state.hint_time(29) and not state.hint_time(30)
    state.played = 41
    assert not state.hint_time(38)  # 40 is no hint time


def test_prophecy_is_offered_at_the_end_of_the_turn_to_children_still_in(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5 ♣6", 2: "♠2 ♠3", 3: "♠5 ♠6"})
    lay(state, 1, "♥5", CIRCLE)
    assert state.legal_actions(1) == (0, 1)
    state.apply_action(1)
    assert state.prophet[1] and state.seers == 1 and state.observation(2).seers == (False, True, False, False)
    lay(state, 2, "♠2", CIRCLE)
    assert (state.phase, state.current_player()) == (JUDGE, 1)
    state.apply_action(CIRCLE)
    assert state.hits[1] == 1 and (state.phase, state.current_player()) == (DECLARE, 2)


# --- what players see, and the greedy player -----------------------------------------------------

def test_observations_hide_the_rule_and_other_hands(data):
    state = dealt(data, "R05")
    obs = state.observation(1)
    assert obs.rule == -1 and obs.hand == tuple(state.hands[1]) and obs.hand_sizes == (0, 12, 12, 12)
    assert state.observation(0).rule == rule_index(data, "R05")
    assert not any(field in obs._fields for field in ("hands", "table", "secret", "deck_cards"))


def test_greedy_keeps_the_rules_that_agree_with_the_row(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5 ♣6 ♦7 ♠9 ♥9 ♣J", 2: "♠2"})
    everything = data.library.everything
    assert candidates(state.observation(1)) == everything
    lay(state, 1, "♥5 ♣6", CIRCLE)  # ○: ♥5 after ♠4, ♣6 after ♥5
    mask = candidates(state.observation(1))
    names = {data.library.rules[r].id for r in range(len(data.library.rules)) if mask >> r & 1}
    assert "R01" in names and "R03" not in names  # R03 (same suit or rank) rejects ♥5 after ♠4
    assert mask == everything & data.library.accept_mask[_key(data, "♠4", "♥5")] & \
        data.library.accept_mask[_key(data, "♥5", "♣6")]


def _key(data, prev: str, card: str) -> int:
    faces = {face.text: i for i, face in enumerate(data.faces)}
    return faces[prev] * data.library.faces + faces[card]


def test_greedy_plays_a_sure_chain_when_one_rule_is_left(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5 ♣6 ♦7 ♠9 ♣J ♦2", 2: "♠2"})
    obs = state.observation(1)._replace(known=_only(data, "R01"))
    assert candidates(obs) == 1 << rule_index(data, "R01")
    declared, cards = decode(best_play(obs))
    assert (declared, len(cards), state.verdict_of(cards)) == (CIRCLE, 4, CIRCLE)  # four cards, sure to be right
    assert greedy(obs._replace(phase=DECLARE), (0, 1), random.Random(0)) == 1  # and it declares prophet
    assert greedy(state.observation(1)._replace(phase=DECLARE), (0, 1), random.Random(0)) == 0


def _only(data, rule_id: str) -> tuple[int, ...]:
    """Facts (as Round.known holds them) that leave exactly one library rule."""
    lib, target = data.library, rule_index(data, rule_id)
    facts, left = [], lib.everything
    for key in range(lib.faces * lib.faces):
        accepted = lib.tables[target][key]
        narrowed = left & (lib.accept_mask[key] if accepted else ~lib.accept_mask[key])
        if narrowed != left:
            facts.append(key * 2 + accepted)
            left = narrowed
        if left == 1 << target:
            return tuple(facts)
    raise AssertionError("the library has a rule no facts tell apart")


def test_greedy_prophet_judges_by_the_agreeing_rules(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5 ♥6", 2: "♠2"})
    obs = state.observation(2)._replace(phase=JUDGE, pending=(1, CIRCLE, tuple(card_ids(state, 1, "♥5 ♥6"))),
                                        known=tuple(_only(data, "R01")))
    assert likely_verdict(obs) == MIXED


def test_greedy_dealer_withholds_every_hint(data):
    state = dealt(data, "R01")
    arrange(state, {1: "♥5 ♣6 ♦7 ♠9 ♥9", 2: "♠2 ♠3", 3: "♠5"}, played=8)
    lay(state, 1, "♥5 ♣6 ♦7", CIRCLE)  # the 10th card: the dealer's first hint time, nobody prophesies
    assert (state.phase, state.current_player()) == (HINT, 0)
    assert greedy(state.observation(0), state.legal_actions(0), random.Random(0)) == 0


# --- whole games -----------------------------------------------------------------------------------

@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2 ** 40), players=st.sampled_from([4, 5, 6]), greedy_seats=st.integers(0, 63))
def test_games_end_by_the_rules_with_every_card_kept(data, seed, players, greedy_seats):
    policies = [greedy if greedy_seats >> p & 1 else random_policy for p in range(players)]
    record = play(SPEC, data, players, seed, policies)  # invariants and legality after every move
    assert record.ended_by_rules and record.rounds == players and record.winners
    assert max(record.scores) == record.scores[record.winners[0]]
    figures = record.figures
    assert 0 <= figures["round.went_out"] <= 1 and 0 <= figures["deck.ran_out"] <= 1
    assert figures["verdict.circle"] + figures["verdict.dot"] + figures["verdict.mixed"] == pytest.approx(1)
    assert all(value is None or type(value) is float for value in figures.values())


def test_invariants_catch_a_lost_or_doubled_card_and_a_bad_count(data):
    state = dealt(data, "R01")
    lost = state.card_name(state.deck.pop())
    with pytest.raises(InvariantViolation, match=f"a card was lost: {lost} is in no zone"):
        state.check_cards()
    state = dealt(data, "R01")
    state.hands[1].append(state.deck[0])
    doubled = state.card_name(state.deck[0])
    with pytest.raises(InvariantViolation, match=f"{doubled} is in two places: deck and P2's hand"):
        state.check_cards()
    state = dealt(data, "R01")
    state.live = 2
    state.moved = True
    with pytest.raises(InvariantViolation, match="still in the round"):
        state.check_invariants()


def test_a_card_lost_in_a_round_stops_the_game_when_the_round_ends(data):
    class Leaky(Eleusis):
        lost = None

        def apply_action(self, action) -> None:
            super().apply_action(action)
            if self.lost is None and self.played >= 3 and self.deck:
                self.lost = self.deck.pop()  # mid-round: the count at the round's end finds it missing

    leaky = dataclasses.replace(SPEC, new_game=Leaky)
    with pytest.raises(InvariantViolation, match="^seed 3: a card was lost: .+ is in no zone \\(1 missing\\)$"):
        play(leaky, data, 4, 3, [random_policy] * 4)


def test_an_illegal_play_is_refused(data):
    def cheat(obs, legal, rng):
        return encode(CIRCLE, (obs.hand[0], obs.hand[0])) if obs.phase == PLAY else legal[0]
    with pytest.raises(InvariantViolation, match="illegal action"):
        play(SPEC, data, 4, 1, [cheat] * 4)


def trace(data, seed: int, players: int = 4) -> str:
    """A random game move by move, each decision followed by the public state (play's own order of draws)."""
    rng = random.Random(seed)
    state = SPEC.new_game(data, players, rng)
    lines = []
    while not state.is_terminal():
        player = state.current_player()
        action = random_policy(None, state.legal_actions(player), rng)
        lines.append(state.describe(player, action))
        state.apply_action(action)
        state.check_invariants()
        lines.append(f"    {summary(state)}")
    lines.append(f"winners {[p + 1 for p in state.winners()]}; scores {state.scores()}")
    return "\n".join(lines) + "\n"


def test_golden_replay(data):
    text = trace(data, 5)
    record = play(SPEC, data, 4, 5, [random_policy] * 4)
    assert f"winners {[p + 1 for p in record.winners]}; scores {record.scores}" in text
    if os.environ.get("PNP_UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_same_seed_same_report_for_one_and_two_workers(repo):
    one = check(repo, CheckOptions("eleusis", players=(4,), target=Target(240), seed=11, policy="random", workers=1))
    two = check(repo, CheckOptions("eleusis", players=(4,), target=Target(240), seed=11, policy="random", workers=2))
    assert to_json(one) == to_json(two)
    figures = one.players[4]
    assert figures.play.termination.ended_by_rules == 240 and not figures.ladder.flags()
    assert set(figures.play.exhaustion) == {"deck"}


def test_pnp_check_on_the_command_line(repo):
    result = CliRunner().invoke(main, ["check", "eleusis", "--players", "5", "--games", "30", "--no-probe",
                                       "--project", str(repo.root)])
    assert result.exit_code == 0, result.output
    assert "Deck integrity: OK" in result.output and "== 5 players ==" in result.output
    assert "prophet.success" in result.output and "Pile deck ran out" in result.output
    replay = CliRunner().invoke(main, ["check", "eleusis", "--replay", "9", "--project", str(repo.root)])
    assert replay.exit_code == 0 and "P1 deals and writes rule" in replay.output
    assert "ended by the rules" in replay.output


# --- editing the printed data ----------------------------------------------------------------------

@pytest.fixture
def scratch(tmp_path) -> Project:
    """A scratch project holding New Eleusis, its layouts, and the standard deck it prints."""
    return copy_games(tmp_path, "eleusis", "standard_deck", layouts=True)


def test_one_deck_runs_out_far_more_often(repo, scratch):
    manifest = scratch.root / "card_data" / "eleusis" / "game.yaml"
    manifest.write_text("\n".join(line for line in manifest.read_text(encoding="utf-8").splitlines()
                                  if "name: deck_blue" not in line) + "\n", encoding="utf-8")
    project = Project(scratch.root)
    assert any("トランプ2組 (2 decks); game.yaml prints 1" in f for f in integrity(load(project), [4]))
    before = check(repo, CheckOptions("eleusis", players=(4,), target=Target(400), seed=2, policy="random",
                                      workers=1)).players[4].play
    after = check(project, CheckOptions("eleusis", players=(4,), target=Target(400), seed=2, policy="random",
                                        workers=1)).players[4].play
    assert before.figures["deck.ran_out"] < 0.3 < 0.9 < after.figures["deck.ran_out"]
    assert after.exhaustion["deck"].ran_out.share == 1.0 and after.exhaustion["deck"].when.median == 1
    assert after.figures["disqualified.empty_deck"] > before.figures["disqualified.empty_deck"]
    with pytest.raises(PnpError, match="cannot deal 12"):
        play(SPEC, load(project), 6, 1, [random_policy] * 6)


def test_integrity_flags_library_and_component_edits(scratch):
    rules = scratch.root / "card_data" / "eleusis" / "secret_rules.csv"
    text = rules.read_text(encoding="utf-8")
    text += "R02,和が奇数,数に注目,(card.value + prev.value) % 2 == 1,Odd sum: the same as R02.\n"
    text += "R14,何でもよい,,card.value > 0,Anything.\n"
    text += "R15,Kの次は出せない,数に注目,prev.value != 13,Nothing after a K.\n"
    rules.write_text(text, encoding="utf-8")
    markers = scratch.root / "card_data" / "eleusis" / "markers.csv"
    markers.write_text(markers.read_text(encoding="utf-8").replace("預言者,5", "預言者,3"), encoding="utf-8")
    findings = integrity(load(Project(scratch.root)), [4, 5, 6])
    where = "card_data/eleusis/secret_rules.csv: row "
    for expected in (where + "14: R02 judges every card as R02 does (card_data/eleusis/secret_rules.csv: row 3)",
                     where + "14: the id R02 is also used by", where + "15: the rule has no hint",
                     where + "15: R14 accepts every card after every card",
                     where + "16: R15 accepts no card after ♠K, ♥K, ♦K, ♣K",
                     "card_data/eleusis/markers.csv: 3 prophet marker(s); 6 players need 5"):
        assert any(f.startswith(expected) for f in findings), (expected, findings)


def test_a_broken_rule_expression_names_its_row(scratch):
    rules = scratch.root / "card_data" / "eleusis" / "secret_rules.csv"
    rules.write_text(rules.read_text(encoding="utf-8") + "R13,x,y,card.colour != prev.color,typo\n",
                     encoding="utf-8")
    with pytest.raises(PnpError) as error:
        load(Project(scratch.root))
    assert "secret_rules.csv: row 14" in error.value.render()
    rules.write_text(rules.read_text(encoding="utf-8").replace("card.colour", "hand.size"), encoding="utf-8")
    with pytest.raises(PnpError, match="unknown name"):
        load(Project(scratch.root))
