"""A tiny game for testing the checker: players play one card at once, highest takes the trick, most tricks win."""

from __future__ import annotations

import random
from collections import Counter

from pnp.check.core import SIMULTANEOUS, TERMINAL, GameSpec, InvariantViolation

DECK = list(range(1, 13))


class Duel:
    """Players hold 3 cards each; a number of simultaneous tricks; most tricks wins."""

    def __init__(self, data, players: int, rng: random.Random):
        deck = list(data["deck"])
        self.length = data["tricks"]
        rng.shuffle(deck)
        self.num_players = players
        self.hands = [sorted(deck[i * 3:(i + 1) * 3]) for i in range(players)]
        self.rest = deck[players * 3:]
        self.played: list[int] = []
        self.tricks = [0] * players
        self.round = 0

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else SIMULTANEOUS

    def legal_actions(self, player: int) -> list:
        return list(self.hands[player])

    def apply_action(self, action) -> None:
        raise InvariantViolation("no sequential moves in this game")

    def apply_actions(self, actions: list) -> None:
        for player, card in enumerate(actions):
            self.hands[player].remove(card)
            self.played.append(card)
        self.tricks[actions.index(max(actions))] += 1
        self.round += 1

    def is_terminal(self) -> bool:
        return self.round == self.length

    def ended_by_rules(self) -> bool:
        return True

    def scores(self) -> list[float]:
        return [float(t) for t in self.tricks]

    def winners(self) -> list[int]:
        best = max(self.tricks)
        return [p for p, t in enumerate(self.tricks) if t == best]

    def observation(self, player: int):
        return tuple(self.hands[player])

    def check_invariants(self) -> None:
        everywhere = [c for hand in self.hands for c in hand] + self.rest + self.played
        if Counter(everywhere) != Counter(DECK):
            raise InvariantViolation("a card was created or lost")

    def figures(self) -> dict[str, float]:
        return {"top_card_played": float(12 in self.played)}

    def describe(self, player: int, action) -> str:
        return f"player {player + 1} plays {action}"


def greedy(observation, legal, rng):
    return max(legal)


SPEC = GameSpec("toy", (2, 3, 4), lambda project: {"deck": DECK, "tricks": 1}, lambda data, counts: [], Duel, greedy,
                max_moves=10, rounds=lambda state: state.round)
