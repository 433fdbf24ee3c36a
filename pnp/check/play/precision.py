"""How many games a precision needs: the half-width of a share's interval, and the games a precision calls for."""

from __future__ import annotations

import math

from pnp.check.play.chunks import CHUNK
from pnp.check.stats.describe import Z95, wilson
from pnp.check.stats.inference import Moments

FIRST = 2 * CHUNK  # games simulated before the first estimate of how many are needed


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
