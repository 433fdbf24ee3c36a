"""Two runs on the same seeds, compared game by game: the mean per-game difference, its interval and test.

A share whose every value is 0 or 1 in both runs is tested with McNemar's exact test (only the games whose
outcome differs count, split as a fair coin would split them); anything else with the paired t test (Student's t
with one degree of freedom fewer than the games; untestable, p = 1, with a single game).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.check.stats.student import t95, t_two_sided_p

MCNEMAR, PAIRED_T = "McNemar exact", "paired t"


@dataclass(frozen=True)
class PairedDifference:
    """Other minus this, averaged over the games both runs played, with its 95% interval and p-value."""

    value: float
    low: float
    high: float
    p_value: float
    test: str
    pairs: int


def binomial_tail(k: int, n: int) -> float:
    """P(X <= k) for X ~ Binomial(n, 1/2)."""
    if k >= n:
        return 1.0
    log_half = n * math.log(0.5)
    log_n = math.lgamma(n + 1)
    return min(1.0, sum(math.exp(log_n - math.lgamma(i + 1) - math.lgamma(n - i + 1) + log_half)
                        for i in range(k + 1)))


def mcnemar_p(up: int, down: int) -> float:
    """McNemar's exact two-sided p-value: of the games that differ, `up` went one way and `down` the other."""
    return min(1.0, 2 * binomial_tail(min(up, down), up + down)) if up + down else 1.0


def paired_difference(pairs: int, total: float, squares: float, binary: bool, up: int, down: int) -> PairedDifference:
    """The paired difference from the sums of per-game differences (binary: every value 0 or 1, McNemar's test)."""
    if pairs <= 0:
        return PairedDifference(0.0, 0.0, 0.0, 1.0, PAIRED_T, 0)
    mean = total / pairs
    variance = max(0.0, (squares - total * total / pairs) / (pairs - 1)) if pairs > 1 else 0.0
    se = math.sqrt(variance / pairs)
    half = t95(pairs - 1) * se if pairs > 1 else 0.0
    if binary:
        return PairedDifference(mean, mean - half, mean + half, mcnemar_p(up, down), MCNEMAR, pairs)
    if mean == 0 or pairs < 2:
        p_value = 1.0
    else:
        p_value = 0.0 if se == 0 else t_two_sided_p(mean / se, pairs - 1)
    return PairedDifference(mean, mean - half, mean + half, p_value, PAIRED_T, pairs)
