"""Measured edge colours kept between builds in the output folder's `.pnp-cache/edges/`, keyed by the page drawn.

The faces sampled are drawn into one PDF in memory (with invariant bytes) before pdfium rasterises it; an entry
keyed by that PDF's hash, the sampling's settings and the rasteriser's versions gives the same colours without
loading pdfium or Pillow. An entry is JSON, used only when every value has the shape the faces give it; anything
else is ignored and the faces sampled as usual. Entries are written atomically after a build succeeds.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pnp
from pnp.face.parts import Face
from pnp.output.cachefiles import CACHE_FOLDER, finite_json, installed_hashes, read_entry, save_entries

FORMAT = 1
SUFFIX = ".edges"
RASTERISER = (("pypdfium2", "version.json"), ("pypdfium2_raw", "version.json"), ("PIL", "_version.py"))
MAX_ENTRIES = 256  # sampled pages remembered (a component's fronts or backs each); the oldest go first


@dataclass(eq=False)
class EdgeCache:
    """The edge entries of one output folder: read before rasterising, written after the build succeeds."""

    folder: Path
    settings: tuple
    pending: dict[str, bytes] = field(default_factory=dict)

    def read(self, pdf: bytes, faces: Sequence[Face], sides: tuple[str, ...]) -> list | None:
        """Each face's (inside, bleed) colours by side when a sound entry is stored, else None."""
        raw = read_entry(self.folder, self._digest(pdf) + SUFFIX)
        if raw is None:
            return None
        try:
            found = finite_json(raw)
            return found if _sound(found, faces, sides, self.settings) else None
        except (ValueError, TypeError, KeyError, IndexError, RecursionError):
            return None

    def remember(self, pdf: bytes, colours: list) -> None:
        """Keep freshly measured colours, to be written by save()."""
        self.pending[self._digest(pdf)] = json.dumps(colours, separators=(",", ":")).encode()

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


def _sound(found: Any, faces: Sequence[Face], sides: tuple[str, ...], settings: tuple) -> bool:
    """Tell whether an entry holds, for each face, two lists by side of as many CIELAB triples as its sides have
    segments."""
    if not isinstance(found, list) or len(found) != len(faces):
        return False
    segment = settings[1]
    for face, pair in zip(faces, found):
        mm = 72 / 25.4
        counts = [max(1, round((face.height if side in ("left", "right") else face.width) / mm / segment))
                  for side in sides]
        if not isinstance(pair, list) or len(pair) != 2:
            return False
        for strips in pair:
            if not isinstance(strips, list) or [len(s) if isinstance(s, list) else -1 for s in strips] != counts:
                return False
            if not all(_lab(value) for strip in strips for value in strip):
                return False
    return True


def _lab(value: Any) -> bool:
    """Tell whether a value is a CIELAB triple of floats within bounds."""
    return (isinstance(value, list) and len(value) == 3
            and all(type(v) is float and -1000.0 < v < 1000.0 for v in value))  # NaN and infinities fail the bounds
