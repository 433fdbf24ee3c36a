"""Sheet geometry in millimetres: grid fit, slots with bleed clips, mirrored backs.

All coordinates are page millimetres with the origin at the bottom-left corner,
as in PDF. Nothing here draws; the PDF writer turns these numbers into ink.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

from pnp.units import Size

PRINTER_MARGIN = 5.0  # mm the home printer cannot reach
MARK_GAP = 1.0  # mm between the bleed edge and the start of a crop mark
MIN_MARK = 2.5  # mm, the shortest crop mark a grid leaves room for at both ends of every cut
MARK_ROOM = MARK_GAP + MIN_MARK  # mm a grid keeps free past its outer bleed, inside the printer margin
CUT_BLEED = 1.5  # mm of bleed each side of every cut between spaced cards (or all the bleed there is)
NARROW_BLEED = 1.0  # mm each side of a cut, where wider gutters cost sheets and butting would show a neighbour


class Rect(NamedTuple):
    """An axis-aligned rectangle: left, bottom, width, height (a named tuple: sheets make thousands)."""

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


class Slot(NamedTuple):
    """Where one card goes: its trim and the clip that includes whatever bleed has room."""

    trim: Rect
    clip: Rect


class Imposition(NamedTuple):
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
    printable: Rect  # where marks may go: inside the printer margin (on a gutterfold half, up to the fold)
    reach: Rect | None = None  # where marks pointing outward end, when not at the printable edge

    @property
    def mark_reach(self) -> Rect:
        """Where marks drawn outward from the block end."""
        return self.printable if self.reach is None else self.reach

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


@dataclass(frozen=True)
class GridPlan:
    """One way to fill a side of the sheet: orientation, grid, the gap between cards and the room kept for marks."""

    page: Size
    cols: int
    rows: int
    gap: float
    mark_room: float

    @property
    def count(self) -> int:
        return self.cols * self.rows

    @property
    def spaced(self) -> bool:
        return self.gap > 0

    @property
    def portrait(self) -> bool:
        return self.page.width <= self.page.height


def _axis(avail: float, card: float, bleed: float, spaced: bool, room: float, least: float) -> tuple[int, float]:
    """Cards that fit along one axis with `room` for marks past the outer bleed on both ends, and the bleed they keep.

    Spaced cards keep the same bleed each side of every cut, at least `least`; butted cards keep whatever outer
    bleed is left over, down to none.
    """
    least = least if spaced else 0.0
    count = fit_count(avail - 2 * room - 2 * least, card, 2 * least if spaced else 0.0)
    if count == 0:
        return 0, 0.0
    spare = avail - 2 * room - count * card
    return count, min(bleed, spare / (2 * count) if spaced else spare / 2)


def _plans(card: Size, bleed: float, paper: Size, margin: float, room: float, full: bool = False,
           least: float = CUT_BLEED, turn: bool = True):
    """Every orientation (only the paper's unless `turn`), butted and (with bleed) spaced, as many cards as fit.

    Spaced cards keep at least `least` each side of every cut (or all their bleed; all of it when `full`).
    """
    least = bleed if full else min(bleed, least)
    for page in (paper, Size(paper.height, paper.width))[:2 if turn else 1]:
        for spaced in ((True, False) if bleed > 0 else (False,)):
            cols, bleed_x = _axis(page.width - 2 * margin, card.width, bleed, spaced, room, least)
            rows, bleed_y = _axis(page.height - 2 * margin, card.height, bleed, spaced, room, least)
            gap = 2 * min(bleed_x, bleed_y) if spaced else 0.0
            yield GridPlan(page, cols, rows, gap, room)


def _fixed_plans(card: Size, paper: Size, margin: float, room: float, gap: float, turn: bool = True):
    """Both orientations (only the paper's unless `turn`) with every gap `gap` mm wide (0: butted)."""
    for page in (paper, Size(paper.height, paper.width))[:2 if turn else 1]:
        cols = fit_count(page.width - 2 * margin - 2 * room, card.width, gap)
        rows = fit_count(page.height - 2 * margin - 2 * room, card.height, gap)
        yield GridPlan(page, cols, rows, gap, room)


def fits(card: Size, bleed: float, paper: Size, margin: float = PRINTER_MARGIN) -> bool:
    """Tell whether at least one piece fits inside the printer margin, in either orientation."""
    return any(plan.count > 0 for plan in _plans(card, bleed, paper, margin, 0.0))


def _cost(plan: GridPlan, pieces: int | None) -> int:
    """Sheets a plan takes for `pieces` pieces; without a number, fewer cards per sheet cost more."""
    return -plan.count if pieces is None else -(-pieces // plan.count)


def choose_plan(card: Size, bleed: float, paper: Size, margin: float = PRINTER_MARGIN, spaced: bool = False,
                marks: bool = True, pieces: int | None = None, gutter: float | None = None,
                butt: bool = True, turn: bool = True) -> GridPlan:
    """The grid with room for a crop mark at both ends of every cut that takes the fewest sheets.

    Ties go to a spaced grid (a miscut shows the card's own bleed, not its neighbour), then to more cards
    per sheet, then to portrait. `spaced` keeps every piece spaced with its full bleed whenever that fits at all
    (round pieces need it); `butt=False` keeps pieces spaced whenever any spaced grid fits. A `gutter` in mm
    fixes every gap instead (round pieces: at least twice the bleed). Without marks, or when no grid leaves them
    room, the room is not kept.
    """
    if gutter is not None and spaced:
        gutter = max(gutter, 2 * bleed)
    for room in ((MARK_ROOM, 0.0) if marks else (0.0,)):
        if gutter is not None:
            plans = [plan for plan in _fixed_plans(card, paper, margin, room, gutter, turn) if plan.count > 0]
        else:
            plans = [plan for plan in _plans(card, bleed, paper, margin, room, spaced, turn=turn) if plan.count > 0]
        if (spaced or not butt) and any(plan.spaced for plan in plans):
            plans = [plan for plan in plans if plan.spaced]
        if plans and not (butt or spaced or gutter is not None):
            plans = _narrow_if_fewer(plans, card, bleed, paper, margin, room, pieces, turn)
        if plans:
            return min(plans, key=lambda p: _rank(p, pieces))
    # Larger than the printable area: one card, centred, may reach into the margin.
    portrait = (card.width <= card.height) == (paper.width <= paper.height)
    return GridPlan(paper if portrait else Size(paper.height, paper.width), 1, 1, 0.0, 0.0)


def _narrow_if_fewer(plans: list[GridPlan], card: Size, bleed: float, paper: Size, margin: float, room: float,
                     pieces: int | None, turn: bool = True) -> list[GridPlan]:
    """Spaced grids with NARROW_BLEED each side of every cut instead, when the best of them takes fewer sheets."""
    narrow = [p for p in _plans(card, bleed, paper, margin, room, least=NARROW_BLEED, turn=turn)
              if p.spaced and p.count]
    if not narrow:
        return plans
    best = min(narrow, key=lambda p: _rank(p, pieces))
    return [best] if _rank(best, pieces)[0] < min(_rank(p, pieces)[0] for p in plans) else plans


def _rank(plan: GridPlan, pieces: int | None) -> tuple:
    """Sort key of plans, best first: fewest sheets, spaced, most cards per sheet, portrait."""
    return _cost(plan, pieces), not plan.spaced, -plan.count, not plan.portrait


def best_spaced(card: Size, bleed: float, paper: Size, marks: bool = True,
                pieces: int | None = None) -> GridPlan | None:
    """The best grid with gutters and CUT_BLEED each side of every cut, to compare with a butted one."""
    plans = [p for p in _plans(card, bleed, paper, PRINTER_MARGIN, MARK_ROOM if marks else 0.0) if p.spaced and p.count]
    return min(plans, key=lambda p: _rank(p, pieces), default=None)


def impose(card: Size, bleed: float, paper: Size, margin: float = PRINTER_MARGIN, spaced: bool = False,
           marks: bool = True, pieces: int | None = None, gutter: float | None = None,
           butt: bool = True) -> Imposition:
    """Lay out the grid choose_plan picks: centred, with per-card clips."""
    plan = choose_plan(card, bleed, paper, margin, spaced, marks, pieces, gutter, butt)
    return grid_imposition(card, bleed, plan)


def grid_imposition(card: Size, bleed: float, plan: GridPlan) -> Imposition:
    """Lay out a centred grid and its per-card clip rectangles; outer bleed takes what the marks leave."""
    page, cols, rows, gap = plan.page, plan.cols, plan.rows, plan.gap
    block_w = cols * card.width + (cols - 1) * gap
    block_h = rows * card.height + (rows - 1) * gap
    block = Rect((page.width - block_w) / 2, (page.height - block_h) / 2, block_w, block_h)
    room_x = max(0.0, (page.width - 2 * PRINTER_MARGIN - block_w) / 2 - plan.mark_room)
    room_y = max(0.0, (page.height - 2 * PRINTER_MARGIN - block_h) / 2 - plan.mark_room)
    outer_x, outer_y = min(bleed, room_x), min(bleed, room_y)
    slots = grid_slots(card, block, cols, rows, gap, Edges(outer_x, outer_x, outer_y, outer_y), bleed)
    printable = Rect(PRINTER_MARGIN, PRINTER_MARGIN, page.width - 2 * PRINTER_MARGIN, page.height - 2 * PRINTER_MARGIN)
    return Imposition(page, card, bleed, cols, rows, gap, block, outer_x, outer_y, slots, printable)


class Edges(NamedTuple):
    """The bleed a grid's outer cards get on each side of the block: left, right, bottom, top."""

    left: float
    right: float
    bottom: float
    top: float


def grid_slots(card: Size, block: Rect, cols: int, rows: int, gap: float, outer: Edges,
               bleed: float = math.inf) -> tuple[Slot, ...]:
    """Slots of a cols x rows grid filling `block`, row 0 at the top; inner edges share the gap (up to `bleed`)."""
    inner = min(gap / 2, bleed)
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
    return Imposition(page, page, 0.0, 1, 1, 0.0, slot.trim, 0.0, 0.0, (slot,), slot.trim)


def back_shift(page: Size, offset: tuple[float, float]) -> tuple[float, float]:
    """How far to move a back page's content for a back offset measured on portrait paper (X right, Y up, on the back).

    A landscape page is printed a quarter turn anticlockwise on the paper (the usual landscape setting), so the
    paper's X runs down that page and its Y to the right.
    """
    x, y = offset
    return (y, -x) if page.width > page.height else (x, y)
