"""Measured edge colours kept between builds in the output folder's `.pnp-cache/edges/`, keyed by the page drawn.

The faces sampled are drawn into one PDF in memory (with invariant bytes) before pdfium rasterises it; an entry
keyed by that PDF's hash, the sampling's settings and the rasteriser's versions gives the same colours without
loading pdfium or Pillow. An entry is numbers only: every CIELAB value as a little-endian double, face by face
(inside, then bleed; side by side; segment by segment along each side), as many as the faces' sizes give. It is
used only when it holds that many finite values within bounds; anything else is ignored and the faces sampled as
usual. Entries are written atomically after a build succeeds.
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pnp
from pnp.face.parts import Face
from pnp.output.cachefiles import CACHE_FOLDER, installed_hashes, read_entry, save_entries
from pnp.units import MM

FORMAT = 2
SUFFIX = ".edges"
RASTERISER = (("pypdfium2", "version.json"), ("pypdfium2_raw", "version.json"), ("PIL", "_version.py"))
MAX_ENTRIES = 256  # sampled pages remembered (a component's fronts or backs each); the oldest go first
LIMIT = 1000.0  # no CIELAB value reaches it

Lab = tuple[float, float, float]
Strips = list[tuple[Lab, ...]]  # a face's strips of one kind (inside or bleed), side by side


@dataclass(eq=False)
class EdgeCache:
    """The edge entries of one output folder: read before rasterising, written after the build succeeds."""

    folder: Path
    settings: tuple
    pending: dict[str, bytes] = field(default_factory=dict)

    def read(self, pdf: bytes, faces: Sequence[Face], sides: tuple[str, ...]) -> list[tuple[Strips, Strips]] | None:
        """Each face's (inside, bleed) colours by side when a sound entry is stored, else None."""
        raw = read_entry(self.folder, self._digest(pdf) + SUFFIX)
        if raw is None:
            return None
        try:
            return _unpacked(raw, [segment_counts(face, sides, self.settings[1]) for face in faces])
        except ValueError:  # a length that is no whole number of values
            return None

    def remember(self, pdf: bytes, colours: Sequence[tuple[Strips, Strips]]) -> None:
        """Keep freshly measured colours, to be written by save()."""
        values = array("d", (value for pair in colours for strips in pair for strip in strips for lab in strip
                             for value in lab))
        if sys.byteorder == "big":
            values.byteswap()
        self.pending[self._digest(pdf)] = values.tobytes()

    def save(self) -> None:
        """Write the remembered entries atomically; a folder that cannot be written is left as it is."""
        save_entries(self.folder, self.pending, SUFFIX, MAX_ENTRIES)
        self.pending = {}

    def _digest(self, pdf: bytes) -> str:
        """The key of an entry: the PDF sampled, the sampling's settings and the rasteriser's versions."""
        rasteriser = list(installed_hashes(RASTERISER))
        versions = json.dumps([FORMAT, pnp.__version__, list(self.settings), rasteriser]).encode()
        return hashlib.sha256(versions + b"\0" + pdf).hexdigest()


def edges_folder(output_root: Path) -> Path:
    """The edge cache's folder inside an output root."""
    return output_root / CACHE_FOLDER / "edges"


def segment_counts(face: Face, sides: tuple[str, ...], segment: float) -> list[int]:
    """How many segments each side of a face is measured in."""
    return [segments_in((face.height if side in ("left", "right") else face.width) / MM, segment) for side in sides]


def segments_in(length: float, segment: float) -> int:
    """How many segments a side `length` mm long is measured in (the sampler and the cache's check alike)."""
    return max(1, round(length / segment))


def _unpacked(raw: bytes, counts: list[list[int]]) -> list[tuple[Strips, Strips]] | None:
    """The colours of an entry holding, for faces of these segment counts, every value finite and within bounds."""
    values = array("d")
    values.frombytes(raw)
    if sys.byteorder == "big":
        values.byteswap()
    if len(values) != 6 * sum(map(sum, counts)) or not sound_values(values):
        return None
    labs: Iterator[Lab] = zip(*[iter(values)] * 3)
    return [(_strips(labs, sides), _strips(labs, sides)) for sides in counts]


def sound_values(values: Sequence[float]) -> bool:
    """Tell whether every value is a finite number within bounds."""
    try:
        total = math.fsum(values)
    except (ValueError, OverflowError):  # infinities of both signs; a sum past the largest double
        return False
    return math.isfinite(total) and -LIMIT < min(values, default=0.0) and max(values, default=0.0) < LIMIT


def _strips(labs: Iterator[Lab], counts: list[int]) -> Strips:
    """The next strips of a face, one a side, of the given segment counts."""
    return [tuple(next(labs) for _ in range(count)) for count in counts]
