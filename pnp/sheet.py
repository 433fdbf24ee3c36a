"""Sheet geometry in millimetres: grid fit, slots with bleed clips, mirrored backs.

All coordinates are page millimetres with the origin at the bottom-left corner,
as in PDF. Nothing here draws; the PDF writer turns these numbers into ink.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.units import Size

PRINTER_MARGIN = 5.0  # mm the home printer cannot reach


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


def fit_count(avail: float, card: float, gap: float) -> int:
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
            cols = fit_count(avail_w - outer, card.width, gap)
            rows = fit_count(avail_h - outer, card.height, gap)
            yield cols * rows, gap > 0, portrait, page, cols, rows, gap


def fits(card: Size, bleed: float, paper: Size, margin: float = PRINTER_MARGIN) -> bool:
    """Tell whether at least one piece fits inside the printer margin, in either orientation."""
    return any(c[0] > 0 for c in _candidates(card, bleed, paper, margin))


def impose(card: Size, bleed: float, paper: Size, margin: float = PRINTER_MARGIN, spaced: bool = False) -> Imposition:
    """Choose orientation and grid that fit the most cards inside the printer margin.

    `spaced` keeps every piece's full bleed around it (round pieces need it) whenever that fits at all.
    """
    options = list(_candidates(card, bleed, paper, margin))
    if spaced and any(c[0] > 0 and c[1] for c in options):
        options = [c for c in options if c[1]]
    best = max(options, key=lambda c: (c[0], c[1], c[2]))
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
    slots = grid_slots(card, block, cols, rows, gap, Edges(outer_x, outer_x, outer_y, outer_y))
    return Imposition(page, card, bleed, cols, rows, gap, block, outer_x, outer_y, slots)


@dataclass(frozen=True)
class Edges:
    """The bleed a grid's outer cards get on each side of the block: left, right, bottom, top."""

    left: float
    right: float
    bottom: float
    top: float


def grid_slots(card: Size, block: Rect, cols: int, rows: int, gap: float, outer: Edges) -> tuple[Slot, ...]:
    """Slots of a cols x rows grid filling `block`, row 0 at the top; inner edges share the gap's bleed."""
    inner = gap / 2
    slots = []
    for row in range(rows):
        for col in range(cols):
            x = block.x + col * (card.width + gap)
            y = block.top - (row + 1) * card.height - row * gap
            left = outer.left if col == 0 else inner
            right = outer.right if col == cols - 1 else inner
            bottom = outer.bottom if row == rows - 1 else inner
            top = outer.top if row == 0 else inner
            trim = Rect(x, y, card.width, card.height)
            clip = Rect(x - left, y - bottom, card.width + left + right, card.height + bottom + top)
            slots.append(Slot(trim, clip))
    return tuple(slots)


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


def page_imposition(page: Size) -> Imposition:
    """A page document: one piece exactly the size of the paper, no bleed, no margin."""
    slot = Slot(Rect(0, 0, page.width, page.height), Rect(0, 0, page.width, page.height))
    return Imposition(page, page, 0.0, 1, 1, 0.0, slot.trim, 0.0, 0.0, (slot,))


def back_shift(page: Size, offset: tuple[float, float]) -> tuple[float, float]:
    """How far to move a back page's content for a back offset measured on portrait paper (X right, Y up, seen on the back).

    A landscape page is printed a quarter turn anticlockwise on the paper (the usual landscape setting), so the
    paper's X runs down that page and its Y to the right.
    """
    x, y = offset
    return (y, -x) if page.width > page.height else (x, y)
