"""BudouX's phrases a build keeps in its output folder: every text it set (its workers' included) kept after it
succeeds, the same bytes when read back, nothing kept used unless it splits its text."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import made_once

from pnp.build.builder import BuildOptions, build
from pnp.output.cachefiles import CACHE_FOLDER
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold
from pnp.text import phrasecache, phrases
from pnp.text.phrasecache import PhraseStore, phrases_kept

RULES = "# 遊び方\n\n手番では山札から一枚引き、手札を一枚場に出す。\n"
RULES_TEXT = "手番では山札から一枚引き、手札を一枚場に出す。"


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Project:
    """A new project's example deck with a rulebook."""
    folder = tmp_path_factory.mktemp("phrase-cache")
    scaffold(Project(folder), "demo")
    (folder / "card_data" / "demo" / "rules.md").write_text(RULES, encoding="utf-8")
    return Project(folder)


@pytest.fixture(scope="module")
def first_build(project, tmp_path_factory) -> Path:
    """The demo's output folder after a first build, made once: each case starts from a copy."""
    return made_once(tmp_path_factory, "phrase-cache-first",
                     lambda out: build(project, [project.load_game("demo")], BuildOptions(out)))


def pdfs(out: Path) -> dict[str, bytes]:
    """Every PDF's bytes by its path inside out."""
    return {path.relative_to(out).as_posix(): path.read_bytes() for path in sorted(out.rglob("*.pdf"))}


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
    assert texts[RULES_TEXT] == [len(chunk) for chunk in phrases._PARSER.parse(RULES_TEXT)]
    written = kept.stat().st_mtime_ns
    build(project, [project.load_game("demo")], BuildOptions(out))
    assert pdfs(out) == fresh
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
    with phrases_kept(read):  # a text kept with its lengths is set from them
        assert phrases.phrasing("あいうえお").starts == frozenset({0, 2})
    monkeypatch.setattr(phrasecache, "_versions", lambda: {"format": 0})  # written for another version: not read
    assert PhraseStore(tmp_path / "phrases").lengths("あいうえお") is None


def test_a_damaged_entry_is_not_read(tmp_path):
    store = PhraseStore(tmp_path / "phrases")
    store.remember("あいうえお", [2, 3])
    store.save()
    (found,) = (tmp_path / "phrases").glob("*.phrases")
    data = found.read_bytes()
    for damaged in (data[:-3], data.replace(b"[2,3]", b"[3,2]"), b"", b"not json\n{}"):
        found.write_bytes(damaged)
        assert PhraseStore(tmp_path / "phrases").lengths("あいうえお") is None


def test_the_entry_keeps_the_newest_texts_up_to_its_bound(tmp_path, monkeypatch):
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
