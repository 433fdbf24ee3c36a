"""Gutterfold sheets: fronts on one half of the paper, their backs on the other half, mirrored about a fold line.

Pure geometry in page millimetres with the origin at the bottom-left corner, like pnp.sheet.grid. Folded along
the line with the printed side out, each back lies exactly behind its front, so front/back alignment does
not depend on the printer's duplex. Backs read upright when the folded card is turned over like a book
page: across a vertical fold they are printed upright, across a horizontal fold turned 180 degrees.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from pnp.sheet.grid import (
    CUT_BLEED,
    MARK_ROOM,
    NARROW_BLEED,
    PRINTER_MARGIN,
    Edges,
    Imposition,
    Rect,
    Slot,
    fit_count,
    grid_slots,
)
from pnp.sheet.marks import MARK_GAP, MARK_LENGTH, MARK_PAGE_CLEARANCE, Line, SheetMarks
from pnp.units import Size

GUTTER_ROOM = MARK_GAP + MARK_LENGTH + MARK_PAGE_CLEARANCE  # mm past the bleed on each side of the fold, if free
TICK_LENGTH = 6.0  # mm, the solid fold marks at the paper edges (from the printer margin)
LABEL_HALF_HEIGHT = 1.2  # mm, half the height of the fold label's box
LABEL_CLEARANCE = 3.0  # mm at least between the label and a crop mark along the fold
FOLD_LABEL = "fold / 山折り"


@dataclass(frozen=True)
class Fold:
    """The fold line, vertical (x = at) or horizontal (y = at), and the distance between front and back trims."""

    vertical: bool
    at: float
    gutter: float

    def reflect(self, rect: Rect) -> Rect:
        """The rectangle mirrored across the fold line."""
        if self.vertical:
            return Rect(2 * self.at - rect.right, rect.y, rect.w, rect.h)
        return Rect(rect.x, 2 * self.at - rect.top, rect.w, rect.h)

    def reflect_line(self, line: Line) -> Line:
        """The line mirrored across the fold line."""
        if self.vertical:
            return Line(2 * self.at - line.x1, line.y1, 2 * self.at - line.x2, line.y2)
        return Line(line.x1, 2 * self.at - line.y1, line.x2, 2 * self.at - line.y2)


@dataclass(frozen=True)
class Gutterfold:
    """One gutterfold sheet: fronts on one half (left or top), each back the mirror of its front across the fold."""

    page: Size
    fold: Fold
    half: Imposition  # the fronts' half in its own coordinates: its page is the half, the fold lies on one edge
    origin: tuple[float, float]  # where the half's (0, 0) lies on the page
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]

    @property
    def per_sheet(self) -> int:
        return len(self.fronts)

    @property
    def turn_backs(self) -> bool:
        """Backs are printed turned 180 degrees when the fold line is horizontal."""
        return not self.fold.vertical

    def to_page(self, rect: Rect) -> Rect:
        """A rectangle in the half's coordinates moved onto the page."""
        return Rect(rect.x + self.origin[0], rect.y + self.origin[1], rect.w, rect.h)


@dataclass(frozen=True)
class _Option:
    """One way to fold: paper orientation, fold direction, grid and gap."""

    count: int
    spaced: bool
    portrait: bool
    page: Size
    vertical: bool
    along: int  # cards along the fold line
    across: int  # cards from the fold towards the paper edge
    gap: float
    mark_room: float  # mm kept free for crop marks inside the margin at each paper edge


def _options(card: Size, bleed: float, paper: Size, margin: float, room: float, gaps: tuple[float, ...]):
    """Yield every orientation, fold direction and gap, with how many cards each fits per half and `room` for marks."""
    for portrait in (True, False):
        page = paper if portrait else Size(paper.height, paper.width)
        for vertical in (False, True):
            along_len, across_len = (page.height, page.width / 2) if vertical else (page.width, page.height / 2)
            card_along, card_across = (card.height, card.width) if vertical else (card.width, card.height)
            for gap in gaps:
                outer = min(gap / 2, bleed)
                along = fit_count(along_len - 2 * margin - 2 * room - 2 * outer, card_along, gap)
                across = fit_count(across_len - margin - room - bleed - outer, card_across, gap)
                yield _Option(along * across, gap > 0, portrait, page, vertical, along, across, gap, room)


def gutterfold(card: Size, bleed: float, paper: Size, margin: float = PRINTER_MARGIN,
               spaced: bool = False, marks: bool = True, pieces: int | None = None, gutter: float | None = None,
               butt: bool = True) -> Gutterfold | None:
    """The orientation and fold that fit the most cards per sheet, or None when not one card fits a half.

    With `marks`, every paper edge keeps room for crop marks inside the printer margin (None when no fold can).
    Cards are spaced with at least CUT_BLEED each side of every cut unless butting saves a sheet for `pieces`
    (never with `butt=False`, while a spaced sheet fits); `spaced` keeps every piece's full bleed around it
    whenever that fits at all (round pieces need it). A `gutter` in mm fixes every gap between pieces instead.
    """
    if gutter is None:
        narrow = () if butt else (2 * min(bleed, NARROW_BLEED),)  # only where it saves a sheet: wider gaps win ties
        gaps = tuple(sorted({2 * bleed, 2 * min(bleed, CUT_BLEED), 0.0, *narrow}, reverse=True))
    else:
        gaps = (max(gutter, 2 * bleed) if spaced else gutter,)
    best = _best_option(card, bleed, paper, margin, (spaced, butt), MARK_ROOM if marks else 0.0, pieces, gaps)
    if best.count == 0:
        return None
    half = _half(card, bleed, best, margin)
    page = best.page
    origin = (0.0, 0.0) if best.vertical else (0.0, page.height / 2)
    at = page.width / 2 if best.vertical else page.height / 2
    gap_to_fold = half.page.width - half.block.right if best.vertical else half.block.y
    fold = Fold(best.vertical, at, 2 * gap_to_fold)
    sheet = Gutterfold(page, fold, half, origin, (), ())
    fronts = tuple(Slot(sheet.to_page(s.trim), sheet.to_page(s.clip)) for s in half.slots)
    backs = tuple(Slot(fold.reflect(s.trim), fold.reflect(s.clip)) for s in fronts)
    return replace(sheet, fronts=fronts, backs=backs)


def _best_option(card: Size, bleed: float, paper: Size, margin: float, keep: tuple[bool, bool], room: float,
                 pieces: int | None, gaps: tuple[float, ...]) -> _Option:
    """The option taking the fewest sheets (spaced, a wider gap, more cards, portrait, a horizontal fold win ties).

    `keep` is (spaced, butt): spaced keeps the options with every gap's full bleed when one fits; butt=False keeps
    the spaced options when one fits.
    """
    options = list(_options(card, bleed, paper, margin, room, gaps))
    spaced, butt = keep
    full = [o for o in options if o.spaced and o.gap >= 2 * bleed]
    if spaced and any(o.count for o in full):
        options = full
    elif not butt and any(o.count for o in options if o.spaced):
        options = [o for o in options if o.spaced]
    return max(options, key=lambda o: (_score(o, pieces), o.spaced, o.gap, o.count, o.portrait, not o.vertical))


def _score(option: _Option, pieces: int | None) -> int:
    """Higher is better: cards per sheet, or for a known number of pieces, fewer sheets."""
    if pieces is None:
        return option.count
    return -math.ceil(pieces / option.count) if option.count else -pieces - 1


def _half(card: Size, bleed: float, option: _Option, margin: float) -> Imposition:
    """The fronts' half: the grid sits against the gutter, centred along the fold."""
    vertical, gap = option.vertical, option.gap
    page = option.page
    half = Size(page.width / 2, page.height) if vertical else Size(page.width, page.height / 2)
    cols, rows = (option.across, option.along) if vertical else (option.along, option.across)
    block_w = cols * card.width + (cols - 1) * gap
    block_h = rows * card.height + (rows - 1) * gap
    along_len, block_along = (half.height, block_h) if vertical else (half.width, block_w)
    across_len, block_across = (half.width, block_w) if vertical else (half.height, block_h)
    room = option.mark_room
    free = across_len - margin - room - block_across  # trim room between the fold and the marks at the paper edge
    to_fold = max(bleed, min(bleed + GUTTER_ROOM, free - bleed))
    outer_across = min(bleed, free - to_fold)
    outer_along = min(bleed, max(0.0, (along_len - 2 * margin - block_along) / 2 - room))
    start = (along_len - block_along) / 2
    if vertical:  # the fronts' half is the left one; the fold is its right edge
        block = Rect(half.width - to_fold - block_w, start, block_w, block_h)
        edges = Edges(outer_across, bleed, outer_along, outer_along)
        outer_x, outer_y = outer_across, outer_along
        printable = Rect(margin, margin, half.width - margin, half.height - 2 * margin)
        reach = Rect(margin, margin, half.width - margin - MARK_PAGE_CLEARANCE, half.height - 2 * margin)
    else:  # the fronts' half is the top one; the fold is its bottom edge
        block = Rect(start, to_fold, block_w, block_h)
        edges = Edges(outer_along, outer_along, bleed, outer_across)
        outer_x, outer_y = outer_along, outer_across
        printable = Rect(margin, 0.0, half.width - 2 * margin, half.height - margin)
        reach = Rect(margin, MARK_PAGE_CLEARANCE, half.width - 2 * margin, half.height - margin - MARK_PAGE_CLEARANCE)
    slots = grid_slots(card, block, cols, rows, gap, edges, bleed)
    return Imposition(half, card, bleed, cols, rows, gap, block, outer_x, outer_y, slots, printable, reach)


def front_marks(marks: SheetMarks, sheet: Gutterfold) -> SheetMarks:
    """Marks worked out on the fronts' half, moved onto the page."""
    dx, dy = sheet.origin
    lines = tuple(Line(line.x1 + dx, line.y1 + dy, line.x2 + dx, line.y2 + dy) for line in marks.lines)
    bar = None if marks.bar is None else marks.bar._replace(x=marks.bar.x + dx, y=marks.bar.y + dy)
    return SheetMarks(lines, bar, tuple(sheet.to_page(box) for box in marks.circles))


def back_marks(marks: SheetMarks, sheet: Gutterfold) -> SheetMarks:
    """The fronts' crop marks mirrored onto the backs' half; one scale bar per sheet is enough."""
    placed = front_marks(marks, sheet)
    fold = sheet.fold
    return SheetMarks(tuple(fold.reflect_line(line) for line in placed.lines), None,
                      tuple(fold.reflect(box) for box in placed.circles))


@dataclass(frozen=True)
class FoldMarks:
    """The printed fold: solid ticks at both paper edges, a dashed line between them, and where its label goes."""

    ticks: tuple[Line, Line]
    dashed: Line
    label: tuple[float, float] | None  # centre of the label on the fold line; None when the gutter is too narrow


def fold_marks(sheet: Gutterfold, marks: tuple[Line, ...] = (), label_length: float = 14.0) -> FoldMarks:
    """Where the fold line is drawn: across the printable width of the sheet, on the line the geometry folds about.

    The label goes in the stretch of the line nearest the middle that no crop mark comes close to.
    """
    fold, page = sheet.fold, sheet.page
    length = page.height if fold.vertical else page.width
    nearest = min(s.clip.y if fold.vertical else s.clip.x for s in sheet.fronts)
    farthest = max(s.clip.top if fold.vertical else s.clip.right for s in sheet.fronts)
    start = PRINTER_MARGIN
    inner = max(start + 1.0, min(start + TICK_LENGTH, nearest - MARK_GAP, length - farthest - MARK_GAP))
    spans = [(start, inner), (length - inner, length - start), (inner, length - inner)]
    at = fold.at
    lines = [Line(at, a, at, b) if fold.vertical else Line(a, at, b, at) for a, b in spans]
    label = None
    if fold.gutter / 2 >= LABEL_HALF_HEIGHT:
        middle = _label_place(fold, marks, (inner, length - inner), label_length, length / 2)
        if middle is not None:
            label = (at, middle) if fold.vertical else (middle, at)
    return FoldMarks((lines[0], lines[1]), lines[2], label)


def _label_place(fold: Fold, marks: tuple[Line, ...], span: tuple[float, float], size: float,
                 middle: float) -> float | None:
    """The centre of the free stretch of the fold nearest `middle` that a label `size` long fits, if any."""
    reach = LABEL_HALF_HEIGHT + MARK_GAP  # marks closer to the fold than this are in the label's way
    blocked = []
    for line in marks:
        lo, hi = sorted((line.x1, line.x2) if fold.vertical else (line.y1, line.y2))
        if lo < fold.at + reach and hi > fold.at - reach:
            along = (line.y1, line.y2) if fold.vertical else (line.x1, line.x2)
            blocked.append((min(along), max(along)))
    free, cursor = [], span[0]
    for lo, hi in sorted(blocked) + [(span[1], span[1])]:
        if lo - cursor >= size + 2 * LABEL_CLEARANCE:
            free.append((cursor + lo) / 2)
        cursor = max(cursor, hi)
    return min(free, key=lambda centre: abs(centre - middle), default=None)
