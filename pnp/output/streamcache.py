"""Compressed PDF streams kept between builds in the output folder's `.pnp-cache/streams/`, keyed by their content.

A rebuild compresses again most of what the build before compressed: each face's form, each rulebook page, most of
the sheets. The entry holds, for each stream, the hash of its bytes and what zlib made of them. A kept stream is
used only when it inflates, within a bound, to exactly the bytes to compress: the file written holds the same
content whatever the entry says, and the same bytes as compressing afresh (the entry is keyed by zlib's version,
and reportlab compresses at zlib's default level). The entry is data, never code; it is written after a build has
succeeded, newest streams first, within MAX_KEPT_BYTES.
"""

from __future__ import annotations

import hashlib
import struct
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.pdfbase import pdfdoc

import pnp
from pnp.output.cachefiles import checked_entry, made_entry, read_entry, save_entries

FORMAT = 1
SUFFIX = ".streams"
MIN_BYTES = 1024  # a shorter stream is compressed afresh: hashing and checking it would cost about as much
MAX_KEPT_BYTES = 4 * 2**20  # compressed bytes kept, and remembered by one process (a build of Eitsuku: 0.4 MB)
RECORD = struct.Struct(">32sI")  # a stream's SHA-256 and its compressed length, before its compressed bytes


@dataclass(eq=False)
class StreamStore:
    """The compressed streams of one output folder: read when a document is written, written after the build."""

    folder: Path
    pending: dict[bytes, bytes] = field(default_factory=dict)  # compressed here, by the hash of the bytes
    _made_bytes: int = 0  # what this process compressed and remembers (those from workers arrive apart)
    _known: dict[bytes, bytes] | None = None  # the entry's streams, read at the first stream

    def compressed(self, data: bytes) -> bytes:
        """`zlib.compress(data)`, taken from the store when a kept stream inflates to `data`."""
        if len(data) < MIN_BYTES:
            return zlib.compress(data)
        digest = hashlib.sha256(data).digest()
        if self._known is None:
            self._known = _read(self.folder)
        kept = self.pending.get(digest) or self._known.get(digest)
        if kept is not None and _inflates_to(kept, data):
            return kept
        compressed = zlib.compress(data)
        if self._made_bytes + len(compressed) <= MAX_KEPT_BYTES:
            self.pending[digest] = compressed
            self._made_bytes += len(compressed)
        return compressed

    def new_since(self, before: set[bytes]) -> dict[bytes, bytes]:
        """The streams compressed since `before` (the hashes pending then): a worker's, for the build to keep."""
        return {digest: data for digest, data in self.pending.items() if digest not in before}

    def save(self) -> None:
        """Write the streams compressed now, then those kept before, within MAX_KEPT_BYTES; nothing when none is
        new. A folder that cannot be written is left as it is."""
        if not self.pending:
            return
        known = self._known if self._known is not None else _read(self.folder)
        records, size, kept = [], 0, set()
        for digest, data in [*self.pending.items(), *known.items()]:
            if size + len(data) > MAX_KEPT_BYTES:
                break
            if digest not in kept:
                kept.add(digest)
                records.append(RECORD.pack(digest, len(data)) + data)
                size += len(data)
        body = b"".join(records)
        save_entries(self.folder, {_name(): made_entry(_versions(), body)}, SUFFIX, 1)
        self.pending, self._made_bytes, self._known = {}, 0, None

    def __getstate__(self) -> dict[str, Any]:
        """Sent to a worker process without what it has read or compressed: it reads the entry itself."""
        return {"folder": self.folder, "pending": {}, "_made_bytes": 0, "_known": None}


class _StoreFlate:
    """reportlab's Flate filter, taking each stream it compresses from a store when kept there."""

    pdfname = "FlateDecode"

    def __init__(self, store: StreamStore) -> None:
        self.store = store

    def encode(self, text: str | bytes) -> bytes:
        """The stream compressed as reportlab compresses it (text as UTF-8)."""
        return self.store.compressed(text.encode("utf8") if isinstance(text, str) else text)

    def decode(self, encoded: bytes) -> bytes:
        """The stream's bytes again."""
        return zlib.decompress(encoded)


@contextmanager
def streams_kept_in(store: StreamStore | None) -> Iterator[None]:
    """Within (a document being saved): the streams reportlab compresses taken from the store where kept."""
    if store is None:
        yield
        return
    previous, pdfdoc.PDFZCompress = pdfdoc.PDFZCompress, _StoreFlate(store)
    try:
        yield
    finally:
        pdfdoc.PDFZCompress = previous


def _inflates_to(compressed: bytes, data: bytes) -> bool:
    """Tell whether compressed bytes inflate to exactly `data` (reading no more than that and one byte)."""
    inflater = zlib.decompressobj()
    try:
        inflated = inflater.decompress(compressed, len(data) + 1)
    except zlib.error:
        return False
    return inflated == data and inflater.eof and not inflater.unused_data and not inflater.unconsumed_tail


def _read(folder: Path) -> dict[bytes, bytes]:
    """The streams of the stored entry by their hashes, when it is sound; else none (each is checked when used)."""
    raw = read_entry(folder, _name() + SUFFIX, MAX_KEPT_BYTES + 2**20)
    try:
        entry = checked_entry(raw, _versions()) if raw is not None else None
    except ValueError:
        return {}
    streams: dict[bytes, bytes] = {}
    body, offset = (entry[1] if entry is not None else b""), 0
    while offset + RECORD.size <= len(body):
        digest, length = RECORD.unpack_from(body, offset)
        offset += RECORD.size
        streams[digest] = body[offset:offset + length]
        offset += length
    return streams


def _versions() -> dict[str, Any]:
    """What the entry must have been written for: pnp and zlib."""
    return {"format": FORMAT, "pnp": pnp.__version__, "zlib": zlib.ZLIB_RUNTIME_VERSION}


def _name() -> str:
    """The entry's name: the hash of its versions."""
    return hashlib.sha256(repr(sorted(_versions().items())).encode()).hexdigest()
