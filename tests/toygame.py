"""A tiny game for testing the checker: players play one card at once, highest takes the trick, most tricks win."""

from __future__ import annotations

import random

from pnp.sim import SIMULTANEOUS, TERMINAL, GameSpec, State

DECK = list(range(1, 13))


class Duel(State):
    """Players hold 3 cards each; a number of simultaneous tricks; most tricks wins."""

    def __init__(self, data, players: int, rng: random.Random):
        super().__init__(data, players, rng)
        deck = list(data["deck"])
        self.length = data["tricks"]
        rng.shuffle(deck)
        self.hands = [sorted(deck[i * 3:(i + 1) * 3]) for i in range(players)]
        self.rest = deck[players * 3:]
        self.played: list[int] = []
        self.tricks = [0] * players
        self.round = 0

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else SIMULTANEOUS

    def is_terminal(self) -> bool:
        return self.round == self.length

    def legal_actions(self, player: int) -> list:
        return list(self.hands[player])

    def apply_action(self, action) -> None:
        raise AssertionError("the checker plays a SIMULTANEOUS step with apply_actions")

    def apply_actions(self, actions: list) -> None:
        for player, card in enumerate(actions):
            self.hands[player].remove(card)
            self.played.append(card)
        self.tricks[actions.index(max(actions))] += 1
        self.round += 1

    def scores(self) -> list[float]:
        return [float(t) for t in self.tricks]

    def observation(self, player: int):
        return tuple(self.hands[player])

    def rounds(self) -> int:
        return self.round

    def zones(self) -> dict:
        """Card ids are the printed numbers minus one."""
        return {"hand": [[card - 1 for card in hand] for hand in self.hands], "rest": [card - 1 for card in self.rest],
                "played": [card - 1 for card in self.played]}

    def card_count(self) -> int:
        return len(DECK)

    def card_name(self, card: int) -> str:
        return f"the {card + 1}"

    def figures(self) -> dict[str, float | None]:
        return {"top_card_played": float(12 in self.played)}

    def describe(self, player: int, action) -> str:
        return f"player {player + 1} plays {action}"


def greedy(observation, legal, rng):
    return max(legal)


SPEC = GameSpec("toy", (2, 3, 4), lambda project: {"deck": DECK, "tricks": 1}, lambda data, counts: [], Duel, greedy,
                max_moves=10)
