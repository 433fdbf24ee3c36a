"""Drawing SVG art onto a page: fitted to its box, fonts set only where text is, print-shop black in CMYK files.

Art is drawn through svglib's drawing once per process: the page operators it gives are kept on the art and
copied into every later page, form or print-shop file that draws it, when they use no named resource (font,
picture, transparency, shading) and every colour was plain RGB. CMYK files, whose blacks depend on the size
drawn, draw it each time.
"""

from __future__ import annotations

import io

from reportlab.graphics import renderPDF
from reportlab.graphics.renderbase import renderScaledDrawing
from reportlab.graphics.shapes import Image as ImageShape
from reportlab.graphics.shapes import String
from reportlab.lib import colors as rl_colors

from pnp.face.svgart import SvgArt

FONT_KEYS = ("fontName", "fontSize")


def draw_svg(canvas, art: SvgArt, x: float, y: float, w: float, h: float, fit: str) -> None:
    """Draw the art into the box (points): contain, cover (clipped) or stretch, centred."""
    drawing = art.drawing
    dw, dh = float(drawing.width), float(drawing.height)
    if fit == "stretch":
        sx, sy = w / dw, h / dh
    else:
        sx = sy = (max if fit == "cover" else min)(w / dw, h / dh)
    canvas.saveState()
    if fit == "cover":
        path = canvas.beginPath()
        path.rect(x, y, w, h)
        canvas.clipPath(path, stroke=0, fill=0)
    canvas.translate(x + (w - dw * sx) / 2, y + (h - dh * sy) / 2)
    canvas.scale(sx, sy)
    _paint_art(canvas, art, min(abs(sx), abs(sy)))
    canvas.restoreState()


def rehearse(art: SvgArt) -> None:
    """Draw the art once on a scratch page, so that its operators are known before any file (or worker) needs
    them."""
    global _SCRATCH
    if RGB in art.painted:
        return
    if _SCRATCH is None:
        from reportlab.pdfgen.canvas import Canvas
        _SCRATCH = Canvas(io.BytesIO(), invariant=1)
    del _SCRATCH._code[:]
    _paint_art(_SCRATCH, art, 1.0)
    del _SCRATCH._code[:]


RGB = "rgb"  # the key of operators drawn in plain RGB: the same on every such page
_SCRATCH = None


def _paint_art(canvas, art: SvgArt, scale: float) -> None:
    """The art's operators at the origin: copied when known for this kind of page, else drawn (and kept)."""
    paint = getattr(canvas, "_enforceColorSpace", None)
    if getattr(paint, "black", None) is not None or (RGB in art.painted and art.painted[RGB] is None):
        _ArtPainter(scale).draw(renderScaledDrawing(art.drawing), canvas, 0, 0, showBoundary=False)
    elif RGB in art.painted:
        operators, version = art.painted[RGB]
        canvas._code.extend(operators)
        canvas._doc._pdfVersion = max(canvas._doc._pdfVersion, version)
    else:
        art.painted[RGB] = _recorded(canvas, art, scale, paint)


def _recorded(canvas, art: SvgArt, scale: float, paint) -> tuple[tuple[str, ...], tuple] | None:
    """Draw the art; its operators and the PDF version they need when any RGB page may copy them, else None."""
    start, doc, watched = len(canvas._code), canvas._doc, _Watched(paint)
    version, doc._pdfVersion = doc._pdfVersion, (1, 0)
    canvas._enforceColorSpace = watched
    try:
        _ArtPainter(scale).draw(renderScaledDrawing(art.drawing), canvas, 0, 0, showBoundary=False)
    finally:
        canvas._enforceColorSpace = paint
        needed, doc._pdfVersion = doc._pdfVersion, max(version, doc._pdfVersion)
    operators = tuple(canvas._code[start:])
    if not watched.plain or any("/" in line for line in operators):
        return None  # a named resource belongs to one file, and another colour may be drawn otherwise elsewhere
    return operators, needed


class _Watched:
    """A page's colour conversion, noting whether every colour it is given is plain RGB."""

    def __init__(self, paint):
        self.paint = paint
        self.plain = True

    def __call__(self, color):
        self.plain = self.plain and color.__class__ is rl_colors.Color
        return self.paint(color) if self.paint is not None else color

    def __getattr__(self, name: str):
        return getattr(self.paint, name)


class _ArtPainter(renderPDF._PDFRenderer):
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
