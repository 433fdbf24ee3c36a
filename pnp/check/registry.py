"""The games the checker can simulate."""

from __future__ import annotations

import importlib

from pnp.check.core import GameSpec, unknown_game

GAMES = {
    "eitsuku": "pnp.games.eitsuku",
    "promotion": "pnp.games.promotion",
    "eleusis": "pnp.games.eleusis",
    "ghost_couple": "pnp.games.ghost_couple",
    "ghost_couple_cards": "pnp.games.ghost_couple_cards",
    "torite4to6": "pnp.games.torite",
}


def spec_for(name: str) -> GameSpec:
    """The simulation of a game, by its folder name."""
    if name not in GAMES:
        raise unknown_game(name, sorted(GAMES))
    return importlib.import_module(GAMES[name]).SPEC
