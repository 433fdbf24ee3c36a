"""Cards of two versions of a component matched: by an `id` column where both have one, else by row content."""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher

from pnp.data.table import Row, Table

ID = "id"
ALIKE = 0.6  # rows without an id this alike (difflib's ratio over their cells) are one card, changed
MAX_PAIRINGS = 250_000  # unmatched old rows times new rows compared for likeness; past it they are removed and added
NAME_COLUMNS = ("name", "title", "name_ja", "名前", "id")


@dataclass(frozen=True)
class Pair:
    """A card in the earlier version, the new one, or both (then the same card, changed or not)."""

    old: Row | None
    new: Row | None


def printed(table: Table) -> list[Row]:
    """The rows that print at least one copy."""
    return [row for row in table.rows if row.count > 0]


def match_rows(old: Table, new: Table) -> list[Pair]:
    """Every printed row of both tables, paired where they are the same card; in the new file's order."""
    old_rows, new_rows = printed(old), printed(new)
    pairs: dict[int, Row | None] = {}  # new row number -> its old row
    by_id = ID in old.columns and ID in new.columns
    keys = (_id_key, _content_key) if by_id else (_content_key,)
    left = list(old_rows)
    for key in keys:
        waiting: dict[object, list[Row]] = {}
        for row in left:
            waiting.setdefault(key(row), []).append(row)
        for row in new_rows:
            found = waiting.get(key(row))
            if row.number not in pairs and found and key(row) != "":
                pairs[row.number] = found.pop(0)
        taken = {id(row) for row in pairs.values()}
        left = [row for row in left if id(row) not in taken]
    if not by_id:
        pairs.update(_alike([row for row in new_rows if row.number not in pairs], left))
    taken = {id(row) for row in pairs.values() if row is not None}
    result = [Pair(pairs.get(row.number), row) for row in new_rows]
    return result + [Pair(row, None) for row in old_rows if id(row) not in taken]


def _id_key(row: Row) -> object:
    return str(row.values.get(ID, "")).strip()


def _content_key(row: Row) -> object:
    return tuple(sorted((column, str(value)) for column, value in row.values.items()
                        if column != "count" and str(value) != ""))


def _alike(new_rows: list[Row], old_rows: list[Row]) -> dict[int, Row]:
    """Pair the unmatched rows that are most alike, best first, when at least ALIKE alike."""
    if not new_rows or not old_rows or len(new_rows) * len(old_rows) > MAX_PAIRINGS:
        return {}
    scored = []
    for i, new in enumerate(new_rows):
        text = _joined(new)
        for j, old in enumerate(old_rows):
            matcher = SequenceMatcher(None, _joined(old), text, autojunk=False)
            if matcher.real_quick_ratio() >= ALIKE and matcher.quick_ratio() >= ALIKE:
                ratio = matcher.ratio()
                if ratio >= ALIKE:
                    scored.append((-ratio, i, j))
    paired: dict[int, Row] = {}
    used: set[int] = set()
    for _, i, j in sorted(scored):
        if new_rows[i].number not in paired and j not in used:
            paired[new_rows[i].number] = old_rows[j]
            used.add(j)
    return paired


def _joined(row: Row) -> str:
    return "\x1f".join(str(value) for column, value in row.values.items() if column != "count")


def card_name(row: Row) -> str:
    """How lists name a card: its name (or title, or id) column, else its first non-empty cell."""
    for column in NAME_COLUMNS:
        value = str(row.values.get(column, "")).strip()
        if value:
            return value.replace("\n", " ")
    cells = [str(value).strip() for column, value in row.values.items() if column != "count" and str(value).strip()]
    return cells[0].replace("\n", " ")[:40] if cells else f"row {row.number}"
