"""The simulations' shared draws against the random module's own."""

from __future__ import annotations

import random

import pytest

from pnp.sim import shuffle


class _Reversed(random.Random):
    """A generator of another kind: its shuffle reverses."""

    def shuffle(self, cards):
        cards.reverse()


@pytest.mark.parametrize("size", [0, 1, 2, 3, 54, 100, 300])
def test_the_shuffle_draws_as_random_shuffle_does(size):
    for seed in range(20):
        mine, theirs = random.Random(seed), random.Random(seed)
        cards, expected = list(range(size)), list(range(size))
        shuffle(mine, cards)
        theirs.shuffle(expected)
        assert cards == expected and mine.random() == theirs.random()


def test_another_kind_of_generator_shuffles_its_own_way():
    cards = list(range(5))
    shuffle(_Reversed(1), cards)
    assert cards == [4, 3, 2, 1, 0]
