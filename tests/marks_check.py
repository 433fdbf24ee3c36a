"""Checks shared by the mark tests: marks inside an area, and a mark beyond each end of every cut."""

from __future__ import annotations

from pnp.sheet.grid import MIN_MARK, Rect
from pnp.sheet.marks import cut_positions


def inside(box: Rect, area: Rect, eps: float = 1e-6) -> bool:
    return (area.x - eps <= box.x and box.right <= area.right + eps
            and area.y - eps <= box.y and box.top <= area.top + eps)


def box_of(line) -> Rect:
    return Rect(min(line.x1, line.x2), min(line.y1, line.y2), abs(line.x2 - line.x1), abs(line.y2 - line.y1))


def assert_every_cut_marked(imp, drawn, skip: tuple[tuple[bool, int], ...] = (), fold: float | None = None):
    """Each cut line has a mark of MIN_MARK or more beyond each end of the block (or one the scale bar cut short).

    An end is (vertical cut, +1 above or right of the block / -1 below or left); `skip` lists ends not checked.
    A cut on a gutterfold's fold line (`fold`, in the same coordinates) is the fold itself: it needs no marks.
    """
    xs, ys = cut_positions(imp)
    block = imp.block
    bar = drawn.bar.box() if drawn.bar is not None else None
    for positions, vertical in ((xs, True), (ys, False)):
        for pos in positions:
            if fold is not None and abs(pos - fold) < 1e-6:
                continue
            for side in (1, -1):
                if (vertical, side) in skip:
                    continue
                found = [line for line in drawn.lines if _marks_cut_end(line, pos, vertical, side, block)]
                assert found, (pos, vertical, side)
                longest = max(found, key=lambda line: abs(line.x2 - line.x1) + abs(line.y2 - line.y1))
                length = abs(longest.x2 - longest.x1) + abs(longest.y2 - longest.y1)
                near_bar = bar is not None and box_of(longest).overlaps(Rect(bar.x - 0.6, bar.y - 0.6, bar.w + 1.2,
                                                                           bar.h + 1.2), tolerance=0.0)
                assert length >= (0.5 if near_bar else MIN_MARK) - 1e-6, (pos, vertical, side, length)


def _marks_cut_end(line, pos: float, vertical: bool, side: int, block: Rect) -> bool:
    """Tell whether a line is the mark of cut `pos` beyond the block's end on `side`."""
    if vertical:
        if not (line.x1 == line.x2 and abs(line.x1 - pos) < 1e-6):
            return False
        return min(line.y1, line.y2) >= block.top if side > 0 else max(line.y1, line.y2) <= block.y
    if not (line.y1 == line.y2 and abs(line.y1 - pos) < 1e-6):
        return False
    return min(line.x1, line.x2) >= block.right if side > 0 else max(line.x1, line.x2) <= block.x
