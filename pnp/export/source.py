"""The pages to rasterise: each component's pieces written one per page by the print-shop writer, grouped by face."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.build.builder import render_component
from pnp.build.cuts import cut_shape
from pnp.face.parts import Face
from pnp.face.render import Renderer
from pnp.pdf.dielines import DieLine
from pnp.pdf.document import Document, Faces, write_shop_pages
from pnp.pdf.printshop import ShopCut
from pnp.project.component import Component
from pnp.text.fonts import FontBook
from pnp.units import PAPER_SIZES, Size

PAPER = Size(*PAPER_SIZES["a4"])  # page documents (kind: page) are exported at A4


@dataclass(frozen=True)
class Side:
    """One side of a component: its PDF (one page per piece) and, per piece, the first page with the same face."""

    pdf: Path
    first: tuple[int, ...]


@dataclass(frozen=True)
class Design:
    """A distinct front and back: the first page of each, how many pieces have it, and the CSV row of the first."""

    front: int
    back: int | None
    count: int
    row: int


@dataclass(frozen=True)
class Pages:
    """A component written one piece per page: fronts, backs, each piece's CSV row, and the trim and bleed in pt."""

    component: Component
    front: Side
    back: Side | None
    rows: tuple[int, ...]
    width: float
    height: float
    bleed: float

    def designs(self) -> list[Design]:
        """Distinct front and back pairs in CSV order, with their counts."""
        backs = self.back.first if self.back else (None,) * len(self.front.first)
        found: dict[tuple[int, int | None], list[int]] = {}
        for piece, pair in enumerate(zip(self.front.first, backs)):
            found.setdefault(pair, []).append(piece)
        return [Design(front, back, len(pieces), self.rows[pieces[0]]) for (front, back), pieces in found.items()]

    def shared_back(self) -> int | None:
        """The page of the one back every piece shares, or None when there is no back or backs differ."""
        if self.back is None or len(set(self.back.first)) != 1:
            return None
        return self.back.first[0]


def write_pages(components: list[Component], folder: Path, root: Path, fonts: FontBook,
                shapes: bool = False) -> list[Pages]:
    """Render each component (at least one piece each) and write its pieces one per page, as a print shop gets them;
    with `shapes`, a cut other than a rectangle is drawn as its die line, to be seen."""
    renderer = Renderer(fonts, root)
    written = []
    for component in components:
        faces = render_component(component, renderer, PAPER, lambda n: None)
        cut = ShopCut(cut_shape(component), DieLine("CutContour")) if shapes and component.cut != "square" else None
        front = _write_side(folder, component, "", faces.fronts, fonts, cut)
        back = _write_side(folder, component, "-back", faces.backs, fonts,
                           cut and ShopCut(cut.shape, cut.die, True)) if faces.backs else None
        rows = tuple(row.number for row in component.table.rows for _ in range(row.count))
        face = faces.fronts[0][1]
        written.append(Pages(component, front, back, rows, face.width, face.height, face.bleed))
    return written


def _write_side(folder: Path, component: Component, suffix: str, faces: Faces, fonts: FontBook,
                cut: ShopCut | None = None) -> Side:
    """One side's PDF, with the title the print-shop file has, and its distinct faces."""
    path = folder / f"{component.name}{suffix}.pdf"
    doc = Document(path, fonts, f"{component.game} {component.name}{suffix}")
    write_shop_pages(doc, faces, cut)
    doc.save()
    return Side(path, first_pages(faces))


def first_pages(faces: Faces, prints: dict[int, tuple[Face, int]] | None = None) -> tuple[int, ...]:
    """For each page, the first page that draws the same face (same key, or an equal face under another key); faces
    are compared only with the earlier ones of the same fingerprint (kept in `prints` by face, when given)."""
    prints = {} if prints is None else prints
    by_key: dict[object, int] = {}
    distinct: dict[int, list[int]] = {}  # by fingerprint: the first page of each distinct face that has it
    first = []
    for page, (key, face) in enumerate(faces):
        found = by_key.get(key)
        if found is None:
            known = prints.get(id(face))
            if known is None or known[0] is not face:
                known = prints[id(face)] = face, fingerprint(face)
            alike = distinct.setdefault(known[1], [])
            found = next((earlier for earlier in alike if faces[earlier][1] == face), None)
            if found is None:
                alike.append(page)
                found = page
            by_key[key] = found
        first.append(found)
    return tuple(first)


def fingerprint(face: Face) -> int:
    """A hash that equal faces share (their size, and each operation's kind, box, image and text)."""
    operations = tuple((op.kind, op.box, op.image, _texts(op)) for op in face.ops)
    return hash((face.width, face.height, face.bleed, operations))


def _texts(op) -> tuple[str, ...]:
    """The text an operation sets, run by run (none for a drawing or picture)."""
    block = op.text
    return () if block is None else tuple(run.text for line in block.lines for atom in line.atoms for run in atom.runs)
