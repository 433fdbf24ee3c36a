"""svglib's drawing painted onto a page by reportlab: fonts set only where text is, print-shop black in CMYK files."""

from __future__ import annotations

from reportlab.graphics import renderPDF
from reportlab.graphics.renderbase import renderScaledDrawing
from reportlab.graphics.shapes import Image as ImageShape
from reportlab.graphics.shapes import String

from pnp.face.quickops import quick_rgb

FONT_KEYS = ("fontName", "fontSize")


def paint_drawing(canvas, drawing, scale: float) -> None:
    """Paint a drawing at the origin; `scale` is points per drawing unit, for the blacks of CMYK files."""
    ArtPainter(scale).draw(renderScaledDrawing(drawing), canvas, 0, 0, showBoundary=False)


class ArtPainter(renderPDF._PDFRenderer):
    """reportlab's drawing renderer: a font is set only to draw text (no stray font reference in the file), and
    in CMYK files near-black text, lines and areas take print-shop black as the layout's own elements do."""

    def __init__(self, scale: float):
        super().__init__()
        self._scale = scale  # points per drawing unit, from the fit
        self._shape = None

    def drawNode(self, node):
        """Draw a node, remembering it so colours know whether they paint text, a line or an area."""
        outer, self._shape = self._shape, node
        try:
            super().drawNode(node)
        finally:
            self._shape = outer

    def applyStateChanges(self, delta, newState):
        """Every state change except the font, which drawString sets."""
        super().applyStateChanges({k: v for k, v in delta.items() if k not in FONT_KEYS}, newState)

    def drawString(self, stringObj):
        """Set the string's font, then draw it."""
        state = self._tracker.getState()
        self._canvas.setFont(state["fontName"], state["fontSize"])
        super().drawString(stringObj)

    def drawImage(self, image: ImageShape):
        """A picture the SVG holds, converted as the document converts its images (CMYK in CMYK files)."""
        press = getattr(getattr(self._canvas, "_enforceColorSpace", None), "picture", None)
        if press is not None and hasattr(image.path, "mode"):
            self._canvas.drawImage(press(image.path), image.x, image.y, image.width, image.height, mask="auto")
            return
        super().drawImage(image)

    def setFillColor(self, c):
        self._set(c, stroke=False)

    def setStrokeColor(self, c):
        self._set(c, stroke=True)

    def _set(self, color, stroke: bool) -> None:
        """Set a colour; a CMYK file's paint may turn near black into print-shop black, overprinting where thin."""
        black = getattr(getattr(self._canvas, "_enforceColorSpace", None), "black", None)
        if black is None:
            if not quick_rgb(self._canvas, color, stroke):
                (self._canvas.setStrokeColor if stroke else self._canvas.setFillColor)(color)
            return
        black(self._canvas, color, self._extent(stroke), stroke)

    def _extent(self, stroke: bool) -> float:
        """How wide the painted mark is, in points: a stroke's width, text's size, an area's shorter side."""
        node, state = self._shape, self._tracker.getState()
        if stroke:
            return float(state.get("strokeWidth") or 0) * self._scale * _ctm_scale(state)
        if isinstance(node, String):
            return float(state.get("fontSize") or 0) * self._scale * _ctm_scale(state)
        if node is None:
            return 0.0
        try:
            x0, y0, x1, y1 = node.getBounds()
        except Exception:  # a group or shape without bounds: treat as small
            return 0.0
        return min(abs(x1 - x0), abs(y1 - y0)) * self._scale * _ctm_scale(state)


def _ctm_scale(state) -> float:
    """The smaller scale of the drawing's current transform."""
    a, b, c, d = (state.get("ctm") or (1, 0, 0, 1))[:4]
    return min((a * a + b * b) ** 0.5, (c * c + d * d) ** 0.5)
