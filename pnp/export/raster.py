"""Rasterising PDF pages with pdfium: a page box mapped onto a pixel rectangle, the bleed's edges extended."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image

EPSILON = 0.01  # px: a pixel this close to the page edge counts as covered
_documents: dict[str, pdfium.PdfDocument] = {}


@dataclass(frozen=True)
class PageRef:
    """One page of a PDF file (index from 0)."""

    pdf: str
    index: int


@dataclass(frozen=True)
class Placement:
    """An image of `size` pixels where the page's `box` ("trim" or "page") fills `rect` (left, top, right, bottom)."""

    box: str
    size: tuple[int, int]
    rect: tuple[float, float, float, float]


def page_placement(width_pt: float, height_pt: float, dpi: int) -> Placement:
    """The whole page, bleed included, at a resolution."""
    size = (round(width_pt * dpi / 72), round(height_pt * dpi / 72))
    return Placement("page", size, (0.0, 0.0, float(size[0]), float(size[1])))


def trim_placement(size: tuple[int, int]) -> Placement:
    """The trim alone, filling an image of the given size."""
    return Placement("trim", size, (0.0, 0.0, float(size[0]), float(size[1])))


def render(ref: PageRef, placement: Placement) -> Image.Image:
    """Render a page as an RGB image; where the image reaches past the page, the page's edge pixels are repeated."""
    page = _document(ref.pdf)[ref.index]
    try:
        scale_x, scale_y, shift_x, shift_y = _transform(page, placement)
        image = _draw(page, placement.size, (scale_x, 0, 0, scale_y, shift_x, shift_y))
        left, bottom, right, top = page.get_cropbox()
    finally:
        page.close()
    covered = (shift_x, shift_y, shift_x + (right - left) * scale_x, shift_y + (top - bottom) * scale_y)
    return extend_edges(image, _inner(covered, placement.size))


def _draw(page: pdfium.PdfPage, size: tuple[int, int], matrix: tuple[float, ...]) -> Image.Image:
    """Draw a page through a matrix onto a white RGB bitmap of the given size."""
    width, height = size
    bitmap = pdfium.PdfBitmap.new_native(width, height, pdfium_c.FPDFBitmap_BGR, rev_byteorder=True)
    bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
    flags = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER
    pdfium_c.FPDF_RenderPageBitmapWithMatrix(bitmap, page, pdfium_c.FS_MATRIX(*matrix),
                                             pdfium_c.FS_RECTF(0, 0, width, height), flags)
    image = bitmap.to_pil()
    return image if image.mode == "RGB" else image.convert("RGB")


def _transform(page: pdfium.PdfPage, placement: Placement) -> tuple[float, float, float, float]:
    """Scale and shift from pdfium's page space (points, origin top-left, y down) to the image's pixels."""
    crop_left, _, _, crop_top = page.get_cropbox()
    left, bottom, right, top = page.get_trimbox() if placement.box == "trim" else page.get_cropbox()
    x0, y0, x1, y1 = placement.rect
    scale_x, scale_y = (x1 - x0) / (right - left), (y1 - y0) / (top - bottom)
    return scale_x, scale_y, x0 - (left - crop_left) * scale_x, y0 - (crop_top - top) * scale_y


def _inner(covered: tuple[float, float, float, float], size: tuple[int, int]) -> tuple[int, int, int, int]:
    """The whole pixels the page covers, within the image."""
    left, top, right, bottom = covered
    return (max(0, math.ceil(left - EPSILON)), max(0, math.ceil(top - EPSILON)),
            min(size[0], math.floor(right + EPSILON)), min(size[1], math.floor(bottom + EPSILON)))


def extend_edges(image: Image.Image, inner: tuple[int, int, int, int]) -> Image.Image:
    """Fill everything outside `inner` by repeating the nearest edge pixels of `inner` outwards."""
    x0, y0, x1, y1 = inner
    width, height = image.size
    if (x0, y0, x1, y1) == (0, 0, width, height):
        return image
    if x0 > 0:
        image.paste(image.crop((x0, y0, x0 + 1, y1)).resize((x0, y1 - y0), Image.Resampling.NEAREST), (0, y0))
    if x1 < width:
        image.paste(image.crop((x1 - 1, y0, x1, y1)).resize((width - x1, y1 - y0), Image.Resampling.NEAREST), (x1, y0))
    if y0 > 0:
        image.paste(image.crop((0, y0, width, y0 + 1)).resize((width, y0), Image.Resampling.NEAREST), (0, 0))
    if y1 < height:
        image.paste(image.crop((0, y1 - 1, width, y1)).resize((width, height - y1), Image.Resampling.NEAREST), (0, y1))
    return image


def save_png(image: Image.Image, path: str | Path, dpi: int) -> None:
    """Write an RGB PNG that records its resolution."""
    image.save(path, "PNG", dpi=(dpi, dpi), compress_level=6)


def _document(path: str) -> pdfium.PdfDocument:
    """Open a PDF once per process."""
    document = _documents.get(path)
    if document is None:
        document = _documents[path] = pdfium.PdfDocument(path)
    return document


def close_documents() -> None:
    """Close every PDF this process opened."""
    for document in _documents.values():
        document.close()
    _documents.clear()


@dataclass(frozen=True)
class PngJob:
    """Render one page and save it as a PNG."""

    page: PageRef
    placement: Placement
    out: str
    dpi: int

    def cost(self) -> int:
        return self.placement.size[0] * self.placement.size[1]

    def run(self) -> None:
        save_png(render(self.page, self.placement), self.out, self.dpi)
