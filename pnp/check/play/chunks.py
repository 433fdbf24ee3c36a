"""Run many games in fixed chunks, on one or more processes, merged in chunk order (same seed, same result)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp.check.core import GameRecord, game_seed, play
from pnp.check.play.cardsums import CardSums
from pnp.pool import Pool
from pnp.sim import GameSpec, Policy, random_policy

EXHAUSTED = "exhausted."

CHUNK = 200


@dataclass
class Results:
    """Games of a run: one record each (figures reduced to pile exhaustion), and the sums of other figures."""

    records: list[GameRecord]
    totals: dict[str, list[float]]  # figure -> [sum, games where it did not apply, sum of squares, values > 1]
    cards: CardSums | None = None  # per-card sums, when the game declares card events

    def add(self, other: Results) -> None:
        """Append another chunk's results (always in chunk order, so sums come out the same)."""
        self.records += other.records
        if other.cards is not None:
            if self.cards is None:
                self.cards = CardSums(other.cards.players)
            self.cards.add(other.cards)
        for key, values in other.totals.items():
            mine = self.totals.setdefault(key, [0.0, 0, 0.0, 0])
            for i, value in enumerate(values):
                mine[i] += value


def reduce_figures(records: list[GameRecord]) -> Results:
    """Fold per-game figures and card events into sums (None means not applicable), keeping only pile exhaustion."""
    totals: dict[str, list[float]] = {}
    cards = CardSums(len(records[0].scores)) if records and records[0].cards is not None else None
    for record in records:
        if cards is not None:
            cards.add_game(record.cards, record.winners)
            record.cards = None
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
    if cards is not None:
        cards.settle()
    return Results(records, totals, cards)


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
    cards: bool = False  # keep the games' card events (the headline games)


_DATA: dict[tuple[str, str], object] = {}


def _policies(spec: GameSpec, job: Job) -> list[Policy]:
    """The policy of every seat for a job."""
    if job.greedy_seat is not None:
        return [spec.greedy if seat == job.greedy_seat else random_policy for seat in range(job.players)]
    chosen = spec.greedy if job.policy == "greedy" else random_policy
    return [chosen] * job.players


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
    return reduce_figures(play_chunk(job))


def play_chunk(job: Job) -> list[GameRecord]:
    """The records of a chunk's games, every figure and card event as the games gave them."""
    from pnp.check.play.registry import spec_for
    from pnp.project.games import Project
    spec = spec_for(job.game, Project(Path(job.root)))
    data = _data(job)
    policies = _policies(spec, job)
    offset = 0 if job.greedy_seat is None else 1_000_000 * (job.greedy_seat + 1)
    return [play(spec, data, job.players, game_seed(job.seed, offset + i), policies, cards=job.cards)
            for i in range(job.start, job.stop)]


def jobs_for(root: Path, game: str, players: int, games: int, seed: int, policy: str,
             greedy_seat: int | None = None, first: int = 0, cards: bool = False) -> list[Job]:
    """Split games first..games-1 of a run into fixed-size chunks (first is a multiple of CHUNK)."""
    return [Job(str(root), game, players, seed, start, min(start + CHUNK, games), policy, greedy_seat, cards)
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
