"""Tuck boxes on their own sheets: on the home paper, or on A3 when the net needs it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.build.cuts import cut_lines, cut_marks
from pnp.build.options import BuildOptions
from pnp.face.parts import Face
from pnp.face.render import Renderer
from pnp.face.tuckbox import tuckbox_face
from pnp.output.publish import Publication
from pnp.pdf.document import Document, write_sheet_pages
from pnp.project.component import Component
from pnp.sheet.grid import fits, impose
from pnp.text.fonts import FontBook
from pnp.units import PAPER_SIZES, Size


def tuckbox_faces(component: Component, renderer: Renderer, paper: Size,
                  progress: Callable[[int], None]) -> list[tuple[tuple, Face]]:
    """Every copy of a tuck box component's nets, in CSV order, as (key, face) pairs."""
    box = component.box
    layouts = {"front": component.front, "back": component.back, "left": box.sides, "right": box.sides,
               "top": box.top}
    per_copy = any("card" in layout.names for layout in layouts.values() if layout is not None)
    nets: list[tuple[tuple, Face]] = []
    for row in component.table.rows:
        shared = None
        for copy in range(1, row.count + 1):
            if shared is None or per_copy:
                drawn: dict[int, Face] = {}
                for layout in (layout for layout in layouts.values() if layout is not None):
                    if id(layout) not in drawn:
                        drawn[id(layout)] = renderer.face(layout.on_paper(paper), component.table, row, copy,
                                                          component.name, component.names)
                faces = {name: drawn[id(layout)] if layout is not None else None for name, layout in layouts.items()}
                shared = ((component.name, "tuckbox", row.number, copy if per_copy else 0),
                          tuckbox_face(box.net, component.front.bleed, faces))
            nets.append(shared)
        progress(row.count)
    return nets


def box_paper(component: Component, paper: str) -> str:
    """The paper a tuck box is printed on: the home paper when its net and bleed fit, else A3."""
    return paper if fits(component.piece_size(), component.front.bleed, Size(*PAPER_SIZES[paper])) else "a3"


def box_file(component: Component, paper: str) -> str:
    """The name of a tuck box's own file, GAME-COMPONENT-PAPER-tuckbox.pdf."""
    return f"{component.game}-{component.name}-{box_paper(component, paper)}-tuckbox.pdf"


def write_box(component: Component, nets: list[tuple[tuple, Face]], folder: Path, files: Publication,
              fonts: FontBook, options: BuildOptions) -> int:
    """A tuck box's nets in their own file, one or more a sheet, cut along the net (no crop marks)."""
    name = box_paper(component, options.paper)
    doc = Document(files.temp_for(folder / box_file(component, options.paper)), fonts,
                   f"{component.game} {component.name} (tuck box, {name})")
    imposition = impose(component.piece_size(), component.front.bleed, Size(*PAPER_SIZES[name]), spaced=True,
                        marks=False, pieces=len(nets))
    pages = write_sheet_pages(doc, imposition, lambda used: cut_marks(used, component, options), nets, None,
                              options.duplex, cut_lines=cut_lines(component, options))
    doc.save()
    return pages
