"""The figures of one run of games: how they ended, length, seats, scores, piles and the game's own figures."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.check.figures.jsonform import FLAT, optional
from pnp.check.figures.values import Distribution, FigureInterval, ShareFigure, Summary
from pnp.check.play.chunks import EXHAUSTED, Results
from pnp.check.play.game import GameRecord
from pnp.check.stats.describe import chi_square_uniform
from pnp.check.stats.inference import Moments


def seat_wins(records: list[GameRecord], players: int) -> list[float]:
    """Games won per seat, a tie's win shared among its winners."""
    wins = [0.0] * players
    for record in records:
        for seat in record.winners:
            wins[seat] += 1.0 / len(record.winners)
    return wins


def first_margins(records: list[GameRecord]) -> list[float]:
    """Per game with two or more players, the best score minus the second best."""
    ranked = (sorted(r.scores) for r in records if len(r.scores) > 1)
    return [scores[-1] - scores[-2] for scores in ranked]


def moments(slot: list[float], games: int) -> Moments:
    """A game figure's moments from its running sums (games counts every game of the run)."""
    total, skipped, squares, above_one = slot
    return Moments(total, squares, games - int(skipped), not above_one)


@dataclass(frozen=True)
class Termination:
    """How many games ended by the rules (and their share), how many hit the safety cap, and seeds to replay."""

    ended_by_rules: int
    capped: int
    ended: ShareFigure = field(metadata=FLAT)
    stalled_seeds: list[int]

    @classmethod
    def of(cls, records: list[GameRecord]) -> Termination:
        """The termination figures of a run."""
        ended = sum(r.ended_by_rules for r in records)
        return cls(ended, len(records) - ended, ShareFigure.of(ended, len(records)),
                   [r.seed for r in records if not r.ended_by_rules][:20])


@dataclass(frozen=True)
class SeatShare:
    """One seat's wins (a tie shared among its winners) and its win share."""

    seat: int  # 1 plays first
    wins: float
    won: ShareFigure = field(metadata=FLAT)


@dataclass(frozen=True)
class SeatAdvantage:
    """Win share per seat, and a chi-square test of the wins against equal shares."""

    seats: list[SeatShare]
    chi_square: float
    p_value: float
    p_adjusted: float | None = optional()  # the seats' test, corrected with every group of the report

    @classmethod
    def of(cls, records: list[GameRecord], players: int) -> SeatAdvantage:
        """The seats of a run."""
        wins = seat_wins(records, players)
        statistic, p_value = chi_square_uniform(wins)
        seats = [SeatShare(seat + 1, round(w, 6), ShareFigure.of(w, len(records))) for seat, w in enumerate(wins)]
        return cls(seats, round(statistic, 6), round(p_value, 6))


@dataclass(frozen=True)
class ScoreSpread:
    """Every seat's final score, each seat's apart, and the margin between first and second."""

    scores: Distribution
    margin: Distribution
    by_seat: list[Distribution]

    @classmethod
    def of(cls, records: list[GameRecord], players: int) -> ScoreSpread:
        """The scores of a run."""
        scores = [s for r in records for s in r.scores]
        by_seat = [Distribution.of([r.scores[seat] for r in records if len(r.scores) > seat])
                   for seat in range(players)]
        return cls(Distribution.of(scores, binned=True), Distribution.of(first_margins(records), binned=True), by_seat)


@dataclass(frozen=True)
class PileFigure:
    """How often a pile ran out, and when (in rounds)."""

    ran_out: ShareFigure = field(metadata=FLAT)
    when: Summary

    @classmethod
    def piles(cls, records: list[GameRecord], piles: tuple[str, ...] = ()) -> dict[str, PileFigure]:
        """Every pile the game names, and any that ran out, in name order."""
        when: dict[str, list[float]] = {pile: [] for pile in piles}
        for record in records:
            for key, value in record.figures.items():
                if key.startswith(EXHAUSTED) and value is not None:
                    when.setdefault(key[len(EXHAUSTED):], []).append(value)
        return {pile: cls(ShareFigure.of(len(times), len(records)), Summary.of(times))
                for pile, times in sorted(when.items())}


@dataclass(frozen=True)
class PlayFigures:
    """Everything measured in one run of games at one player count."""

    games: int
    termination: Termination
    length_moves: Distribution
    length_rounds: Distribution
    seat_advantage: SeatAdvantage
    score_spread: ScoreSpread
    exhaustion: dict[str, PileFigure]
    figures: dict[str, float]  # the game's own figures: mean per game (or share of games)
    figure_intervals: dict[str, FigureInterval]

    @classmethod
    def of(cls, results: Results, players: int, piles: tuple[str, ...] = ()) -> PlayFigures:
        """The figures of a run."""
        records, games = results.records, len(results.records)
        figures = {key: moments(slot, games) for key, slot in sorted(results.totals.items())}
        return cls(games, Termination.of(records),
                   Distribution.of([r.moves for r in records], binned=True),
                   Distribution.of([r.rounds for r in records], binned=True),
                   SeatAdvantage.of(records, players), ScoreSpread.of(records, players),
                   PileFigure.piles(records, piles), {key: round(m.mean, 6) for key, m in figures.items()},
                   {key: FigureInterval.of(m) for key, m in figures.items()})

    @property
    def length(self) -> tuple[Distribution, str]:
        """Game length in rounds, or in moves when the game counts no rounds, with its unit."""
        return (self.length_rounds, "rounds") if self.length_rounds.max > 0 else (self.length_moves, "moves")
