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
