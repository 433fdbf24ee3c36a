"""SVG art without svglib: which files are SVG, the warnings of what pnp leaves out, and art kept between builds.

Art is kept in the output folder's `.pnp-cache/svg/` (at most MAX_ENTRIES files): its size, its notes and its page
operators.

Art drawn from one SVG file, whose operators any RGB page may copy (see svgdraw), is kept after a build succeeds,
keyed by the file's bytes and the versions of pnp, reportlab, svglib and lxml. The next build finds it without
reading the SVG as XML or loading svglib; CMYK files and anything else that needs the drawing itself convert the
file then. An entry is a line of JSON and then a JSON list of operators, never code: it is used only when its
key, versions and checksum match and every value has the shape art gives it (no operator names a resource).
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import reportlab

import pnp
from pnp.data.files import read_regular
from pnp.errors import PnpError
from pnp.limits import MAX_SVG_BYTES
from pnp.output.cachefiles import (
    CACHE_FOLDER,
    checked_entry,
    finite_json,
    installed_hashes,
    made_entry,
    read_entry,
    save_entries,
)
from pnp.text.fonts import FontBook

SVG_SUFFIXES = (".svg", ".svgz")
FORMAT = 1
SUFFIX = ".svgart"
RGB = "rgb"  # the key of operators any plain RGB page may copy (as svgdraw keeps them)
MIN_SIDE_PT, MAX_SIDE_PT = 1e-3, 1e6
MAX_ENTRIES = 1024  # art files remembered; the oldest go first

CONVERTERS = (("svglib", "svglib.py"), ("lxml", "__init__.py"))  # their files' hashes key the entries


@dataclass(frozen=True, eq=False)
class KeptArt:
    """SVG art as a build kept it: drawn by copying its operators; its drawing converted only when asked for."""

    file: str  # the SVG file, relative to the project
    undrawn: tuple[str, ...]
    width: float
    height: float
    painted: dict
    path: Path
    root: Path
    label: str
    fonts: FontBook = field(repr=False)

    @property
    def aspect(self) -> float:
        """Width over height."""
        return self.width / self.height

    @property
    def drawing(self) -> Any:
        """svglib's drawing of the file (a CMYK file draws it for its own blacks)."""
        from pnp.face.svgart import load_svg
        from pnp.face.svgfonts import svg_fonts
        return load_svg(self.path, self.root, self.label, svg_fonts(self.fonts)).drawing


class ArtFinder:
    """The SVG art of one renderer: kept art from the store when a build gives one, else converted by svglib."""

    def __init__(self, fonts: FontBook, root: Path):
        self.fonts, self.root = fonts, root
        self.store: SvgStore | None = None  # art kept between builds, when the build keeps it
        self._found: dict[Path, Any] = {}  # the art of each SVG file found in the store, or converted for it
        self._svg_fonts: tuple[tuple, Any] | None = None

    def find(self, path: Path, label: str) -> Any:
        """The art of an SVG file: kept, or read and drawn once through svglib (loaded only then)."""
        if self.store is None:
            return self._converted(path, label)
        if path not in self._found:
            art = self.store.read(path, self.root, label, self.fonts)
            if art is None:
                art = self._converted(path, label)
                self.store.remember(art, list(art.files), label)
            self._found[path] = art
        return self._found[path]

    def _converted(self, path: Path, label: str) -> Any:
        """SVG art read and drawn through svglib, its text with the build's fonts."""
        from pnp.face.svgart import load_svg
        from pnp.face.svgdraw import rehearse
        from pnp.face.svgfonts import svg_fonts
        signature = tuple((font.key, font.pdf_name) for font in self.fonts.fonts())
        if self._svg_fonts is None or self._svg_fonts[0] != signature:
            self._svg_fonts = (signature, svg_fonts(self.fonts))
        art = load_svg(path, self.root, label, self._svg_fonts[1])
        rehearse(art)  # drawn now, so that the print-shop worker starts with its operators
        return art


@dataclass(eq=False)
class SvgStore:
    """The kept art of one output folder: read before converting a file, written after the build succeeds."""

    folder: Path
    pending: dict[str, bytes] = field(default_factory=dict)

    def read(self, path: Path, root: Path, label: str, fonts: FontBook) -> KeptArt | None:
        """The art of an SVG file when a sound entry is kept for its bytes, else None."""
        key = _key(path, label)
        raw = read_entry(self.folder, key + SUFFIX) if key is not None else None
        if key is None or raw is None:
            return None
        try:
            entry = checked_entry(raw, _versions(key))
            if entry is None:
                return None
            found, body = entry
            operators = finite_json(body)
            if not _sound(found, operators):
                return None
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):
            return None
        painted = {RGB: (tuple(operators), tuple(found["pdf_version"]))}
        return KeptArt(found["file"], tuple(found["undrawn"]), found["width"], found["height"], painted, path, root,
                       label, fonts)

    def remember(self, art: Any, files: list[Path], label: str) -> None:
        """Keep art just converted from one file when any RGB page may copy its operators, to be written by save()."""
        kept = art.painted.get(RGB)
        key = _key(files[0], label) if len(files) == 1 and kept is not None else None
        if key is None:
            return
        operators, version = kept
        body = json.dumps(list(operators), separators=(",", ":")).encode()
        self.pending[key] = made_entry(_versions(key), body, file=art.file, undrawn=list(art.undrawn),
                                       width=float(art.drawing.width), height=float(art.drawing.height),
                                       pdf_version=list(version))

    def save(self) -> None:
        """Write the remembered entries atomically; a folder that cannot be written is left as it is."""
        save_entries(self.folder, self.pending, SUFFIX, MAX_ENTRIES)
        self.pending = {}


def is_svg(path: Path) -> bool:
    """Tell whether a file is SVG art (by its name: .svg, or .svgz compressed)."""
    return path.suffix.lower() in SVG_SUFFIXES


def undrawn_message(features: tuple[str, ...]) -> str:
    """What a warning or proof finding says of SVG features pnp leaves out."""
    return f"SVG features left out or drawn otherwise: {'; '.join(features)}"


def undrawn_warnings(undrawn: dict[str, tuple[str, ...]]) -> list[str]:
    """One warning line per SVG file with features pnp leaves out, naming the file and each feature."""
    return [f"warning: {file}: {undrawn_message(features)}" for file, features in sorted(undrawn.items())]


def svg_folder(output_root: Path) -> Path:
    """The kept art's folder inside an output root."""
    return output_root / CACHE_FOLDER / "svg"


def _key(path: Path, label: str) -> str | None:
    """The key of a file's entry: its bytes' hash with the versions that draw it; None when it cannot be read."""
    try:
        data = read_regular(path, label, MAX_SVG_BYTES)
    except PnpError:
        return None  # the file is read again to say what is wrong with it
    return hashlib.sha256(json.dumps(_versions("")).encode() + b"\0" + data).hexdigest()


def _versions(key: str) -> dict[str, Any]:
    """What an entry must have been written for."""
    versions = [reportlab.Version, *installed_hashes(CONVERTERS)]
    return {"format": FORMAT, "pnp": pnp.__version__, "versions": versions, "key": key}


def _sound(found: dict, operators: Any) -> bool:
    """Tell whether an entry's values have the shape kept art gives them: a size in range, notes, a PDF version,
    and operators that name no resource."""
    sides = (found.get("width"), found.get("height"))
    version = found.get("pdf_version")
    return (all(type(side) is float and math.isfinite(side) and MIN_SIDE_PT <= side <= MAX_SIDE_PT for side in sides)
            and isinstance(found.get("file"), str) and isinstance(found.get("undrawn"), list)
            and all(isinstance(note, str) for note in found["undrawn"])
            and isinstance(version, list) and len(version) == 2 and all(type(v) is int and 0 <= v < 10 for v in version)
            and isinstance(operators, list)
            and all(isinstance(line, str) and line.isascii() and "/" not in line for line in operators))
