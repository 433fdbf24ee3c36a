"""The cards' texts laid out by a build, kept for the next: a rebuild lays out none and writes the same bytes, every
kept block of the shipped games comes back as it was laid out, and a kept block that does not hold the text, its
fonts' characters and widths, or the box is never used."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import pytest
from conftest import ROOT, made_once
from reportlab.lib import colors

from pnp.build.builder import BuildOptions, build, render_component
from pnp.face.render import Renderer
from pnp.output.cachefiles import CACHE_FOLDER
from pnp.project.games import Project
from pnp.text import layoutcache
from pnp.text.breaking import KnownParagraphs, paragraphs
from pnp.text.fit import Overflow, TextBlock, fit, parse_markup
from pnp.text.fontcache import FontCache
from pnp.text.fonts import FontBook
from pnp.text.layoutcache import RULES_LINES, LayoutStore, encoded, keyed, laid_out, rules_lines
from pnp.text.layoutcheck import decoded, decoded_lines
from pnp.text.lines import break_lines
from pnp.units import PAPER_SIZES, Size

TEXT = "「予算」を**2枚**引き、{red|手札}を1枚捨てる。\n次の手番まで、相手は『場』のカードを動かせない。"
BOX = (120.0, 60.0)
SIZES = (9.0, 6.0, 1.3, 4.0)  # size, min_size, leading, room


def settled(block: TextBlock) -> TextBlock:
    """The block as a kept one comes back: a phrase's parts, which only filling lines reads, left out."""
    return block._replace(lines=settled_lines(block.lines))


def settled_lines(lines) -> tuple:
    return tuple(line._replace(atoms=tuple(atom._replace(parts=()) for atom in line.atoms)) for line in lines)


def pdfs(out: Path) -> dict[str, bytes]:
    """Every PDF's bytes by its path inside out."""
    return {path.relative_to(out).as_posix(): path.read_bytes() for path in sorted(out.rglob("*.pdf"))}


def build_eitsuku(out: Path) -> dict[str, bytes]:
    project = Project(ROOT)
    build(project, [project.load_game("eitsuku")], BuildOptions(out))
    return pdfs(out)


@pytest.fixture(scope="module")
def first_build(tmp_path_factory) -> Path:
    """Eitsuku's output folder after a first build, made once: each case starts from a copy."""
    return made_once(tmp_path_factory, "layout-cache-first", build_eitsuku)


def test_a_rebuild_lays_out_no_text_and_writes_the_same_bytes(first_build, tmp_path, monkeypatch):
    out = tmp_path / "out"
    shutil.copytree(first_build, out)
    fresh = pdfs(out)
    entries = sorted((out / CACHE_FOLDER / "layouts").glob("*.layouts"))
    written = [entry.stat().st_mtime_ns for entry in entries]
    assert len(entries) == 2  # the cards' texts, and the rulebook's (set by its own worker on two processors)
    laid = []
    monkeypatch.setattr(layoutcache, "fit", lambda *args: laid.append(args) or fit(*args))
    assert build_eitsuku(out) == fresh
    assert laid == []  # no card's text laid out anew
    assert [entry.stat().st_mtime_ns for entry in entries] == written  # nor the rulebook's: nothing written


def test_every_block_of_the_shipped_games_comes_back_as_it_was_laid_out(tmp_path, monkeypatch):
    calls = []

    def recorded(runs, names, box, sizes, paragraphs, store):
        block = laid_out(runs, names, box, sizes, paragraphs, store)
        calls.append((runs, names, box, sizes, block))
        return block

    monkeypatch.setattr("pnp.face.render.laid_out", recorded)
    project, store = Project(ROOT), LayoutStore(tmp_path)
    renderer = Renderer(FontBook(FontCache(tmp_path / "fonts")), ROOT)
    renderer.layouts = store
    for name in project.game_names():  # every face of every game, as a build draws them on A4
        for component in project.load_game(name).components:
            render_component(component, renderer, Size(*PAPER_SIZES["a4"]), lambda done: None)
    store.save()
    kept = LayoutStore(tmp_path)
    assert len(calls) > 500
    for runs, names, box, sizes, block in calls:
        assert kept.block(keyed(runs, names, box, sizes), runs, box, sizes) == settled(block)


@pytest.fixture(scope="module")
def fonts(tmp_path_factory) -> FontBook:
    return FontBook(FontCache(tmp_path_factory.mktemp("fonts")))


def runs_of(fonts: FontBook, text: str = TEXT, red=colors.red) -> list:
    return parse_markup(text, fonts.get("regular", "test"), fonts.get("bold", "test"), colors.black,
                        {"red": red}, {})


def test_a_kept_block_is_the_block_laid_out_drawn_with_this_build_s_fonts_and_colours(fonts, tmp_path):
    runs = runs_of(fonts)
    store = LayoutStore(tmp_path)
    block = laid_out(runs, frozenset(), BOX, SIZES, KnownParagraphs(), store)
    assert block == fit(KnownParagraphs()(runs, frozenset()), *BOX, *SIZES)
    assert store.block(keyed(runs, frozenset(), BOX, SIZES), runs, BOX, SIZES) is block  # laid out by this build
    store.save()
    again = runs_of(fonts, red=colors.Color(1, 0, 0))  # an equal colour, another object: the block draws with it
    kept = LayoutStore(tmp_path).block(keyed(again, frozenset(), BOX, SIZES), again, BOX, SIZES)
    assert kept == settled(block)
    drawn = {id(run.color) for line in kept.lines for atom in line.atoms for run in atom.runs}
    assert drawn == {id(again[0].color), id(again[3].color)} and id(runs[3].color) not in drawn


def test_the_key_names_everything_a_layout_depends_on(fonts):
    runs = runs_of(fonts)
    key = keyed(runs, frozenset(), BOX, SIZES).key
    assert keyed(runs_of(fonts), frozenset(), BOX, SIZES).key == key  # the same text and fonts, other objects
    other_red = runs_of(fonts, red=colors.Color(0.9, 0, 0))
    black_too = runs_of(fonts, red=colors.Color(0, 0, 0))  # the red runs now equal their neighbours' colour
    assert keyed(other_red, frozenset(), BOX, SIZES).key == key
    changed = [keyed(runs_of(fonts, TEXT.replace("2枚", "3枚")), frozenset(), BOX, SIZES),
               keyed(runs, frozenset({"予算"}), BOX, SIZES), keyed(runs, frozenset(), (121.0, 60.0), SIZES),
               keyed(runs, frozenset(), (120.0, 61.0), SIZES), keyed(runs, frozenset(), BOX, (9.0, 6.5, 1.3, 4.0)),
               keyed(runs, frozenset(), BOX, (9.0, 6.0, 1.3, 5.0)), keyed(black_too, frozenset(), BOX, SIZES),
               keyed([runs[0]._replace(font=fonts.get("bold", "test")), *runs[1:]], frozenset(), BOX, SIZES)]
    assert len({found.key for found in changed} | {key}) == len(changed) + 1


def test_a_font_read_without_its_file_s_hash_keeps_no_layout(tmp_path, monkeypatch):
    runs = runs_of(FontBook())  # a book without a cache: its fonts are named by no hash ...
    for run in runs:  # ... unless a file saved earlier in this process hashed them for its subsets
        monkeypatch.setattr(run.font.ttf, "digest", None)
    assert keyed(runs, frozenset(), BOX, SIZES) is None
    store = LayoutStore(tmp_path)
    laid_out(runs, frozenset(), BOX, SIZES, KnownParagraphs(), store)
    assert store.pending == {}


def _tampered(value: list, how: str) -> list:
    """A kept block changed one way."""
    value = copy.deepcopy(value)
    first_line, first_atom = value[2][0], value[2][0][0][0]
    first_run = first_atom[0][0]
    if how == "another character":
        first_run[0] = "「決" + first_run[0][2:] if len(first_run[0]) > 1 else "決"
    elif how == "a character its font lacks":
        first_run[0] = first_run[0] + "♛"
    elif how == "a run in the bold font":
        first_run[1] = 1
    elif how == "a font that is not there":
        first_run[1] = 7
    elif how == "a line dropped":
        del value[2][-1]
    elif how == "no paragraph's end":
        value[2][-1][2] = False
    elif how == "a line too wide for the box":
        first_line[1] = first_line[1] * 3
    elif how == "an atom's width not its runs'":
        first_atom[1] = first_atom[1] + 1
    elif how == "larger than asked":
        value[0] = 10.0
    elif how == "smaller than allowed":
        value[0] = 5.0
    elif how == "another leading":
        value[1] = 1.5
    elif how == "a width that is text":
        first_line[1] = "wide"
    elif how == "no block's shape":
        value = {"lines": value}
    return value


TAMPERING = ["another character", "a character its font lacks", "a run in the bold font", "a font that is not there",
             "a line dropped", "no paragraph's end", "a line too wide for the box", "an atom's width not its runs'",
             "larger than asked", "smaller than allowed", "another leading", "a width that is text",
             "no block's shape"]


@pytest.mark.parametrize("how", TAMPERING)
def test_a_kept_block_that_does_not_hold_the_text_or_fit_the_box_is_not_used(fonts, tmp_path, how):
    runs = runs_of(fonts, "「予算」を**2枚**引く。\n次の手番まで、相手は『場』のカードを動かせない。")
    key = keyed(runs, frozenset(), BOX, SIZES)
    block = laid_out(runs, frozenset(), BOX, SIZES, KnownParagraphs(), None)
    value = encoded(block, key)
    assert decoded(json.loads(json.dumps(value)), key, runs, BOX, SIZES) == settled(block)
    assert decoded(_tampered(value, how), key, runs, BOX, SIZES) is None
    assert decoded(value, key, runs, (BOX[0], 20.0), SIZES) is None  # more lines than a lower box holds
    store = LayoutStore(tmp_path)  # kept so, the text is laid out as usual
    store.arrived[key.key] = json.dumps(_tampered(value, how))  # as a worker sends it
    store.save()
    assert LayoutStore(tmp_path).block(key, runs, BOX, SIZES) is None
    assert laid_out(runs, frozenset(), BOX, SIZES, KnownParagraphs(), LayoutStore(tmp_path)) == block


def test_an_entry_of_other_line_breaking_code_or_damaged_is_not_read(fonts, tmp_path, monkeypatch):
    runs = runs_of(fonts)
    key = keyed(runs, frozenset(), BOX, SIZES)
    store = LayoutStore(tmp_path)
    laid_out(runs, frozenset(), BOX, SIZES, KnownParagraphs(), store)
    store.save()
    (found,) = tmp_path.glob("*.layouts")
    data = found.read_bytes()
    for damaged in (data[:-3], data.replace(b"9.0", b"8.5", 1)[:len(data)], b"", b"not json\n{}"):
        found.write_bytes(damaged)
        assert LayoutStore(tmp_path).block(key, runs, BOX, SIZES) is None
    found.write_bytes(data)
    assert LayoutStore(tmp_path).block(key, runs, BOX, SIZES) is not None
    layoutcache._versions.cache_clear()
    monkeypatch.setattr(layoutcache, "LAYOUT_CODE", layoutcache.LAYOUT_CODE[:-1])  # the line breaking changed
    try:
        assert LayoutStore(tmp_path).block(key, runs, BOX, SIZES) is None
    finally:
        monkeypatch.undo()
        layoutcache._versions.cache_clear()


def test_text_that_does_not_fit_is_never_kept(fonts, tmp_path):
    runs = runs_of(fonts)
    store = LayoutStore(tmp_path)
    with pytest.raises(Overflow):
        laid_out(runs, frozenset(), (40.0, 10.0), SIZES, KnownParagraphs(), store)
    assert store.pending == {}


def test_the_entry_keeps_the_newest_blocks_up_to_its_bound(fonts, tmp_path, monkeypatch):
    monkeypatch.setattr(layoutcache, "MAX_BLOCKS", 2)
    texts = ["一枚引く。", "二枚引く。", "三枚引く。"]
    for text in texts:
        store = LayoutStore(tmp_path)
        laid_out(runs_of(fonts, text), frozenset(), BOX, SIZES, KnownParagraphs(), store)
        store.save()
    kept = LayoutStore(tmp_path)
    found = [kept.block(keyed(runs_of(fonts, text), frozenset(), BOX, SIZES), runs_of(fonts, text), BOX, SIZES)
             for text in texts]
    assert [block is not None for block in found] == [False, True, True]


def test_a_rulebook_s_lines_are_kept_apart_and_a_line_wider_than_asked_is_not_used(fonts, tmp_path):
    runs = runs_of(fonts)
    width = 15.0  # ems
    broken = break_lines(paragraphs(runs), width)
    store = LayoutStore(tmp_path, "rules")
    with RULES_LINES.kept(store):
        assert rules_lines(runs, width) == broken
    assert [*store.new_since(set())] == [keyed(runs, frozenset(), (width,), ()).key]  # a worker's, encoded
    store.save()
    assert LayoutStore(tmp_path).block(keyed(runs, frozenset(), BOX, SIZES), runs, BOX, SIZES) is None  # the cards'
    kept = LayoutStore(tmp_path, "rules")
    key = keyed(runs, frozenset(), (width,), ())
    assert kept.lines(key, runs, width) == settled_lines(broken)
    assert kept.lines(keyed(runs, frozenset(), (width + 1,), ()), runs, width + 1) is None  # another width
    assert len(broken) > 2 and decoded_lines(kept._found(key)[1], key, runs, width / 2) is None  # wider than asked
    with RULES_LINES.kept(kept):
        assert rules_lines(runs, width) == list(settled_lines(broken))
