"""The caches a build keeps for the next one: every font subset its PDFs embed and every text it set (those its
workers made included) kept after it succeeds, the same bytes when read back, a damaged entry never trusted."""

from __future__ import annotations

import json
import re
import shutil
import zlib
from pathlib import Path

import pytest
from conftest import made_once

from pnp.build.builder import BuildOptions, build
from pnp.output.cachefiles import CACHE_FOLDER
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold
from pnp.text import phrasecache, phrases
from pnp.text.fonts import FontBook
from pnp.text.phrasecache import PHRASES, PhraseStore
from pnp.text.subsetcache import MAX_PROGRAM_BYTES, SubsetStore

RULES_TEXT = "手番では山札から一枚引き、手札を一枚場に出す。先に三点を集めた人が勝つ。"
RULES = f"# 遊び方\n\n{RULES_TEXT}\n"


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Project:
    """A new project's example deck with a rulebook, whose characters the cards do not use."""
    folder = tmp_path_factory.mktemp("build-caches")
    scaffold(Project(folder), "demo")
    (folder / "card_data" / "demo" / "rules.md").write_text(RULES, encoding="utf-8")
    return Project(folder)


def pdfs(out: Path) -> dict[str, bytes]:
    """Every PDF's bytes by its path inside out."""
    return {path.relative_to(out).as_posix(): path.read_bytes() for path in sorted(out.rglob("*.pdf"))}


def built(project: Project, out: Path) -> dict[str, bytes]:
    """Build the demo into out; its PDFs' bytes."""
    build(project, [project.load_game("demo")], BuildOptions(out))
    return pdfs(out)


def kept(out: Path) -> dict[str, tuple[int, bytes]]:
    """Each subset entry under an output folder: when it was written, and its bytes."""
    folder = out / CACHE_FOLDER / "subsets"
    return {path.name: (path.stat().st_mtime_ns, path.read_bytes()) for path in sorted(folder.glob("*.subset"))}


def embedded(pdfs: dict[str, bytes]) -> set[bytes]:
    """The subsets the PDFs embed, by their names (a six-letter tag made from the subset's characters, and the font)."""
    return {name for data in pdfs.values() for name in re.findall(rb"/BaseFont /([A-Z]{6}\+[\w-]+)", data)}


@pytest.fixture(scope="module")
def first_build(project, tmp_path_factory) -> Path:
    """The demo's output folder after a first build, made once: each case starts from a copy."""
    return made_once(tmp_path_factory, "build-caches-first", lambda out: built(project, out))


def test_every_subset_embedded_is_kept_and_a_rebuild_cuts_none(project, first_build, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(first_build, out)
    fresh = pdfs(out)
    before = kept(out)
    assert any("rulebook" in name for name in fresh)  # set by its own worker where there are two processors
    assert len(before) == len(embedded(fresh)) >= 3  # the rulebook's characters are in subsets of their own
    assert built(project, out) == fresh
    assert kept(out) == before  # nothing cut again and written anew, here or in a worker


def _damaged(entry: bytes, damage: str) -> bytes:
    """An entry damaged one way; the crafted ones carry a checksum that matches their body."""
    header, _, body = entry.partition(b"\n")
    key = re.search(rb'"subset":"([0-9a-f]+)"', header).group(1).decode()
    crafted = {"not a font program": zlib.compress(b"not a font program"),
               "inflating past its bound": zlib.compress(b"\0\1\0\0" + bytes(MAX_PROGRAM_BYTES)),
               "data after its stream": body + b"more"}
    if damage in crafted:
        store = SubsetStore(Path("unused"))
        store.remember(key, crafted[damage])
        return store.pending[key]
    return {"truncated": entry[:-9], "flipped": entry[:-50] + bytes([entry[-50] ^ 1]) + entry[-49:], "empty": b"",
            "other version": entry.replace(b'"format":', b'"format":9', 1)}[damage]


@pytest.mark.parametrize("damage", ["truncated", "flipped", "empty", "other version", "not a font program",
                                    "inflating past its bound", "data after its stream"])
def test_a_damaged_subset_entry_is_ignored_and_written_anew(project, first_build, tmp_path, damage):
    out = tmp_path / "out"
    shutil.copytree(first_build, out)
    fresh = pdfs(out)
    before = kept(out)
    name = next(iter(before))
    (out / CACHE_FOLDER / "subsets" / name).write_bytes(_damaged(before[name][1], damage))
    assert built(project, out) == fresh
    after = kept(out)
    assert after[name][1] == before[name][1]  # cut again and kept again
    assert {key: value for key, value in after.items() if key != name} == {
        key: value for key, value in before.items() if key != name}  # the others read as they were


def test_subsets_are_kept_whichever_book_registered_the_fonts_first(project, tmp_path):
    """A book without a cache may register the bundled fonts first: the build's documents embed those, keyed by the
    hash of their own bytes."""
    FontBook()
    built(project, tmp_path / "out")
    assert kept(tmp_path / "out")


def entry(out: Path) -> Path:
    """The phrase entry under an output folder."""
    (found,) = (out / CACHE_FOLDER / "phrases").glob("*.phrases")
    return found


def test_every_text_set_is_kept_and_a_rebuild_finds_none_anew(project, first_build, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(first_build, out)
    fresh, kept = pdfs(out), entry(out)
    texts = json.loads(kept.read_bytes().partition(b"\n")[2])
    assert RULES_TEXT in texts  # set by the rulebook's own worker where there are two processors
    assert texts[RULES_TEXT] == [len(chunk) for chunk in phrases.budoux_parser().parse(RULES_TEXT)]
    written = kept.stat().st_mtime_ns
    assert built(project, out) == fresh
    assert kept.stat().st_mtime_ns == written  # no text was new, here or in a worker: nothing written


def test_kept_phrases_are_read_back_and_used_only_where_they_split_their_text(tmp_path, monkeypatch):
    store = PhraseStore(tmp_path / "phrases")
    for text, lengths in {"あいうえお": [2, 3], "かきくけこ": [2, 2], "さしすせそ": [5, 0], "たちつてと": [2.5, 2.5],
                          "なにぬねの": [-1, 6], "はひふへほ": [True, 4]}.items():
        store.remember(text, lengths)
    store.save()
    read = PhraseStore(tmp_path / "phrases")
    assert read.lengths("あいうえお") == (2, 3)
    unsound = ("かきくけこ", "さしすせそ", "たちつてと", "なにぬねの", "はひふへほ")
    assert [read.lengths(text) for text in unsound] == [None] * len(unsound)
    with PHRASES.kept(read):  # a text kept with its lengths is set from them
        assert phrases.phrasing("あいうえお").starts == frozenset({0, 2})
    monkeypatch.setattr(phrasecache, "_versions", lambda: {"format": 0})  # written for another version: not read
    assert PhraseStore(tmp_path / "phrases").lengths("あいうえお") is None


def test_a_damaged_phrase_entry_is_not_read(tmp_path):
    store = PhraseStore(tmp_path / "phrases")
    store.remember("あいうえお", [2, 3])
    store.save()
    (found,) = (tmp_path / "phrases").glob("*.phrases")
    data = found.read_bytes()
    for damaged in (data[:-3], data.replace(b"[2,3]", b"[3,2]"), b"", b"not json\n{}"):
        found.write_bytes(damaged)
        assert PhraseStore(tmp_path / "phrases").lengths("あいうえお") is None


def test_the_phrase_entry_keeps_the_newest_texts_up_to_its_bound(tmp_path, monkeypatch):
    monkeypatch.setattr(phrasecache, "MAX_TEXTS", 3)
    first = PhraseStore(tmp_path / "phrases")
    for text in ("いち", "にい", "さん"):
        first.remember(text, (len(text),))
    first.save()
    later = PhraseStore(tmp_path / "phrases")
    assert later.lengths("いち") == (2,)  # read before remembering: the entry's texts are kept behind the new ones
    later.remember("よん", (2,))
    later.save()
    kept = PhraseStore(tmp_path / "phrases")
    assert [kept.lengths(text) for text in ("よん", "いち", "にい", "さん")] == [(2,), (2,), (2,), None]
    unread = PhraseStore(tmp_path / "phrases")  # a store given only a worker's texts keeps the entry's too
    unread.pending["ご"] = (1,)
    unread.save()
    assert PhraseStore(tmp_path / "phrases").lengths("よん") == (2,)
