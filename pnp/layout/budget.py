"""The template work and time one build may take: steps summed row by row, in the order the cards are drawn.

Every template and expression of a build is counted (layout/steps.py) and its steps added here, so the total is
the same on every run. A template is given at most what the build has left, so the build stops at its bound,
not one template later. The time limit, when set, is checked between cards, never with a signal or a thread.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import NamedTuple

from pnp import limits
from pnp.errors import PnpError
from pnp.layout.steps import BuildStepsOver

FEWER = "build fewer cards (--component)"
ROWS_SHOWN = 3
_clock = time.monotonic  # read through the module, so a test can give the budget a clock of its own


class RowKey(NamedTuple):
    """A CSV row as drawn for one component."""

    table: str
    component: str
    row: int


@dataclass
class WorkBudget:
    """Steps the templates of one build may take all told, and the seconds the build may run (None: no limit)."""

    steps: int = field(default_factory=lambda: limits.MAX_BUILD_TEMPLATE_STEPS)
    seconds: float | None = None
    used: int = 0
    by_row: dict[RowKey, int] = field(default_factory=dict)
    current: RowKey | None = None
    started: float = field(init=False)

    def __post_init__(self) -> None:
        self.started = _clock()

    @contextmanager
    def row(self, table: str, component: str, row: int) -> Iterator[None]:
        """Count the block's steps to this row (within the time limit); a build over its steps ends in one line."""
        if self.seconds is not None and _clock() - self.started > self.seconds:
            raise self._over_time(table, component, row)
        self.current = RowKey(table, component, row)
        try:
            yield
        except BuildStepsOver:
            raise self.over_steps() from None

    def allowance(self) -> tuple[int, bool]:
        """The steps the next evaluation may take, and whether that is what the build has left (not its own limit)."""
        left, own = self.steps - self.used, limits.MAX_TEMPLATE_STEPS
        return (own, False) if left >= own else (max(left, 0), True)

    def spend(self, steps: int) -> None:
        """Add an evaluation's steps to the build and to the row being drawn."""
        self.used += steps
        if self.current is not None:
            self.by_row[self.current] = self.by_row.get(self.current, 0) + steps

    def over_steps(self) -> PnpError:
        """The one-line error for a build whose templates passed the budget."""
        where = self.current.table if self.current else None
        return PnpError(f"the build's templates did {self.used:,} steps, over the limit of {self.steps:,} "
                        f"(most {self._most()})", where=where, fix=f"simplify the templates, or {FEWER}")

    def _over_time(self, table: str, component: str, row: int) -> PnpError:
        most = f" (most template work {self._most()})" if self.used else ""
        of = f" of component '{component}'" if component else ""
        return PnpError(f"the build took longer than its time limit of {self.seconds:g} s (--time-limit), stopping "
                        f"before row {row}{of}{most}", where=table,
                        fix=f"allow more time, simplify the templates, or {FEWER}")

    def _most(self) -> str:
        """Where the most work went: "in component 'cards', rows 2, 3 and 4: 1,000 steps each"."""
        components: dict[tuple[str, str], int] = {}
        for key, steps in self.by_row.items():
            components[key.table, key.component] = components.get((key.table, key.component), 0) + steps
        if not components:
            return "in no row"
        table, component = max(components, key=lambda name: components[name])  # the first of equals
        rows = sorted(((steps, key.row) for key, steps in self.by_row.items()
                       if (key.table, key.component) == (table, component)), key=lambda pair: (-pair[0], pair[1]))
        named = f"component '{component}'" if component else table
        return f"in {named}, {_rows(rows[:ROWS_SHOWN])}"


def _rows(rows: list[tuple[int, int]]) -> str:
    """'row 2: 5 steps', 'rows 2, 3 and 4: 5 steps each' or 'rows 2 (9 steps), 3 (5) and 4 (1)'."""
    if len(rows) == 1:
        return f"row {rows[0][1]}: {_steps(rows[0][0])}"
    if len({steps for steps, _ in rows}) == 1:
        return f"rows {_listed([str(row) for _, row in rows])}: {_steps(rows[0][0])} each"
    shown = [f"{row} ({_steps(steps) if index == 0 else f'{steps:,}'})" for index, (steps, row) in enumerate(rows)]
    return f"rows {_listed(shown)}"


def _steps(count: int) -> str:
    return f"{count:,} step{'' if count == 1 else 's'}"


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"
