"""Preview images: a game's components resolved face by face and rasterised, one PNG per distinct face; the faces
of rows that did not change since the last rebuild are taken from a cache with their images, not drawn again."""

from __future__ import annotations

import hashlib
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from pnp.build.builder import render_component
from pnp.build.cuts import cut_shape
from pnp.data.table import Row, Table
from pnp.export.raster import PageRef, close_documents, page_placement, render, save_png
from pnp.export.source import PAPER, Pages, Side, first_pages
from pnp.face.parts import Face
from pnp.face.render import Renderer
from pnp.layout.files import Layout
from pnp.output.atomic import AtomicFiles
from pnp.pdf.dielines import DieLine
from pnp.pdf.document import Document, write_shop_pages
from pnp.pdf.printshop import ShopCut
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


@dataclass
class FaceCache:
    """The faces drawn at the last rebuild, by component and by what they were drawn from, and their images.

    Valid while only data files change: a layout, image, font or manifest edit clears it."""

    faces: dict[str, dict[tuple, Face]] = field(default_factory=dict)
    images: dict[int, tuple[Face, str]] = field(default_factory=dict)  # by id: the face (kept alive) and its image
    prints: dict[int, tuple[Face, int]] = field(default_factory=dict)  # by id: the face and its fingerprint

    def clear(self) -> None:
        self.faces.clear()
        self.images.clear()
        self.prints.clear()


class _CachingRenderer(Renderer):
    """A renderer that gives back the face it drew last time for a row with the same values, copy and layout."""

    def __init__(self, fonts: FontBook, root: Path, cache: FaceCache):
        super().__init__(fonts, root)
        self.cache = cache
        self.used: dict[str, dict[tuple, Face]] = {}  # the faces this rebuild drew or took, to cache for the next

    def face(self, layout: Layout, table: Table, row: Row, copy: int = 1, component: str = "",
             names: frozenset[str] = frozenset()) -> Face:
        key = (str(layout.path), table.label, row.number, row.count, copy, repr(sorted(row.values.items())), names)
        found = self.cache.faces.get(component, {}).get(key)
        if found is None:
            found = super().face(layout, table, row, copy, component, names)
        self.used.setdefault(component, {})[key] = found
        return found


def render_previews(components: list[Component], folder: Path, root: Path, fonts: FontBook,
                    dpi: int = PREVIEW_DPI, cache: FaceCache | None = None) -> dict[str, list[Card]]:
    """PNG images of each component's distinct fronts and backs in `folder`, named by their content; a cut that is
    not a rectangle (rounded, circle, a drawn shape) shows as a thin magenta line."""
    cache = cache if cache is not None else FaceCache()
    folder.mkdir(parents=True, exist_ok=True)
    renderer = _CachingRenderer(fonts, root, cache)
    with tempfile.TemporaryDirectory(prefix=".preview-", dir=folder) as scratch:
        try:
            cards = {c.name: _component_cards(c, renderer, Path(scratch), folder, dpi) if c.card_count else []
                     for c in components}
        finally:
            close_documents()
    for name, faces in renderer.used.items():
        cache.faces[name] = faces
    live = {id(face) for faces in cache.faces.values() for face in faces.values()}
    cache.images = {key: image for key, image in cache.images.items() if key in live}
    cache.prints = {key: known for key, known in cache.prints.items() if key in live}
    return cards


def _component_cards(component: Component, renderer: _CachingRenderer, scratch: Path, folder: Path,
                     dpi: int) -> list[Card]:
    """Each distinct front and back of one component in CSV order, drawing only the faces not drawn before."""
    faces = render_component(component, renderer, PAPER, lambda n: None)
    rows = tuple(row.number for row in component.table.rows for _ in range(row.count))
    backs = faces.backs or []
    prints = renderer.cache.prints
    pages = Pages(component, Side(Path(), first_pages(faces.fronts, prints)),
                  Side(Path(), first_pages(backs, prints)) if backs else None, rows, 0.0, 0.0, 0.0)
    back_counts: dict[int, int] = {}
    for design in pages.designs():
        if design.back is not None:
            back_counts[design.back] = back_counts.get(design.back, 0) + design.count
    cards: list[tuple[str, Face, int, int]] = []
    for design in pages.designs():
        cards.append(("front", faces.fronts[design.front][1], design.row, design.count))
        if design.back is not None and design.back in back_counts:
            cards.append(("back", backs[design.back][1], design.row, back_counts.pop(design.back)))
    _draw_new(component, [(side, face) for side, face, _, _ in cards], renderer, scratch, folder, dpi)
    return [Card(renderer.cache.images[id(face)][1], side, row, count) for side, face, row, count in cards]


def _draw_new(component: Component, faces: list[tuple[str, Face]], renderer: _CachingRenderer, scratch: Path,
              folder: Path, dpi: int) -> None:
    """Write the faces that have no image yet one per page (a cut other than a rectangle drawn as its line, mirrored
    on backs), rasterise them and note their images' names."""
    fresh = {id(face): (side, face) for side, face in faces if id(face) not in renderer.cache.images}
    if not fresh:
        return
    shape = cut_shape(component) if component.cut != "square" else None
    pdf = scratch / f"{component.name}.pdf"
    doc = Document(pdf, renderer.fonts, f"{component.game} {component.name}")
    for n, (side, face) in enumerate(fresh.values()):
        cut = ShopCut(shape, DieLine("CutContour"), side == "back") if shape is not None else None
        write_shop_pages(doc, [((component.name, n), face)], cut)
    doc.save()
    new = [face for _, face in fresh.values()]
    for index, face in enumerate(new):
        placement = page_placement(face.width + 2 * face.bleed, face.height + 2 * face.bleed, dpi)
        renderer.cache.images[id(face)] = face, _save(PageRef(str(pdf), index), placement, folder, dpi, component.name)


def _save(ref: PageRef, placement, folder: Path, dpi: int, component: str) -> str:
    """Rasterise one page and save it under a name made from its component and pixels (a change, a new name)."""
    image = render(ref, placement)
    digest = hashlib.sha1(component.encode("utf-8") + b"\0" + image.tobytes()).hexdigest()[:16]
    name = f"{digest}.png"  # ASCII whatever the component's name, so the page can ask for it as it is
    path = folder / name
    if not path.exists():  # written whole under its name, so the page never gets half an image
        files = AtomicFiles()
        try:
            save_png(image, files.temp_for(path), dpi)
            files.commit()
        except BaseException:
            files.abort()
            raise
    return name
