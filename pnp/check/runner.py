"""Run many games in fixed chunks, on one or more processes, merged in chunk order (same seed, same result)."""

from __future__ import annotations

import multiprocessing
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from pnp.check.core import GameRecord, GameSpec, Policy, game_seed, play, random_policy

CHUNK = 200


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


_DATA: dict[tuple[str, str], object] = {}


def _policies(spec: GameSpec, job: Job) -> list[Policy]:
    """The policy of every seat for a job."""
    if job.greedy_seat is not None:
        return [spec.greedy if seat == job.greedy_seat else random_policy for seat in range(job.players)]
    chosen = spec.greedy if job.policy == "greedy" else random_policy
    return [chosen] * job.players


def _data(job: Job):
    """The game's data for a job, loaded once per process (forked workers inherit it)."""
    from pnp.check.registry import spec_for
    from pnp.project import Project
    key = (job.root, job.game)
    if key not in _DATA:
        _DATA[key] = spec_for(job.game).load(Project(Path(job.root)))
    return _DATA[key]


def run_job(job: Job) -> list[GameRecord]:
    """Play a chunk of games (in a worker process or in this one)."""
    from pnp.check.registry import spec_for
    spec = spec_for(job.game)
    data = _data(job)
    policies = _policies(spec, job)
    offset = 0 if job.greedy_seat is None else 1_000_000 * (job.greedy_seat + 1)
    return [play(spec, data, job.players, game_seed(job.seed, offset + i), policies)
            for i in range(job.start, job.stop)]


def jobs_for(root: Path, game: str, players: int, games: int, seed: int, policy: str,
             greedy_seat: int | None = None) -> list[Job]:
    """Split a run into fixed-size chunks."""
    return [Job(str(root), game, players, seed, start, min(start + CHUNK, games), policy, greedy_seat)
            for start in range(0, games, CHUNK)]


def run_jobs(jobs: list[Job], workers: int, progress: Callable[[int], None] = lambda n: None) -> list[GameRecord]:
    """Run the chunks and return every record in chunk order, whatever the number of workers."""
    records: list[GameRecord] = []
    if not jobs:
        return records
    if workers <= 1:
        for job in jobs:
            chunk = run_job(job)
            records += chunk
            progress(len(chunk))
        return records
    _data(jobs[0])  # load before forking, so no worker reads the CSV files again
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for chunk in pool.imap(run_job, jobs):
            records += chunk
            progress(len(chunk))
    return records
