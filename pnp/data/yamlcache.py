"""Parsed YAML kept between builds in the output folder's `.pnp-cache/yaml/`, keyed by the text's hash.

Parsing a game's manifest and layouts is a good part of loading it. An entry is the parsed value in JSON, each
mapping written as ["d", key, value, ...] and each list as ["l", item, ...] so that keys keep their types (a
manifest's `hand: {2: 3}` has whole numbers as keys). It is written only for a document of mappings, lists, text,
whole and finite numbers, true, false and null with no value in two places (no `*alias`), and used when its key
(the text, pnp's and PyYAML's versions) matches and it holds no more values than a YAML file may. Anything else
is ignored and the text parsed as usual. Entries are written after a build succeeds.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import pnp
from pnp.limits import MAX_YAML_BYTES, MAX_YAML_NODES
from pnp.output.cachefiles import CACHE_FOLDER, InUse, finite_json, installed_hashes, read_entry, save_entries

FORMAT = 1
SUFFIX = ".yaml.json"
MAX_ENTRIES = 256  # YAML files remembered (a game has about 20); the oldest go first
MAX_ENTRY_BYTES = 8 * MAX_YAML_BYTES  # a file's value as JSON: about the size of its text, far below this
PARSER = (("yaml", "__init__.py"),)  # PyYAML's version, found without importing it

YAML_CACHES: InUse[YamlCache] = InUse("yaml_cache")  # the cache every YAML text parsed is looked up in first


@dataclass(eq=False)
class YamlCache:
    """The parsed-YAML entries of one output folder: read before parsing, written after the build succeeds."""

    folder: Path
    pending: dict[str, bytes] = field(default_factory=dict)

    def read(self, text: str) -> tuple[bool, Any]:
        """(True, the value) when a sound entry for the text is stored, else (False, None)."""
        raw = read_entry(self.folder, _digest(text) + SUFFIX, MAX_ENTRY_BYTES)
        if raw is None:
            return False, None
        try:
            return True, decoded(finite_json(raw))
        except (ValueError, TypeError, RecursionError):
            return False, None

    def remember(self, text: str, value: Any) -> None:
        """Keep a freshly parsed value, to be written by save(), when its entry gives it back exactly."""
        try:
            entry = json.dumps(encoded(value, set()), ensure_ascii=False, separators=(",", ":")).encode()
        except (ValueError, RecursionError):
            return
        self.pending[_digest(text)] = entry

    def save(self) -> None:
        """Write the remembered entries atomically; a folder that cannot be written is left as it is."""
        save_entries(self.folder, self.pending, SUFFIX, MAX_ENTRIES)
        self.pending = {}


def yaml_cache_folder(output_root: Path) -> Path:
    """The parsed-YAML cache's folder inside an output root."""
    return output_root / CACHE_FOLDER / "yaml"


@contextmanager
def parsed_yaml_kept(output_root: Path) -> Iterator[YamlCache]:
    """Within (a build's loading and building): YAML read through the output folder's cache, which is written when
    the block ends without an error."""
    cache = YamlCache(yaml_cache_folder(output_root))
    with YAML_CACHES.kept(cache):
        yield cache
    cache.save()


@lru_cache(maxsize=MAX_ENTRIES)
def _digest(text: str) -> str:
    """The key of an entry (once a text: a miss reads, then remembers): the text, the format and the versions."""
    return hashlib.sha256(_versions() + b"\0" + text.encode("utf-8", "surrogatepass")).hexdigest()


@cache
def _versions() -> bytes:
    """The entry format and the versions of pnp and PyYAML, as a key's prefix."""
    return json.dumps([FORMAT, pnp.__version__, list(installed_hashes(PARSER))]).encode()


def encoded(value: Any, seen: set[int]) -> Any:
    """A parsed value as its entry holds it; a ValueError for what the entry could not give back exactly (another
    type, a number that is not finite, a list or mapping in two places)."""
    kind = type(value)
    if kind is dict or kind is list:
        if id(value) in seen:
            raise ValueError("a value in two places")
        seen.add(id(value))
        if kind is list:
            return ["l", *(encoded(item, seen) for item in value)]
        return ["d", *(part for key, item in value.items() for part in (_scalar(key), encoded(item, seen)))]
    return _scalar(value)


def _scalar(value: Any) -> Any:
    """Text, a whole or finite number, a boolean or None as it is; a ValueError for anything else."""
    kind = type(value)
    if not (value is None or kind in (str, int, float, bool)) or (kind is float and not math.isfinite(value)):
        raise ValueError("not a JSON scalar")
    return value


def decoded(entry: Any) -> Any:
    """The parsed value an entry holds; a ValueError for an entry of another shape or with more values than a YAML
    file may hold."""
    count = [0]

    def value(item: Any) -> Any:
        count[0] += 1
        if count[0] > MAX_YAML_NODES:
            raise ValueError("more values than a YAML file holds")
        if type(item) is dict:
            raise ValueError("a JSON object, which no entry holds")
        if type(item) is not list:
            return item  # text, a number, a boolean or None
        if item[:1] == ["l"]:
            return [value(part) for part in item[1:]]
        if item[:1] != ["d"] or len(item) % 2 == 0 or any(type(key) in (list, dict) for key in item[1::2]):
            raise ValueError("not an entry's mapping")
        count[0] += (len(item) - 1) // 2  # the keys
        return {key: value(part) for key, part in zip(item[1::2], item[2::2])}

    return value(entry)
