"""A greedy Promotion player: it values cards by how close they are to a K13, rates a choice by how far it moves
it ahead of the other three (its own gain, and what it takes from them on average), and guesses batting from the
rows the others are likely to choose. It keeps its own row hard to foresee: any row worth 20% of the best will do."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .data import CHANGE, DOWN, SEATS, SPIN, WILD

VALUE = [3 ** v for v in range(15)]  # a card near K13 is worth far more than a low one: the race is to one K
OTHERS = SEATS - 1  # what a choice takes from the others counts as the change of their mean
NEAR_BEST = 0.2  # rows worth this share of the best are picked at random among: a player whose row can be
# foreseen is batted away or left behind by one who sees it coming (one search seat against three greedy players
# took 39.5% of the wins at 0.6, 30.3% at 0.3 and 25.0%, its fair share, at 0.2)
QUARTER = (0.25,) * 4  # the chance another player takes a row, when it is not guessed from their cards
GUESSES = 3  # rounds of guessing what the others guess, for the batting risk


def greedy(observation, legal: Sequence[int], rng: random.Random) -> int:
    """Pick the action that looks best from the public information."""
    obs = observation
    worth = WORTH.get(obs.phase)
    if worth is None:  # setup choices: the suits are alike, pick any
        return legal[rng.randrange(len(legal))]
    board = Board.of(obs)
    values = [worth(board, obs, action) for action in legal]
    best = max(values)
    floor = best * NEAR_BEST if obs.phase == "rows" and best > 0 else best - 1e-9
    ties = [action for action, value in zip(legal, values) if value >= floor]
    return ties[rng.randrange(len(ties))] if len(ties) > 1 else ties[0]


class Board:
    """What the choices of one decision are rated from, worked out once: what a raise or Down! does to each
    player, and the worth of each player's rows at each orientation as it is asked for. The cards are open, so
    every player deciding at the same point (the simultaneous row choice) shares one."""

    last: tuple = ((), None)  # the key and the board of the latest decision

    @classmethod
    def of(cls, obs) -> Board:
        """The board of the cards in an observation (the same as the last decision's when nothing moved)."""
        key = (id(obs.data), obs.cards, obs.middle)
        if cls.last[0] != key:
            cls.last = (key, cls(obs))
        return cls.last[1]

    def __init__(self, obs) -> None:
        self.obs = obs  # what every player sees alike: the cards and the middle
        self.gains = [[_gain(obs, p, s) for s in range(4)] for p in range(SEATS)]
        self.down = [_down_loss(obs, p) for p in range(SEATS)]
        self.rows: dict[tuple, list[float]] = {}
        self.mixed: dict[int, list] = {}

    def row_values(self, me: int, orient: int, looks: bool = True, guess: bool = True) -> list[float]:
        """Expected worth of rows 1-4 for a player, if the postcard lies at `orient`.

        A suit the same row of another side names is lost when that player takes that row too: with `guess`,
        the chance is that player's share of that row as `mixes` works it out; without, a quarter. `looks`:
        SPIN90° is rated by what it does to the others (else 0, for those guesses)."""
        key = (me, orient, looks, guess)
        if key not in self.rows:
            chances = self.mixes(orient) if guess else (QUARTER,) * SEATS
            self.rows[key] = self._row_values(me, orient, looks, chances)
        return self.rows[key]

    def _row_values(self, me: int, orient: int, looks: bool, chances) -> list[float]:
        """row_values, worked out with each player's chance of taking each row."""
        sides, gains = self.obs.data.sides, self.gains[me]
        mine = sides[(orient - me) & 3]
        values = [self.effect_value(me, mine.effect, orient, looks)]
        others = [q for q in range(SEATS) if q != me]
        for r in range(3):
            total = 0.0
            for s in mine.rows[r]:
                safe = 1.0
                for q in others:
                    if s in sides[(orient - q) & 3].rows[r]:
                        safe *= 1.0 - chances[q][r + 1]
                total += safe * gains[s]
            values.append(total)
        return values

    def mixes(self, orient: int) -> list:
        """Each player's chances of taking rows 1-4 when everyone reckons with the others' choices: a few rounds of
        fictitious play (each round every player answers the mean of the rounds before), from a quarter each."""
        if orient not in self.mixed:
            history: list[list[Sequence[float]]] = [[QUARTER] * SEATS]
            for _ in range(GUESSES):
                mean = _mean(history)
                history.append([_near_best(self._row_values(p, orient, False, mean)) for p in range(SEATS)])
            self.mixed[orient] = _mean(history)
        return self.mixed[orient]

    def effect_value(self, me: int, effect: str, orient: int, looks: bool) -> float:
        """How far a row-1 effect moves its player ahead: own gain, plus what it takes from the others on average."""
        cards = self.obs.cards
        if effect == WILD:
            return max(self.gains[me])
        if effect == DOWN:
            return (sum(self.down) - self.down[me]) / OTHERS
        if effect == CHANGE:  # the player gains what the other loses
            return max(VALUE[cards[q * 4 + s]] - VALUE[cards[me * 4 + s]]
                       for q in range(SEATS) if q != me for s in range(4)) * SEATS / OTHERS
        if effect == SPIN and looks:
            return self.spin_value(me, orient)
        return 0.0

    def spin_value(self, me: int, orient: int) -> float:
        """SPIN90° gains its player nothing itself: it turns every other player's side on before their rows
        resolve. Worth what that takes from the others on average (each one's best row here, against that row
        on the side it brings them)."""
        turned, taken = (orient + 1) & 3, 0.0
        for q in range(SEATS):
            if q != me:
                here = self.row_values(q, orient, looks=False, guess=False)
                row = here.index(max(here))
                taken += here[row] - self.row_values(q, turned, looks=False, guess=False)[row]
        return taken / OTHERS

    def lead(self, me: int, orient: int) -> float:
        """How far a player's best row is above the mean of the others' best rows, at `orient`."""
        best = [max(self.row_values(q, orient, looks=False, guess=False)) for q in range(SEATS)]
        return best[me] - (sum(best) - best[me]) / OTHERS


def _near_best(values: list[float]) -> list[float]:
    """The chance of taking each row for a player who picks at random among the rows near its best."""
    best = max(values)
    floor = best * NEAR_BEST if best > 0 else best - 1e-9
    near = [value >= floor for value in values]
    return [1.0 / sum(near) if n else 0.0 for n in near]


def _mean(history: list) -> list:
    """Per player, the mean over the rounds of their chance of taking each row."""
    return [[sum(round_[p][r] for round_ in history) / len(history) for r in range(4)] for p in range(SEATS)]


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


def _row(board: Board, obs, row: int) -> float:
    """The worth of a row."""
    return board.row_values(obs.player, obs.orient)[row - 1]


def _rotate(board: Board, obs, turn: int) -> float:
    """Turning the postcard 180° or not: whichever leaves the player further ahead of the others."""
    return board.lead(obs.player, (obs.orient + 2 * turn) & 3)


def _orient(board: Board, obs, side: int) -> float:
    """A side is worth the parent's lead once the right neighbour has turned the card to lead most themselves."""
    me = obs.player
    neighbour = (me + SEATS - 1) % SEATS
    orient = (side + me) & 3
    turn = max((0, 2), key=lambda t: board.lead(neighbour, (orient + t) & 3))
    return board.lead(me, (orient + turn) & 3)


def _change(board: Board, obs, action: int) -> float:
    """Taking another player's card of a suit is worth the difference."""
    cards, suit = obs.cards, action & 3
    return VALUE[cards[(action >> 2) * 4 + suit]] - VALUE[cards[obs.player * 4 + suit]]


def _wild(board: Board, obs, suit: int) -> float:
    """Raising a card is worth what it gains."""
    return board.gains[obs.player][suit]


def _down_tie(board: Board, obs, suit: int) -> float:
    """Lowering one of the tied cards costs what it loses."""
    value = obs.cards[obs.player * 4 + suit]
    return VALUE[_lower(obs, suit, value)] - VALUE[value]


WORTH = {"rows": _row, "rotate": _rotate, "orient": _orient, "change": _change, "wild": _wild, "down_tie": _down_tie}
