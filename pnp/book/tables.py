"""A rulebook's tables: columns as wide as their text needs, shared out over the body, rows that break pages."""

from __future__ import annotations

from dataclasses import replace

from pnp.book.markdown import Block
from pnp.book.typeset import BODY_WIDTH, MARGIN_X, STYLES, Row, Setter, text_op
from pnp.colors import parse_color
from pnp.face.parts import Box, Op

PAD_X, PAD_Y = 3.0, 2.5  # points inside each cell
HEADER_FILL = parse_color("#E6ECF3")
BORDER = parse_color("#9AA5B1")
WHOLE_TABLE_ROWS = 16


def table_rows(setter: Setter, block: Block) -> list[Row]:
    """The table's rows; the header row is shaded and kept with the first row under it."""
    style = STYLES["cell"]
    widths = _column_widths(setter, block)
    rows = []
    for index, cells in enumerate(block.rows):
        header = index == 0
        cell_style = replace(style, bold=header)
        laid = [setter.lines(text, cell_style, width - 2 * PAD_X, block.line) if text else []
                for text, width in zip(cells, widths)]
        line_height = style.size * style.leading
        height = max(len(lines) for lines in laid) * line_height + 2 * PAD_Y
        ops: list[Op] = []
        if header:
            ops.append(Op("rect", Box(MARGIN_X, -height, sum(widths), height), fill=HEADER_FILL))
        x = MARGIN_X
        for lines, width, align in zip(laid, widths, block.aligns):
            for number, line in enumerate(lines):
                top = -PAD_Y - number * line_height
                op = text_op(line, replace(cell_style, align=align), x + PAD_X, width - 2 * PAD_X, line_height)
                ops.append(Op("text", Box(op.box.x, op.box.y + top, op.box.w, op.box.h), text=op.text, align=align,
                              valign="top"))
            x += width
        ops += _borders(widths, height, top_line=header)
        rows.append(Row(height, tuple(ops), before=4.0 if header else 0.0, keep=header))
    if rows:
        rows[-1] = Row(rows[-1].height + 6, rows[-1].ops, rows[-1].before, rows[-1].keep)
    if len(rows) <= WHOLE_TABLE_ROWS:  # a short table is kept on one page
        rows = [Row(row.height, row.ops, row.before, keep=index < len(rows) - 1) for index, row in enumerate(rows)]
    return rows


def _column_widths(setter: Setter, block: Block) -> list[float]:
    """Each column's width in points: its longest line unbroken when all fit, else shared out above its longest word."""
    style = STYLES["cell"]
    columns = len(block.rows[0])
    natural, least = [0.0] * columns, [0.0] * columns
    for index, cells in enumerate(block.rows):
        for column, text in enumerate(cells):
            if text:
                cell_style = replace(style, bold=index == 0)
                lines = setter.lines(text, cell_style, float("inf"), block.line)
                natural[column] = max(natural[column], max(line.width for line in lines) * style.size + 2 * PAD_X + 1)
                words = max((atom.widest for line in lines for atom in line.atoms), default=0.0)
                least[column] = max(least[column], min(words * style.size, BODY_WIDTH / columns / 2) + 2 * PAD_X)
    if sum(natural) <= BODY_WIDTH:
        spare = (BODY_WIDTH - sum(natural)) / columns if sum(natural) > BODY_WIDTH * 0.6 else 0.0
        return [width + spare for width in natural]
    narrow = [width if width <= BODY_WIDTH / columns else 0.0 for width in natural]  # kept whole
    wide = [n if not k else 0.0 for n, k in zip(natural, narrow)]
    room = BODY_WIDTH - sum(narrow)
    shared = [max(m, room * w / sum(wide)) if w else 0.0 for m, w in zip(least, wide)]
    total = sum(narrow) + sum(shared)
    return [(k or w) * BODY_WIDTH / total for k, w in zip(narrow, shared)]


def _borders(widths: list[float], height: float, top_line: bool) -> list[Op]:
    """Thin lines under the row (and above it, for the header) and between its cells."""
    total = sum(widths)
    lines = [(MARGIN_X, -height, total, 0.0)] + ([(MARGIN_X, 0.0, total, 0.0)] if top_line else [])
    x = MARGIN_X
    for width in widths[:-1]:
        x += width
        lines.append((x, 0.0, 0.0, -height))
    return [Op("line", Box(*line), stroke=BORDER, stroke_width=0.5) for line in lines]
