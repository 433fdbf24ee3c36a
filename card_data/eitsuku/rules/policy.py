"""What a player may see of the game, and a simple greedy player that uses only that."""

from __future__ import annotations

from collections import Counter

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
    USE_CONVERT,
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


def greedy(obs: Observation, legal: list, rng):
    """Pick the legal action the phase's heuristic rates highest (ties: the first)."""
    rate = RATERS[obs.phase]
    return max(legal, key=lambda action: rate(obs, action))


def _setup(obs, action) -> float:
    """A rolled 6: a role pile not yet in hand."""
    have = {obs.data.role_kind[c] for c in obs.roles}
    return 1.0 if action[1] not in have else 0.0


def _strike(obs, action) -> float:
    """Pay budget when cheap, otherwise give up the weakest role."""
    me = obs.player
    if action == STRIKE_B:
        return 5.0 - 2 * sum(c != EMPTY for c in obs.slots[me])
    return -obs.values[me][action[1]]


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
    if code in AWARDS:
        return 6.0 + obs.values[me][action[2]] / 10
    if code == PROMOTER:
        return 8.0 if EMPTY in obs.slots[me] else SKIP
    return float(EVENT_VALUE.get(code, SKIP))


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
    """Place the role that adds most (a missing role first, a pair counts extra); else draw an event."""
    if action == DRAW_EVENT:
        return 0.5
    if action[0] != "place":
        return 0.0
    d, me, card, slot = obs.data, obs.player, action[1], action[2]
    value, now = d.role_value[card], obs.values[me][slot]
    needed = all(obs.slots[me][s] == EMPTY for s in d.kind_slots[d.role_kind[card]])  # 助演 is optional
    gain = value - now + (10 if needed else 0)
    pair = any(v == value for s, v in enumerate(obs.values[me]) if s != slot and obs.slots[me][s] != EMPTY)
    return gain + (3 if pair else 0) - (0 if gain > 0 else 100)


def _scout(obs, action) -> float:
    """Draw a role that fills a gap; otherwise grow the budget (大 over 中 over 小)."""
    if action[0] == "role":
        return 10.0 if action[1] in _missing(obs) else 1.0 - _weakest(obs, action[1]) / 10
    return {LARGE: 6.0, MEDIUM: 5.0, SMALL: 2.0}.get(action, 0.0)


def _missing(obs) -> set:
    """Role kinds with an empty slot and no card of that kind in hand."""
    d, me = obs.data, obs.player
    have = {d.role_kind[c] for c in obs.roles}
    return {k for k, group in enumerate(d.kind_slots)
            if all(obs.slots[me][s] == EMPTY for s in group) and k not in have}


def _weakest(obs, kind: int) -> int:
    """The lowest number among one's own placed roles of a kind (0 when none is placed)."""
    me = obs.player
    return min((obs.values[me][s] for s in obs.data.kind_slots[kind] if obs.slots[me][s] != EMPTY), default=0)


def _info(obs, action) -> float:
    """Draw roles for a gap, else events; give back the lowest role or the weakest event."""
    d = obs.data
    if action[0] == "info":
        return 3.0 if action[1] in _missing(obs) else (1.0 if action[1] < 0 else 0.0)
    card = action[1]
    if card < d.roles:
        return -d.role_value[card]
    return -EVENT_VALUE.get(d.codes[card], 0)


def _end(obs, action) -> float:
    """Release as soon as the film is complete: every turn later costs 5 against the first release."""
    return 1.0 if action == RELEASE else 0.0


RATERS = {PH_SETUP: _setup, PH_START: _strike, PH_ACTION: _action, PH_PROMO_SLOT: _promo_slot,
          PH_PROMO_NUMBER: _promo_number, PH_CONVERT: _convert, PH_SET: _set, PH_SCOUT: _scout, PH_INFO: _info,
          PH_END: _end}
