"""Measuring printed sheets: what a cut 1 mm off its line shows, against the card's own bleed in its print-shop page.

Everything is read back from the PDFs: where each card sits comes from the sheet's content stream (the
translation before each placed card form), the colours from pdfium rasters of the sheet and of the print-shop
page of the same card.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image
from pypdf import PdfReader

PX_PER_MM = 3
MM = 72 / 25.4
MISCUT = 1.0  # mm
SEGMENT = 2.0  # mm along an edge
CLEARLY = 10.0  # CIE76: clearly another colour
NEIGHBOUR = 10.0  # mm: a card whose trim is this close beyond a cut is its neighbour
SHIFTS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]  # px: two rasters of one face differ by subpixels
PLACED = re.compile(rb"1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s*/FormXob\.\w+ Do")


@dataclass(frozen=True)
class Edges:
    """Cut edges that face a neighbouring card, and how many of them show a clearly different colour."""

    shared: int = 0
    clashing: int = 0
    worst: float = 0.0

    def __add__(self, other: Edges) -> Edges:
        return Edges(self.shared + other.shared, self.clashing + other.clashing, max(self.worst, other.worst))

    @property
    def share(self) -> float:
        return self.clashing / self.shared if self.shared else 0.0


def placements(pdf: Path) -> list[list[tuple[float, float]]]:
    """For each page, the trim's bottom-left corner (mm) of every card placed, in drawing order."""
    return [[(float(x) / MM, float(y) / MM) for x, y in PLACED.findall(page.get_contents().get_data())]
            for page in PdfReader(pdf).pages]


def raster(pdf: Path) -> list[Image.Image]:
    """Every page at PX_PER_MM."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        return [page.render(scale=PX_PER_MM * 25.4 / 72).to_pil().convert("RGB") for page in document]
    finally:
        document.close()


def measure(sheets: Path, shop: Path, card: tuple[float, float], bleed: float, side: str = "fronts",
            backs: bool = True) -> Edges:
    """Every cut edge of the front (or back) sheets that faces a neighbour: 1 mm beyond the cut against the card's own
    page in `shop`. Without `backs`, every page of `sheets` is a front sheet."""
    sheet_pages, shop_pages = raster(sheets), raster(shop)
    placed = placements(sheets)
    numbers = range(0, len(sheet_pages)) if not backs else range(0 if side == "fronts" else 1, len(sheet_pages), 2)
    total, card_index = Edges(), 0
    for number in numbers:
        trims = placed[number]
        for index, origin in enumerate(trims):
            total += _card(sheet_pages[number], origin, trims, shop_pages[card_index + index], card, bleed)
        card_index += len(trims)
    return total


def _card(page: Image.Image, origin, trims, own: Image.Image, card, bleed: float) -> Edges:
    """The edges of one placed card that face a neighbour."""
    x, y = origin
    w, h = card
    height = page.height / PX_PER_MM
    found = Edges()
    for side in ("left", "right", "bottom", "top"):
        if not _faces_neighbour(side, origin, trims, card):
            continue
        beyond = _strip(page, side, (x, height - y - h), (w, h))  # image coordinates: y down from the top
        mine = [_strip(own, side, (bleed + dx / PX_PER_MM, bleed + dy / PX_PER_MM), (w, h)) for dx, dy in SHIFTS]
        worst = max(min(math.dist(seen, shifted[i]) for shifted in mine) for i, seen in enumerate(beyond))
        found += Edges(1, int(worst > CLEARLY), worst)
    return found


def _faces_neighbour(side: str, origin, trims, card) -> bool:
    """Tell whether another card's trim lies within NEIGHBOUR mm beyond this side, overlapping along it."""
    x, y = origin
    w, h = card
    for ox, oy in trims:
        if (ox, oy) == (x, y):
            continue
        along_x = ox < x + w - 1e-3 and x < ox + w - 1e-3
        along_y = oy < y + h - 1e-3 and y < oy + h - 1e-3
        if side == "right" and along_y and 0 <= ox - (x + w) < NEIGHBOUR:
            return True
        if side == "left" and along_y and 0 <= x - (ox + w) < NEIGHBOUR:
            return True
        if side == "top" and along_x and 0 <= oy - (y + h) < NEIGHBOUR:
            return True
        if side == "bottom" and along_x and 0 <= y - (oy + h) < NEIGHBOUR:
            return True
    return False


def _strip(image: Image.Image, side: str, corner: tuple[float, float], size: tuple[float, float]) -> list:
    """Mean colours (CIELAB), SEGMENT by SEGMENT, of the MISCUT-wide strip just beyond one side of the trim at `corner`.

    `corner` is the trim's top-left corner in mm from the image's top-left corner.
    """
    left, top = corner
    w, h = size
    box = {"left": (left - MISCUT, top, left, top + h), "right": (left + w, top, left + w + MISCUT, top + h),
           "top": (left, top - MISCUT, left + w, top), "bottom": (left, top + h, left + w, top + h + MISCUT)}[side]
    pixels = tuple(round(v * PX_PER_MM) for v in box)
    vertical = side in ("left", "right")
    count = max(1, round((h if vertical else w) / SEGMENT))
    strip = image.crop(pixels).resize((1, count) if vertical else (count, 1), Image.Resampling.BOX)
    data = strip.tobytes()
    return [_lab(tuple(data[i:i + 3])) for i in range(0, len(data), 3)]


@functools.cache
def _lab(rgb) -> tuple[float, float, float]:
    """CIELAB (D65) of an 8-bit sRGB colour."""
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    r, g, b = (linear(c) for c in rgb[:3])
    x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047)
    y = f(0.2126 * r + 0.7152 * g + 0.0722 * b)
    z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    return 116 * y - 16, 500 * (x - y), 200 * (y - z)
