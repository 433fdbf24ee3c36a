"""The search probe's sequential test: is the headline player beaten by search by more than 5 points, or not?

After rounds 1, 2, 4, 8, ... (and after the last round played) of one game per seat, the search seat's win share
gets a Wilson interval at the level 1 - 2 * ALPHA / LOOKS, each of its sides a one-sided bound at 1 - ALPHA / LOOKS;
the probe stops at the first look whose interval lies wholly above the fair share + MARGIN ("beaten by more than 5
points") or wholly below it ("within 5 points"), else plays on until its budget is spent ("undecided", with its
interval). At most LOOKS looks, each spending ALPHA / LOOKS (Bonferroni's alpha-spending): whatever the true
share, only one of the two verdicts can be wrong, and the chance that any look's bound on that side misses it, and
so of a wrong verdict, is at most ALPHA (5%).
"""

from __future__ import annotations

from statistics import NormalDist

from pnp.check.stats.describe import Share, wilson

ALPHA = 0.05  # the chance of a wrong verdict, at most
MARGIN = 0.05  # "beaten" means by more than this much over the fair share
MOST_ROUNDS = 64  # the probe plays at most this many rounds (one game per seat each)
LOOKS = 8  # rounds 1, 2, 4, ..., 64, and the last round played: at most 8 looks
LEVEL = 1 - 2 * ALPHA / LOOKS  # each look's interval (each side a one-sided bound at 1 - ALPHA / LOOKS)
Z_LOOK = NormalDist().inv_cdf(1 - (1 - LEVEL) / 2)  # the normal quantile of each look's interval
BEATEN, WITHIN, UNDECIDED = "beaten by more than 5 points", "within 5 points", "undecided"


def is_look(rounds: int) -> bool:
    """Whether the test looks after this many rounds (a power of two)."""
    return rounds > 0 and rounds & (rounds - 1) == 0


def interval(wins: float, games: int) -> Share:
    """Wilson's interval of the win share at LEVEL (two-sided)."""
    return wilson(wins, games, Z_LOOK)


def verdict(share: Share, fair: float) -> str | None:
    """What an interval says against the fair share + MARGIN (None: not yet)."""
    if share.low > fair + MARGIN:
        return BEATEN
    if share.high < fair + MARGIN:
        return WITHIN
    return None
