"""What a film is worth to the greedy player: its numbers, its A and B, and the number a プロモーターの介入 declares."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from .data import EMPTY, MONOPOLY
from .score import BONUSES, bonus_hand

# The helpers below marked `once_per_decision` are asked again for every move a decision rates: each keeps its
# answer for the last observation it was asked about (an observation never changes once made).
once_per_decision = lru_cache(maxsize=1)


@once_per_decision
def film(obs) -> tuple:
    """The numbers in one's own slots (None: empty), 〜大賞 included."""
    return tuple(v if c != EMPTY else None for v, c in zip(obs.values[obs.player], obs.slots[obs.player]))


def lacks(obs, kind: int) -> bool:
    """One's film has no role of this kind yet: every slot of the kind is empty."""
    slots = obs.slots[obs.player]
    return all(slots[s] == EMPTY for s in obs.data.kind_slots[kind])


@once_per_decision
def hand_kinds(obs) -> frozenset[int]:
    """The kinds of the roles in one's hand."""
    return frozenset(obs.data.role_kind[c] for c in obs.roles)


# A and B by film, worked out once: the same few hundred films come up in decision after decision (at most
# 5 slots, each empty or a number up to 6 plus its 〜大賞, so the table stays small).
POINTS: dict[tuple, int] = {}


def film_points(values: Sequence) -> int:
    """A and B of a film whose slots hold these numbers (None: empty)."""
    key = tuple(values)
    points = POINTS.get(key)
    if points is None:
        numbers = [v for v in values if v is not None]
        points = POINTS[key] = sum(numbers) + BONUSES[bonus_hand(numbers)]
    return points


# A 〜大賞 stays with its slot: a role placed there later by 3B gets its +2 (search placed an 役者1 on a 主演 4
# with 役者大賞 and made five 3s). It is read off a slot a role holds, whose own number is known; an empty slot or a
# プロモーターの介入 counts 0.
def award_bonus(obs, slot: int) -> int:
    """The +2s of the 〜大賞 on one's own slot, which a role placed there takes over."""
    card = obs.slots[obs.player][slot]
    if card == EMPTY or card >= obs.data.roles:
        return 0
    return obs.values[obs.player][slot] - obs.data.role_value[card]


def promo_number(obs, action) -> float:
    """Match the most common number already placed (pairs score), then the numbers of the roles in hand; else a low
    number, which has more copies left to pair with (the number itself nets nothing: it is paid back in D)."""
    counts, in_hand = _own_numbers(obs)
    return counts.get(action[1], 0) + in_hand.get(action[1], 0) / 10 - action[1] / 100


@once_per_decision
def _own_numbers(obs) -> tuple[Counter[int], Counter[int]]:
    """How often each number is placed in one's own slots, and how often it is on a role in hand."""
    counts = Counter(v for v, c in zip(obs.values[obs.player], obs.slots[obs.player]) if c != EMPTY)
    return counts, Counter(obs.data.role_value[c] for c in obs.roles)


def monopolies(obs) -> int:
    """What each role costs one extra: the 話題の独占 the other unreleased players have placed."""
    codes = obs.data.codes
    return sum(codes[c] == MONOPOLY for q, placed in enumerate(obs.placed) if q != obs.player and not obs.released[q]
               for c in placed)


# One placement can set up the next: with 脚本家2, 音楽家2 and 演出家2 placed and 役者1, 役者1 and 役者3 in hand,
# a 主演3 makes three of a kind (+13) but a 主演1 (+11) leaves the other 役者1 to make a full house as 助演 (+11
# more). Search placed the 1. The greedy player counts half of the best next placement (half: it is a turn away,
# and the budget for it and the turn it takes are left out).
def follow_up(obs, card: int, slot: int) -> int:
    """What the best role left in hand would add to the film's A and B (+10 when it fills a missing role) if placed
    after `card` in `slot` (with its slot's 〜大賞)."""
    d = obs.data
    values = list(film(obs))
    values[slot] = d.role_value[card] + award_bonus(obs, slot)
    filled = [c != EMPTY for c in obs.slots[obs.player]]
    filled[slot] = True
    rest = list(obs.roles)
    rest.remove(card)
    now, best = film_points(values), 0
    for other in set(rest):
        missing = not any(filled[s] for s in d.kind_slots[d.role_kind[other]])
        for _, _, s in d.place[other]:
            after = [d.role_value[other] + award_bonus(obs, s) if i == s else v for i, v in enumerate(values)]
            best = max(best, film_points(after) - now + (10 if missing else 0))
    return best
