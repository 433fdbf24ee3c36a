"""Shared sheets: pieces of several components on one sheet, each component in its own band with its own marks.

A band is an area of the sheet that one component's pieces and marks stay inside. Pure numbers in page
millimetres, like pnp.sheet.grid.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from pnp.sheet.grid import MARK_ROOM, PRINTER_MARGIN, Imposition, Rect, Slot, choose_plan, grid_imposition, mirror_rect
from pnp.sheet.marks import Line, ScaleBar, SheetMarks
from pnp.units import Size

SHARE_GAP = 1.0  # mm between the end of one band's marks and the next band
BELOW, BESIDE = "below", "beside"  # where a free area lies: below a band's pieces, across it, or right of them


class Band(NamedTuple):
    """One component's pieces on a shared sheet: the area its marks stay inside, and its filled slots."""

    area: Rect
    imposition: Imposition  # page coordinates; slots: only those filled on this sheet


class FreeArea(NamedTuple):
    """An area of a band left free by its pieces and their marks, and where it lies."""

    rect: Rect
    side: str


def _bounds(rects: list[Rect]) -> Rect:
    """The rectangle around the given rectangles."""
    left, bottom = min(r.x for r in rects), min(r.y for r in rects)
    return Rect(left, bottom, max(r.right for r in rects) - left, max(r.top for r in rects) - bottom)


def occupied(imposition: Imposition) -> Rect:
    """What a band's pieces take: their bleed (at least the grid's outer bleed) and room for marks around it."""
    block = _bounds([slot.trim for slot in imposition.slots])
    bled = Rect(block.x - imposition.outer_bleed_x, block.y - imposition.outer_bleed_y,
                block.w + 2 * imposition.outer_bleed_x, block.h + 2 * imposition.outer_bleed_y)
    inked = _bounds([bled] + [slot.clip for slot in imposition.slots])
    return Rect(inked.x - MARK_ROOM, inked.y - MARK_ROOM, inked.w + 2 * MARK_ROOM, inked.h + 2 * MARK_ROOM)


def free_areas(band: Band) -> list[FreeArea]:
    """Where a next component may go: below the band's pieces (the band's width), else right of them (its height)."""
    area, taken = band.area, occupied(band.imposition)
    below = Rect(area.x, area.y, area.w, taken.y - SHARE_GAP - area.y)
    beside = Rect(taken.right + SHARE_GAP, area.y, area.right - taken.right - SHARE_GAP, area.h)
    return [FreeArea(rect, side) for rect, side in ((below, BELOW), (beside, BESIDE)) if rect.w > 0 and rect.h > 0]


def yielded(band: Band, free: FreeArea) -> Band:
    """The band cut back to clear a next band that took one of its free areas."""
    area, rect = band.area, free.rect
    if free.side == BELOW:
        kept = Rect(area.x, rect.top + SHARE_GAP, area.w, area.top - rect.top - SHARE_GAP)
    else:
        kept = Rect(area.x, area.y, rect.x - SHARE_GAP - area.x, area.h)
    return band._replace(area=kept)


def band_grid(card: Size, bleed: float, free: FreeArea, page: Size, spaced: bool = False, marks: bool = True,
              pieces: int | None = None, gutter: float | None = None, butt: bool = True) -> Imposition | None:
    """A grid of pieces in a free area, the sheet's way up, with room for marks as on a sheet of their own; pushed
    against the band it follows (up below it, left beside it). None when no piece fits."""
    m = PRINTER_MARGIN
    local_page = Size(free.rect.w + 2 * m, free.rect.h + 2 * m)
    plan = choose_plan(card, bleed, local_page, spaced=spaced, marks=marks, pieces=pieces, gutter=gutter, butt=butt,
                       turn=False)
    block_w = plan.cols * card.width + (plan.cols - 1) * plan.gap
    block_h = plan.rows * card.height + (plan.rows - 1) * plan.gap
    room = 2 * plan.mark_room - 1e-6
    if plan.page != local_page or block_w + room > free.rect.w or block_h + room > free.rect.h:
        return None
    if marks and plan.mark_room < MARK_ROOM:
        return None
    local = grid_imposition(card, bleed, plan)
    if free.side == BELOW:
        dx, dy = 0.0, (local_page.height - m - plan.mark_room - local.outer_bleed_y) - local.block.top
    else:
        dx, dy = (m + plan.mark_room + local.outer_bleed_x) - local.block.x, 0.0
    moved = _moved(local, free.rect.x - m + dx, free.rect.y - m + dy)
    return moved._replace(page=page, printable=free.rect)


def _moved_rect(rect: Rect, dx: float, dy: float) -> Rect:
    return Rect(rect.x + dx, rect.y + dy, rect.w, rect.h)


def _moved(imposition: Imposition, dx: float, dy: float) -> Imposition:
    """An imposition moved by dx, dy: its slots, block and printable area."""
    slots = tuple(Slot(_moved_rect(s.trim, dx, dy), _moved_rect(s.clip, dx, dy)) for s in imposition.slots)
    return imposition._replace(slots=slots, block=_moved_rect(imposition.block, dx, dy),
                               printable=_moved_rect(imposition.printable, dx, dy), reach=None)


def mirrored(band: Band, axis: str | None) -> Band:
    """The band on the back of the sheet: its area and slots mirrored across the page (see grid.mirror_axis)."""
    imposition, page = band.imposition, band.imposition.page
    slots = tuple(Slot(mirror_rect(s.trim, page, axis), mirror_rect(s.clip, page, axis)) for s in imposition.slots)
    flipped = imposition._replace(slots=slots, block=mirror_rect(imposition.block, page, axis),
                                  printable=mirror_rect(imposition.printable, page, axis))
    return Band(mirror_rect(band.area, page, axis), flipped)


def band_marks(band: Band, marks_for: Callable[[Imposition], SheetMarks]) -> SheetMarks:
    """A band's marks, worked out as on a sheet of its own whose printable area is the band, then put in place."""
    m, area = PRINTER_MARGIN, band.area
    dx, dy = area.x - m, area.y - m
    local = _moved(band.imposition, -dx, -dy)
    local = local._replace(page=Size(area.w + 2 * m, area.h + 2 * m), printable=Rect(m, m, area.w, area.h),
                                block=_bounds([slot.trim for slot in local.slots]))
    marks = marks_for(local)
    lines = tuple(Line(a.x1 + dx, a.y1 + dy, a.x2 + dx, a.y2 + dy) for a in marks.lines)
    bar = None if marks.bar is None else ScaleBar(marks.bar.x + dx, marks.bar.y + dy, marks.bar.vertical)
    return SheetMarks(lines, bar, tuple(_moved_rect(box, dx, dy) for box in marks.circles))
