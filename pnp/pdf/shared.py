"""Writing a shared sheet: several components' pieces, each in its band with its own marks, and their backs."""

from __future__ import annotations

from typing import NamedTuple

from pnp.pdf.dielines import draw_cut_lines
from pnp.pdf.document import CutsFor, Document, Faces, MarksFor, draw_marks
from pnp.sheet.grid import back_shift, mirror_axis
from pnp.sheet.sharing import Band, band_marks, mirrored
from pnp.units import Size, pt


class BandPieces(NamedTuple):
    """A band of a shared sheet with the faces it holds, front and back, and how its marks and cut lines are drawn."""

    band: Band
    fronts: Faces
    backs: Faces | None
    marks_for: MarksFor
    cut_lines: CutsFor | None = None


def write_shared_sheet(doc: Document, page: Size, bands: list[BandPieces], duplex: str,
                       back_offset: tuple[float, float] = (0.0, 0.0)) -> int:
    """Add a front sheet holding every band, then, where some band has backs, its back sheet: each band mirrored
    across the page (nothing behind the pieces without backs) and shifted `back_offset` mm; return the pages."""
    c = doc.canvas
    axis = mirror_axis(bands[0].band.imposition, duplex)
    sides = [(False, (0.0, 0.0))]
    if any(item.backs is not None for item in bands):
        sides.append((True, back_shift(page, back_offset)))
    for back, (dx, dy) in sides:
        c.setPageSize((pt(page.width), pt(page.height)))
        if dx or dy:  # the whole back page, marks included, moves to meet its fronts
            c.translate(pt(dx), pt(dy))
        for item in bands:
            faces = item.backs if back else item.fronts
            if faces is None:
                continue
            band = mirrored(item.band, axis) if back else item.band
            for slot, (key, face) in zip(band.imposition.slots, faces):
                doc.place(doc.form(key, face), slot)
            draw_marks(c, band_marks(band, item.marks_for), doc.fonts.default.pdf_name)
            if item.cut_lines is not None and not back:
                draw_cut_lines(c, [item.cut_lines(slot.trim) for slot in band.imposition.slots])
        c.showPage()
    return len(sides)
