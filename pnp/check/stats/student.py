"""Student's t distribution in pure Python: its tails through the regularised incomplete beta function, its quantile.

P(|T| >= t) with dof degrees of freedom is I_x(dof/2, 1/2) at x = dof / (dof + t²); I_x is evaluated by its
continued fraction with Lentz's method (Numerical Recipes, betacf). The quantile inverts that tail by Newton's
method kept inside a bracket (bisection when a step would leave it).
"""

from __future__ import annotations

import math
from functools import lru_cache

TINY = 1e-300  # keeps Lentz's denominators off zero
EPSILON = 1e-15  # relative accuracy of the continued fraction


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b), for a, b > 0 and 0 <= x <= 1."""
    return _incomplete_beta(a, b, x, 1.0 - x)


def _incomplete_beta(a: float, b: float, x: float, y: float) -> float:
    """I_x(a, b) with y = 1 - x given apart, so that x near 1 keeps its accuracy."""
    if x <= 0:
        return 0.0
    if y <= 0:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(y)
    if x < (a + 1) / (a + b + 2):
        return min(1.0, math.exp(log_front) * _beta_fraction(a, b, x) / a)
    return max(0.0, 1.0 - math.exp(log_front) * _beta_fraction(b, a, y) / b)


def _off_zero(value: float) -> float:
    """The value, or TINY in its place when it is too close to zero to divide by."""
    return TINY if abs(value) < TINY else value


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of I_x(a, b), by the modified Lentz method."""
    c, d = 1.0, 1.0 / _off_zero(1.0 - (a + b) * x / (a + 1))
    fraction = d
    for m in range(1, 100_000):
        even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
        d = 1.0 / _off_zero(1.0 + even * d)
        c = _off_zero(1.0 + even / c)
        fraction *= d * c
        odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
        d = 1.0 / _off_zero(1.0 + odd * d)
        c = _off_zero(1.0 + odd / c)
        fraction *= d * c
        if abs(d * c - 1.0) < EPSILON:
            break
    return fraction


def t_two_sided_p(t: float, dof: float) -> float:
    """P(|T| >= |t|) for Student's t with dof degrees of freedom: the two-sided p-value of a t statistic."""
    if math.isinf(t):
        return 0.0
    if t == 0:
        return 1.0
    square = t * t
    return _incomplete_beta(dof / 2, 0.5, dof / (dof + square), square / (dof + square))


def t_cdf(t: float, dof: float) -> float:
    """P(T <= t) for Student's t with dof degrees of freedom."""
    tail = t_two_sided_p(t, dof) / 2
    return 1.0 - tail if t > 0 else tail


def t_pdf(t: float, dof: float) -> float:
    """The density of Student's t with dof degrees of freedom at t."""
    log_norm = math.lgamma((dof + 1) / 2) - math.lgamma(dof / 2) - 0.5 * math.log(dof * math.pi)
    return math.exp(log_norm - (dof + 1) / 2 * math.log1p(t * t / dof))


def t_two_sided_quantile(alpha: float, dof: float) -> float:
    """The t > 0 with P(|T| >= t) = alpha (0 < alpha < 1): Newton's method on the tail, safeguarded by a bracket."""
    low, high = 0.0, 1.0
    while t_two_sided_p(high, dof) > alpha:
        low, high = high, high * 2
    t = (low + high) / 2
    for _ in range(200):
        excess = t_two_sided_p(t, dof) - alpha  # falls as t grows
        if excess > 0:
            low = t
        else:
            high = t
        step = excess / (2 * t_pdf(t, dof))
        following = t + step if low < t + step < high else (low + high) / 2
        if abs(following - t) <= 1e-14 * t:
            return following
        t = following
    return t


@lru_cache(maxsize=4096)
def t95(dof: float) -> float:
    """The two-sided 95% quantile of Student's t (infinite with no degree of freedom)."""
    return math.inf if dof <= 0 else t_two_sided_quantile(0.05, dof)
