"""BudouX's phrases kept between builds in the output folder's `.pnp-cache/phrases/`, by paragraph text.

BudouX scores every character of a paragraph against its model to find where phrases begin: for a rulebook and a
deck's card texts that is a good part of setting them, and a rebuild sets the same texts again. The entry is one
file of JSON, never code: each text a build set, with the lengths of its phrases. It is read only when its versions
(pnp's and BudouX's model) and checksum match, and a text's lengths are used only when they are whole numbers above 0
that add up to the text's length. It is written after a build succeeds (the texts a worker set come back with its
result), the newest MAX_TEXTS texts kept.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pnp
from pnp.output.cachefiles import (
    CACHE_FOLDER,
    InUse,
    checked_entry,
    installed_hashes,
    made_entry,
    read_entry,
    save_entries,
)

FORMAT = 1
SUFFIX = ".phrases"
MAX_TEXTS = 4096  # paragraphs remembered (Eitsuku's cards and rulebook: about 400); the oldest go first
MAX_ENTRY_BYTES = 16 * 2**20
MODEL = (("budoux", "models/ja.json"), ("budoux", "parser.py"))  # BudouX's Japanese model and how it reads it
PHRASES: InUse[PhraseStore] = InUse("phrase_store")  # the phrase store texts are set with


@dataclass(eq=False)
class PhraseStore:
    """The phrases of one output folder's texts: read when first asked for, written after the build succeeds."""

    folder: Path
    pending: dict[str, tuple[int, ...]] = field(default_factory=dict)
    _known: dict[str, tuple[int, ...]] | None = None

    def lengths(self, text: str) -> tuple[int, ...] | None:
        """The lengths of the text's phrases when kept, else None."""
        if self._known is None:
            self._known = _read(self.folder)
        found = self.pending.get(text)
        return found if found is not None else self._known.get(text)

    def remember(self, text: str, lengths: tuple[int, ...]) -> None:
        """Keep a text's phrases, found now, to be written by save()."""
        self.pending[text] = lengths

    def new_since(self, before: set[str]) -> dict[str, tuple[int, ...]]:
        """The texts remembered since `before` (the texts pending then): a worker's, for the build to write."""
        return {text: lengths for text, lengths in self.pending.items() if text not in before}

    def save(self) -> None:
        """Write the texts remembered with those kept before (the newest first, at most MAX_TEXTS), atomically."""
        if not self.pending:
            return
        known = self._known if self._known is not None else _read(self.folder)
        kept = {**self.pending, **{text: lengths for text, lengths in known.items() if text not in self.pending}}
        texts = dict(list(kept.items())[:MAX_TEXTS])
        body = json.dumps(texts, ensure_ascii=False, separators=(",", ":")).encode()
        payload = made_entry(_versions(), body)
        if len(payload) <= MAX_ENTRY_BYTES:
            save_entries(self.folder, {_name(): payload}, SUFFIX, 4)
        self.pending = {}


def phrases_folder(output_root: Path) -> Path:
    """The phrase cache's folder inside an output root."""
    return output_root / CACHE_FOLDER / "phrases"




def _read(folder: Path) -> dict[str, tuple[int, ...]]:
    """The texts of the stored entry whose lengths split them, when the entry is sound; else none."""
    raw = read_entry(folder, _name() + SUFFIX, MAX_ENTRY_BYTES)
    if raw is None:
        return {}
    try:
        entry = checked_entry(raw, _versions())
        texts = json.loads(entry[1]) if entry is not None else {}
    except (ValueError, RecursionError):
        return {}
    if not isinstance(texts, dict):
        return {}
    return {text: tuple(lengths) for text, lengths in texts.items() if _sound(text, lengths)}


def _sound(text: Any, lengths: Any) -> bool:
    """Tell whether kept lengths split the text into phrases: whole numbers above 0 that add up to its length."""
    return (isinstance(text, str) and isinstance(lengths, list) and all(type(n) is int and n > 0 for n in lengths)
            and sum(lengths) == len(text))


@cache
def _versions() -> dict[str, Any]:
    """What the entry must have been written for."""
    return {"format": FORMAT, "pnp": pnp.__version__, "budoux": list(installed_hashes(MODEL))}


def _name() -> str:
    """The entry's name: its versions' hash."""
    return hashlib.sha256(json.dumps(_versions(), sort_keys=True).encode()).hexdigest()
