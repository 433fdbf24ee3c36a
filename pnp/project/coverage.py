"""Every row printed: the rows of a game's own data files no component prints, and the where: that left them out."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnp.data.table import Row, RowProblem
from pnp.layout.template import names_used
from pnp.project.component import Component, Source

CELLS_SHOWN = 3  # rows whose tested cells are shown


def unprinted_rows(components: Sequence[Component]) -> list[RowProblem]:
    """An error per data file of the game's own whose rows (count above 0) no component prints."""
    readers: dict[tuple[Path, str | None], list[Component]] = {}
    for component in components:
        source = component.source
        if source is not None and not source.borrowed:
            readers.setdefault((source.table.path, source.sheet), []).append(component)
    errors = []
    for group in readers.values():
        sources = [c.source for c in group if c.source is not None]
        if any(s.where is None or s.selection for s in sources):
            continue  # a component prints every row, or declares the rows it leaves out are left out on purpose
        printed = {row.number for c in group for row in c.table.rows}
        lost = [row for row in sources[0].table.rows if row.number not in printed and row.count > 0]
        if lost:
            errors.append(_lost(lost, group, sources))
    return errors


def _lost(rows: list[Row], group: list[Component], sources: list[Source]) -> RowProblem:
    """The rows no component prints, naming the components whose where: left them out and the cells it tests."""
    table = sources[0].table
    names = [c.name for c in group]
    owners = names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"
    tested = [c for c in table.columns if any(c in names_used(s.where or "") for s in sources)]
    cells = "; ".join(f"row {row.number}: " + ", ".join(f"{c} {row.values[c]!r}" for c in tested)
                      for row in rows[:CELLS_SHOWN])
    return RowProblem(table.label, tuple(row.number for row in rows), ", ".join(tested) or "where",
                      f"printed by no component: the where: of {owners} leaves {'them' if len(rows) > 1 else 'it'} "
                      "out" + (f" ({cells})" if tested else ""),
                      "correct the cells the where: tests, mark rows that are no cards in a skip column, or write "
                      "selection: true beside a where: that leaves rows out on purpose")
