"""What one seat cannot see, dealt again for a search player: the deck, the other hands, the unseen field cards."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pnp.sim import deal_again, shuffle

from .deck import PEEK_CARD, bits
from .zones import CARD_BIT, cards_at, slots_in, total


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

    A card the observer watched go face up into another hand stays in that hand. A hand never holds a card that
    pairs with one in the vanish area (such a card leaves at once), so the rest of the other hands are dealt first
    from the hidden cards that pair with none; the rest go to the deck and the face-down slots the observer has
    not seen.
    """
    notes, state.notes = state.notes, []  # what happened so far, for replays: a copy to play on needs none
    try:
        world = state.clone(rng)
    finally:
        state.notes = notes
    world.notes_shown = 0
    peeked = world.victim if world.phase == PEEK_CARD and world.actor == observer else observer  # a hand seen
    others = [q for q in range(world.num_players) if q not in (observer, peeked)]
    kept = [[card for card in world.hands[q] if world.watched[q] >> card & 1] for q in others]
    field = world.field
    slots = slots_in(world.occupied & ~world.face_up & ~world.remembered(observer))
    unseen = [field[s] for s in slots]
    partners = world.vanish_partners
    free = [card for q in others for card in world.hands[q] if not world.watched[q] >> card & 1]
    bound = [card for card in world.draw_pile + unseen if partners >> card & 1]
    free += [card for card in world.draw_pile + unseen if not partners >> card & 1]
    shuffle(rng, free)
    start = 0
    for q, stays in zip(others, kept):
        dealt = len(world.hands[q]) - len(stays)
        world.hands[q][:] = stays + free[start:start + dealt]
        start += dealt
    rest = [world.draw_pile, unseen]
    pool = free[start:] + bound
    world.draw_pile[:], unseen[:] = pool[:len(world.draw_pile)], pool[len(world.draw_pile):]
    deal_again(rng, rest)
    for s, card in zip(slots, unseen):
        field[s] = card
    world.hand_masks = [total(CARD_BIT, hand) for hand in world.hands]
    return world


def seen_cards(state, player: int) -> dict[str, Sequence[int]]:
    """What `player` has seen and knows where it lies now: their hand, the cards they saw go face up into another
    hand (a centre swap, a face-up card taken), the field cards they remember slot by slot, and the open areas."""
    seen: dict[str, Sequence[int]] = {f"P{player + 1}'s hand": sorted(state.hands[player])}
    for q, watched in enumerate(state.watched):
        if q != player and watched:
            seen[f"P{q + 1}'s hand"] = list(bits(watched & state.hand_masks[q]))
    seen["field, slot by slot"] = list(cards_at(state.field, slots_in(state.occupied & state.remembered(player))))
    seen.update({f"P{q + 1}'s treasure": list(treasure) for q, treasure in enumerate(state.treasure)})
    seen.update({"vanish area": list(state.vanish), "out of the game": list(state.removed)})
    return seen
