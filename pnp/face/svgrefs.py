"""What SVG art draws from outside itself: other SVG files (copied in, bounded) and PNG or JPEG pictures."""

from __future__ import annotations

import base64
import binascii
import io
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from lxml import etree
from PIL import Image

from pnp.data.confine import confined, label_in
from pnp.errors import PnpError
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
    pictures: dict[str, Image.Image] = field(default_factory=dict)
    copies: dict[Path, str] = field(default_factory=dict)  # an SVG file used by the art: the id of its copy
    notes: list[str] = field(default_factory=list)  # references left out, for the art's warnings


def load_art(path: Path, root: Path, where: str) -> tuple[etree._Element, Sources]:
    """The art's <svg> tree with every other SVG file it uses copied into its <defs>, and its pictures."""
    sources = Sources(root, where)
    svg = _read(path, sources, where)
    _resolve(svg, svg, path, sources, (path,))
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
        if not href or href.startswith("#") or etree.QName(element).localname == "a":
            continue
        tag = etree.QName(element).localname
        if tag == "image" and DATA_PICTURE.match(href):
            element.set(name, _keep(sources, _data_picture(href, sources.where)))
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
            _image_as_use(element, name, prefix)
        else:
            element.set(name, f"#{prefix}{fragment}" if fragment else f"#{prefix}svg")
    elif etree.QName(element).localname == "image":
        element.set(name, _keep(sources, _file_picture(target, label)))
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
    other.set("id", f"{prefix}svg")
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


def _image_as_use(element: etree._Element, name: str, prefix: str) -> None:
    """An <image> of an SVG file becomes a nested <svg> drawing that file's copy into the image's box."""
    tag = f"{{{SVG_NS}}}svg"
    keep = {k: v for k, v in element.attrib.items() if k in ("x", "y", "width", "height", "transform", "style",
                                                               "opacity", "clip-path", "preserveAspectRatio")}
    element.clear()
    element.tag = tag
    for key, value in keep.items():
        element.set(key, value)
    use = etree.SubElement(element, f"{{{SVG_NS}}}use")
    use.set(XLINK_HREF, f"#{prefix}svg")


def _keep(sources: Sources, picture: Image.Image) -> str:
    """File a decoded picture under a key the drawing asks for in place of its reference."""
    key = f"pnp-picture:{len(sources.pictures)}"
    sources.pictures[key] = picture
    return key


def _data_picture(href: str, where: str) -> Image.Image:
    """A base64 PNG or JPEG written inside the SVG."""
    try:
        data = base64.b64decode(href.split(",", 1)[1], validate=False)
    except (binascii.Error, ValueError):
        raise PnpError("SVG holds a damaged base64 picture", where=where, fix="embed the picture again") from None
    return _decoded(io.BytesIO(data), "an embedded picture", where)


def _file_picture(path: Path, where: str) -> Image.Image:
    """A PNG or JPEG file an SVG <image> names."""
    return _decoded(path, "this picture", where)


def _decoded(stream: io.BytesIO | Path, what: str, where: str) -> Image.Image:
    """Decode PNG or JPEG only (chosen by content, never a format that runs another program), within the pixel cap."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(stream, formats=PICTURE_FORMATS) as picture:
                picture.load()
                return picture.convert("RGBA") if picture.mode in ("P", "PA", "LA") else picture.copy()
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombWarning, Image.DecompressionBombError) as exc:
        problem = "too many pixels" if "pixels" in str(exc) or "bomb" in str(exc).lower() else "not a PNG or JPEG"
        raise PnpError(f"{what} in the SVG cannot be drawn: {problem}", where=where,
                       fix="use PNG or JPEG pictures of at most 89 million pixels") from None


def _shown(text: str) -> str:
    """A reference quoted and cut to fit a one-line message."""
    return repr(text if len(text) <= 60 else text[:57] + "...")
