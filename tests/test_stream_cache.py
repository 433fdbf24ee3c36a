"""Compressed streams kept between builds: a rebuild compresses only what changed, and writes the same bytes."""

from __future__ import annotations

import hashlib
import zlib
from pathlib import Path

from pnp.build import workers
from pnp.build.builder import BuildOptions, build
from pnp.output import streamcache
from pnp.output.cachefiles import made_entry
from pnp.output.streamcache import RECORD, StreamStore

TEXT = b"q 1 0 0 1 8.5 8.5 cm /FormXob.F0 Do Q\n" * 100  # a stream long enough to keep


def _counting(monkeypatch) -> list[bytes]:
    """The streams long enough to keep that zlib compresses from now on."""
    compressed: list[bytes] = []
    compress = zlib.compress

    def counted(data: bytes) -> bytes:
        if len(data) >= streamcache.MIN_BYTES:
            compressed.append(data)
        return compress(data)
    monkeypatch.setattr(zlib, "compress", counted)
    return compressed


def test_a_kept_stream_is_taken_as_zlib_made_it(tmp_path, monkeypatch):
    expected, other = zlib.compress(TEXT), zlib.compress(TEXT + b"x")
    store = StreamStore(tmp_path / "streams")
    assert store.compressed(TEXT) == expected
    store.save()
    compressed = _counting(monkeypatch)
    again = StreamStore(tmp_path / "streams")
    assert again.compressed(TEXT) == expected and compressed == []
    assert again.compressed(TEXT + b"x") == other and compressed == [TEXT + b"x"]


def test_a_short_stream_is_compressed_afresh_and_not_kept(tmp_path):
    store = StreamStore(tmp_path / "streams")
    assert store.compressed(b"0 0 m S") == zlib.compress(b"0 0 m S") and store.pending == {}
    store.save()
    assert not (tmp_path / "streams").exists()


def _entry_with(tmp_path: Path, digest: bytes, data: bytes) -> None:
    """Write the store's entry holding one stream under `digest`, its header as pnp writes it."""
    folder = tmp_path / "streams"
    folder.mkdir(parents=True, exist_ok=True)
    body = RECORD.pack(digest, len(data)) + data
    (folder / (streamcache._name() + streamcache.SUFFIX)).write_bytes(made_entry(streamcache._versions(), body))


def test_a_stream_kept_under_the_wrong_hash_is_not_used(tmp_path):
    other = b"BT /F1 9 Tf (forged) Tj ET\n" * 100
    _entry_with(tmp_path, hashlib.sha256(TEXT).digest(), zlib.compress(other))
    assert StreamStore(tmp_path / "streams").compressed(TEXT) == zlib.compress(TEXT)


def test_a_kept_stream_that_inflates_past_the_bytes_or_not_at_all_is_not_used(tmp_path):
    for kept in (zlib.compress(TEXT + b"more"), zlib.compress(TEXT)[:-4], b"not zlib", zlib.compress(TEXT) + b"x"):
        _entry_with(tmp_path, hashlib.sha256(TEXT).digest(), kept)
        assert StreamStore(tmp_path / "streams").compressed(TEXT) == zlib.compress(TEXT)


def test_what_one_process_keeps_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(streamcache, "MAX_KEPT_BYTES", 200)
    store = StreamStore(tmp_path / "streams")
    for n in range(20):
        store.compressed(TEXT + str(n).encode() * 50)
    assert 0 < sum(map(len, store.pending.values())) <= 200


def test_a_rebuild_compresses_only_what_changed_and_the_workers_streams_are_kept(repo, tmp_path, monkeypatch):
    game = [repo.load_game("eitsuku")]
    build(repo, game, BuildOptions(tmp_path / "workers"))
    monkeypatch.setattr(workers, "every_core", lambda: 1)  # every stream compressed here, where it is counted
    first = _counting(monkeypatch)
    build(repo, game, BuildOptions(tmp_path / "out"))
    files = {p: p.read_bytes() for p in sorted((tmp_path / "out" / "eitsuku").rglob("*.pdf"))}
    first_count = len(first)
    first.clear()
    build(repo, game, BuildOptions(tmp_path / "out"))
    assert {p: p.read_bytes() for p in files} == files
    assert first_count > 100 and first == []  # every kept stream of the rebuild inflated to its bytes
    kept = [streamcache._read(tmp_path / name / ".pnp-cache" / "streams") for name in ("workers", "out")]
    assert len(kept[0]) > 100 and set(kept[0]) == set(kept[1])  # those the workers compressed came back
