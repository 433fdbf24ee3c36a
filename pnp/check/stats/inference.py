"""Intervals for means, differences between two runs, tests of equal outcomes and Holm's correction."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.check.stats.describe import Share, chi_square_uniform, wilson
from pnp.check.stats.student import t95, t_two_sided_p


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
    """Two-sample difference: Newcombe's hybrid Wilson interval and the pooled z test for shares, Welch's t for
    means."""
    if not (base.share and other.share):
        d, se, dof = welch(base, other)
        half = t95(dof) * se if se > 0 else 0.0
        p_value = 1.0 if d == 0 else (0.0 if se == 0 else t_two_sided_p(d / se, dof))
        return Difference(base.mean, other.mean, d - half, d + half, p_value)
    a, b = wilson(base.total, base.games), wilson(other.total, other.games)
    d = b.value - a.value
    low = d - math.sqrt((b.value - b.low) ** 2 + (a.high - a.value) ** 2)
    high = d + math.sqrt((b.high - b.value) ** 2 + (a.value - a.low) ** 2)
    pooled = (base.total + other.total) / max(1, base.games + other.games)
    se = math.sqrt(pooled * (1 - pooled) * (1 / max(1, base.games) + 1 / max(1, other.games)))
    p_value = 1.0 if d == 0 else (0.0 if se == 0 else normal_p(d / se))
    return Difference(base.mean, other.mean, low, high, p_value)


def welch(base: Moments, other: Moments) -> tuple[float, float, float]:
    """Welch's difference of means, its standard error and its Welch-Satterthwaite degrees of freedom."""
    parts = [m.variance / m.games if m.games else 0.0 for m in (base, other)]
    spread = sum(part * part / (m.games - 1) for part, m in zip(parts, (base, other)) if m.games > 1)
    dof = sum(parts) ** 2 / spread if spread > 0 else math.inf
    return other.mean - base.mean, math.sqrt(sum(parts)), dof


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
