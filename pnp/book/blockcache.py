"""A rulebook's blocks kept between builds in the output folder's `.pnp-cache/rules/`, by the rules' Markdown text.

Reading a rules file takes loading markdown-it (some 20 to 30 ms) and parsing the text (some 10 ms), and a rebuild
reads the same text again. An entry is one file of JSON, never code, named by the text's hash: the blocks the text
was read into. It is read only when its versions (pnp's and markdown-it's) and checksum match, and used only when
every block has a block's shape (a known kind, text, whole numbers, table cells and alignments); else the text is
parsed as usual. It is written after a build succeeds (a worker's come back with its result), the newest
MAX_ENTRIES kept.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import astuple, dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pnp
from pnp.book.markdown import Block, parse_rules
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

FORMAT = 1
SUFFIX = ".blocks"
MAX_ENTRIES = 16  # rules files remembered (each game has one); the oldest go first
MAX_ENTRY_BYTES = 16 * 2**20
PARSER = (("markdown_it", "__init__.py"),)  # markdown-it's version: the file that names it
KINDS = {"heading", "paragraph", "item", "quote", "code", "table", "image", "rule"}
ALIGNS = {"left", "center", "right"}
BLOCKS: InUse[BlockStore] = InUse("block_store")  # the block store rules texts are read with


@dataclass(eq=False)
class BlockStore:
    """The blocks of one output folder's rules files: read when asked for, written after the build succeeds."""

    folder: Path
    pending: dict[str, bytes] = field(default_factory=dict)  # new entries, by name

    def blocks(self, text: str) -> list[Block] | None:
        """The blocks a rules text was read into when a sound entry is kept, else None."""
        raw = read_entry(self.folder, _name(text) + SUFFIX, MAX_ENTRY_BYTES)
        if raw is None:
            return None
        try:
            entry = checked_entry(raw, _versions())
            values = finite_json(entry[1]) if entry is not None else None
        except (ValueError, RecursionError):
            return None
        blocks = [block for value in values if (block := _block(value)) is not None] if isinstance(values, list) else []
        return blocks if isinstance(values, list) and len(blocks) == len(values) else None

    def remember(self, text: str, blocks: list[Block]) -> None:
        """Keep a text's blocks, read now, to be written by save()."""
        body = json.dumps([astuple(block) for block in blocks], ensure_ascii=False, separators=(",", ":")).encode()
        payload = made_entry(_versions(), body)
        if len(payload) <= MAX_ENTRY_BYTES:
            self.pending[_name(text)] = payload

    def new_since(self, before: set[str]) -> dict[str, bytes]:
        """The entries made since `before` (the names pending then): a worker's, for the build to write."""
        return {name: payload for name, payload in self.pending.items() if name not in before}

    def save(self) -> None:
        """Write the new entries atomically; a folder that cannot be written is left as it is."""
        save_entries(self.folder, self.pending, SUFFIX, MAX_ENTRIES)
        self.pending = {}


def blocks_folder(output_root: Path) -> Path:
    """The block cache's folder inside an output root."""
    return output_root / CACHE_FOLDER / "rules"


def rules_blocks(text: str) -> list[Block]:
    """The blocks of a rules text: those kept in the store in use, else the text parsed (and remembered there)."""
    store = BLOCKS.store()
    found = store.blocks(text) if store is not None else None
    if found is None:
        found = parse_rules(text)
        if store is not None:
            store.remember(text, found)
    return found


def _block(value: Any) -> Block | None:
    """A block from its kept values when they have a block's shape, else None."""
    if not (isinstance(value, list) and len(value) == 8):
        return None
    kind, text, line, level, marker, rows, aligns, source = value
    sound = (isinstance(kind, str) and kind in KINDS and all(isinstance(v, str) for v in (text, marker, source))
             and all(type(v) is int and v >= 0 for v in (line, level)) and isinstance(rows, list)
             and all(isinstance(row, list) and all(isinstance(cell, str) for cell in row) for row in rows)
             and isinstance(aligns, list) and all(isinstance(align, str) and align in ALIGNS for align in aligns))
    return Block(kind, text, line, level, marker, tuple(map(tuple, rows)), tuple(aligns), source) if sound else None


@cache
def _versions() -> dict[str, Any]:
    """What an entry must have been written for."""
    return {"format": FORMAT, "pnp": pnp.__version__, "markdown_it": list(installed_hashes(PARSER))}


def _name(text: str) -> str:
    """An entry's name: the hash of its versions and the rules text."""
    key = json.dumps(_versions(), sort_keys=True).encode() + b"\0" + text.encode("utf-8", "surrogatepass")
    return hashlib.sha256(key).hexdigest()
