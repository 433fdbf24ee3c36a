"""The simulation a check plays: the one the project or an installed package declares for a game."""

from __future__ import annotations

from pathlib import Path

from pnp.check.discovery.find import find_simulation, simulation_names
from pnp.errors import PnpError
from pnp.project.games import Project
from pnp.sim import GameSpec

_FOUND: dict[tuple[Path, str], GameSpec] = {}  # (project folder, game) -> spec: each chunk of games asks again


def spec_for(name: str, project: Project) -> GameSpec:
    """The simulation of a game, by its name; an error naming the known ones when there is none."""
    key = (project.root.resolve(), name)
    if key not in _FOUND:
        spec = find_simulation(project, name)
        if spec is None:
            raise unknown_game(name, simulation_names(project))
        _FOUND[key] = spec
    return _FOUND[key]


def forget_found() -> None:
    """Forget the simulations found so far, so the next spec_for looks again."""
    _FOUND.clear()


def unknown_game(name: str, known: list[str]) -> PnpError:
    """The error for a game the checker cannot simulate."""
    return PnpError(f"no rules simulation for '{name}'", where="pnp check",
                    fix=f"games with a simulation: {', '.join(known) or 'none'}; write one in "
                        f"card_data/{name}/rules/ ('pnp new NAME --rules' shows how)")
