"""Random draws the simulations share, each the same draws as the random module's own."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import ceil, log
from random import Random
from typing import Any, TypeVar

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


def sample(rng: Random, population: Sequence[Item], k: int) -> list[Item]:
    """rng.sample(population, k): the same draws and result, in one loop instead of a _randbelow call per pick."""
    n = len(population)
    if type(rng) is not Random or not 0 <= k <= n or n > _pool_limit(k):
        return rng.sample(population, k)  # (few picks from many: the random module tracks picked places in a set)
    getrandbits, pool, picked = rng.getrandbits, list(population), []
    for left in range(n, n - k, -1):  # as random.sample: pick a place among the `left` cards not yet picked
        bits = left.bit_length()
        j = getrandbits(bits)
        while j >= left:  # rejection sampling, as Random._randbelow(left)
            j = getrandbits(bits)
        picked.append(pool[j])
        pool[j] = pool[left - 1]  # the last unpicked card fills the place
    return picked


def _pool_limit(k: int) -> int:
    """The largest population random.sample draws from a pool list for k picks (its size for a set of k)."""
    return 21 + (4 ** ceil(log(k * 3, 4)) if k > 5 else 0)


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


def deal_again_within(rng: Random, places: Sequence[list], takes: Sequence[Callable[[Any], bool] | None],
                      tries: int = 20) -> bool:
    """deal_again, where place i takes only the cards takes[i] admits (None: any card), as when a seat has shown it
    holds no card of a colour; False, and the places as they were, when no such deal turned up in `tries` deals.

    Each try shuffles the cards and gives them out, the cards the fewest places take first, each to a place that
    takes it, drawn in proportion to the room the places have left: close to every such deal being as likely.
    """
    pool = [card for place in places for card in place]
    sizes = [len(place) for place in places]
    for _ in range(tries):
        shuffle(rng, pool)
        dealt = _deal_within(rng, pool, sizes, takes)
        if dealt is not None:
            for place, cards in zip(places, dealt):
                place[:] = cards
            return True
    return False


def _deal_within(rng: Random, pool: list, sizes: list[int], takes: Sequence[Callable[[Any], bool] | None]
                 ) -> list[list] | None:
    """One try at giving out the shuffled pool within the places' rules; None when a card finds no room."""
    homes = [[i for i, take in enumerate(takes) if take is None or take(card)] for card in pool]
    dealt: list[list] = [[] for _ in sizes]
    for at in sorted(range(len(pool)), key=lambda at: len(homes[at])):  # stable: ties keep the shuffled order
        card = pool[at]
        room = [(i, sizes[i] - len(dealt[i])) for i in homes[at] if len(dealt[i]) < sizes[i]]
        if not room:
            return None
        pick = rng.randrange(sum(free for _, free in room))
        for i, free in room:
            if pick < free:
                dealt[i].append(card)
                break
            pick -= free
    return dealt
