"""Drawing SVG art onto a page, fitted to its box.

Art is drawn through svglib's drawing (svgpaint) once per process: the page operators it gives are kept on the art and
copied into every later page, form or print-shop file that draws it, when they use no named resource (font,
picture, transparency, shading) and every colour was plain RGB. CMYK files, whose blacks depend on the size
drawn, draw it each time.
"""

from __future__ import annotations

import io
from typing import Any

from reportlab.lib import colors as rl_colors

from pnp.face.svgkept import RGB


def draw_svg(canvas, art: Any, x: float, y: float, w: float, h: float, fit: str) -> None:
    """Draw the art into the box (points): contain, cover (clipped) or stretch, centred."""
    dw, dh = art.width, art.height
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


def rehearse(art: Any) -> None:
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


_SCRATCH = None


def _paint_art(canvas, art: Any, scale: float) -> None:
    """The art's operators at the origin: copied when known for this kind of page, else drawn (and kept)."""
    paint = getattr(canvas, "_enforceColorSpace", None)
    if getattr(paint, "black", None) is not None or (RGB in art.painted and art.painted[RGB] is None):
        _paint(canvas, art, scale)
    elif RGB in art.painted:
        operators, version = art.painted[RGB]
        canvas._code.extend(operators)
        canvas._doc._pdfVersion = max(canvas._doc._pdfVersion, version)
    else:
        art.painted[RGB] = _recorded(canvas, art, scale, paint)


def _paint(canvas, art: Any, scale: float) -> None:
    """Paint the art's drawing (reportlab's drawing stack is loaded only here)."""
    from pnp.face.svgpaint import paint_drawing
    paint_drawing(canvas, art.drawing, scale)


def _recorded(canvas, art: Any, scale: float, paint) -> tuple[tuple[str, ...], tuple] | None:
    """Draw the art; its operators and the PDF version they need when any RGB page may copy them, else None."""
    start, doc, watched = len(canvas._code), canvas._doc, _Watched(paint)
    version, doc._pdfVersion = doc._pdfVersion, (1, 0)
    canvas._enforceColorSpace = watched
    try:
        _paint(canvas, art, scale)
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
