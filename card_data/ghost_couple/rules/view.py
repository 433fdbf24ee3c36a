"""What one player knows for the decision at hand: the Observation the greedy player reads, built from a game."""

from __future__ import annotations

from typing import NamedTuple

from .deck import (
    BLOCK,
    BURN_PICK,
    CENTRE_SWAP,
    FLIP_UP,
    PEEK_CARD,
    PEEK_WHO,
    PLACE,
    RETURN,
    STEAL_PICK,
    TAKE,
    TARGET,
    VANISH_PICK,
    Deck,
    Effect,
)
from .zones import cards_at, slots_in

HIDDEN = -2  # a face-down card this player has not seen (an empty slot is -1)

# What each decision looks at beyond the hand: the face-down cards this player remembers slot by slot (to turn
# one up), the field cards they remember, the field as they remember it slot by slot, or the other players.
LOOKS_AT_MEMORY = FLIP_UP
LOOKS_AT_KNOWN = frozenset({PLACE, CENTRE_SWAP, RETURN})
LOOKS_AT_FIELD = frozenset({BLOCK, TAKE, VANISH_PICK})
LOOKS_AT_POINTS = frozenset({TARGET, PEEK_WHO, STEAL_PICK, BURN_PICK})


class Observation(NamedTuple):
    """What one player knows that the decision at hand can use: own hand and the face-up cards; the cards they
    remember on the field when the decision is about the field (slot by slot when it picks field slots);
    everyone's hand sizes and points when it is about the others."""

    player: int
    phase: int
    hand: tuple
    hand_mask: int  # the hand's cards (a bit per card)
    face_up: int  # face-up slots
    face_up_cards: int  # the cards lying face up (a bit per card)
    locked: bool
    known: int  # the field cards this player remembers, face up or down (a bit per card; 0 but about the field)
    memory_slots: tuple  # the face-down slots whose card this player remembers, in slot order (() but to turn up)
    memory: tuple  # the cards in memory_slots, in the same order (() but to turn up)
    unseen: int  # the face-down slots whose card this player has not seen (0 but to turn up)
    view: tuple  # per slot: the card, HIDDEN, or -1 for an empty slot (() when the decision picks no field slot)
    hand_sizes: tuple  # everyone's hand size (() when the decision is not about the other players)
    points: tuple  # everyone's treasure points now (() as for hand_sizes)
    treasures: tuple  # everyone's treasure (() as for hand_sizes)
    peek: tuple  # the other player's hand while choosing a card to vanish from it
    effect: Effect | None
    deck: Deck


def observe(state, me: int) -> Observation:
    """The observation of player `me` for the decision at hand."""
    phase = state.phase
    if phase == LOOKS_AT_MEMORY:  # the most frequent decision: turning a card up
        slots, cards, unseen = remembered_face_down(state, me)
        return Observation(me, phase, tuple(state.hands[me]), state.hand_masks[me], state.face_up, state.face_up_cards,
                           state.locked, state.known_cards(me), slots, cards, unseen, (), (), (), (), (), state.effect,
                           state.data)
    known = 0
    view: tuple[int, ...] = ()
    sizes: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    treasures: tuple[tuple[int, ...], ...] = ()
    if phase in LOOKS_AT_KNOWN:
        known = state.known_cards(me)
    elif phase in LOOKS_AT_FIELD:
        view, known = remembered_field(state, me), state.known_cards(me)
    elif phase in LOOKS_AT_POINTS:
        sizes = tuple(map(len, state.hands))
        points = tuple(state.points_now(p) for p in range(state.num_players))
        treasures = tuple(map(tuple, state.treasure))
    peek = tuple(state.hands[state.victim]) if phase == PEEK_CARD else ()
    return Observation(me, phase, tuple(state.hands[me]), state.hand_masks[me], state.face_up, state.face_up_cards,
                       state.locked, known, (), (), 0, view, sizes, points, treasures, peek, state.effect, state.data)


def remembered_face_down(state, me: int) -> tuple[tuple, tuple, int]:
    """The face-down slots `me` remembers in slot order, their cards, and the face-down slots they have not seen."""
    face_down = state.occupied & ~state.face_up
    mine = face_down & state.remembered(me)
    slots = slots_in(mine)
    return slots, cards_at(state.field, slots), face_down & ~mine


def remembered_field(state, me: int) -> tuple:
    """The field as `me` remembers it, slot by slot (a card lying face up has been seen by everyone)."""
    view = list(state.field)
    for slot in slots_in(state.occupied & ~state.remembered(me)):
        view[slot] = HIDDEN
    return tuple(view)
