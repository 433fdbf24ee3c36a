"""What one seat cannot see, dealt again for a search player: the deck, the other hands, the secret rule."""

from __future__ import annotations

import random

from pnp.sim import deal_again

from .policy import candidates
from .round import JUDGE, RULE

VERDICTS = 3


def redeal(state, observer: int, rng: random.Random):
    """A copy of `state` as `observer` might find it: hidden cards and, for a child, the rule drawn again."""
    world = state.clone(rng)
    if world.phase == RULE:  # between rounds: the next deal is the copy's own random draw
        return world
    others = [q for q in range(world.num_players) if q != observer]
    deal_again(rng, [world.deck, *(world.hands[q] for q in others)])
    if observer != world.dealer:
        rule = _agreeing_rule(candidates(state.observation(observer)), rng)
        world.rule, world.table = rule, world.data.library.tables[rule]
    if world.phase == JUDGE:  # the prophets who judged before the observer did so in secret
        world.guesses = [(q, g if q == observer else int(rng.random() * VERDICTS)) for q, g in world.guesses]
    return world


def _agreeing_rule(mask: int, rng: random.Random) -> int:
    """One of the library rules in `mask` (every verdict and hint so far agrees with it), uniformly."""
    rules = [rule for rule in range(mask.bit_length()) if mask >> rule & 1]
    return rules[int(rng.random() * len(rules))]
