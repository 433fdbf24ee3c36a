"""SVG art: read an SVG file and what it uses into a reportlab drawing, checked and bounded, once per file version."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree
from reportlab.graphics.shapes import Drawing
from svglib.svglib import SvgRenderer

from pnp.data.confine import label_in
from pnp.errors import PnpError
from pnp.face.svgfeatures import undrawn_features
from pnp.face.svgfonts import FontChooser, SvgFonts, check_text
from pnp.face.svgkept import SVG_SUFFIXES, is_svg, undrawn_message, undrawn_warnings  # noqa: F401
from pnp.face.svgrefs import HREFS, Sources, load_art
from pnp.face.svgsource import RESAVE
from pnp.limits import MAX_SVG_ELEMENTS

MAX_USE_DEPTH = 64
MIN_SIDE_PT, MAX_SIDE_PT = 1e-3, 1e6  # the drawn size of SVG art, in points
logging.getLogger("svglib.svglib").setLevel(logging.CRITICAL)  # what it leaves out is reported by undrawn_features


@dataclass(frozen=True, eq=False)
class SvgArt:
    """SVG art ready to draw: the drawing, and the features of the file that pnp leaves out."""

    drawing: Drawing
    file: str  # the SVG file, relative to the project
    undrawn: tuple[str, ...]
    files: tuple[Path, ...] = ()  # the SVG files it was read from, the art's own first
    painted: dict = field(default_factory=dict, repr=False)  # its page operators once drawn (see svgdraw)

    @property
    def width(self) -> float:
        """The drawing's width, in its units."""
        return float(self.drawing.width)

    @property
    def height(self) -> float:
        """The drawing's height, in its units."""
        return float(self.drawing.height)

    @property
    def aspect(self) -> float:
        """Width over height."""
        return self.width / self.height


_CACHE: dict[tuple, tuple[tuple, SvgArt]] = {}  # one drawing per file version: equal faces compare equal


def load_svg(path: Path, root: Path, label: str, fonts: SvgFonts) -> SvgArt:
    """The SVG file as art to draw; a one-line PnpError naming the file when it cannot be."""
    key = (str(path), str(root), fonts)
    known = _CACHE.get(key)
    if known is not None and _stamps(known[0]) == known[0]:
        return known[1]
    try:
        svg, sources = load_art(path, root, label)
        art = _convert(svg, sources, label_in(root, path), fonts)
    except PnpError as exc:
        raise PnpError(exc.problem, where=exc.where or label, fix=exc.fix) from None
    if len(_CACHE) > 1024:
        _CACHE.clear()
    _CACHE[key] = (_stamps(tuple((str(p), 0, 0) for p in sources.files)), art)
    return art


def _stamps(files: tuple) -> tuple:
    """(path, size, mtime) of each file art was read from; a changed file means the art is read again."""
    stamps = []
    for name, *_ in files:
        try:
            info = Path(name).stat()
            stamps.append((name, info.st_size, info.st_mtime_ns))
        except OSError:
            stamps.append((name, -1, -1))
    return tuple(stamps)


def _convert(svg: etree._Element, sources: Sources, file: str, fonts: SvgFonts) -> SvgArt:
    """Check the tree's size, draw it with svglib, and check the drawing's size and text."""
    where = sources.where
    if _expanded_size(svg) > MAX_SVG_ELEMENTS:
        raise PnpError(f"SVG draws more than {MAX_SVG_ELEMENTS} elements once its <use> references are expanded",
                       where=where, fix="simplify the art")
    undrawn = tuple(sources.notes + undrawn_features(svg, fonts))
    try:
        drawing = _ArtReader(sources, fonts).render(svg)
    except Exception as exc:  # svglib raises many kinds on odd input; the user needs one line, not a traceback
        raise PnpError(f"cannot draw this SVG: {_first_line(exc)}", where=where, fix=RESAVE) from None
    width, height = float(drawing.width or 0), float(drawing.height or 0)
    if not (width > 0 and height > 0):
        raise PnpError("SVG has no size", where=where, fix="give the <svg> element width and height, or a viewBox")
    if not (MIN_SIDE_PT <= width <= MAX_SIDE_PT and MIN_SIDE_PT <= height <= MAX_SIDE_PT):
        raise PnpError(f"SVG size {width:g} x {height:g} pt is out of range", where=where,
                       fix="give the <svg> element a width and height between 0.001 and 1,000,000")
    check_text(drawing, where)
    return SvgArt(drawing, file, undrawn, tuple(sources.files))


class _ArtReader(SvgRenderer):
    """svglib's reader, given the build's fonts and the pictures read beforehand; it opens no file of its own."""

    def __init__(self, sources: Sources, fonts: SvgFonts):
        super().__init__(sources.where, font_map=FontChooser(fonts))
        self._pictures = sources.pictures

    def xlink_href_target(self, node, group=None):
        """A reference inside the drawing, or a picture read beforehand; nothing else (load_art rewrote them)."""
        href = next((node.attrib.get(name) for name in HREFS if node.attrib.get(name)), "") or ""
        if href in self._pictures:
            return self._pictures[href]
        if href.startswith("#"):
            return super().xlink_href_target(node, group)
        return None


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
            href = next((element.get(name) for name in HREFS if element.get(name)), "") or ""
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
