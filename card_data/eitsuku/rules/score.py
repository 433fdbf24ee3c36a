"""Scoring (◆4): A the numbers, B the poker-style bonus, C late release, D event modifiers."""

from __future__ import annotations

from collections import Counter

from pnp.sim import InvariantViolation

from .data import AWARDS, EMPTY, SPEED_UP, TIE_UP, TURN_LIMIT
from .turn import film_complete

BONUSES = {"five_card": 70, "four_card": 50, "full_house": 40, "three_card": 30, "two_pair": 20, "one_pair": 10,
           "none": 0}
BY_PAIRS = {10: "five_card", 6: "four_card", 4: "full_house", 3: "three_card", 2: "two_pair", 1: "one_pair",
            0: "none"}
LATE, TIE_UP_POINTS = 5, 10
BONUS_KEYS = {name: f"bonus.{name}" for name in BONUSES}
BONUS_ZEROS = dict.fromkeys(BONUS_KEYS.values(), 0.0)


def bonus_hand(values) -> str:
    """The one best bonus of ◆4 B for the numbers of a film (4 or 5 cards)."""
    values = list(values)
    shape = sorted(map(values.count, set(values)), reverse=True) + [0]
    if shape[0] >= 5:
        return "five_card"
    if shape[0] == 4:
        return "four_card"
    if shape[0] == 3:
        return "full_house" if shape[1] == 2 else "three_card"
    if shape[0] == 2:
        return "two_pair" if shape[1] == 2 else "one_pair"
    return "none"


def film(state, p: int, events: bool = True) -> list[int]:
    """The numbers of p's placed roles, with 〜大賞 (or without any event effect)."""
    slots, d = state.slots[p], state.data
    if events:
        return [v for v, card in zip(state.slot_values[p], slots) if card != EMPTY]
    return [d.role_value[c] if c < d.roles else state.declared[c][1] for c in slots if c != EMPTY]


def parts(state, events: bool = True) -> list[tuple[int, int, int, int]]:
    """(A, B, C, D) per player; a player who has not released a film scores nothing."""
    speed = [state.placed_count[p][SPEED_UP] if events else 0 for p in range(state.num_players)]
    released = [state.released[p] - speed[p] for p in range(state.num_players) if state.released[p]]
    first = min(released, default=0)
    penalty, declared = Counter[int](), state.declared
    if declared:  # a プロモーターの介入 in some slot
        for slots in state.slots:
            for card in slots:
                if card in declared:
                    penalty[declared[card][0]] += declared[card][1]
    out = []
    for p in range(state.num_players):
        if not state.released[p]:
            out.append((0, 0, 0, 0))
            continue
        numbers = film(state, p, events)
        late = -LATE * (state.released[p] - speed[p] - first)
        extra = TIE_UP_POINTS * state.placed_count[p][TIE_UP] - penalty[p] if events else 0
        out.append((sum(numbers), BONUSES[bonus_hand(numbers)], late, extra))
    return out


def totals(state) -> list[int]:
    """Final scores A+B+C+D."""
    return [sum(part) for part in parts(state)]


def recheck(state) -> None:
    """Score the finished game again from the cards alone and compare with the state's scores."""
    codes = state.data.codes
    turns = {}
    for p in range(state.num_players):
        if state.released[p]:
            if not film_complete(state, p):
                raise InvariantViolation(f"player {p + 1} released an incomplete film")
            turns[p] = state.released[p] - sum(codes[c] == SPEED_UP for c in state.placed_events[p])
    promoters = _promoter_costs(state) if turns else {}
    first = min(turns.values(), default=0)
    expected = []
    for p in range(state.num_players):
        if p not in turns:
            expected.append(0)
            continue
        numbers = _numbers(state, p)
        pairs = sum(a == b for i, a in enumerate(numbers) for b in numbers[i + 1:])
        late = 5 * (turns[p] - first)
        tie_ups = sum(codes[c] == TIE_UP for c in state.placed_events[p])
        expected.append(sum(numbers) + BONUSES[BY_PAIRS[pairs]] - late + 10 * tie_ups - promoters.get(p, 0))
    if [float(x) for x in expected] != state.scores():
        raise InvariantViolation(f"scores {state.scores()} but the cards give {expected}")


def _numbers(state, p: int) -> list[int]:
    """The numbers of p's placed cards from their faces and declarations, +2 per 〜大賞 naming the slot."""
    d, codes, raised = state.data, state.data.codes, dict[int, int]()
    for c in state.placed_events[p]:
        if codes[c] in AWARDS:
            raised[state.event_target[c]] = raised.get(state.event_target[c], 0) + 2
    return [(d.role_value[card] if card < d.roles else state.declared[card][1]) + raised.get(s, 0)
            for s, card in enumerate(state.slots[p]) if card != EMPTY]


def _promoter_costs(state) -> dict[int, int]:
    """What the プロモーターの介入 cards in any slot cost the players who placed them."""
    roles, costs = state.data.roles, dict[int, int]()
    for slots in state.slots:
        for card in slots:
            if card >= roles:
                placer, number = state.declared[card]
                costs[placer] = costs.get(placer, 0) + number
    return costs


def figures(state) -> dict[str, float]:
    """Release share and turn, bonus hands of released films, and the score effect of events."""
    # The release turn is averaged over all players, 13 standing for no release by the end of turn 12:
    # the report averages every figure over all games, so a mean over releasers only would be biased.
    players = state.num_players
    released = [p for p in range(players) if state.released[p]]
    out = {"released_share": len(released) / players,  # a player without a release counts as turn 13:
           "release_turn_mean": sum(state.released[p] or TURN_LIMIT + 1 for p in range(players)) / players}
    out.update(BONUS_ZEROS)
    for p in released:
        out[BONUS_KEYS[bonus_hand(film(state, p))]] += 1.0
    with_events, without = state.final_scores or totals(state), [sum(part) for part in parts(state, events=False)]
    out["event_score_effect"] = (sum(with_events) - sum(without)) / players
    return out
