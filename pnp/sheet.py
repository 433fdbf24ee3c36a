"""Sheet geometry in millimetres: grid fit, slots, mirrored backs, crop marks, scale bar.

All coordinates are page millimetres with the origin at the bottom-left corner,
as in PDF. Nothing here draws; the PDF writer turns these numbers into ink.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.units import Size

PRINTER_MARGIN = 5.0  # mm the home printer cannot reach
MARK_GAP = 1.0  # mm between the bleed edge and the start of a crop mark
MARK_LENGTH = 6.0  # mm, longest crop mark
MARK_PAGE_CLEARANCE = 1.5  # mm a crop mark stays away from the paper edge
SCALE_BAR = 50.0  # mm
SCALE_BAND = 3.0  # mm of room the scale bar needs across the band
SCALE_NEED = 58.0  # mm of room the bar and its label need along the band


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle: left, bottom, width, height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def overlaps(self, other: Rect, tolerance: float = 1e-6) -> bool:
        """Tell whether the interiors of two rectangles intersect."""
        return (self.x < other.right - tolerance and other.x < self.right - tolerance
                and self.y < other.top - tolerance and other.y < self.top - tolerance)


@dataclass(frozen=True)
class Slot:
    """Where one card goes: its trim and the clip that includes whatever bleed has room."""

    trim: Rect
    clip: Rect


@dataclass(frozen=True)
class Line:
    """A straight line segment."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Imposition:
    """A grid of cards on one side of a sheet."""

    page: Size
    card: Size
    bleed: float
    cols: int
    rows: int
    gap: float
    block: Rect
    outer_bleed_x: float
    outer_bleed_y: float
    slots: tuple[Slot, ...]

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def landscape(self) -> bool:
        return self.page.width > self.page.height


def _fit(avail: float, card: float, gap: float) -> int:
    """Count how many cards of length `card` with `gap` between fit in `avail`."""
    if card > avail + 1e-9:
        return 0
    return int((avail + gap + 1e-9) // (card + gap))


def _candidates(card: Size, bleed: float, paper: Size, margin: float):
    """Yield (count, prefers_gap, portrait, page, cols, rows, gap) for each option."""
    for portrait in (True, False):
        page = paper if portrait else Size(paper.height, paper.width)
        avail_w, avail_h = page.width - 2 * margin, page.height - 2 * margin
        gaps = [0.0] if bleed <= 0 else [2 * bleed, 0.0]
        for gap in gaps:
            outer = 2 * bleed if gap else 0.0
            cols = _fit(avail_w - outer, card.width, gap)
            rows = _fit(avail_h - outer, card.height, gap)
            yield cols * rows, gap > 0, portrait, page, cols, rows, gap


def impose(card: Size, bleed: float, paper: Size, margin: float = PRINTER_MARGIN) -> Imposition:
    """Choose orientation and grid that fit the most cards inside the printer margin."""
    best = max(_candidates(card, bleed, paper, margin), key=lambda c: (c[0], c[1], c[2]))
    count, _, _, page, cols, rows, gap = best
    if count == 0:
        # Larger than the printable area: one card, centred, may reach into the margin.
        portrait = (card.width <= card.height) == (paper.width <= paper.height)
        page = paper if portrait else Size(paper.height, paper.width)
        cols, rows, gap = 1, 1, 0.0
    return _grid(card, bleed, page, cols, rows, gap)


def _grid(card: Size, bleed: float, page: Size, cols: int, rows: int, gap: float) -> Imposition:
    """Lay out a centred cols x rows grid and its per-card clip rectangles."""
    block_w = cols * card.width + (cols - 1) * gap
    block_h = rows * card.height + (rows - 1) * gap
    block = Rect((page.width - block_w) / 2, (page.height - block_h) / 2, block_w, block_h)
    room_x = max(0.0, (page.width - 2 * PRINTER_MARGIN - block_w) / 2)
    room_y = max(0.0, (page.height - 2 * PRINTER_MARGIN - block_h) / 2)
    outer_x, outer_y = min(bleed, room_x), min(bleed, room_y)
    inner = gap / 2
    slots = []
    for row in range(rows):  # row 0 is the top row
        for col in range(cols):
            x = block.x + col * (card.width + gap)
            y = block.top - (row + 1) * card.height - row * gap
            left = outer_x if col == 0 else inner
            right = outer_x if col == cols - 1 else inner
            bottom = outer_y if row == rows - 1 else inner
            top = outer_y if row == 0 else inner
            trim = Rect(x, y, card.width, card.height)
            clip = Rect(x - left, y - bottom, card.width + left + right, card.height + bottom + top)
            slots.append(Slot(trim, clip))
    return Imposition(page, card, bleed, cols, rows, gap, block, outer_x, outer_y, tuple(slots))


def mirror_axis(imposition: Imposition, duplex: str) -> str | None:
    """Return 'x' or 'y' for the axis backs are mirrored across, or None for no duplex."""
    if duplex == "none":
        return None
    flip_long = duplex == "long"
    portrait = not imposition.landscape
    return "x" if flip_long == portrait else "y"


def mirror_rect(rect: Rect, page: Size, axis: str | None) -> Rect:
    """Mirror a rectangle across the page's vertical ('x') or horizontal ('y') centre line."""
    if axis == "x":
        return Rect(page.width - rect.right, rect.y, rect.w, rect.h)
    if axis == "y":
        return Rect(rect.x, page.height - rect.top, rect.w, rect.h)
    return rect


def back_slots(imposition: Imposition, duplex: str) -> tuple[Slot, ...]:
    """Slots on the back of the sheet, so each back lands behind its front."""
    axis = mirror_axis(imposition, duplex)
    page = imposition.page
    return tuple(Slot(mirror_rect(s.trim, page, axis), mirror_rect(s.clip, page, axis))
                 for s in imposition.slots)


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
    """Marks for cut lines at `positions`, drawn outward on both sides of the block."""
    page, block = imposition.page, imposition.block
    lines = []
    if vertical:
        starts = [(block.top + imposition.outer_bleed_y + MARK_GAP + offset_extra, page.height, 1),
                  (block.y - imposition.outer_bleed_y - MARK_GAP - offset_extra, 0.0, -1)]
    else:
        starts = [(block.right + imposition.outer_bleed_x + MARK_GAP + offset_extra, page.width, 1),
                  (block.x - imposition.outer_bleed_x - MARK_GAP - offset_extra, 0.0, -1)]
    for start, edge, direction in starts:
        span = _span(start, edge - direction * MARK_PAGE_CLEARANCE, direction)
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
    """Tell whether a mark lies on the page and clear of every card's printed area."""
    box = _line_box(line, 1e-3)
    page = imposition.page
    on_page = box.x >= 0 and box.y >= 0 and box.right <= page.width and box.top <= page.height
    return on_page and not any(box.overlaps(slot.clip, tolerance=0.0) for slot in imposition.slots)


def _line_box(line: Line, pad: float) -> Rect:
    """The bounding box of a line, grown by `pad` on every side."""
    return Rect(min(line.x1, line.x2) - pad, min(line.y1, line.y2) - pad,
                abs(line.x2 - line.x1) + 2 * pad, abs(line.y2 - line.y1) + 2 * pad)


@dataclass(frozen=True)
class SheetMarks:
    """Everything printed around the cards: crop marks and the 50 mm scale bar."""

    lines: tuple[Line, ...]
    bar: ScaleBar


def sheet_marks(imposition: Imposition, style: str) -> SheetMarks:
    """Crop marks in the style 'jp', 'plain' or 'none', and a scale bar clear of them."""
    if style == "jp":
        lines = japanese_marks(imposition)
    elif style == "plain":
        lines = plain_marks(imposition)
    else:
        lines = []
    bar = scale_bar(imposition, lines)
    if style == "jp":
        bar_box = bar.box()
        lines += [line for line in centre_marks(imposition) if not _line_box(line, 0.5).overlaps(bar_box)]
    return SheetMarks(tuple(lines), bar)


@dataclass(frozen=True)
class ScaleBar:
    """Where the 50 mm check bar goes: its start point and direction."""

    x: float
    y: float
    vertical: bool

    def box(self) -> Rect:
        """The area the bar and its label take."""
        if self.vertical:
            return Rect(self.x, self.y, SCALE_BAND, SCALE_NEED)
        return Rect(self.x, self.y, SCALE_NEED, SCALE_BAND)


def scale_bar(imposition: Imposition, marks: list[Line]) -> ScaleBar:
    """Find a printable place beside the block for a 50 mm scale bar and its label."""
    for band in _bands(imposition):
        place = _free_interval(band, marks)
        if place is not None:
            return place
    return ScaleBar(max(MARK_PAGE_CLEARANCE, imposition.block.x), MARK_PAGE_CLEARANCE, False)


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


def _free_interval(band_info, marks: list[Line]) -> ScaleBar | None:
    """Place the bar in the band where no mark crosses it, if the band is big enough."""
    band, vertical = band_info
    thickness = band.w if vertical else band.h
    if thickness < SCALE_BAND:
        return None
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
