"""A tiny game for sweeps: each seat is dealt one card, and a seat wins with odds in proportion to its card's value.

Every card is worth 1 in the file, so every card holds a fair share; a card raised to v wins v / (v + players - 1)
of the games it is dealt in. `write_weights(root)` writes the game into a project folder.
"""

from __future__ import annotations

from pathlib import Path

RULES = '''
"""Weights: one card each, a seat wins with odds in proportion to its card's value."""

from pnp.sim import TERMINAL, CardEvents, GameSpec, PrintedCard, State, read_component, shuffle


def load(project):
    table = read_component(project, "weights", "cards")
    return [(PrintedCard(table.label, row.number, str(row.values["name"])), int(row.values["value"]))
            for row in table.rows]


class Weights(State):
    def __init__(self, data, players, rng):
        super().__init__(data, players, rng)
        deck = list(range(len(data)))
        shuffle(rng, deck)
        self.hands = deck[:players]
        self.winner = -1

    def current_player(self):
        return TERMINAL if self.winner >= 0 else 0

    def legal_actions(self, player):
        return [0] if self.winner < 0 else []

    def apply_action(self, action):
        weights = [self.data[card][1] for card in self.hands]
        draw = self.rng.random() * sum(weights)
        seat = 0
        while seat < len(weights) - 1 and draw >= weights[seat]:
            draw -= weights[seat]
            seat += 1
        self.winner = seat

    def scores(self):
        return [float(seat == self.winner) for seat in range(self.num_players)]

    def observation(self, player):
        return None

    def card_events(self):
        return CardEvents(held=[[self.data[card][0]] for card in self.hands])


SPEC = GameSpec("weights", (3,), load, lambda data, counts: [], Weights, lambda o, legal, r: legal[0])
'''

CARDS = "name,value\n" + "".join(f"{name},1\n" for name in ("Ace", "Bell", "Crow", "Drum", "Eel", "Fig"))


def write_weights(root: Path) -> Path:
    """The weights game in root/card_data/weights (cards.csv, rules/ and an unread notes.csv); returns cards.csv."""
    folder = root / "card_data" / "weights"
    (folder / "rules").mkdir(parents=True)
    (folder / "rules" / "__init__.py").write_text(RULES, encoding="utf-8")
    (folder / "cards.csv").write_text(CARDS, encoding="utf-8")
    (folder / "notes.csv").write_text("name,value\nnote,1\n", encoding="utf-8")
    (folder / "game.yaml").write_text("components:\n  - name: cards\n    layout: card.yaml\n", encoding="utf-8")
    return folder / "cards.csv"
