"""A where: that keeps no row: the error names the component, the expression and the values the tested columns hold."""

from __future__ import annotations

import difflib
import re
from typing import Any

from pnp.data.table import Table
from pnp.errors import PnpError
from pnp.layout.template import names_used

VALUES_SHOWN = 6  # distinct values shown per tested column
QUOTED = re.compile(r"'([^'\\]*)'|\"([^\"\\]*)\"")


def nothing_kept(table: Table, expression: str, key: str, component: str) -> PnpError:
    """The error for a where: that keeps none of the table's rows, with a close value suggested where there is one."""
    tested = [column for column in table.columns if column in names_used(expression)]
    held = {column: list(dict.fromkeys(row.values[column] for row in table.rows)) for column in tested}
    shown = "; ".join(f"{column} holds {_values(values)}" for column, values in held.items())
    message = f"the where: of component {component}, {expression}, keeps none of the {len(table.rows)} rows of " \
              f"{table.label}" + (f" ({shown})" if shown else "")
    close = _close_value(expression, held)
    fix = f"did you mean {close!r}?" if close else \
        "test values the rows hold, or leave the component out of game.yaml"
    return PnpError(message, where=key, fix=fix)


def _values(values: list[Any]) -> str:
    """A few distinct cell values as the expression would write them: 'attack', 'defence' and 2 more."""
    listed = ", ".join(repr(value) for value in values[:VALUES_SHOWN])
    return listed + (f" and {len(values) - VALUES_SHOWN} more" if len(values) > VALUES_SHOWN else "")


def _close_value(expression: str, held: dict[str, list[Any]]) -> str | None:
    """A value the rows hold that is close to a quoted value of the expression no row holds (a typo), else None."""
    texts = [str(value) for values in held.values() for value in values]
    for match in QUOTED.finditer(expression):
        written = match.group(1) if match.group(1) is not None else match.group(2)
        if written in texts:
            continue
        close = difflib.get_close_matches(written, texts, n=1)
        if close:
            return close[0]
    return None
