"""A rulebook's Markdown read into blocks: headings, paragraphs, list items, tables, images, each with its line."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # markdown-it is loaded to parse a text, not by a build whose rules' blocks are kept
    from markdown_it.token import Token

SOFT_BREAK = "\x00"  # a line break inside a paragraph: nothing between Japanese characters, a space between words
ESCAPED = str.maketrans({char: "\\" + char for char in "\\*{}|"})


@dataclass(frozen=True)
class Block:
    """One block of a rulebook: its kind, its text in pnp's inline markup, and the Markdown line it starts on."""

    kind: str  # heading, paragraph, item, quote, code, table, image, rule
    text: str
    line: int
    level: int = 0  # a heading's level; a list item's depth (1: top level)
    marker: str = ""  # a list item's bullet or number ("" for a later paragraph of the same item)
    rows: tuple[tuple[str, ...], ...] = ()  # a table's cells, the header row first
    aligns: tuple[str, ...] = ()  # a table's column alignments: left, center, right
    source: str = ""  # an image's path as written


def parse_rules(text: str) -> list[Block]:
    """The blocks of a Markdown text, in order (CommonMark with tables; raw HTML is shown as text)."""
    from markdown_it import MarkdownIt
    parser = MarkdownIt("commonmark", {"html": False}).enable("table").disable("text_join")
    return _Reader(parser.parse(text)).blocks


class _Reader:
    """Walks markdown-it's token stream, keeping track of lists and tables."""

    def __init__(self, tokens: list[Token]):
        self.blocks: list[Block] = []
        self.lists: list[list[int]] = []  # per open list: [next number, or -1 for bullets]
        self.item_open: list[bool] = []  # per open list: the current item's first paragraph is still to come
        self.quote = 0
        self.heading = 0  # the level of the heading being read, 0 outside headings
        self.table: list[tuple[int, list[str], list[str]]] = []  # (line, cells, aligns) per row
        for index, token in enumerate(tokens):
            self._token(token, tokens[index + 1] if index + 1 < len(tokens) else None)

    def _token(self, token: Token, following: Token | None) -> None:
        """Handle one block-level token."""
        kind, line = token.type, (token.map[0] + 1 if token.map else 0)
        if kind in ("bullet_list_open", "ordered_list_open"):
            self.lists.append([int(token.attrs.get("start", 1) or 1) if kind == "ordered_list_open" else -1])
            self.item_open.append(False)
        elif kind in ("bullet_list_close", "ordered_list_close"):
            self.lists.pop()
            self.item_open.pop()
        elif kind == "list_item_open":
            self.item_open[-1] = True
        elif kind in ("heading_open", "heading_close"):
            self.heading = int(token.tag[1:]) if kind == "heading_open" else 0
        elif kind in ("blockquote_open", "blockquote_close"):
            self.quote += 1 if kind == "blockquote_open" else -1
        elif kind == "hr":
            self.blocks.append(Block("rule", "", line))
        elif kind in ("fence", "code_block"):
            self.blocks.append(Block("code", token.content.rstrip("\n").translate(ESCAPED).replace("\n", "\\n"), line))
        elif kind == "tr_open":
            self.table.append((line, [], []))
        elif kind in ("th_open", "td_open"):
            style = str(token.attrs.get("style", ""))
            self.table[-1][2].append(style.removeprefix("text-align:") if style else "left")
        elif kind == "table_close":
            self._table()
        elif kind == "inline" and self.table and following is not None and following.type in ("th_close", "td_close"):
            self.table[-1][1].append(inline_markup(token.children or []))
        elif kind == "inline":
            self._inline(token, line)

    def _inline(self, token: Token, line: int) -> None:
        """A paragraph or heading's text; pictures in it become image blocks of their own."""
        heading = self.heading
        parts: list[list[Token]] = [[]]
        start = at = line  # the line each part starts on, counting the paragraph's line breaks
        for child in token.children or []:
            if child.type == "image":
                self._text_block(parts[-1], start, heading)
                alt = "".join(c.content for c in child.children or [])
                self.blocks.append(Block("image", alt.translate(ESCAPED), at, source=str(child.attrs.get("src", ""))))
                parts.append([])
                start = at
            else:
                parts[-1].append(child)
                at += child.type in ("softbreak", "hardbreak")
        self._text_block(parts[-1], start, heading)

    def _text_block(self, children: list[Token], line: int, heading: int) -> None:
        """One block of text: a heading, a list item's paragraph, a quotation or a paragraph."""
        text = inline_markup(children).strip()
        if not text:
            return
        if heading:
            self.blocks.append(Block("heading", text, line, heading))
        elif self.lists:
            marker = ""
            if self.item_open[-1]:
                number = self.lists[-1][0]
                marker = "・" if number < 0 else f"{number}."
                if number >= 0:
                    self.lists[-1][0] += 1
                self.item_open[-1] = False
            self.blocks.append(Block("item", text, line, len(self.lists), marker))
        else:
            self.blocks.append(Block("quote" if self.quote else "paragraph", text, line))

    def _table(self) -> None:
        """The rows gathered since the table opened, as one table block."""
        rows = self.table
        self.table = []
        if rows:
            width = max(len(cells) for _, cells, _ in rows)
            cells = tuple(tuple(cells + [""] * (width - len(cells))) for _, cells, _ in rows)
            aligns = tuple((rows[0][2] + ["left"] * width)[:width])
            self.blocks.append(Block("table", "", rows[0][0], rows=cells, aligns=aligns))


def inline_markup(children: list[Token]) -> str:
    """Inline Markdown as pnp's markup: **bold** (and emphasis), :symbols:, escapes kept, links as their text."""
    out: list[str] = []
    for child in children:
        if child.type in ("text", "code_inline"):
            out.append(child.content.translate(ESCAPED))
        elif child.type == "text_special":  # a backslash escape: \: stays a colon that starts no symbol
            out.append("\\:" if child.content == ":" else child.content.translate(ESCAPED))
        elif child.type in ("strong_open", "strong_close"):
            out.append("**")
        elif child.type == "softbreak":
            out.append(SOFT_BREAK)
        elif child.type == "hardbreak":
            out.append("\\n")
        elif child.type == "image":
            out.append("".join(c.content for c in child.children or []).translate(ESCAPED))
    return _join_lines("".join(out))


def _join_lines(text: str) -> str:
    """Lines of a paragraph joined: directly between Japanese characters, with a space between words."""
    pieces = text.split(SOFT_BREAK)
    joined = pieces[0]
    for piece in pieces[1:]:
        before, after = joined.rstrip()[-1:], piece.lstrip()[:1]
        glue = "" if _wide(before) or _wide(after) else " "
        joined = joined.rstrip() + glue + piece.lstrip()
    return joined


def _wide(char: str) -> bool:
    """Tell whether a character is a full-width one (Japanese text)."""
    return bool(char) and unicodedata.east_asian_width(char) in "WF"
