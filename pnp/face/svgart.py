"""SVG art: read an SVG file into a reportlab drawing, checked and bounded, and draw it fitted to a box.

lxml, svglib and reportlab's graphics load on the first SVG, so projects without SVG art never pay for them.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.errors import PnpError
from pnp.limits import MAX_SVG_BYTES, MAX_SVG_ELEMENTS

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing

MAX_USE_DEPTH = 64
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
SVG_SUFFIXES = (".svg",)


def is_svg(path: Path) -> bool:
    """Tell whether a file is SVG art (by its name)."""
    return path.suffix.lower() in SVG_SUFFIXES


def load_svg(path: Path, root: Path, label: str) -> Drawing:
    """The SVG file as a drawing; a one-line PnpError naming the file when it is too large or not valid SVG."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise PnpError(f"cannot read SVG: {exc.strerror}", where=label, fix="check the file") from None
    if size > MAX_SVG_BYTES:
        raise PnpError(f"SVG file is {size / 1048576:.1f} MB, more than the {MAX_SVG_BYTES // 1048576} MB allowed",
                       where=label, fix="simplify the art or save it as an optimised SVG")
    try:
        return _drawing(str(path), size, path.stat().st_mtime_ns, str(root))
    except PnpError as exc:
        raise PnpError(exc.problem, where=label, fix=exc.fix) from None


@lru_cache(maxsize=1024)  # one drawing per file: equal faces then compare equal (export shares their images)
def _drawing(path: str, size: int, mtime: int, root: str) -> Drawing:
    """Parse and convert once per file version (errors are named by the caller)."""
    from lxml import etree
    from svglib.svglib import SvgRenderer
    label = path
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, remove_comments=True)
    try:
        svg = etree.parse(path, parser=parser).getroot()
    except (etree.XMLSyntaxError, OSError) as exc:
        raise PnpError(f"not a valid SVG file: {_first_line(exc)}", where=label,
                       fix="save the art again as plain SVG from your drawing program") from None
    if etree.QName(svg).localname != "svg":
        raise PnpError(f"not an SVG file: the root element is <{etree.QName(svg).localname}>", where=label,
                       fix="save the art as SVG")
    if _expanded_size(svg) > MAX_SVG_ELEMENTS:
        raise PnpError(f"SVG draws more than {MAX_SVG_ELEMENTS} elements once its <use> references are expanded",
                       where=label, fix="simplify the art")
    try:
        drawing = SvgRenderer(path, external_reference_root=root).render(svg)
    except Exception as exc:  # svglib raises many kinds on odd input; the user needs one line, not a traceback
        raise PnpError(f"cannot draw this SVG: {_first_line(exc)}", where=label,
                       fix="save the art again as plain SVG from your drawing program") from None
    if not drawing.width or not drawing.height or drawing.width <= 0 or drawing.height <= 0:
        raise PnpError("SVG has no size", where=label, fix="give the <svg> element width and height, or a viewBox")
    return drawing


def _expanded_size(svg) -> int:
    """How many elements the art draws with every in-file <use> expanded; above the limit when it never ends."""
    from lxml import etree
    targets = {element.get("id"): element for element in svg.iter() if element.get("id")}
    sizes: dict = {}  # keyed by the element itself: holding it keeps lxml's proxy (and its hash) the same

    def size(element, depth: int) -> int:
        if depth > MAX_USE_DEPTH:
            return MAX_SVG_ELEMENTS + 1  # a reference loop or a chain too deep to draw
        known = sizes.get(element)
        if known is None:
            known = 1 + sum(size(child, depth + 1) for child in element)
            href = element.get(XLINK_HREF) or element.get("href") or ""
            if isinstance(element.tag, str) and etree.QName(element).localname == "use" and href.startswith("#"):
                target = targets.get(href[1:])
                known += size(target, depth + 1) if target is not None else 0
            sizes[element] = known = min(known, MAX_SVG_ELEMENTS + 1)
        return known

    return size(svg, 0)


def _first_line(exc: Exception) -> str:
    """An exception's message, first line only."""
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def svg_aspect(drawing: Drawing) -> float:
    """Width over height of the art."""
    return float(drawing.width) / float(drawing.height)


def draw_svg(canvas, drawing: Drawing, x: float, y: float, w: float, h: float, fit: str) -> None:
    """Draw the art into the box (points): contain, cover (clipped) or stretch, centred."""
    from reportlab.graphics import renderPDF
    dw, dh = float(drawing.width), float(drawing.height)
    if fit == "stretch":
        sx, sy = w / dw, h / dh
    else:
        sx = sy = (max if fit == "cover" else min)(w / dw, h / dh)
    canvas.saveState()
    if fit == "cover":
        path = canvas.beginPath()
        path.rect(x, y, w, h)
        canvas.clipPath(path, stroke=0, fill=0)
    canvas.translate(x + (w - dw * sx) / 2, y + (h - dh * sy) / 2)
    canvas.scale(sx, sy)
    renderPDF.draw(drawing, canvas, 0, 0, showBoundary=False)
    canvas.restoreState()
