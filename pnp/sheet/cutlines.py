"""Cut outlines: the line a piece is cut along (rectangle, rounded rectangle, circle or a drawn path), in mm.

Pure numbers, like pnp.sheet.grid: an outline is a tuple of path segments in page millimetres (origin bottom left,
y up), each ("M", (x, y)), ("L", (x, y)), ("C", (x1, y1, x2, y2, x, y)) or ("Z", ()). The PDF writer strokes them.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from pnp.face.outline import Outline
from pnp.sheet.grid import Rect
from pnp.units import Size

KAPPA = 4 * (math.sqrt(2) - 1) / 3  # a quarter circle as one cubic Bézier: off by 0.027% of the radius at most
SHAPED = ("circle", "path")  # cuts that keep their full bleed all round, with guides on the piece, no crop marks


class CutShape(NamedTuple):
    """The cut of one piece: its kind, its size in mm, a corner radius, and a drawn path in piece mm (y up)."""

    kind: str  # "square", "rounded", "circle" or "path"
    size: Size
    radius: float = 0.0
    path: Outline = ()

    def at(self, trim: Rect, mirrored: bool = False) -> Outline:
        """The outline on a page, the piece's trim at `trim`; `mirrored`: seen from the back (left and right swap)."""
        x, y, w, h = trim.x, trim.y, trim.w, trim.h
        if self.kind == "circle":
            return ellipse(Rect(x, y, w, h))
        if self.kind == "rounded":
            return rounded(trim, min(self.radius, w / 2, h / 2))
        if self.kind == "path":
            sx, sy = w / self.size.width, h / self.size.height
            if mirrored:
                return moved(self.path, lambda px, py: (x + w - px * sx, y + py * sy))
            return moved(self.path, lambda px, py: (x + px * sx, y + py * sy))
        return rounded(trim, 0.0)


def moved(outline: Outline, point) -> Outline:
    """An outline with every point passed through `point(x, y) -> (x, y)`."""
    result = []
    for op, values in outline:
        pairs = [point(values[i], values[i + 1]) for i in range(0, len(values), 2)]
        result.append((op, tuple(v for pair in pairs for v in pair)))
    return tuple(result)


def rounded(box: Rect, radius: float) -> Outline:
    """A rectangle with corners of `radius` mm (0: square), clockwise from the top of the left side."""
    x, y, right, top, r = box.x, box.y, box.right, box.top, radius
    if r <= 0:
        return (("M", (x, y)), ("L", (right, y)), ("L", (right, top)), ("L", (x, top)), ("Z", ()))
    k = r * (1 - KAPPA)
    return (("M", (x + r, y)), ("L", (right - r, y)), ("C", (right - k, y, right, y + k, right, y + r)),
            ("L", (right, top - r)), ("C", (right, top - k, right - k, top, right - r, top)),
            ("L", (x + r, top)), ("C", (x + k, top, x, top - k, x, top - r)),
            ("L", (x, y + r)), ("C", (x, y + k, x + k, y, x + r, y)), ("Z", ()))


def ellipse(box: Rect) -> Outline:
    """The ellipse inscribed in a box, as four cubic Béziers."""
    cx, cy, rx, ry = box.x + box.w / 2, box.y + box.h / 2, box.w / 2, box.h / 2
    kx, ky = rx * KAPPA, ry * KAPPA
    return (("M", (cx + rx, cy)), ("C", (cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry)),
            ("C", (cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy)),
            ("C", (cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry)),
            ("C", (cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)), ("Z", ()))


def outline_points(outline: Outline) -> list[tuple[float, float]]:
    """Every end point of an outline's segments, in order (what a test compares with the trim)."""
    return [(values[-2], values[-1]) for op, values in outline if values]
