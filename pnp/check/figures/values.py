"""The kinds of figure a report holds, each with its 95% interval, rounded to 6 decimals as the report gives them."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.check.figures.jsonform import optional
from pnp.check.stats.describe import Z95, Share, histogram, percentile, wilson
from pnp.check.stats.inference import Moments, mean_interval, mean_moments

Bins = list[tuple[float, float, int]]  # (low, high, count) per histogram bin


def rounded(value: float | None) -> float | None:
    """A figure as the report gives it: 6 decimals (None stays None)."""
    return None if value is None else round(value, 6)


@dataclass(frozen=True)
class ShareFigure:
    """A share of games (or of shuffles) with its Wilson 95% interval, and the exact value where one is known."""

    share: float
    low: float
    high: float
    exact: float | None = optional()

    @classmethod
    def of(cls, successes: float, trials: int, exact: float | None = None) -> ShareFigure:
        """The share successes / trials (successes may be fractional when ties are shared)."""
        return cls.rounded(wilson(successes, trials), exact)

    @classmethod
    def rounded(cls, interval: Share, exact: float | None = None) -> ShareFigure:
        """A share's interval as the report gives it."""
        return cls(round(interval.value, 6), round(interval.low, 6), round(interval.high, 6), rounded(exact))


@dataclass(frozen=True)
class MeanFigure:
    """A mean of whole numbers with a normal 95% interval (all None when nothing was counted), and any exact value."""

    mean: float | None
    low: float | None
    high: float | None
    n: int
    exact: float | None = optional()

    @classmethod
    def of(cls, counts: dict[int, int], exact: float | None = None) -> MeanFigure:
        """The mean of values given as {value: times}."""
        n = sum(counts.values())
        if n == 0:
            return cls(None, None, None, 0)
        mean = sum(v * c for v, c in counts.items()) / n
        variance = sum(c * (v - mean) ** 2 for v, c in counts.items()) / max(1, n - 1)
        half = Z95 * math.sqrt(variance / n)
        return cls(round(mean, 6), round(mean - half, 6), round(mean + half, 6), n, rounded(exact))


@dataclass(frozen=True)
class Summary:
    """Mean, median, 10th and 90th percentiles, min and max of per-game values (min and max as they were)."""

    mean: float
    median: float
    p10: float
    p90: float
    min: float
    max: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Summary:
        """The summary of a list of values (all 0 for none)."""
        return cls(*_summary(values))


def _summary(values: Sequence[float]) -> tuple[float, float, float, float, float, float]:
    """Mean, median, p10, p90, min and max."""
    ordered = sorted(values)
    if not ordered:
        return 0.0, 0.0, 0.0, 0.0, 0.0, 0.0
    return (round(sum(ordered) / len(ordered), 6), round(percentile(ordered, 50), 6),
            round(percentile(ordered, 10), 6), round(percentile(ordered, 90), 6), ordered[0], ordered[-1])


@dataclass(frozen=True)
class Distribution(Summary):
    """Per-game values summarised, with the mean's Student's t 95% interval, the standard deviation and any bins."""

    mean_low: float
    mean_high: float
    sd: float
    histogram: Bins | None = optional()

    @classmethod
    def of(cls, values: Sequence[float], binned: bool = False) -> Distribution:
        """The distribution of per-game values (binned: with a histogram)."""
        m = mean_moments(list(values))
        interval = mean_interval(m)
        return cls(*_summary(values), round(interval.low, 6), round(interval.high, 6), round(m.variance ** 0.5, 6),
                   histogram(list(values)) if binned else None)


@dataclass(frozen=True)
class FigureInterval:
    """A game figure's 95% interval: Wilson for a share (values in 0-1), Student's t for a mean."""

    low: float
    high: float
    games: int  # games the figure applied to
    kind: str  # "share" or "mean"
    sd: float

    @classmethod
    def of(cls, m: Moments) -> FigureInterval:
        """The interval of a figure's moments."""
        interval = mean_interval(m)
        return cls(round(interval.low, 6), round(interval.high, 6), m.games, "share" if m.share else "mean",
                   round(m.variance ** 0.5, 6))
