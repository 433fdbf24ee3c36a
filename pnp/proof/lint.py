"""Text checks on CSV rows: brackets, spaces, full-/half-width mixes, rows that differ only in whitespace."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from pnp.data.table import Row, Table
from pnp.proof.findings import Finding

BRACKETS = {"【": "】", "『": "』", "「": "」", "（": "）"}
CLOSERS = {close: open_ for open_, close in BRACKETS.items()}
DOUBLED = re.compile(r"[ \u3000]{2,}")
TRAILING = re.compile(r"[ \t\u3000]+$", re.M)
WHITESPACE = re.compile(r"\s+")
# Each group: (what it is, its forms in order of preference when a component uses them equally).
FORMS = (("digits", (("half-width", re.compile("[0-9]")), ("full-width", re.compile("[０-９]")))),
         ("tildes", (("〜", re.compile("〜")), ("～", re.compile("～")), ("~", re.compile("~")))))


def text_cells(table: Table) -> Iterator[tuple[Row, str, str]]:
    """Every non-empty text cell: (row, column, text); numbers and the count column are left out."""
    for row in table.rows:
        for column in table.columns:
            value = row.values.get(column)
            if column != "count" and isinstance(value, str) and value:
                yield row, column, value


def lint_table(table: Table) -> list[Finding]:
    """Every text problem in one CSV table, in row order."""
    findings = [Finding(table.label, row.number, column, message)
                for row, column, text in text_cells(table)
                for message in bracket_problems(text) + space_problems(text)]
    findings += mixed_forms(table) + whitespace_twins(table)
    order = {column: i for i, column in enumerate(table.columns)}
    return sorted(findings, key=lambda f: (f.row, order.get(f.field, 0)))


def snippet(text: str, at: int, radius: int = 8) -> str:
    """The text around one position, on one line, for a message."""
    start, end = max(0, at - radius), min(len(text), at + radius + 1)
    body = text[start:end].replace("\r", "").replace("\n", " ")
    return ("…" if start else "") + body + ("…" if end < len(text) else "")


def bracket_problems(text: str) -> list[str]:
    """Brackets 【】『』「」（） that are never closed, close nothing, or close the wrong kind."""
    open_: list[tuple[str, int]] = []
    problems = []
    for at, char in enumerate(text):
        if char in BRACKETS:
            open_.append((char, at))
        elif char in CLOSERS:
            if not any(o == CLOSERS[char] for o, _ in open_):
                problems.append(f"unbalanced brackets: '{char}' closes nothing ({snippet(text, at)})")
                continue
            while open_[-1][0] != CLOSERS[char]:
                inner, where = open_.pop()
                problems.append(f"unbalanced brackets: '{inner}' is never closed ({snippet(text, where)})")
            open_.pop()
    problems += [f"unbalanced brackets: '{o}' is never closed ({snippet(text, at)})" for o, at in open_]
    return problems


def space_problems(text: str) -> list[str]:
    """Doubled spaces and spaces at the end of a line."""
    problems = [f"doubled space ({snippet(text, m.start())})" for m in DOUBLED.finditer(text)]
    lines = text.count("\n") + 1
    for match in TRAILING.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        problems.append("trailing space" + (f" at the end of line {line}" if lines > 1 else " at the end"))
    return problems


def _japanese(text: str) -> bool:
    return any(unicodedata.east_asian_width(c) in "WF" for c in text)


def mixed_forms(table: Table) -> list[Finding]:
    """Cells using the less common of full-width/half-width digits or of the tildes 〜～~ in one component."""
    findings = []
    for what, forms in FORMS:
        uses: dict[str, list[tuple[Row, str, str]]] = {}
        for row, column, text in text_cells(table):
            if not _japanese(text):
                continue  # colour codes and ids are not Japanese text
            for name, pattern in forms:
                match = pattern.search(text)
                if match:
                    uses.setdefault(name, []).append((row, column, match.group()))
        if len(uses) < 2:
            continue
        rank = [name for name, _ in forms]
        main = max(uses, key=lambda name: (len(uses[name]), -rank.index(name)))
        for name in uses:
            if name != main:
                findings += [Finding(table.label, row.number, column, f"{what} mixed: '{char}' here, {main} in the "
                                     f"rest of the component{_example(uses[main], row, column)}")
                             for row, column, char in uses[name]]
    return findings


def _example(uses: list[tuple[Row, str, str]], row: Row, column: str) -> str:
    """Name another cell that uses the common form, for a message."""
    for other, other_column, _ in uses:
        if (other.number, other_column) != (row.number, column):
            return f" (e.g. row {other.number}, {other_column})"
    return ""


def whitespace_twins(table: Table) -> list[Finding]:
    """Rows that are the same card as an earlier row apart from whitespace."""
    seen: dict[tuple, tuple[Row, tuple]] = {}
    findings = []
    columns = [c for c in table.columns if c != "count"]
    for row in table.rows:
        raw = tuple(str(row.values.get(c, "")) for c in columns)
        key = tuple(WHITESPACE.sub("", value) for value in raw)
        first = seen.setdefault(key, (row, raw))
        if first[1] != raw:
            column = next(c for c, a, b in zip(columns, first[1], raw) if a != b)
            findings.append(Finding(table.label, row.number, column,
                                    f"same card as row {first[0].number} apart from whitespace; "
                                    "merge the rows and add up count"))
    return findings
