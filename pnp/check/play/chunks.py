"""Run many games in fixed chunks, on one or more processes, merged in chunk order (same seed, same result)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp.check.core import GameRecord, game_seed, play
from pnp.pool import Pool
from pnp.sim import GameSpec, Policy, SearchPolicy, random_policy, search_policy

EXHAUSTED = "exhausted."

CHUNK = 200
LADDER = 50_000_000  # the ladder's search probe plays games of its own seeds


@dataclass
class Results:
    """Games of a run: one record each (figures reduced to pile exhaustion), and the sums of other figures."""

    records: list[GameRecord]
    totals: dict[str, list[float]]  # figure -> [sum, games where it did not apply, sum of squares, values > 1]
    searched: int = 0  # what search players' tries cost, counted in moves (SearchPolicy.moves)

    def add(self, other: Results) -> None:
        """Append another chunk's results (always in chunk order, so sums come out the same)."""
        self.records += other.records
        self.searched += other.searched
        for key, values in other.totals.items():
            mine = self.totals.setdefault(key, [0.0, 0, 0.0, 0])
            for i, value in enumerate(values):
                mine[i] += value


def reduce_figures(records: list[GameRecord]) -> Results:
    """Fold per-game figures into sums (None means not applicable), keeping only pile exhaustion per game."""
    totals: dict[str, list[float]] = {}
    for record in records:
        kept = {}
        for key, value in record.figures.items():
            if key.startswith(EXHAUSTED):
                kept[key] = value
                continue
            slot = totals.setdefault(key, [0.0, 0, 0.0, 0])
            if value is None:
                slot[1] += 1
            else:
                slot[0] += value
                slot[2] += value * value
                slot[3] += not 0 <= value <= 1
        record.figures = kept
    return Results(records, totals)


@dataclass(frozen=True)
class Job:
    """One chunk of games: which games, which seats play greedy."""

    root: str
    game: str
    players: int
    seed: int
    start: int
    stop: int
    policy: str
    greedy_seat: int | None = None  # skill runs: greedy in this seat, random elsewhere
    lineup: tuple[str, str] | None = None  # ladder runs: (player in greedy_seat, player in every other seat)


_DATA: dict[tuple[str, str], object] = {}


def _policies(spec: GameSpec, job: Job) -> list[Policy]:
    """The policy of every seat for a job."""
    if job.lineup is not None:
        one, others = (player_named(spec, name) for name in job.lineup)
        return [one if seat == job.greedy_seat else others for seat in range(job.players)]
    if job.greedy_seat is not None:
        return [spec.greedy if seat == job.greedy_seat else random_policy for seat in range(job.players)]
    return [player_named(spec, job.policy)] * job.players


def player_named(spec: GameSpec, name: str) -> Policy:
    """The player `name`: greedy, random, or search ("search:N": N playouts per decision; "search": the game's)."""
    kind, _, budget = name.partition(":")
    if kind == "search":
        return search_policy(spec, int(budget) if budget else None)
    return spec.greedy if kind == "greedy" else random_policy


def keep_data(root: Path, game: str, data: object) -> None:
    """Play the runs that follow on this game data, just loaded by the caller (forked workers inherit it)."""
    _DATA[(str(root), game)] = data


def _data(job: Job):
    """The game's data for a job, loaded once per process (forked workers inherit it)."""
    from pnp.check.play.registry import spec_for
    from pnp.project.games import Project
    key = (job.root, job.game)
    if key not in _DATA:
        project = Project(Path(job.root))
        _DATA[key] = spec_for(job.game, project).load(project)
    return _DATA[key]


def run_job(job: Job) -> Results:
    """Play a chunk of games (in a worker process or in this one)."""
    from pnp.check.play.registry import spec_for
    from pnp.project.games import Project
    spec = spec_for(job.game, Project(Path(job.root)))
    data = _data(job)
    policies = _policies(spec, job)
    offset = 0 if job.greedy_seat is None else 1_000_000 * (job.greedy_seat + 1) + (LADDER if job.lineup else 0)
    results = reduce_figures([play(spec, data, job.players, game_seed(job.seed, offset + i), policies)
                              for i in range(job.start, job.stop)])
    results.searched = sum(policy.moves[0] for policy in {id(p): p for p in policies}.values()
                           if isinstance(policy, SearchPolicy))
    return results


def jobs_for(root: Path, game: str, players: int, games: int, seed: int, policy: str,
             greedy_seat: int | None = None, first: int = 0) -> list[Job]:
    """Split games first..games-1 of a run into fixed-size chunks (first is a multiple of CHUNK)."""
    return [Job(str(root), game, players, seed, start, min(start + CHUNK, games), policy, greedy_seat)
            for start in range(first, games, CHUNK)]


def run_jobs(jobs: list[Job], workers: int, progress: Callable[[int], None] = lambda n: None) -> Results:
    """Run the chunks and merge them in chunk order, whatever the number of workers."""
    results = Results([], {})
    if workers > 1 and len(jobs) > 1:
        _data(jobs[0])  # load before forking, so no worker reads the CSV files again
    with Pool(workers, where="pnp check") as pool:
        for chunk in pool.map(run_job, jobs):
            results.add(chunk)
            progress(len(chunk.records))
    return results
