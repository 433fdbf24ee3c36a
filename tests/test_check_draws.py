"""The simulations' shared draws against the random module's own."""

from __future__ import annotations

import random

import pytest

from pnp.sim import sample, shuffle


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


@pytest.mark.parametrize("size", [0, 1, 5, 21, 22, 24, 50, 85, 86, 300])
def test_the_sample_draws_as_random_sample_does(size):
    for seed in range(10):
        for k in sorted({0, 1, 2, 5, 6, 9, 21, 30, size // 2, size} & set(range(size + 1))):
            mine, theirs = random.Random(seed), random.Random(seed)
            population = [f"card {i}" for i in range(size)]
            assert sample(mine, population, k) == theirs.sample(population, k)
            assert mine.random() == theirs.random()


def test_a_sample_too_large_is_the_random_module_error():
    with pytest.raises(ValueError):
        sample(random.Random(1), [1, 2], 3)
