"""What one seat cannot see, dealt again for a search player: the deck, the other hands, the unseen field cards."""

from __future__ import annotations

import random

from pnp.sim import deal_again, shuffle

from .deck import PEEK_CARD
from .zones import CARD_BIT, slots_in, total


def clone(state, rng: random.Random | None):
    """A copy of `state` to play on, as State.clone makes one (which copies a __dict__; GhostCouple keeps its
    attributes in __slots__): zones and counters copied, the printed data shared, the random generator copied, or
    with `rng` a new one seeded from it."""
    copied = object.__new__(type(state))
    for name, value in state.__dict__.items():
        setattr(copied, name, _copied(value))
    for name in state.__slots__:  # GhostCouple's
        setattr(copied, name, _copied(getattr(state, name)))
    copied.data = state.data
    copied.rng = random.Random()
    if rng is None:
        copied.rng.setstate(state.rng.getstate())
    else:
        copied.rng.seed(rng.getrandbits(64))
    return copied


def _copied(value):
    """A copy of a zone or counter: lists (and the lists in them) and dicts copied, anything else kept."""
    if type(value) is list:
        return [item[:] if type(item) is list else item for item in value]
    return dict(value) if type(value) is dict else value


def redeal(state, observer: int, rng: random.Random):
    """A copy of `state` as `observer` might find it: every card they have not seen where it lies, dealt again.

    A hand never holds a card that pairs with one in the vanish area (such a card leaves at once), so the other
    hands are dealt first from the hidden cards that pair with none; the rest go to the deck and the face-down
    slots the observer has not seen.
    """
    notes, state.notes = state.notes, []  # what happened so far, for replays: a copy to play on needs none
    try:
        world = state.clone(rng)
    finally:
        state.notes = notes
    world.notes_shown = 0
    shown = world.victim if world.phase == PEEK_CARD and world.actor == observer else observer  # a hand peeked at
    hands = [world.hands[q] for q in range(world.num_players) if q not in (observer, shown)]
    field = world.field
    slots = slots_in(world.occupied & ~world.face_up & ~world.remembered(observer))
    unseen = [field[s] for s in slots]
    partners = world.vanish_partners
    free = [card for hand in hands for card in hand]
    bound = [card for card in world.draw_pile + unseen if partners >> card & 1]
    free += [card for card in world.draw_pile + unseen if not partners >> card & 1]
    shuffle(rng, free)
    start = 0
    for hand in hands:
        hand[:] = free[start:start + len(hand)]
        start += len(hand)
    rest = [world.draw_pile, unseen]
    pool = free[start:] + bound
    world.draw_pile[:], unseen[:] = pool[:len(world.draw_pile)], pool[len(world.draw_pile):]
    deal_again(rng, rest)
    for s, card in zip(slots, unseen):
        field[s] = card
    world.hand_masks = [total(CARD_BIT, hand) for hand in world.hands]
    return world
