"""Print-then-cut pages for home cutting machines (Silhouette, Cricut): the page, its registration marks, and the
area the pieces with their bleed may use, in page millimetres (origin bottom left, y up), like pnp.sheet.grid."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.sheet.grid import Edges, Imposition, Rect, fit_count, grid_slots
from pnp.units import Size

MARK_INSET = 10.0  # mm from the paper's edges to the outside of each Silhouette mark (Studio's default inset)
MARK_LENGTH = 20.0  # mm, each arm of a Silhouette corner mark (Studio's default length)
MARK_THICKNESS = 0.5  # mm, a Silhouette mark's line (Studio's default thickness)
MARK_SQUARE = 5.0  # mm, the filled square at the top left of a Silhouette page
MARK_CLEARANCE = 3.0  # mm kept free of pieces around the marks, where the machine's sensor reads them
CRICUT_IMAGE = Size(171.45, 234.95)  # mm: 6.75 x 9.25 in, the largest Print Then Cut image on Letter or A4
CUT_GAP = 2.0  # mm at least between two pieces' trims, so the blade cuts each piece on its own


@dataclass(frozen=True)
class CutterPage:
    """One side of a print-then-cut sheet: its size, the filled registration marks, where the pieces may go."""

    cutter: str
    page: Size
    marks: tuple[Rect, ...]
    area: Rect  # pieces and their bleed stay inside it


def cutter_page(cutter: str, paper: Size) -> CutterPage:
    """A machine's page: Silhouette's paper with three marks (a square at the top left, corners at the top right
    and bottom left), or Cricut's Print Then Cut image, which Design Space frames with its own marks."""
    if cutter == "cricut":
        return CutterPage(cutter, CRICUT_IMAGE, (), Rect(0.0, 0.0, CRICUT_IMAGE.width, CRICUT_IMAGE.height))
    return CutterPage(cutter, paper, silhouette_marks(paper), _inside(paper, MARK_INSET + MARK_SQUARE + MARK_CLEARANCE))


def best_page(cutter: str, paper: Size, card: Size, bleed: float) -> tuple[CutterPage, Imposition | None]:
    """The page that holds the most pieces: Silhouette's paper upright or turned (ties: upright); Cricut's image."""
    turned = () if cutter == "cricut" else (Size(paper.height, paper.width),)
    pages = [cutter_page(cutter, size) for size in (paper, *turned)]
    placed = [(page, cutter_imposition(page, card, bleed)) for page in pages]
    return max(placed, key=lambda pair: pair[1].per_sheet if pair[1] is not None else 0)


def silhouette_marks(paper: Size) -> tuple[Rect, ...]:
    """Silhouette's Type 1 marks as filled rectangles: the square, then each corner's two arms."""
    width, height, inset, length, line = paper.width, paper.height, MARK_INSET, MARK_LENGTH, MARK_THICKNESS
    top, right = height - inset, width - inset
    return (Rect(inset, top - MARK_SQUARE, MARK_SQUARE, MARK_SQUARE),
            Rect(right - length, top - line, length, line), Rect(right - line, top - length, line, length),
            Rect(inset, inset, length, line), Rect(inset, inset, line, length))


def _inside(paper: Size, margin: float) -> Rect:
    """The paper less a margin on every side."""
    return Rect(margin, margin, paper.width - 2 * margin, paper.height - 2 * margin)


def cutter_gap(bleed: float) -> float:
    """The gap between two pieces' trims: each piece's whole bleed, and at least CUT_GAP."""
    return max(2 * bleed, CUT_GAP)


def cutter_imposition(page: CutterPage, card: Size, bleed: float) -> Imposition | None:
    """The pieces, upright, with their whole bleed, as many as fit the page's area, centred in it; None when
    not one fits."""
    area, gap = page.area, cutter_gap(bleed)
    cols = fit_count(area.w - 2 * bleed, card.width, gap)
    rows = fit_count(area.h - 2 * bleed, card.height, gap)
    if cols * rows == 0:
        return None
    width, height = cols * card.width + (cols - 1) * gap, rows * card.height + (rows - 1) * gap
    block = Rect(area.x + (area.w - width) / 2, area.y + (area.h - height) / 2, width, height)
    slots = grid_slots(card, block, cols, rows, gap, Edges(bleed, bleed, bleed, bleed), bleed)
    return Imposition(page.page, card, bleed, cols, rows, gap, block, bleed, bleed, slots, area)
