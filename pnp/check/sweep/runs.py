"""The runs of a sweep: each value of each swept cell, at each player count, paired with the project as it is.

Every value plays the same seeds (the headline's first games) as the project, compared game by game as
--against does; the variant's data is loaded here with the one cell read as the value and shared with the
workers. The project's games are played once for a group of variants (VariantGames), not once for each.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.check.play.paired import Pairs, VariantGames, variant_groups
from pnp.check.play.runs import Plan
from pnp.check.sweep.figures import SweepFigures, SweptCellFigures, balance, ranked, sweep_value
from pnp.check.sweep.vary import MAX_VARIANTS, WHERE, SweptCell, Vary, swept_cells, variant_data
from pnp.errors import UsageError
from pnp.pool import Pool, Shared
from pnp.project.games import Project
from pnp.sim import GameSpec

GAMES = 400  # games each value plays without --games: a listed value
STEP_GAMES = 200  # ... and each side of a ±N sweep over every row


@dataclass(frozen=True)
class Sweep:
    """One --vary, checked: its cells and the games each value plays."""

    vary: Vary
    cells: list[SweptCell]
    games: int


@dataclass
class SweepRuns:
    """The runs of one sweep at one player count: its variants in groups, each group's games paired with the
    project's."""

    sweep: Sweep
    players: int
    all: list[VariantGames]

    @property
    def runs(self) -> list[list[Pairs]]:
        """Per cell, per value: its games paired with the project's."""
        pairs = iter([pairs for run in self.all for pairs in run.pairs])
        return [[next(pairs) for _ in cell.values] for cell in self.sweep.cells]

    def figures(self, balance_rule: str) -> SweepFigures:
        """Every cell's figures at every value, its balance, and (±N over every row) the ranking."""
        cells = [self._cell(cell, runs, balance_rule) for cell, runs in zip(self.sweep.cells, self.runs)]
        vary = self.sweep.vary
        ranking = ranked(cells, vary.step) if vary.step is not None and vary.row is None else None
        return SweepFigures(vary.text, self.sweep.games, vary.step, balance_rule, cells, ranking)

    def _cell(self, cell: SweptCell, runs: list[Pairs], balance_rule: str) -> SweptCellFigures:
        """One cell's figures."""
        sums = runs[0].mine.cards
        card = next((c for c in sums.printed() if (c.file, c.row) == (cell.cell.file, cell.cell.row)), None) \
            if sums is not None else None
        event = _event(sums.declared()) if sums is not None and card is not None else None
        values = [sweep_value(value, pairs, self.players, card, event) for value, pairs in zip(cell.values, runs)]
        return SweptCellFigures(cell.cell.file, cell.cell.row, cell.cell.column, cell.name, cell.base, event, values,
                                balance(values, balance_rule, event, self.players))


def _event(kinds: list[str]) -> str | None:
    """The impact a sweep follows: held when the game declares it, else the first event declared."""
    return "held" if "held" in kinds else kinds[0] if kinds else None


def plan_sweeps(project: Project, game: str, varies: list[Vary], games: int | None) -> list[Sweep]:
    """Every --vary checked against the project, with the games each value plays; too many variants is refused."""
    sweeps = []
    for vary in varies:
        cells = swept_cells(project, game, vary)
        each = games if games is not None else STEP_GAMES if vary.row is None else GAMES
        sweeps.append(Sweep(vary, cells, each))
    variants = sum(len(cell.values) for sweep in sweeps for cell in sweep.cells)
    if variants > MAX_VARIANTS:
        raise UsageError(f"the sweep asks for {variants} variants, more than the limit of {MAX_VARIANTS}",
                         where=WHERE, fix="vary fewer cells or values at once")
    return sweeps


def variants_data(project: Project, spec: GameSpec, sweeps: list[Sweep]) -> list[list[list[object]]]:
    """Each variant's data, read here with its cell overridden: per sweep, per cell, per value."""
    return [[[variant_data(project, spec, cell, value) for value in cell.values] for cell in sweep.cells]
            for sweep in sweeps]


def sweep_runs(plan: Plan, data: Shared, sweep: Sweep, shared: list[list[Shared]], workers: int) -> SweepRuns:
    """The runs of one sweep at one player count: every value on the same seeds as the project's games (`plan`, on
    `data`), each paired with them."""
    variants = [value for cell_data in shared for value in cell_data]  # every value of every cell, in order
    size = variant_groups(len(variants), plan.chunks(), workers)
    return SweepRuns(sweep, plan.players, [VariantGames(plan, data, variants[start:start + size])
                                           for start in range(0, len(variants), size)])


def shared_variants(pool: Pool, data: list[list[object]]) -> list[list[Shared]]:
    """Every variant's data of one sweep shared with the workers: per cell, per value."""
    return [[pool.share(value) for value in values] for values in data]

