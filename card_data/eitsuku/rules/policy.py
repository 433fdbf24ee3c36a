"""What a player may see of the game, and a simple greedy player that uses only that."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .data import (
    AD,
    AWARDS,
    CHANCE,
    CONVERT,
    DRAW_EVENT,
    EMPTY,
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
    PH_PROMO_NUMBER,
    PH_PROMO_SLOT,
    PH_SCOUT,
    PH_SET,
    PH_SETUP,
    PH_START,
    PROMOTER,
    SMALL,
    SPEED_UP,
    STRIKE,
    STRIKE_B,
    TIE_UP,
    USE_CONVERT,
    Action,
    reach,
)
from .hold import budget_next_turn, end
from .worth import (
    award_bonus,
    film,
    film_points,
    follow_up,
    hand_kinds,
    lacks,
    monopolies,
    once_per_decision,
    promo_number,
)


class Observation:
    """One player's view: own hand, open budget, everything placed in 場, pile sizes and the turn."""

    __slots__ = ("player", "phase", "turn", "budget_used", "budgets", "roles", "events", "hand_sizes", "slots",
                 "values", "placed", "released", "piles", "data")

    def __init__(self, state, p: int):
        self.player, self.phase, self.turn, self.budget_used = p, state.phase, state.turn, state.budget_used
        self.budgets = tuple(map(tuple, state.hand_budget))  # budget cards are open information (◆2 2-2)
        self.roles, self.events = tuple(state.hand_roles[p]), tuple(state.hand_events[p])
        self.hand_sizes = (tuple(map(len, state.hand_roles)), tuple(map(len, state.hand_events)))
        if state._board is None:
            state._board = (tuple(map(tuple, state.slots)), tuple(map(tuple, state.slot_values)),
                            tuple(map(tuple, state.placed_events)), tuple(state.released))
        self.slots, self.values, self.placed, self.released = state._board
        self.piles = (tuple(state.budget_piles), tuple(map(len, state.role_piles)), len(state.event_pile))
        self.data = state.data  # the printed faces: what each card id is


def greedy(observation: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Pick the legal action the phase's heuristic rates highest (ties: the first)."""
    rate = RATERS[observation.phase]
    return max(legal, key=lambda action: rate(observation, action))


def _setup(obs, action) -> float:
    """A rolled 6: a role pile not yet in hand."""
    return 1.0 if action[1] not in hand_kinds(obs) else 0.0


def _strike(obs, action) -> float:
    """Pay budget when cheap, otherwise give up the role whose loss costs the film least."""
    me = obs.player
    if action == STRIKE_B:
        return 5.0 - 2 * sum(c != EMPTY for c in obs.slots[me])
    return -_strike_loss(obs, action[1])


def _strike_loss(obs, slot: int) -> int:
    """What discarding one's own slot takes from the film's A and B: the weakest number may be half of a pair
    (search kept the pair and gave up a higher single card)."""
    values = film(obs)
    return film_points(values) - film_points([None if i == slot else v for i, v in enumerate(values)])


SKIP = -100.0  # below every set action: the event is kept in hand
EVENT_VALUE = {TIE_UP: 10, SPEED_UP: 6, MONOPOLY: 5, CHANCE: 4, FLASH: 4, LOCAL: 3, STRIKE: 3, AD: 1, INFO: 1,
               CONVERT: 1}


def _action(obs, action) -> float:
    """Score events by a fixed table; a 〜大賞 where it adds most; プロモーターの介入 only into one's own gap."""
    if action[0] != "play" and action != USE_CONVERT:
        return _set_rating(obs, action) - 20.0  # events first, then the set action
    if action == USE_CONVERT:  # with no other player's event in reach it would discard one of one's own
        return 2.0 if _rival_targets(obs) else SKIP
    code, me = action[1], obs.player
    if code in AWARDS:  # +2 that breaks a pair loses the pair's bonus: kept for a better slot or turn
        gain = _award_gain(obs, action[2])
        if gain <= 0 or gain < _best_placement_now(obs):
            return SKIP
        return 6.0 + gain / 100 + obs.values[me][action[2]] / 1000  # the award that adds most, then the highest slot
    if code == PROMOTER:  # early, into an empty 場, it only takes the slot of a role with a number
        return 8.0 if EMPTY in obs.slots[me] and _promoter_pays(obs) else SKIP
    return float(EVENT_VALUE.get(code, SKIP))


def _rival_targets(obs) -> bool:
    """Another player still in the game has an event in its 場 (a プロモーターの介入 in a slot included)."""
    roles, me = obs.data.roles, obs.player
    return any(obs.placed[q] or any(card >= roles for card in obs.slots[q])
               for q in range(len(obs.slots)) if q != me and not obs.released[q])


def _promoter_pays(obs) -> bool:
    """Two roles placed: a プロモーターの介入 in an empty slot can pair with one (alone its number nets nothing)."""
    return sum(c != EMPTY for c in obs.slots[obs.player]) >= 2


def _award_gain(obs, slot: int) -> int:
    """What a 〜大賞 on one's own slot adds to the film's A and B."""
    values = film(obs)
    raised = [v + 2 if i == slot else v for i, v in enumerate(values)]
    return film_points(raised) - film_points(values)


# A 〜大賞 placed now raises the film as it is, and the set action that follows ends the action phase: a role placed
# after it cannot get it this turn. Search placed the role first and kept the award (an 役者1 on a 主演 5 with 役者大賞
# beside 4, 4, 3, 3 made a full house where greedy played another 役者大賞), so an award waits while a placement this
# turn adds more than it.
@once_per_decision
def _best_placement_now(obs) -> int:
    """The most a role in hand that this turn's budget pays for adds to the film's A and B (0 when none)."""
    d = obs.data
    now = reach(d, obs.budgets[obs.player], PER_TURN - obs.budget_used) - monopolies(obs)
    return max((_placement_gain(obs, card, slot) for card in set(obs.roles) if d.role_cost[card] <= now
                for _, _, slot in d.place[card]), default=0)


# Into the 助演 a プロモーターの介入 only adds a fifth number; into the empty slot of a kind the film lacks it also
# stands for that role, and the film is complete a role sooner. Search chose the lacking kind's slot where greedy
# took the first empty one (the 助演).
def _promo_slot(obs, action) -> float:
    """Fill one's own empty slot, that of a kind the film lacks first."""
    if action[1] != obs.player:
        return 0.0
    if obs.slots[obs.player][action[2]] != EMPTY:
        return 0.5
    return 2.5 if lacks(obs, obs.data.slot_kind[action[2]]) else 2.0


THREAT = {TIE_UP: 5, MONOPOLY: 4, SPEED_UP: 3, STRIKE: 3, PROMOTER: 1}


def _convert(obs, action) -> float:
    """Remove an opponent's strongest card; never one's own."""
    if action[1] == obs.player:
        return -1.0
    code = obs.data.codes[action[2]]
    return float(4 if code in AWARDS else THREAT.get(code, 0))


# Half of the best next placement (worth.follow_up) is counted in the set phase only: in the action phase a
# placement is weighed against playing an event first by what it adds now. Counted there too, placements went
# before events more often, and the rule gained about half as much.
def _set(obs, action) -> float:
    """The set phase: a placement as _set_rating rates it, with half of what the best next placement adds after it."""
    rating = _set_rating(obs, action)
    if action[0] == "place" and rating >= 1:  # a placement made, not one kept back or breaking a pair
        rating += follow_up(obs, action[1], action[2]) / 2
    return rating


def _set_rating(obs, action) -> float:
    """Place the role that adds most to the film's A and B (a missing role first), unless it is turn 1 or the budget
    is kept for a role in hand that adds more; else draw an event."""
    if action == DRAW_EVENT:
        return 0.5
    if action[0] != "place":
        return 0.0
    if _first_turn(obs):
        return 0.25  # below drawing an event: the first role waits a turn
    gain = _placement_gain(obs, action[1], action[2])
    if 0 < gain < _saved_for(obs):
        return 0.25  # below drawing an event: the budget is kept
    return gain - (0 if gain > 0 else 100)  # a pair broken counts against


# Search drew an event on turn 1 where greedy placed one of its two dealt roles, and won those games. A role placed
# on turn 1 pairs with nothing yet; drawn instead, an event is one more card to play (a タイアップキャンペーン is
# worth 10), and next turn's placement chooses from a hand the scout phase has grown by a role.
def _first_turn(obs) -> bool:
    """Turn 1: the set action draws an event, and the first role is placed from turn 2 on."""
    return obs.turn == 1


# Spending the budget on a small gain can leave a better role in hand unpaid for turns (search drew an event
# instead of placing a 助演 1 while a 脚本家 3 for the missing slot, three of a kind with the film's 3s, waited
# for one more budget card). A placement is made only when it adds at least as much as the best role in hand
# that the budget pays for only after the next one or two start-phase draws.
SAVE_DRAWS = 2


@once_per_decision
def _saved_for(obs) -> int:
    """What the best role in hand the budget cannot pay for now, but can after SAVE_DRAWS start-phase draws if
    nothing is spent, would add to the film's A and B (0 when there is none)."""
    d, extra = obs.data, monopolies(obs)
    now = reach(d, obs.budgets[obs.player], PER_TURN - obs.budget_used) - extra
    dearer = {d.face[card]: card for card in obs.roles if d.role_cost[card] > now}  # one card per face
    if not dearer:
        return 0
    later = reach(d, budget_next_turn(obs, SAVE_DRAWS), PER_TURN) - extra
    return max((_placement_gain(obs, card, slot) for card in dearer.values() if d.role_cost[card] <= later
                for _, _, slot in d.place[card]), default=0)


def _placement_gain(obs, card: int, slot: int) -> int:
    """What placing a role in one's own slot adds to the film's A and B (with the slot's 〜大賞), +10 when it fills a
    missing role."""
    d = obs.data
    needed = lacks(obs, d.role_kind[card])  # 助演 is optional
    values = film(obs)
    placed = (*values[:slot], d.role_value[card] + award_bonus(obs, slot), *values[slot + 1:])
    return film_points(placed) - film_points(values) + (10 if needed else 0)


def _scout(obs, action) -> float:
    """Draw a role that fills a gap, then a 大, then a role for a slot still empty (the 助演: a fifth card can make
    a pair or better), then a 中, then a 小; a role that could only replace a placed one comes last."""
    if action[0] == "role":
        if _missing(obs, action[1]):
            return 10.0
        open_slot = any(obs.slots[obs.player][s] == EMPTY for s in obs.data.kind_slots[action[1]])
        if open_slot and _in_hand(obs, action[1]):
            return 4.0  # the slot's role is in hand already: budget to place it is worth more (4C over 4A)
        return (5.5 if open_slot else 1.0) - _weakest(obs, action[1]) / 10
    return {LARGE: 6.0, MEDIUM: 5.0, SMALL: 2.0}.get(action, 0.0)


def _in_hand(obs, kind: int) -> bool:
    """A role of this kind is in one's hand."""
    return kind in hand_kinds(obs)


def _missing(obs, kind: int) -> bool:
    """No role of this kind is placed in one's own slots, and none is in hand."""
    return lacks(obs, kind) and kind not in hand_kinds(obs)


def _weakest(obs, kind: int) -> int:
    """The lowest number among one's own placed roles of a kind (0 when none is placed)."""
    me = obs.player
    return min((obs.values[me][s] for s in obs.data.kind_slots[kind] if obs.slots[me][s] != EMPTY), default=0)


def _info(obs, action) -> float:
    """Draw roles for a gap, else events; give back the lowest role or the weakest event."""
    d = obs.data
    if action[0] == "info":
        if action[1] < 0:
            return 1.0
        return 3.0 if _missing(obs, action[1]) else 0.0
    card = action[1]
    if card < d.roles:
        return -d.role_value[card]
    return -EVENT_VALUE.get(d.codes[card], 0)


RATERS = {PH_SETUP: _setup, PH_START: _strike, PH_ACTION: _action, PH_PROMO_SLOT: _promo_slot,
          PH_PROMO_NUMBER: promo_number, PH_CONVERT: _convert, PH_SET: _set, PH_SCOUT: _scout, PH_INFO: _info,
          PH_END: end}
