"""Crop marks on the page: the operators copied onto a run's later pages are those reportlab writes for each line."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from pnp.pdf import document
from pnp.pdf.document import draw_marks
from pnp.sheet.grid import impose
from pnp.sheet.marks import Line, SheetMarks, sheet_marks
from pnp.text.fonts import FontBook
from pnp.units import CARD_SIZES, PAPER_SIZES, Size, pt


def _drawn(canvas: Canvas, marks: SheetMarks, font: str) -> list[str]:
    """The operators one call of draw_marks adds to the page."""
    start = len(canvas._code)
    draw_marks(canvas, marks, font)
    return canvas._code[start:]


def test_marks_copied_to_later_pages_are_the_lines_reportlab_writes():
    font = FontBook().default.pdf_name
    imposition = impose(Size(*CARD_SIZES["poker"]), 3.0, Size(*PAPER_SIZES["a4"]), pieces=9)
    marks = sheet_marks(imposition, "jp")
    document._LINE_OPERATORS.clear()
    canvas = Canvas(io.BytesIO(), invariant=1)
    first = _drawn(canvas, marks, font)
    canvas.showPage()
    assert _drawn(canvas, marks, font) == first  # the second page copies the first one's operators
    plain = Canvas(io.BytesIO(), invariant=1)
    start = len(plain._code)
    for line in marks.lines:
        plain.line(pt(line.x1), pt(line.y1), pt(line.x2), pt(line.y2))
    lines = plain._code[start:]
    assert len(lines) == len(marks.lines) > 20
    at = first.index(lines[0])
    assert first[at:at + len(lines)] == lines


def test_only_so_many_sets_of_marks_are_kept():
    font = FontBook().default.pdf_name
    canvas = Canvas(io.BytesIO(), invariant=1)
    for step in range(document.MAX_KEPT_MARKS + 5):
        draw_marks(canvas, SheetMarks((Line(step, 0.0, step, 5.0),), None), font)
    assert len(document._LINE_OPERATORS) == document.MAX_KEPT_MARKS
    assert (Line(0.0, 0.0, 0.0, 5.0),) not in document._LINE_OPERATORS  # the oldest went first
