"""A test battery a designer's test file calls with their GameSpec: random games with the rules checked at every move.

As OpenSpiel's random_sim_test gives game authors, `testing.random_sim_test(SPEC, the test file's path)` plays
random games at every player count, only legal actions, and checks that the seat to act has some, that the game's
invariants hold after every move (by default: no card created or lost, where the game declares its cards in
zones()), that an ended game has a score per seat, that a copy (clone) equals its game and plays on without touching
it, and that a re-deal for the search player (redeal) keeps what the seat sees and has seen (observation(),
seen_cards()). Every draw comes from a random.Random seeded by the game's seed, so a failure, which names the seed
and the move, plays again.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pnp.project.games import Project
from pnp.sim.spec import GameSpec
from pnp.sim.state import CHANCE, State
from pnp.sim.testing_checks import (
    SimTestFailure,
    check_copies,
    check_end,
    check_redeal_plays_on,
    check_redeals,
    named,
    step,
)

__all__ = ["random_sim_test", "play_checked", "project_of", "SimTestFailure", "Tally", "Where"]

Result = TypeVar("Result")


@dataclass
class Tally:
    """What a battery checked: games, moves, copies and re-deals, and the seen cards the re-deals kept."""

    games: int = 0
    ended: int = 0  # games that ended by the rules (the others stopped at max_moves)
    moves: int = 0
    copies: int = 0
    redeals: int = 0
    seen_kept: int = 0  # cards seen_cards() listed, each found where the seat had seen it after a re-deal


@dataclass(frozen=True)
class Where:
    """The game being played, as a failure names it: replay it with the same seed."""

    game: str
    players: int
    seed: int

    def at(self, when: str) -> str:
        """Where a check failed: the game, its seed, and when ("move 12", the move played; "before move 12")."""
        return f"{self.game}, {self.players} players, seed {self.seed}, {when}"


def random_sim_test(spec: GameSpec, project: Project | str | Path, games: int = 3, seed: int = 0,
                    deep_every: int = 20, max_moves: int | None = None) -> Tally:
    """Play `games` random games per player count (seeds `seed` on), checking every move; SimTestFailure if broken.

    `project` is the project, or any path inside it (the test file's own). Every decision's re-deal is checked;
    every `deep_every` moves (0: never) a copy and a re-deal are also played on to the end.
    """
    data = spec.load(project if isinstance(project, Project) else project_of(project))
    tally = Tally()
    for players in spec.player_counts:
        for game_seed in range(seed, seed + games):
            play_checked(spec, data, Where(spec.name, players, game_seed), tally, deep_every, max_moves)
    return tally


def project_of(path: str | Path) -> Project:
    """The project a path lies in: the folder that holds card_data/."""
    here = Path(path).resolve()
    for folder in (here, *here.parents):
        if folder.name == "card_data":
            return Project(folder.parent)
        if (folder / "card_data").is_dir():
            return Project(folder)
    raise SimTestFailure(f"{path} is in no project (no card_data/ folder above it)")


def play_checked(spec: GameSpec, data: Any, where: Where, tally: Tally, deep_every: int = 20,
                 max_moves: int | None = None) -> State:
    """One random game, every move checked (see the module); returns the game as it ended."""
    limit = max_moves or spec.max_moves
    state = _guarded(where.at("setting up"), lambda: spec.new_game(data, where.players, random.Random(where.seed)))
    _guarded(where.at("setting up"), state.check_invariants)
    rng, move = random.Random(where.seed), 0
    while not state.is_terminal() and move < limit:
        if state.current_player() != CHANCE:  # a decision: what a search player would re-deal
            _check_decision(state, where, move, tally, deep_every > 0 and move % deep_every == 0, limit)
        move += 1
        _guarded(where.at(f"move {move}"), lambda: step(state, rng))
    _guarded(where.at(f"at the end, after {move} moves"), lambda: check_end(state))
    tally.games, tally.moves, tally.ended = tally.games + 1, tally.moves + move, tally.ended + state.is_terminal()
    return state


def _check_decision(state: State, where: Where, move: int, tally: Tally, deep: bool, limit: int) -> None:
    """At a decision: re-deals agree with what each seat to act sees; when `deep`, a copy and a re-deal play on."""
    draws, when = f"{where.seed}:{move}", where.at(f"before move {move + 1}")  # the checks' own draws, seeded
    redeals, kept = _guarded(when, lambda: check_redeals(state, random.Random(draws)))
    tally.redeals, tally.seen_kept = tally.redeals + redeals, tally.seen_kept + kept
    if deep:
        _guarded(when, lambda: check_copies(state, random.Random(draws), limit))
        tally.copies += 1
        if redeals:
            _guarded(when, lambda: check_redeal_plays_on(state, random.Random(draws), limit))


def _guarded(where: str, check: Callable[[], Result]) -> Result:
    """Run one step or check; anything it raises comes back as a SimTestFailure that names the game and move."""
    with named(where):
        return check()
