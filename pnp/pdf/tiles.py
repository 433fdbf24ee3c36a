"""Writing tiled pieces: each tile's part of the piece, glue strips, alignment targets, cut marks and labels."""

from __future__ import annotations

from reportlab.lib import colors as rl_colors

from pnp.face.parts import Face
from pnp.pdf.document import HAIRLINE, REGISTRATION, Document
from pnp.sheet.grid import Rect
from pnp.sheet.marks import MARK_GAP, MARK_LENGTH
from pnp.sheet.tiles import Tile, Tiling, tile_marks
from pnp.units import pt

GLUE = rl_colors.Color(0.55, 0.55, 0.55)


def write_tile_pages(doc: Document, tiling: Tiling, key: object, face: Face, bleed: float, title: str) -> int:
    """One page per tile, in reading order; returns the number of pages."""
    c = doc.canvas
    form = doc.form(key, face)
    for tile in tiling.tiles:
        c.setPageSize((pt(tiling.page.width), pt(tiling.page.height)))
        _piece(c, tile, form, bleed)
        _glue(c, tile, doc.fonts.default.pdf_name)
        _targets(c, tile)
        _cut_marks(c, tile, tiling, bleed)
        _label(c, tile, tiling, title, doc.fonts.default.pdf_name)
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


def _glue(c, tile: Tile, font: str) -> None:
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
        c.drawCentredString(0, -pt(1), "のりしろ glue")
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


def _label(c, tile: Tile, tiling: Tiling, title: str, font: str) -> None:
    """Name the tile: which row and column of how many, above the region, and how it is glued."""
    top = tile.to_page(0, tile.region.top)[1]
    c.saveState()
    c.setFillColor(rl_colors.black)
    c.setFont(font, 8)
    text = (f"{title}  {tile.row}行 / {tile.col}列  (row {tile.row} of {tiling.rows}, "
            f"column {tile.col} of {tiling.cols})  {glue_note(tile, tiling)}").rstrip()
    c.drawString(pt(tile.to_page(tile.region.x, 0)[0]), pt(min(top + MARK_GAP + MARK_LENGTH / 2 + 1.5,
                                                                tiling.page.height - 6)), text)
    c.restoreState()


def glue_note(tile: Tile, tiling: Tiling) -> str:
    """How this tile is glued: the sheets laid over its glue strips, or, for the last one, whose strips it covers."""
    right, below = tile.col < tiling.cols, tile.row < tiling.rows
    if right or below:
        sides = "右と下" if right and below else "右" if right else "下"
        return f"のりしろに{sides}のシートを重ねる"
    left, above = tile.col > 1, tile.row > 1
    if not (left or above):
        return ""
    sides = "左と上" if left and above else "左" if left else "上"
    return f"最後のシート: {sides}のシートののりしろに重ねる"
