"""Laid-out text kept between builds in the output folder's `.pnp-cache/layouts/`, by what its layout depends on.

Laying out a card's text (its phrases as atoms, kinsoku, lines filled at the largest size that fits) is most of
drawing a face, breaking a rulebook's texts into lines most of setting it, and a rebuild sets the same texts in the
same boxes again. The cards' and the rulebooks' are an entry each, one file of JSON, never code: each text laid
out, by the hash of its runs (characters, fonts by their files' hashes, which runs share a font, a colour or a
picture, and which colours are equal), the names kept whole, the box (or line width) and the sizes, for the
versions of pnp's line breaking and BudouX's model. A kept layout is used only when it checks out against its text
(pnp.text.layoutcheck); else the text is laid out as usual. An entry is written after a build succeeds (the
rulebook's lines coming back with its worker's result), the newest MAX_BLOCKS texts kept.
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
    InUse,
    checked_entry,
    finite_json,
    installed_hashes,
    made_entry,
    read_entry,
    save_entries,
)
from pnp.text.breaking import paragraphs as paragraphs_of
from pnp.text.fit import TextBlock, fit
from pnp.text.layoutcheck import Keyed, decoded, decoded_lines
from pnp.text.lines import Line, break_lines
from pnp.text.markup import Run
from pnp.text.phrasetree import Atom

Paragraphs = Callable[[list[Run], frozenset[str]], list[list[Atom]]]
Laid = TextBlock | tuple[Line, ...]  # a card text's block, or a rulebook text's lines

FORMAT = 1
SUFFIX = ".layouts"
MAX_BLOCKS = 4096  # blocks remembered (Eitsuku's cards: about 200); the oldest go first
MAX_ENTRY_BYTES = 32 * 2**20
MODEL = (("budoux", "models/ja.json"), ("budoux", "parser.py"))  # BudouX's Japanese model and how it reads it
LAYOUT_CODE = ("awkward.py", "breaking.py", "fit.py", "lines.py", "markup.py", "phrases.py", "phrasetree.py")
RULES_LINES: InUse[LayoutStore] = InUse("rules_lines_store")  # the store a rulebook's texts are broken with


def laid_out(runs: list[Run], names: frozenset[str], box: tuple[float, float], sizes: tuple,
             paragraphs: Paragraphs, store: LayoutStore | None) -> TextBlock:
    """The runs fitted to a box of (width, height) at sizes (size, min_size, leading, room) as fit() lays them out:
    the block kept by an earlier build when the store has a sound one, else laid out now (and remembered)."""
    key = keyed(runs, names, box, sizes) if store is not None else None
    if store is not None and key is not None and (kept := store.block(key, runs, box, sizes)) is not None:
        return kept
    block = fit(paragraphs(runs, names), *box, *sizes)
    if store is not None and key is not None:
        store.remember(key, block)
    return block


def rules_lines(runs: list[Run], max_width: float) -> list[Line]:
    """The runs broken into lines of at most max_width (at 1 pt) as a rulebook sets them: the lines kept by an earlier
    build when the store in use (RULES_LINES) has sound ones, else broken now (and remembered)."""
    store = RULES_LINES.store()
    key = keyed(runs, frozenset(), (max_width,), ()) if store is not None else None
    if store is not None and key is not None and (kept := store.lines(key, runs, max_width)) is not None:
        return list(kept)
    lines = break_lines(paragraphs_of(runs), max_width)
    if store is not None and key is not None:
        store.remember(key, tuple(lines))
    return lines




def keyed(runs: list[Run], names: frozenset[str], box: tuple[float, ...], sizes: tuple) -> Keyed | None:
    """The key of laying out these runs in a box of (width, height) at sizes (size, min_size, leading, room), or in
    lines of (width,) at no sizes; None when a font has no file hash to name it by."""
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
    """The laid-out texts of one output folder, the cards' or (kind "rules") the rulebooks': read when first asked
    for, written after the build succeeds."""

    folder: Path
    kind: str = "cards"
    pending: dict[str, tuple[Keyed, Laid]] = field(default_factory=dict)  # laid out in this process, with their keys
    arrived: dict[str, str] = field(default_factory=dict)  # laid out by a worker, encoded as JSON text
    _known: dict[str, Any] | None = None

    def block(self, keyed: Keyed, runs: list[Run], box: tuple[float, float], sizes: tuple) -> TextBlock | None:
        """The kept block of these runs when a sound one is kept, else None."""
        laid, value = self._found(keyed)
        if isinstance(laid, TextBlock):
            return laid
        return None if value is None else decoded(value, keyed, runs, box, sizes)

    def lines(self, keyed: Keyed, runs: list[Run], max_width: float) -> tuple[Line, ...] | None:
        """The kept lines of these runs when sound ones are kept, else None."""
        laid, value = self._found(keyed)
        if isinstance(laid, tuple) and not isinstance(laid, TextBlock):
            return laid
        return None if value is None else decoded_lines(value, keyed, runs, max_width)

    def _found(self, keyed: Keyed) -> tuple[Laid | None, Any]:
        """What is kept for the key: laid out here for the same fonts, colours and pictures (as it is), or encoded."""
        mine = self.pending.get(keyed.key)
        if mine is not None:
            same = all(len(a) == len(b) and all(x is y for x, y in zip(a, b))
                       for a, b in zip(mine[0].objects, keyed.objects))
            return (mine[1], None) if same else (None, _encoded(mine[1], mine[0]))
        if self._known is None:
            self._known = _read(self.folder, self.kind)
        text = self.arrived.get(keyed.key)
        return None, json.loads(text) if text is not None else self._known.get(keyed.key)

    def remember(self, keyed: Keyed, laid: Laid) -> None:
        """Keep a block (or a rulebook text's lines) laid out now, to be written by save() (encoded only then)."""
        self.pending[keyed.key] = (keyed, laid)

    def new_since(self, before: set[str]) -> dict[str, str]:
        """The texts laid out since `before` (the keys pending then), each encoded as JSON text: a worker's, for the
        build to write (text is light to send and to hold, as lists of lists are not)."""
        fresh = {key: _encoded(laid, keyed) for key, (keyed, laid) in self.pending.items() if key not in before}
        return {key: _json(value) for key, value in fresh.items() if value is not None}

    def save(self) -> None:
        """Write the texts laid out with those kept before (the newest first, at most MAX_BLOCKS), atomically;
        nothing when no text was laid out afresh. Each text is encoded in turn, so that the build's memory does not
        hold them all encoded at once."""
        if not self.pending and not self.arrived:
            return
        known = self._known if self._known is not None else _read(self.folder, self.kind)
        texts = {**self.new_since(set()), **self.arrived}  # each text's value as JSON, by key
        for key, value in known.items():
            if len(texts) < MAX_BLOCKS and key not in texts:
                texts[key] = _json(value)
        body = ("{" + ",".join(f"{_json(key)}:{text}" for key, text in list(texts.items())[:MAX_BLOCKS]) + "}").encode()
        payload = made_entry(_versions(), body)
        if len(payload) <= MAX_ENTRY_BYTES:
            save_entries(self.folder, {_name(self.kind): payload}, SUFFIX, 4)
        self.pending, self.arrived = {}, {}


def layouts_folder(output_root: Path) -> Path:
    """The layout cache's folder inside an output root."""
    return output_root / CACHE_FOLDER / "layouts"


def encoded(block: TextBlock, keyed: Keyed) -> list | None:
    """A block as an entry keeps it: runs name their font, colour and picture by index (a phrase's parts, read only
    while lines are filled, are left out); None when a run draws with an object the text's runs do not have."""
    lines = _encoded_lines(block.lines, keyed)
    return None if lines is None else [block.size, block.leading, lines]


def _encoded(laid: Laid, keyed: Keyed) -> list | None:
    """A block or a rulebook text's lines as an entry keeps them."""
    return encoded(laid, keyed) if isinstance(laid, TextBlock) else _encoded_lines(laid, keyed)


def _encoded_lines(lines: tuple[Line, ...], keyed: Keyed) -> list | None:
    """Lines as an entry keeps them (None as for encoded())."""
    index = [{id(thing): n for n, thing in enumerate(things)} for things in keyed.objects]

    def run(run: Run) -> list:
        return [run.text, index[0][id(run.font)], index[1][id(run.color)],
                -1 if run.image is None else index[2][id(run.image)]]

    try:
        return [[[[[run(r) for r in atom.runs], atom.width, atom.space, atom.split, atom.cuts, atom.widest]
                 for atom in line.atoms], line.width, line.ends_paragraph, line.hang] for line in lines]
    except KeyError:
        return None


def _json(value: Any) -> str:
    """A value as the entry writes it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _read(folder: Path, kind: str) -> dict[str, Any]:
    """The blocks of the stored entry, by key, when the entry is sound; else none (each is checked when used)."""
    raw = read_entry(folder, _name(kind) + SUFFIX, MAX_ENTRY_BYTES)
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
    try:
        digest = hashlib.sha256(b"".join((code / name).read_bytes() for name in LAYOUT_CODE)).hexdigest()
    except OSError:  # installed without its sources: the version alone names the code
        digest = "unknown"
    return {"format": FORMAT, "pnp": pnp.__version__, "layout": digest, "budoux": list(installed_hashes(MODEL))}


def _name(kind: str) -> str:
    """The entry's name: the hash of its versions and kind."""
    return hashlib.sha256(json.dumps({**_versions(), "kind": kind}, sort_keys=True).encode()).hexdigest()
