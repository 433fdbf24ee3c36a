"""Millimetre sizes: card and paper presets, converted to points in one place."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import PnpError
from pnp.limits import MAX_PIECE_MM, MIN_PIECE_MM

MM = 72.0 / 25.4  # points per millimetre

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge-jp": (58.0, 89.0),
    "bridge": (57.0, 89.0),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
    "postcard": (100.0, 148.0),
    "square": (70.0, 70.0),
    "square-small": (50.0, 50.0),
}

HOME_PAPERS = ("a4", "letter")  # the papers home-print sheets are imposed on
CUTTERS = ("silhouette", "cricut")  # home cutting machines that cut printed sheets along registration marks
PAPER_SIZES: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
}


def pt(mm: float) -> float:
    """Convert millimetres to PDF points."""
    return mm * MM


@dataclass(frozen=True)
class Size:
    """A width and height in millimetres."""

    width: float
    height: float


def parse_size(value: object, where: str) -> Size:
    """Read a size given as a preset name or a [width, height] list in mm."""
    if isinstance(value, str):
        key = value.strip().lower()
        if key in CARD_SIZES:
            return Size(*CARD_SIZES[key])
        if key in PAPER_SIZES:
            return Size(*PAPER_SIZES[key])
        names = ", ".join(list(CARD_SIZES) + list(PAPER_SIZES))
        raise PnpError(f"unknown size '{value}'", where=where, fix=f"use one of {names} or [width, height] in mm")
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(_is_number(v) for v in value):
        width, height = float(value[0]), float(value[1])
        if MIN_PIECE_MM <= width <= MAX_PIECE_MM and MIN_PIECE_MM <= height <= MAX_PIECE_MM:
            return Size(width, height)
        if width > 0 and height > 0:
            raise PnpError(f"{width:g}x{height:g} mm is outside the limits of {MIN_PIECE_MM:g} to "
                           f"{MAX_PIECE_MM:g} mm a side", where=where, fix="give the size in mm, e.g. [63, 88]")
    raise PnpError(f"must be a preset name or [width, height] in mm, got {value!r}", where=where,
                   fix="write for example size: poker or size: [63, 88]")


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)

def standee_size(figure: Size, base: float) -> Size:
    """The strip's size in mm: back figure, front figure and a base tab at each end."""
    return Size(figure.width, 2 * figure.height + 2 * base)
