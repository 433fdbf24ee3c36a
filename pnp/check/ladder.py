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
PROBE_SHARE = 40  # the probe plays one search game per this many headline games ...
PROBE_MOST = 6  # ... and at most this many games per seat (at least one)
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


def probe_games(headline_games: int, players: int) -> int:
    """Search games per seat for a run of `headline_games`: a small share of them, at least one, at most PROBE_MOST."""
    return min(PROBE_MOST, max(1, headline_games // (PROBE_SHARE * players)))


def skill_ladder(root: Path, game: str, players: int, games: int, seed: int, plan: LadderPlan,
                 skill_runs: list[Results], workers: int, progress: Callable[[int], None]) -> Ladder:
    """Greedy (1 seat) against random, from the skill runs, and search (1 seat) against greedy, from a probe."""
    rungs = [Rung.of("greedy", "random", skill_runs, players)]
    if plan.budget is None:
        return Ladder(plan.headline, rungs, NO_REDEAL)
    per_seat = probe_games(games, players)
    lineup = (f"search:{plan.budget}", "greedy")
    jobs = [Job(str(root), game, players, seed, i, i + 1, "greedy", seat, lineup)  # a game a chunk: they are long
            for seat in range(players) for i in range(per_seat)]
    probe = run_jobs(jobs, workers, progress)
    by_seat = [Results(probe.records[seat * per_seat:(seat + 1) * per_seat], {}) for seat in range(players)]
    rungs.append(Rung.of("search", "greedy", by_seat, players, plan.budget))
    return Ladder(plan.headline, rungs)
