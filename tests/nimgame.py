"""A game of Nim for the search tests: take one or two tokens from a pile of ten; who takes the last one wins.

`nim_project(tmp_path, greedy)` writes it as a project's rules with the greedy player given as source, so each test
plants the greedy player it needs.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from pnp.project.games import Project

GAME = '''
import random
from pnp.sim import TERMINAL, GameSpec, State

class Nim(State):
    def __init__(self, data, players, rng):
        super().__init__(data, players, rng)
        self.pile, self.turn, self.last = data, 0, -1

    def current_player(self):
        return TERMINAL if self.pile == 0 else self.turn % self.num_players

    def legal_actions(self, player):
        return [take for take in (1, 2) if take <= self.pile] if self.pile else []

    def apply_action(self, take):
        self.pile -= take
        self.last = self.turn % self.num_players
        self.turn += 1

    def scores(self):
        return [float(seat == self.last) for seat in range(self.num_players)]

    def observation(self, player):
        return (player, self.pile)

    def rounds(self):
        return self.turn

    def redeal(self, observer, rng):
        return self.clone(rng)  # nothing is hidden

'''

SPEC = '''
SPEC = GameSpec("nim", (2,), lambda project: 10, lambda data, counts: [], Nim, greedy, max_moves=20)
'''


def nim_project(root: Path, greedy: str) -> Project:
    """A project at root whose only game is Nim, played by the greedy player `greedy` (a function's source)."""
    rules = root / "card_data" / "nim" / "rules"
    rules.mkdir(parents=True)
    source = textwrap.dedent(GAME) + "\n" + textwrap.dedent(greedy) + textwrap.dedent(SPEC)
    (rules / "__init__.py").write_text(source, encoding="utf-8")
    return Project(root)
