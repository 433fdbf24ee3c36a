"""Figure groups the design says should come out equal (seats, and the groups a game names): tests and flags."""

from __future__ import annotations

from fnmatch import fnmatchcase

from pnp.check.play.chunks import Results
from pnp.check.report.figures import moments, seat_wins
from pnp.check.stats.inference import Moments, equal_outcomes_p, holm, share_moments

ALPHA = 0.01  # a group is flagged when its Holm-adjusted p-value is below this
SEATS = "seats"


def group_members(totals: dict[str, list[float]], pattern: str) -> list[str]:
    """The game figures a symmetric-group pattern names, in sorted order."""
    return sorted(key for key in totals if fnmatchcase(key, pattern))


def symmetry_tests(fig: dict, results: Results, patterns: tuple[str, ...]) -> list[dict]:
    """One test per group (seats first, then each pattern with two or more figures), not yet corrected."""
    seats = fig["seat_advantage"]
    tests = [{"group": SEATS, "members": [f"seat {s['seat']}" for s in seats["seats"]], "test": "chi-square",
              "statistic": seats["chi_square"], "p_value": seats["p_value"]}]
    games = len(results.records)
    for pattern in patterns:
        members = group_members(results.totals, pattern)
        if len(members) < 2:
            continue
        test, statistic, p_value = equal_outcomes_p([moments(results.totals[key], games) for key in members])
        tests.append({"group": pattern, "members": members, "test": test, "statistic": round(statistic, 6),
                      "p_value": round(p_value, 6)})
    return tests


def correct(report: dict) -> None:
    """Holm-correct every group test of the report together, and flag those still below ALPHA."""
    tests = [test for fig in report["players"].values() for test in fig.get("symmetry", [])]
    for test, adjusted in zip(tests, holm([test["p_value"] for test in tests])):
        test["p_adjusted"] = round(adjusted, 6)
        test["flagged"] = adjusted < ALPHA
    for fig in report["players"].values():
        for test in fig.get("symmetry", []):
            if test["group"] == SEATS:
                fig["seat_advantage"]["p_adjusted"] = test["p_adjusted"]


def watched_shares(results: Results, players: int, patterns: tuple[str, ...]) -> list[Moments]:
    """The shares whose interval --precision narrows: each seat's win share and the share figures of the groups."""
    games = len(results.records)
    watched = [share_moments(wins, games) for wins in seat_wins(results.records, players)]
    for pattern in patterns:
        watched += [m for key in group_members(results.totals, pattern)
                    if (m := moments(results.totals[key], games)).share]
    return watched
