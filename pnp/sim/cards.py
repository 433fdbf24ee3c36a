"""The printed cards as a simulation reads them: a component's rows, exactly as `pnp build` prints them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.data.table import Row, Table
from pnp.errors import PnpError

if TYPE_CHECKING:
    from pnp.project.games import Project

__all__ = ["Row", "Table", "component_names", "read_component", "row_expression", "RowExpression"]


def read_component(project: Project, game: str, name: str) -> Table:
    """A component's rows as the print reads them (game.yaml's `from:` and `where:` applied), else NAME.csv.

    A file the print does not use (a set-up table, say) is read as NAME.csv of the game folder.
    """
    table = project.component_table(game, name)
    if table is not None:
        return table
    if (project.root / "card_data" / game / f"{name}.csv").is_file():
        return project.read_csv(game, f"{name}.csv")
    known = ", ".join(component_names(project, game)) or "none"
    raise PnpError(f"no component '{name}' and no {name}.csv", where=f"card_data/{game}",
                   fix=f"add {name}.csv or list it under components: in game.yaml (components: {known})")


def component_names(project: Project, game: str) -> list[str]:
    """The components of a game in print order: game.yaml's list, else its CSV files."""
    names = project.component_names(game)
    if names:
        return names
    folder = project.root / "card_data" / game
    return sorted(path.stem for path in folder.glob("*.csv"))


@dataclass(frozen=True)
class RowExpression:
    """A sandboxed Jinja2 expression over CSV rows, as `where:` and layouts read them."""

    source: str
    names: frozenset[str]  # the names it reads (Jinja's own functions left out)
    compiled: Any

    def evaluate(self, context: dict[str, Any], row_where: str) -> Any:
        """Its value for the rows in `context`; an error names the expression and the row."""
        return self.compiled.evaluate(context, row_where)


def row_expression(source: str, where: str) -> RowExpression:
    """Compile an expression over rows (a PnpError naming `where` when it is not valid Jinja2)."""
    from pnp.layout.template import BUILTIN_NAMES, compile_expression, names_used

    compiled = compile_expression(source, where)
    jinja_functions = BUILTIN_NAMES - {"card", "vars", "loop"}
    return RowExpression(source, names_used(compiled.source) - jinja_functions, compiled)
