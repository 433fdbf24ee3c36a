"""Parsed font tables kept between builds in the output folder's `.pnp-cache/fonts/`, keyed by the font's content.

Reading a large TrueType font's character map and metrics is most of a font's cost; the rest of its header is read
afresh each time (it is quick). An entry is a line of JSON and then numbers, never code: it is used only when its
font hash, pnp's and reportlab's versions and its own checksum match and every value has the shape the font's own
tables allow; anything else is ignored and the font parsed as usual. The sections every build reads (the character
map and widths) are checked at once; those only subsetting and shaping read (each glyph's characters, metrics and
place in the file) when first read, where a section of another shape gives way to the font's own table. Entries are
written atomically after a build succeeds, and the folder keeps at most MAX_ENTRIES of them. A link or odd file on
the way disables the cache.
"""

from __future__ import annotations

import hashlib
import math
import sys
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any, NamedTuple

import reportlab

import pnp
from pnp.output.cachefiles import CACHE_FOLDER, checked_entry, made_entry, read_entry, save_entries
from pnp.output.streamcache import StreamStore
from pnp.text.subsetcache import SubsetStore

SUFFIX = ".fontdata"  # a font entry's name: the font's digest and this
FORMAT = 2
MAX_ENTRIES = 8  # fonts remembered; the oldest go first
SECTIONS = ("codes", "glyphs", "width_codes", "widths", "owners", "counts", "owned", "advances", "bearings",
            "glyph_pos", "default_width", "pos")
NUMBERS = ("widths", "advances", "default_width")  # sections whose values may be floats; the others are integers
EAGER = ("codes", "glyphs", "width_codes", "widths", "default_width", "pos")  # read by every build: decoded at once
MAX_CODE = 0x10FFFF
KEPT_OWNERS = "_kept_owners"  # an entry's face attribute: glyphToChar's sections, made a table when first read
KEPT_METRICS = "_kept_metrics"  # hmetrics' sections (advances, bearings), made a list when first read (by subsetting)
KEPT_POSITIONS = "_kept_positions"  # glyphPos' section, made a list when first read (by subsetting)


class Packed(NamedTuple):
    """A section as stored, decoded and checked when first read: its name, its runs of integers and floats, its
    bytes."""

    name: str
    runs: list
    data: bytes


def font_digest(data: bytes) -> str:
    """The key of a font's entry: its bytes' hash."""
    return hashlib.sha256(data).hexdigest()


@dataclass(eq=False)
class FontCache:
    """The font entries of one output folder: read before parsing a font, written after the build succeeds; with the
    stores of the subsets its PDFs embed and of the streams they compress."""

    folder: Path
    pending: dict[str, bytes] = field(default_factory=dict)
    subsets: SubsetStore = field(init=False)
    streams: StreamStore = field(init=False)

    def __post_init__(self) -> None:
        self.subsets = SubsetStore(self.folder.parent / "subsets")
        self.streams = StreamStore(self.folder.parent / "streams")

    def read(self, digest: str, num_glyphs: int) -> dict[str, Any] | None:
        """A font's character information when a sound entry is stored, else None."""
        raw = read_entry(self.folder, digest + SUFFIX)
        if raw is None:
            return None
        try:
            entry = checked_entry(raw, _versions(digest))
            if entry is None:
                return None
            found, body = entry
            return _decoded(_sections(found["sections"], body), num_glyphs)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError, RecursionError):
            return None

    def remember(self, digest: str, face: Any) -> None:
        """Keep a freshly parsed font's character information, to be written by save()."""
        self.pending[digest] = entry_bytes(digest, _encoded(face))

    def save(self) -> None:
        """Write the remembered entries (and subsets) atomically; a folder that cannot be written is left as it is."""
        save_entries(self.folder, self.pending, SUFFIX, MAX_ENTRIES)
        self.pending = {}
        self.subsets.save()
        self.streams.save()


def cache_folder(output_root: Path) -> Path:
    """The font cache's folder inside an output root."""
    return output_root / CACHE_FOLDER / "fonts"


def entry_bytes(digest: str, values: dict[str, list]) -> bytes:
    """An entry: a line of JSON (versions, checksum, each section's runs of integers and floats), then the numbers."""
    body = b"".join(_packed(name, values[name]) for name in SECTIONS)
    return made_entry(_versions(digest), body, sections=[_runs(values[name]) for name in SECTIONS])


def _versions(digest: str) -> dict[str, Any]:
    """What an entry must have been written for."""
    return {"format": FORMAT, "pnp": pnp.__version__, "reportlab": reportlab.Version, "font": digest}


def _encoded(face: Any) -> dict[str, list]:
    """A parsed face's character information as flat lists of numbers, by section."""
    glyph_chars = face.glyphToChar
    return {"codes": list(face.charToGlyph), "glyphs": list(face.charToGlyph.values()),
            "width_codes": list(face.charWidths), "widths": list(face.charWidths.values()),
            "owners": list(glyph_chars), "counts": [len(chars) for chars in glyph_chars.values()],
            "owned": [char for chars in glyph_chars.values() for char in chars],
            "advances": [advance for advance, _ in face.hmetrics],
            "bearings": [bearing for _, bearing in face.hmetrics],
            "glyph_pos": face.glyphPos, "default_width": [face.defaultWidth], "pos": [face._pos]}


def _packed(name: str, values: list) -> bytes:
    """A section as little-endian doubles (a section of numbers) or 64-bit integers."""
    packed = array("d" if name in NUMBERS else "q", values)
    if sys.byteorder == "big":
        packed.byteswap()
    return packed.tobytes()


def _runs(values: list) -> list[list[int]]:
    """Runs of integers and of floats, as [length, 1 for integers], so that each value comes back as it was."""
    runs: list[list[int]] = []
    for value in values:
        kind = int(type(value) is int)
        if runs and runs[-1][1] == kind:
            runs[-1][0] += 1
        else:
            runs.append([1, kind])
    return runs


def _sections(runs_by_section: list, body: bytes) -> dict[str, Any]:
    """Each section every build reads as its values (see _values), the others as they are stored; a body of another
    length is refused."""
    counts = [sum(length for length, _ in runs) for runs in runs_by_section]
    if len(runs_by_section) != len(SECTIONS) or 8 * sum(counts) != len(body):
        raise ValueError("entry of another shape")
    start, found = 0, {}
    for name, runs, count in zip(SECTIONS, runs_by_section, counts):
        section = Packed(name, runs, body[start:start + 8 * count])
        found[name] = _values(*section) if name in EAGER else section
        start += 8 * count
    return found


def _values(name: str, runs: list, data: bytes) -> list:
    """A section's values, integers where the runs say so; a value that is no integer where one belongs, or not
    finite, is refused."""
    section: array = array("d" if name in NUMBERS else "q")
    section.frombytes(data)
    if sys.byteorder == "big":
        section.byteswap()
    values: list = section.tolist()
    if name not in NUMBERS:
        if any(kind != 1 for _, kind in runs):
            raise ValueError("not a font's value")
    elif not math.isfinite(math.fsum(values)):
        raise ValueError("not a font's value")
    elif any(kind == 1 for _, kind in runs):
        values = _with_integers(values, runs)
    return values


def _with_integers(values: list, runs: list) -> list:
    """The values with each run of integers made integers again; a number that is not whole is refused."""
    mixed: list = []
    for length, kind in runs:
        piece = values[len(mixed):len(mixed) + length]
        whole = list(map(int, piece)) if kind == 1 else piece
        if whole != piece:
            raise ValueError("not a whole number")
        mixed += whole
    return mixed


def _decoded(found: dict[str, Any], num_glyphs: int) -> dict[str, Any] | None:
    """The face attributes of an entry whose every section read at once has a shape the font allows, or None; the
    others kept for their tables to be made when first read."""
    sound = (_within(found["codes"], 0, MAX_CODE) and _within(found["glyphs"], 0, num_glyphs - 1)
             and _within(found["width_codes"], 0, MAX_CODE) and _within(found["widths"], -1e9, 1e9)
             and _within(found["default_width"], -1e9, 1e9) and _within(found["pos"], 0, 2**32 - 1)
             and len(found["codes"]) == len(found["glyphs"]) and len(found["width_codes"]) == len(found["widths"])
             and len(found["default_width"]) == len(found["pos"]) == 1)
    if not sound:
        return None
    return {"charToGlyph": dict(zip(found["codes"], found["glyphs"])),
            "charWidths": dict(zip(found["width_codes"], found["widths"])), "defaultWidth": found["default_width"][0],
            KEPT_OWNERS: (num_glyphs, found["owners"], found["counts"], found["owned"]),
            KEPT_METRICS: (num_glyphs, found["advances"], found["bearings"]),
            KEPT_POSITIONS: (num_glyphs, found["glyph_pos"]), "_pos": found["pos"][0]}


def glyph_chars(num_glyphs: int, *sections: Packed) -> dict[int, list[int]] | None:
    """A face's glyphToChar (each glyph's characters) from an entry's sections; None for sections of another shape."""
    try:
        owners, counts, owned = (_values(*section) for section in sections)
    except (ValueError, OverflowError, TypeError):  # no integer where one belongs, past a float's range, bad runs
        return None
    if not (_within(owners, 0, num_glyphs - 1) and _within(counts, 0, MAX_CODE) and _within(owned, 0, MAX_CODE)
            and len(owners) == len(counts) and sum(counts) == len(owned)):
        return None
    ends = list(accumulate(counts))
    return dict(zip(owners, map(owned.__getitem__, map(slice, [0] + ends[:-1], ends))))


def horizontal_metrics(num_glyphs: int, *sections: Packed) -> list[tuple] | None:
    """A face's hmetrics (each glyph's advance and left side bearing) from an entry's sections; None for sections of
    another shape."""
    try:
        advances, bearings = (_values(*section) for section in sections)
    except (ValueError, OverflowError, TypeError):  # no integer where one belongs, past a float's range, bad runs
        return None
    if not (_within(advances, -1e9, 1e9) and _within(bearings, 0, 0xFFFF)
            and len(advances) == len(bearings) == num_glyphs):
        return None
    return list(zip(advances, bearings))


def glyph_positions(num_glyphs: int, section: Packed) -> list[int] | None:
    """A face's glyphPos (where each glyph starts in its glyph table, and where the last ends) from an entry's
    section; None for a section of another shape."""
    try:
        positions = _values(*section)
    except (ValueError, OverflowError, TypeError):  # no integer where one belongs, past a float's range, bad runs
        return None
    return positions if _within(positions, 0, 2**32 - 1) and len(positions) == num_glyphs + 1 else None


MADE_WHEN_READ: dict[str, tuple[str, Callable]] = {  # a cached face's attribute: the entry's sections it is made of
    "glyphToChar": (KEPT_OWNERS, glyph_chars), "hmetrics": (KEPT_METRICS, horizontal_metrics),
    "glyphPos": (KEPT_POSITIONS, glyph_positions)}


def _within(values: list, lowest: float, highest: float) -> bool:
    """Tell whether every value lies from lowest to highest."""
    return not values or (min(values) >= lowest and max(values) <= highest)


