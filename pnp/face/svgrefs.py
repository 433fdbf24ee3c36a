"""What SVG art draws from outside itself: other SVG files (copied in, bounded) and PNG or JPEG pictures."""

from __future__ import annotations

import base64
import binascii
import io
import re
import warnings
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from lxml import etree
from PIL import Image

from pnp.data.confine import confined, label_in
from pnp.errors import PnpError
from pnp.face.images import open_raster
from pnp.face.svgsource import SVG_NS, read_svg
from pnp.limits import MAX_SVG_ELEMENTS, MAX_SVG_FILES

XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
HREFS = (XLINK_HREF, "href")
PICTURE_FORMATS = ("PNG", "JPEG")
DATA_PICTURE = re.compile(r"data:image/(png|jpe?g);base64,", re.IGNORECASE)
URL_REF = re.compile(r"url\(\s*(['\"]?)#")
SVG_SUFFIXES = (".svg", ".svgz")


@dataclass
class Sources:
    """Everything one piece of art draws from: its SVG files, in order read, and its decoded pictures."""

    root: Path
    where: str
    files: list[Path] = field(default_factory=list)
    elements: int = 0
    pixels: int = 0  # of every picture the art holds, decoded or not, against Pillow's limit for one image
    waiting: dict[str, tuple] = field(default_factory=dict)  # pictures counted, not yet decoded
    pictures: dict[str, Image.Image] = field(default_factory=dict)
    copies: dict[Path, str] = field(default_factory=dict)  # an SVG file used by the art: the id of its copy
    sizes: dict[str, tuple[float, float] | None] = field(default_factory=dict)  # each copy's size, by its prefix
    notes: list[str] = field(default_factory=list)  # references left out, for the art's warnings


def load_art(path: Path, root: Path, where: str) -> tuple[etree._Element, Sources]:
    """The art's <svg> tree with every other SVG file it uses copied into its <defs>, and its pictures."""
    sources = Sources(root, where)
    svg = _read(path, sources, where)
    _resolve(svg, svg, path, sources, (path,))
    decode_pictures(sources)
    return svg, sources


def _read(path: Path, sources: Sources, where: str) -> etree._Element:
    """Read one SVG file, counted against the caps on files and elements for the whole art."""
    if len(sources.files) >= MAX_SVG_FILES:
        raise PnpError(f"SVG art draws from more than {MAX_SVG_FILES} SVG files", where=sources.where,
                       fix="copy the parts it uses into one file")
    svg = read_svg(path, where)
    sources.files.append(path)
    sources.elements += sum(1 for _ in svg.iter())
    if sources.elements > MAX_SVG_ELEMENTS:
        raise PnpError(f"SVG art has more than {MAX_SVG_ELEMENTS} elements with the files it uses", where=where,
                       fix="simplify the art")
    return svg


def _resolve(main: etree._Element, tree: etree._Element, path: Path, sources: Sources, chain: tuple) -> None:
    """Point every external reference of `tree` (read from `path`) at a copy in `main`, or at a checked picture."""
    for element in list(tree.iter()):
        if not isinstance(element.tag, str):
            continue
        name = next((n for n in HREFS if element.get(n)), None)
        href = (element.get(name) or "").strip() if name else ""
        if name is None or not href or href.startswith("#") or etree.QName(element).localname == "a":
            continue
        tag = etree.QName(element).localname
        if tag == "image" and DATA_PICTURE.match(href):
            element.set(name, _keep(sources, _data_picture(href, sources), "an embedded picture", sources.where))
        elif tag in ("use", "image") and not href.startswith("data:"):
            _external(main, element, name, href, path, sources, chain)
        else:
            sources.notes.append(f"a reference on <{tag}> to {_shown(href)}, which pnp does not follow")
            del element.attrib[name]


def _external(main, element, name: str, href: str, path: Path, sources: Sources, chain: tuple) -> None:
    """A <use> or <image> of another file: an SVG file is copied in, a picture decoded; both inside the project."""
    iri, _, fragment = href.partition("#")
    if "\0" in iri:
        raise PnpError(f"SVG art names a file with a NUL character: {_shown(iri)}", where=sources.where,
                       fix="correct the reference")
    target = confined(sources.root, path.parent / unquote(iri), f"{sources.where}: {_shown(iri)}")
    label = f"{sources.where}: {label_in(sources.root, target)}"
    if not target.is_file():
        raise PnpError(f"SVG art uses {_shown(iri)}, which is not a file", where=sources.where,
                       fix="put the file beside the SVG or correct the reference")
    if target.suffix.lower() in SVG_SUFFIXES:
        prefix = _copy(main, target, label, sources, chain)
        if etree.QName(element).localname == "image":
            _image_as_use(element, prefix, sources.sizes[prefix])
        else:
            element.set(name, f"#{prefix}{fragment}" if fragment else f"#{prefix}svg")
    elif etree.QName(element).localname == "image":
        element.set(name, _keep(sources, target, "this picture", label))
    else:
        raise PnpError(f"<use> of {_shown(iri)}, which is not an SVG file", where=sources.where,
                       fix="use <image> for pictures")


def _copy(main, target: Path, label: str, sources: Sources, chain: tuple) -> str:
    """Copy another SVG file (once) into the art's <defs>, its ids prefixed; return the prefix."""
    if target in chain:
        loop = " -> ".join(p.name for p in (*chain, target))
        raise PnpError(f"SVG files use each other in a loop ({loop})", where=sources.where, fix="break the loop")
    prefix = sources.copies.get(target)
    if prefix is not None:
        return prefix
    other = _read(target, sources, label)
    prefix = sources.copies[target] = f"pnp-file{len(sources.copies) + 1}-"
    _resolve(main, other, target, sources, (*chain, target))
    _prefix_ids(other, prefix)
    sources.sizes[prefix] = _as_group(other, prefix)
    _defs(main).append(other)
    return prefix


def _prefix_ids(tree: etree._Element, prefix: str) -> None:
    """Give every id in a copied file the prefix, and every reference inside it too."""
    for element in tree.iter():
        if not isinstance(element.tag, str):
            continue
        for key, value in element.attrib.items():
            if key == "id":
                element.set(key, prefix + value)
            elif key in HREFS and value.startswith("#"):
                element.set(key, "#" + prefix + value[1:])
            elif "url(" in value:
                element.set(key, URL_REF.sub(lambda m: f"url({m.group(1)}#{prefix}", value))


def _defs(main: etree._Element) -> etree._Element:
    """The art's own top-level <defs>, made when it has none."""
    for child in main:
        if isinstance(child.tag, str) and etree.QName(child).localname == "defs":
            return child
    defs = etree.Element(f"{{{SVG_NS}}}defs")
    main.insert(0, defs)
    return defs


def _as_group(copied: etree._Element, prefix: str) -> tuple[float, float] | None:
    """Turn a copied file's <svg> into a <g> that maps its viewBox onto its width and height in user units (svglib
    would scale a nested <svg> by its px-to-pt factor once more); return that size when the file gives one."""
    box = _numbers(copied.get("viewBox", ""), 4)
    size = (_numbers(copied.get("width", "").removesuffix("px"), 1), _numbers(copied.get("height", "").removesuffix(
        "px"), 1))
    width = size[0][0] if size[0] else box[2] if box else None
    height = size[1][0] if size[1] else box[3] if box else None
    for key in ("x", "y", "width", "height", "viewBox", "preserveAspectRatio"):
        copied.attrib.pop(key, None)
    copied.tag = f"{{{SVG_NS}}}g"
    copied.set("id", f"{prefix}svg")
    if box and box[2] > 0 and box[3] > 0 and width and height:
        copied.set("transform", f"scale({width / box[2]:g} {height / box[3]:g}) translate({-box[0]:g} {-box[1]:g})")
    return (width, height) if width and height else None


def _image_as_use(element: etree._Element, prefix: str, size: tuple[float, float] | None) -> None:
    """An <image> of an SVG file becomes a <g> drawing that file's copy, fitted (centred) into the image's box."""
    x, y, width, height = (_numbers(element.get(key, "0"), 1) for key in ("x", "y", "width", "height"))
    left, top = (x[0] if x else 0.0), (y[0] if y else 0.0)
    transform = f"translate({left:g} {top:g})"
    if size and width and height:
        scale = min(width[0] / size[0], height[0] / size[1])
        dx, dy = (width[0] - size[0] * scale) / 2, (height[0] - size[1] * scale) / 2
        transform = f"translate({left + dx:g} {top + dy:g}) scale({scale:g})"
    outer = element.get("transform")
    element.clear()
    element.tag = f"{{{SVG_NS}}}g"
    element.set("transform", f"{outer} {transform}" if outer else transform)
    use = etree.SubElement(element, f"{{{SVG_NS}}}use")
    use.set(XLINK_HREF, f"#{prefix}svg")


def _numbers(text: str, count: int) -> tuple[float, ...] | None:
    """Exactly `count` plain numbers separated by spaces or commas, or None."""
    try:
        values = tuple(float(v) for v in text.replace(",", " ").split())
    except ValueError:
        return None
    return values if len(values) == count else None


def _keep(sources: Sources, source: io.BytesIO | Path, what: str, where: str) -> str:
    """Count a picture's pixels from its header, against the cap for all the art's pictures together, and file it
    for decoding under a key the drawing asks for in place of its reference."""
    limit = Image.MAX_IMAGE_PIXELS or 0
    with _opened(source, what, where) as picture:
        sources.pixels += picture.width * picture.height
    if limit and sources.pixels > limit:
        raise PnpError(f"the pictures in the SVG come to more than {limit} pixels", where=where,
                       fix="use smaller pictures")
    key = f"pnp-picture:{len(sources.waiting)}"
    sources.waiting[key] = (source, what, where)
    return key


def decode_pictures(sources: Sources) -> None:
    """Decode every picture the art holds, once all their sizes are known to be within the cap."""
    for key, (source, what, where) in sources.waiting.items():
        if isinstance(source, io.BytesIO):
            source.seek(0)
        with _opened(source, what, where) as picture:
            try:
                picture.load()
            except (OSError, SyntaxError, ValueError):
                raise _undrawable(what, where, "damaged") from None
            sources.pictures[key] = picture.convert("RGBA") if picture.mode in ("P", "PA", "LA") else picture.copy()


def _data_picture(href: str, sources: Sources) -> io.BytesIO:
    """The bytes of a base64 picture written inside the SVG."""
    try:
        return io.BytesIO(base64.b64decode(href.split(",", 1)[1], validate=False))
    except (binascii.Error, ValueError):
        raise PnpError("SVG holds a damaged base64 picture", where=sources.where,
                       fix="embed the picture again") from None


@contextmanager
def _opened(source: io.BytesIO | Path, what: str, where: str):
    """A picture opened as PNG or JPEG only (chosen by content, never a format that runs another program)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            picture = open_raster(source, PICTURE_FORMATS)
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise _undrawable(what, where, "too many pixels") from None
    except (OSError, SyntaxError, ValueError):
        raise _undrawable(what, where, "not a PNG or JPEG") from None
    with picture:
        yield picture


def _undrawable(what: str, where: str, problem: str) -> PnpError:
    return PnpError(f"{what} in the SVG cannot be drawn: {problem}", where=where,
                    fix=f"use PNG or JPEG pictures of at most {Image.MAX_IMAGE_PIXELS} pixels in all")


def _shown(text: str) -> str:
    """A reference quoted and cut to fit a one-line message."""
    return repr(text if len(text) <= 60 else text[:57] + "...")
