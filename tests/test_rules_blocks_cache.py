"""A rulebook's blocks kept between builds: kept after a build succeeds (a worker's too), read back as parsed, a rebuild
needing no Markdown parser, an entry of another shape never trusted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.book import blockcache
from pnp.book.blockcache import BLOCKS, BlockStore, blocks_folder, rules_blocks
from pnp.book.markdown import parse_rules
from pnp.build import workers
from pnp.build.builder import BuildOptions, build
from pnp.output.cachefiles import made_entry
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold

ROOT = Path(__file__).resolve().parents[1]
RULES = "# 遊び方\n\n手番では山札から一枚引く。\n\n| 手 | 点 |\n|:--|--:|\n| 出す | 1 |\n\n1. 引く\n   - 出す\n"


@pytest.fixture
def project(tmp_path) -> Project:
    """A new project's example deck with a rulebook of a heading, a paragraph, a table and a nested list."""
    scaffold(Project(tmp_path / "project"), "demo")
    (tmp_path / "project" / "card_data" / "demo" / "rules.md").write_text(RULES, encoding="utf-8")
    return Project(tmp_path / "project")


def built(project: Project, out: Path) -> dict[str, bytes]:
    """Build the demo into out; its PDFs' bytes by their paths inside out."""
    build(project, [project.load_game("demo")], BuildOptions(out))
    return {path.relative_to(out).as_posix(): path.read_bytes() for path in sorted(out.rglob("*.pdf"))}


def test_a_rebuild_reads_the_rules_blocks_its_worker_kept_and_writes_the_same_bytes(project, tmp_path, monkeypatch):
    out = tmp_path / "out"
    fresh = built(project, out)  # the rulebook set by its own worker where there are two processors
    assert len(list(blocks_folder(out).glob("*.blocks"))) == 1
    assert BlockStore(blocks_folder(out)).blocks(RULES) == parse_rules(RULES)

    def parse(text):
        raise AssertionError("parsed again")
    monkeypatch.setattr(blockcache, "parse_rules", parse)
    monkeypatch.setattr(workers, "every_core", lambda: 1)  # the rulebook set here, under this test's patch
    assert built(project, out) == fresh


@pytest.mark.parametrize("game", sorted(path.parent.name for path in (ROOT / "card_data").glob("*/rules.md")))
def test_a_shipped_rules_file_reads_back_as_parsed(tmp_path, game):
    text = (ROOT / "card_data" / game / "rules.md").read_text(encoding="utf-8")
    store = BlockStore(tmp_path / "rules")
    with BLOCKS.kept(store):
        parsed = rules_blocks(text)
    assert parsed == parse_rules(text) and store.pending
    store.save()
    assert BlockStore(tmp_path / "rules").blocks(text) == parsed


SHAPES = [  # a self-consistent entry (its checksum matching) whose values are no blocks'
    ("not a list", {"heading": 1}),
    ("an unknown kind", [["script", "x", 1, 0, "", [], [], ""]]),
    ("a kind that is a list", [[["heading"], "x", 1, 0, "", [], [], ""]]),
    ("a line below 0", [["paragraph", "x", -1, 0, "", [], [], ""]]),
    ("a level that is a number with a point", [["heading", "x", 1, 1.0, "", [], [], ""]]),
    ("a cell that is a number", [["table", "", 1, 0, "", [["a", 2]], ["left", "left"], ""]]),
    ("an unknown alignment", [["table", "", 1, 0, "", [["a"]], ["justify"], ""]]),
    ("seven values", [["rule", "", 1, 0, "", [], []]]),
]


@pytest.mark.parametrize("values", [values for _, values in SHAPES], ids=[name for name, _ in SHAPES])
def test_a_kept_entry_of_another_shape_is_parsed_again(tmp_path, values):
    folder = tmp_path / "rules"
    folder.mkdir(parents=True)
    body = json.dumps(values, ensure_ascii=False).encode()
    (folder / (blockcache._name(RULES) + blockcache.SUFFIX)).write_bytes(made_entry(blockcache._versions(), body))
    store = BlockStore(folder)
    assert store.blocks(RULES) is None
    with BLOCKS.kept(store):
        assert rules_blocks(RULES) == parse_rules(RULES)


def test_an_entry_read_back_is_used_as_kept(tmp_path):
    """The reading trusts a sound entry: a kept block stands for the text's (which is why its shape is checked)."""
    folder = tmp_path / "rules"
    folder.mkdir(parents=True)
    body = json.dumps([["paragraph", "kept", 3, 0, "", [], [], ""]]).encode()
    (folder / (blockcache._name(RULES) + blockcache.SUFFIX)).write_bytes(made_entry(blockcache._versions(), body))
    with BLOCKS.kept(BlockStore(folder)):
        assert [(block.kind, block.text, block.line) for block in rules_blocks(RULES)] == [("paragraph", "kept", 3)]
