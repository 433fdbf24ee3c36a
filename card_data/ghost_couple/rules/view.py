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
from .zones import CARD_BIT, slots_of

HIDDEN = -2  # a face-down card this player has not seen (an empty slot is -1)
KNOWN_BIT = tuple(1 << c for c in range(1022)) + (0, 0)  # a card's bit; HIDDEN (-2) and an empty slot (-1) give 0

# What each decision looks at beyond the hand: the face-down cards this player remembers, the field as they
# remember it, or the other players' points.
LOOKS_AT_MEMORY = FLIP_UP
LOOKS_AT_FIELD = frozenset({PLACE, CENTRE_SWAP, BLOCK, TAKE, RETURN, VANISH_PICK})
LOOKS_AT_POINTS = frozenset({TARGET, PEEK_WHO, STEAL_PICK, BURN_PICK})


class Observation(NamedTuple):
    """What one player knows that the decision at hand can use: own hand and the public zones; the face-down cards
    they remember when choosing a card to turn up; the field as they remember it when the decision is about field
    cards; everyone's points when it is about the others."""

    player: int
    phase: int
    hand: tuple
    hand_mask: int  # the hand's cards (a bit per card)
    memory: tuple  # (slot, card) of every face-down card this player remembers, in slot order (() but to turn up)
    memory_cards: int  # the cards in `memory` (a bit per card)
    unseen: int  # the face-down slots whose card this player has not seen (0 but to turn up)
    view: tuple  # per slot: the card, HIDDEN, or -1 for an empty slot (() when the decision is not about the field)
    known: int  # the cards in `view` (a bit per card)
    face_up: int  # face-up slots
    face_up_cards: int  # the cards lying face up (a bit per card)
    locked: bool
    hand_sizes: tuple  # everyone's hand size (() as for points)
    points: tuple  # everyone's treasure points now (() when the decision is not about the other players)
    treasures: tuple  # everyone's treasure (() as for points)
    vanish: tuple
    draw_pile: int  # cards left in it
    peek: tuple  # the other player's hand while choosing a card to vanish from it
    vacated: int
    effect: Effect | None
    deck: Deck


def observe(state, me: int) -> Observation:
    """The observation of player `me` for the decision at hand."""
    phase = state.phase
    memory, memory_cards, unseen, view, known, sizes, points, treasures = (), 0, 0, (), 0, (), (), ()
    if phase == LOOKS_AT_MEMORY:
        memory, memory_cards, unseen = remembered_face_down(state, me)
    elif phase in LOOKS_AT_FIELD:
        view, known = remembered_field(state, me)
    elif phase in LOOKS_AT_POINTS:
        sizes = tuple(map(len, state.hands))
        points = tuple(state.points_now(p) for p in range(state.num_players))
        treasures = tuple(map(tuple, state.treasure))
    peek = tuple(state.hands[state.victim]) if phase == PEEK_CARD else ()
    return Observation(me, phase, tuple(state.hands[me]), state.hand_masks[me], memory, memory_cards, unseen, view,
                       known, state.face_up, state.face_up_cards, state.locked, sizes, points, treasures,
                       tuple(state.vanish), len(state.draw_pile), peek, len(state.vacated), state.effect, state.data)


def remembered_face_down(state, me: int) -> tuple[tuple, int, int]:
    """The face-down cards `me` remembers, (slot, card) in slot order; their mask; the face-down slots not seen."""
    face_down = state.occupied & ~state.face_up
    mine = face_down & state.remembered(me)
    slots = slots_of(mine)
    cards = list(map(state.field.__getitem__, slots))
    return tuple(zip(slots, cards)), sum(map(CARD_BIT.__getitem__, cards)), face_down & ~mine


def remembered_field(state, me: int) -> tuple[tuple, int]:
    """The field as `me` remembers it (a card lying face up has been seen by everyone), and its cards' mask."""
    view = list(state.field)
    for slot in slots_of(state.occupied & ~state.remembered(me)):
        view[slot] = HIDDEN
    return tuple(view), sum(map(KNOWN_BIT.__getitem__, view))
