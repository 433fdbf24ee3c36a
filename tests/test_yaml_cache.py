"""Parsed YAML kept in the output folder: the same values as parsing, for every shipped file, taken only when
sound, written only for what JSON keeps exactly, and the same build bytes with the cache cold or warm."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT, copy_games

from pnp.cli.main import main
from pnp.data import yamlcache
from pnp.data.yamlcache import YAML_CACHES, YamlCache, decoded, encoded
from pnp.data.yamlfile import load_yaml
from pnp.limits import MAX_YAML_NODES

SHIPPED = sorted([*ROOT.glob("layouts/*/*.yaml"), *ROOT.glob("card_data/*/game.yaml")])


def same(a, b) -> bool:
    """Equal, with the same types and the same key order all the way down."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[key], b[key]) for key in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return repr(a) == repr(b)  # a float to the last digit, and NaN as NaN


def through_cache(folder: Path, text: str):
    """The text parsed with a cache in use; the cache saved."""
    with YAML_CACHES.kept(YamlCache(folder)) as cache:
        value = load_yaml(text, "layouts/g/cards.yaml")
    cache.save()
    return value


def test_every_shipped_yaml_file_comes_back_from_the_cache_as_parsing_gives_it(tmp_path):
    texts = [path.read_text(encoding="utf-8") for path in SHIPPED]
    parsed = [load_yaml(text, "x") for text in texts]
    cold = [through_cache(tmp_path, text) for text in texts]
    assert len(list(tmp_path.iterdir())) == len(set(texts))  # each kept, whole numbers as keys too
    warm = [through_cache(tmp_path, text) for text in texts]
    assert all(same(a, b) and same(a, c) for a, b, c in zip(parsed, cold, warm))


NOT_KEPT = ["a: &x [1]\nb: *x\n", "d: 2024-01-01\n", ".nan: one\n", "n: .nan\n", "b: !!binary aGk=\n",
            "s: !!set {a, b}\n", "t: !!omap [{a: 1}]\n"]


@pytest.mark.parametrize("text", NOT_KEPT)
def test_what_json_would_not_give_back_exactly_is_not_kept(tmp_path, text):
    assert same(through_cache(tmp_path, text), load_yaml(text, "x"))
    assert not tmp_path.exists() or list(tmp_path.iterdir()) == []


def test_an_unsound_entry_is_ignored_and_the_text_parsed(tmp_path):
    text = "size: poker\nelements: [{type: rect, x: 1}]\n"
    entry = tmp_path / (yamlcache._digest(text) + yamlcache.SUFFIX)
    tmp_path.mkdir(exist_ok=True)
    big = '["l", ' + ",".join(["0"] * (MAX_YAML_NODES + 1)) + "]"
    for planted in (b"not json", b"{\"a\": 1}", b"[1, 2]", b"[NaN]", b"[" * 100000, big.encode(), b'["d", "a"]',
                    b'["d", [1], 2]', b'["l", {"a": 1}]', b" " * (yamlcache.MAX_ENTRY_BYTES + 1)):
        entry.write_bytes(planted)
        assert YamlCache(tmp_path).read(text) == (False, None)
        assert through_cache(tmp_path, text) == {"size": "poker", "elements": [{"type": "rect", "x": 1}]}
        entry.unlink()
    entry.write_bytes(b'["d", "size", "tarot"]')
    assert YamlCache(tmp_path).read(text) == (True, {"size": "tarot"})  # a sound entry is what that text parsed to


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="links need privileges on Windows")
def test_a_cache_folder_that_is_a_link_is_neither_read_nor_written(tmp_path):
    outside, link = tmp_path / "outside", tmp_path / "out" / ".pnp-cache" / "yaml"
    outside.mkdir()
    link.parent.mkdir(parents=True)
    link.symlink_to(outside, target_is_directory=True)
    text = "a: 1\n"
    (outside / (yamlcache._digest(text) + yamlcache.SUFFIX)).write_bytes(b'["d", "a", 2]')
    assert through_cache(link, text) == {"a": 1} and len(list(outside.iterdir())) == 1


def test_an_entry_gives_back_keys_of_every_type_and_refuses_what_it_could_not():
    value = {"a": [1, 2.5, True, None, "x", {"b": -0.0}], 2: 3, 1.5: "x", None: [], True: {}}
    assert same(decoded(encoded(value, set())), value)
    shared: list = []
    for bad in ([float("inf")], {float("nan"): 1}, (1,), {"a": shared, "b": shared}, b"x", {(1, 2): 3}):
        with pytest.raises(ValueError):
            encoded(bad, set())


def test_a_build_with_the_cache_warm_writes_the_same_bytes_and_reads_an_edited_layout_again(tmp_path):
    project = copy_games(tmp_path, "promotion", "standard_deck", layouts=True)
    out = tmp_path / "out"
    build = ["build", "promotion", "--project", str(project.root), "--out", str(out)]
    assert CliRunner().invoke(main, build).exit_code == 0
    first = {p: p.read_bytes() for p in sorted(out.rglob("*.pdf"))}
    assert any((out / ".pnp-cache" / "yaml").iterdir())
    assert CliRunner().invoke(main, build).exit_code == 0
    assert {p: p.read_bytes() for p in sorted(out.rglob("*.pdf"))} == first
    layout = next((project.root / "layouts" / "promotion").glob("*.yaml"))
    layout.write_text(layout.read_text(encoding="utf-8") + "\nunknown_key_here: 1\n", encoding="utf-8")
    result = CliRunner().invoke(main, build)
    assert result.exit_code == 1 and "unknown_key_here" in result.output


def test_a_failed_build_keeps_nothing_and_a_finished_one_keeps_what_it_parsed(tmp_path):
    from pnp.data.yamlcache import parsed_yaml_kept, yaml_cache_folder
    with pytest.raises(RuntimeError), parsed_yaml_kept(tmp_path):
        load_yaml("a: 1\n", "x")
        raise RuntimeError("the build stopped")
    assert not yaml_cache_folder(tmp_path).exists()
    with parsed_yaml_kept(tmp_path):
        load_yaml("a: 1\n", "x")
    assert len(list(yaml_cache_folder(tmp_path).iterdir())) == 1
