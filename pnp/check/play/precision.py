"""Simulate in fixed chunks until every watched share is known to the precision asked for (or the cap)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp.check.play.chunks import CHUNK, Results, jobs_for, run_jobs
from pnp.check.stats.describe import Z95, wilson
from pnp.check.stats.inference import Moments

DEFAULT_PRECISION = 0.03  # the default run: every watched share to +-3 points
CAP = 200_000  # games per player count, at most
FIRST = 2 * CHUNK  # games simulated before the first estimate of how many are needed


@dataclass(frozen=True)
class Target:
    """Run exactly `games` games, or (games None) until every watched share's half-width is at most `precision`."""

    games: int | None
    precision: float = DEFAULT_PRECISION
    cap: int = CAP


def half_width(share: Moments) -> float:
    """Half the width of a share's Wilson 95% interval."""
    interval = wilson(share.total, share.games)
    return (interval.high - interval.low) / 2


def games_needed(shares: list[Moments], precision: float) -> int:
    """Games the widest watched share needs for its half-width to reach the precision (normal approximation)."""
    needed = 0
    for share in shares:
        p = min(max(share.total / max(1, share.games), 0.5 / max(1, share.games)), 0.5)
        needed = max(needed, math.ceil(Z95 ** 2 * p * (1 - p) / precision ** 2))
    return needed


def run_to_target(root: Path, game: str, players: int, seed: int, policy: str, target: Target, workers: int,
                  watch: Callable[[Results], list[Moments]], progress: Callable[[int], None]) -> Results:
    """Games in chunk order until the target is met; the stopping point depends on the figures, not the workers."""
    if target.games is not None:
        return run_jobs(jobs_for(root, game, players, target.games, seed, policy, cards=True), workers, progress)
    results, want = Results([], {}), FIRST
    while True:
        first = len(results.records)
        results.add(run_jobs(jobs_for(root, game, players, want, seed, policy, first=first, cards=True), workers,
                             progress))
        shares = watch(results)
        games = len(results.records)
        if games >= target.cap or all(half_width(s) <= target.precision for s in shares):
            return results
        needed = max(games + CHUNK, games_needed(shares, target.precision))
        want = min(target.cap, math.ceil(needed / CHUNK) * CHUNK)
