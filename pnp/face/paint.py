"""Paint one card face at the origin of a reportlab canvas."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from reportlab.lib import colors as rl_colors
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import FILL_NON_ZERO

from pnp.face.images import image_reader
from pnp.face.outline import trace
from pnp.face.parts import Box, Face, Op
from pnp.face.quickops import quick_rgb
from pnp.face.svgdraw import draw_svg
from pnp.text.fit import Run


def paint_face(canvas, face: Face) -> None:
    """Draw every operation of a face; the trim's bottom-left corner is at (0, 0)."""
    if face.scale != 1.0:
        canvas.scale(face.scale, face.scale)
    for op in face.ops:
        isolated = op.rotate or op.dash or op.kind in ("image", "face")
        if isolated:  # rotation, dashes and clips must not leak into the next operation
            canvas.saveState()
        if op.rotate:
            cx, cy = op.box.x + op.box.w / 2, op.box.y + op.box.h / 2
            canvas.translate(cx, cy)
            canvas.rotate(-op.rotate)
            canvas.translate(-cx, -cy)
        PAINTERS[op.kind](canvas, op)
        if isolated:
            canvas.restoreState()


def _set_paint(canvas, op: Op) -> tuple[int, int]:
    """Set fill and stroke; return the fill and stroke flags for reportlab."""
    if op.fill is not None:
        _ink(canvas, op.fill, min(abs(op.box.w), abs(op.box.h)), stroke=False)
    if op.stroke is not None:
        _ink(canvas, op.stroke, op.stroke_width, stroke=True)
        canvas.setLineWidth(op.stroke_width)
        if op.dash:
            canvas.setDash(list(op.dash))
    return int(op.fill is not None), int(op.stroke is not None)


def _ink(target, color, extent: float, stroke: bool) -> None:
    """Set a colour on a canvas or text object; a CMYK document's paint applies print-shop black (extent: points)."""
    canvas = getattr(target, "_canvas", target)
    black = getattr(getattr(canvas, "_enforceColorSpace", None), "black", None)
    if black is not None:
        black(target, color, extent, stroke)
    elif quick_rgb(target, color, stroke):
        return
    elif stroke:
        target.setStrokeColor(color)
    else:
        target.setFillColor(color)


def _rect(canvas, op: Op) -> None:
    fill, stroke = _set_paint(canvas, op)
    if not (fill or stroke):
        return
    b = op.box
    if op.radius > 0:
        canvas.roundRect(b.x, b.y, b.w, b.h, op.radius, stroke=stroke, fill=fill)
    else:
        canvas.rect(b.x, b.y, b.w, b.h, stroke=stroke, fill=fill)


def _ellipse(canvas, op: Op) -> None:
    fill, stroke = _set_paint(canvas, op)
    if fill or stroke:
        b = op.box
        canvas.ellipse(b.x, b.y, b.x + b.w, b.y + b.h, stroke=stroke, fill=fill)


def _line(canvas, op: Op) -> None:
    _set_paint(canvas, op)
    b = op.box
    canvas.line(b.x, b.y, b.x + b.w, b.y + b.h)


def _text(canvas, op: Op) -> None:
    """Draw laid-out text lines with alignment and vertical alignment, in one text object; inline images after."""
    block = op.text
    assert block is not None  # a text op carries its laid-out block
    size, line_height = block.size, block.size * block.leading
    total = line_height * (len(block.lines) - 1) + size
    b = op.box
    top = {"top": b.y + b.h, "middle": b.y + (b.h + total) / 2, "bottom": b.y + total}[op.valign]
    baseline = top - size * 0.88
    text = canvas.beginText()
    shown = getattr(canvas, "shown_texts", None)
    font = color = None
    pictures = []
    for line in block.lines:
        width = (line.width - line.hang) * size  # a hanging 、 or 。 is set past the box's edge (ぶら下げ)
        x = {"left": b.x, "center": b.x + (b.w - width) / 2, "right": b.x + b.w - width}[op.align]
        text.setTextOrigin(x, baseline)
        runs = line_runs(line)
        placed = any(run.image is not None for run in runs)  # only then is each run's position needed
        for run in runs:
            if run.image is not None:  # the picture fills the em box: from the descender line, one size high
                pictures.append((run.image, x, baseline - size * 0.12, run.width * size, size))
                x += run.width * size
                text.setTextOrigin(x, baseline)
                continue
            if run.font is not font:
                font = run.font
                text.setFont(font.pdf_name, size)
            if run.color is not color:
                color = run.color
                _ink(text, color, size, stroke=False)
            # textOut() without moving its cursor, which no line reads
            text._code.append(shown.operators(text, run.text) if shown else text._formatText(run.text))
            if placed:
                x += run.width * size
        baseline -= line_height
    canvas.drawText(text)
    for image, x, y, w, h in pictures:
        _picture(canvas, image.path, image.art, Box(x, y, w, h), "contain")


def line_runs(line) -> list[Run]:
    """The line's text as runs, neighbours with the same font and colour merged (inline images stay apart); a merged
    run has the font and colour of the last run in it."""
    merged: list[Run] = []
    texts: list[str] = []  # the texts of the runs that the last merged run is made of
    for atom in line.atoms:
        for run in atom.runs:
            last = merged[-1] if merged else None
            if last and last.image is None and run.image is None and last.font is run.font and last.color == run.color:
                texts.append(run.text)
                merged[-1] = run
            else:
                _merge_texts(merged, texts)
                merged.append(run)
                texts = [run.text]
    _merge_texts(merged, texts)
    return merged


def _merge_texts(merged: list[Run], texts: list[str]) -> None:
    """Make the last merged run one run of its texts."""
    if len(texts) > 1:
        last = merged[-1]
        merged[-1] = Run("".join(texts), last.font, last.color)


def _source(canvas, path: Path) -> ImageReader:
    """The image as the document's colour space wants it: CMYK files convert it through their profile."""
    paint: Any = getattr(canvas, "_enforceColorSpace", None)
    return paint.image(path) if hasattr(paint, "image") else image_reader(path)


def _image(canvas, op: Op) -> None:
    """Draw an image fitted to its box, or a placeholder when there is none."""
    if op.image is None:
        _placeholder(canvas, op.box)
        return
    _picture(canvas, op.image, op.art, op.box, op.fit)


def _picture(canvas, image: Path, art, b: Box, fit: str) -> None:
    """Draw SVG art or a raster image fitted to a box."""
    if art is not None:
        draw_svg(canvas, art, b.x, b.y, b.w, b.h, fit)
        return
    reader = _source(canvas, image)
    iw, ih = reader.getSize()
    if fit == "stretch":
        canvas.drawImage(reader, b.x, b.y, b.w, b.h, mask="auto")
        return
    scale = (max if fit == "cover" else min)(b.w / iw, b.h / ih)
    w, h = iw * scale, ih * scale
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(b.x, b.y, b.w, b.h)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.drawImage(reader, b.x + (b.w - w) / 2, b.y + (b.h - h) / 2, w, h, mask="auto")
    canvas.restoreState()


def _placeholder(canvas, b: Box) -> None:
    """A light crossed box where an image will go."""
    _ink(canvas, rl_colors.Color(0.6, 0.6, 0.6), 0.5, stroke=True)
    _ink(canvas, rl_colors.Color(0.93, 0.93, 0.93), min(b.w, b.h), stroke=False)
    canvas.setLineWidth(0.5)
    canvas.rect(b.x, b.y, b.w, b.h, stroke=1, fill=1)
    canvas.line(b.x, b.y, b.x + b.w, b.y + b.h)
    canvas.line(b.x, b.y + b.h, b.x + b.w, b.y)


def _icon(canvas, op: Op) -> None:
    """Draw a built-in vector shape scaled into its box."""
    fill, stroke = _set_paint(canvas, op)
    if not (fill or stroke):
        return
    b = op.box
    path = canvas.beginPath()
    points = SHAPE_POINTS.get(op.shape)
    if op.shape == "circle":
        path.ellipse(b.x, b.y, b.w, b.h)
    elif points is not None:
        _polygon(path, points(), b)
    else:
        _suit(path, op.shape, b)
    canvas.drawPath(path, stroke=stroke, fill=fill, fillMode=FILL_NON_ZERO)


def _polygon(path, points: list[tuple[float, float]], b: Box) -> None:
    """Add a closed polygon given in unit coordinates (0..1, y up)."""
    first = True
    for ux, uy in points:
        x, y = b.x + ux * b.w, b.y + uy * b.h
        path.moveTo(x, y) if first else path.lineTo(x, y)
        first = False
    path.close()


def _star() -> list[tuple[float, float]]:
    pts = []
    for i in range(10):
        r = 0.5 if i % 2 == 0 else 0.2
        a = math.pi / 2 + i * math.pi / 5
        pts.append((0.5 + r * math.cos(a), 0.52 + r * math.sin(a)))
    return pts


def _hexagon() -> list[tuple[float, float]]:
    return [(0.5 + 0.5 * math.cos(math.pi / 6 + i * math.pi / 3), 0.5 + 0.5 * math.sin(math.pi / 6 + i * math.pi / 3))
            for i in range(6)]


SHAPE_POINTS: dict[str, Callable[[], list[tuple[float, float]]]] = {
    "square": lambda: [(0, 0), (1, 0), (1, 1), (0, 1)],
    "diamond": lambda: [(0.5, 0), (1, 0.5), (0.5, 1), (0, 0.5)],
    "triangle": lambda: [(0, 0), (1, 0), (0.5, 1)],
    "star": _star,
    "hexagon": _hexagon,
}


def _suit(path, shape: str, b: Box) -> None:
    """Heart, spade and club outlines built from curves and circles."""
    def p(ux: float, uy: float) -> tuple[float, float]:
        return b.x + ux * b.w, b.y + uy * b.h
    if shape == "heart":
        path.moveTo(*p(0.5, 0.0))
        path.curveTo(*p(0.35, 0.2), *p(0.0, 0.4), *p(0.0, 0.68))
        path.curveTo(*p(0.0, 0.92), *p(0.3, 1.05), *p(0.5, 0.8))
        path.curveTo(*p(0.7, 1.05), *p(1.0, 0.92), *p(1.0, 0.68))
        path.curveTo(*p(1.0, 0.4), *p(0.65, 0.2), *p(0.5, 0.0))
        path.close()
        return
    if shape == "spade":
        path.moveTo(*p(0.5, 1.0))
        path.curveTo(*p(0.35, 0.8), *p(0.0, 0.62), *p(0.0, 0.38))
        path.curveTo(*p(0.0, 0.12), *p(0.32, 0.08), *p(0.47, 0.28))
        path.lineTo(*p(0.38, 0.0))
        path.lineTo(*p(0.62, 0.0))
        path.lineTo(*p(0.53, 0.28))
        path.curveTo(*p(0.68, 0.08), *p(1.0, 0.12), *p(1.0, 0.38))
        path.curveTo(*p(1.0, 0.62), *p(0.65, 0.8), *p(0.5, 1.0))
        path.close()
        return
    r = 0.22
    for cx, cy in ((0.5, 0.74), (0.27, 0.45), (0.73, 0.45)):
        path.ellipse(b.x + (cx - r) * b.w, b.y + (cy - r) * b.h, 2 * r * b.w, 2 * r * b.h)
    _polygon(path, [(0.38, 0.0), (0.62, 0.0), (0.54, 0.6), (0.46, 0.6)], b)


def _outline(canvas, op: Op) -> None:
    """A path (a cut's outline), stroked and/or filled."""
    fill, stroke = _set_paint(canvas, op)
    if fill or stroke:
        path = canvas.beginPath()
        trace(path, op.outline)
        canvas.drawPath(path, stroke=stroke, fill=fill)


def _nested(canvas, op: Op) -> None:
    """Draw another face clipped to the box, placed by the op's matrix."""
    b = op.box
    path = canvas.beginPath()
    path.rect(b.x, b.y, b.w, b.h)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.transform(*op.matrix)
    assert op.face is not None  # a face op carries the face it draws
    paint_face(canvas, op.face)


PAINTERS = {"face": _nested, "rect": _rect, "ellipse": _ellipse, "line": _line, "text": _text, "image": _image,
            "icon": _icon, "outline": _outline}
