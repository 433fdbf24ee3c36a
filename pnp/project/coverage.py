"""Every row printed once: rows of a game's own data files no component prints, or two components print."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnp.data.table import Row, RowProblem
from pnp.layout.template import names_used
from pnp.project.component import Component, Source

CELLS_SHOWN = 3  # rows whose tested cells are shown


def _readers(components: Sequence[Component]) -> list[list[Component]]:
    """The components that read each data file (or sheet) of the game's own, by file, in print order."""
    readers: dict[tuple[Path, str | None], list[Component]] = {}
    for component in components:
        source = component.source
        if source is not None and not source.borrowed:
            readers.setdefault((source.table.path, source.sheet), []).append(component)
    return list(readers.values())


def unprinted_rows(components: Sequence[Component]) -> list[RowProblem]:
    """An error per data file of the game's own whose rows (count above 0) no component prints."""
    errors = []
    for group in _readers(components):
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


def doubled_rows(components: Sequence[Component]) -> list[RowProblem]:
    """An error per pair of components printing the same rows of the game's own file, unless one has shares_rows."""
    errors = []
    for group in _readers(components):
        alone = [c for c in group if c.source is not None and not c.source.shares_rows]
        for index, first in enumerate(alone):
            printed = {row.number for row in first.table.rows if row.count > 0}
            for second in alone[index + 1:]:
                both = tuple(row.number for row in second.table.rows if row.number in printed)
                if both:
                    errors.append(_doubled(both, first, second))
    return errors


def _doubled(rows: tuple[int, ...], first: Component, second: Component) -> RowProblem:
    """The rows two components both print, naming the components and what each keeps."""
    table = first.table
    kept = " and ".join(f"{c.name} ({_keeps(c)})" for c in (first, second))
    return RowProblem(table.label, rows, "where", f"printed twice, by components {kept}",
                      "give each row to one component with a where: on each, or write shares_rows: true on a "
                      "component that prints them again on purpose")


def _keeps(component: Component) -> str:
    """What a component keeps of its data file: every row, or the rows its where: keeps."""
    where = component.source.where if component.source is not None else None
    return "every row" if where is None else f"where: {where}"
