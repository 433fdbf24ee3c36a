"""A toy game for the simulation tests: cards 0-5 in a pile, the seats take the top card in turn."""

from __future__ import annotations

import random

from pnp.sim import TERMINAL, State, shuffle


class Piles(State):
    """Cards 0-5 shuffled into a pile; the seats take the top card in turn; a hand scores its cards' numbers."""

    def __init__(self, data, players: int, rng: random.Random):
        super().__init__(data, players, rng)
        self.pile = list(range(6))
        shuffle(rng, self.pile)
        self.hands: list[list[int]] = [[] for _ in range(players)]

    def current_player(self) -> int:
        return TERMINAL if not self.pile else (6 - len(self.pile)) % self.num_players

    def legal_actions(self, player: int) -> list:
        return ["take"] if player == self.current_player() else []

    def apply_action(self, action) -> None:
        self.hands[self.current_player()].append(self.pile.pop())

    def scores(self) -> list[float]:
        return [float(sum(hand)) for hand in self.hands]

    def observation(self, player: int):
        return tuple(self.hands[player])

    def zones(self) -> dict:
        return {"pile": self.pile, "hand": self.hands}

    def card_count(self) -> int:
        return 6
