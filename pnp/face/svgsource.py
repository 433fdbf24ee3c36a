"""Reading an SVG file within bounds: its size, gzip inflation, and XML without entities or external references."""

from __future__ import annotations

import math
import re
import stat
import zlib
from pathlib import Path

from lxml import etree

from pnp.errors import PnpError
from pnp.limits import MAX_SVG_BYTES, MAX_SVG_NUMBER

SVG_NS = "http://www.w3.org/2000/svg"
RESAVE = "save the art again as plain SVG from your drawing program"
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
NOT_A_NUMBER = re.compile(r"(?<![\w#])(?:nan|inf|infinity)(?![\w-])", re.IGNORECASE)
GEOMETRY = {"x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "fx", "fy", "fr", "x1", "y1", "x2", "y2",
            "dx", "dy", "points", "d", "viewBox", "transform", "gradientTransform", "patternTransform",
            "stroke-width", "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit", "font-size", "offset",
            "opacity", "fill-opacity", "stroke-opacity", "stop-opacity", "baseline-shift", "letter-spacing",
            "word-spacing", "refX", "refY", "markerWidth", "markerHeight", "startOffset", "textLength"}


def read_svg(path: Path, where: str) -> etree._Element:
    """The <svg> root of a file (plain or gzip-compressed), read within the size caps; one-line PnpError otherwise."""
    root = parse_svg(svg_bytes(path, where), where)
    check_numbers(root, where)
    return root


def svg_bytes(path: Path, where: str) -> bytes:
    """The file's SVG text: a regular file of at most MAX_SVG_BYTES, inflated (with the same cap) when gzipped."""
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise PnpError("SVG art is not a regular file", where=where, fix="name an .svg file")
        if info.st_size > MAX_SVG_BYTES:
            raise PnpError(f"SVG file is {info.st_size / 2**20:.1f} MB, more than the {MAX_SVG_BYTES // 2**20} MB "
                           "allowed", where=where, fix="simplify the art or save it as an optimised SVG")
        with path.open("rb") as handle:
            data = handle.read(MAX_SVG_BYTES + 1)
    except OSError as exc:
        raise PnpError(f"cannot read SVG: {exc.strerror}", where=where, fix="check the file") from None
    return inflated(data, where) if data[:2] == b"\x1f\x8b" else data


def inflated(data: bytes, where: str) -> bytes:
    """A gzip stream's content, inflated no further than MAX_SVG_BYTES."""
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        content = inflater.decompress(data, MAX_SVG_BYTES + 1)
    except zlib.error as exc:
        raise PnpError(f"damaged gzip-compressed SVG ({exc})", where=where, fix=RESAVE) from None
    if len(content) > MAX_SVG_BYTES:
        raise PnpError(f"compressed SVG inflates to more than the {MAX_SVG_BYTES // 2**20} MB allowed", where=where,
                       fix="simplify the art or save it as an optimised SVG")
    if not inflater.eof:
        raise PnpError("damaged gzip-compressed SVG (it ends early)", where=where, fix=RESAVE)
    return content


def parse_svg(data: bytes, where: str) -> etree._Element:
    """The XML's root element: no entity is expanded, no DTD or other file loaded, no network used."""
    if b"<!ENTITY" in data:  # refused before the parser reads the declarations at all
        raise PnpError("SVG declares XML entities (<!ENTITY ...>), which pnp does not expand", where=where,
                       fix="save the art again as plain SVG, without a DOCTYPE")
    parser = etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True, huge_tree=False,
                             remove_comments=True, remove_pis=True)
    try:
        root = etree.fromstring(data, parser=parser)
    except etree.XMLSyntaxError as exc:
        raise PnpError(f"not a valid SVG file: {_first_line(exc)}", where=where, fix=RESAVE) from None
    if not isinstance(root.tag, str) or etree.QName(root).localname != "svg":
        name = etree.QName(root).localname if isinstance(root.tag, str) else "?"
        raise PnpError(f"not an SVG file: the root element is <{name}>", where=where, fix="save the art as SVG")
    return root


def check_numbers(root: etree._Element, where: str) -> None:
    """Refuse a size, coordinate or transform that is not a finite number within ±MAX_SVG_NUMBER."""
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        for name, value in _geometry(element):
            bad = NOT_A_NUMBER.search(value)
            if bad is None:
                bad = next((m for m in NUMBER.finditer(value) if not _in_range(float(m.group()))), None)
            if bad is not None:
                tag = etree.QName(element).localname
                raise PnpError(f"SVG number out of range: {name}=\"{_short(value)}\" on <{tag}>", where=where,
                               fix=f"keep sizes and coordinates within ±{MAX_SVG_NUMBER:,.0f}")


def _geometry(element: etree._Element):
    """(name, value) of the element's geometric attributes and style properties."""
    for name, value in element.attrib.items():
        if name in GEOMETRY:
            yield name, value
        elif name == "style":
            for item in value.split(";"):
                key, _, text = item.partition(":")
                if key.strip() in GEOMETRY:
                    yield key.strip(), text


def _in_range(number: float) -> bool:
    return math.isfinite(number) and abs(number) <= MAX_SVG_NUMBER


def _short(text: str) -> str:
    """An attribute value cut to fit a one-line message."""
    return text if len(text) <= 40 else text[:37] + "..."


def _first_line(exc: Exception) -> str:
    """An exception's message, first line only."""
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
