"""How each printed row looks: its first copy's front and back rasterised, as a digest of the pixels."""

from __future__ import annotations

import hashlib
from pathlib import Path

from pnp.export.raster import PageRef, Placement, close_documents, page_placement, render
from pnp.export.source import Pages, write_pages
from pnp.project.component import Component
from pnp.text.fonts import FontBook

COMPARE_DPI = 60  # a 1 mm shift moves the pixels by more than 2; any change of colour changes them too
Looks = dict[str, dict[int, tuple[str, str | None]]]  # component -> row number -> (front digest, back digest)


def looks(components: list[Component], root: Path, fonts: FontBook, scratch: Path, dpi: int = COMPARE_DPI) -> Looks:
    """Each component's rows, drawn as the print-shop files draw them, rasterised once per distinct page."""
    try:
        return {part.component.name: _rows(part, dpi)
                for part in write_pages([c for c in components if c.card_count], scratch, root, fonts)}
    finally:
        close_documents()


def _rows(part: Pages, dpi: int) -> dict[int, tuple[str, str | None]]:
    """A digest of the front and back of each row's first copy."""
    placement = page_placement(part.width + 2 * part.bleed, part.height + 2 * part.bleed, dpi)
    digests: dict[tuple[str, int], str] = {}
    rows: dict[int, tuple[str, str | None]] = {}
    for piece, row in enumerate(part.rows):
        if row not in rows:
            back = _digest(part.back.pdf, part.back.first[piece], placement, digests) if part.back else None
            rows[row] = (_digest(part.front.pdf, part.front.first[piece], placement, digests), back)
    return rows


def _digest(pdf: Path, page: int, placement: Placement, digests: dict[tuple[str, int], str]) -> str:
    """The page's pixels as a digest, each page rasterised once."""
    key = (str(pdf), page)
    if key not in digests:
        image = render(PageRef(str(pdf), page), placement)
        digests[key] = hashlib.sha1(repr(image.size).encode() + image.tobytes()).hexdigest()
    return digests[key]
