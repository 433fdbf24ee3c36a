"""Eitsuku's greedy player on hand-built positions: the choices a search player showed it was missing."""

from __future__ import annotations

from shipped.eitsuku import greedy
from shipped.eitsuku.data import (
    AWARD_COMPOSER,
    AWARD_WRITER,
    COLLECT,
    DRAW_EVENT,
    MEDIUM,
    PH_ACTION,
    PH_END,
    PH_PROMO_SLOT,
    PH_SCOUT,
    PH_SET,
    PH_START,
    RELEASE,
    STRIKE_B,
    USE_CONVERT,
)
from test_sim_eitsuku import (
    COMPOSER_SLOT,
    DIRECTOR_SLOT,
    LEAD,
    SUPPORT,
    WRITER_SLOT,
    blank,
    budget,
    film,
    hand,
    placed,
    take,
)


def test_a_strike_takes_the_single_card_and_keeps_the_pair():
    state = blank()
    state.actor, state.turn, state.phase = 0, 5, PH_START
    film(state, 0, lead=4, support=1, writer=1)  # 6 + a pair of 1s (10)
    legal = [("strike_a", LEAD), ("strike_a", SUPPORT), ("strike_a", WRITER_SLOT)]
    assert greedy(state.observation(0), legal, None) == ("strike_a", LEAD)  # loses 4, the 1 would cost 11
    budget(state, 0, (0, 3, 0))  # 2 a placed role, 6 in all, is worth keeping a pair for
    assert greedy(state.observation(0), [*legal, STRIKE_B], None) == STRIKE_B


def test_budget_before_a_second_role_for_the_same_empty_slot():
    state = blank()
    state.actor, state.turn, state.phase = 0, 4, PH_SCOUT
    film(state, 0, lead=5, support=2, composer=3)
    hand(state, 0, ("脚本家", 4), ("演出家", 2))  # a writer and a director to place: what is missing is budget
    budget(state, 0, (1, 1, 0))
    legal = [("role", 0), ("role", 1), ("role", 2), ("role", 3), MEDIUM]
    assert greedy(state.observation(0), legal, None) == MEDIUM  # 4C: stake 3, draw a 中, take the 3 back
    state.hand_roles[0].pop()  # no director in hand: drawing one fills a gap
    assert greedy(state.observation(0), legal, None) == ("role", 3)


def test_a_film_beaten_by_one_already_released_is_held_while_it_can_still_grow():
    state = blank(players=3)
    state.actor, state.turn, state.phase = 0, 6, PH_END
    film(state, 0, lead=2, writer=3, composer=4, director=6)  # 15, no bonus: released now 15 - 5 = 10
    film(state, 1, lead=3, writer=3, composer=1, director=2)  # 9 + a pair (10), released at turn 5: 19
    state.released[1] = 5
    hand(state, 0, ("役者", 1))  # as 助演 next turn: one point more, less than the turn costs
    budget(state, 0, (2, 0, 0))  # with next turn's draw: 3, what an 役者1 costs
    assert greedy(state.observation(0), [COLLECT, RELEASE], None) == COLLECT  # it cannot win now; later it might
    state.hand_roles[0].clear()
    assert greedy(state.observation(0), [COLLECT, RELEASE], None) == RELEASE  # nothing to add: held, it only loses
    hand(state, 0, ("役者", 1))
    state.released[1] = 0
    state._board = None  # the observation's copy of the board, rebuilt after a change
    assert greedy(state.observation(0), [COLLECT, RELEASE], None) == RELEASE  # nobody ahead: released at once
    state.released[1], state.turn = 5, 12
    state._board = None
    assert greedy(state.observation(0), [COLLECT, RELEASE], None) == RELEASE  # the last turn: held, it scores 0


def test_a_film_is_held_for_a_role_two_turns_of_budget_pay_for_when_it_adds_more_than_two_turns_cost():
    state = blank(players=3)
    state.actor, state.turn, state.phase = 0, 6, PH_END
    film(state, 0, lead=2, writer=2, composer=2, director=3)  # 9 + three of a kind (30)
    hand(state, 0, ("役者", 2))  # as 助演: four of a kind, 22 points more; it costs 4
    state.budget_piles[0] = state.budget_piles[1] = 0  # each start phase draws a 大 (3): 4 takes two turns
    assert greedy(state.observation(0), [COLLECT, RELEASE], None) == COLLECT
    state.turn = 11  # two turns from now the game is over
    assert greedy(state.observation(0), [COLLECT, RELEASE], None) == RELEASE
    state.turn = 6
    state.hand_roles[0] = [take(state, "役者", 6)]  # as 助演: 6 points, less than the 10 two turns cost
    assert greedy(state.observation(0), [COLLECT, RELEASE], None) == RELEASE


def test_budget_is_kept_for_a_better_role_in_hand_that_the_next_draws_pay_for():
    state = blank(players=3)
    state.actor, state.turn, state.phase = 0, 5, PH_SET
    film(state, 0, lead=3, composer=3, director=3)  # three 3s, no 脚本家 yet
    writer, actor = hand(state, 0, ("脚本家", 3), ("役者", 1))
    budget(state, 0, (0, 2, 0))  # 4: the 脚本家3 costs 5, next turn's 小 pays for it (four 3s: 33 points more)
    legal = [DRAW_EVENT, ("place", actor, SUPPORT)]
    assert greedy(state.observation(0), legal, None) == DRAW_EVENT  # a 助演1 (+1) would leave 1 for the 脚本家3
    budget(state, 0, (1, 2, 0))
    place_writer = ("place", writer, WRITER_SLOT)
    assert greedy(state.observation(0), [*legal, place_writer], None) == place_writer  # the budget pays for it now
    budget(state, 0, (0, 2, 0))
    state.hand_roles[0].remove(writer)
    assert greedy(state.observation(0), legal, None) == ("place", actor, SUPPORT)  # nothing to keep the budget for


def test_a_policy_change_with_only_ones_own_events_in_reach_is_not_used():
    state = blank(players=3)
    state.actor, state.turn, state.phase = 2, 4, PH_ACTION
    placed(state, 2, "タイアップキャンペーン", 2)
    placed(state, 2, "方針転換", 3)  # usable this turn, but the others have placed no event
    legal = [USE_CONVERT, DRAW_EVENT]
    assert greedy(state.observation(2), legal, None) == DRAW_EVENT  # used, it could only discard the +10
    placed(state, 1, "巻きを入れる", 3)
    assert greedy(state.observation(2), legal, None) == USE_CONVERT
    state.released[1] = 4  # a released player's 場 is out of reach
    state._board = None
    assert greedy(state.observation(2), legal, None) == DRAW_EVENT


def test_a_role_placed_on_a_slot_with_an_award_counts_the_award_it_takes_over():
    state = blank(players=3)
    state.actor, state.turn, state.phase = 0, 6, PH_SET
    film(state, 0, lead=4, writer=3, composer=3, director=3)
    placed(state, 0, "役者大賞", 5, LEAD)  # 主演 4 + 2 = 6 beside three 3s
    (actor,) = hand(state, 0, ("役者", 1))
    budget(state, 0, (3, 0, 0))  # 3: what an 役者1 costs
    legal = [DRAW_EVENT, ("place", actor, LEAD), ("place", actor, SUPPORT)]
    assert greedy(state.observation(0), legal, None) == ("place", actor, LEAD)  # 1 + 2 = 3 on 主演: four 3s
    state.phase = PH_END
    budget(state, 0, (2, 0, 0))  # with next turn's draw (a 小): 3
    assert greedy(state.observation(0), [COLLECT, RELEASE], None) == COLLECT  # four 3s: 17 points for 5


def test_an_award_waits_while_a_role_placed_this_turn_adds_more():
    state = blank(players=3)
    state.actor, state.turn, state.phase = 0, 3, PH_ACTION
    film(state, 0, composer=3)
    (writer,) = hand(state, 0, ("脚本家", 3), ("音楽家大賞",))[:1]
    budget(state, 0, (3, 1, 0))  # 5: what a 脚本家3 costs
    award, place_writer = ("play", AWARD_COMPOSER, COMPOSER_SLOT), ("place", writer, WRITER_SLOT)
    legal = [award, DRAW_EVENT, place_writer]
    assert greedy(state.observation(0), legal, None) == place_writer  # a pair of 3s (+23) before a 5 (+2)
    budget(state, 0, (1, 1, 0))  # the 脚本家3 is out of reach this turn: the award is placed
    assert greedy(state.observation(0), [award, DRAW_EVENT], None) == award


def test_the_first_role_waits_for_turn_2_and_turn_1_draws_an_event():
    state = blank(players=3)
    state.actor, state.turn, state.phase = 0, 1, PH_SET
    director, actor = hand(state, 0, ("演出家", 3), ("役者", 2))
    budget(state, 0, (6, 2, 0))  # a dealt hand and the turn's draw: either role is paid for
    legal = [DRAW_EVENT, ("place", director, DIRECTOR_SLOT), ("place", actor, LEAD)]
    assert greedy(state.observation(0), legal, None) == DRAW_EVENT  # placed now, a role pairs with nothing yet
    state.turn = 2
    assert greedy(state.observation(0), legal, None) == ("place", director, DIRECTOR_SLOT)  # the missing 演出家 3


def test_a_placement_counts_half_of_the_best_placement_it_leaves_for_next_turn():
    state = blank(players=3)
    state.actor, state.turn, state.phase = 0, 5, PH_SET
    film(state, 0, writer=2, composer=2, director=2)  # three 2s
    low, other_low, high = hand(state, 0, ("役者", 1), ("役者", 1), ("役者", 3))
    budget(state, 0, (3, 1, 0))  # 5: what an 役者3 costs
    legal = [DRAW_EVENT, ("place", low, LEAD), ("place", high, LEAD)]
    # 主演3 adds 13 and leaves a 助演1 (+1); 主演1 adds 11 and leaves a 助演1 for a full house (+11)
    assert greedy(state.observation(0), legal, None) == ("place", low, LEAD)
    state.hand_roles[0].remove(other_low)
    assert greedy(state.observation(0), legal, None) == ("place", high, LEAD)  # no second 1: the 3 adds more


def test_an_award_goes_where_it_adds_most_not_on_the_highest_slot():
    state = blank(players=3)
    state.actor, state.turn, state.phase = 0, 6, PH_ACTION
    film(state, 0, lead=5, writer=6, composer=4)
    hand(state, 0, ("音楽家大賞",), ("脚本家大賞",))
    on_composer, on_writer = ("play", AWARD_COMPOSER, COMPOSER_SLOT), ("play", AWARD_WRITER, WRITER_SLOT)
    legal = [on_writer, on_composer, DRAW_EVENT]
    assert greedy(state.observation(0), legal, None) == on_composer  # 4 + 2 pairs with the 脚本家6: 12 points, not 2


def test_a_promoter_goes_into_the_slot_of_a_kind_the_film_lacks_before_the_support():
    state = blank(players=3)
    state.actor, state.turn, state.phase = 0, 5, PH_PROMO_SLOT
    film(state, 0, lead=3, writer=3, composer=2)  # no 演出家 yet; the 助演 is empty too
    film(state, 1, lead=6)
    support, director = ("promo", 0, SUPPORT), ("promo", 0, DIRECTOR_SLOT)
    legal = [("promo", 0, LEAD), support, director, ("promo", 1, LEAD)]
    assert greedy(state.observation(0), legal, None) == director  # it stands for the 演出家: the film is complete
    film(state, 0, director=1)
    state._board = None
    assert greedy(state.observation(0), legal, None) == support  # nothing lacking: the fifth number
