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


def test_a_deal_within_rules_keeps_each_places_size_and_rules():
    from random import Random

    from pnp.sim import deal_again_within
    places = [[0, 1, 2], [3, 4, 5], [6, 7]]  # the second place takes no even card, the third only cards below 4
    takes = [None, lambda card: card % 2 == 1, lambda card: card < 4]
    seen = set()
    for seed in range(200):
        dealt = [list(place) for place in places]
        assert deal_again_within(Random(seed), dealt, takes)
        assert sorted(card for place in dealt for card in place) == list(range(8))
        assert [len(place) for place in dealt] == [3, 3, 2]
        assert all(card % 2 for card in dealt[1]) and all(card < 4 for card in dealt[2])
        seen.add(tuple(sorted(dealt[2])))
    assert len(seen) > 1  # dealt at random, not always the same way


def test_a_deal_no_rule_allows_leaves_the_places_as_they_were():
    from random import Random

    from pnp.sim import deal_again_within
    places = [[0, 1], [2, 3]]
    assert not deal_again_within(Random(1), places, [lambda card: card > 10, None])
    assert places == [[0, 1], [2, 3]]
