"""The secret-rule library: card_data/eleusis/secret_rules.csv, one rule a row, as acceptance tables.

Each rule's `accept` column is a Jinja2 expression over `card` (the card being judged) and `prev` (the last
card of the main line), each a row of the deck's CSV (suit, symbol, rank, value, color, label, name). It is
evaluated once for every pair of faces, so the simulation judges a card by one table look-up.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.sim import PnpError, Table, read_component, row_expression

LIBRARY = "secret_rules"  # secret_rules.csv: not printed, read beside the printed decks
COLUMNS = ("id", "text", "hint", "accept", "description")
NAMES = {"card", "prev"}
_TABLES: dict[tuple, bytes] = {}  # (expression, faces) -> table: scratch projects reuse the evaluation


@dataclass(frozen=True)
class SecretRule:
    """One rule a dealer may write on the slip."""

    id: str
    text: str  # the Japanese line for the rule slip
    hint: str  # the first hint (ヒントタイム): what the rule looks at
    accept: str
    description: str
    where: str  # file and row, for messages


@dataclass(frozen=True)
class Library:
    """The rules and, per rule, table[prev * faces + card] = 1 when the card may follow prev on the main line."""

    rules: tuple[SecretRule, ...]
    tables: tuple[bytes, ...]
    accept_mask: tuple[int, ...]  # by prev * faces + card: a bit per rule that accepts the card
    hint_mask: dict[str, int]  # hint text -> a bit per rule with that hint
    dead_mask: tuple[int, ...]  # by prev: a bit per rule that accepts no card after prev
    faces: int
    table: Table

    @property
    def everything(self) -> int:
        return (1 << len(self.rules)) - 1


def load_library(project, game: str, face_rows: tuple[tuple[dict, str], ...]) -> Library:
    """Read the library and judge every pair of faces under every rule."""
    table = read_component(project, game, LIBRARY)
    missing = [c for c in COLUMNS if c not in table.columns]
    if missing:
        raise PnpError(f"missing column(s) {', '.join(missing)}", where=table.label,
                       fix=f"the columns are {', '.join(COLUMNS)}")
    rules = tuple(_rule(table, row) for row in table.rows)
    if not rules:
        raise PnpError("the library has no rule", where=table.label, fix="add a row: the dealer needs a rule to write")
    tables = tuple(_judge_all(rule, face_rows) for rule in rules)
    n = len(face_rows)
    accept_mask = tuple(sum(1 << r for r, t in enumerate(tables) if t[i]) for i in range(n * n))
    dead = tuple(sum(1 << r for r, t in enumerate(tables) if not any(t[p * n:p * n + n])) for p in range(n))
    hints: dict[str, int] = {}
    for r, rule in enumerate(rules):
        hints[rule.hint] = hints.get(rule.hint, 0) | 1 << r
    return Library(rules, tables, accept_mask, hints, dead, n, table)


def _rule(table: Table, row) -> SecretRule:
    """One row as a rule; its expression may read only `card` and `prev`."""
    values, where = row.values, table.where(row)
    accept = str(values.get("accept", "")).strip()
    if not accept:
        raise PnpError("the rule has no accept expression", where=where,
                       fix="write e.g. card.color != prev.color (card: the card played, prev: the last main-line card)")
    unknown = sorted(row_expression(accept, f"{where}: accept").names - NAMES)
    if unknown:
        raise PnpError(f"accept reads unknown name(s) {', '.join(unknown)}", where=where,
                       fix="use card.COLUMN and prev.COLUMN with the deck's columns (suit, value, color, ...)")
    return SecretRule(str(values.get("id", "")).strip(), str(values.get("text", "")).strip(),
                      str(values.get("hint", "")).strip(), accept, str(values.get("description", "")).strip(), where)


def _judge_all(rule: SecretRule, face_rows: tuple[tuple[dict, str], ...]) -> bytes:
    """The rule's table over every (prev, card) pair of faces."""
    key = (rule.accept, tuple(tuple(sorted(values.items())) for values, _ in face_rows))
    if key in _TABLES:
        return _TABLES[key]
    expression = row_expression(rule.accept, f"{rule.where}: accept")
    out = bytearray()
    for prev, prev_where in face_rows:
        for card, card_where in face_rows:
            context = {"card": card, "prev": prev}
            out.append(1 if expression.evaluate(context, f"{rule.where} (prev {prev_where}, card {card_where})") else 0)
    _TABLES[key] = bytes(out)
    return _TABLES[key]
