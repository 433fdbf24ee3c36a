"""What a player may see of the game, and a simple greedy player that uses only that."""

from __future__ import annotations

import random
from collections import Counter
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
    RELEASE,
    SMALL,
    SPEED_UP,
    STRIKE,
    STRIKE_B,
    TIE_UP,
    TURN_LIMIT,
    USE_CONVERT,
    Action,
    reach,
)
from .score import BONUSES, LATE, TIE_UP_POINTS, bonus_hand


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
    have = {obs.data.role_kind[c] for c in obs.roles}
    return 1.0 if action[1] not in have else 0.0


def _strike(obs, action) -> float:
    """Pay budget when cheap, otherwise give up the role whose loss costs the film least."""
    me = obs.player
    if action == STRIKE_B:
        return 5.0 - 2 * sum(c != EMPTY for c in obs.slots[me])
    return -_strike_loss(obs, action[1])


def _strike_loss(obs, slot: int) -> int:
    """What discarding one's own slot takes from the film's A and B: the weakest number may be half of a pair
    (search kept the pair and gave up a higher single card)."""
    values = _film(obs)
    return _film_points(values) - _film_points([None if i == slot else v for i, v in enumerate(values)])


SKIP = -100.0  # below every set action: the event is kept in hand
EVENT_VALUE = {TIE_UP: 10, SPEED_UP: 6, MONOPOLY: 5, CHANCE: 4, FLASH: 4, LOCAL: 3, STRIKE: 3, AD: 1, INFO: 1,
               CONVERT: 1}


def _action(obs, action) -> float:
    """Score events by a fixed table; 大賞 on the highest slot; プロモーターの介入 only into one's own gap."""
    if action[0] != "play" and action != USE_CONVERT:
        return _set(obs, action) - 20.0  # events first, then the set action
    if action == USE_CONVERT:
        return 2.0
    code, me = action[1], obs.player
    if code in AWARDS:  # +2 that breaks a pair loses the pair's bonus: kept for a better slot or turn
        gain = _award_gain(obs, action[2])
        return 6.0 + obs.values[me][action[2]] / 10 if gain > 0 else SKIP
    if code == PROMOTER:  # early, into an empty 場, it only takes the slot of a role with a number
        return 8.0 if EMPTY in obs.slots[me] and _promoter_pays(obs) else SKIP
    return float(EVENT_VALUE.get(code, SKIP))


def _promoter_pays(obs) -> bool:
    """Two roles placed: a プロモーターの介入 in an empty slot can pair with one (alone its number nets nothing)."""
    return sum(c != EMPTY for c in obs.slots[obs.player]) >= 2


def _award_gain(obs, slot: int) -> int:
    """What a 〜大賞 on one's own slot adds to the film's A and B."""
    values = _film(obs)
    raised = [v + 2 if i == slot else v for i, v in enumerate(values)]
    return _film_points(raised) - _film_points(values)


def _promo_slot(obs, action) -> float:
    """Fill one's own empty slot."""
    if action[1] != obs.player:
        return 0.0
    return 2.0 if obs.slots[obs.player][action[2]] == EMPTY else 0.5


def _promo_number(obs, action) -> float:
    """Match the most common number already placed (pairs score), then the numbers of the roles in hand; else a low
    number, which has more copies left to pair with (the number itself nets nothing: it is paid back in D)."""
    counts = Counter(v for v, c in zip(obs.values[obs.player], obs.slots[obs.player]) if c != EMPTY)
    in_hand = Counter(obs.data.role_value[c] for c in obs.roles)
    return counts.get(action[1], 0) + in_hand.get(action[1], 0) / 10 - action[1] / 100


THREAT = {TIE_UP: 5, MONOPOLY: 4, SPEED_UP: 3, STRIKE: 3, PROMOTER: 1}


def _convert(obs, action) -> float:
    """Remove an opponent's strongest card; never one's own."""
    if action[1] == obs.player:
        return -1.0
    code = obs.data.codes[action[2]]
    return float(4 if code in AWARDS else THREAT.get(code, 0))


def _set(obs, action) -> float:
    """Place the role that adds most to the film's A and B (a missing role first); else draw an event."""
    if action == DRAW_EVENT:
        return 0.5
    if action[0] != "place":
        return 0.0
    d, me, card, slot = obs.data, obs.player, action[1], action[2]
    needed = all(obs.slots[me][s] == EMPTY for s in d.kind_slots[d.role_kind[card]])  # 助演 is optional
    values = _film(obs)
    placed = [d.role_value[card] if i == slot else v for i, v in enumerate(values)]
    gain = _film_points(placed) - _film_points(values) + (10 if needed else 0)  # a pair broken counts against
    return gain - (0 if gain > 0 else 100)


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
    return any(obs.data.role_kind[c] == kind for c in obs.roles)


def _missing(obs, kind: int) -> bool:
    """No role of this kind is placed in one's own slots, and none is in hand."""
    d, slots = obs.data, obs.slots[obs.player]
    return all(slots[s] == EMPTY for s in d.kind_slots[kind]) and all(d.role_kind[c] != kind for c in obs.roles)


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


def _end(obs, action) -> float:
    """Release as soon as the film is complete, unless next turn's best move adds more than the turn costs, or a
    film already released beats it (it could not win now; held, it still might)."""
    if action != RELEASE:
        return 0.0
    if obs.turn < TURN_LIMIT and (_beaten(obs) or _next_turn_gain(obs) > LATE):
        return -1.0  # hold: 5A now, release a better film later
    return 1.0


def _beaten(obs) -> bool:
    """A released film scores more than one's own film released now."""
    mine = _standing(obs, obs.player, obs.turn)
    return any(_standing(obs, q, turn) > mine for q, turn in enumerate(obs.released) if turn)


def _standing(obs, p: int, turn: int) -> int:
    """p's film released at `turn` as A+B+D-5*turn: two players' figures compare as their scores do, since C is
    5 a turn against the same first release (巻きを入れる: a turn earlier). プロモーターの介入 costs are left out."""
    codes = [obs.data.codes[c] for c in obs.placed[p]]
    numbers = [v for v, c in zip(obs.values[p], obs.slots[p]) if c != EMPTY]
    return _film_points(numbers) + TIE_UP_POINTS * codes.count(TIE_UP) - LATE * (turn - codes.count(SPEED_UP))


# Holding a complete film: every turn later costs 5 against every player who releases (◆4 C compares release
# turns), so a film is held only when next turn can add more than that. Search found these holds (a role in hand
# for the empty 助演 that makes a pair, a プロモーターの介入 that turns a pair into three of a kind, a
# タイアップキャンペーン still in hand) and won most such games. Looking two turns ahead held films too often:
# the plans it saw (a dearer role after another budget draw) were seldom carried out, and games ran long.
FLAT_POINTS = {TIE_UP: 10, SPEED_UP: LATE}  # what these events add to their placer's score wherever they go


def _next_turn_gain(obs) -> int:
    """How much one role placement and one event next turn could add to the film's score (A+B+D)."""
    values = _film(obs)
    now = _film_points(values)
    best = now
    most = reach(obs.data, _budget_next_turn(obs), PER_TURN) - _monopolies(obs)
    for event_values, event_cost in _event_options(obs, values):
        for placed in _placements(obs, event_values, most):
            best = max(best, _film_points(placed) - event_cost)
    return best - now


def _budget_next_turn(obs) -> list[int]:
    """One's budget after next turn's start phase draws (◆3 1: a 小, without 小 a 中, without both a 大)."""
    budget = list(obs.budgets[obs.player])
    size = next((k for k in range(3) if obs.piles[0][k]), None)
    if size is not None:
        budget[size] += 1
    return budget


def _film(obs) -> list:
    """The numbers in one's own slots (None: empty), 〜大賞 included."""
    return [v if c != EMPTY else None for v, c in zip(obs.values[obs.player], obs.slots[obs.player])]


def _film_points(values: list) -> int:
    """A and B of a film whose slots hold these numbers (None: empty)."""
    numbers = [v for v in values if v is not None]
    return sum(numbers) + BONUSES[bonus_hand(numbers)]


def _event_options(obs, values: list):
    """The film after each role event one could place next turn, with what it costs in D (and not placing one)."""
    yield values, 0
    codes = {obs.data.codes[c] for c in obs.events}
    for code in codes & FLAT_POINTS.keys():
        yield values, -FLAT_POINTS[code]
    for code in codes & AWARDS.keys():
        for s in obs.data.award_plays[code]:
            if values[s[2]] is not None:
                yield [v + 2 if i == s[2] else v for i, v in enumerate(values)], 0
    if PROMOTER in codes and None in values:  # as greedy places it: an empty slot, the number _promo_number picks
        n = max(obs.data.numbers, key=lambda number: _promo_number(obs, ("number", number)))
        s = values.index(None)
        yield [n if i == s else v for i, v in enumerate(values)], n  # its number is paid back in D


def _placements(obs, values: list, most: int):
    """The film after each role in hand costing at most `most` is placed (and after placing none)."""
    d = obs.data
    yield values
    for card in set(obs.roles):
        if d.role_cost[card] <= most:
            for _, _, slot in d.place[card]:
                yield [d.role_value[card] if i == slot else v for i, v in enumerate(values)]


def _monopolies(obs) -> int:
    """What each role costs one extra: the 話題の独占 the other unreleased players have placed."""
    codes = obs.data.codes
    return sum(codes[c] == MONOPOLY for q, placed in enumerate(obs.placed) if q != obs.player and not obs.released[q]
               for c in placed)


RATERS = {PH_SETUP: _setup, PH_START: _strike, PH_ACTION: _action, PH_PROMO_SLOT: _promo_slot,
          PH_PROMO_NUMBER: _promo_number, PH_CONVERT: _convert, PH_SET: _set, PH_SCOUT: _scout, PH_INFO: _info,
          PH_END: _end}
