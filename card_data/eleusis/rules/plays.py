"""A play as one int, and every play a hand allows as a sequence that is never built in full.

A play is 1-4 cards from the hand in the order they are laid down, declared ○ (all succeed, in order) or ●
(all fail as the next card). Bit 0 is the declaration (0: ○, 1: ●), bits 1-2 hold the number of cards
minus 1, and the card ids follow, 7 bits each, first card first. A hand of h cards allows
2 * (h + h(h-1) + h(h-1)(h-2) + h(h-1)(h-2)(h-3)) plays (26,688 for 12 cards), so the legal actions are a
sequence that decodes the i-th play on demand and tests membership from the bits.
"""

from __future__ import annotations

from .data import MAX_CARDS, MAX_PLAY

CIRCLE, DOT = 0, 1  # declarations ○ and ●; the dealer's verdicts are these and MIXED
MIXED = 2
CARD_BITS = 7
MAX_HAND = MAX_CARDS


def _counts(h: int) -> tuple[int, ...]:
    """How many ordered plays of 1, 2, 3 and 4 cards a hand of h cards allows."""
    counts, n = [], 1
    for k in range(MAX_PLAY):
        n *= max(0, h - k)
        counts.append(n)
    return tuple(counts)


COUNTS = tuple(_counts(h) for h in range(MAX_HAND + 1))
TOTALS = tuple(2 * sum(c) for c in COUNTS)
SHIFTS = tuple(tuple(3 + CARD_BITS * i for i in range(k)) for k in range(1, MAX_PLAY + 1))  # by count - 1
ENDS = tuple(3 + CARD_BITS * k for k in range(1, MAX_PLAY + 1))  # the bits above the last card
CARD_MASK = (1 << CARD_BITS) - 1


def encode(declared: int, cards) -> int:
    """The action of laying down `cards` in order with a declaration."""
    action = declared | (len(cards) - 1) << 1
    shift = 3
    for card in cards:
        action |= card << shift
        shift += CARD_BITS
    return action


def decode(action: int) -> tuple[int, tuple[int, ...]]:
    """(declaration, cards in order) of a play."""
    return action & 1, tuple([(action >> shift) & CARD_MASK for shift in SHIFTS[(action >> 1) & 3]])


class Plays:
    """The legal plays of a hand: len, indexing (the i-th play) and `in`, without listing them."""

    __slots__ = ("hand", "total")

    def __init__(self, hand: list[int]):
        self.hand = hand
        self.total = TOTALS[len(hand)]

    def __len__(self) -> int:
        return self.total

    def __getitem__(self, index: int) -> int:
        total = self.total
        if index < 0:
            index += total
        if not 0 <= index < total:
            raise IndexError("play index out of range")
        hand = self.hand
        j, size = index >> 1, len(hand)
        count = 0
        for count, n in enumerate(COUNTS[size]):  # noqa: B007 (count is read after the loop)
            if j < n:
                break
            j -= n
        rest = hand[:]
        action, shift = index & 1 | count << 1, 3
        for _ in range(count + 1):
            action |= rest.pop(j % size) << shift
            j //= size
            size -= 1
            shift += CARD_BITS
        return action

    def __contains__(self, action) -> bool:
        if type(action) is not int or action < 0:
            return False
        count = (action >> 1) & 3
        if action >> ENDS[count]:
            return False
        cards = [(action >> shift) & CARD_MASK for shift in SHIFTS[count]]
        if len(set(cards)) != count + 1:
            return False
        hand = self.hand
        for card in cards:
            if card not in hand:
                return False
        return True

    def __iter__(self):
        return (self[i] for i in range(self.total))

    def __repr__(self) -> str:
        return f"Plays({len(self.hand)} cards: {self.total} plays)"
