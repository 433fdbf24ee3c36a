"""Seams: the cut lines two butted pieces share, found from their trims."""

from __future__ import annotations

from typing import NamedTuple

from pnp.sheet.grid import Rect, Slot

TOUCH = 1e-6  # mm: trims closer than this share their cut


class Seam(NamedTuple):
    """Two slots sharing a cut: `first` left of `second` along a vertical cut, or below it along a horizontal one."""

    first: int
    second: int
    vertical: bool


def seams(slots: tuple[Slot, ...] | list[Slot]) -> list[Seam]:
    """Every pair of slots whose trims touch along a whole side (butted neighbours)."""
    found = []
    for i, a in enumerate(slots):
        for j, b in enumerate(slots):
            if _beside(a.trim, b.trim):
                found.append(Seam(i, j, True))
            elif _above(a.trim, b.trim):
                found.append(Seam(i, j, False))
    return found


def _beside(left: Rect, right: Rect) -> bool:
    """Tell whether `right` touches `left` on its right side, side to side."""
    return (abs(left.right - right.x) < TOUCH and abs(left.y - right.y) < TOUCH
            and abs(left.top - right.top) < TOUCH)


def _above(low: Rect, high: Rect) -> bool:
    """Tell whether `high` sits on `low`'s top side, edge to edge."""
    return abs(low.top - high.y) < TOUCH and abs(low.x - high.x) < TOUCH and abs(low.right - high.right) < TOUCH
