"""`--against`: every figure of two runs on the same seeds, their game-by-game differences and which changed."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from pnp.check.figures.jsonform import optional
from pnp.check.figures.play import first_margins, moments
from pnp.check.play.chunks import EXHAUSTED, Results
from pnp.check.play.paired import DOWN, NON_BINARY, SQUARES, TOTAL, UP
from pnp.check.stats.inference import Moments, holm, mean_moments, share_moments
from pnp.check.stats.paired import paired_difference

ALPHA = 0.05  # a difference is beyond noise when its Holm-adjusted p-value (over the whole report) is below this


@dataclass(frozen=True)
class FigureChange:
    """One figure in both runs, other minus this game by game with its 95% interval, and whether it changed."""

    base: float
    other: float
    difference: float  # the mean per-game difference over the games both runs played
    low: float
    high: float
    p_value: float
    p_adjusted: float | None = optional()  # corrected with every figure of the report
    changed: bool | None = optional()
    test: str | None = optional()  # "McNemar exact" or "paired t"
    pairs: int | None = optional()  # the games the difference is over

    @classmethod
    def paired(cls, base: Moments, other: Moments, pairs: int, sums: list[float]) -> FigureChange:
        """A figure's means in the two runs, and its pairs of games with the sums of their differences."""
        d = paired_difference(pairs, sums[TOTAL], sums[SQUARES], sums[NON_BINARY] == 0 and base.share and other.share,
                              int(sums[UP]), int(sums[DOWN]))
        return cls(round(base.mean, 6), round(other.mean, 6), round(d.value, 6), round(d.low, 6), round(d.high, 6),
                   round(d.p_value, 6), test=d.test, pairs=d.pairs)


@dataclass(frozen=True)
class Comparison:
    """The other project compared: its folder, its deck integrity, and every figure that changed beyond noise."""

    project: str
    integrity: list[str]
    changed: list[str] = dataclasses.field(default_factory=list)  # "4 players: seat.1.win"


def play_moments(results: Results, players: int) -> dict[str, Moments]:
    """Every compared figure of one run and player count, by name."""
    records, games = results.records, len(results.records)
    out = {"ended_by_rules": share_moments(sum(r.ended_by_rules for r in records), games),
           "length.rounds": mean_moments([float(r.rounds) for r in records]),
           "length.moves": mean_moments([float(r.moves) for r in records]),
           "score": mean_moments([float(s) for r in records for s in r.scores]),
           "margin": mean_moments([float(margin) for margin in first_margins(records)])}
    for seat in range(players):
        out[f"seat.{seat + 1}.win"] = share_moments(sum(r.share(seat) for r in records), games)
    piles = sorted({key for r in records for key in r.figures if key.startswith(EXHAUSTED)})
    for pile in piles:
        out[pile] = share_moments(sum(pile in r.figures for r in records), games)
    for key, slot in sorted(results.totals.items()):
        out[f"figure.{key}"] = moments(slot, games)
    return out


def skill_moments(by_seat: list[Results]) -> Moments:
    """The win share of the player in one seat (greedy against random, or search against greedy), seats rotated:
    by_seat[k] holds the games with that player in seat k + 1; ties share a win."""
    wins = sum(r.share(seat) for seat, results in enumerate(by_seat) for r in results.records)
    return share_moments(wins, sum(len(results.records) for results in by_seat))


def differences(base: dict[str, Moments], other: dict[str, Moments],
                pairs: dict[str, tuple[int, list[float]]]) -> dict[str, FigureChange]:
    """Other minus base, game by game, for every figure either run has (missing from one run: 0 there).

    `pairs` holds each figure's pairs of games and the sums of their differences (see paired.figure_pairs).
    """
    out = {}
    for name in sorted(set(base) | set(other)):
        a = base.get(name) or Moments(0.0, 0.0, other[name].games, other[name].share)
        b = other.get(name) or Moments(0.0, 0.0, a.games, a.share)
        out[name] = FigureChange.paired(a, b, *pairs.get(name, (0, [0.0] * 6)))
    return out


def corrected(counts: dict[int, dict[str, FigureChange]]) -> dict[int, dict[str, FigureChange]]:
    """Every difference of the report Holm-corrected together, each marked changed when below ALPHA."""
    adjusted = iter(holm([row.p_value for rows in counts.values() for row in rows.values()]))
    return {count: {name: dataclasses.replace(row, p_adjusted=round(p, 6), changed=p < ALPHA)
                    for (name, row), p in zip(rows.items(), adjusted)} for count, rows in counts.items()}


def changed_names(counts: dict[int, dict[str, FigureChange]]) -> list[str]:
    """What changed beyond noise, as "4 players: figure.batting", in report order."""
    return [f"{count} players: {name}" for count, rows in counts.items() for name, row in rows.items() if row.changed]
