"""The syntax of inline markup in a cell (**bold**, {colour|text}, :symbol:, escapes), read without drawing it."""

from __future__ import annotations

import re

TOKEN = re.compile(r"\\[\\*{}|:n]|\*\*|\{[^{}|\s]+\||\}|:[A-Za-z_][A-Za-z0-9_-]*:", re.S)


def open_markup(text: str) -> tuple[int, str] | None:
    """The first markup the text opens and never closes, as parse_markup reads it: (index, '**' or '{name|')."""
    bold_at, colors = None, []
    for match in TOKEN.finditer(text):
        token = match.group()
        if token == "**":
            bold_at = match.start() if bold_at is None else None
        elif token.startswith("{"):
            colors.append((match.start(), token))
        elif token == "}" and colors:
            colors.pop()
    opened = colors[:1] + ([(bold_at, "**")] if bold_at is not None else [])
    return min(opened) if opened else None


def markup_colors(text: str) -> list[str]:
    """The colour names {name|...} markup uses in a text (escaped braces skipped), as parse_markup reads them."""
    return [token[1:-1] for token in (match.group() for match in TOKEN.finditer(text)) if token.startswith("{")]


def symbol_names(text: str) -> list[str]:
    """The names of the :name: symbols a text writes (escaped colons skipped), as parse_markup reads them."""
    return [token[1:-1] for token in (match.group() for match in TOKEN.finditer(text)) if token.startswith(":")]
