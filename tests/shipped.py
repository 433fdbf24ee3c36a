"""The shipped games' simulations, loaded from card_data/<game>/rules/ as `pnp check` loads them.

Importing this module makes each one importable as a package of aliases: `from shipped.eitsuku.data import load`.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

from conftest import ROOT

from pnp.check.discovery.loader import load_module
from pnp.project.games import Project

GAMES = ("eitsuku", "eleusis", "ghost_couple", "promotion", "torite4to6")

__path__: list[str] = []  # a package whose submodules are the loaded simulations


def _alias(game: str) -> None:
    """Load one game's rules package and register it, and every module in it, under shipped.<game>."""
    package = load_module(Project(ROOT), game, "rules", f"card_data/{game}/rules")
    sys.modules[f"{__name__}.{game}"] = package
    globals()[game] = package
    for module in pkgutil.iter_modules(package.__path__):
        loaded = importlib.import_module(f"{package.__name__}.{module.name}")
        sys.modules[f"{__name__}.{game}.{module.name}"] = loaded


for _game in GAMES:
    _alias(_game)
