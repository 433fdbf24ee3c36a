"""The skill ladder of a check: greedy against random (the skill runs) and a small search probe against greedy."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp.check.play.chunks import Job, Results, run_jobs
from pnp.check.report.ladder import Ladder, Rung
from pnp.errors import UsageError
from pnp.sim import GameSpec, can_redeal

RUNG_GAMES = 400  # greedy against random: at most this many games (its interval within about +-5 points)
PROBE_WORK = 1.0  # the search probe's tries cost (moves played out, and a try's set-up) what the headline's moves did
PROBE_MOST = 8  # ... in rounds of one game per seat, at least one round and at most this many
NO_REDEAL = "the simulation does not re-deal what a seat cannot see (State.redeal), so no search player can play it"


@dataclass(frozen=True)
class LadderPlan:
    """Who plays the headline, and the search player's budget (None: the simulation cannot re-deal)."""

    headline: str
    budget: int | None

    @property
    def headline_player(self) -> str:
        """The headline players as a job names them ("search:16" for a search with 16 playouts a decision)."""
        return f"search:{self.budget}" if self.headline == "search" else self.headline


def ladder_plan(spec: GameSpec, data: object, players: int, policy: str, budget: int | None) -> LadderPlan:
    """The plan of a check; --policy search on a game that cannot re-deal is a usage error naming the fix."""
    searchable = can_redeal(spec.new_game(data, players, random.Random(0)))
    if policy == "search" and not searchable:
        raise UsageError(f"--policy search: {NO_REDEAL}", where=f"pnp check {spec.name}",
                         fix="write redeal(observer, rng) in the game's State (see docs/writing-a-simulation.md)")
    return LadderPlan(policy, (budget or spec.search_playouts) if searchable else None)


def skill_ladder(root: Path, game: str, players: int, headline: Results, seed: int, plan: LadderPlan,
                 skill_runs: list[Results], workers: int, progress: Callable[[int], None]) -> Ladder:
    """Greedy (1 seat) against random, from the skill runs, and search (1 seat) against greedy, from a probe."""
    rungs = [Rung.of("greedy", "random", skill_runs, players)]
    if plan.budget is None:
        return Ladder(plan.headline, rungs, NO_REDEAL)
    by_seat = search_probe(root, game, players, sum(record.moves for record in headline.records), seed, plan.budget,
                           workers, progress)
    rungs.append(Rung.of("search", "greedy", by_seat, players, plan.budget))
    return Ladder(plan.headline, rungs)


def search_probe(root: Path, game: str, players: int, headline_moves: int, seed: int, budget: int, workers: int,
                 progress: Callable[[int], None]) -> list[Results]:
    """One search seat against greedy: rounds of one game per seat until the search's tries have cost PROBE_WORK
    times the headline's moves, in moves (or PROBE_MOST rounds); where it stops depends on the games only."""
    lineup = (f"search:{budget}", "greedy")
    by_seat = [Results([], {}) for _ in range(players)]
    played = 0
    for game_index in range(PROBE_MOST):
        jobs = [Job(str(root), game, players, seed, game_index, game_index + 1, "greedy", seat, lineup)
                for seat in range(players)]  # a game a chunk: they are long
        results = run_jobs(jobs, workers, progress)
        for seat, record in enumerate(results.records):
            by_seat[seat].records.append(record)
        played += results.searched + sum(record.moves for record in results.records)
        if played >= PROBE_WORK * headline_moves:
            break
    return by_seat
