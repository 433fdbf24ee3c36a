"""Language editions from one CSV: a column `text_en` stands in for `text` where it is filled."""

from __future__ import annotations

import dataclasses
import re

from pnp.data.table import Row, Table
from pnp.errors import UsageError
from pnp.project.games import Game

LANGUAGE = re.compile(r"[a-z]{2,3}")


def localize_game(game: Game, lang: str) -> Game:
    """The game's `<lang>` edition, named `<game>-<lang>`: every COLUMN_<lang> cell that is filled replaces COLUMN."""
    if not LANGUAGE.fullmatch(lang):
        raise UsageError(f"'{lang}' is not a language code", where="--lang",
                         fix="write a code of 2 or 3 lower-case letters, as in the column names, e.g. --lang en")
    suffix = f"_{lang}"
    if not any(column.endswith(suffix) for c in game.components for column in c.table.columns):
        raise UsageError(f"no column of {game.name} ends in {suffix}", where="--lang",
                         fix=f"add columns such as text{suffix} beside text in the CSV, or drop --lang")
    edition = f"{game.name}-{lang}"
    components = tuple(dataclasses.replace(c, game=edition, table=localize_table(c.table, lang))
                       for c in game.components)
    return game._replace(name=edition, components=components)


def localize_table(table: Table, lang: str) -> Table:
    """A table whose columns take the value of their `_<lang>` column in the rows where that is not empty."""
    pairs = [(column, f"{column}_{lang}") for column in table.columns if f"{column}_{lang}" in table.columns]
    if not pairs:
        return table
    return table._replace(rows=tuple(_localize_row(row, pairs) for row in table.rows))


def _localize_row(row: Row, pairs: list[tuple[str, str]]) -> Row:
    """One row with its translated cells in place of the originals."""
    values = dict(row.values)
    for column, translated in pairs:
        value = values[translated]
        if not (isinstance(value, str) and not value.strip()):
            values[column] = value
    return dataclasses.replace(row, values=values)
