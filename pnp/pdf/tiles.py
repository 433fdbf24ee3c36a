"""Writing tiled pieces: each tile's part of the piece, glue strips, alignment targets, cut marks and labels."""

from __future__ import annotations

from reportlab.lib import colors as rl_colors

from pnp.face.parts import Face, Op
from pnp.pdf.document import HAIRLINE, REGISTRATION, Document
from pnp.project.component import Component
from pnp.sheet.grid import Rect
from pnp.sheet.marks import MARK_GAP, MARK_LENGTH
from pnp.sheet.tilelabels import glue_word, is_japanese, tile_label
from pnp.sheet.tiles import Avoid, Band, Tile, Tiling, tile_marks, tile_piece
from pnp.text.fit import line_text
from pnp.units import MM, Size, pt

GLUE = rl_colors.Color(0.55, 0.55, 0.55)


WEIGHTS = {"text": 10.0, "image": 3.0, "icon": 3.0, "rect": 1.0, "ellipse": 1.0}  # what a seam crossing costs


def write_tiled(doc: Document, component: Component, fronts: list[tuple[tuple, Face]], paper: Size) -> int:
    """Each copy of a piece larger than the paper, tiled over several sheets (fronts only), its seams clear of
    its slots and texts where the paper leaves room; returns the number of pages."""
    size, bleed = component.piece_size(), component.front.bleed
    avoid = seams_avoiding([face for _, face in fronts], bleed)
    tiling = tile_piece(Size(size.width + 2 * bleed, size.height + 2 * bleed), paper, avoid=avoid)
    rows = {row.number: row for row in component.table.rows}
    pages = 0
    for key, face in fronts:
        row = rows.get(key[2]) if len(key) > 2 else None
        cells = row.values if row is not None else {}
        title = str(cells.get("title") or cells.get("name") or component.name.replace("_", " "))
        japanese = is_japanese(title) or any(is_japanese(text) for text in _texts(face))
        pages += write_tile_pages(doc, tiling, key, face, bleed, title, japanese)
    return pages


def _texts(face: Face) -> list[str]:
    """The lines of text drawn on a face."""
    return [text for op in face.ops for text in _op_texts(op)]


def _op_texts(op: Op) -> list[str]:
    """The lines of text an element draws (none for a picture or a shape)."""
    return [line_text(line) for line in op.text.lines] if op.text is not None else []


def seams_avoiding(faces: list[Face], bleed: float) -> Avoid:
    """The bands of the pieces' texts, slots and pictures, in piece millimetres (bleed included), for the seams."""
    across, down = [], []
    for op in (op for face in faces for op in face.ops):
        weight = WEIGHTS.get(op.kind, 0.0)
        if weight and (op.kind != "text" or any(_op_texts(op))):
            x, y, w, h = _turned(op)
            across.append(Band(x / MM + bleed, (x + w) / MM + bleed, weight))
            down.append(Band(y / MM + bleed, (y + h) / MM + bleed, weight))
    return Avoid(tuple(sorted(set(across), key=repr)), tuple(sorted(set(down), key=repr)))


def _turned(op: Op) -> tuple[float, float, float, float]:
    """An element's box, or the box around it turned, in points."""
    box, turn = op.box, op.rotate % 180
    if turn == 0:
        return box.x, box.y, box.w, box.h
    cx, cy, half = box.x + box.w / 2, box.y + box.h / 2, (box.w ** 2 + box.h ** 2) ** 0.5 / 2
    if turn == 90:
        return cx - box.h / 2, cy - box.w / 2, box.h, box.w
    return cx - half, cy - half, 2 * half, 2 * half


def write_tile_pages(doc: Document, tiling: Tiling, key: object, face: Face, bleed: float, title: str,
                     japanese: bool = True) -> int:
    """One page per tile, in reading order; returns the number of pages."""
    c = doc.canvas
    form = doc.form(key, face)
    for tile in tiling.tiles:
        c.setPageSize((pt(tiling.page.width), pt(tiling.page.height)))
        _piece(c, tile, form, bleed)
        _glue(c, tile, doc.fonts.default.pdf_name, glue_word(japanese))
        _targets(c, tile)
        _cut_marks(c, tile, tiling, bleed)
        _label(c, tile, tile_label(tile, tiling, title, japanese), tiling, doc.fonts.default.pdf_name)
        c.showPage()
    return len(tiling.tiles)


def _rect_path(c, rect: Rect, tile: Tile):
    """A path for a piece-coordinate rectangle on this tile's page."""
    x, y = tile.to_page(rect.x, rect.y)
    path = c.beginPath()
    path.rect(pt(x), pt(y), pt(rect.w), pt(rect.h))
    return path


def _piece(c, tile: Tile, form: str, bleed: float) -> None:
    """The tile's part of the piece, clipped to its region."""
    c.saveState()
    c.clipPath(_rect_path(c, tile.region, tile), stroke=0, fill=0)
    x, y = tile.to_page(bleed, bleed)  # the form's origin is the trim's corner
    c.translate(pt(x), pt(y))
    c.doForm(form)
    c.restoreState()


def _glue(c, tile: Tile, font: str, word: str) -> None:
    """Hatch the strips the next tiles are glued over, and name them."""
    for strip in tile.glue:
        c.saveState()
        c.clipPath(_rect_path(c, strip, tile), stroke=0, fill=0)
        c.setStrokeColor(GLUE)
        c.setLineWidth(0.4)
        x, y = tile.to_page(strip.x, strip.y)
        for offset in range(-int(strip.h) - 10, int(strip.w) + 10, 4):
            c.line(pt(x + offset), pt(y), pt(x + offset + strip.h + 20), pt(y + strip.h + 20))
        c.restoreState()
        c.saveState()
        c.setFillColor(rl_colors.white)
        cx, cy = tile.to_page(strip.x + strip.w / 2, strip.y + strip.h / 2)
        c.translate(pt(cx), pt(cy))
        if strip.h > strip.w:
            c.rotate(90)
        c.rect(-pt(11), -pt(2), pt(22), pt(4), stroke=0, fill=1)
        c.setFillColor(rl_colors.black)
        c.setFont(font, 7)
        c.drawCentredString(0, -pt(1), word)
        c.restoreState()


def _targets(c, tile: Tile) -> None:
    """Registration crosshairs at fixed piece positions, printed on both tiles of a seam."""
    c.saveState()
    c.setStrokeColor(REGISTRATION)
    c.setLineWidth(0.3)
    for px, py in tile.targets:
        x, y = tile.to_page(px, py)
        c.circle(pt(x), pt(y), pt(2.0), stroke=1, fill=0)
        c.line(pt(x - 3.5), pt(y), pt(x + 3.5), pt(y))
        c.line(pt(x), pt(y - 3.5), pt(x), pt(y + 3.5))
    c.restoreState()


def _cut_marks(c, tile: Tile, tiling: Tiling, bleed: float) -> None:
    """Cut lines at seams and at the piece's trim on outer edges, as marks outside the region."""
    c.saveState()
    c.setStrokeColor(REGISTRATION)
    c.setLineWidth(HAIRLINE)
    for line in tile_marks(tile, tiling, bleed):
        c.line(pt(line.x1), pt(line.y1), pt(line.x2), pt(line.y2))
    c.restoreState()


def _label(c, tile: Tile, text: str, tiling: Tiling, font: str) -> None:
    """Name the tile above its region: the piece, which sheet of how many and where, and how it is glued."""
    top = tile.to_page(0, tile.region.top)[1]
    c.saveState()
    c.setFillColor(rl_colors.black)
    c.setFont(font, 8)
    c.drawString(pt(tile.to_page(tile.region.x, 0)[0]), pt(min(top + MARK_GAP + MARK_LENGTH / 2 + 1.5,
                                                                tiling.page.height - 6)), text)
    c.restoreState()
