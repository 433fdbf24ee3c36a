"""A tiny game whose cards do nothing: each seat is dealt a hand and plays one card; chance alone picks the winner.

Per-card impact on it can only find noise, so its flags measure the test's error rate.
"""

from __future__ import annotations

import random

from pnp.sim import TERMINAL, CardEvents, GameSpec, PrintedCard, State, shuffle

CARDS = tuple(PrintedCard("card_data/toy/cards.csv", row, f"card {row - 1}") for row in range(2, 26))  # 24 rows
HAND = 4


class Lottery(State):
    """Deal HAND cards to each seat; every seat plays one; a uniformly drawn seat wins."""

    def __init__(self, data, players: int, rng: random.Random):
        super().__init__(data, players, rng)
        deck = list(range(len(CARDS)))
        shuffle(rng, deck)
        self.hands = [deck[seat * HAND:(seat + 1) * HAND] for seat in range(players)]
        self.played: list[int] = []
        self.winner = -1

    def current_player(self) -> int:
        return TERMINAL if self.winner >= 0 else len(self.played)

    def legal_actions(self, player: int) -> list[int]:
        return list(self.hands[player]) if player == self.current_player() else []

    def apply_action(self, card: int) -> None:
        self.played.append(card)
        if len(self.played) == self.num_players:
            self.winner = int(self.rng.random() * self.num_players)  # the cards play no part

    def scores(self) -> list[float]:
        return [float(seat == self.winner) for seat in range(self.num_players)]

    def observation(self, player: int):
        return None

    def card_events(self) -> CardEvents:
        return CardEvents(held=[[CARDS[card] for card in hand] for hand in self.hands],
                          played=[[CARDS[card]] for card in self.played])


SPEC = GameSpec("lottery", (3,), lambda project: None, lambda data, counts: [], Lottery, lambda o, legal, r: legal[0])
