"""Markup left open in a cell: a `**` or `{colour|` that never closes would print the rest of the text changed."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.data.markup_syntax import open_markup
from pnp.data.table import RowProblem
from pnp.layout.template import names_used
from pnp.project.component import Component


def open_markup_cells(components: Sequence[Component]) -> list[RowProblem]:
    """A problem per cell a text element shows that opens bold or colour markup and never closes it."""
    problems: dict[tuple[str, int, str], RowProblem] = {}
    for component in components:
        columns = _text_columns(component)
        for row in component.table.rows:
            for column in columns:
                cell = row.values.get(column)
                found = open_markup(cell) if isinstance(cell, str) else None
                if found is not None:
                    key = (component.table.label, row.number, column)
                    problems.setdefault(key, _problem(key, *found))
    return list(problems.values())


def _text_columns(component: Component) -> list[str]:
    """The columns the component's text elements show, in the table's order."""
    used: set[str] = set()
    for layout in component.layouts():
        for element in layout.elements:
            source = getattr(element.props.get("text"), "source", None)
            if element.type == "text" and source is not None:
                used |= names_used(source)
    return [column for column in component.table.columns if column in used]


def _problem(key: tuple[str, int, str], at: int, token: str) -> RowProblem:
    """The cell's problem: which markup opens where, what it does to the rest, and how to close it."""
    file, row, column = key
    bold = token == "**"
    what = "bold '**'" if bold else f"colour '{token}'"
    rest = "bold" if bold else "in that colour"
    close = "close it with '**', or write \\** for asterisks" if bold else "close it with '}', or write \\{ for a brace"
    return RowProblem(file, (row,), column, f"{what} opens at character {at + 1} and never closes, so the rest of "
                                            f"the text prints {rest}", close, cell=True)
