"""Statistics for the report: Wilson intervals, a chi-square test, percentiles, histograms, how a p-value prints."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Share:
    """A proportion with its Wilson 95% interval."""

    value: float
    low: float
    high: float


P_FLOOR = 1e-6  # p-values are kept to six decimals: anything smaller prints as below this


def p_text(p: float) -> str:
    """A p-value after its 'p': '= 0.0123', or '< 1e-6' for one too small to keep (never '= 0')."""
    return "< 1e-6" if p < P_FLOOR else f"= {p:.3g}"


def wilson(successes: float, trials: int, z: float = Z95) -> Share:
    """Wilson score interval, at 95% unless another normal quantile z is given (successes may be fractional
    when ties are shared)."""
    if trials <= 0:
        return Share(0.0, 0.0, 1.0)
    p = successes / trials
    denominator = 1 + z ** 2 / trials
    centre = (p + z ** 2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z ** 2 / (4 * trials ** 2)) / denominator
    return Share(p, max(0.0, centre - half), min(1.0, centre + half))


def chi_square_uniform(counts: list[float]) -> tuple[float, float]:
    """Chi-square statistic and p-value of counts against equal shares."""
    total, k = sum(counts), len(counts)
    if total <= 0 or k < 2:
        return 0.0, 1.0
    expected = total / k
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    return statistic, chi_square_sf(statistic, k - 1)


def chi_square_sf(x: float, dof: int) -> float:
    """P(X >= x) for a chi-square variable: the regularised upper incomplete gamma Q(dof/2, x/2)."""
    if x <= 0:
        return 1.0
    a, z = dof / 2.0, x / 2.0
    if z < a + 1:  # series for the lower function
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= z / n
            total += term
        return max(0.0, 1.0 - total * math.exp(-z + a * math.log(z) - math.lgamma(a)))
    # continued fraction for the upper function (Lentz)
    b, c, d = z + 1 - a, 1e300, 1.0 / (z + 1 - a)
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1.0 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return min(1.0, h * math.exp(-z + a * math.log(z) - math.lgamma(a)))


def percentile(sorted_values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation."""
    if not sorted_values:
        return 0.0
    pos = (len(sorted_values) - 1) * q / 100.0
    low = int(math.floor(pos))
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (pos - low)


def summary(values: list[float]) -> dict[str, float]:
    """Mean, median, 10th and 90th percentiles, min and max."""
    ordered = sorted(values)
    if not ordered:
        return {"mean": 0.0, "median": 0.0, "p10": 0.0, "p90": 0.0, "min": 0.0, "max": 0.0}
    return {"mean": round(sum(ordered) / len(ordered), 6), "median": round(percentile(ordered, 50), 6),
            "p10": round(percentile(ordered, 10), 6), "p90": round(percentile(ordered, 90), 6),
            "min": ordered[0], "max": ordered[-1]}


def histogram(values: list[float], bins: int = 12) -> list[tuple[float, float, int]]:
    """Equal-width bins (low, high, count) covering the values; whole numbers get whole, non-overlapping bins."""
    if not values:
        return []
    low, high = min(values), max(values)
    if high == low:
        return [(low, high, len(values))]
    if all(float(v).is_integer() for v in values):
        width = math.ceil((high - low + 1) / bins)
        counts: dict[int, int] = {}
        for value in values:
            counts[int((value - low) // width)] = counts.get(int((value - low) // width), 0) + 1
        return [(low + i * width, low + (i + 1) * width - 1, counts.get(i, 0))
                for i in range(int((high - low) // width) + 1)]
    step = (high - low) / bins
    binned = [0] * bins
    for value in values:
        binned[min(bins - 1, int((value - low) / step))] += 1
    return [(round(low + i * step, 6), round(low + (i + 1) * step, 6), binned[i]) for i in range(bins)]
