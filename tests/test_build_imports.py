"""A plain build loads only what it uses: what only some options need is imported when they are given."""

from __future__ import annotations

from conftest import modules_of_second_build

from pnp.pool import every_core
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold


def test_a_build_without_cut_files_loads_no_http_or_mail_modules(tmp_path):
    scaffold(Project(tmp_path), "demo")
    modules = modules_of_second_build(tmp_path, tmp_path / "out")
    assert "pnp.build.builder" in modules and (tmp_path / "out" / "demo").is_dir()
    assert [m for m in modules if m.split(".")[0] in ("urllib", "http", "email") and m != "urllib.parse"
            and m != "urllib"] == []


def test_the_rulebook_is_set_by_the_worker_so_the_build_itself_loads_no_markdown(tmp_path):
    scaffold(Project(tmp_path), "demo")
    (tmp_path / "card_data" / "demo" / "rules.md").write_text("# Demo\n\nDraw a card.\n", encoding="utf-8")
    modules = modules_of_second_build(tmp_path, tmp_path / "out")
    assert (tmp_path / "out" / "demo" / "rulebook" / "demo-rules.pdf").is_file()
    set_here = [m for m in modules if m.split(".")[0] == "markdown_it" or m.startswith("pnp.book.typeset")]
    assert bool(set_here) == (every_core() == 1)  # with one processor the rulebook is set in the build's process
