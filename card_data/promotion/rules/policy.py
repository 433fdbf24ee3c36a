"""A greedy Promotion player: it values cards by how close they are to a K13 and guesses batting from the sides."""

from __future__ import annotations

import random

from .data import CHANGE, DOWN, SEATS, WILD

VALUE = [3 ** v for v in range(15)]  # a card near K13 is worth far more than a low one: the race is to one K
ROW_GUESS = 0.25  # the chance another player uses a given row, for the batting risk
NEAR_BEST = 0.8  # rows worth this share of the best are picked at random among: simultaneous choices must vary


def greedy(obs, legal: list, rng: random.Random):
    """Pick the action that looks best from the public information."""
    worth = WORTH.get(obs.phase)
    if worth is None:  # setup choices: the suits are alike, pick any
        return legal[rng.randrange(len(legal))]
    values = [worth(obs, action) for action in legal]
    best = max(values)
    floor = best * NEAR_BEST if obs.phase == "rows" and best > 0 else best - 1e-9
    ties = [action for action, value in zip(legal, values) if value >= floor]
    return ties[rng.randrange(len(ties))] if len(ties) > 1 else ties[0]


def _higher(obs, suit: int, value: int) -> int:
    """The card a raise of `value` would take (the same value when nothing is higher)."""
    above = obs.middle[suit] >> (value + 1) << (value + 1)
    return (above & -above).bit_length() - 1 if above else value


def _lower(obs, suit: int, value: int) -> int:
    """The card Down! would give for `value` (the same value when nothing is lower)."""
    below = obs.middle[suit] & ((1 << value) - 1)
    return below.bit_length() - 1 if below else value


def _gain(obs, player: int, suit: int) -> float:
    """What raising one card is worth to its holder."""
    value = obs.cards[player * 4 + suit]
    return VALUE[_higher(obs, suit, value)] - VALUE[value]


def _down_loss(obs, player: int) -> float:
    """What Down! costs a player (they lower the cheapest of their tied highest cards)."""
    hand = obs.cards[player * 4:player * 4 + 4]
    top = max(hand)
    return min(VALUE[top] - VALUE[_lower(obs, s, top)] for s in range(4) if hand[s] == top)


def _effect_value(obs, me: int, effect: str) -> float:
    """What a row-1 effect is worth to the player using it."""
    cards = obs.cards
    if effect == WILD:
        return max(_gain(obs, me, s) for s in range(4))
    if effect == DOWN:
        return max(_down_loss(obs, q) for q in range(SEATS) if q != me)
    if effect == CHANGE:
        return max(VALUE[cards[q * 4 + s]] - VALUE[cards[me * 4 + s]]
                   for q in range(SEATS) if q != me for s in range(4))
    return 0.0


def row_values(obs, me: int, orient: int) -> list[float]:
    """Expected worth of rows 1-4 for a player, if the postcard lies at `orient`."""
    sides = obs.data.sides
    mine = sides[(orient - me) & 3]
    values = [_effect_value(obs, me, mine.effect)]
    others = [sides[(orient - q) & 3].rows for q in range(SEATS) if q != me]
    for r in range(3):
        total = 0.0
        for s in mine.rows[r]:
            safe = 1.0
            for rows in others:
                if s in rows[r]:
                    safe *= 1.0 - ROW_GUESS
            total += safe * _gain(obs, me, s)
        values.append(total)
    return values


def _row(obs, row: int) -> float:
    """The worth of a row."""
    return row_values(obs, obs.player, obs.orient)[row - 1]


def _rotate(obs, turn: int) -> float:
    """Turning the postcard 180° is worth the best row of the side it brings."""
    return max(row_values(obs, obs.player, (obs.orient + 2 * turn) & 3))


def _orient(obs, side: int) -> float:
    """A side is worth the parent's best row once the right neighbour has turned the card to suit themselves."""
    me, neighbour = obs.player, (obs.player + SEATS - 1) % SEATS
    orient = (side + me) & 3
    turn = max((0, 2), key=lambda t: max(row_values(obs, neighbour, (orient + t) & 3)))
    return max(row_values(obs, me, (orient + turn) & 3))


def _change(obs, action: int) -> float:
    """Taking another player's card of a suit is worth the difference."""
    cards, suit = obs.cards, action & 3
    return VALUE[cards[(action >> 2) * 4 + suit]] - VALUE[cards[obs.player * 4 + suit]]


def _wild(obs, suit: int) -> float:
    """Raising a card is worth what it gains."""
    return _gain(obs, obs.player, suit)


def _down_tie(obs, suit: int) -> float:
    """Lowering one of the tied cards costs what it loses."""
    value = obs.cards[obs.player * 4 + suit]
    return VALUE[_lower(obs, suit, value)] - VALUE[value]


WORTH = {"rows": _row, "rotate": _rotate, "orient": _orient, "change": _change, "wild": _wild, "down_tie": _down_tie}
