"""Cut outlines in ink: thin cut lines on home sheets, and die lines in a spot colour on print-shop pages."""

from __future__ import annotations

from typing import NamedTuple

from reportlab.lib import colors as rl_colors
from reportlab.pdfgen.canvas import Canvas

from pnp.face.outline import Outline, trace
from pnp.pdf.black import overprint
from pnp.units import pt

CUT_LINE = rl_colors.Color(0.45, 0.45, 0.45)  # the same grey as the circle guides
CUT_LINE_WIDTH = 0.25  # pt
DIE_LINE_WIDTH = 0.25  # pt, a hairline: cutters read the path, not the stroke


class DieLine(NamedTuple):
    """A die line: the cut path stroked in a Separation colour of this name, overprinting, never in process ink."""

    name: str  # CutContour unless asked otherwise (pnp.build.options)

    def color(self) -> rl_colors.CMYKColorSep:
        """The spot colour, shown as 100% magenta where a viewer has no such plate."""
        return rl_colors.CMYKColorSep(0, 1, 0, 0, spotName=self.name, density=1)


def stroke(c: Canvas, outline: Outline) -> None:
    """Stroke an outline given in page mm with the current colour and width."""
    path = c.beginPath()
    trace(path, outline, pt)
    c.drawPath(path, stroke=1, fill=0)


def draw_cut_lines(c: Canvas, outlines: list[Outline]) -> None:
    """Thin grey lines along each piece's cut, for scissors or a craft knife."""
    if not outlines:
        return
    c.saveState()
    c.setStrokeColor(CUT_LINE)
    c.setLineWidth(CUT_LINE_WIDTH)
    for outline in outlines:
        stroke(c, outline)
    c.restoreState()


def draw_die_line(c: Canvas, outline: Outline, die: DieLine) -> None:
    """The die line: a stroke only, in the spot colour (no colour conversion applies), overprinting what is under."""
    c.saveState()
    enforce = c._enforceColorSpace
    c._enforceColorSpace = None  # a spot colour is written as it is, in RGB and CMYK files alike
    try:
        c.setStrokeColor(die.color())
    finally:
        c._enforceColorSpace = enforce
    overprint(c, stroke=True, on=True)
    c.setLineWidth(DIE_LINE_WIDTH)
    c.setDash()
    stroke(c, outline)
    c.restoreState()
