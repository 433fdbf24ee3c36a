"""Promotion's rules as a state machine: setup, orienting the postcard, the simultaneous row choice, resolution."""

from __future__ import annotations

import random
from typing import NamedTuple

from pnp.sim import SIMULTANEOUS, TERMINAL

from .data import CHANGE, DOWN, SEATS, SPIN, WILD, PromotionData
from .play import (
    CHANGING,
    DOWN_TIE,
    HAND_MASK,
    ORIENT,
    OVER,
    PHASES,
    ROTATE,
    ROWS,
    SETUP_HAND,
    SETUP_SUIT,
    WILDING,
    Rules,
)

ROW_ACTIONS = [1, 2, 3, 4]
SIDE_ACTIONS = [0, 1, 2, 3]
TURN_ACTIONS = [0, 1]


class Observation(NamedTuple):
    """What one player sees: everything public (all cards are open) and the decision they face."""

    player: int
    phase: str
    actor: int
    parent: int
    orient: int
    round: int
    cards: tuple  # cards[p * 4 + s]: the value player p holds in suit s (0: none yet)
    middle: tuple  # per suit, a bit mask of the values lying in the middle
    rows: tuple  # the rows revealed this round (empty before the reveal)
    acted: int  # bit mask of the row-1 players whose effect is over
    data: PromotionData


class Promotion(Rules):
    """One game of Promotion for four players; seat 0 is the first parent, seats go clockwise (left = +1)."""

    def __init__(self, data: PromotionData, players: int, rng: random.Random):
        if players != SEATS:
            raise ValueError(f"Promotion is for {SEATS} players")
        super().__init__(data, players, rng)  # nothing is shuffled: the seed only drives the players' choices
        self.phase, self.actor, self.parent, self.setup_parent = SETUP_HAND, 0, 0, 0
        self.hand_left = list(range(len(data.suits)))
        self.suits_left = list(range(len(data.suits)))
        self._advance_setup()

    # -- the interface the checker drives -------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == ROWS:
            return SIMULTANEOUS
        return TERMINAL if phase == OVER else self.actor

    def legal_actions(self, player: int) -> list:
        phase = self.phase
        if phase == ROWS:
            return ROW_ACTIONS
        if player != self.actor or phase == OVER:
            return []
        if phase == ORIENT:
            return SIDE_ACTIONS
        if phase == ROTATE:
            return TURN_ACTIONS
        return self.choices

    def apply_action(self, action) -> None:
        self.exchanges.clear()
        phase = self.phase
        if phase == ORIENT:
            self.orient = (action + self.actor) & 3
            self.phase, self.actor, self.choices = ROTATE, (self.parent + 3) & 3, TURN_ACTIONS
        elif phase == ROTATE:
            self.orient = (self.orient + 2 * action) & 3
            self.phase = ROWS
        elif phase == CHANGING:
            self.change(self.actor, action >> 2, action & 3)
            self.resolve()
        elif phase == WILDING:
            self.raise_card(self.actor, action, "wild")
            self.resolve()
        elif phase == DOWN_TIE:
            self.lower_card(self.actor, action)
            self.resolve()
        elif phase == SETUP_HAND:
            self._take_hand(self.actor, action)
        elif phase == SETUP_SUIT:
            self._deal(action)
        else:
            raise ValueError(f"no sequential move in phase {PHASES[phase]}")

    def apply_actions(self, actions: list) -> None:
        if self.phase != ROWS:
            raise ValueError("the only simultaneous move is the row choice")
        self.exchanges.clear()
        self.reveal(actions)
        self.resolve()

    def scores(self) -> list[float]:
        """Each player's highest card (13 for the winners): how close everyone came to a K13."""
        cards = self.cards
        return [float(max(cards[p * 4:p * 4 + 4])) for p in range(SEATS)]

    def winners(self) -> list[int]:
        """Whoever holds a K13: everyone who got one in the step that ended the game."""
        return list(self.won)

    def rounds(self) -> int:
        return self.round_count

    def redeal(self, observer: int, rng: random.Random) -> Promotion:
        """Every card lies open and nothing is shuffled: a copy whose random draws are its own hides nothing more.

        (The only secret, the others' face-down rows, is never in the state: they are chosen all at once.)
        """
        return self.clone(rng)

    def observation(self, player: int) -> Observation:
        return Observation(player, PHASES[self.phase], self.actor, self.parent, self.orient, self.round_count,
                           tuple(self.cards), tuple(self.middle), tuple(self.rows) if self.revealed else (),
                           self.acted, self.data)

    # -- setup (準備) -------------------------------------------------------------------
    def _advance_setup(self) -> None:
        """Go on with setup until someone has a real choice (a single remaining option is taken for them)."""
        while self.phase in (SETUP_HAND, SETUP_SUIT):
            options = self.hand_left if self.phase == SETUP_HAND else self.suits_left
            if len(options) > 1:
                self.choices = list(options)
                return
            if self.phase == SETUP_HAND:
                self._take_hand(self.actor, options[0])
            else:
                self._deal(options[0])

    def _take_hand(self, player: int, suit: int) -> None:
        """準備 3: from the parent clockwise, each player takes the 1-4 of a suit as their row cards."""
        self.hand_left.remove(suit)
        self.row_suit[player] = suit
        self.middle[suit] &= ~HAND_MASK
        if player == (self.parent + SEATS - 1) % SEATS:
            self.phase, self.actor = SETUP_SUIT, self.setup_parent
        else:
            self.actor = (player + 1) % SEATS
        self._advance_setup()

    def _deal(self, suit: int) -> None:
        """準備 4-5: from the choosing parent clockwise, everyone takes the top (lowest) card of the suit."""
        self.suits_left.remove(suit)
        for i in range(SEATS):
            player = (self.setup_parent + i) % SEATS
            pile = self.middle[suit]
            value = (pile & -pile).bit_length() - 1
            self.middle[suit] = pile & ~(1 << value)
            self.cards[player * 4 + suit] = value
            self.had[player * 4 + suit] |= 1 << value
        self.setup_parent = (self.setup_parent + SEATS - 1) % SEATS  # the right neighbour becomes parent
        self.actor = self.setup_parent
        if self.suits_left:
            self._advance_setup()
        else:
            self.start_round()

    # -- rounds --------------------------------------------------------------------------
    def start_round(self) -> None:
        """A new round: the parent places the postcard facing any way."""
        self.round_count += 1
        self.revealed = False
        self.phase, self.actor, self.choices = ORIENT, self.parent, SIDE_ACTIONS

    def end_round(self) -> None:
        """All rows resolved: the parent passes to the left."""
        self.parent = (self.parent + 1) % SEATS
        self.start_round()

    # -- the log --------------------------------------------------------------------------
    def describe(self, player: int, action) -> str:
        """One line per decision, for replays and the golden file."""
        who, suits = f"P{player + 1}", self.data.suits
        phase = self.phase
        if phase == SETUP_HAND:
            return f"setup: {who} takes the 1-4 of {suits[action]} as row cards"
        if phase == SETUP_SUIT:
            return f"setup: {who} (parent) picks {suits[action]}; everyone draws its top card from {who} clockwise"
        if phase == ORIENT:
            side = self.data.sides[action]
            return f"round {self.round_count}: {who} (parent) turns side {side.number} ({side.effect}) to face them"
        if phase == ROTATE:
            turn = "turns the postcard 180°" if action else "leaves the postcard"
            return f"round {self.round_count}: {who} {turn}"
        if phase == ROWS:
            return f"round {self.round_count}: {who} chooses row {action}"
        if phase == CHANGING:
            return f"{who} {CHANGE} swaps {suits[action & 3]} with P{(action >> 2) + 1}"
        if phase == WILDING:
            return f"{who} {WILD} raises {suits[action]}"
        return f"{who} {DOWN} lowers {suits[action]} (a tie for highest)"

    def summary(self) -> str:
        """The public state in one line: orientation, everyone's cards, the parent."""
        suits, cards = self.data.suits, self.cards
        players = " ".join(f"P{p + 1}:" + "".join(f"{suits[s]}{cards[p * 4 + s]}" for s in range(4) if cards[p * 4 + s])
                           for p in range(SEATS))
        facing = "".join(str(self.data.sides[(self.orient - p) & 3].number) for p in range(SEATS))
        return f"[{PHASES[self.phase]} parent P{self.parent + 1} sides {facing}] {players}"


__all__ = ["Promotion", "Observation", "PHASES", "SPIN"]
