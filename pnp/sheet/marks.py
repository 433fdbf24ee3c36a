"""Marks around the cards: crop marks (plain or Japanese トンボ), circular cut guides and the 50 mm scale bar.

Pure numbers in page millimetres, like pnp.sheet.grid.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from pnp.sheet.grid import MARK_GAP, PRINTER_MARGIN, Imposition, Rect

MARK_LENGTH = 6.0  # mm, longest crop mark
MARK_PAGE_CLEARANCE = 1.5  # mm a crop mark pointing at a gutterfold's fold stops short of it
SCALE_BAR = 50.0  # mm
SCALE_BAND = 3.0  # mm of room the scale bar needs across the band
SCALE_NEED = 58.0  # mm of room the bar and its label need along the band


class Line(NamedTuple):
    """A straight line segment (a named tuple, as Rect)."""

    x1: float
    y1: float
    x2: float
    y2: float


def cut_positions(imposition: Imposition) -> tuple[list[float], list[float]]:
    """Return the x positions of vertical cuts and the y positions of horizontal cuts."""
    xs = sorted({round(v, 6) for s in imposition.slots for v in (s.trim.x, s.trim.right)})
    ys = sorted({round(v, 6) for s in imposition.slots for v in (s.trim.y, s.trim.top)})
    return xs, ys


def _span(start: float, limit: float, direction: int) -> tuple[float, float] | None:
    """A mark from start towards limit (direction +1 or -1), at most MARK_LENGTH long."""
    length = min(MARK_LENGTH, (limit - start) * direction)
    if length < 1.0:
        return None
    return start, start + direction * length


def _marks_along(imposition: Imposition, positions: list[float], vertical: bool,
                 offset_extra: float = 0.0) -> list[Line]:
    """Marks for cut lines at `positions`, drawn outward on both sides of the block up to the printable edge."""
    area, block = imposition.mark_reach, imposition.block
    lines = []
    if vertical:
        starts = [(block.top + imposition.outer_bleed_y + MARK_GAP + offset_extra, area.top, 1),
                  (block.y - imposition.outer_bleed_y - MARK_GAP - offset_extra, area.y, -1)]
    else:
        starts = [(block.right + imposition.outer_bleed_x + MARK_GAP + offset_extra, area.right, 1),
                  (block.x - imposition.outer_bleed_x - MARK_GAP - offset_extra, area.x, -1)]
    for start, edge, direction in starts:
        span = _span(start, edge, direction)
        if span is None:
            continue
        for pos in positions:
            lines.append(Line(pos, span[0], pos, span[1]) if vertical else Line(span[0], pos, span[1], pos))
    return lines


def plain_marks(imposition: Imposition) -> list[Line]:
    """Plain crop marks: one hairline per cut line on every side of the block."""
    xs, ys = cut_positions(imposition)
    lines = _marks_along(imposition, xs, True) + _marks_along(imposition, ys, False)
    return [line for line in lines if _outside_cards(line, imposition)]


def japanese_marks(imposition: Imposition) -> list[Line]:
    """トンボ without centre crosses: cut marks plus corner marks doubled at trim and bleed."""
    block, bleed = imposition.block, imposition.bleed
    lines = plain_marks(imposition)
    lines += _marks_along(imposition, [block.x - bleed, block.right + bleed], True)
    lines += _marks_along(imposition, [block.y - bleed, block.top + bleed], False)
    return [line for line in lines if _outside_cards(line, imposition)]


def centre_marks(imposition: Imposition) -> list[Line]:
    """Centre crosses (センタートンボ) outside the middle of each side of the block."""
    block = imposition.block
    cx, cy = block.x + block.w / 2, block.y + block.h / 2
    lines = _marks_along(imposition, [cx], True) + _marks_along(imposition, [cy], False)
    crosses = []
    for line in lines:
        mid_x, mid_y = (line.x1 + line.x2) / 2, (line.y1 + line.y2) / 2
        if line.x1 == line.x2:
            crosses.append(Line(mid_x - 2.5, mid_y, mid_x + 2.5, mid_y))
        else:
            crosses.append(Line(mid_x, mid_y - 2.5, mid_x, mid_y + 2.5))
    return [line for line in lines + crosses if _outside_cards(line, imposition)]


def _outside_cards(line: Line, imposition: Imposition) -> bool:
    """Tell whether a mark lies in the printable area and clear of every card's printed area."""
    box, area = _line_box(line, 1e-3), imposition.printable
    inside = box.x >= area.x - 2e-3 and box.y >= area.y - 2e-3 and box.right <= area.right + 2e-3 \
        and box.top <= area.top + 2e-3
    return inside and not any(box.overlaps(slot.clip, tolerance=0.0) for slot in imposition.slots)


def _snapped(line: Line, area: Rect) -> Line:
    """A kept mark moved onto the printable area's edge where float error leaves it a hair (at most 2 µm) outside."""
    def x(value: float) -> float:
        return min(max(value, area.x), area.right)

    def y(value: float) -> float:
        return min(max(value, area.y), area.top)
    return Line(x(line.x1), y(line.y1), x(line.x2), y(line.y2))


def _line_box(line: Line, pad: float) -> Rect:
    """The bounding box of a line, grown by `pad` on every side."""
    return Rect(min(line.x1, line.x2) - pad, min(line.y1, line.y2) - pad,
                abs(line.x2 - line.x1) + 2 * pad, abs(line.y2 - line.y1) + 2 * pad)


class SheetMarks(NamedTuple):
    """Everything printed around the cards: crop marks, circle cut guides and the 50 mm scale bar."""

    lines: tuple[Line, ...]
    bar: ScaleBar | None
    circles: tuple[Rect, ...] = ()  # round cut guides, one per slot; drawn only where a piece is


@lru_cache(maxsize=64)
def sheet_marks(imposition: Imposition, style: str, cut: str = "square") -> SheetMarks:
    """Marks in the style 'jp', 'plain' or 'none' (circle cuts: round guides), and a scale bar clear of them
    (worked out once for each kind of sheet: every full sheet of a component has the same)."""
    if cut == "circle":
        circles = () if style == "none" else tuple(slot.trim for slot in imposition.slots)
        return SheetMarks((), scale_bar(imposition, []), circles)
    if style == "jp":
        lines = japanese_marks(imposition)
    elif style == "plain":
        lines = plain_marks(imposition)
    else:
        lines = []
    lines = [_snapped(line, imposition.printable) for line in lines]
    bar = scale_bar(imposition, lines)
    if bar is None:
        return SheetMarks(tuple(lines), None)
    bar_box = bar.box()
    lines = [short for line in lines if (short := _stop_short(line, bar_box)) is not None]
    if style == "jp":
        lines += [line for line in centre_marks(imposition) if not _line_box(line, 0.5).overlaps(bar_box)]
    return SheetMarks(tuple(lines), bar)


def page_marks() -> SheetMarks:
    """A page document is the paper itself: nothing to cut, nothing to measure."""
    return SheetMarks((), None)


class ScaleBar(NamedTuple):
    """Where the 50 mm check bar goes: its start point and direction."""

    x: float
    y: float
    vertical: bool

    def box(self) -> Rect:
        """The area the bar and its label take."""
        if self.vertical:
            return Rect(self.x, self.y, SCALE_BAND, SCALE_NEED)
        return Rect(self.x, self.y, SCALE_NEED, SCALE_BAND)


def scale_bar(imposition: Imposition, marks: list[Line]) -> ScaleBar | None:
    """A printable place beside the block for the 50 mm bar and its label, clear of the marks if there is one.

    Tried in turn: anywhere along a band no mark crosses; along either edge of a band, past the marks' ends;
    else along the outer edge of the thickest band, where the marks crossing it are cut short (see _stop_short).
    None when no band around the block is thick enough for the bar, or for the bar and what is left of those marks.
    """
    bands = [(band, vertical) for band, vertical in _bands(imposition)
             if (band.w if vertical else band.h) >= SCALE_BAND]
    for band, vertical in bands:
        place = _free_interval(band, vertical, marks)
        if place is not None:
            return place
    for band, vertical in bands:
        for strip in _edge_strips(band, vertical):
            place = _free_interval(strip, vertical, marks)
            if place is not None:
                return place
    if not bands:
        return None
    thickest = max(b.w if v else b.h for b, v in bands)
    band, vertical = next((b, v) for b, v in bands if (b.w if v else b.h) >= thickest - 1e-6)
    if thickest < SCALE_BAND + 1.0 and marks:
        return None  # the bar would leave a mark crossing it shorter than 0.5 mm: the marks come first
    high, low = _edge_strips(band, vertical)
    block = imposition.block
    outer = low if (band.x < block.x if vertical else band.y < block.y) else high  # the edge away from the block
    return ScaleBar(outer.x, outer.y, vertical)


def _edge_strips(band: Rect, vertical: bool) -> tuple[Rect, Rect]:
    """The two strips, as thick as the bar, along the long edges of a band: the high edge, then the low one."""
    if vertical:
        return Rect(band.right - SCALE_BAND, band.y, SCALE_BAND, band.h), Rect(band.x, band.y, SCALE_BAND, band.h)
    return Rect(band.x, band.top - SCALE_BAND, band.w, SCALE_BAND), Rect(band.x, band.y, band.w, SCALE_BAND)


def _stop_short(line: Line, bar_box: Rect, pad: float = 0.5) -> Line | None:
    """A mark crossing the bar ends `pad` before it, seen from its start by the block; None if under 0.5 mm is left."""
    if not _line_box(line, pad).overlaps(bar_box):
        return line
    vertical = line.x1 == line.x2
    start, stop = (line.y1, line.y2) if vertical else (line.x1, line.x2)
    low, high = (bar_box.y, bar_box.top) if vertical else (bar_box.x, bar_box.right)
    end = high + pad if stop < start else low - pad
    if (start - end if stop < start else end - start) < 0.5:
        return None
    return Line(line.x1, line.y1, line.x2, end) if vertical else Line(line.x1, line.y1, end, line.y2)


def _bands(imposition: Imposition):
    """Yield (rect, vertical) for the printable bands below, above, left and right of the block."""
    page, block = imposition.page, imposition.block
    gap_x, gap_y = imposition.outer_bleed_x + MARK_GAP, imposition.outer_bleed_y + MARK_GAP
    m = PRINTER_MARGIN
    x0, x1 = max(block.x, m), min(block.right, page.width - m)
    y0, y1 = max(block.y, m), min(block.top, page.height - m)
    yield Rect(x0, m, x1 - x0, block.y - gap_y - m), False
    yield Rect(x0, block.top + gap_y, x1 - x0, page.height - m - block.top - gap_y), False
    yield Rect(m, y0, block.x - gap_x - m, y1 - y0), True
    yield Rect(block.right + gap_x, y0, page.width - m - block.right - gap_x, y1 - y0), True


def _free_interval(band: Rect, vertical: bool, marks: list[Line]) -> ScaleBar | None:
    """Place the bar where no mark crosses the band (at least SCALE_BAND thick), if some stretch is long enough."""
    start, end = (band.y, band.top) if vertical else (band.x, band.right)
    cursor = start
    for lo, hi in sorted(_blocked(band, marks, vertical)) + [(end, end)]:
        if lo - cursor >= SCALE_NEED:
            if vertical:
                return ScaleBar(band.right - SCALE_BAND, cursor, True)
            return ScaleBar(cursor, band.top - SCALE_BAND, False)
        cursor = max(cursor, hi)
    return None


def _blocked(band: Rect, marks: list[Line], vertical: bool):
    """Yield intervals along the band that marks occupy."""
    for line in marks:
        box = _line_box(line, 0.75)
        if box.overlaps(band):
            yield (box.y, box.top) if vertical else (box.x, box.right)
