"""Tiling a piece larger than the paper over several sheets: regions, overlaps, glue strips, alignment marks.

Pure numbers in millimetres. Piece coordinates have their origin at the bottom-left
corner of the piece's printed area (trim plus bleed); page coordinates at the
bottom-left corner of the paper.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.sheet.grid import MARK_GAP, PRINTER_MARGIN, Rect
from pnp.sheet.marks import MARK_LENGTH, Line
from pnp.units import Size

OVERLAP = 10.0  # mm shared by neighbouring tiles: the glue strip
LABEL_BAND = 6.0  # mm kept free at the top of each page for the tile's label
TILE_MARK = MARK_LENGTH / 2  # mm, a tile's cut marks
MARK_REACH = MARK_GAP + TILE_MARK  # mm the cut marks reach past a tile's region
LABEL_TOP = MARK_REACH + 1.5 + 3.0  # mm the label reaches above the region: its baseline past the marks, 8 pt high
CLEAR = 1.0  # mm a seam moved off a slot or a text keeps from its edge


@dataclass(frozen=True)
class Band:
    """Where something a seam should not cross lies along one axis of the piece, and how much crossing it costs."""

    low: float
    high: float
    weight: float


@dataclass(frozen=True)
class Avoid:
    """What the seams should not cross: bands along the piece's width (vertical seams) and height (horizontal)."""

    across: tuple[Band, ...] = ()
    down: tuple[Band, ...] = ()


@dataclass(frozen=True)
class Tile:
    """One sheet of a tiled piece: which part of the piece it shows and where on the page."""

    row: int  # 1-based, from the top
    col: int  # 1-based, from the left
    region: Rect  # in piece coordinates
    origin: tuple[float, float]  # page position of the region's bottom-left corner
    glue: tuple[Rect, ...]  # strips (piece coordinates) that the next tiles cover
    targets: tuple[tuple[float, float], ...]  # alignment crosshairs, piece coordinates

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        """Convert a piece point to this tile's page coordinates."""
        return self.origin[0] + x - self.region.x, self.origin[1] + y - self.region.y


@dataclass(frozen=True)
class Tiling:
    """All tiles of a piece on one paper orientation."""

    page: Size
    piece: Size
    rows: int
    cols: int
    overlap: float
    tiles: tuple[Tile, ...]


def _count(length: float, avail: float, overlap: float) -> int:
    """Tiles needed along one axis."""
    if length <= avail:
        return 1
    return math.ceil((length - overlap) / (avail - overlap))


def _starts(length: float, count: int, overlap: float, avail: float = math.inf, bands: tuple[Band, ...] = (),
            seen: float = 0.0) -> list[tuple[float, float]]:
    """Spans along one axis, neighbours sharing `overlap`: equal, unless moving a seam within what the paper takes
    crosses fewer bands. The visible cut of a seam lies `seen` past the end of the span before it."""
    if count == 1:
        return [(0.0, length)]
    span = (length + (count - 1) * overlap) / count
    avail = max(avail, span)  # a seam moves only as far as the paper keeps room, never making a tile larger
    spans, start = [], 0.0
    for k in range(count - 1):
        low = max(start + overlap + CLEAR, length - (count - 1 - k) * (avail - overlap))
        high = min(start + avail, length)
        end = _seam_end(min(max((k + 1) * span - k * overlap, low), high), low, high, bands, seen)
        spans.append((start, end - start))
        start = end - overlap
    return spans + [(start, length - start)]


def _seam_end(equal: float, low: float, high: float, bands: tuple[Band, ...], seen: float) -> float:
    """Where a span ends: the equal split, or the end between `low` and `high` whose cut crosses the least."""
    if not bands or high <= low:
        return equal
    edges = [b.low - CLEAR - seen for b in bands] + [b.high + CLEAR - seen for b in bands]
    options = [equal] + [end for end in edges if low <= end <= high]
    return min(options, key=lambda end: (sum(b.weight for b in bands if b.low < end + seen < b.high),
                                         abs(end - equal)))


def tile_piece(piece: Size, paper: Size, overlap: float = OVERLAP, avoid: Avoid = Avoid()) -> Tiling:
    """Split a piece over the fewest sheets of paper (either orientation), with overlaps to glue."""
    options = []
    for page in (paper, Size(paper.height, paper.width)):
        avail_w = page.width - 2 * PRINTER_MARGIN
        avail_h = page.height - 2 * PRINTER_MARGIN - LABEL_BAND
        cols, rows = _count(piece.width, avail_w, overlap), _count(piece.height, avail_h, overlap)
        options.append((cols * rows, page.width > page.height, page, cols, rows))
    _, _, page, cols, rows = min(options, key=lambda o: (o[0], o[1]))
    avail_w = page.width - 2 * (PRINTER_MARGIN + MARK_REACH)  # what keeps every cut mark whole and the label
    avail_h = page.height - 2 * PRINTER_MARGIN - MARK_REACH - LABEL_TOP
    # a column is laid over the glue strip on its left, so its left edge shows; a row over the strip above it
    xs = _starts(piece.width, cols, overlap, avail_w, avoid.across, -overlap)
    ys = _starts(piece.height, rows, overlap, avail_h, avoid.down, 0.0)
    seams_x = [start + overlap / 2 for start, _ in xs[1:]]
    seams_y = [start + overlap / 2 for start, _ in ys[1:]]
    tiles = []
    for r, (y0, h) in enumerate(reversed(ys)):  # row 1 is the top of the piece
        for c, (x0, w) in enumerate(xs):
            region = Rect(x0, y0, w, h)
            origin = (_clear((page.width - w) / 2, w, page.width, MARK_REACH),
                      _clear(PRINTER_MARGIN + (page.height - 2 * PRINTER_MARGIN - LABEL_BAND - h) / 2, h, page.height,
                             LABEL_TOP))
            glue = _glue(region, c < cols - 1, r < rows - 1, overlap)
            tiles.append(Tile(r + 1, c + 1, region, origin, glue, _targets(region, seams_x, seams_y)))
    return Tiling(page, piece, rows, cols, overlap, tuple(tiles))


def _clear(start: float, length: float, page: float, above: float) -> float:
    """A region's start moved, where the page has room, so that its cut marks below and what reaches `above` it stay
    inside the printer margin."""
    low, high = PRINTER_MARGIN + MARK_REACH, page - PRINTER_MARGIN - above - length
    return min(max(start, low), high) if low <= high else start


def tile_marks(tile: Tile, tiling: Tiling, bleed: float) -> list[Line]:
    """Page lines marking where to cut, at the seams and at the piece's trim: outside the region, inside the printer
    margin (a mark the margin leaves less than 1 mm of is left out)."""
    region, piece, page = tile.region, tiling.piece, tiling.page
    xs = [bleed if region.x <= 1e-9 else region.x,
          piece.width - bleed if region.right >= piece.width - 1e-9 else region.right]
    ys = [bleed if region.y <= 1e-9 else region.y,
          piece.height - bleed if region.top >= piece.height - 1e-9 else region.top]
    left, bottom = tile.to_page(region.x, region.y)
    right, top = tile.to_page(region.right, region.top)
    lines = []
    for px in xs:
        x = tile.to_page(px, 0)[0]
        lines += [Line(x, y1, x, y2) for y1, y2 in _outward(bottom, top, page.height)]
    for py in ys:
        y = tile.to_page(0, py)[1]
        lines += [Line(x1, y, x2, y) for x1, x2 in _outward(left, right, page.width)]
    return lines


def _outward(low: float, high: float, page: float) -> list[tuple[float, float]]:
    """A mark's start and end below `low` and above `high`, each cut short at the printer margin."""
    spans = [(low - MARK_GAP, max(low - MARK_GAP - TILE_MARK, PRINTER_MARGIN)),
             (high + MARK_GAP, min(high + MARK_GAP + TILE_MARK, page - PRINTER_MARGIN))]
    return [(start, end) for start, end in spans if abs(end - start) >= 1.0]


def _glue(region: Rect, right: bool, below: bool, overlap: float) -> tuple[Rect, ...]:
    """Strips along the right and bottom edges that the neighbouring tiles cover."""
    strips = []
    if right:
        strips.append(Rect(region.right - overlap, region.y, overlap, region.h))
    if below:
        strips.append(Rect(region.x, region.y, region.w, overlap))
    return tuple(strips)


def _targets(region: Rect, seams_x: list[float], seams_y: list[float]) -> tuple[tuple[float, float], ...]:
    """Crosshairs on the centre line of every overlap strip this tile shares, at fixed piece positions."""
    points = [(x, region.y + region.h * f) for x in seams_x if region.x < x < region.right for f in (0.25, 0.75)]
    points += [(region.x + region.w * f, y) for y in seams_y if region.y < y < region.top for f in (0.25, 0.75)]
    return tuple(points)


def covered_area(tiling: Tiling) -> Rect:
    """The bounding box of all tile regions, to check the tiles reassemble to the piece."""
    xs = [t.region.x for t in tiling.tiles] + [t.region.right for t in tiling.tiles]
    ys = [t.region.y for t in tiling.tiles] + [t.region.top for t in tiling.tiles]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
