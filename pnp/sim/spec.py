"""The GameSpec a simulation declares, what an observation is, and the players' interface."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pnp.sim.state import Action, State


class Observation(Protocol):
    """What one seat can see (a NamedTuple is cheap and readable); `player` is that seat."""

    @property
    def player(self) -> int: ...


class Policy(Protocol):
    """A player: picks one of the legal actions from what its seat sees (`observation` is None when blind)."""

    def __call__(self, observation: Any, legal: Any, rng: random.Random) -> Action: ...
    # legal: State.legal_actions' sequence; Any, so that a game's player may name it as its own list[Move]


class RandomPolicy:
    """Picks uniformly among the legal actions, never looking at the observation (so none is built for it)."""

    blind = True

    def __call__(self, observation: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[int(rng.random() * len(legal))]  # random() is several times cheaper than randrange()

    def __repr__(self) -> str:
        return "random_policy"


random_policy = RandomPolicy()


def state_rounds(state: State) -> int:
    """Rounds played, as the state counts them."""
    return state.rounds()


@dataclass(frozen=True)
class GameSpec:
    """A game the checker knows: how to load its printed data, check it, and start a game."""

    name: str
    player_counts: tuple[int, ...]
    load: Callable[[Any], Any]  # Project -> game data (read with read_component, as the print reads it)
    integrity: Callable[[Any, Any], list[str]]  # (data, player counts) -> findings
    new_game: Callable[[Any, int, random.Random], State]  # (data, players, rng) -> a state
    greedy: Policy  # (observation, legal actions, rng) -> action
    max_moves: int = 2000
    rounds: Callable[[State], int] = state_rounds
    piles: tuple[str, ...] = ()
    symmetric: tuple[str, ...] = ()  # figure-name patterns (fnmatch), each a group the design says comes out equal
    search_playouts: int = 16  # the search player's budget: games played out per decision (State.redeal needed)
    search_horizon: int = 0  # rounds each playout runs before the scores as they stand decide (0: to the end)
