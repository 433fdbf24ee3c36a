"""Laid-out text kept between builds in the output folder's `.pnp-cache/layouts/`, by what its layout depends on.

Laying out a card's text (its phrases as atoms, kinsoku, lines filled at the largest size that fits) is most of
drawing a face, and a rebuild sets the same texts in the same boxes again. The entry is one file of JSON, never
code: each block a build laid out, by the hash of its text's runs (characters, fonts by their files' hashes, which
runs share a font, a colour or a picture, and which colours are equal), the names kept whole, the box and the
sizes, for the versions of pnp's line breaking and BudouX's model. A kept block is used only when it has a block's
shape, holds the text's characters in order, draws each in a font that has it, and its widths are its fonts' and
fit the box; else the text is laid out as usual. It is written after a build succeeds, the newest MAX_BLOCKS kept.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import pnp
from pnp.output.cachefiles import (
    CACHE_FOLDER,
    checked_entry,
    finite_json,
    installed_hashes,
    made_entry,
    read_entry,
    save_entries,
)
from pnp.text.fit import TextBlock, fit
from pnp.text.lines import Line
from pnp.text.markup import Run
from pnp.text.phrasetree import Atom

Paragraphs = Callable[[list[Run], frozenset[str]], list[list[Atom]]]

FORMAT = 1
SUFFIX = ".layouts"
MAX_BLOCKS = 4096  # blocks remembered (Eitsuku's cards: about 200); the oldest go first
MAX_ENTRY_BYTES = 32 * 2**20
MODEL = (("budoux", "models/ja.json"), ("budoux", "parser.py"))  # BudouX's Japanese model and how it reads it
LAYOUT_CODE = ("awkward.py", "breaking.py", "fit.py", "lines.py", "markup.py", "phrases.py", "phrasetree.py")
SLACK = 1e-6  # points: how far a kept width may differ from its fonts' sum, as fit() allows a line past the box


def laid_out(runs: list[Run], names: frozenset[str], box: tuple[float, float], sizes: tuple,
             paragraphs: Paragraphs, store: LayoutStore | None) -> TextBlock:
    """The runs fitted to a box of (width, height) at sizes (size, min_size, leading, room) as fit() lays them out:
    the block kept by an earlier build when the store has a sound one, else laid out now (and remembered)."""
    key = keyed(runs, names, box, sizes) if store is not None else None
    if store is not None and key is not None and (kept := store.block(key, runs, box, sizes)) is not None:
        return kept
    block = settled(fit(paragraphs(runs, names), *box, *sizes))
    if store is not None and key is not None:
        store.remember(key, block)
    return block


def settled(block: TextBlock) -> TextBlock:
    """The block as it is drawn and proof-read: a phrase's parts, read only while its lines were filled, let go."""
    lines = tuple(line._replace(atoms=tuple(atom._replace(parts=()) if atom.parts else atom for atom in line.atoms))
                  for line in block.lines)
    return block._replace(lines=lines)


@dataclass(frozen=True)
class Keyed:
    """A text's runs as a kept block names them: the entry's key, and the fonts, colours and pictures in the runs in
    order of first use (a kept block's runs point at them by index, so that it draws with this build's objects)."""

    key: str
    objects: tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]  # fonts, colours, pictures


def keyed(runs: list[Run], names: frozenset[str], box: tuple[float, float], sizes: tuple) -> Keyed | None:
    """The key of laying out these runs in a box of (width, height) at sizes (size, min_size, leading, room); None
    when a font has no file hash to name it by."""
    fonts: list[Any] = []
    colors: list[Any] = []
    pictures: list[Any] = []
    described = [(run.text, _slot(fonts, run.font), _slot(colors, run.color), _slot(pictures, run.image))
                 for run in runs]
    digests = [getattr(font.ttf, "digest", None) for font in fonts]
    if None in digests:
        return None
    named = [(font.key, font.pdf_name, digest) for font, digest in zip(fonts, digests)]
    equal = [next(i for i, other in enumerate(colors) if other == color) for color in colors]
    shown = [(picture.name, picture.aspect) for picture in pictures]
    text = repr((described, named, equal, shown, _names_digest(names), tuple(box), tuple(sizes)))  # str, int, float
    return Keyed(hashlib.sha256(text.encode()).hexdigest()[:40], (tuple(fonts), tuple(colors), tuple(pictures)))


def _slot(found: list[Any], thing: Any) -> int:
    """The index of an object among those found so far (by identity), added when new; None is -1."""
    if thing is None:
        return -1
    for index, known in enumerate(found):
        if known is thing:
            return index
    found.append(thing)
    return len(found) - 1


@lru_cache(maxsize=64)
def _names_digest(names: frozenset[str]) -> str:
    """The names kept whole, as a hash (the same set for every text of a game: worked out once)."""
    return hashlib.sha256("\n".join(sorted(names)).encode()).hexdigest()


@dataclass(eq=False)
class LayoutStore:
    """The blocks of one output folder's texts: read when first asked for, written after the build succeeds."""

    folder: Path
    pending: dict[str, list] = field(default_factory=dict)  # blocks laid out by this build, encoded
    _known: dict[str, Any] | None = None

    def block(self, keyed: Keyed, runs: list[Run], box: tuple[float, float], sizes: tuple) -> TextBlock | None:
        """The kept block of these runs when a sound one is kept, else None."""
        if self._known is None:
            self._known = _read(self.folder)
        value = self.pending.get(keyed.key)
        value = value if value is not None else self._known.get(keyed.key)
        return None if value is None else decoded(value, keyed, runs, box, sizes)

    def remember(self, keyed: Keyed, block: TextBlock) -> None:
        """Keep a block laid out now, to be written by save()."""
        value = encoded(block, keyed)
        if value is not None:
            self.pending[keyed.key] = value

    def save(self) -> None:
        """Write the blocks laid out with those kept before (the newest first, at most MAX_BLOCKS), atomically;
        nothing when no text was laid out afresh."""
        if not self.pending:
            return
        known = self._known if self._known is not None else _read(self.folder)
        kept = {**self.pending, **{key: value for key, value in known.items() if key not in self.pending}}
        body = json.dumps(dict(list(kept.items())[:MAX_BLOCKS]), ensure_ascii=False, separators=(",", ":")).encode()
        payload = made_entry(_versions(), body)
        if len(payload) <= MAX_ENTRY_BYTES:
            save_entries(self.folder, {_name(): payload}, SUFFIX, 4)
        self.pending = {}


def layouts_folder(output_root: Path) -> Path:
    """The layout cache's folder inside an output root."""
    return output_root / CACHE_FOLDER / "layouts"


def encoded(block: TextBlock, keyed: Keyed) -> list | None:
    """A block as an entry keeps it: runs name their font, colour and picture by index; None when a run draws with
    an object the text's runs do not have."""
    index = [{id(thing): n for n, thing in enumerate(things)} for things in keyed.objects]

    def run(run: Run) -> list:
        return [run.text, index[0][id(run.font)], index[1][id(run.color)],
                -1 if run.image is None else index[2][id(run.image)]]

    try:
        lines = [[[[[run(r) for r in atom.runs], atom.width, atom.space, atom.split, atom.cuts, atom.widest]
                   for atom in line.atoms], line.width, line.ends_paragraph, line.hang] for line in block.lines]
    except KeyError:
        return None
    return [block.size, block.leading, lines]


def decoded(value: Any, keyed: Keyed, runs: list[Run], box: tuple[float, float], sizes: tuple) -> TextBlock | None:
    """A kept block drawn with this build's objects, when it is sound for these runs, box and sizes; else None."""
    fonts, colors, pictures = keyed.objects
    try:
        size, leading, kept = value
        lines = tuple([Line(tuple([Atom(tuple([Run(text, fonts[font], colors[color],
                                                    pictures[picture] if picture >= 0 else None)
                                                for text, font, color, picture in pieces]),
                                         width, space, split, (), cuts, widest)
                                    for pieces, width, space, split, cuts, widest in atoms]), width, ends, hang)
                       for atoms, width, ends, hang in kept])
        block = TextBlock(lines, size, leading)
        return block if _holds(block, runs) and _drawable(block, runs) and _fits(block, box, sizes) else None
    except (TypeError, ValueError, IndexError):  # no block's shape
        return None


def _holds(block: TextBlock, runs: list[Run]) -> bool:
    """Tell whether the block's paragraphs hold the runs' characters in order, spaces (and tabs) aside."""
    paragraphs = "".join([run.text for run in runs]).replace("\t", "").replace(" ", "").split("\n")
    found, current = [], []
    for line in block.lines:
        current.append("".join([run.text for atom in line.atoms for run in atom.runs]))
        if line.ends_paragraph:
            found.append("".join(current).replace(" ", ""))
            current = []
    return not current and found == paragraphs


def _drawable(block: TextBlock, runs: list[Run]) -> bool:
    """Tell whether each kept run draws only characters its font had in the runs (checked to have them), and each
    line is as wide as its runs in their fonts."""
    allowed: dict[int, set[str]] = {}
    for run in runs:
        allowed.setdefault(id(run.font), set()).update(run.text.replace("\t", " "))
    for line in block.lines:
        pieces = [run for atom in line.atoms for run in atom.runs]
        if any(run.image is None and not allowed.get(id(run.font), set()).issuperset(run.text) for run in pieces):
            return False
        if abs(sum([run.width for run in pieces]) - line.width) > SLACK:
            return False
    return True


def _fits(block: TextBlock, box: tuple[float, float], sizes: tuple) -> bool:
    """Tell whether the block fits the box as fit() lays out: a size in range (or the size asked for, which fit() tries
    first even below min_size), lines within the width (a 、 or 。 hanging into the room), as wide as their atoms, and
    no more lines than the height holds."""
    width, height = box
    size, min_size, leading, room = sizes
    scale = block.size
    if not ((min_size - 1e-9 <= scale or scale == size) and scale <= size + 1e-9 and block.leading == leading
            and block.lines):
        return False
    for line in block.lines:
        if abs(sum(atom.width for atom in line.atoms) - line.width) > SLACK or not 0 <= line.hang <= line.width:
            return False
        if (line.width - line.hang) * scale > width + 1e-6 or line.hang * scale > room + 1e-6:
            return False
    return (len(block.lines) - 1) * scale * leading + scale <= height + 1e-6


def _read(folder: Path) -> dict[str, Any]:
    """The blocks of the stored entry, by key, when the entry is sound; else none (each is checked when used)."""
    raw = read_entry(folder, _name() + SUFFIX, MAX_ENTRY_BYTES)
    if raw is None:
        return {}
    try:
        entry = checked_entry(raw, _versions())
        blocks = finite_json(entry[1]) if entry is not None else {}
    except (ValueError, RecursionError):
        return {}
    return blocks if isinstance(blocks, dict) else {}


@cache
def _versions() -> dict[str, Any]:
    """What the entry must have been written for: pnp, the code that lays text out, and BudouX's model."""
    code = Path(__file__).parent
    digest = hashlib.sha256(b"".join((code / name).read_bytes() for name in LAYOUT_CODE)).hexdigest()
    return {"format": FORMAT, "pnp": pnp.__version__, "layout": digest, "budoux": list(installed_hashes(MODEL))}


def _name() -> str:
    """The entry's name: its versions' hash."""
    return hashlib.sha256(json.dumps(_versions(), sort_keys=True).encode()).hexdigest()
