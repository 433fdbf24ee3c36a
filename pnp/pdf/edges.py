"""The colours along a face's trim: 1 mm inside it and 1 mm of its own bleed, rasterised with pdfium.

A cut that misses its line by up to CUT_ERROR shows, on a butted sheet, the neighbour's edge instead of the
card's own bleed. Comparing the two strips, segment by segment along the edge, tells whether butting shows.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from reportlab.pdfgen.canvas import Canvas

from pnp.face.paint import paint_face
from pnp.face.parts import Face, Op
from pnp.pdf.edgecache import EdgeCache, segments_in
from pnp.units import MM, pt

if TYPE_CHECKING:  # pdfium and Pillow are imported when faces are sampled, not by every build (--gutter N)
    import pypdfium2 as pdfium
    from PIL import Image

CUT_ERROR = 1.0  # mm a home cut may miss its line by
SEGMENT = 2.0  # mm of edge compared at a time
PX_PER_MM = 4  # resolution the strips are sampled at
CLASH = 10.0  # CIE76 colour difference above which two strips are clearly different colours
SIDES = ("left", "right", "bottom", "top")
SETTINGS = (CUT_ERROR, SEGMENT, PX_PER_MM)  # in an edge cache entry's key; a change in measuring: edgecache.FORMAT
OPPOSITE = {"left": "right", "right": "left", "bottom": "top", "top": "bottom"}

Lab = tuple[float, float, float]


class FaceEdges(NamedTuple):
    """Mean CIELAB colours in SEGMENT-long pieces along each side (bottom to top, left to right)."""

    inside: dict[str, tuple[Lab, ...]]  # the strip CUT_ERROR wide just inside the trim
    bleed: dict[str, tuple[Lab, ...]]  # the face's own bleed, as far as CUT_ERROR past the trim

    def side(self, name: str, turned: bool = False) -> tuple[tuple[Lab, ...], tuple[Lab, ...]]:
        """(inside, bleed) of the side seen at `name` on the sheet; a face turned 180 degrees shows its opposite."""
        if not turned:
            return self.inside[name], self.bleed[name]
        other = OPPOSITE[name]
        return self.inside[other][::-1], self.bleed[other][::-1]


def seam_step(first: FaceEdges, second: FaceEdges, vertical: bool, turned: tuple[bool, bool] = (False, False)) -> float:
    """The largest colour difference a miscut shows at a seam: `first` left of (or below) `second`."""
    near, far = ("right", "left") if vertical else ("top", "bottom")
    a_in, a_bleed = first.side(near, turned[0])
    b_in, b_bleed = second.side(far, turned[1])
    steps = [delta_e(x, y) for x, y in zip(a_bleed, b_in)] + [delta_e(x, y) for x, y in zip(b_bleed, a_in)]
    return max(steps, default=0.0)


class EdgeSampler:
    """Edge colours of faces, each distinct edge drawn once, with only what reaches within CUT_ERROR of the trim;
    colours measured by an earlier build come from its cache, when one is given."""

    def __init__(self, cache: EdgeCache | None = None) -> None:
        self._known: dict[object, FaceEdges] = {}
        self._keys: dict[int, tuple[Face, tuple]] = {}  # each face's key by its id, the face kept so the id stays its
        self._cache = cache

    def edges(self, faces: Sequence[Face]) -> list[FaceEdges]:
        """The edge colours of every face, in order."""
        keys = [self._key(face) for face in faces]
        fresh = {}
        for key, face in zip(keys, faces):
            if key not in self._known and key not in fresh:
                fresh[key] = _edge_face(face)
        if fresh:
            self._known.update(zip(fresh, _sample(list(fresh.values()), self._cache)))
        return [self._known[key] for key in keys]

    def _key(self, face: Face) -> tuple:
        """A face's edge key, worked out once for the copies of a card (a face repeats as often as its count)."""
        known = self._keys.get(id(face))
        if known is None:
            known = self._keys[id(face)] = (face, _edge_key(face))
        return known[1]


def _edge_key(face: Face) -> tuple:
    """What decides a face's edges: its size, bleed and the operations that reach its edge strips.

    An operation holding something unhashable is compared by identity (the face, kept by the caller, holds it).
    """
    ops = tuple(op for op in face.ops if _near_edge(op, face))
    key: tuple = (face.width, face.height, face.bleed, face.scale, ops)
    try:
        hash(key)
    except TypeError:
        key = (face.width, face.height, face.bleed, face.scale, tuple(id(op) for op in ops), id(face))
    return key


def _edge_face(face: Face) -> Face:
    """The face with only the operations that reach its edge strips (interior text and art left out)."""
    return Face(face.width, face.height, face.bleed, tuple(op for op in face.ops if _near_edge(op, face)), face.scale)


def _near_edge(op: Op, face: Face) -> bool:
    """Tell whether an operation may paint within CUT_ERROR of the trim (its box, turned and stroked, reaches there)."""
    b, s = op.box, face.scale
    half_w, half_h = abs(b.w) / 2, abs(b.h) / 2  # a line's box is the vector to its end, either way
    if op.rotate:
        angle = math.radians(op.rotate)
        cos, sin = abs(math.cos(angle)), abs(math.sin(angle))
        half_w, half_h = cos * half_w + sin * half_h, sin * half_w + cos * half_h
    pad = op.stroke_width if op.stroke is not None else 0.0
    cx, cy = b.x + b.w / 2, b.y + b.h / 2
    low_x, high_x = (cx - half_w - pad) * s, (cx + half_w + pad) * s
    low_y, high_y = (cy - half_h - pad) * s, (cy + half_h + pad) * s
    depth = pt(CUT_ERROR)
    return (low_x < depth or low_y < depth or high_x > face.width - depth or high_y > face.height - depth
            or op.kind == "face")


def _sample(faces: list[Face], cache: EdgeCache | None = None) -> list[FaceEdges]:
    """Paint the faces on pages of one PDF in memory and measure each one's strips (or find them in the cache)."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    for face in faces:
        canvas.setPageSize((face.width + 2 * face.bleed, face.height + 2 * face.bleed))
        canvas.translate(face.bleed, face.bleed)
        paint_face(canvas, face)
        canvas.showPage()
    canvas.save()
    pdf = buffer.getvalue()
    stored = cache.read(pdf, faces, SIDES) if cache is not None else None
    if stored is not None:
        return [FaceEdges(*(dict(zip(SIDES, strips)) for strips in pair)) for pair in stored]
    measured = _measured(pdf, faces)
    if cache is not None:
        cache.remember(pdf, [([edges.inside[side] for side in SIDES], [edges.bleed[side] for side in SIDES])
                             for edges in measured])
    return measured


def _measured(pdf: bytes, faces: list[Face]) -> list[FaceEdges]:
    """Rasterise the PDF's pages with pdfium and measure each face's strips."""
    import pypdfium2 as pdfium
    document = pdfium.PdfDocument(pdf)
    try:
        return [_measure(_raster(document, index), face) for index, face in enumerate(faces)]
    finally:
        document.close()


def _raster(document: pdfium.PdfDocument, index: int) -> Image.Image:
    """One page at PX_PER_MM, on white."""
    page = document[index]
    try:
        return page.render(scale=PX_PER_MM * 25.4 / 72).to_pil().convert("RGB")
    finally:
        page.close()


def _measure(image: Image.Image, face: Face) -> FaceEdges:
    """The inside and bleed strips of each side, as segment means in CIELAB."""
    bleed, width, height = face.bleed / MM, face.width / MM, face.height / MM
    depth = min(CUT_ERROR, bleed)
    inside, outside = {}, {}
    for side in SIDES:
        vertical = side in ("left", "right")
        low = side in ("left", "top")  # the side nearer the image's origin (top-left, y down)
        edge = bleed if low else bleed + (width if vertical else height)
        into = 1 if low else -1  # towards the trim's inside, in image coordinates
        length = height if vertical else width
        inside[side] = _segments(image, (edge, edge + into * CUT_ERROR), bleed, length, vertical)
        outside[side] = _segments(image, (edge - into * depth, edge), bleed, length, vertical)
    return FaceEdges(inside, outside)


def _segments(image: Image.Image, across: tuple[float, float], start: float, length: float,
              vertical: bool) -> tuple[Lab, ...]:
    """Mean colours of the strip `across` (mm from the image's edge), in SEGMENT pieces along it from `start`."""
    from PIL import Image
    count = segments_in(length, SEGMENT)
    lo, hi = sorted(across)
    px = [round(v * PX_PER_MM) for v in (lo, hi, start, start + length)]
    first, last = px[0], max(px[1], px[0] + 1)
    box = (first, px[2], last, px[3]) if vertical else (px[2], first, px[3], last)
    strip = image.crop(box).resize((1, count) if vertical else (count, 1), Image.Resampling.BOX)
    means = [tuple(strip.getpixel((0, i) if vertical else (i, 0))) for i in range(count)]  # type: ignore[arg-type]
    if vertical:
        means.reverse()  # image rows run down; sides are listed bottom to top
    return tuple(_lab_of_pixel(mean) for mean in means)


def srgb_to_lab(rgb: Sequence[float]) -> Lab:
    """CIELAB (D65) of an 8-bit sRGB colour."""
    r, g, b = (_linear(channel / 255) for channel in rgb[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    fx, fy, fz = (_lab_f(v) for v in (x, y, z))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


@lru_cache(maxsize=4096)
def _lab_of_pixel(rgb: tuple[int, ...]) -> Lab:
    """srgb_to_lab of a pixel, each distinct colour worked out once (strips of one colour repeat it often)."""
    return srgb_to_lab(rgb)


def delta_e(first: Lab, second: Lab) -> float:
    """The CIE76 colour difference: about 2 is just noticeable, above CLASH clearly another colour."""
    return math.dist(first, second)


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _lab_f(t: float) -> float:
    return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
