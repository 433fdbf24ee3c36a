"""When the greedy player releases its film (5B) and when it holds it (5A) for a better one."""

from __future__ import annotations

from collections.abc import Sequence

from .data import AWARDS, EMPTY, PER_TURN, PROMOTER, RELEASE, SPEED_UP, TIE_UP, TURN_LIMIT, reach
from .score import LATE, TIE_UP_POINTS
from .worth import award_bonus, film, film_points, monopolies, promo_number


def end(obs, action) -> float:
    """Release as soon as the film is complete, unless next turn's best move adds more than the turn costs, or adds
    something to a film that a film already released beats (it could not win now; held, it still might)."""
    if action != RELEASE or obs.turn >= TURN_LIMIT:
        return 0.0 if action != RELEASE else 1.0
    gain = _next_turn_gain(obs)
    if gain > LATE or (gain > 0 and _beaten(obs)) or _worth_two_turns(obs):
        return -1.0  # hold: 5A now, release a better film later
    return 1.0


def _worth_two_turns(obs) -> bool:
    """A role the budget of two turns pays for (next turn's may pay for none) adds more than the two turns cost
    (search held such films: a 助演 that turns three of a kind into four, a 3 that makes five of a kind)."""
    return obs.turn + 2 <= TURN_LIMIT and _next_turn_gain(obs, draws=2) > 2 * LATE


def _beaten(obs) -> bool:
    """A released film scores more than one's own film released now."""
    mine = _standing(obs, obs.player, obs.turn)
    return any(_standing(obs, q, turn) > mine for q, turn in enumerate(obs.released) if turn)


def _standing(obs, p: int, turn: int) -> int:
    """p's film released at `turn` as A+B+D-5*turn: two players' figures compare as their scores do, since C is
    5 a turn against the same first release (巻きを入れる: a turn earlier). プロモーターの介入 costs are left out."""
    codes = [obs.data.codes[c] for c in obs.placed[p]]
    numbers = [v for v, c in zip(obs.values[p], obs.slots[p]) if c != EMPTY]
    return film_points(numbers) + TIE_UP_POINTS * codes.count(TIE_UP) - LATE * (turn - codes.count(SPEED_UP))


# Holding a complete film: every turn later costs 5 against every player who releases (◆4 C compares release
# turns), so a film is held only when next turn can add more than that. Search found these holds (a role in hand
# for the empty 助演 that makes a pair, a プロモーターの介入 that turns a pair into three of a kind, a
# タイアップキャンペーン still in hand) and won most such games. Looking two turns ahead for a gain over one turn's
# cost held films too often (the plans it saw were seldom carried out, and games ran long); two turns are waited
# only for a gain over what both cost, which search waited for too (and won most such games).
FLAT_POINTS = {TIE_UP: 10, SPEED_UP: LATE}  # what these events add to their placer's score wherever they go


def _next_turn_gain(obs, draws: int = 1) -> int:
    """How much one role placement and one event next turn (or after `draws` start-phase draws) could add to the
    film's score (A+B+D)."""
    values = film(obs)
    now = film_points(values)
    best = now
    most = reach(obs.data, budget_next_turn(obs, draws), PER_TURN) - monopolies(obs)
    for event_values, event_cost in _event_options(obs, values):
        for placed in _placements(obs, event_values, most):
            best = max(best, film_points(placed) - event_cost)
    return best - now


def budget_next_turn(obs, draws: int = 1) -> list[int]:
    """One's budget after the next `draws` start phases draw (◆3 1: a 小, without 小 a 中, without both a 大)."""
    budget, piles = list(obs.budgets[obs.player]), list(obs.piles[0])
    for _ in range(draws):
        size = next((k for k in range(3) if piles[k]), None)
        if size is not None:
            budget[size] += 1
            piles[size] -= 1
    return budget


def _event_options(obs, values: Sequence):
    """The film after each role event one could place next turn, with what it costs in D (and not placing one)."""
    yield values, 0
    codes = {obs.data.codes[c] for c in obs.events}
    for code in codes & FLAT_POINTS.keys():
        yield values, -FLAT_POINTS[code]
    for code in codes & AWARDS.keys():
        for s in obs.data.award_plays[code]:
            if values[s[2]] is not None:
                yield [v + 2 if i == s[2] else v for i, v in enumerate(values)], 0
    if PROMOTER in codes and None in values:  # as greedy places it: an empty slot, the number promo_number picks
        n = max(obs.data.numbers, key=lambda number: promo_number(obs, ("number", number)))
        s = values.index(None)
        yield [n if i == s else v for i, v in enumerate(values)], n  # its number is paid back in D


def _placements(obs, values: Sequence, most: int):
    """The film after each role in hand costing at most `most` is placed (with its slot's 〜大賞; and after placing
    none)."""
    d = obs.data
    yield values
    for card in set(obs.roles):
        if d.role_cost[card] <= most:
            for _, _, slot in d.place[card]:
                placed = d.role_value[card] + award_bonus(obs, slot)
                yield [placed if i == slot else v for i, v in enumerate(values)]
