"""The print's own integrity in the check report: rows a quote swallowed, rows no component prints, unknown symbols."""

from __future__ import annotations

import dataclasses
import re

from pnp.data.table import Row
from pnp.errors import PnpError
from pnp.layout.files import Element, Layout
from pnp.layout.template import Template, names_used
from pnp.project.component import Component
from pnp.project.games import Project
from pnp.text.symbols import unknown_symbol, unknown_symbols

TAGS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)  # a template's own text is what lies between its tags


def lenient(project: Project) -> Project:
    """The project read as proof and check read it: rows a build stops at are kept and noted."""
    return project if project.lenient else dataclasses.replace(project, lenient=True)


def print_findings(project: Project, game: str) -> list[str]:
    """Each problem a build of the game would stop at among these three, as the one line a build prints.

    A game whose print does not load (a layout missing, say) has none to report: the build names that.
    """
    try:
        loaded = lenient(project).load_game(game)
    except PnpError:
        return []
    findings = [str(problem.error()) for problem in loaded.problems]
    for component in loaded.components:
        findings += [f for f in _symbol_findings(component) if f not in findings]
    return findings


def _symbol_findings(component: Component) -> list[str]:
    """Unknown :name: symbols in the cells (and layout text) a component's text elements print."""
    found: list[str] = []
    for row in component.table.rows:
        for layout in filter(None, (component.front_for(row), component.back_for(row))):
            for element in layout.elements:
                if element.type == "text" and _shown(element, layout, row):
                    found += _in_text(element, layout, component, row)
    return list(dict.fromkeys(found))


def _in_text(element: Element, layout: Layout, component: Component, row: Row) -> list[str]:
    """Unknown symbols of one text element on one row: in the cells it reads, or in its own text."""
    template = element.props.get("text")
    source = template.source if isinstance(template, Template) else str(template or "")
    columns = sorted(names_used(source) & set(component.table.columns)) if isinstance(template, Template) else []
    texts = [(column, str(row.values.get(column, ""))) for column in columns] + [(element.id, TAGS.sub("", source))]
    where = component.table.where(row)
    lines = []
    for field, text in texts:
        for name in unknown_symbols(text, layout.symbols):
            message, fix = unknown_symbol(name, layout.symbols)
            lines.append(str(PnpError(f"{message} ({element.where})", where=f"{where}, field {field}", fix=fix)))
    return lines


def _shown(element: Element, layout: Layout, row: Row) -> bool:
    """Tell whether the element is drawn on this row (its visible: expression, as a build reads it)."""
    if element.visible is None:
        return True
    values = {**layout.vars, "vars": layout.vars, **row.values, "card": {"row": row.number, "copy": 1,
                                                                         "count": row.count}}
    try:
        value = element.visible.evaluate(values, "")
    except PnpError:
        return True
    if isinstance(value, str):
        return value.strip().lower() not in ("", "0", "false", "no", "none")
    return bool(value)
