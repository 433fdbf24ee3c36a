"""A custom cut shape drawn in an SVG file: its path (id `cut`, else the first <path>), closed, in piece mm.

The SVG's viewBox is the piece's trim: the path is scaled to the piece's size, y turned up as in PDF.
"""

from __future__ import annotations

import math
from pathlib import Path

from lxml import etree
from svglib.svglib import Svg2RlgAttributeConverter
from svglib.utils import bezier_arc_from_end_points, convert_quadratic_to_cubic_path, normalise_svg_path

from pnp.errors import PnpError
from pnp.face.outline import Outline, Segment
from pnp.face.svgsource import read_svg
from pnp.units import Size

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
CLOSE_ENOUGH = 1e-6  # of the viewBox's size: a subpath ending this near its start is closed
DRAW_FIX = "draw the cut as one closed path (end it with Z) in the SVG, or give it id=\"cut\""


def read_cut_path(path: Path, where: str, size: Size) -> Outline:
    """The closed cut path of an SVG file, mapped from its viewBox onto a piece of `size` mm."""
    root = read_svg(path, where)
    node = _cut_node(root, where)
    minx, miny, width, height = _view_box(root, where)
    matrix = _transform(node, root, where)
    scale = max(width, height)

    def to_mm(x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = matrix
        x, y = a * x + c * y + e, b * x + d * y + f
        return (x - minx) / width * size.width, size.height - (y - miny) / height * size.height

    segments = _segments(node.get("d", ""), where, scale)
    if not segments:
        raise PnpError("the SVG's cut path draws nothing", where=where, fix=DRAW_FIX)
    outline = tuple((op, tuple(v for i in range(0, len(vs), 2) for v in to_mm(vs[i], vs[i + 1])))
                    for op, vs in segments)
    _check_inside(outline, size, where)
    return outline


def _check_inside(outline: Outline, size: Size, where: str, tolerance: float = 0.01) -> None:
    """Refuse a path that leaves the piece (the viewBox) anywhere along it, by more than `tolerance` mm."""
    last = (0.0, 0.0)
    for op, values in outline:
        points = [last, (values[0], values[1]), (values[2], values[3]), values[4:6]] if op == "C" else [values]
        for t in (i / 16 for i in range(17)) if op == "C" else (1.0,):
            if op == "Z":
                break
            x, y = _bezier(points, t) if op == "C" else values
            if not (-tolerance <= x <= size.width + tolerance and -tolerance <= y <= size.height + tolerance):
                raise PnpError(f"the cut path leaves the piece: it reaches ({x:.2f}, {size.height - y:.2f}) mm, "
                               f"outside {size.width:g} x {size.height:g} mm", where=where,
                               fix="draw the cut inside the SVG's viewBox, which is the piece's trim")
        if values:
            last = (values[-2], values[-1])


def _bezier(points, t: float) -> tuple[float, float]:
    """A point on a cubic Bézier."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = points
    u = 1 - t
    return (u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
            u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3)


def _cut_node(root: etree._Element, where: str) -> etree._Element:
    """The element with id `cut` (a <path>), else the first <path> of the file."""
    paths = [e for e in root.iter() if isinstance(e.tag, str) and etree.QName(e).localname == "path"]
    chosen = next((e for e in root.iter() if isinstance(e.tag, str) and e.get("id") == "cut"), None)
    if chosen is not None and etree.QName(chosen).localname != "path":
        raise PnpError(f"the element with id=\"cut\" is a <{etree.QName(chosen).localname}>, not a <path>",
                       where=where, fix="convert it to a path in your drawing program (Object to Path)")
    if chosen is None and not paths:
        raise PnpError("the SVG has no <path> to cut along", where=where, fix=DRAW_FIX)
    return chosen if chosen is not None else paths[0]


def _view_box(root: etree._Element, where: str) -> tuple[float, float, float, float]:
    """The viewBox (x, y, width, height), or 0, 0 and unitless width and height."""
    text = root.get("viewBox")
    try:
        if text is not None:
            minx, miny, width, height = (float(v) for v in text.replace(",", " ").split())
        else:
            minx, miny, width, height = 0.0, 0.0, float(root.get("width", "")), float(root.get("height", ""))
    except ValueError:
        raise PnpError("the SVG has no viewBox to map onto the piece", where=where,
                       fix="give the <svg> a viewBox, e.g. viewBox=\"0 0 63 88\" for a 63 x 88 mm piece") from None
    if not (width > 0 and height > 0):
        raise PnpError(f"the SVG's viewBox has no area ({width:g} x {height:g})", where=where,
                       fix="give the <svg> a viewBox with a width and height above 0")
    return minx, miny, width, height


def _transform(node: etree._Element, root: etree._Element, where: str) -> Matrix:
    """The path's transform and its ancestors', composed (the outer <svg> has none)."""
    matrix = IDENTITY
    element: etree._Element | None = node
    converter = Svg2RlgAttributeConverter()
    while element is not None and element is not root:
        for op, values in reversed(converter.convertTransform(element.get("transform", ""))):
            matrix = _multiply(_matrix(op, values, where), matrix)
        element = element.getparent()
    return matrix


def _matrix(op: str, values, where: str) -> Matrix:
    """One SVG transform as a matrix (a, b, c, d, e, f)."""
    v = values if isinstance(values, tuple) else (values,)
    if op == "matrix" and len(v) == 6:
        return tuple(float(x) for x in v)  # type: ignore[return-value]
    if op == "translate":
        return (1.0, 0.0, 0.0, 1.0, float(v[0]), float(v[1]) if len(v) > 1 else 0.0)
    if op == "scale":
        return (float(v[0]), 0.0, 0.0, float(v[1]) if len(v) > 1 else float(v[0]), 0.0, 0.0)
    if op in ("skewX", "skewY"):
        t = math.tan(math.radians(float(v[0])))
        return (1.0, 0.0, t, 1.0, 0.0, 0.0) if op == "skewX" else (1.0, t, 0.0, 1.0, 0.0, 0.0)
    if op == "rotate":
        a = math.radians(float(v[0]))
        cx, cy = (float(v[1]), float(v[2])) if len(v) == 3 else (0.0, 0.0)
        turn = (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0.0, 0.0)
        return _multiply((1.0, 0.0, 0.0, 1.0, cx, cy), _multiply(turn, (1.0, 0.0, 0.0, 1.0, -cx, -cy)))
    raise PnpError(f"the cut path's transform {op} cannot be read", where=where,
                   fix="apply the transforms in your drawing program before saving")


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    """m applied after n."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f)


def _segments(d: str, where: str, scale: float) -> list[Segment]:
    """The path data as absolute M, L, C and Z segments in user units; every subpath must be closed."""
    parts = normalise_svg_path(d)
    out: list[Segment] = []
    state = _Pen()
    for i in range(0, len(parts), 2):
        op, nums = str(parts[i]), [float(n) for n in parts[i + 1]]
        if op in "Mm":
            _close_check(out, state, where, scale)
        out += state.step(op, nums)
    _close_check(out, state, where, scale)
    return out


def _close_check(out: list[Segment], pen: _Pen, where: str, scale: float) -> None:
    """Refuse a subpath that ends away from its start without Z; one that returns to it is closed with Z."""
    if not out or out[-1][0] == "Z":
        return
    if out[-1][0] == "M":
        out.pop()  # a move with nothing drawn after it
        return
    if math.dist(pen.point, pen.start) > CLOSE_ENOUGH * scale:
        (x, y), (x0, y0) = pen.point, pen.start
        raise PnpError(f"the cut path is not closed: a part starts at ({x0:g}, {y0:g}) and ends at ({x:g}, {y:g})",
                       where=where, fix=DRAW_FIX)
    out.append(("Z", ()))


class _Pen:
    """The current point, the subpath's start and the last control point, as SVG path commands move them."""

    def __init__(self) -> None:
        self.point = self.start = (0.0, 0.0)
        self.control: tuple[float, float] | None = None  # the reflected control point of S and T
        self.quadratic = False

    def step(self, op: str, n: list[float]) -> list[Segment]:
        """The segments one command draws."""
        x0, y0 = self.point
        rel = op.islower()
        dx, dy = (x0, y0) if rel else (0.0, 0.0)
        kind = op.upper()
        if kind == "Z":
            self.point, self.control = self.start, None
            return [("Z", ())]
        if kind in "MLHV":
            x = n[0] + dx if kind != "V" else x0
            y = (n[1] + dy if kind in "ML" else n[0] + dy if kind == "V" else y0)
            self.point, self.control = (x, y), None
            if kind == "M":
                self.start = (x, y)
                return [("M", (x, y))]
            return [("L", (x, y))]
        if kind == "A":
            return self._arc(n, dx, dy)
        return self._curve(kind, n, dx, dy)

    def _curve(self, kind: str, n: list[float], dx: float, dy: float) -> list[Segment]:
        """C, S, Q and T as cubic Béziers."""
        x0, y0 = self.point
        mirror = self.control if self.control is not None and self.quadratic == (kind in "QT") else (x0, y0)
        reflected = (2 * x0 - mirror[0], 2 * y0 - mirror[1])
        if kind in "CS":
            c1 = (n[0] + dx, n[1] + dy) if kind == "C" else reflected
            rest = n[2:] if kind == "C" else n
            c2, end = (rest[0] + dx, rest[1] + dy), (rest[2] + dx, rest[3] + dy)
            self.control, self.quadratic = c2, False
        else:
            q1 = (n[0] + dx, n[1] + dy) if kind == "Q" else reflected
            end = (n[2] + dx, n[3] + dy) if kind == "Q" else (n[0] + dx, n[1] + dy)
            _, c1, c2, _ = convert_quadratic_to_cubic_path((x0, y0), q1, end)
            self.control, self.quadratic = q1, True
        self.point = end
        return [("C", (*c1, *c2, *end))]

    def _arc(self, n: list[float], dx: float, dy: float) -> list[Segment]:
        """An elliptical arc as cubic Béziers (a straight line when a radius is 0)."""
        x0, y0 = self.point
        rx, ry, phi, large, sweep, x, y = n[0], n[1], n[2], int(n[3]), int(n[4]), n[5] + dx, n[6] + dy
        self.point, self.control = (x, y), None
        if rx == 0 or ry == 0:
            return [("L", (x, y))]
        curves = bezier_arc_from_end_points(x0, y0, abs(rx), abs(ry), phi, large, sweep, x, y)
        return [("C", tuple(float(v) for v in curve[2:])) for curve in curves]
