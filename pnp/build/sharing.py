"""The game's grid sheets, where a component's first pieces fill the free band of the part-filled sheet before."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from pnp.build.cuts import Spacing, cut_lines, cut_marks
from pnp.build.options import BuildOptions
from pnp.face.parts import Face
from pnp.pdf.document import CutsFor, Document, MarksFor, write_sheet_pages
from pnp.pdf.shared import BandPieces, write_shared_sheet
from pnp.project.component import Component
from pnp.sheet.cutlines import SHAPED
from pnp.sheet.grid import Imposition, impose
from pnp.sheet.sharing import Band, FreeArea, band_grid, free_areas, yielded
from pnp.units import Size

Faces = Sequence[tuple[object, Face]]


class Pieces(NamedTuple):
    """How a component's pieces are laid out on a grid: their size and bleed, spacing and marks."""

    size: Size
    bleed: float
    spaced: bool
    marks: bool
    spacing: Spacing

    def impose(self, paper: Size, pieces: int) -> Imposition:
        """The pieces' grid on a sheet of their own."""
        return impose(self.size, self.bleed, paper, spaced=self.spaced, marks=self.marks, pieces=pieces,
                      gutter=self.spacing.gutter, butt=self.spacing.butt)

    def in_band(self, free: FreeArea, paper: Size, pieces: int) -> Imposition | None:
        """The pieces' grid in a free area of a shared sheet, if one fits."""
        return band_grid(self.size, self.bleed, free, paper, spaced=self.spaced, marks=self.marks, pieces=pieces,
                         gutter=self.spacing.gutter, butt=self.spacing.butt)


@dataclass
class OpenSheet:
    """The last sheet written so far, held back while a next component may fill its free band."""

    imposition: Imposition  # the first component's whole grid, to write it as before when nobody joins
    bands: list[BandPieces] = field(default_factory=list)


class SharedSheets:
    """Writes components' grid sheets in order; each component's last part-filled sheet stays open to the next."""

    def __init__(self, doc: Document, paper: Size, options: BuildOptions):
        self.doc, self.paper, self.options = doc, paper, options
        self.open: OpenSheet | None = None

    def write(self, component: Component, fronts: Faces, backs: Faces | None, spacing: Spacing) -> int:
        """Write a component's pieces: first into the open sheet's free band, the rest on sheets of their own."""
        options = self.options
        marks_for, lines = (lambda used: cut_marks(used, component, options)), cut_lines(component, options)
        spaced = component.cut in SHAPED
        grid = Pieces(component.piece_size(), component.front.bleed, spaced, options.marks != "none" and not spaced,
                      spacing)
        taken = self._join(grid, fronts, backs, marks_for, lines) if self.open is not None else 0
        fronts, backs = fronts[taken:], (backs[taken:] if backs is not None else None)
        if not fronts:  # every piece joined the open sheet, which stays open for the next component
            return 0
        pages = self.flush()
        imposition = grid.impose(self.paper, len(fronts))
        per = imposition.per_sheet
        last = (len(fronts) - 1) // per * per  # where the last sheet starts
        held = options.share and len(fronts) - last < per
        end = last if held else len(fronts)
        if end:
            pages += write_sheet_pages(self.doc, imposition, marks_for, fronts[:end],
                                       backs[:end] if backs is not None else None, options.duplex,
                                       options.back_offset, lines)
        if held:
            rest = fronts[last:]
            used = imposition._replace(slots=imposition.slots[:len(rest)])
            band = BandPieces(Band(imposition.printable, used), rest, backs[last:] if backs is not None else None,
                              marks_for, lines)
            self.open = OpenSheet(imposition, [band])
        return pages

    def _join(self, grid: Pieces, fronts: Faces, backs: Faces | None, marks_for: MarksFor,
              lines: CutsFor | None) -> int:
        """Put as many pieces as fit into the open sheet's free area (below its last band's pieces, or beside them:
        whichever holds more), where that leaves the component fewer sheets of its own; return how many."""
        assert self.open is not None
        last = self.open.bands[-1]
        best = None
        for free in free_areas(last.band):
            imposition = grid.in_band(free, self.open.imposition.page, len(fronts))
            if imposition is not None and (best is None or imposition.per_sheet > best[1].per_sheet):
                best = (free, imposition)
        if best is None:
            return 0
        free, imposition = best
        count = min(len(fronts), imposition.per_sheet)
        if self._sheets(grid, len(fronts) - count) >= self._sheets(grid, len(fronts)):
            return 0
        used = imposition._replace(slots=imposition.slots[:count])
        self.open.bands[-1] = last._replace(band=yielded(last.band, free))
        self.open.bands.append(BandPieces(Band(free.rect, used), fronts[:count],
                                          backs[:count] if backs is not None else None, marks_for, lines))
        return count

    def _sheets(self, grid: Pieces, pieces: int) -> int:
        """How many sheets of their own `pieces` pieces take."""
        return -(-pieces // grid.impose(self.paper, pieces).per_sheet) if pieces else 0

    def flush(self) -> int:
        """Write the open sheet, if any: as a sheet of its own when nobody joined it; return the pages."""
        sheet, self.open = self.open, None
        if sheet is None:
            return 0
        options = self.options
        if len(sheet.bands) == 1:
            only = sheet.bands[0]
            return write_sheet_pages(self.doc, sheet.imposition, only.marks_for, only.fronts, only.backs,
                                     options.duplex, options.back_offset, only.cut_lines)
        return write_shared_sheet(self.doc, sheet.imposition.page, sheet.bands, options.duplex, options.back_offset)
