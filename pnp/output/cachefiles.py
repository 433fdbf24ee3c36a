"""Cache entries kept between runs in the output folder's `.pnp-cache/` (parsed fonts, edge colours, SVG art).

An entry is data, never code, keyed by the content it stands for: it is read only from real folders (a link or
odd file on the way disables the cache), used only when its key, versions and shape check out, and written
atomically after a build has succeeded; each folder keeps its newest entries. A folder that cannot be written is
left as it is: a cache is an optimisation.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import stat
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any, Generic, TypeVar

Store = TypeVar("Store")

CACHE_FOLDER = ".pnp-cache"
MAX_ENTRY_BYTES = 64 * 2**20  # far above a full CJK font's entry (about 1 MB), far below memory trouble
STALE_PART_SECONDS = 3600.0  # a half-written entry this old is a killed run's: removed when entries are written
NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def finite_json(data: bytes) -> Any:
    """JSON read from a cache entry, NaN and infinities refused (a ValueError): they are no entry's values."""
    return json.loads(data, parse_constant=_refused)


def checked_entry(raw: bytes, expected: dict[str, Any]) -> tuple[dict[str, Any], bytes] | None:
    """An entry's header and body when its header line carries the expected versions and key and its body's
    checksum, else None (a ValueError for a header that is no JSON)."""
    header, _, body = raw.partition(b"\n")
    found = finite_json(header)
    if not isinstance(found, dict) or {name: found.get(name) for name in (*expected, "sum")} != {
            **expected, "sum": hashlib.sha256(body).hexdigest()}:
        return None
    return found, body


def made_entry(expected: dict[str, Any], body: bytes, **described: Any) -> bytes:
    """An entry as checked_entry reads it: a line of JSON (the versions and key, the body's checksum and what else
    describes the body), then the body."""
    header = {**expected, "sum": hashlib.sha256(body).hexdigest(), **described}
    return json.dumps(header, separators=(",", ":")).encode() + b"\n" + body


def _refused(constant: str) -> None:
    """Refuse a NaN or infinity."""
    raise ValueError(constant)


def own_folder(folder: Path, make: bool = False) -> bool:
    """Tell whether the cache folder (and .pnp-cache above it) are real folders, made when asked."""
    for path in (folder.parent, folder):
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            if not make:
                return False
            os.mkdir(path)
            mode = os.lstat(path).st_mode
        except OSError:  # a file where a folder belongs above it, or a folder that may not be read: no cache
            return False
        if not stat.S_ISDIR(mode):
            return False  # a link or a file: never read or written through
    return True


def read_entry(folder: Path, name: str, limit: int = MAX_ENTRY_BYTES) -> bytes | None:
    """An entry's bytes when it is a regular file of at most `limit` bytes in a real cache folder, else None."""
    if not own_folder(folder):
        return None
    try:
        handle = os.open(folder / name, os.O_RDONLY | NO_FOLLOW)
    except OSError:
        return None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return None
        with os.fdopen(os.dup(handle), "rb") as stream:
            data = stream.read(limit + 1)
        return data if len(data) <= limit else None  # grown since it was measured
    except OSError:
        return None
    finally:
        os.close(handle)


def save_entries(folder: Path, entries: dict[str, bytes], suffix: str, limit: int) -> None:
    """Write entries (by digest) atomically as DIGEST + suffix, then keep the newest; a folder that cannot be
    written is left as it is: a cache is an optimisation, and the build itself has succeeded."""
    if not entries:
        return
    try:
        if own_folder(folder, make=True):
            for digest, payload in entries.items():
                write_atomically(folder, digest + suffix, payload)
            keep_newest(folder, suffix, limit)
    except OSError:
        pass


def write_atomically(folder: Path, name: str, payload: bytes) -> None:
    """Write a file under a temporary name in folder and rename it into place (a link there is replaced)."""
    handle, temp = tempfile.mkstemp(prefix=".", suffix=".part", dir=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
        os.replace(temp, folder / name)
    except BaseException:
        os.unlink(temp)
        raise


def keep_newest(folder: Path, suffix: str, limit: int) -> None:
    """Keep the newest `limit` entries; remove anything else but a recent half-written entry."""
    entries, now = [], time.time()
    for item in os.scandir(folder):
        info = item.stat(follow_symlinks=False)
        if item.name.endswith(".part") and stat.S_ISREG(info.st_mode):
            if now - info.st_mtime > STALE_PART_SECONDS:
                os.unlink(item.path)
        elif item.name.endswith(suffix) and stat.S_ISREG(info.st_mode):
            entries.append((info.st_mtime, item.path))
        elif not stat.S_ISDIR(info.st_mode):
            os.unlink(item.path)  # nothing but entries belongs here
    for _, path in sorted(entries, reverse=True)[limit:]:
        os.unlink(path)


@cache
def installed_hashes(files: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    """Each (package, file) of an installed package as its file's hash, read without importing the package: a
    cache entry made by other versions of the libraries that drew it is not taken ("missing" where not found)."""
    return tuple(_file_hash(package, name) for package, name in files)


def _file_hash(package: str, name: str) -> str:
    spec = importlib.util.find_spec(package)
    locations: Iterable[str] = list(spec.submodule_search_locations or []) if spec else []
    path = Path(next(iter(locations))) / name if locations else None
    return hashlib.sha256(path.read_bytes()).hexdigest() if path and path.is_file() else "missing"


class InUse(Generic[Store]):
    """Which cache of one kind reading and drawing look things up in (and add to): the store made current by kept()."""

    def __init__(self, name: str) -> None:
        self._active: ContextVar[Store | None] = ContextVar(name, default=None)

    @contextmanager
    def kept(self, store: Store | None) -> Iterator[Store | None]:
        """Within: `store` is the one in use (None: none is)."""
        token = self._active.set(store)
        try:
            yield store
        finally:
            self._active.reset(token)

    def store(self) -> Store | None:
        """The store in use here, if any."""
        return self._active.get()

