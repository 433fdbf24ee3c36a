"""A card's impact: the win share of the seats with an event (held, played) against the others, game as the unit.

The two shares are ratio estimates over games (r1 = ΣH / Σn for the seats with the event, r2 for the others).
Their difference is linear, to first order, in each game's vector u = (H, n, W, 1):
d_g = c · u_g, so its variance is G/(G-1) · cᵀ M c with M = Σ u uᵀ, the second moments the run kept
(the delta method, or a cluster-robust variance with the game as cluster: seats of one game are not independent).
Two runs on the same seeds differ by d_B - d_A game by game, which needs the cross moments Σ u_A u_Bᵀ too.

The test (draw_p) does not use that variance: it asks how far the card's seats won above what seats drawn at
random in each game would win, with that draw's own variance and skew, which holds its error rate for cards
seen in few games, where the interval's variance is itself noisy.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.check.stats.describe import Z95, Share
from pnp.check.stats.inference import normal_p

Vector = tuple[float, float, float, float]  # coefficients on (H, n, W, 1)
Matrix = tuple[tuple[float, ...], ...]  # 4x4 second moments over (H, n, W, 1)


@dataclass(frozen=True)
class Estimate:
    """A card's two win shares, their difference and the linear coefficients of each, for one run."""

    with_share: float
    without_share: float
    seats_with: float
    seats_without: float
    with_coef: Vector
    without_coef: Vector

    @property
    def difference(self) -> float:
        return self.with_share - self.without_share

    @property
    def coef(self) -> Vector:
        """The coefficients of the difference."""
        return tuple(a - b for a, b in zip(self.with_coef, self.without_coef))  # type: ignore[return-value]


def estimate(held: float, won: float, players: int, games: int, run_won: float) -> Estimate | None:
    """The estimate from Σn (held), ΣH (won), and the run's games and ΣW (None when either side has no seat)."""
    seats_with, seats_without = held, players * games - held
    if seats_with <= 0 or seats_without <= 0:
        return None
    r1, r2 = won / seats_with, (run_won - won) / seats_without
    with_coef = (1 / seats_with, -r1 / seats_with, 0.0, 0.0)
    without_coef = (-1 / seats_without, r2 / seats_without, 1 / seats_without, -players * r2 / seats_without)
    return Estimate(r1, r2, seats_with, seats_without, with_coef, without_coef)


def quadratic(a: Vector, m: Matrix, b: Vector) -> float:
    """aᵀ M b."""
    return sum(a[i] * m[i][j] * b[j] for i in range(4) for j in range(4))


def variance(coef: Vector, m: Matrix, games: int) -> float:
    """The variance of a linear estimate with these coefficients, from one run's second moments."""
    return max(0.0, quadratic(coef, m, coef)) * games / (games - 1) if games > 1 else 0.0


@dataclass(frozen=True)
class Contrast:
    """A difference with its 95% interval and the two-sided p-value of none (normal)."""

    value: float
    low: float
    high: float
    p_value: float


def contrast(value: float, var: float) -> Contrast:
    """A difference with its interval and the two-sided p-value of none (p = 1 for no difference, 0 for a
    difference with no variance)."""
    se = math.sqrt(var)
    if value == 0:
        p_value = 1.0
    else:
        p_value = 0.0 if se == 0 else normal_p(value / se)
    return Contrast(value, value - Z95 * se, value + Z95 * se, p_value)


def share_interval(share: float, var: float, seats: float) -> Share:
    """A ratio share's 95% interval: Wilson's at the effective number of seats its variance implies."""
    n = share * (1 - share) / var if var > 0 and 0 < share < 1 else seats
    if n <= 0:
        return Share(share, 0.0, 1.0)
    denominator = 1 + Z95 ** 2 / n
    centre = (share + Z95 ** 2 / (2 * n)) / denominator
    half = Z95 * math.sqrt(share * (1 - share) / n + Z95 ** 2 / (4 * n ** 2)) / denominator
    return Share(share, max(0.0, centre - half), min(1.0, centre + half))


def draw_p(excess: float, var: float, third: float) -> float:
    """Two-sided p-value of wins `excess` above what seats drawn at random in each game would win.

    `var` and `third` are the variance and third cumulant of those wins under the draw (a within-game permutation
    test). Normal, with the Cornish-Fisher correction for skew; the tail in the observed direction, doubled.
    """
    if excess == 0 or var <= 0:
        return 1.0
    t = abs(excess) / math.sqrt(var)
    skew = third / var ** 1.5 * (1 if excess > 0 else -1)  # the skew in the observed direction
    if skew > 0:
        t = min(t, 3 / skew)  # where the corrected quantile stops growing: beyond it, keep its largest value
    return min(1.0, math.erfc((t - skew / 6 * (t * t - 1)) / math.sqrt(2)))
