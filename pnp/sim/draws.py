"""Random draws the simulations share, each the same draws as the random module's own."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import TypeVar

Item = TypeVar("Item")


def shuffle(rng: Random, cards: list) -> None:
    """rng.shuffle(cards): the same draws and order, in one loop instead of a _randbelow call per card."""
    if type(rng) is not Random:  # a subclass may draw its numbers otherwise
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        k = (i + 1).bit_length()
        j = getrandbits(k)
        while j > i:  # rejection sampling, as Random._randbelow(i + 1)
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def pick(rng: Random, items: Sequence[Item]) -> Item:
    """One item, uniformly, from one rng.random() draw (several times cheaper than rng.choice)."""
    return items[int(rng.random() * len(items))]


def deal_again(rng: Random, places: Sequence[list]) -> None:
    """Gather the cards of `places`, shuffle them, and give each place back as many as it held (lists, in place).

    The re-deal of hidden cards a State.redeal() makes: pass every place whose cards the observer cannot see.
    """
    pool = [card for place in places for card in place]
    shuffle(rng, pool)
    start = 0
    for place in places:
        size = len(place)
        place[:] = pool[start:start + size]
        start += size
