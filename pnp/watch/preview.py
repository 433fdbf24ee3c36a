"""Preview images: a game's components written one piece per page and rasterised, one PNG per distinct face."""

from __future__ import annotations

import hashlib
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pnp.export.raster import PageRef, close_documents, page_placement, render, save_png
from pnp.export.source import Pages, write_pages
from pnp.output.atomic import AtomicFiles
from pnp.project.component import Component
from pnp.text.fonts import FontBook

PREVIEW_DPI = 100


@dataclass(frozen=True)
class Card:
    """One distinct face in the preview: the image's file name, its side, CSV row and copies."""

    image: str
    side: str
    row: int
    count: int


def render_previews(components: list[Component], folder: Path, root: Path, fonts: FontBook,
                    dpi: int = PREVIEW_DPI) -> dict[str, list[Card]]:
    """PNG images of each component's distinct fronts and backs in `folder`, named by their content; a cut that is
    not a rectangle (rounded, circle, a drawn shape) shows as a thin magenta line."""
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".preview-", dir=folder) as scratch:
        try:
            pages = write_pages([c for c in components if c.card_count], Path(scratch), root, fonts, shapes=True)
            cards = {part.component.name: _rasterise(part, folder, dpi) for part in pages}
        finally:
            close_documents()
    return {c.name: cards.get(c.name, []) for c in components}


def _rasterise(part: Pages, folder: Path, dpi: int) -> list[Card]:
    """Render each distinct front and back of one component, in CSV order."""
    placement = page_placement(part.width + 2 * part.bleed, part.height + 2 * part.bleed, dpi)
    designs = part.designs()
    back_counts: dict[int, int] = {}
    for design in designs:
        if design.back is not None:
            back_counts[design.back] = back_counts.get(design.back, 0) + design.count
    cards: list[Card] = []
    for design in designs:
        cards.append(_save(PageRef(str(part.front.pdf), design.front), placement, folder, dpi, part,
                           "front", design.row, design.count))
        if part.back is not None and design.back is not None and design.back in back_counts:
            cards.append(_save(PageRef(str(part.back.pdf), design.back), placement, folder, dpi, part,
                               "back", design.row, back_counts.pop(design.back)))
    return cards


def _save(ref: PageRef, placement, folder: Path, dpi: int, part: Pages, side: str, row: int, count: int) -> Card:
    """Rasterise one page and save it under a name made from its component and pixels (a change, a new name)."""
    image = render(ref, placement)
    digest = hashlib.sha1(part.component.name.encode("utf-8") + b"\0" + image.tobytes()).hexdigest()[:16]
    name = f"{side}-{digest}.png"  # ASCII whatever the component's name, so the page can ask for it as it is
    path = folder / name
    if not path.exists():  # written whole under its name, so the page never gets half an image
        files = AtomicFiles()
        try:
            save_png(image, files.temp_for(path), dpi)
            files.commit()
        except BaseException:
            files.abort()
            raise
    return Card(name, side, row, count)
