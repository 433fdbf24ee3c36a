"""The caches a build keeps in its output folder (parsed fonts, measured edges): same bytes with or without them,
never trusted blindly, never written outside the output folder, bounded in size."""

from __future__ import annotations

import os
import shutil
import struct
from pathlib import Path

import pytest
from conftest import ROOT, copy_games, made_once
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.build.builder import BuildOptions, build
from pnp.pdf.edgecache import EdgeCache, edges_folder, sound_values
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold
from pnp.text import fontcache, fonts
from pnp.text.fontcache import FontCache, cache_folder, font_digest

BUNDLED = ROOT / "fonts" / "BIZUDPGothic-Regular.ttf"


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Project:
    """A new project with its example deck."""
    folder = tmp_path_factory.mktemp("lean-cache")
    scaffold(Project(folder), "demo")
    return Project(folder)


@pytest.fixture
def hits(monkeypatch) -> list[bool]:
    """Every cache look-up of the builds that follow: True where an entry was used."""
    found: list[bool] = []
    read = FontCache.read

    def counted(self, digest, num_glyphs):
        info = read(self, digest, num_glyphs)
        found.append(info is not None)
        return info
    monkeypatch.setattr(FontCache, "read", counted)
    return found


def built(project: Project, out: Path, game: str = "demo") -> dict[str, bytes]:
    """Build a game (the demo) into out; every PDF's bytes by its path inside out."""
    build(project, [project.load_game(game)], BuildOptions(out))
    return {path.relative_to(out).as_posix(): path.read_bytes() for path in sorted(out.rglob("*.pdf"))}


def built_before(folder: Path, out: Path) -> dict[str, bytes]:
    """An output folder as a first build left it (a copy of folder, which one build filled); its PDFs' bytes."""
    shutil.copytree(folder, out, symlinks=True)
    return {path.relative_to(out).as_posix(): path.read_bytes() for path in sorted(out.rglob("*.pdf"))}


def entries(out: Path) -> list[Path]:
    """The font entries stored under an output folder."""
    return sorted(cache_folder(out).glob("*.fontdata"))


def test_a_build_from_the_cache_writes_the_same_bytes(project, tmp_path, hits):
    fresh = built(project, tmp_path / "out")
    assert hits == [False, False] and len(entries(tmp_path / "out")) == 2  # the bundled regular and bold
    assert built(project, tmp_path / "out") == fresh
    assert hits[2:] == [True, True]


def test_a_build_from_the_cache_never_makes_the_tables_only_reading_and_subsetting_use(project, first_build,
                                                                                       tmp_path, monkeypatch):
    made: list[str] = []
    make = fonts.KeptFace.__getattr__

    def recorded(self, name):
        made.append(name)
        return make(self, name)
    monkeypatch.setattr(fonts.KeptFace, "__getattr__", recorded)
    fresh = built_before(first_build, tmp_path / "out")
    assert built(project, tmp_path / "out") == fresh
    assert "glyphToChar" not in made and "hmetrics" not in made and "glyphPos" not in made


@pytest.fixture(scope="module")
def first_build(project, tmp_path_factory) -> Path:
    """The demo's output folder after a first build, made once: every damaged-entry case starts from a copy."""
    return made_once(tmp_path_factory, "lean-cache-first", lambda out: built(project, out))


@pytest.mark.parametrize("damage", ["truncated", "flipped", "garbage", "empty", "other version"])
def test_a_damaged_entry_is_ignored_and_written_anew(project, first_build, tmp_path, hits, damage):
    fresh = built_before(first_build, tmp_path / "out")
    entry = entries(tmp_path / "out")[0]
    data = entry.read_bytes()
    damaged = {"truncated": data[:-9], "flipped": data[:-100] + bytes([data[-100] ^ 1]) + data[-99:],
               "garbage": os.urandom(len(data)), "empty": b"",
               "other version": data.replace(b'"format":', b'"format":9', 1)}[damage]
    entry.write_bytes(damaged)
    assert built(project, tmp_path / "out") == fresh
    assert hits.count(False) == 1  # the damaged entry only (the first build was not counted)
    assert entry.read_bytes() == data  # parsed again and stored again


def test_an_entry_whose_values_no_font_has_is_refused(tmp_path):
    """A self-consistent entry (its checksum matching) with a glyph past the font's last is still refused."""
    data = BUNDLED.read_bytes()
    digest, store = font_digest(data), FontCache(tmp_path / "fonts")
    face = fonts._parsed("pnp-test", data, str(BUNDLED), store).face
    (tmp_path / "fonts").mkdir()
    values = fontcache._encoded(face)
    (tmp_path / "fonts" / f"{digest}.fontdata").write_bytes(fontcache.entry_bytes(digest, values))
    assert store.read(digest, face.numGlyphs) is not None  # as written, the entry is sound
    values["glyphs"][0] = face.numGlyphs  # one past the last glyph
    (tmp_path / "fonts" / f"{digest}.fontdata").write_bytes(fontcache.entry_bytes(digest, values))
    assert store.read(digest, face.numGlyphs) is None


LATE_DAMAGE = [  # a section read only when subsetting or shaping first needs it, each with a value no font has
    ("glyph_pos", "glyphPos", lambda values, face: values.__setitem__(-1, 2**40)),
    ("glyph_pos", "glyphPos", lambda values, face: values.pop()),
    ("owners", "glyphToChar", lambda values, face: values.__setitem__(0, face.numGlyphs)),
    ("counts", "glyphToChar", lambda values, face: values.__setitem__(0, values[0] + 1)),
    ("advances", "hmetrics", lambda values, face: values.__setitem__(5, 1e300 * 1e10)),
    ("advances", "hmetrics", lambda values, face: values.append(500)),
    ("bearings", "hmetrics", lambda values, face: values.__setitem__(3, -1)),
]


@pytest.mark.parametrize("section, name, damage", LATE_DAMAGE)
def test_a_section_read_late_with_values_no_font_has_gives_way_to_the_fonts_own_table(tmp_path, section, name,
                                                                                      damage):
    """A self-consistent entry (its checksum matching) is taken, the sections every build reads being sound; the
    damaged one, once read, is the font's own table instead."""
    data = BUNDLED.read_bytes()
    digest, store = font_digest(data), FontCache(tmp_path / "fonts")
    parsed = fonts._parsed("pnp-test", data, str(BUNDLED), store).face
    values = {key: list(section_values) for key, section_values in fontcache._encoded(parsed).items()}  # copies
    damage(values[section], parsed)
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / f"{digest}.fontdata").write_bytes(fontcache.entry_bytes(digest, values))
    cached = fonts._parsed("pnp-test", data, str(BUNDLED), store).face
    assert isinstance(cached, fonts.KeptFace) and name not in vars(cached)
    found = getattr(cached, name)
    assert found == getattr(parsed, name) and type(found) is type(getattr(parsed, name))
    assert cached.makeSubset([ord(c) for c in "遊戯カード"]) == parsed.makeSubset([ord(c) for c in "遊戯カード"])


def test_the_cached_face_is_the_parsed_face(tmp_path):
    """Every attribute reportlab reads, of the same types, for both bundled fonts."""
    store = FontCache(tmp_path / "fonts")
    for path in (BUNDLED, BUNDLED.with_name("BIZUDPGothic-Bold.ttf")):
        data = path.read_bytes()
        parsed = fonts._parsed("pnp-test", data, str(path), store)
        store.save()
        cached = fonts._parsed("pnp-test", data, str(path), store)
        assert not store.pending  # read from the entry, not parsed again
        for name, kept_as in (("glyphToChar", fontcache.KEPT_OWNERS), ("hmetrics", fontcache.KEPT_METRICS),
                              ("glyphPos", fontcache.KEPT_POSITIONS)):
            kept = vars(cached.face)[kept_as]  # made when first read
            assert name not in vars(cached.face)
            assert getattr(cached.face, name) == getattr(parsed.face, name)
            assert kept_as not in vars(cached.face) and kept
        expected, found = dict(vars(parsed.face)), dict(vars(cached.face))
        assert expected.pop("_pdfScale")(1234) == found.pop("_pdfScale")(1234)
        assert found == expected
        assert all(type(found[name]) is type(value) for name, value in expected.items())
        assert [type(v) for v in found["hmetrics"][-1]] == [type(v) for v in expected["hmetrics"][-1]]
        font_vars = {k: v for k, v in vars(cached).items() if k not in ("face", "state", "encoding")}
        assert font_vars == {k: v for k, v in vars(parsed).items() if k not in ("face", "state", "encoding")}


def test_a_cached_face_makes_the_same_subsets_from_its_lent_glyph_table(tmp_path):
    """Subsets as the parsed face makes them, for both bundled fonts (whose mapped glyphs are none composite: a
    composite glyph's slice is changed as bytes, which the view's slices are)."""
    store = FontCache(tmp_path / "fonts")
    for path in (BUNDLED, BUNDLED.with_name("BIZUDPGothic-Bold.ttf")):
        data = path.read_bytes()
        parsed = fonts._parsed("pnp-test", data, str(path), store).face
        store.save()
        cached = fonts._parsed("pnp-test", data, str(path), store).face
        assert isinstance(cached, fonts.KeptFace) and not isinstance(parsed, fonts.KeptFace)
        for subset in ([ord(c) for c in "遊戯カード、「予算」"], sorted(parsed.charToGlyph)[:300], [0x10FFFF, 65]):
            assert cached.makeSubset(subset) == parsed.makeSubset(subset)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.none(), st.integers(-60, 60)), st.one_of(st.none(), st.integers(-60, 60)),
       st.one_of(st.none(), st.integers(-3, 3).filter(bool)))
def test_a_lent_table_slices_as_the_table_copy_does(first, end, step):
    data = bytes(range(256))
    part = fonts._TableView(data, 100, 40)[first:end:step]
    assert type(part) is bytes and part == data[100:140][first:end:step]


def test_a_linked_cache_folder_is_never_written_through(project, tmp_path, hits):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    out = tmp_path / "out"
    fresh = built(project, tmp_path / "plain")
    out.mkdir()
    (out / fontcache.CACHE_FOLDER).symlink_to(outside, target_is_directory=True)
    assert built(project, out) == fresh
    assert list(outside.iterdir()) == [] and hits == [False] * 4


def test_a_linked_entry_is_not_read_and_is_replaced_not_written_through(project, tmp_path, hits):
    out = tmp_path / "out"
    fresh = built(project, out)
    outside = tmp_path / "outside.fontdata"
    for entry in entries(out):
        outside.write_bytes(entry.read_bytes())
        entry.unlink()
        entry.symlink_to(outside)
    before = outside.read_bytes()
    assert built(project, out) == fresh
    assert hits[2:] == [False, False]  # a link is never followed
    assert outside.read_bytes() == before and not any(entry.is_symlink() for entry in entries(out))


def test_the_cache_keeps_at_most_its_bound(tmp_path):
    folder = tmp_path / "out" / fontcache.CACHE_FOLDER / "fonts"
    folder.mkdir(parents=True)
    for number in range(fontcache.MAX_ENTRIES + 5):
        (folder / f"{number:064x}.fontdata").write_bytes(b"old")
        os.utime(folder / f"{number:064x}.fontdata", (number, number))
    (folder / "stray.txt").write_bytes(b"not an entry")
    store = FontCache(folder)
    store.pending["f" * 64] = b"new"
    store.save()
    kept = sorted(path.name for path in folder.iterdir())
    assert len(kept) == fontcache.MAX_ENTRIES and "f" * 64 + ".fontdata" in kept and "stray.txt" not in kept
    assert f"{0:064x}.fontdata" not in kept  # the oldest went first


@pytest.fixture(scope="module")
def butted(tmp_path_factory) -> Project:
    """A project with a deck whose sheets are butted where the cards' edges match: its faces are sampled."""
    return copy_games(tmp_path_factory.mktemp("lean-edges"), "standard_deck", layouts=True)


@pytest.fixture
def edge_hits(monkeypatch) -> list[bool]:
    """Every edge-cache look-up of the builds that follow: True where an entry was used."""
    found: list[bool] = []
    read = EdgeCache.read

    def counted(self, pdf, faces, sides):
        colours = read(self, pdf, faces, sides)
        found.append(colours is not None)
        return colours
    monkeypatch.setattr(EdgeCache, "read", counted)
    return found


def test_edges_from_the_cache_give_the_same_bytes(butted, tmp_path, edge_hits):
    fresh = built(butted, tmp_path / "out", "standard_deck")
    stored = sorted(edges_folder(tmp_path / "out").glob("*.edges"))
    assert stored and not any(edge_hits)
    assert built(butted, tmp_path / "out", "standard_deck") == fresh
    assert edge_hits[len(stored):] == [True] * len(stored)


@pytest.fixture(scope="module")
def first_deck_build(butted, tmp_path_factory) -> Path:
    """The deck's output folder after a first build, made once: every damaged-entry case starts from a copy."""
    return made_once(tmp_path_factory, "lean-edges-first", lambda out: built(butted, out, "standard_deck"))


@pytest.mark.parametrize("damage", [b"", b"garbage", b"[]", b"[[[], []]]", b"[[[[[NaN, 0.0, 0.0]]]]]", "short",
                                    "NaN", "infinity", "out of bounds"])
def test_a_damaged_edge_entry_is_ignored_and_written_anew(butted, first_deck_build, tmp_path, edge_hits, damage):
    fresh = built_before(first_deck_build, tmp_path / "out")
    entry = sorted(edges_folder(tmp_path / "out").glob("*.edges"))[0]
    data = entry.read_bytes()
    entry.write_bytes(damage if isinstance(damage, bytes) else _damaged(data, damage))
    assert built(butted, tmp_path / "out", "standard_deck") == fresh
    assert False in edge_hits and entry.read_bytes() == data  # the second build's look-ups only


def _damaged(data: bytes, how: str) -> bytes:
    """An entry's values with one changed (or its last value cut off), its length otherwise right."""
    if how == "short":
        return data[:-8]
    value = {"NaN": float("nan"), "infinity": float("inf"), "out of bounds": 1000.0}[how]
    return data[:8] + struct.pack("<d", value) + data[16:]


def test_edge_colours_are_finite_numbers_within_bounds():
    assert sound_values([50.0, -20.5, 999.9])
    for bad in ([float("nan"), 0.0, 0.0], [float("inf"), 0.0, 0.0], [0.0, float("-inf"), 0.0],
                [float("inf"), float("-inf"), 0.0], [0.0, 0.0, 1000.0], [0.0, -1000.0, 0.0], [1e308, 1e308, 0.0]):
        assert not sound_values(bad), bad


@pytest.mark.parametrize("runs, values", [([[1.5, 1], [1.5, 1]], (500.0, 250.0, 1000.0)),
                                          ([[3, 1]], (500.0, 250.5, 1000.0))])
def test_a_section_read_late_with_runs_no_entry_writes_is_of_another_shape(runs, values):
    """Runs whose lengths are no whole numbers, or that make a number with a fraction an integer, give no table."""
    packed = fontcache.Packed("advances", runs, struct.pack("<3d", *values))
    bearings = fontcache.Packed("bearings", [[3, 1]], struct.pack("<3q", 0, 1, 2))
    assert fontcache.horizontal_metrics(3, packed, bearings) is None
    whole = fontcache.Packed("advances", [[3, 1]], struct.pack("<3d", 500.0, 250.0, 1000.0))
    assert fontcache.horizontal_metrics(3, whole, bearings) == [(500, 0), (250, 1), (1000, 2)]
