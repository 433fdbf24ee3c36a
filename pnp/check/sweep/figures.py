"""`--vary`: each value of a swept cell played on the same seeds as the project as it is, and how the figures respond.

For every value: the win share of each seat, the game length and the card's own impact, each with its 95%
interval, and each compared with the project as it is game by game (compare.py, card_changes.py). The balance
is the value nearest the balance asked for: `fair` (the card's holders win their fair share: its impact nearest
0) or `seats` (the seats' win shares nearest even). A sweep of every row by ±N ranks the cards by how much their
own impact moves per step.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.check.figures import compare
from pnp.check.figures.card_changes import CardChange, card_changes
from pnp.check.figures.cards import EventImpact, event_impact
from pnp.check.figures.compare import FigureChange
from pnp.check.figures.jsonform import optional
from pnp.check.figures.values import ShareFigure
from pnp.check.play.paired import Pairs, figure_pairs
from pnp.check.stats.inference import mean_interval
from pnp.sim.card_events import PrintedCard

LENGTH = "length.rounds"


@dataclass(frozen=True)
class MeanValue:
    """A mean with its Student's t 95% interval."""

    mean: float
    low: float
    high: float


@dataclass(frozen=True)
class SweepValue:
    """The figures with the cell at one value: their own 95% intervals, and each against the project as it is."""

    value: str
    games: int
    seats: list[ShareFigure]  # win share of seat 1, 2, ...
    length: MeanValue  # rounds
    seat_changes: list[FigureChange]  # this value minus the project as it is, game by game
    length_change: FigureChange
    impact: EventImpact | None = optional()  # the card's own impact (None: no seat, or every seat, had it)
    impact_change: CardChange | None = optional()


@dataclass(frozen=True)
class Balance:
    """The value nearest the balance asked for, and the figure that decides it with its 95% interval."""

    rule: str  # fair or seats
    value: str
    figure: str  # what was brought nearest to balance: "held impact", "seat 2 win share"
    estimate: float
    low: float
    high: float
    target: float  # where balance lies: 0 for an impact, the fair share for a seat


@dataclass(frozen=True)
class SweptCellFigures:
    """One swept cell at one player count: the card, its value in the file, and the figures at every value."""

    file: str
    row: int
    column: str
    name: str
    base: str  # the value in the file
    event: str | None  # the impact shown: held when the game declares it
    values: list[SweepValue]
    balance: Balance | None = optional()

    @property
    def label(self) -> str:
        return f"{self.name} ({self.file} row {self.row}, {self.column})"


@dataclass(frozen=True)
class Sensitivity:
    """A card of a ±N sweep: how much its own impact, and the seats' win shares, move per step of the value."""

    file: str
    row: int
    name: str
    base: str
    impact: float | None  # (impact change at +N minus at -N) / 2N: per unit of the value
    seats: float  # the largest seat's win-share change per unit, in absolute value
    down: CardChange | None = optional()  # the impact change at -N, with its interval
    up: CardChange | None = optional()


@dataclass(frozen=True)
class SweepFigures:
    """One --vary at one player count: how it was asked, the games each value played, every cell swept."""

    vary: str
    games: int  # games each value played (on the same seeds for every value)
    step: int | None  # ±N sweeps
    balance: str
    cells: list[SweptCellFigures]
    ranking: list[Sensitivity] | None = optional()  # ±N over every row: strongest response first


def sweep_value(value: str, pairs: Pairs, players: int, card: PrintedCard | None, event: str | None) -> SweepValue:
    """One value's figures from its games paired with the project's."""
    mine, theirs = compare.play_moments(pairs.mine, players), compare.play_moments(pairs.theirs, players)
    changes = compare.differences(mine, theirs, figure_pairs(pairs))
    seats = [f"seat.{seat + 1}.win" for seat in range(players)]
    shares = [ShareFigure.of(theirs[name].total, theirs[name].games) for name in seats]
    length = mean_interval(theirs[LENGTH])
    impact = change = None
    if card is not None and event is not None and pairs.theirs.cards is not None and pairs.mine.cards is not None:
        impact = event_impact(pairs.theirs.cards, event, card)
        change = next((row for row in card_changes(pairs.mine.cards, pairs.theirs.cards, pairs.cards)
                       if row.row == card.row and row.file == card.file and row.event == event), None)
    return SweepValue(value, pairs.games, shares, MeanValue(round(length.value, 6), round(length.low, 6),
                                                            round(length.high, 6)),
                      [changes[name] for name in seats], changes[LENGTH], impact, change)


def balance(values: list[SweepValue], rule: str, event: str | None, players: int) -> Balance | None:
    """The value nearest the balance `rule` names (the first of equals), None when no value measures it."""
    if rule == "fair":
        measured = [(abs(v.impact.difference), v) for v in values if v.impact is not None]
        if not measured:
            return None
        best = min(measured, key=lambda pair: pair[0])[1]
        assert best.impact is not None
        return Balance(rule, best.value, f"{event} impact", best.impact.difference, best.impact.low,
                       best.impact.high, 0.0)
    fair = 1 / players
    best = min(values, key=lambda v: max(abs(share.share - fair) for share in v.seats))
    seat = max(range(players), key=lambda s: abs(best.seats[s].share - fair))
    share = best.seats[seat]
    return Balance(rule, best.value, f"seat {seat + 1} win share", share.share, share.low, share.high,
                   round(fair, 6))


def sensitivity(cell: SweptCellFigures, step: int) -> Sensitivity:
    """How much a ±N cell's own impact and the seats move per unit of its value."""
    down, up = cell.values
    impact = None
    if down.impact_change is not None and up.impact_change is not None:
        impact = round((up.impact_change.difference - down.impact_change.difference) / (2 * step), 6)
    seats = max(abs(u.difference - d.difference) for u, d in zip(up.seat_changes, down.seat_changes)) / (2 * step)
    return Sensitivity(cell.file, cell.row, cell.name, cell.base, impact, round(seats, 6), down.impact_change,
                       up.impact_change)


def ranked(cells: list[SweptCellFigures], step: int) -> list[Sensitivity]:
    """The cells of a ±N sweep, the strongest response of the card's own impact first (then the seats')."""
    found = [sensitivity(cell, step) for cell in cells]
    return sorted(found, key=lambda s: (s.impact is None, -abs(s.impact or 0.0), -s.seats, s.file, s.row))
