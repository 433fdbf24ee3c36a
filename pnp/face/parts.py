"""What one card face is made of: boxes, drawing operations and traced text, in points at the origin."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from pnp.face.outline import Outline
from pnp.layout.files import Element, Layout
from pnp.text.fit import TextBlock
from pnp.units import pt


class Box(NamedTuple):
    """A box in points, origin at the trim's bottom-left, y up (a named tuple, as Op)."""

    x: float
    y: float
    w: float
    h: float


def hang_room(box: Box, layout: Layout, rotate: float) -> float:
    """How far past its line ends a text box may hang a 、 or 。 (ぶら下げ) and stay inside the safe zone."""
    if rotate % 360 == 0:  # lines end at the box's right edge
        return max(0.0, pt(layout.size.width / layout.scale - layout.safe) - box.x - box.w)
    if rotate % 360 == 180:  # turned over: they end at its left edge
        return max(0.0, box.x - pt(layout.safe))
    return 0.0  # a quarter turn: lines end towards the top or bottom, not followed here


class Op(NamedTuple):
    """One drawing operation on a card face (a named tuple: a build makes thousands, which a frozen dataclass makes
    some three times slower)."""

    kind: str
    box: Box
    fill: Any = None
    stroke: Any = None
    stroke_width: float = 0.0
    dash: tuple[float, ...] | None = None
    radius: float = 0.0
    rotate: float = 0.0
    shape: str = ""
    text: TextBlock | None = None
    align: str = "left"
    valign: str = "top"
    image: Path | None = None
    fit: str = "contain"
    art: Any = None  # an SVG image's drawing
    face: Face | None = None  # a whole face drawn inside this one (standees)
    matrix: tuple[float, ...] = (1, 0, 0, 1, 0, 0)
    outline: Outline = ()  # an "outline" op's path, in points


class Face(NamedTuple):
    """A card face ready to paint: its size in points (trim), bleed and operations."""

    width: float
    height: float
    bleed: float
    ops: tuple[Op, ...]
    scale: float = 1.0


class TextTrace(NamedTuple):
    """A text element as drawn for one row, with the problems a build would stop at (collecting mode)."""

    element: Element
    field: str
    op: Op
    text: str  # the characters shown, without markup
    problems: tuple[tuple[str, str], ...]  # (field, message): missing characters, overflow
    fits: bool = True  # False: drawn at min_size running out of its box
