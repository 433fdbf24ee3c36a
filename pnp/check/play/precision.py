"""How many games a precision needs: the half-width of a share's interval, and the games a target calls for."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.check.play.chunks import CHUNK
from pnp.check.stats.describe import Z95, wilson
from pnp.check.stats.inference import Moments

DEFAULT_PRECISION = 0.03  # the default run: every watched share to +-3 points
SIDE_PRECISION = 0.03  # the random baseline and the skill runs: +-3 points, or the headline's when coarser
CAP = 200_000  # games per player count, at most
FIRST = 2 * CHUNK  # games simulated before the first estimate of how many are needed


@dataclass(frozen=True)
class Target:
    """Run exactly `games` games, or (games None) until every watched share's half-width is at most `precision`."""

    games: int | None
    precision: float = DEFAULT_PRECISION
    cap: int = CAP

    @property
    def side(self) -> float:
        """The precision of the runs beside the headline (the random baseline, the skill runs): coarser."""
        return max(self.precision, SIDE_PRECISION)


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
