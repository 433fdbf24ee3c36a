"""Intervals for means, differences between two runs, tests of equal outcomes and Holm's correction."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.check.stats.describe import Z95, Share, chi_square_uniform, wilson


@dataclass(frozen=True)
class Moments:
    """What a run keeps of one figure: the sum, the sum of squares and how many games it applied to."""

    total: float
    squares: float
    games: int
    share: bool  # every value lay in [0, 1]: a share, given a Wilson interval

    @property
    def mean(self) -> float:
        return self.total / self.games if self.games else 0.0

    @property
    def variance(self) -> float:
        """The sample variance (0 for fewer than two games)."""
        if self.games < 2:
            return 0.0
        return max(0.0, (self.squares - self.total ** 2 / self.games) / (self.games - 1))


T95_SMALL = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281)


def t95(dof: int) -> float:
    """The two-sided 95% quantile of Student's t: tabled to 10 dof, then a Cornish-Fisher expansion."""
    if dof <= 0:
        return math.inf
    if dof <= len(T95_SMALL):
        return T95_SMALL[dof - 1]
    z = Z95
    return z + (z ** 3 + z) / (4 * dof) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * dof ** 2)


def mean_interval(m: Moments) -> Share:
    """The 95% interval of a mean: Wilson for a share, Student's t otherwise."""
    if m.share:
        return wilson(m.total, m.games)
    if m.games < 2:
        return Share(m.mean, m.mean, m.mean) if m.games else Share(0.0, 0.0, 0.0)
    half = t95(m.games - 1) * math.sqrt(m.variance / m.games)
    return Share(m.mean, m.mean - half, m.mean + half)


def moments_of(values: list[float]) -> Moments:
    """The moments of a list of per-game values."""
    return Moments(float(sum(values)), float(sum(v * v for v in values)), len(values),
                   all(0.0 <= v <= 1.0 for v in values))


def mean_moments(values: list[float]) -> Moments:
    """Per-game values read as a mean (Student's t interval), whatever their range."""
    m = moments_of(values)
    return Moments(m.total, m.squares, m.games, False)


def share_moments(successes: float, games: int) -> Moments:
    """A share as moments (its values are 0 or 1, so the squares sum to the successes)."""
    return Moments(successes, successes, games, True)


def normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


@dataclass(frozen=True)
class Difference:
    """Other run minus base run, its 95% interval and the two-sided p-value of no difference."""

    base: float
    other: float
    low: float
    high: float
    p_value: float

    @property
    def value(self) -> float:
        return self.other - self.base


def difference(base: Moments, other: Moments) -> Difference:
    """Two-sample difference: Newcombe's hybrid Wilson interval for shares, Welch's for means."""
    if base.share and other.share:
        a, b = wilson(base.total, base.games), wilson(other.total, other.games)
        d = b.value - a.value
        low = d - math.sqrt((b.value - b.low) ** 2 + (a.high - a.value) ** 2)
        high = d + math.sqrt((b.high - b.value) ** 2 + (a.value - a.low) ** 2)
        pooled = (base.total + other.total) / max(1, base.games + other.games)
        se = math.sqrt(pooled * (1 - pooled) * (1 / max(1, base.games) + 1 / max(1, other.games)))
    else:
        d = other.mean - base.mean
        se = math.sqrt(base.variance / max(1, base.games) + other.variance / max(1, other.games))
        low, high = d - Z95 * se, d + Z95 * se
    p_value = 1.0 if d == 0 else (0.0 if se == 0 else normal_p(d / se))
    return Difference(base.mean, other.mean, low, high, p_value)


def holm(p_values: list[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given (family-wise error over all of them)."""
    order = sorted(range(len(p_values)), key=lambda i: (p_values[i], i))
    adjusted, running = [1.0] * len(p_values), 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted


def equal_outcomes_p(members: list[Moments]) -> tuple[str, float, float]:
    """Test a group's figures for equality: chi-square on shares' counts, else the worst Welch pair (Bonferroni)."""
    if all(m.share for m in members):
        statistic, p_value = chi_square_uniform([m.total for m in members])
        return "chi-square", statistic, p_value
    pairs = [(a, b) for i, a in enumerate(members) for b in members[i + 1:]]
    worst = min((difference(a, b).p_value for a, b in pairs), default=1.0)
    return "pairwise Welch (Bonferroni)", 0.0, min(1.0, worst * max(1, len(pairs)))
