"""A proof page as drawing operations, placed in mm from the page's top-left corner and painted like a card face."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.face.outline import Outline
from pnp.face.parts import Box, Face, Op
from pnp.sheet.cutlines import moved
from pnp.text.fit import Overflow, Run, TextBlock, fit, paragraphs
from pnp.text.fonts import FontBook
from pnp.units import Size, pt


@dataclass(frozen=True)
class Area:
    """A rectangle in mm from the page's top-left corner."""

    x: float
    y: float
    w: float
    h: float


class PageBuilder:
    """Collects the operations of one page."""

    def __init__(self, size: Size, fonts: FontBook):
        self.size = size
        self.fonts = fonts
        self.regular = fonts.get("regular", "proof")
        self.bold = fonts.get("bold", "proof")
        self.ops: list[Op] = []

    def box(self, area: Area) -> Box:
        """An area as a box in points, origin at the page's bottom-left."""
        return Box(pt(area.x), pt(self.size.height - area.y - area.h), pt(area.w), pt(area.h))

    def rect(self, area: Area, stroke=None, fill=None, width: float = 0.5, dash: tuple[float, ...] | None = None,
             round_: bool = False, radius: float = 0.0) -> None:
        """A rectangle (with corners of `radius` mm; or, with round_, an ellipse) outlined and/or filled."""
        kind = "ellipse" if round_ else "rect"
        self.ops.append(Op(kind, self.box(area), fill=fill, stroke=stroke, stroke_width=width, dash=dash,
                           radius=pt(radius)))

    def outline(self, outline: Outline, stroke, width: float = 0.5) -> None:
        """A path given in mm from the page's bottom-left corner (y up), such as a cut's outline, stroked."""
        points = [(v[i], v[i + 1]) for _, v in outline for i in range(0, len(v), 2)]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        box = Box(pt(min(xs)), pt(min(ys)), pt(max(xs) - min(xs)), pt(max(ys) - min(ys)))
        in_points = moved(outline, lambda x, y: (pt(x), pt(y)))
        self.ops.append(Op("outline", box, stroke=stroke, stroke_width=width, outline=in_points))

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke, width: float = 0.5,
             dash: tuple[float, ...] | None = None) -> None:
        """A straight line between two points in mm."""
        box = Box(pt(x1), pt(self.size.height - y1), pt(x2 - x1), pt(y1 - y2))
        self.ops.append(Op("line", box, stroke=stroke, stroke_width=width, dash=dash))

    def text(self, area: Area, runs: list[Run], size: float, min_size: float | None = None, leading: float = 1.25,
             align: str = "left", valign: str = "top") -> None:
        """Runs of text fitted into an area, shrinking down to min_size; what still does not fit is cut off."""
        if not runs:
            return
        block = fitted(runs, pt(area.w), pt(area.h), size, min_size or size, leading)
        self.ops.append(Op("text", self.box(area), text=block, align=align, valign=valign))

    def run(self, text: str, color, bold: bool = False) -> Run:
        """A run in the regular or bold font; characters the font lacks are written as their U+ code."""
        font = self.bold if bold else self.regular
        shown = "".join(c if c in "\n\t" or font.has_glyph(c) else f"[U+{ord(c):04X}]" for c in text)
        return Run(shown, font, color)

    def face(self, face: Face, area: Area, scale: float, bleed_mm: float) -> None:
        """A card face with its bleed filling the area, drawn at scale."""
        left = pt(area.x + bleed_mm * scale)
        bottom = pt(self.size.height - area.y - area.h + bleed_mm * scale)
        self.ops.append(Op("face", self.box(area), face=face, matrix=(scale, 0, 0, scale, left, bottom)))

    def page(self) -> Face:
        """The finished page, ready to paint."""
        return Face(pt(self.size.width), pt(self.size.height), 0.0, tuple(self.ops))


def fitted(runs: list[Run], width: float, height: float, size: float, min_size: float, leading: float) -> TextBlock:
    """Text laid out at the largest size that fits, else at min_size with the lines that fit."""
    paras = paragraphs(runs)
    try:
        return fit(paras, width, height, size, min_size, leading)
    except Overflow:
        block = fit(paras, width, float("inf"), min_size, min_size, leading)
        keep = max(1, int((height - min_size) / (min_size * leading)) + 1)
        return TextBlock(block.lines[:keep] if len(block.lines) > keep else block.lines, min_size, leading)

