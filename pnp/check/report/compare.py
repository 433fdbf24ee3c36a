"""`--against`: every figure of two runs on the same seeds, their differences and which changed beyond noise."""

from __future__ import annotations

from pnp.check.play.chunks import EXHAUSTED, Results
from pnp.check.report.figures import first_margins, moments
from pnp.check.stats.inference import Moments, difference, holm, mean_moments, share_moments

ALPHA = 0.05  # a difference is beyond noise when its Holm-adjusted p-value (over the whole report) is below this


def play_moments(results: Results, players: int) -> dict[str, Moments]:
    """Every compared figure of one run and player count, by name."""
    records, games = results.records, len(results.records)
    out = {"ended_by_rules": share_moments(sum(r.ended_by_rules for r in records), games),
           "length.rounds": mean_moments([float(r.rounds) for r in records]),
           "length.moves": mean_moments([float(r.moves) for r in records]),
           "score": mean_moments([float(s) for r in records for s in r.scores]),
           "margin": mean_moments([float(margin) for margin in first_margins(records)])}
    for seat in range(players):
        out[f"seat.{seat + 1}.win"] = share_moments(sum(1.0 / len(r.winners) for r in records if seat in r.winners),
                                               games)
    piles = sorted({key for r in records for key in r.figures if key.startswith(EXHAUSTED)})
    for pile in piles:
        out[pile] = share_moments(sum(pile in r.figures for r in records), games)
    for key, slot in sorted(results.totals.items()):
        out[f"figure.{key}"] = moments(slot, games)
    return out


def skill_moments(by_seat: list[Results]) -> Moments:
    """Greedy's win share in one seat against random players, seats rotated."""
    wins = sum(1.0 / len(r.winners) for seat, results in enumerate(by_seat) for r in results.records
               if seat in r.winners)
    return share_moments(wins, sum(len(results.records) for results in by_seat))


def differences(base: dict[str, Moments], other: dict[str, Moments]) -> dict[str, dict]:
    """Other minus base for every figure either run has (a figure missing from one run counts as 0 there)."""
    out = {}
    for name in sorted(set(base) | set(other)):
        a = base.get(name) or Moments(0.0, 0.0, other[name].games, other[name].share)
        b = other.get(name) or Moments(0.0, 0.0, a.games, a.share)
        d = difference(a, b)
        out[name] = {"base": round(d.base, 6), "other": round(d.other, 6), "difference": round(d.value, 6),
                     "low": round(d.low, 6), "high": round(d.high, 6), "p_value": round(d.p_value, 6)}
    return out


def correct(report: dict) -> list[str]:
    """Holm-correct every difference of the report together; mark and return those beyond noise."""
    rows = [(count, name, row) for count, fig in report["players"].items()
            for name, row in fig.get("against", {}).items()]
    changed = []
    for (count, name, row), adjusted in zip(rows, holm([row["p_value"] for _, _, row in rows])):
        row["p_adjusted"] = round(adjusted, 6)
        row["changed"] = adjusted < ALPHA
        if row["changed"]:
            changed.append(f"{count} players: {name}")
    return changed
