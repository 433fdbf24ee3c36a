"""Closed forms for dealing without replacement: hypergeometric hands, negative hypergeometric first sightings."""

from __future__ import annotations

from math import comb


def hand_pmf(deck: int, matching: int, hand: int, k: int) -> float:
    """P(exactly k matching cards in a hand of `hand` drawn from `deck` cards of which `matching` match)."""
    if not 0 <= k <= hand or k > matching or hand - k > deck - matching:
        return 0.0
    return comb(matching, k) * comb(deck - matching, hand - k) / comb(deck, hand)


def hand_at_least(deck: int, matching: int, hand: int, k: int) -> float:
    """P(at least k matching cards in the hand): the hypergeometric upper tail."""
    return min(1.0, sum(hand_pmf(deck, matching, hand, j) for j in range(max(0, k), hand + 1)))


def hand_at_most(deck: int, matching: int, hand: int, k: int) -> float:
    """P(at most k matching cards in the hand): the hypergeometric lower tail."""
    return min(1.0, sum(hand_pmf(deck, matching, hand, j) for j in range(0, min(k, hand) + 1)))


def seen_by(deck: int, matching: int, seen: int) -> float:
    """P(at least one matching card among the first `seen` cards a player gets): 1 - C(N-K, m) / C(N, m)."""
    seen = max(0, min(seen, deck))
    return 1.0 - comb(deck - matching, seen) / comb(deck, seen)


def first_seen_mean(deck: int, matching: int, seen_by_turn: list[int]) -> float | None:
    """Mean turn of the first sighting, given one is seen by the last turn (turn t has seen_by_turn[t] cards)."""
    cumulative = [seen_by(deck, matching, m) for m in seen_by_turn]
    if not cumulative or cumulative[-1] <= 0:
        return None
    mass = [cumulative[0]] + [b - a for a, b in zip(cumulative, cumulative[1:])]
    return sum(turn * p for turn, p in enumerate(mass)) / cumulative[-1]
