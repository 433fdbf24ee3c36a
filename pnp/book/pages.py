"""A rulebook's rows placed on A5 pages: headings kept with what follows, lines never left alone, numbered."""

from __future__ import annotations

import dataclasses

from pnp.book.markdown import Block
from pnp.book.tables import table_rows
from pnp.book.typeset import (
    BODY_HEIGHT,
    BODY_WIDTH,
    GREY,
    LIST_INDENT,
    MARGIN_BOTTOM,
    MARGIN_TOP,
    MARGIN_X,
    PAGE_HEIGHT,
    STYLES,
    Row,
    Setter,
    Style,
    picture_rows,
    rule_row,
    text_op,
)
from pnp.colors import parse_color
from pnp.errors import PnpError
from pnp.face.parts import Box, Op
from pnp.limits import MAX_RULEBOOK_PAGES

Page = list[Op]
QUOTE_BAR = parse_color("#C9D3DE")
SPACE_BELOW = 6.0  # points: the space after a block may reach into the foot margin, clear of the page number


def block_rows(setter: Setter, blocks: list[Block]) -> list[Row]:
    """Every block as rows, in order."""
    rows: list[Row] = []
    for index, block in enumerate(blocks):
        if block.kind == "heading":
            style = STYLES[f"h{min(block.level, 3)}"]
            heading = [Row(r.height, r.ops, r.before, keep=True, line=r.line) for r in
                       setter.text_rows(block.text, style, MARGIN_X, BODY_WIDTH, block.line)]
            if block.level == 1 and rows:
                heading[0] = dataclasses.replace(heading[0], before=0.0, new_page=True)
            rows += heading + ([rule_row(1.0, 7.0, "#1F3A5F", 1.2)] if block.level == 1 else [])
        elif block.kind == "item":
            indent = LIST_INDENT * block.level + 2
            last = index + 1 == len(blocks) or blocks[index + 1].kind != "item"
            style = STYLES["item"] if not last else Style(9, after=5)
            rows += setter.text_rows(block.text, style, MARGIN_X + indent, BODY_WIDTH - indent, block.line,
                                     block.marker)
        elif block.kind == "quote":
            rows += _quote(setter, block)
        elif block.kind == "table":
            rows += table_rows(setter, block)
        elif block.kind == "image":
            rows += picture_rows(setter, block)
        elif block.kind == "rule":
            rows.append(rule_row())
        else:
            rows += setter.text_rows(block.text, STYLES[block.kind], MARGIN_X, BODY_WIDTH, block.line)
    return rows


def _quote(setter: Setter, block: Block) -> list[Row]:
    """A quotation (a note): indented, with a bar on its left."""
    rows = setter.text_rows(block.text, STYLES["quote"], MARGIN_X + 8, BODY_WIDTH - 8, block.line)
    return [Row(row.height, row.ops + (Op("rect", Box(MARGIN_X + 2, -row.height, 1.6, row.height), fill=QUOTE_BAR),),
                row.before, row.keep) for row in rows]


def paginate(setter: Setter, rows: list[Row]) -> list[Page]:
    """The rows on pages, each page's operations with a page number at its foot."""
    pages: list[Page] = [[]]
    top = PAGE_HEIGHT - MARGIN_TOP
    for index, row in enumerate(rows):
        before = row.before if pages[-1] else 0.0
        if pages[-1] and (row.new_page or top - before - _kept(rows, index) < MARGIN_BOTTOM - SPACE_BELOW):
            pages.append([])
            if len(pages) > MAX_RULEBOOK_PAGES:
                raise PnpError(f"the rulebook takes more than {MAX_RULEBOOK_PAGES} pages", where=setter.label,
                               fix="shorten it, or split it into several files")
            top, before = PAGE_HEIGHT - MARGIN_TOP, 0.0
        top -= before
        if setter.trace is not None and row.line:
            setter.trace.pages.setdefault(row.line, len(pages))
        pages[-1] += row.placed(top)
        top -= row.height
    return [page + [folio(setter, number)] for number, page in enumerate(pages, 1)]


def _kept(rows: list[Row], index: int) -> float:
    """The height of the row and of those it is kept with, at most a page's body."""
    height = rows[index].height
    while rows[index].keep and index + 1 < len(rows) and not rows[index + 1].new_page:
        index += 1
        height += rows[index].before + rows[index].height
    return min(height, BODY_HEIGHT)


def folio(setter: Setter, number: int) -> Op:
    """The page number, centred at the page's foot."""
    style = Style(8, color=GREY, align="center")
    line = setter.lines(str(number), style, BODY_WIDTH, 0)[0]
    op = text_op(line, style, MARGIN_X, BODY_WIDTH, style.size)
    return Op("text", Box(op.box.x, MARGIN_BOTTOM / 2 - 1, op.box.w, op.box.h), text=op.text, align="center")
