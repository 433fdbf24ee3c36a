"""The whole check report: the figures of each player count, the baseline, any comparison and the deal section."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from pnp.check.figures import card_changes as card_change
from pnp.check.figures import cards as card_impact
from pnp.check.figures.card_changes import CardChange
from pnp.check.figures.cards import CardImpacts
from pnp.check.figures.compare import Comparison, FigureChange, changed_names
from pnp.check.figures.compare import corrected as corrected_changes
from pnp.check.figures.deal import DealSection
from pnp.check.figures.jsonform import FLAT, from_jsonable, optional
from pnp.check.figures.ladder import Ladder
from pnp.check.figures.play import PlayFigures
from pnp.check.figures.symmetry import SymmetryTest
from pnp.check.figures.symmetry import corrected as corrected_tests
from pnp.check.sweep.figures import SweepFigures


@dataclass(frozen=True)
class Baseline:
    """The same games played by random players in every seat: what luck alone does (not the headline)."""

    policy: str
    play: PlayFigures = field(metadata=FLAT)
    precision: float | None = optional()  # the half-width the games were played to (None: a fixed number)


@dataclass(frozen=True)
class CountFigures:
    """Every figure of one player count: play, symmetry tests, the skill ladder, the random baseline, any comparison."""

    play: PlayFigures = field(metadata=FLAT)
    symmetry: list[SymmetryTest]
    ladder: Ladder
    baseline: Baseline | None = optional()
    against: dict[str, FigureChange] | None = optional()  # by figure name, when --against is given
    cards: CardImpacts | None = optional()  # per-card impact, when the game declares card events
    card_changes: list[CardChange] | None = optional()  # each card's impact against the other project's
    sweeps: list[SweepFigures] | None = optional()  # each --vary: the figures at every value of its cells

    def flags(self) -> list[str]:
        """The findings for this player count a designer must not miss."""
        flags = []
        if self.play.termination.capped:
            flags.append(f"{self.play.termination.capped} stalled game(s)")
        for test in self.symmetry:
            if test.flagged:
                flags.append("seat order matters" if test.seats else f"uneven {test.group}")
        return flags + self.ladder.flags()

    @property
    def seats_flagged(self) -> bool:
        """Whether the seats' equal-share test is flagged (after the correction for every group compared)."""
        return any(test.seats and test.flagged for test in self.symmetry)

    @property
    def uneven(self) -> set[str]:
        """The groups flagged as uneven."""
        return {test.group for test in self.symmetry if test.flagged}


def with_sweeps(figures: CountFigures, sweeps: list[SweepFigures]) -> CountFigures:
    """A player count's figures with its sweeps (none: the key is left out)."""
    return dataclasses.replace(figures, sweeps=sweeps or None)


@dataclass(frozen=True)
class CheckReport:
    """The check of a game with a simulation: how it was run, deck integrity and every player count's figures."""

    game: str
    games: int | None  # games per player count, or None when --precision decides
    seed: int
    policy: str  # who plays the headline games
    command: str  # the command line that reproduces the report
    precision: float | None
    cap: int  # games per player count at most
    integrity: list[str]
    players: dict[int, CountFigures]
    against: Comparison | None = optional()
    deal: DealSection | None = optional()

    def corrected(self) -> CheckReport:
        """The report with every group test, and every difference, Holm-corrected over all its player counts."""
        tests = dict(zip(self.players, corrected_tests([fig.symmetry for fig in self.players.values()])))
        changes = corrected_changes({count: fig.against for count, fig in self.players.items()
                                     if fig.against is not None})
        players = {count: _with_tests(fig, tests[count], changes.get(count)) for count, fig in self.players.items()}
        players = _with_card_changes(_with_cards(players))
        against = self.against and dataclasses.replace(self.against, changed=changed_names(changes) + [
            f"{count} players: {row.label}" for count, fig in players.items() for row in fig.card_changes or ()
            if row.changed])
        return dataclasses.replace(self, players=players, against=against)


def _with_tests(fig: CountFigures, tests: list[SymmetryTest], changes: dict[str, FigureChange] | None
                ) -> CountFigures:
    """A player count's figures with its corrected tests (the seats' corrected p beside the seats) and changes."""
    seats = next(test for test in tests if test.seats)
    advantage = dataclasses.replace(fig.play.seat_advantage, p_adjusted=seats.p_adjusted)
    return dataclasses.replace(fig, play=dataclasses.replace(fig.play, seat_advantage=advantage), symmetry=tests,
                               against=changes)


def _with_cards(players: dict[int, CountFigures]) -> dict[int, CountFigures]:
    """Every player count's per-card impact, Holm-corrected over the whole report."""
    tables = card_impact.corrected([fig.cards for fig in players.values()])
    return {count: dataclasses.replace(fig, cards=table) for (count, fig), table in zip(players.items(), tables)}


def _with_card_changes(players: dict[int, CountFigures]) -> dict[int, CountFigures]:
    """Every player count's card changes against the other project, Holm-corrected over the whole report."""
    rows = card_change.corrected([fig.card_changes for fig in players.values()])
    return {count: dataclasses.replace(fig, card_changes=changes)
            for (count, fig), changes in zip(players.items(), rows)}


@dataclass(frozen=True)
class DealOnlyReport:
    """The check of a game without a simulation: its components' integrity and any deal-and-draw section."""

    game: str
    seed: int
    command: str
    integrity: list[str]
    simulation: bool = False
    deal: DealSection | None = optional()


Report = CheckReport | DealOnlyReport


def report_from_json(data: dict) -> Report:
    """A report read back from what --json wrote (every figure the text and the charts draw is in it)."""
    if data.get("simulation") is False:
        return from_jsonable(DealOnlyReport, data)
    return from_jsonable(CheckReport, data)
