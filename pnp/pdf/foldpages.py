"""Gutterfold sheets written: fronts on one half of each sheet, backs on the other, the fold line between."""

from __future__ import annotations

from reportlab.lib import colors as rl_colors
from reportlab.pdfgen.canvas import Canvas

from pnp.pdf.dielines import draw_cut_lines
from pnp.pdf.document import REGISTRATION, CutsFor, Document, Faces, MarksFor, draw_marks, trims_bounds
from pnp.sheet.gutterfold import (
    FOLD_LABEL,
    LABEL_HALF_HEIGHT,
    FoldMarks,
    Gutterfold,
    back_marks,
    fold_marks,
    front_marks,
)
from pnp.sheet.marks import SheetMarks
from pnp.units import pt

FOLD_LINE = rl_colors.Color(0.35, 0.35, 0.35)
FOLD_DASH = (pt(3.0), pt(2.0))
FOLD_LABEL_SIZE = 5.5  # pt


def write_gutterfold_pages(doc: Document, sheet: Gutterfold, marks_for: MarksFor, fronts: Faces, backs: Faces,
                           cut_lines: CutsFor | None = None) -> int:
    """Add gutterfold sheets: fronts on one half, backs on the other, the fold line between; return the page count.

    `cut_lines` gives the outline of a piece at a trim: drawn as thin lines around the fronts."""
    c, per, pages = doc.canvas, sheet.per_sheet, 0
    cache: dict[int, tuple[SheetMarks, SheetMarks]] = {}
    for start in range(0, len(fronts), per):
        c.setPageSize((pt(sheet.page.width), pt(sheet.page.height)))
        for slot, (key, face) in zip(sheet.fronts, fronts[start:start + per]):
            doc.place(doc.form(key, face), slot)
        for slot, (key, face) in zip(sheet.backs, backs[start:start + per]):
            doc.place(doc.form(key, face), slot, turned=sheet.turn_backs)
        count = len(fronts[start:start + per])
        if count not in cache:  # marks only for the pieces on this sheet, worked out on the fronts' half
            used = sheet.half.slots[:count]
            local = marks_for(sheet.half._replace(slots=used, block=trims_bounds(used)))
            cache[count] = (front_marks(local, sheet), back_marks(local, sheet))
        font = doc.fonts.default.pdf_name
        for marks in cache[count]:
            draw_marks(c, marks, font)
        label_length = (c.stringWidth(FOLD_LABEL, font, FOLD_LABEL_SIZE) + pt(2)) / pt(1)
        fold = fold_marks(sheet, cache[count][0].lines + cache[count][1].lines, label_length)
        _draw_fold(c, fold, font)
        if cut_lines is not None:
            draw_cut_lines(c, [cut_lines(slot.trim) for slot in sheet.fronts[:count]])
        c.showPage()
        pages += 1
    return pages


def _draw_fold(c: Canvas, fold: FoldMarks, font_name: str) -> None:
    """The fold line: solid ticks at the paper edges, dashed between, and its label on a white ground."""
    c.saveState()
    c.setStrokeColor(REGISTRATION)
    c.setLineWidth(0.5)
    for tick in fold.ticks:
        c.line(pt(tick.x1), pt(tick.y1), pt(tick.x2), pt(tick.y2))
    c.setStrokeColor(FOLD_LINE)
    c.setDash(*FOLD_DASH)
    line = fold.dashed
    c.line(pt(line.x1), pt(line.y1), pt(line.x2), pt(line.y2))
    if fold.label is not None:
        c.translate(pt(fold.label[0]), pt(fold.label[1]))
        if line.x1 == line.x2:
            c.rotate(90)
        width = c.stringWidth(FOLD_LABEL, font_name, FOLD_LABEL_SIZE) + pt(2)
        c.setFillColor(rl_colors.white)
        c.rect(-width / 2, -pt(LABEL_HALF_HEIGHT), width, pt(2 * LABEL_HALF_HEIGHT), stroke=0, fill=1)
        c.setFillColor(FOLD_LINE)
        c.setFont(font_name, FOLD_LABEL_SIZE)
        c.drawCentredString(0, -FOLD_LABEL_SIZE * 0.35, FOLD_LABEL)
    c.restoreState()
