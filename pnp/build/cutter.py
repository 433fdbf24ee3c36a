"""`pnp build --cutter`: print-then-cut sheets for a Silhouette or a Cricut, each sheet with its SVG cut file."""

from __future__ import annotations

import glob
from collections.abc import Sequence
from pathlib import Path

from reportlab.lib import colors as rl_colors

from pnp.build.cuts import cut_shape
from pnp.build.options import BuildOptions
from pnp.face.parts import Face
from pnp.output.publish import Publication
from pnp.pdf.cutfile import svg_cut_file
from pnp.pdf.dielines import draw_cut_lines
from pnp.pdf.document import Document
from pnp.project.component import Component
from pnp.sheet.cutter import CutterPage, best_page
from pnp.sheet.grid import Imposition, Slot, back_slots
from pnp.text.fonts import FontBook
from pnp.units import PAPER_SIZES, Size, pt

FOLDER = "cutter"  # output/<game>/cutter/
PNG_DPI = 300  # the Cricut images: Design Space prints them at the size they are given
Faces = Sequence[tuple[object, Face]]


def cutter_suffix(options: BuildOptions) -> str:
    """What names a cutter's files: the machine and the paper (a Cricut image is the same on any paper)."""
    return "cricut" if options.cutter == "cricut" else f"{options.cutter}-{options.paper}"


def own_cutter_files(files: Publication, folder: Path, game: str, options: BuildOptions) -> None:
    """A build for a cutter replaces that cutter's earlier files (of its components only, with --component)."""
    stems = [glob.escape(f"{game}-{name}") for name in options.components] or [f"{glob.escape(game)}-*"]
    for stem in stems:
        for tail in (".pdf", "-*.svg", "-*.png"):
            files.own(folder / FOLDER, f"{stem}-{cutter_suffix(options)}{tail}")


def write_cutters(component: Component, fronts: Faces, backs: Faces | None, folder: Path, files: Publication,
                  fonts: FontBook, options: BuildOptions) -> str:
    """A component's print-then-cut PDF, an SVG cut file per sheet (and a PNG per sheet for a Cricut); a note saying
    what was written, or why nothing was."""
    where, cutter = f"{component.game}/{component.name}", str(options.cutter)
    own_cutter_files(files, folder, component.game, options)
    if component.kind == "page":
        return f"{where}: a page document, not for the {cutter}"
    size, bleed = component.piece_size(), component.front.bleed
    page, imposition = best_page(cutter, Size(*PAPER_SIZES[options.paper]), size, bleed)
    if imposition is None:
        return (f"{where}: {size.width + 2 * bleed:g}x{size.height + 2 * bleed:g} mm with its bleed is larger than "
                f"the {cutter}'s area of {page.area.w:g}x{page.area.h:g} mm; not written for it")
    stem = f"{component.game}-{component.name}-{cutter_suffix(options)}"
    pdf = files.temp_for(folder / FOLDER / f"{stem}.pdf")
    doc = Document(pdf, fonts, f"{component.game} {component.name} ({cutter_suffix(options)})")
    sheets = _write_sheets(doc, page, imposition, component, fronts, backs if cutter != "cricut" else None, options)
    digits = len(str(len(sheets)))  # sheet numbers of equal width, so that files sort in order
    for number, outlines in enumerate(sheets, 1):
        title = f"{component.game} {component.name}: cut file of sheet {number} of {len(sheets)} ({cutter})"
        svg = svg_cut_file(page.page, outlines, title, placement(page.page, outlines, cutter))
        files.temp_for(folder / FOLDER / f"{stem}-{number:0{digits}d}.svg").write_bytes(svg)
    doc.save()
    if cutter == "cricut":
        _write_images(pdf, [folder / FOLDER / f"{stem}-{n:0{digits}d}.png" for n in range(1, len(sheets) + 1)], files)
    what = "an SVG cut file" + (" and a PNG image" if cutter == "cricut" else "")
    return (f"{where}: {cutter}, {imposition.per_sheet} a sheet on {len(sheets)} sheet{'s' * (len(sheets) != 1)}, "
            f"{what} for each, in {FOLDER}/{stem}*")


def placement(page: Size, outlines: list, cutter: str) -> str:
    """Where the cut paths go when software places a drawing by its bounds (Design Space over its image)."""
    left = min(x for outline in outlines for _, values in outline for x in values[0::2])
    top = page.height - max(y for outline in outlines for _, values in outline for y in values[1::2])
    where = (f"at X {left / 25.4:.3f} in, Y {top / 25.4:.3f} in ({left:.2f} mm, {top:.2f} mm) from the top left "
             "corner of ")
    if cutter == "cricut":
        return (f"Place these paths {where}this sheet's image, {page.width / 25.4:g} x {page.height / 25.4:g} in "
                "at X 0, Y 0, then attach them")
    return f"These paths lie {where}the {page.width:g} x {page.height:g} mm page"


def _write_sheets(doc: Document, page: CutterPage, imposition: Imposition, component: Component, fronts: Faces,
                  backs: Faces | None, options: BuildOptions) -> list[list]:
    """Each front sheet with the registration marks (and its mirrored back sheet, without marks); the cuts of
    each sheet's pieces."""
    shape, per, cuts = cut_shape(component), imposition.per_sheet, []
    mirrored = back_slots(imposition, options.duplex)
    for start in range(0, len(fronts), per):
        placed = fronts[start:start + per]
        used = imposition.slots[:len(placed)]
        cuts.append([shape.at(slot.trim) for slot in used])
        _place(doc, page, used, placed)
        _draw_registration(doc, page)
        if options.cut_lines:
            draw_cut_lines(doc.canvas, cuts[-1])
        doc.canvas.showPage()
        if backs is not None:
            _place(doc, page, mirrored[:len(placed)], backs[start:start + per])
            doc.canvas.showPage()
    return cuts


def _place(doc: Document, page: CutterPage, slots: Sequence[Slot], faces: Faces) -> None:
    """The pieces of one side at their slots."""
    doc.canvas.setPageSize((pt(page.page.width), pt(page.page.height)))
    for slot, (key, face) in zip(slots, faces):
        doc.place(doc.form(key, face), slot)


def _draw_registration(doc: Document, page: CutterPage) -> None:
    """The machine's registration marks, solid black (its sensor reads black on white)."""
    c = doc.canvas
    c.saveState()
    c.setFillColor(rl_colors.black)
    for mark in page.marks:
        c.rect(pt(mark.x), pt(mark.y), pt(mark.w), pt(mark.h), stroke=0, fill=1)
    c.restoreState()


def _write_images(pdf: Path, finals: list[Path], files: Publication) -> None:
    """Each page of a Cricut file as a PNG image at PNG_DPI, for Design Space's Print Then Cut."""
    import pypdfium2 as pdfium
    document = pdfium.PdfDocument(str(pdf))
    try:
        for index, final in enumerate(finals):
            page = document[index]
            size = (round(page.get_width() * PNG_DPI / 72), round(page.get_height() * PNG_DPI / 72))
            image = page.render(scale=PNG_DPI / 72).to_pil().convert("RGB").crop((0, 0, *size))
            page.close()
            image.save(files.temp_for(final), "PNG", dpi=(PNG_DPI, PNG_DPI))
    finally:
        document.close()
