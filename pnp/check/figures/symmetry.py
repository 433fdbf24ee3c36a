"""Figure groups the design says should come out equal (seats, and the groups a game names): tests and flags."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fnmatch import fnmatchcase

from pnp.check.figures.jsonform import optional
from pnp.check.figures.play import PlayFigures, moments, seat_wins
from pnp.check.play.chunks import Results
from pnp.check.stats.inference import Moments, equal_outcomes_p, holm, share_moments

ALPHA = 0.01  # a group is flagged when its Holm-adjusted p-value is below this
SEATS = "seats"


@dataclass(frozen=True)
class SymmetryTest:
    """A test that a group's figures are equal; corrected with every group of the report, then flagged or not."""

    group: str  # "seats", or the figure-name pattern the game declares
    members: list[str]
    test: str  # "chi-square" or "pairwise Welch (Bonferroni)"
    statistic: float
    p_value: float
    p_adjusted: float | None = optional()
    flagged: bool | None = optional()

    @property
    def seats(self) -> bool:
        """Whether this is the test of the seats' win shares."""
        return self.group == SEATS


def group_members(totals: dict[str, list[float]], pattern: str) -> list[str]:
    """The game figures a symmetric-group pattern names, in sorted order."""
    return sorted(key for key in totals if fnmatchcase(key, pattern))


def symmetry_tests(play: PlayFigures, results: Results, patterns: tuple[str, ...]) -> list[SymmetryTest]:
    """One test per group (seats first, then each pattern with two or more figures), not yet corrected."""
    seats = play.seat_advantage
    tests = [SymmetryTest(SEATS, [f"seat {s.seat}" for s in seats.seats], "chi-square", seats.chi_square,
                          seats.p_value)]
    games = len(results.records)
    for pattern in patterns:
        members = group_members(results.totals, pattern)
        if len(members) < 2:
            continue
        test, statistic, p_value = equal_outcomes_p([moments(results.totals[key], games) for key in members])
        tests.append(SymmetryTest(pattern, members, test, round(statistic, 6), round(p_value, 6)))
    return tests


def corrected(groups: list[list[SymmetryTest]]) -> list[list[SymmetryTest]]:
    """Every group test of the report Holm-corrected together (in the order given), and flagged below ALPHA."""
    adjusted = iter(holm([test.p_value for tests in groups for test in tests]))
    return [[dataclasses.replace(test, p_adjusted=round(p, 6), flagged=p < ALPHA)
             for test, p in zip(tests, adjusted)] for tests in groups]


def watched_shares(results: Results, players: int, patterns: tuple[str, ...]) -> list[Moments]:
    """The shares whose interval --precision narrows: each seat's win share and the share figures of the groups."""
    games = len(results.records)
    watched = [share_moments(wins, games) for wins in seat_wins(results.records, players)]
    for pattern in patterns:
        watched += [m for key in group_members(results.totals, pattern)
                    if (m := moments(results.totals[key], games)).share]
    return watched
