"""A tuck box's net: its panels, flaps, cut outline and fold lines, in millimetres (origin bottom left, y up).

Pure numbers. Left to right: a side, the front, a side, the back and the glue tab that is glued inside the first
side. Above the back: the lid and its tuck flap; above the front: a thumb notch; below the front: the bottom
and its glue tab; above and below each side: a dust flap.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from pnp.units import Size

GLUE_TAB = 10.0  # mm, the widest glue tab
TUCK_FLAP = 15.0  # mm, the tuck flap's depth
TUCK_INSET = 1.0  # mm the tuck flap is narrower than the lid on each side, so it slips in
NOTCH = 10.0  # mm, the largest radius of the thumb notch
ARC_STEPS = 16  # straight pieces of the thumb notch's half circle

Point = tuple[float, float]


class Panel(NamedTuple):
    """A rectangle of the net in mm, and its edges that are cut (not folded), where its art gets bleed."""

    x: float
    y: float
    w: float
    h: float
    cut_edges: frozenset[str] = frozenset()  # of "left", "right", "top", "bottom"


class Net(NamedTuple):
    """A tuck box's flat net: outer size, its art panels, the cut outline (one closed polygon) and fold lines."""

    width: float  # mm, the box's inside width, height and depth (card size and the deck's thickness, with clearance)
    height: float
    depth: float
    size: Size  # the net's bounding box
    panels: dict[str, Panel]  # front, back, left, right (the sides), top (the lid)
    outline: tuple[Point, ...]
    folds: tuple[tuple[Point, Point], ...]


def tuck_net(card: Size, cards: int, thickness: float, clearance: float) -> Net:
    """The net of a box holding `cards` cards of `card` size, each `thickness` mm thick, with `clearance` mm room."""
    w, h, d = card.width + clearance, card.height + clearance, cards * thickness + clearance
    glue, flap = min(GLUE_TAB, 0.8 * d), min(TUCK_FLAP, h / 3)
    dust = min(d, w / 2)
    bottom, top = d + glue, d + glue + h  # the main row's lower and upper edge
    x_front, x_right, x_back, x_glue = d, d + w, 2 * d + w, 2 * d + 2 * w
    panels = {
        "left": Panel(0.0, bottom, d, h, frozenset({"left"})),
        "front": Panel(x_front, bottom, w, h, frozenset({"top"})),
        "right": Panel(x_right, bottom, d, h),
        "back": Panel(x_back, bottom, w, h, frozenset({"bottom"})),
        "top": Panel(x_back, top, w, d, frozenset({"left", "right"})),
    }
    outline = (*_up_and_over(d, w, h, glue, flap, dust), *_down_and_back(d, w, h, glue, dust))
    folds = (((x_front, bottom), (x_front, top)), ((x_right, bottom), (x_right, top)),
             ((x_back, bottom), (x_back, top)), ((x_glue, bottom), (x_glue, top)),
             ((0.0, top), (x_front, top)), ((x_right, top), (x_glue, top)),
             ((x_back + TUCK_INSET, top + d), (x_glue - TUCK_INSET, top + d)),
             ((0.0, bottom), (x_back, bottom)), ((x_front, glue), (x_right, glue)))
    return Net(w, h, d, Size(x_glue + glue, top + d + flap), panels, outline, folds)


def _up_and_over(d: float, w: float, h: float, glue: float, flap: float, dust: float) -> list[Point]:
    """The outline from the first side's lower left corner up, along the top to the glue tab's upper end."""
    top = d + glue + h
    x_back, x_glue, taper = 2 * d + w, 2 * d + 2 * w, min(d / 4, dust / 2)
    radius = min(NOTCH, w / 4, h / 6)
    notch = [(d + w / 2 - radius * math.cos(math.pi * i / ARC_STEPS), top - radius * math.sin(math.pi * i / ARC_STEPS))
             for i in range(ARC_STEPS + 1)]
    cut, lid, inset = min(flap / 2, 6.0), top + d, TUCK_INSET
    return [(0.0, d + glue), (0.0, top), (taper, top + dust), (d - taper, top + dust), (d, top),
            *notch, (d + w, top), (d + w + taper, top + dust), (x_back - taper, top + dust), (x_back, top),
            (x_back, lid), (x_back + inset, lid), (x_back + inset, lid + flap - cut),
            (x_back + inset + cut, lid + flap), (x_glue - inset - cut, lid + flap), (x_glue - inset, lid + flap - cut),
            (x_glue - inset, lid),
            (x_glue, lid), (x_glue, top)]


def _down_and_back(d: float, w: float, h: float, glue: float, dust: float) -> list[Point]:
    """The outline from the glue tab down, along the bottom back to the first side."""
    bottom, x_back, x_glue = d + glue, 2 * d + w, 2 * d + 2 * w
    taper, chamfer = min(d / 4, dust / 2), min(glue, h / 4)
    return [(x_glue + glue, bottom + h - chamfer), (x_glue + glue, bottom + chamfer), (x_glue, bottom),
            (x_back, bottom), (x_back - taper, bottom - dust), (d + w + taper, bottom - dust), (d + w, bottom),
            (d + w, glue), (d + w - min(glue, w / 4), 0.0), (d + min(glue, w / 4), 0.0), (d, glue), (d, bottom),
            (d - taper, bottom - dust), (taper, bottom - dust)]


def outline_path(points: tuple[Point, ...]) -> tuple[tuple[str, tuple[float, ...]], ...]:
    """The outline as cut path segments: a move, straight lines, closed."""
    first, *rest = points
    return (("M", first), *(("L", point) for point in rest), ("Z", ()))
