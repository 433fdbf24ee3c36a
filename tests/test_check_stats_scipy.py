"""Every test, interval and quantile the check report uses, against scipy (a test-only dependency).

Tolerances: 1e-9 (absolute, or relative for small tails) where pnp computes the exact figure; the closed forms of
the hypergeometric figures to 1e-12. scipy has no Newcombe hybrid interval: it is rebuilt from scipy's Wilson ends.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from scipy import special, stats

from pnp.check.figures.values import MeanFigure
from pnp.check.stats import exact
from pnp.check.stats.describe import Z95, chi_square_sf, chi_square_uniform, p_text, percentile, wilson
from pnp.check.stats.impact import contrast, draw_p, share_interval
from pnp.check.stats.inference import difference, equal_outcomes_p, mean_interval, mean_moments, normal_p, share_moments
from pnp.check.stats.paired import binomial_tail, mcnemar_p, paired_difference
from pnp.check.stats.student import incomplete_beta, t95, t_cdf, t_two_sided_p, t_two_sided_quantile

DOFS = [1, 2, 3, 4, 5, 7, 10, 19, 30, 100, 1000, 100_000]
EXACT = 1e-9


def close(ours: float, theirs: float, tol: float = EXACT) -> bool:
    """Within tol absolutely, or relatively for figures far below 1 (small tails)."""
    return abs(ours - theirs) <= tol * max(1e-300, min(1.0, abs(theirs))) or abs(ours - theirs) <= 1e-300


def samples(n: int, seed: int, shift: float = 0.3) -> list[float]:
    """n seeded values, a little skewed, shifted off zero."""
    rng = random.Random(seed)
    return [rng.expovariate(1.0) - 1.0 + shift for _ in range(n)]


@pytest.mark.parametrize("dof", DOFS)
def test_student_t_tails_and_quantiles(dof):
    for t in [0.0, 0.01, 0.3, 1.0, 1.825, 2.0, 2.5, 3.0, 5.0, 10.0, 40.0]:
        assert close(t_two_sided_p(t, dof), 2 * stats.t.sf(t, dof)), t
        assert close(t_cdf(-t, dof), stats.t.cdf(-t, dof)) and close(t_cdf(t, dof), stats.t.cdf(t, dof)), t
    assert t95(dof) == pytest.approx(stats.t.ppf(0.975, dof), abs=1e-6, rel=0)
    for alpha in [0.5, 0.1, 0.01, 1e-4]:
        assert t_two_sided_quantile(alpha, dof) == pytest.approx(stats.t.isf(alpha / 2, dof), rel=1e-9)
    assert t95(dof + 0.37) == pytest.approx(stats.t.ppf(0.975, dof + 0.37), abs=1e-6, rel=0)  # Welch's dof


def test_incomplete_beta():
    for a in [0.5, 1.0, 2.5, 10.0, 500.0]:
        for b in [0.5, 1.0, 3.0, 40.0]:
            for x in [0.0, 1e-6, 0.01, 0.2, 0.5, 0.8, 0.99, 1.0]:
                assert close(incomplete_beta(a, b, x), special.betainc(a, b, x)), (a, b, x)


@pytest.mark.parametrize("n", [2, 3, 5, 8, 20, 200])
def test_paired_t_matches_a_one_sample_t_test(n):
    for seed in range(4):
        diffs = samples(n, seed)
        ours = paired_difference(n, sum(diffs), sum(d * d for d in diffs), False, 0, 0)
        theirs = stats.ttest_1samp(diffs, 0.0)
        interval = theirs.confidence_interval(0.95)
        assert close(ours.p_value, theirs.pvalue) and ours.test == "paired t"
        assert ours.low == pytest.approx(interval.low, abs=1e-9) and ours.high == pytest.approx(interval.high, abs=1e-9)


def test_paired_t_at_five_games_is_the_t_test_not_the_normal():
    se = 1 / 1.825  # five games with mean difference 1 and t = 1.825: the review's case
    squares = 5 * se * se * 4 + 5.0  # (n - 1) * variance + total² / n, with variance = n * se²
    ours = paired_difference(5, 5.0, squares, False, 0, 0)
    assert close(ours.p_value, 2 * stats.t.sf(1.825, 4))
    assert ours.p_value == pytest.approx(0.142, abs=1e-3) and normal_p(1.825) == pytest.approx(0.068, abs=1e-3)
    assert paired_difference(1, 2.0, 4.0, False, 0, 0).p_value == 1.0  # a single game tests nothing


def test_mcnemar_and_the_binomial_tail():
    for n in [1, 2, 5, 12, 40, 301]:
        for k in range(0, n + 1, max(1, n // 7)):
            assert close(binomial_tail(k, n), stats.binom.cdf(k, n, 0.5)), (k, n)
            assert close(mcnemar_p(k, n - k), stats.binomtest(k, n, 0.5).pvalue), (k, n)
    assert mcnemar_p(0, 0) == 1.0


@pytest.mark.parametrize("n", [1, 2, 5, 10, 37, 100, 1000])
def test_wilson_intervals(n):
    for k in sorted({0, 1, n // 3, n // 2, n - 1, n}):
        theirs = stats.binomtest(k, n).proportion_ci(0.95, method="wilson")
        ours = wilson(k, n)
        assert (ours.low, ours.high) == (pytest.approx(theirs.low, abs=EXACT), pytest.approx(theirs.high, abs=EXACT))
        share = k / n  # a ratio share at the variance of a plain share is Wilson's interval at n seats
        ratio = share_interval(share, share * (1 - share) / n, n)
        assert (ratio.low, ratio.high) == (pytest.approx(theirs.low, abs=EXACT), pytest.approx(theirs.high, abs=EXACT))


@pytest.mark.parametrize("n", [2, 3, 5, 12, 60])
def test_t_interval_of_a_mean(n):
    values = samples(n, n, shift=2.0)
    ours = mean_interval(mean_moments(values))
    theirs = stats.t.interval(0.95, n - 1, loc=np.mean(values), scale=stats.sem(values))
    assert (ours.low, ours.high) == (pytest.approx(theirs[0], abs=EXACT), pytest.approx(theirs[1], abs=EXACT))


@pytest.mark.parametrize("sizes", [(2, 3), (4, 4), (5, 11), (30, 30), (200, 90)])
def test_welch_difference_of_means(sizes):
    a, b = samples(sizes[0], 1), samples(sizes[1], 2, shift=1.0)
    ours = difference(mean_moments(a), mean_moments(b))
    theirs = stats.ttest_ind(b, a, equal_var=False)
    interval = theirs.confidence_interval(0.95)
    assert close(ours.p_value, theirs.pvalue)
    assert (ours.low, ours.high) == (pytest.approx(interval.low, abs=EXACT), pytest.approx(interval.high, abs=EXACT))
    c = a[::-1] + [0.5]
    worst = min(stats.ttest_ind(y, x, equal_var=False).pvalue for x, y in [(a, b), (a, c), (b, c)])
    _, _, p_value = equal_outcomes_p([mean_moments(a), mean_moments(b), mean_moments(c)])
    assert p_value == pytest.approx(min(1.0, 3 * worst), abs=EXACT)


@pytest.mark.parametrize("counts", [((3, 10), (7, 10)), ((40, 100), (60, 100)), ((0, 25), (4, 30)),
                                    ((555, 1000), (512, 1000))])
def test_difference_of_shares(counts):
    (k1, n1), (k2, n2) = counts
    ours = difference(share_moments(k1, n1), share_moments(k2, n2))
    _, pooled_p, _, _ = stats.chi2_contingency([[k1, n1 - k1], [k2, n2 - k2]], correction=False)
    assert close(ours.p_value, pooled_p)  # the pooled two-proportion z test is the uncorrected chi-square
    a, b = (stats.binomtest(k, n).proportion_ci(0.95, method="wilson") for k, n in counts)
    p1, p2 = k1 / n1, k2 / n2  # Newcombe's hybrid score interval (his method 10) from the two Wilson intervals
    low = p2 - p1 - math.sqrt((p2 - b.low) ** 2 + (a.high - p1) ** 2)
    high = p2 - p1 + math.sqrt((b.high - p2) ** 2 + (p1 - a.low) ** 2)
    assert (ours.low, ours.high) == (pytest.approx(low, abs=EXACT), pytest.approx(high, abs=EXACT))


def test_chi_square():
    for counts in [[10, 12], [30, 20, 10], [400, 430, 370, 401], [1, 0, 0, 0, 0, 9], [5000, 4000]]:
        statistic, p_value = chi_square_uniform([float(c) for c in counts])
        theirs = stats.chisquare(counts)
        assert statistic == pytest.approx(theirs.statistic, rel=1e-12) and close(p_value, theirs.pvalue)
    for dof in [1, 2, 3, 5, 11, 50]:
        for x in [0.01, 0.5, 1.0, 3.0, 10.0, 40.0, 120.0]:
            assert close(chi_square_sf(x, dof), stats.chi2.sf(x, dof)), (x, dof)


def test_normal_figures():
    assert Z95 == pytest.approx(stats.norm.ppf(0.975), abs=1e-12)
    for z in [0.0, 0.5, 1.96, 3.0, 6.0, -2.2]:
        assert close(normal_p(z), 2 * stats.norm.sf(abs(z)))
        assert close(draw_p(z, 1.0, 0.0), 2 * stats.norm.sf(abs(z)) if z else 1.0)  # no skew: the normal test
    c = contrast(0.04, 0.0001)
    assert (c.low, c.high) == pytest.approx(stats.norm.interval(0.95, loc=0.04, scale=0.01), abs=EXACT)
    assert close(c.p_value, 2 * stats.norm.sf(4.0))
    counts = {2: 30, 3: 50, 4: 15, 7: 5}  # the deal's mean of whole numbers: a normal interval
    values = [v for v, c in counts.items() for _ in range(c)]
    ours = MeanFigure.of(counts)
    theirs = stats.norm.interval(0.95, loc=np.mean(values), scale=stats.sem(values))
    assert (ours.low, ours.high) == (pytest.approx(theirs[0], abs=1e-6), pytest.approx(theirs[1], abs=1e-6))


def test_hypergeometric_figures():
    for deck, matching, hand in [(10, 3, 5), (52, 4, 7), (60, 20, 10), (9, 9, 3), (30, 0, 6)]:
        for k in range(hand + 1):
            assert exact.hand_pmf(deck, matching, hand, k) == pytest.approx(
                stats.hypergeom.pmf(k, deck, matching, hand), abs=1e-12)
            assert exact.hand_at_least(deck, matching, hand, k) == pytest.approx(
                stats.hypergeom.sf(k - 1, deck, matching, hand), abs=1e-12)
            assert exact.hand_at_most(deck, matching, hand, k) == pytest.approx(
                stats.hypergeom.cdf(k, deck, matching, hand), abs=1e-12)
        for seen in range(deck + 1):
            assert exact.seen_by(deck, matching, seen) == pytest.approx(
                1 - stats.hypergeom.pmf(0, deck, matching, seen), abs=1e-12)
    seen_by_turn = [7, 8, 9, 10, 11, 12]
    first = [1 - stats.hypergeom.pmf(0, 52, 4, m) for m in seen_by_turn]
    mass = np.diff([0.0, *first])
    assert exact.first_seen_mean(52, 4, seen_by_turn) == pytest.approx(
        float(np.dot(range(len(mass)), mass) / first[-1]), abs=1e-12)


def test_percentiles():
    values = sorted(samples(37, 5))
    for q in [0, 10, 25, 50, 90, 100]:
        assert percentile(values, q) == pytest.approx(float(np.percentile(values, q)), abs=1e-12)


def test_small_p_values_are_never_printed_as_zero():
    assert p_text(4.6e-11) == "< 1e-6" and p_text(0.0) == "< 1e-6"
    assert p_text(0.0123456) == "= 0.0123" and p_text(1.0) == "= 1" and p_text(2e-6) == "= 2e-06"
