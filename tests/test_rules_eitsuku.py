"""Eitsuku's rule constants, each in a scenario worked out by hand from the manual (◆3, ◆4, ◆5).

Every number the rules give (the bonus table, the die, set and scout actions, event limits, ストライキ's price)
changes a result below; the states are set up as in test_sim_eitsuku.py.
"""

from __future__ import annotations

import random

import pytest
from shipped.eitsuku import SPEC, Eitsuku, score
from shipped.eitsuku.data import AD, FLASH, PH_ACTION, PH_OVER, PH_SCOUT, PH_SETUP, STRIKE_B, TIE_UP, USE_CONVERT
from test_sim_eitsuku import DATA, blank, film, finish_turn, hand, placed, play_event, start
from test_sim_eitsuku import do as play

ROLE_KINDS = ("役者", "脚本家", "音楽家", "演出家")


def released_alone(numbers: dict[str, int]) -> Eitsuku:
    """Seat 1 has released this film on turn 3; nobody else has released."""
    state = blank()
    film(state, 0, **numbers)
    state.released[0] = 3
    return state


def finished(state: Eitsuku) -> Eitsuku:
    """The game over: the invariant check scores it again from the cards."""
    state.final_scores = score.totals(state)
    state.phase = PH_OVER
    state.check_invariants()
    return state


# --- ◆4 B: the whole bonus table, A + B -------------------------------------------------------------------------

@pytest.mark.parametrize("numbers,hand_name,a,b", [
    ({"lead": 3, "support": 3, "writer": 3, "composer": 3, "director": 3}, "five_card", 15, 70),
    ({"lead": 2, "writer": 2, "composer": 2, "director": 2}, "four_card", 8, 50),
    ({"lead": 2, "support": 2, "writer": 2, "composer": 2, "director": 6}, "four_card", 14, 50),
    ({"lead": 4, "support": 4, "writer": 1, "composer": 1, "director": 4}, "full_house", 14, 40),
    ({"lead": 6, "writer": 6, "composer": 6, "director": 1}, "three_card", 19, 30),
    ({"lead": 6, "support": 5, "writer": 6, "composer": 6, "director": 1}, "three_card", 24, 30),
    ({"lead": 1, "writer": 1, "composer": 5, "director": 5}, "two_pair", 12, 20),
    ({"lead": 5, "writer": 5, "composer": 2, "director": 3}, "one_pair", 15, 10),
    ({"lead": 5, "support": 4, "writer": 5, "composer": 2, "director": 3}, "one_pair", 19, 10),
    ({"lead": 1, "writer": 2, "composer": 3, "director": 4}, "none", 10, 0),
    ({"lead": 6, "support": 1, "writer": 2, "composer": 3, "director": 4}, "none", 16, 0),
])
def test_each_bonus_of_the_table_is_added_to_the_numbers(numbers, hand_name, a, b):
    state = released_alone(numbers)
    assert score.bonus_hand(score.film(state, 0)) == hand_name
    assert score.parts(state)[0] == (a, b, 0, 0)
    assert finished(state).scores() == [a + b, 0.0, 0.0, 0.0]  # the others released nothing: 0


def test_a_raised_number_makes_the_bonus_and_the_final_check_agrees():
    state = released_alone({"lead": 6, "writer": 4, "composer": 6, "director": 1})
    placed(state, 0, "脚本家大賞", 2, arg=2)  # 脚本家 4 + 2 = 6: three 6s
    assert score.film(state, 0) == [6, 6, 6, 1] and score.parts(state)[0] == (19, 30, 0, 0)
    assert finished(state).scores()[0] == 49.0


# --- ◆1 players, ◆3 準備 1 -------------------------------------------------------------------------------------

def test_the_game_is_for_three_to_six_players_and_six_use_every_small_budget_card():
    # ◆1: 推奨プレイヤー人数【3〜6人】. ◆3 準備 1 prepares 予算:小 x7, 中 x6 and 大 x5 per player: six players need
    # 42, 36 and 30, exactly the cards ◆2 2-2 prints, so a seventh player could not be set up.
    assert SPEC.player_counts == (3, 4, 5, 6)
    assert SPEC.integrity(DATA, [6]) == []
    budget = "card_data/eitsuku/budget.csv"
    assert SPEC.integrity(DATA, [7]) == [
        f"{budget}: row 2: 7 players: 予算:小 has 42 cards, setup prepares players x7 = 49 (◆3 準備 1)",
        f"{budget}: row 3: 7 players: 予算:中 has 36 cards, setup prepares players x6 = 42 (◆3 準備 1)",
        f"{budget}: row 4: 7 players: 予算:大 has 30 cards, setup prepares players x5 = 35 (◆3 準備 1)"]


# --- ◆3 準備 4: the die picks the initial role piles ------------------------------------------------------------

class Die(random.Random):
    """A random generator whose die rolls (choices among 1-6) come from a script."""

    def __init__(self, rolls: list[int]):
        super().__init__(5)
        self.rolls = rolls

    def choice(self, seq):
        return self.rolls.pop(0) if tuple(seq) == (1, 2, 3, 4, 5, 6) else super().choice(seq)


def test_the_die_deals_1_and_2_actor_3_writer_4_composer_5_director_and_6_a_pile_of_choice():
    state = Eitsuku(DATA, 3, Die([1, 2, 3, 4, 5, 6]))
    kinds = [[ROLE_KINDS[DATA.role_kind[card]] for card in hand] for hand in state.hand_roles]
    assert kinds == [["役者", "役者"], ["脚本家", "音楽家"], ["演出家"]]
    assert state.phase == PH_SETUP and state.actor == 2 and state.legal_actions(2) == [("pick", k) for k in range(4)]
    play(state, ("pick", 3))
    assert ROLE_KINDS[DATA.role_kind[state.hand_roles[2][-1]]] == "演出家" and (state.turn, state.actor) == (1, 0)


# --- ◆3 3, ◆5: set actions, 電撃発表 and 広告代理店の努力 --------------------------------------------------------

def test_one_set_action_a_turn_and_one_more_per_announcement():
    state = blank()
    start(state, 0, money=(0, 0, 0))  # nothing to place: 3A, drawing an event, is the only set action
    assert len(state.hand_events[0]) == 1 and state.phase == PH_SCOUT
    state = blank()
    hand(state, 0, ("電撃発表",))
    start(state, 0, money=(0, 0, 0))
    play_event(state, FLASH)  # 電撃発表: 2 set actions, both 3A
    assert len(state.hand_events[0]) == 2 and state.phase == PH_SCOUT


def test_two_announcements_in_one_turn_give_three_set_actions():
    state = blank()
    placed(state, 0, "広告代理店の努力", 1)  # any number of events from turn 2
    hand(state, 0, ("電撃発表",), ("電撃発表",))
    start(state, 0, turn=2, money=(0, 0, 0))
    play_event(state, FLASH)
    play_event(state, FLASH)
    assert len(state.hand_events[0]) == 3 and state.phase == PH_SCOUT


def test_one_event_a_turn_without_the_ad_agency_and_any_number_with_it():
    state = blank()
    hand(state, 0, ("タイアップキャンペーン",), ("タイアップキャンペーン",))
    start(state, 0, money=(0, 0, 0))
    play_event(state, TIE_UP)
    assert state.phase != PH_ACTION and state.placed_count[0][TIE_UP] == 1
    state = blank()
    placed(state, 0, "広告代理店の努力", 1)
    hand(state, 0, *[("タイアップキャンペーン",)] * 4)
    start(state, 0, turn=2, money=(0, 0, 0))
    for _ in range(4):
        play_event(state, TIE_UP)
    assert state.placed_count[0][TIE_UP] == 4


def test_an_ad_agency_placed_this_turn_lifts_the_limit_from_the_next_turn_and_stays_until_used():
    state = blank()
    old = placed(state, 0, "広告代理店の努力", 1)
    placed(state, 0, "方針転換", 1)  # usable in turn 2's action phase
    new, *_ = hand(state, 0, ("広告代理店の努力",), ("タイアップキャンペーン",), ("タイアップキャンペーン",))
    start(state, 0, turn=2, money=(0, 0, 0))
    play_event(state, AD)
    play_event(state, TIE_UP)  # the second event this turn, allowed by the old one
    play(state, USE_CONVERT, ("discard", 0, old))  # the old one gone: the new one helps only from turn 3
    assert state.phase == PH_SCOUT and state.placed_count[0][TIE_UP] == 1  # no third event: 3A went on
    finish_turn(state)
    assert new in state.placed_events[0]  # its effect was not used: it stays for the next turn


@pytest.mark.parametrize("convert_first", [True, False])
def test_policy_change_discarding_ones_own_ad_agency_brings_back_the_one_event_limit(convert_first):
    # ◆3 2: one event a turn; ◆5 広告代理店の努力 lifts it only while it lies in the 場. 方針転換 (placed last
    # turn) discards it: the turn may then place one event in all, counting any placed before the discard.
    state = blank()
    old = placed(state, 0, "広告代理店の努力", 1)
    placed(state, 0, "方針転換", 1)
    hand(state, 0, ("タイアップキャンペーン",), ("タイアップキャンペーン",))
    start(state, 0, turn=2, money=(0, 0, 0))
    if convert_first:  # nothing placed yet: one event is still allowed
        play(state, USE_CONVERT)  # the ad agency is the only event to discard: it goes at once
        assert old not in state.placed_events[0]
        play_event(state, TIE_UP)
    else:  # one event placed under the ad agency: none may follow once it is gone
        play_event(state, TIE_UP)
        play(state, USE_CONVERT, ("discard", 0, old))
    assert state.phase == PH_SCOUT and state.placed_count[0][TIE_UP] == 1  # no second event: 3A went on


# --- ◆5 ストライキ: B costs 2 per placed role ----------------------------------------------------------------------

def test_strike_b_is_offered_exactly_when_the_hand_pays_two_per_placed_role():
    for money, offered in (((4, 0, 0), True), ((3, 0, 0), False), ((0, 2, 0), True), ((1, 0, 1), True)):
        state = blank()
        placed(state, 1, "ストライキ", 1)
        film(state, 0, lead=2, writer=3)  # two placed roles: B costs 4
        legal = start(state, 0, turn=2, money=money)
        assert (STRIKE_B in legal) == offered, money
        if money == (4, 0, 0):
            play(state, STRIKE_B)
            assert state.hand_budget[0] == [0, 0, 0] and state.budget_discard[0] == 4 and state.budget_used == 0
