"""A greedy New Eleusis player: it keeps the library rules that agree with the visible row and plays by them.

The secret rule is drawn uniformly from the library, so every rule that agrees with all verdicts and hints
so far is equally likely: the share of those rules that accept a play is the chance the play succeeds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .data import MAX_PLAY
from .plays import CIRCLE, DOT, MIXED, encode
from .round import DECLARE, HINT, JUDGE, PLAY

if TYPE_CHECKING:  # state.py imports this module (through hidden.py)
    from .state import Observation


def greedy(observation: Observation, legal: Sequence[int], rng: random.Random) -> int:
    """Pick the action that looks best from what the player can see."""
    phase = observation.phase
    if phase == PLAY:
        return best_play(observation)
    if phase == JUDGE:
        return likely_verdict(observation)
    if phase == DECLARE:
        return 1 if candidates(observation).bit_count() == 1 else 0
    if phase == HINT:
        return withheld_hint()
    return legal[int(rng.random() * len(legal))]


def withheld_hint() -> int:
    """The dealer gives no hint: the first one (what the rule looks at) helps every child at once, and a dealer
    scores from children who err (+3 a failed prophet) more than from a child going out sooner (+2 or +4)."""
    return 0


def candidates(obs) -> int:
    """A bit per library rule that agrees with every verdict and hint so far."""
    library = obs.data.library
    accept, everything = library.accept_mask, library.everything
    mask = everything
    for fact in obs.known:
        if fact < 0:
            mask &= library.dead_mask[-1 - fact]
        elif fact & 1:
            mask &= accept[fact >> 1]
        else:
            mask &= ~accept[fact >> 1]
    if obs.topic:
        mask &= library.hint_mask.get(obs.topic, everything)
    return mask or everything  # cannot happen while the rule is in the library


def best_play(obs) -> int:
    """The ○ chain or ● set with the most cards expected to leave the hand (a wrong play adds as many)."""
    mask = candidates(obs)
    plans = _circle_plans(obs, mask) + _dot_plans(obs, mask)
    total = mask.bit_count()
    best = max(plans, key=lambda plan: (len(plan[2]) * (2 * plan[1] - total), len(plan[2]), -plan[0]))
    return encode(best[0], best[2])


def _circle_plans(obs, mask: int) -> list[tuple[int, int, tuple]]:
    """Chains of ○ cards, each card the one most rules accept after the last: (○, rules agreeing, cards)."""
    accept, faces, face = obs.data.library.accept_mask, obs.data.library.faces, obs.data.card_face
    plans, chain, end, left = [], [], obs.end, list(obs.hand)
    for _ in range(min(MAX_PLAY, len(left))):
        base = end * faces
        scored = [((mask & accept[base + face[card]]).bit_count(), -card, card) for card in left]
        agree, _, card = max(scored)
        if not agree:
            break
        mask &= accept[base + face[card]]
        chain.append(card)
        left.remove(card)
        end = face[card]
        plans.append((CIRCLE, agree, tuple(chain)))
    return plans


def _dot_plans(obs, mask: int) -> list[tuple[int, int, tuple]]:
    """Sets of ● cards, the ones most rules reject first: (●, rules agreeing, cards)."""
    accept, faces, face = obs.data.library.accept_mask, obs.data.library.faces, obs.data.card_face
    base = obs.end * faces
    ranked = sorted(obs.hand, key=lambda card: (-(mask & ~accept[base + face[card]]).bit_count(), card))
    plans, chosen = [], []
    for card in ranked[:MAX_PLAY]:
        mask &= ~accept[base + face[card]]
        chosen.append(card)
        plans.append((DOT, mask.bit_count(), tuple(chosen)))
    return plans


def likely_verdict(obs) -> int:
    """The verdict most of the agreeing rules give on the pending play."""
    library, faces, face = obs.data.library, obs.data.library.faces, obs.data.card_face
    _, _, cards = obs.pending
    mask, votes = candidates(obs), [0, 0, 0]
    for rule, table in enumerate(library.tables):
        if not mask >> rule & 1:
            continue
        end, accepted, rejected = obs.end, False, False
        for card in cards:
            if table[end * faces + face[card]]:
                accepted, end = True, face[card]
            else:
                rejected = True
        votes[MIXED if accepted and rejected else (DOT if rejected else CIRCLE)] += 1
    return max(range(3), key=lambda verdict: (votes[verdict], -verdict))
