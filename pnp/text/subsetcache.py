"""Embedded font subsets kept between builds in the output folder's `.pnp-cache/subsets/`, keyed by font and characters.

Each PDF embeds, for each font it uses, subsets of up to 256 characters: the glyphs cut out of the font file, then
compressed. For a large CJK font that is a good part of writing a file, and a rebuild embeds the same subsets again.
An entry is one subset's compressed font program, never code: it is used only when its key (the font file's digest,
the characters in order, pnp's, reportlab's and zlib's versions) and its checksum match and it inflates, within a
bound, to a font program. The bytes embedded are those reportlab writes: its subset, compressed by zlib as reportlab
compresses it. Entries are written after a build succeeds (those a worker made come back with its result), and the
folder keeps its newest MAX_ENTRIES.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import reportlab
from reportlab.pdfbase import pdfdoc

import pnp
from pnp.output.cachefiles import InUse, checked_entry, made_entry, read_entry, save_entries

SUFFIX = ".subset"
FORMAT = 1
MAX_ENTRIES = 512  # subsets remembered (Eitsuku's build embeds about 30); the oldest go first
MAX_PROGRAM_BYTES = 16 * 2**20  # a subset's font program: 256 glyphs of a CJK font take well under 1 MB
_FLATE = pdfdoc.PDFZCompress  # reportlab's own filter: what a subset is compressed with
SUBSETS: InUse[SubsetStore] = InUse("subset_store")  # the store a document being saved takes its subsets from


@dataclass(eq=False)
class SubsetStore:
    """The subset entries of one output folder: read before cutting a subset, written after the build succeeds."""

    folder: Path
    pending: dict[str, bytes] = field(default_factory=dict)

    def read(self, key: str) -> tuple[bytes, bytes] | None:
        """A subset's (font program, compressed program) when a sound entry is stored or made here, else None."""
        raw = self.pending.get(key) or read_entry(self.folder, key + SUFFIX)
        if raw is None:
            return None
        try:
            entry = checked_entry(raw, _versions(key))
        except ValueError:
            return None
        if entry is None:
            return None
        program = _inflated(entry[1])
        return None if program is None else (program, entry[1])

    def remember(self, key: str, compressed: bytes) -> None:
        """Keep a freshly made subset's compressed program, to be written by save()."""
        self.pending[key] = made_entry(_versions(key), compressed)

    def new_since(self, before: set[str]) -> dict[str, bytes]:
        """The entries remembered since `before` (the keys pending then): a worker's, for the build to write."""
        return {key: entry for key, entry in self.pending.items() if key not in before}

    def save(self) -> None:
        """Write the remembered entries atomically; a folder that cannot be written is left as it is."""
        save_entries(self.folder, self.pending, SUFFIX, MAX_ENTRIES)
        self.pending = {}


def subset_key(font_digest: str, codes: list[int]) -> str:
    """The key of a subset's entry: the font file's digest and the subset's characters in order."""
    return hashlib.sha256(f"{font_digest}:{','.join(map(str, codes))}".encode()).hexdigest()


def _versions(key: str) -> dict[str, Any]:
    """What an entry must have been written for."""
    return {"format": FORMAT, "pnp": pnp.__version__, "reportlab": reportlab.Version,
            "zlib": zlib.ZLIB_RUNTIME_VERSION, "subset": key}


def _inflated(compressed: bytes) -> bytes | None:
    """The font program a compressed entry holds, or None when it is damaged or inflates past the bound."""
    inflater = zlib.decompressobj()
    try:
        program = inflater.decompress(compressed, MAX_PROGRAM_BYTES)
    except zlib.error:
        return None
    if inflater.unconsumed_tail or not inflater.eof or inflater.unused_data or not program.startswith(b"\0\1\0\0"):
        return None
    return program


class _KeptFlate:
    """reportlab's Flate filter for one font's subsets: a program read from the store is written as it was kept, a
    program cut now is compressed as reportlab would and remembered."""

    pdfname = _FLATE.pdfname

    def __init__(self, store: SubsetStore, others: Any) -> None:
        self.store, self.others = store, others  # others: the filter other streams are compressed with
        self.known: dict[int, tuple[bytes, str, bytes | None]] = {}  # by the program's id: program, key, compressed

    def encode(self, text: Any) -> bytes:
        """The stream's compressed bytes (a subset's from the store, or compressed now and remembered)."""
        found = self.known.get(id(text))
        if found is None or found[0] is not text:
            return self.others.encode(text)
        program, key, compressed = found
        if compressed is None:
            compressed = _FLATE.encode(program)
            self.store.remember(key, compressed)
        return compressed

    def decode(self, encoded: bytes) -> bytes:
        """The stream's bytes again."""
        return _FLATE.decode(encoded)


@contextmanager
def kept_subsets(font: Any) -> Iterator[None]:
    """Within (a font's addObjects): its subsets read from the store in use where kept, else cut and kept there.
    The key is the hash of the font's own bytes (taken once a font): the font registered under a name is the one its
    subsets are cut from."""
    store = SUBSETS.store()
    if store is None:
        yield
        return
    if getattr(font, "digest", None) is None:
        from pnp.text.fontcache import font_digest as digest_of  # which imports this module
        font.digest = digest_of(font.face._ttf_data)
    others = pdfdoc.PDFZCompress  # reportlab's filter, or the stream store's while a document is saved
    flate, face, font_digest = _KeptFlate(store, others), font.face, font.digest
    cut = face.makeSubset

    def make_subset(codes: list[int]) -> bytes:
        key = subset_key(font_digest, codes)
        kept = store.read(key)
        program, compressed = kept if kept is not None else (cut(codes), None)
        flate.known[id(program)] = (program, key, compressed)
        return program

    face.makeSubset, pdfdoc.PDFZCompress = make_subset, flate
    try:
        yield
    finally:
        del face.makeSubset
        pdfdoc.PDFZCompress = others
