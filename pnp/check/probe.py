"""The search probe's sequential test: is the headline player beaten by search by more than 5 points, or not?

Each game the search seat plays is paired with the same game played by greedy in every seat (a searching seat
draws from the game's generator as greedy does, so the two are one game until search first chooses otherwise).
The search seat's win share is estimated as the fair share plus its mean gain over greedy's seat in the same games
(greedy's seat wins the fair share on average: the seats go round), with Agresti and Min's interval for matched
pairs (half a pair won, half a pair lost and one pair even added to the games). Most games search plays as greedy
would, so the pairs' differences vary much less than the wins themselves, and fewer games decide.

After rounds 4, 8, 16, 32, 64 (and after the last round played) of one game per seat, the interval is taken at the
level 1 - 2 * ALPHA / LOOKS, each of its sides a one-sided bound at 1 - ALPHA / LOOKS; the probe stops at the
first look whose interval lies wholly above the fair share + MARGIN ("beaten by more than 5 points") or wholly
below it ("within 5 points"), else plays on until its budget is spent ("undecided", with its interval). At most
LOOKS looks, each spending ALPHA / LOOKS (Bonferroni's alpha-spending): whatever the true share, only one of the
two verdicts can be wrong, and the chance that any look's bound on that side misses it, and so of a wrong verdict,
is at most ALPHA (5%), as far as the interval's normal approximation holds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

from pnp.check.stats.describe import Share

ALPHA = 0.05  # the chance of a wrong verdict, at most
MARGIN = 0.05  # "beaten" means by more than this much over the fair share
MOST_ROUNDS = 64  # the probe plays at most this many rounds (one game per seat each)
FIRST_LOOK = 4  # the first look, in rounds: fewer games, with the pairs added, could hardly decide
LOOKS = 6  # rounds 4, 8, 16, 32, 64, and the last round played: at most 6 looks
LEVEL = 1 - 2 * ALPHA / LOOKS  # each look's interval (each side a one-sided bound at 1 - ALPHA / LOOKS)
Z_LOOK = NormalDist().inv_cdf(1 - (1 - LEVEL) / 2)  # the normal quantile of each look's interval
BEATEN, WITHIN, UNDECIDED = "beaten by more than 5 points", "within 5 points", "undecided"


def is_look(rounds: int) -> bool:
    """Whether the test looks after this many rounds (a power of two, FIRST_LOOK or more)."""
    return rounds >= FIRST_LOOK and rounds & (rounds - 1) == 0


@dataclass(frozen=True)
class Gains:
    """The search seat's gains over greedy's seat in the same games: their count, sum and sum of squares."""

    games: int = 0
    total: float = 0.0
    squares: float = 0.0

    @classmethod
    def of(cls, search: Sequence[float], greedy: Sequence[float]) -> Gains:
        """The gains of paired win shares (ties shared), game by game."""
        gains = [mine - theirs for mine, theirs in zip(search, greedy)]
        return cls(len(gains), sum(gains), sum(gain * gain for gain in gains))

    def __add__(self, other: Gains) -> Gains:
        return Gains(self.games + other.games, self.total + other.total, self.squares + other.squares)


def interval(gains: Gains, fair: float) -> Share:
    """The search seat's win share, fair + the mean gain, with Agresti and Min's interval at LEVEL (two-sided)."""
    games = gains.games + 2  # half a pair won, half a pair lost, and one pair even, added
    mean = gains.total / games
    spread = math.sqrt(max(0.0, (gains.squares + 1.0) / games - mean * mean) / games)
    share = fair + gains.total / gains.games if gains.games else fair
    return Share(min(1.0, max(0.0, share)), max(0.0, fair + mean - Z_LOOK * spread),
                 min(1.0, fair + mean + Z_LOOK * spread))


def verdict(share: Share, fair: float) -> str | None:
    """What an interval says against the fair share + MARGIN (None: not yet)."""
    if share.low > fair + MARGIN:
        return BEATEN
    if share.high < fair + MARGIN:
        return WITHIN
    return None
