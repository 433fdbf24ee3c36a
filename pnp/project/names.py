"""The game's names: short one-line cells (card and character names, labels, kinds), which text keeps whole."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator

from pnp.data.table import Table

NAME_LENGTH = 30  # a column whose every cell is one short line holds names, labels or kinds
MIN_WHOLE = 2  # characters: a shorter word never needs keeping whole


def short_cells(table: Table) -> Iterator[str]:
    """The cells of every column that holds only short one-line values (names, labels, kinds, roles)."""
    for column in table.columns:
        values = [str(row.values.get(column, "")) for row in table.rows]
        values = [v for v in values if v.strip()]
        if values and all("\n" not in v and "。" not in v and len(v) <= NAME_LENGTH for v in values):
            yield from values


def whole_names(tables: Iterable[Table]) -> frozenset[str]:
    """The names a line break never splits: the short cells (parts split at '|') in Japanese or Chinese script.

    A name with a space or in Latin script alone is left to break at its spaces, as any English text.
    """
    names = set()
    for table in tables:
        for cell in short_cells(table):
            for part in cell.split("|"):
                name = part.strip()
                if len(name) >= MIN_WHOLE and not any(char.isspace() for char in name) and _is_wide_script(name):
                    names.add(name)
    return frozenset(names)


def _is_wide_script(name: str) -> bool:
    """Whether a name has a full-width character: kana, kanji (a line may break between any two of them)."""
    return any(unicodedata.east_asian_width(char) in "WF" for char in name)
