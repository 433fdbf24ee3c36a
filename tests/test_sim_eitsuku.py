"""Eitsuku's rules simulation: deck integrity, every rule in a set-up state, invariants over many seeds."""

from __future__ import annotations

import random
import shutil

import pytest
from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st
from shipped.eitsuku import SPEC, Eitsuku, greedy, score
from shipped.eitsuku.data import (
    AD,
    AWARD_ACTOR,
    AWARD_COMPOSER,
    AWARD_DIRECTOR,
    AWARD_WRITER,
    CHANCE,
    COLLECT,
    CONVERT,
    DRAW_EVENT,
    EMPTY,
    EVENT_NAMES,
    FLASH,
    INFO,
    LARGE,
    LOCAL,
    MEDIUM,
    MONOPOLY,
    PER_TURN,
    PH_ACTION,
    PH_CONVERT,
    PH_END,
    PH_INFO,
    PH_OVER,
    PH_PROMO_NUMBER,
    PH_PROMO_SLOT,
    PH_SCOUT,
    PH_SET,
    PH_SETUP,
    PH_START,
    PROMOTER,
    RELEASE,
    SMALL,
    SPEED_UP,
    STRIKE,
    STRIKE_B,
    TIE_UP,
    USE_CONVERT,
    load,
    pay,
    reach,
)
from shipped.eitsuku.events import place_event, revalue, unplace_event
from shipped.eitsuku.text import card_name
from shipped.eitsuku.turn import film_complete, monopoly_cost, start_turn

from pnp.check.checker import check, replay
from pnp.check.options import CheckOptions, Target
from pnp.check.play.game import play
from pnp.project.games import Project
from pnp.sim import InvariantViolation, random_policy

DATA = load(Project(ROOT))
ACTOR, WRITER, COMPOSER, DIRECTOR = range(4)  # role kinds in rule order
LEAD, SUPPORT, WRITER_SLOT, COMPOSER_SLOT, DIRECTOR_SLOT = range(5)


# --- building states by hand ----------------------------------------------------------------------

def blank(players=4, seed=1):
    """A game after setup with every hand emptied back into the piles and the box."""
    state = Eitsuku(DATA, players, random.Random(seed))
    while state.phase == PH_SETUP:
        state.apply_action(state.legal_actions(state.actor)[0])
    for p in range(players):
        for card in state.hand_roles[p]:
            state.role_piles[DATA.role_kind[card]].insert(0, card)
        state.event_pile[:0] = state.hand_events[p]
        state.hand_roles[p].clear()
        state.hand_events[p].clear()
        budget(state, p, (0, 0, 0))
    return state


def budget(state, p, counts):
    """Give p exactly these budget cards (moved from or to the box)."""
    for k in range(3):
        state.budget_box[k] -= counts[k] - state.hand_budget[p][k]
        state.hand_budget[p][k] = counts[k]


def take(state, name, value=None):
    """Take a card with this face out of its pile: a role (name, value) or an event (name)."""
    if value is None:
        pile = state.event_pile
        card = next(c for c in pile if DATA.codes[c] == EVENT_NAMES.index(name))
    else:
        pile = state.role_piles[DATA.kinds.index(name)]
        card = next(c for c in pile if DATA.role_value[c] == value)
    pile.remove(card)
    return card


def hand(state, p, *faces):
    """Put roles ('役者', 5) or events ('ストライキ',) into p's hand; returns their ids."""
    cards = [take(state, *face) for face in faces]
    for card in cards:
        (state.hand_roles if card < DATA.roles else state.hand_events)[p].append(card)
    return cards


def film(state, p, **numbers):
    """Place roles in p's 場 by slot: film(state, 0, lead=5, writer=3)."""
    names = {"lead": (LEAD, "役者"), "support": (SUPPORT, "役者"), "writer": (WRITER_SLOT, "脚本家"),
             "composer": (COMPOSER_SLOT, "音楽家"), "director": (DIRECTOR_SLOT, "演出家")}
    for key, value in numbers.items():
        slot, name = names[key]
        state.slots[p][slot] = take(state, name, value)
    revalue(state, p)


def placed(state, p, name, turn, arg=-1):
    """An event already in p's 場 since `turn`."""
    card = take(state, name)
    now, state.turn = state.turn, turn
    place_event(state, p, card, arg)
    state.turn = now
    return card


def start(state, p, turn=1, money=None):
    """Begin p's turn (start phase), optionally setting the budget after the start-phase draw."""
    state.actor, state.turn = p, turn
    start_turn(state)
    if money is not None:
        budget(state, p, money)
    state.settle()
    return state.legal_actions(p)


def do(state, *actions):
    """Apply actions one by one, each checked against the legal list."""
    for action in actions:
        assert action in state.legal_actions(state.actor), (action, state.legal_actions(state.actor))
        state.apply_action(action)
    state.check_invariants()


def play_event(state, code, arg=-1):
    """Place an event from hand (arg: the slot a 〜大賞 raises)."""
    do(state, ("play", code, arg))


def finish_turn(state, *prefer):
    """Play on with a preferred or the first legal action (no events) until the turn ends or an end-phase choice."""
    p, turn = state.actor, state.turn
    while state.actor == p and state.turn == turn and not state.is_terminal() and state.phase not in (PH_END, PH_INFO):
        legal = state.legal_actions(p)
        quiet = [a for a in legal if a[0] != "play"] or legal
        do(state, next((a for a in prefer if a in legal), quiet[0]))


def complete(state, p, lead=1, writer=2, composer=3, director=4, **more):
    """Give p a complete film (4 roles, or 5 with support=N)."""
    film(state, p, lead=lead, writer=writer, composer=composer, director=director, **more)


# --- deck integrity ---------------------------------------------------------------------------------

def test_deck_loads_with_the_rule_counts_and_no_findings():
    assert DATA.budget_count == (42, 36, 30) and DATA.budget_value == (1, 2, 3)
    assert DATA.roles == 60 and DATA.cards == 120
    assert [len(ids) for ids in DATA.kind_ids] == [15, 15, 15, 15]
    assert sorted(DATA.codes[60:]) == sorted(list(range(15)) * 4)
    assert SPEC.integrity(DATA, [3, 4, 5, 6]) == []


def copy_project(tmp_path, edit=None):
    """A scratch project with Eitsuku's simulation and three CSV files, one of them edited: edit(name, text) -> text."""
    folder = tmp_path / "card_data" / "eitsuku"
    shutil.copytree(ROOT / "card_data" / "eitsuku" / "rules", folder / "rules",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("budget", "role", "event"):
        shutil.copy(ROOT / "card_data" / "eitsuku" / f"{name}.csv", folder / f"{name}.csv")
        if edit:
            path = folder / f"{name}.csv"
            path.write_text(edit(name, path.read_text(encoding="utf-8")), encoding="utf-8")
    return Project(tmp_path)


def test_integrity_names_file_and_row(tmp_path):
    def edit(name, text):
        text = text.replace("小,1,予算:小(1),42", "小,1,予算:小(1),40").replace("役者,4,6,2", "役者,4,7,2")
        return text.replace("方針転換,妨害系", "方針展開,妨害系")
    findings = SPEC.integrity(load(copy_project(tmp_path, edit)), [3, 6])
    assert "card_data/eitsuku/budget.csv: row 2: 予算:小 has 40 cards, ◆2 2-2 says 42" in findings
    assert "card_data/eitsuku/budget.csv: row 2: 6 players: 予算:小 has 40 cards, setup prepares players x7 = 42 " \
           "(◆3 準備 1)" in findings
    assert "card_data/eitsuku/role.csv: row 5: 役者4 costs 7, ◆3 3B says value+2 = 6" in findings
    assert "card_data/eitsuku/event.csv: row 16: event '方針展開' is not one of the 15 events of ◆5" in findings
    assert "card_data/eitsuku/event.csv: 方針転換: 0 cards, ◆2 2-4 says 4" in findings
    assert not any("3 players" in f for f in findings)


def test_setup_at_every_player_count():
    for players in (3, 4, 5, 6):
        state = Eitsuku(DATA, players, random.Random(players))
        while state.phase == PH_SETUP:
            state.apply_action(state.legal_actions(state.actor)[0])
        assert state.budget_box == [42 - 7 * players, 36 - 6 * players, 30 - 5 * players]
        assert [len(h) for h in state.hand_roles] == [2] * players
        assert [len(h) for h in state.hand_events] == [2] * players
        # everyone holds 小5 中2; seat 1 has already drawn its start-phase 小
        assert state.hand_budget == [[6, 2, 0]] + [[5, 2, 0]] * (players - 1)
        assert state.budget_piles == [2 * players - 1, 4 * players, 5 * players]
        assert (state.turn, state.actor) == (1, 0)
        state.check_invariants()


# --- scoring (◆4) -------------------------------------------------------------------------------------

@pytest.mark.parametrize("numbers,bonus", [
    ([3, 3, 3, 3, 3], "five_card"), ([2, 2, 2, 2, 5], "four_card"), ([2, 2, 2, 2], "four_card"),
    ([1, 1, 4, 4, 4], "full_house"), ([6, 6, 6, 1, 2], "three_card"), ([6, 6, 6, 1], "three_card"),
    ([1, 1, 2, 2, 5], "two_pair"), ([1, 1, 2, 2], "two_pair"), ([4, 4, 1, 2, 3], "one_pair"),
    ([1, 2, 3, 4], "none"), ([7, 7, 8, 9], "one_pair")])
def test_bonus_hands(numbers, bonus):
    assert score.bonus_hand(numbers) == bonus
    assert score.BY_PAIRS[sum(a == b for i, a in enumerate(numbers) for b in numbers[i + 1:])] == bonus


def test_score_a_b_and_five_cards():
    state = blank()
    complete(state, 0, lead=5, support=5, writer=5, composer=5, director=5)
    complete(state, 1, lead=1, writer=1, composer=6, director=6)
    state.released[0] = state.released[1] = 4
    assert score.parts(state)[:2] == [(25, 70, 0, 0), (14, 20, 0, 0)]
    assert score.totals(state) == [95, 34, 0, 0]  # players 3 and 4 released nothing


def test_score_c_late_turns_and_speed_up():
    state = blank()
    for p in range(3):
        complete(state, p, director=p + 1)
    state.released[:3] = [5, 7, 8]
    assert [part[2] for part in score.parts(state)] == [0, -10, -15, 0]
    placed(state, 1, "巻きを入れる", 2)
    placed(state, 1, "巻きを入れる", 3)  # two count as released two turns earlier: turn 5, like the first
    assert [part[2] for part in score.parts(state)] == [0, 0, -15, 0]
    placed(state, 0, "巻きを入れる", 2)
    placed(state, 0, "巻きを入れる", 3)  # now the first release counts as turn 3
    assert [part[2] for part in score.parts(state)] == [0, -10, -25, 0]


def test_score_d_tie_up_and_promoter():
    state = blank()
    complete(state, 0)
    complete(state, 1, writer=5)
    placed(state, 0, "タイアップキャンペーン", 1)
    placed(state, 0, "タイアップキャンペーン", 2)  # stacks
    promoter = take(state, "プロモーターの介入")
    state.role_discard.append(state.slots[1][WRITER_SLOT])
    state.slots[1][WRITER_SLOT], state.declared[promoter] = promoter, (0, 6)  # placed by player 1 as 脚本家6
    revalue(state, 1)
    state.released[0] = state.released[1] = 6
    assert score.parts(state)[:2] == [(10, 0, 0, 20 - 6), (14, 0, 0, 0)]
    state.final_scores = score.totals(state)
    state.phase = PH_OVER  # finished: the invariant check scores the game again from the cards
    state.check_invariants()


# --- turn structure ----------------------------------------------------------------------------------

def test_start_phase_budget_falls_back_to_larger_sizes():
    state = blank()
    state.budget_box[0] += state.budget_piles[0]
    state.budget_piles[0] = 0
    start(state, 1, money=None)
    assert state.hand_budget[1] == [0, 1, 0]
    state.budget_box[1] += state.budget_piles[1]
    state.budget_piles[1] = 0
    start(state, 2)
    assert state.hand_budget[2] == [0, 0, 1]


def test_place_role_pays_value_plus_two_with_the_least_value():
    state = blank()
    card, = hand(state, 0, ("脚本家", 2))
    legal = start(state, 0, money=(2, 1, 1))
    assert ("place", card, WRITER_SLOT) in legal and DRAW_EVENT in legal
    do(state, ("place", card, WRITER_SLOT))
    assert state.budget_discard == [1, 0, 1] and state.hand_budget[0] == [1, 1, 0]  # cost 4 exactly, in 2 cards: 小+大
    assert state.budget_used == 2 and state.slots[0][WRITER_SLOT] == card and state.phase == PH_SCOUT


def test_budget_limit_of_five_cards_across_set_and_scout():
    state = blank()
    costly, cheap = hand(state, 0, ("役者", 4), ("脚本家", 3))  # cost 6 and 5
    legal = start(state, 0, money=(8, 0, 0))
    assert ("place", costly, LEAD) not in legal  # 6 needs six 小 cards
    assert ("place", cheap, WRITER_SLOT) in legal
    do(state, ("place", cheap, WRITER_SLOT))
    assert state.budget_used == 5 and state.hand_budget[0] == [3, 0, 0]
    assert MEDIUM not in state.legal_actions(0)  # 3 小 left, but no card may be used this turn
    state2 = blank()
    hand(state2, 0, ("脚本家", 1))
    start(state2, 0, money=(4, 1, 0))
    do(state2, ("place", state2.hand_roles[0][0], WRITER_SLOT))  # cost 3: 小+中 (2 cards)
    assert MEDIUM in state2.legal_actions(0)  # three 小 are 3 more cards, 5 in all


def test_scout_stakes_are_taken_back_in_the_end_phase():
    state = blank()
    start(state, 0, money=(0, 0, 2))  # nothing to place: 3A happens at once
    do(state, LARGE)  # 4D: two 大 placed, one 大 drawn
    assert state.staked_budget[0] == [0, 0, 0] and state.hand_budget[0] == [0, 0, 3] and state.actor == 1


def test_replacing_a_placed_role_of_the_same_kind():
    state = blank()
    film(state, 0, writer=2)
    old = state.slots[0][WRITER_SLOT]
    new, actor = hand(state, 0, ("脚本家", 5), ("役者", 3))
    legal = start(state, 0, money=(0, 0, 3))
    assert ("place", new, WRITER_SLOT) in legal and ("place", actor, LEAD) in legal
    assert ("place", actor, SUPPORT) not in legal  # both 役者 slots empty: the first is offered
    do(state, ("place", new, WRITER_SLOT))
    assert state.slots[0][WRITER_SLOT] == new and state.role_discard == [old] and state.slot_values[0][WRITER_SLOT] == 5


def test_two_actors_lead_and_support():
    state = blank()
    film(state, 0, lead=4)
    card, = hand(state, 0, ("役者", 6))
    legal = start(state, 0, money=(0, 0, 3))
    assert {a for a in legal if a[0] == "place"} == {("place", card, LEAD), ("place", card, SUPPORT)}
    do(state, ("place", card, SUPPORT))
    complete_rest = {"writer": 1, "composer": 1, "director": 1}
    film(state, 0, **complete_rest)
    assert film_complete(state, 0) and score.film(state, 0) == [4, 6, 1, 1, 1]


def test_release_needs_a_complete_film_and_a_released_player_is_out():
    state = blank()
    film(state, 0, lead=2, writer=2, composer=2)
    start(state, 0, money=(0, 0, 0))
    finish_turn(state)
    assert state.actor == 1  # no choice in the end phase: 5A at once
    film(state, 2, lead=2, writer=2, composer=2, director=2)
    start(state, 2, money=(0, 0, 0))
    finish_turn(state)
    assert state.phase == PH_END and state.legal_actions(2) == [COLLECT, RELEASE]
    do(state, RELEASE)
    assert state.released[2] == 1 and state.actor == 3
    finish_turn(state)
    seats = []
    while state.turn == 2:
        seats.append(state.actor)
        finish_turn(state)
    assert seats == [0, 1, 3]  # seat 3 released: it takes no more turns


def test_game_ends_after_turn_twelve():
    state = blank()
    start(state, 3, turn=12)
    while not state.is_terminal():
        do(state, state.legal_actions(state.actor)[0])
    assert state.ended_by_rules() and SPEC.rounds(state) == 12 and state.turn == 13


def test_game_ends_when_everyone_has_released():
    state = blank(players=3)
    state.released[0] = state.released[1] = 3
    complete(state, 0)
    complete(state, 1, lead=2, writer=3, composer=4, director=5)
    complete(state, 2, lead=3, writer=1, composer=1, director=1)
    start(state, 2, turn=4, money=(0, 0, 0))
    finish_turn(state, SMALL)
    do(state, RELEASE)  # 5B
    assert state.is_terminal() and SPEC.rounds(state) == 4
    assert state.scores() == [10.0, 14.0, 6.0 + 30 - 5]


# --- the fifteen events (◆5 and the Q&A) ------------------------------------------------------------

def test_tie_up_and_speed_up_are_placed_in_the_action_phase():
    state = blank()
    tie, speed = hand(state, 0, ("タイアップキャンペーン",), ("巻きを入れる",))
    legal = start(state, 0, money=(0, 0, 0))
    assert ("play", TIE_UP, -1) in legal and ("play", SPEED_UP, -1) in legal and DRAW_EVENT in legal
    play_event(state, SPEED_UP)
    assert state.placed_events[0] == [speed] and state.placed_count[0][SPEED_UP] == 1 and state.played[SPEED_UP] == 1
    assert state.phase == PH_SCOUT  # one event a turn; 3A happened at once (the only set action)


def test_new_chance_draws_two_events_in_the_end_phase():
    state = blank()
    chance, = hand(state, 0, ("新たなるチャンス",))
    start(state, 0, money=(0, 0, 0))
    play_event(state, CHANCE)
    assert len(state.hand_events[0]) == 1  # the 3A draw
    finish_turn(state)
    assert len(state.hand_events[0]) == 3 and chance in state.event_discard and not state.placed_events[0]


def test_ad_agency_lets_any_number_of_events_in_from_the_next_turn():
    state = blank()
    ad, tie, tie2 = hand(state, 0, ("広告代理店の努力",), ("タイアップキャンペーン",), ("タイアップキャンペーン",))
    start(state, 0, turn=1, money=(0, 0, 0))
    play_event(state, AD)
    assert state.phase != PH_ACTION  # not in the turn it is placed
    finish_turn(state)
    start(state, 0, turn=2, money=(0, 0, 0))
    play_event(state, TIE_UP)
    play_event(state, TIE_UP)
    assert state.placed_count[0][TIE_UP] == 2 and ad in state.placed_events[0]
    finish_turn(state)
    assert ad in state.event_discard  # used this turn: discarded in its end phase


def test_ad_agency_stays_while_unused():
    state = blank()
    ad = placed(state, 0, "広告代理店の努力", 1)
    hand(state, 0, ("タイアップキャンペーン",))
    start(state, 0, turn=2, money=(0, 0, 0))
    play_event(state, TIE_UP)
    finish_turn(state)
    assert ad in state.placed_events[0]


def test_announcement_gives_two_set_actions():
    state = blank()
    flash, writer, composer = hand(state, 0, ("電撃発表",), ("脚本家", 1), ("音楽家", 1))
    start(state, 0, money=(0, 0, 2))
    play_event(state, FLASH)
    do(state, ("place", writer, WRITER_SLOT))
    assert state.phase == PH_SET
    do(state, ("place", composer, COMPOSER_SLOT))
    assert state.phase == PH_SCOUT
    finish_turn(state)
    assert flash in state.event_discard


def test_local_support_gives_two_scout_actions():
    state = blank()
    local, = hand(state, 0, ("地元の協力",))
    start(state, 0, money=(0, 0, 0))
    play_event(state, LOCAL)
    do(state, ("role", WRITER))
    assert state.phase == PH_SCOUT
    do(state, ("role", COMPOSER))
    assert [DATA.role_kind[c] for c in state.hand_roles[0]] == [WRITER, COMPOSER] and local in state.event_discard


def test_actor_award_raises_the_chosen_actor_and_stacks():
    state = blank()
    film(state, 0, lead=3, support=5)
    hand(state, 0, ("役者大賞",), ("役者大賞",))
    legal = start(state, 0, money=(0, 0, 0))
    assert ("play", AWARD_ACTOR, LEAD) in legal and ("play", AWARD_ACTOR, SUPPORT) in legal
    play_event(state, AWARD_ACTOR, SUPPORT)
    assert state.slot_values[0][:2] == [3, 7]
    finish_turn(state)
    start(state, 0, turn=2, money=(0, 0, 0))
    play_event(state, AWARD_ACTOR, SUPPORT)
    assert state.slot_values[0][:2] == [3, 9]  # Q&A: 7 and more count


@pytest.mark.parametrize("code,slot,key", [(AWARD_WRITER, WRITER_SLOT, "writer"),
                                           (AWARD_COMPOSER, COMPOSER_SLOT, "composer"),
                                           (AWARD_DIRECTOR, DIRECTOR_SLOT, "director")])
def test_role_awards_need_the_role_placed_and_raise_it(code, slot, key):
    state = blank()
    hand(state, 0, (EVENT_NAMES[code],))
    assert not any(a[0] == "play" for a in start(state, 0, money=(0, 0, 0)))
    state = blank()
    film(state, 0, **{key: 4})
    award, = hand(state, 0, (EVENT_NAMES[code],))
    start(state, 0, money=(0, 0, 0))
    play_event(state, code, slot)
    assert state.slot_values[0][slot] == 6 and state.event_target[award] == slot
    unplace_event(state, 0, award)  # gone (方針転換): the number falls back
    assert state.slot_values[0][slot] == 4


def test_award_on_a_promoter_card():
    state = blank()
    promoter, award = hand(state, 0, ("プロモーターの介入",), ("脚本家大賞",))
    start(state, 0, money=(0, 0, 0))
    do(state, ("play", PROMOTER, -1), ("promo", 0, WRITER_SLOT), ("number", 3))
    finish_turn(state)
    start(state, 0, turn=2, money=(0, 0, 0))
    play_event(state, AWARD_WRITER, WRITER_SLOT)
    assert state.slot_values[0][WRITER_SLOT] == 5


def test_monopoly_needs_two_fives_and_costs_the_others_one_more():
    state = blank()
    film(state, 0, lead=5, writer=4)
    hand(state, 0, ("話題の独占",), ("脚本家大賞",))
    legal = start(state, 0, money=(0, 0, 0))
    assert ("play", MONOPOLY, -1) not in legal
    play_event(state, AWARD_WRITER, WRITER_SLOT)  # 脚本家 4 becomes 6
    finish_turn(state)
    assert ("play", MONOPOLY, -1) in start(state, 0, turn=2, money=(0, 0, 0))
    play_event(state, MONOPOLY)
    card, = hand(state, 1, ("演出家", 1))  # cost 3, now 4
    assert ("place", card, DIRECTOR_SLOT) not in start(state, 1, turn=2, money=(3, 0, 0))
    assert ("place", card, DIRECTOR_SLOT) in start(state, 1, turn=2, money=(4, 0, 0))
    spent = state.budget_discard[0]
    do(state, ("place", card, DIRECTOR_SLOT))
    assert state.budget_discard[0] - spent == 4
    state.released[0] = 2  # released: its 話題の独占 no longer affects anyone
    assert monopoly_cost(state, 1) == 0


def test_info_network_draws_three_of_a_type_and_returns_two_of_it():
    state = blank()
    info, old = hand(state, 0, ("独自の情報網",), ("役者", 1))
    start(state, 0, turn=1, money=(0, 0, 0))
    play_event(state, INFO)
    finish_turn(state, SMALL)
    assert state.phase == PH_INFO and ("info", -1) in state.legal_actions(0)
    do(state, ("info", WRITER))
    assert ("info", -1) not in state.legal_actions(0)  # the first draw chose roles
    do(state, ("info", WRITER), ("info", DIRECTOR))
    assert len(state.hand_roles[0]) == 4 and info in state.placed_events[0] and state.actor == 1
    start(state, 0, turn=2, money=(0, 0, 0))
    finish_turn(state, SMALL)
    legal = state.legal_actions(0)
    assert state.phase == PH_INFO and legal and all(a[0] == "return" and a[1] < DATA.roles for a in legal)
    assert ("return", old) in legal  # Q&A: a card held before may go back
    writer = next(c for c in state.hand_roles[0] if DATA.role_kind[c] == WRITER)
    do(state, ("return", old), ("return", writer))
    assert state.role_piles[ACTOR][-1] == old and state.role_piles[WRITER][-1] == writer  # on top of their piles
    assert info in state.event_discard and len(state.hand_roles[0]) == 2


def test_strike_makes_the_others_discard_once_and_leaves_next_turn():
    state = blank()
    strike, = hand(state, 0, ("ストライキ",))
    film(state, 1, lead=2, writer=3)
    budget(state, 1, (3, 1, 0))
    complete(state, 2)
    state.released[2] = 1  # released: immune
    film(state, 3, lead=4)
    start(state, 0, turn=1, money=(0, 0, 0))
    play_event(state, STRIKE)
    finish_turn(state)
    assert state.actor == 1 and state.phase == PH_START
    assert state.legal_actions(1) == [("strike_a", LEAD), ("strike_a", WRITER_SLOT), STRIKE_B]
    do(state, STRIKE_B)  # 2 roles: 4 in budget, not counted toward the five
    assert state.hand_budget[1] == [2, 0, 0] and state.budget_used == 0
    lead = state.slots[3][LEAD]
    finish_turn(state)
    assert state.actor == 3  # seat 3 released, skipped; seat 4 had to discard its only role (B unaffordable)
    assert state.slots[3][LEAD] == EMPTY and lead in state.role_discard
    finish_turn(state)
    assert state.actor == 0 and state.turn == 2 and strike in state.event_discard


def test_promoter_overwrites_any_slot_and_costs_its_placer():
    state = blank()
    film(state, 1, lead=6)
    six = state.slots[1][LEAD]
    promoter, = hand(state, 0, ("プロモーターの介入",))
    complete(state, 2)
    state.released[2] = 1
    start(state, 0, money=(0, 0, 0))
    play_event(state, PROMOTER)
    legal = state.legal_actions(0)
    assert state.phase == PH_PROMO_SLOT and len(legal) == 3 * 5 and not any(a[1] == 2 for a in legal)
    do(state, ("promo", 1, LEAD))
    assert state.phase == PH_PROMO_NUMBER and state.legal_actions(0) == [("number", n) for n in range(1, 7)]
    do(state, ("number", 1))
    assert state.slots[1][LEAD] == promoter and state.slot_values[1][LEAD] == 1 and six in state.role_discard
    assert state.declared[promoter] == (0, 1)
    complete(state, 0, lead=2)
    state.released[0] = state.released[1] = 3
    film(state, 1, writer=2, composer=2, director=2)
    assert score.parts(state)[0][3] == -1 and score.parts(state)[1][:2] == (7, 30)
    state.released[0] = state.released[1] = 0
    actor, = hand(state, 1, ("役者", 4))
    assert ("place", actor, LEAD) in start(state, 1, money=(0, 0, 2))  # paying replaces it (Q&A)
    do(state, ("place", actor, LEAD))
    assert promoter in state.event_discard and promoter not in state.declared


def test_second_promoter_replaces_the_first():
    state = blank()
    first, second = hand(state, 0, ("プロモーターの介入",), ("プロモーターの介入",))
    start(state, 0, money=(0, 0, 0))
    do(state, ("play", PROMOTER, -1), ("promo", 1, DIRECTOR_SLOT), ("number", 2))
    finish_turn(state)
    start(state, 0, turn=2, money=(0, 0, 0))
    do(state, ("play", PROMOTER, -1), ("promo", 1, DIRECTOR_SLOT), ("number", 5))
    assert state.slots[1][DIRECTOR_SLOT] == second and first in state.event_discard
    assert state.declared == {second: (0, 5)}


def test_policy_change_discards_an_event_in_the_next_action_phase():
    state = blank()
    change, = hand(state, 0, ("方針転換",))
    tie = placed(state, 1, "タイアップキャンペーン", 1)
    promoter = take(state, "プロモーターの介入")
    state.slots[1][LEAD], state.declared[promoter] = promoter, (2, 6)
    revalue(state, 1)
    hidden = placed(state, 3, "タイアップキャンペーン", 1)
    state.released[3] = 1
    start(state, 0, turn=1, money=(0, 0, 0))
    play_event(state, CONVERT)
    finish_turn(state)
    assert USE_CONVERT in start(state, 0, turn=2, money=(0, 0, 0))
    do(state, USE_CONVERT)
    legal = state.legal_actions(0)
    assert state.phase == PH_CONVERT and ("discard", 1, tie) in legal and ("discard", 1, promoter) in legal
    assert not any(a[2] in (change, hidden) for a in legal)  # not itself, not a released player's
    do(state, ("discard", 1, promoter))  # Q&A: a placed プロモーターの介入 may be discarded
    assert state.slots[1][LEAD] == EMPTY and promoter in state.event_discard and change in state.event_discard


def test_policy_change_only_in_the_next_turn():
    state = blank()
    change = placed(state, 0, "方針転換", 1)
    placed(state, 1, "タイアップキャンペーン", 1)
    assert USE_CONVERT not in start(state, 0, turn=1, money=(0, 0, 0))
    assert USE_CONVERT not in start(state, 0, turn=3, money=(0, 0, 0))
    assert change in state.placed_events[0]


def test_released_players_are_immune_and_no_longer_affect_others():
    state = blank()
    complete(state, 1)
    placed(state, 1, "話題の独占", 1)
    placed(state, 1, "ストライキ", 1)
    placed(state, 1, "タイアップキャンペーン", 1)
    state.released[1] = 1
    film(state, 0, lead=3)
    card, promoter = hand(state, 0, ("脚本家", 1), ("プロモーターの介入",))
    legal = start(state, 0, turn=2, money=(3, 0, 0))
    assert state.phase == PH_ACTION  # no strike answer owed
    assert ("place", card, WRITER_SLOT) in legal  # cost 3, not 4
    play_event(state, PROMOTER)
    assert not any(a[1] == 1 for a in state.legal_actions(0))


# --- budget payment ------------------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.tuples(*[st.integers(0, 6)] * 3), st.integers(0, 20), st.integers(0, 5))
def test_payment_is_possible_exactly_up_to_reach(hand_counts, cost, limit):
    cards = pay(DATA, list(hand_counts), cost, limit)
    assert (cards is not None) == (reach(DATA, list(hand_counts), limit) >= cost)
    if cards is not None:
        assert all(0 <= n <= h for n, h in zip(cards, hand_counts)) and sum(cards) <= limit
        assert cards[0] + 2 * cards[1] + 3 * cards[2] >= cost


def test_payment_rules_of_thumb():
    assert pay(DATA, [2, 1, 1], 4, 5) == (1, 0, 1)  # exact, fewest cards
    assert pay(DATA, [0, 0, 3], 4, 5) == (0, 0, 2)  # no change: 大大 pays 4
    assert pay(DATA, [3, 1, 1], 3, 5, stake=True) == (0, 0, 1)  # a stake uses the fewest cards
    assert pay(DATA, [6, 0, 0], 6, 5) is None  # six cards are over the limit


# --- whole games ------------------------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2 ** 40), st.sampled_from([3, 4, 5, 6]), st.booleans())
def test_games_end_by_the_rules_with_every_card_kept(seed, players, mixed):
    policies = [greedy if mixed and p % 2 else random_policy for p in range(players)]
    record = play(SPEC, DATA, players, seed, policies)  # checks legality and invariants after every move
    assert record.ended_by_rules and 1 <= record.rounds <= 12 and len(record.scores) == players
    assert 0 <= record.figures["released_share"] <= 1 and all(type(v) is float for v in record.figures.values())


def test_invariants_catch_a_lost_or_duplicated_card():
    state = blank()
    state.check_invariants()
    doubled = card_name(DATA, state.event_pile[0])
    state.event_pile.append(state.event_pile[0])
    with pytest.raises(InvariantViolation, match=f"{doubled} is in two places: event pile and event pile"):
        state.check_cards()
    state.event_pile.pop()
    lost = card_name(DATA, state.role_piles[0].pop())
    start(state, 1, turn=2)  # every card is counted at the first move of a turn
    with pytest.raises(InvariantViolation, match=f"turn 2: a card was lost: {lost} is in no zone"):
        state.check_invariants()


def test_invariants_catch_budget_made_or_negative_a_turn_over_its_limit_a_misplaced_role_and_a_wrong_score():
    state = blank()
    start(state, 0, money=(1, 0, 0))
    state.check_invariants()
    state.hand_budget[0][0] += 1  # a 小 from nowhere
    with pytest.raises(InvariantViolation, match="^turn 1: budget cards created or lost$"):
        state.check_invariants()
    state.hand_budget[0][0] -= 1
    state.hand_budget[0][1], state.budget_box[1] = -1, state.budget_box[1] + 1  # as many 中 in all, one below 0
    with pytest.raises(InvariantViolation, match="^turn 1: a negative number of budget cards$"):
        state.check_invariants()
    state.hand_budget[0][1], state.budget_box[1] = 0, state.budget_box[1] - 1
    state.budget_used = PER_TURN + 1
    with pytest.raises(InvariantViolation, match=f"^turn 1: player 1 used {PER_TURN + 1} budget cards$"):
        state.check_invariants()
    state.budget_used = 0
    state.slots[1][LEAD] = take(state, "脚本家", 3)  # a writer in the lead's slot
    start(state, 1, turn=2)
    with pytest.raises(InvariantViolation, match="^turn 2: player 2 has a role in another role's slot$"):
        state.check_invariants()
    state.role_piles[DATA.kinds.index("脚本家")].append(state.slots[1][LEAD])
    state.slots[1][LEAD] = EMPTY
    state.phase, state.final_scores = PH_OVER, [7, 0, 0, 0]  # no film released, yet 7 points
    with pytest.raises(InvariantViolation, match=r"^scores \[7.0, 0.0, 0.0, 0.0\] but the cards give \[0, 0, 0, 0\]$"):
        state.check_invariants()


def test_illegal_action_is_refused():
    state = blank()
    start(state, 0, money=(0, 0, 0))
    with pytest.raises(InvariantViolation, match="illegal action"):
        state.apply_action(("play", TIE_UP, -1))


def test_golden_replay():
    _, text = replay(Project(ROOT), CheckOptions("eitsuku", players=(4,), policy="random", replay=2014))
    expected = (ROOT / "tests" / "golden" / "eitsuku_seed_2014.txt").read_text(encoding="utf-8")
    assert text == expected


def test_observation_shows_only_own_hand():
    state = Eitsuku(DATA, 4, random.Random(3))
    obs = state.observation(state.actor)
    assert obs.roles == tuple(state.hand_roles[state.actor]) and obs.events == tuple(state.hand_events[state.actor])
    assert obs.budgets == tuple(map(tuple, state.hand_budget))  # budget is open information
    assert not hasattr(obs, "hands") and obs.hand_sizes[0] == tuple(map(len, state.hand_roles))


def test_removing_the_large_budget_cards_changes_the_report_as_expected(tmp_path):
    def no_large(name, text):
        return "\n".join(line for line in text.split("\n") if not line.startswith("大,")) if name == "budget" else text
    options = CheckOptions("eitsuku", players=(4,), target=Target(200), seed=1, policy="greedy", probe=False,
                           workers=1)  # the headline's figures: the search probe would not change them
    before = check(copy_project(tmp_path / "a"), options)
    after = check(copy_project(tmp_path / "b", no_large), options)
    assert before.integrity == [] and any("予算:大 has 0 cards" in f for f in after.integrity)
    was, now = before.players[4].play, after.players[4].play
    large_was = was.exhaustion["budget_large"].ran_out.share if "budget_large" in was.exhaustion else 0.0
    large_now = now.exhaustion["budget_large"]
    assert large_now.ran_out.share == 1.0 and large_now.when.median == 0 and large_was < 0.5
    assert now.figures["released_share"] < was.figures["released_share"]  # less money, fewer films
    assert now.figures["release_turn_mean"] > was.figures["release_turn_mean"]  # and later ones
    assert now.score_spread.scores.mean < was.score_spread.scores.mean


def test_greedy_holds_a_film_only_for_more_than_a_turn_costs():
    state = blank()
    state.actor, state.turn, state.phase = 0, 4, PH_END
    film(state, 0, lead=1, writer=1, composer=2, director=1)  # three of a kind: 5 + 30
    budget(state, 0, (2, 0, 0))  # with next turn's draw: 3, what an 役者1 costs
    hand(state, 0, ("役者", 1))  # as 助演 it makes four of a kind: 6 + 50, 21 more
    assert greedy(state.observation(0), [COLLECT, RELEASE], None) == COLLECT
    state.hand_roles[0].clear()
    hand(state, 0, ("役者", 2))  # a pair of 2s beside three 1s: a full house, 7 + 40: 12 more, still worth a turn
    budget(state, 0, (3, 0, 0))
    assert greedy(state.observation(0), [COLLECT, RELEASE], None) == COLLECT
    state.hand_roles[0].clear()
    hand(state, 0, ("役者", 6))  # no pair: 6 more points, but it costs 8 and the budget reaches 4
    assert greedy(state.observation(0), [COLLECT, RELEASE], None) == RELEASE
    state.turn = 12  # the last turn: an unreleased film scores nothing
    hand(state, 0, ("役者", 1))
    assert greedy(state.observation(0), [COLLECT, RELEASE], None) == RELEASE


def test_greedy_keeps_an_award_that_would_break_a_pair():
    state = blank()
    film(state, 0, lead=3, writer=3, composer=1)
    hand(state, 0, ("脚本家大賞",), ("音楽家大賞",))
    start(state, 0, money=(0, 0, 0))
    legal = state.legal_actions(0)
    assert greedy(state.observation(0), legal, None) == ("play", AWARD_COMPOSER, COMPOSER_SLOT)
