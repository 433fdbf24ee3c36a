"""Writing PDFs: home-print sheets with marks and mirrored backs, print-shop pages with boxes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab import rl_config
from reportlab.lib import colors as rl_colors
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from pnp.face.outline import Outline
from pnp.face.paint import paint_face
from pnp.face.parts import Face
from pnp.face.quickops import ShownTexts
from pnp.output.streamcache import streams_kept_in
from pnp.pdf.black import DEFAULT_RICH_BLACK
from pnp.pdf.dielines import draw_cut_lines, draw_die_line
from pnp.pdf.fastnames import install as keep_short_texts
from pnp.pdf.lightpages import PageSettler
from pnp.pdf.pdfx import PDF_VERSION, mark_pdfx
from pnp.pdf.rgbpaint import RgbPaint
from pnp.pdf.streamed import save_streamed
from pnp.sheet.grid import Imposition, Rect, Slot, back_shift, back_slots
from pnp.sheet.marks import SCALE_BAR, Line, ScaleBar, SheetMarks
from pnp.text.fonts import FontBook
from pnp.text.subsetcache import SUBSETS
from pnp.units import pt

if TYPE_CHECKING:  # the CMYK machinery loads with a CMYK profile only
    from pnp.pdf.cmyk import CmykPaint, Profile

HAIRLINE = 0.25  # pt
REGISTRATION = rl_colors.CMYKColor(1, 1, 1, 1)  # marks print on every plate
CUT_GUIDE = rl_colors.Color(0.45, 0.45, 0.45)  # circle guides sit on the art: grey, hairline
MAX_KEPT_MARKS = 64  # sets of marks whose operators are kept (a build has one or two per imposition)
_LINE_OPERATORS: dict[tuple[Line, ...], tuple[str, ...]] = {}  # a sheet's marks repeat on every page of its run

keep_short_texts()  # every file pnp writes: its names, numbers and references encoded once


class Document:
    """A PDF being written, with each distinct card face stored once as a form."""

    def __init__(self, path: Path, fonts: FontBook, title: str, profile: Profile | None = None,
                 rich_black: tuple[float, float, float, float] = DEFAULT_RICH_BLACK):
        """A document in RGB, or in CMYK with PDF/X-4's structure (and print-shop black) when given a CMYK profile."""
        self.fonts = fonts
        paint: RgbPaint | CmykPaint
        if profile is not None:
            from pnp.pdf.cmyk import CmykPaint  # Pillow's colour management: CMYK files only
            paint = CmykPaint(profile, rich_black)
        else:
            paint = RgbPaint()
        self.canvas = Canvas(str(path), invariant=1, initialFontName=fonts.default.pdf_name, initialFontSize=8,
                             pageCompression=1, enforceColorSpace=paint, pdfVersion=PDF_VERSION if profile else None)
        self.canvas.shown_texts = ShownTexts()  # the texts it has shown, for the faces' text to show again
        self.canvas.setTitle(title)
        self.canvas.setCreator("pnp")
        settle = PageSettler(fonts.store.streams if fonts.store is not None else None)
        pages = self.canvas._doc.Pages  # not through self: no cycle keeps a saved file's pages
        self.canvas.setPageCallBack(lambda _: settle(pages.pages[-1]))
        if profile is not None:
            mark_pdfx(self.canvas, profile, title)
        self._forms: dict[object, str] = {}

    def form(self, key: object, face: Face) -> str:
        """Name of the form drawing this face, creating it on first use."""
        name = self._forms.get(key)
        if name is None:
            name = f"F{len(self._forms)}"
            b = face.bleed
            outside = dict(self.canvas._extgstate._d)  # a form starts in the page's state (no overprint) ...
            self.canvas.beginForm(name, -b, -b, face.width + b, face.height + b)
            paint_face(self.canvas, face)
            shadings = dict(self.canvas._shadingUsed)
            self.canvas.endForm()
            self.canvas._extgstate._d = outside  # ... and what it set stays inside it
            _complete_resources(self.canvas._doc.idToObject[pdfdoc.xObjectName(name)], shadings)
            self._forms[key] = name
        return name

    def place(self, form: str, slot: Slot, turned: bool = False) -> None:
        """Draw a form at a slot (turned 180 degrees if asked), clipped to the slot's trim plus any bleed it has."""
        c = self.canvas
        c.saveState()
        path = c.beginPath()
        path.rect(pt(slot.clip.x), pt(slot.clip.y), pt(slot.clip.w), pt(slot.clip.h))
        c.clipPath(path, stroke=0, fill=0)
        if turned:
            c.transform(-1, 0, 0, -1, pt(slot.trim.right), pt(slot.trim.top))
        else:
            c.translate(pt(slot.trim.x), pt(slot.trim.y))
        c.doForm(form)
        c.restoreState()

    def save(self) -> None:
        """Write the file; streams are Flate-compressed binary, without the ASCII85 layer."""
        saved = rl_config.useA85
        rl_config.useA85 = 0
        try:
            store = self.fonts.store
            with SUBSETS.kept(store.subsets if store else None), streams_kept_in(store.streams if store else None):
                save_streamed(self.canvas)
        finally:
            rl_config.useA85 = saved


def _complete_resources(form, shadings: dict) -> None:
    """Give a form the graphics states (transparency, overprint) and shadings it uses: reportlab lists them for
    pages only. A form using neither keeps reportlab's own resources."""
    if not form.ExtGState and not shadings:
        return
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs() if form.hasImages else resources.basicProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    if form.ExtGState:
        resources.ExtGState = form.ExtGState
    resources.setShading(shadings)
    resources.setColorSpace(form._colorsUsed)
    form.Resources = resources


MarksFor = Callable[[Imposition], SheetMarks]
CutsFor = Callable[[Rect], Outline]
Faces = Sequence[tuple[object, Face]]


def write_sheet_pages(doc: Document, imposition: Imposition, marks_for: MarksFor, fronts: Faces, backs: Faces | None,
                      duplex: str, back_offset: tuple[float, float] = (0.0, 0.0),
                      cut_lines: CutsFor | None = None) -> int:
    """Add front sheets, each followed by its back sheet shifted `back_offset` mm (see back_shift); return the pages.

    `cut_lines` gives the outline of a piece at a trim: drawn as thin lines on the front sheets."""
    c, per, pages = doc.canvas, imposition.per_sheet, 0
    mirrored, shift = back_slots(imposition, duplex), back_shift(imposition.page, back_offset)
    cache: dict[tuple[Slot, ...], SheetMarks] = {}
    for start in range(0, len(fronts), per):
        for slots, faces, (dx, dy) in ((imposition.slots, fronts, (0.0, 0.0)), (mirrored, backs, shift)):
            if faces is None:
                continue
            c.setPageSize((pt(imposition.page.width), pt(imposition.page.height)))
            if dx or dy:  # the whole back page, marks included, moves to meet its fronts
                c.translate(pt(dx), pt(dy))
            placed = list(zip(slots, faces[start:start + per]))
            for slot, (key, face) in placed:
                doc.place(doc.form(key, face), slot)
            used = tuple(slot for slot, _ in placed)
            if used not in cache:  # marks only for the pieces on this page: a last, part-filled sheet has fewer
                cache[used] = marks_for(imposition._replace(slots=used, block=trims_bounds(used)))
            draw_marks(c, cache[used], doc.fonts.default.pdf_name)
            if cut_lines is not None and faces is fronts:
                draw_cut_lines(c, [cut_lines(slot.trim) for slot in used])
            c.showPage()
            pages += 1
    return pages


def trims_bounds(slots: tuple[Slot, ...]) -> Rect:
    """The rectangle around the trims of the given slots."""
    left, bottom = min(s.trim.x for s in slots), min(s.trim.y for s in slots)
    right, top = max(s.trim.right for s in slots), max(s.trim.top for s in slots)
    return Rect(left, bottom, right - left, top - bottom)


def draw_marks(c: Canvas, marks: SheetMarks, font_name: str) -> None:
    """Hairline crop marks and the 50 mm scale bar."""
    c.saveState()
    c.setStrokeColor(REGISTRATION)
    c.setLineWidth(HAIRLINE)
    _draw_lines(c, marks.lines)
    c.setStrokeColor(CUT_GUIDE)
    for box in marks.circles:
        c.ellipse(pt(box.x), pt(box.y), pt(box.right), pt(box.top), stroke=1, fill=0)
    if marks.bar is not None:
        _draw_scale_bar(c, marks.bar, font_name)
    c.restoreState()


def _draw_lines(c: Canvas, lines: tuple[Line, ...]) -> None:
    """Stroke the lines: their operators, as reportlab writes them, are kept from their first page for the next."""
    known = _LINE_OPERATORS.get(lines)
    if known is not None:
        c._code.extend(known)
        return
    start = len(c._code)
    for line in lines:
        c.line(pt(line.x1), pt(line.y1), pt(line.x2), pt(line.y2))
    if len(_LINE_OPERATORS) >= MAX_KEPT_MARKS:
        _LINE_OPERATORS.pop(next(iter(_LINE_OPERATORS)))
    _LINE_OPERATORS[lines] = tuple(c._code[start:])


def _draw_scale_bar(c: Canvas, bar: ScaleBar, font_name: str) -> None:
    """A 50 mm bar with end ticks and a label, to check printing at 100%."""
    c.setStrokeColor(rl_colors.black)
    c.setFillColor(rl_colors.black)
    c.setLineWidth(0.5)
    c.saveState()
    c.translate(pt(bar.x), pt(bar.y))
    if bar.vertical:
        c.rotate(90)
        c.translate(0, -pt(3))
    c.line(0, pt(1), pt(SCALE_BAR), pt(1))
    for tick in (0, 10, 20, 30, 40, 50):
        height = 2 if tick in (0, 50) else 1
        c.line(pt(tick), pt(1), pt(tick), pt(1 + height))
    c.setFont(font_name, 6)
    c.drawString(pt(SCALE_BAR + 1.5), pt(0.6), "50 mm")
    c.restoreState()


def write_shop_pages(doc: Document, faces: Faces, cut=None) -> int:
    """One card per page: page = card + bleed, with TrimBox and BleedBox; a die line along the trim when given a
    ShopCut (pnp.pdf.printshop)."""
    c = doc.canvas
    for key, face in faces:
        b = face.bleed
        width, height = face.width + 2 * b, face.height + 2 * b
        c.setPageSize((width, height))
        c.setTrimBox((b, b, b + face.width, b + face.height))
        c.setBleedBox((0, 0, width, height))
        c.translate(b, b)
        c.doForm(doc.form(key, face))
        if cut is not None:
            draw_die_line(c, cut.shape.at(Rect(0, 0, face.width / pt(1), face.height / pt(1)), cut.mirrored), cut.die)
        c.showPage()
    return len(faces)
