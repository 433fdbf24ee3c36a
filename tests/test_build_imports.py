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


def test_where_workers_are_spawned_one_serves_every_game_of_a_build_and_forked_ones_serve_one_job(tmp_path,
                                                                                                 monkeypatch):
    from pnp.build import workers
    from pnp.build.builder import BuildOptions, build
    project = Project(tmp_path)
    for name in ("demo", "second"):
        scaffold(project, name)
        (tmp_path / "card_data" / name / "rules.md").write_text("# Rules\n\nDraw a card.\n", encoding="utf-8")
    made: list[int] = []

    class CountedPool(workers.Pool):
        def __init__(self, count: int, where: str = "pnp") -> None:
            made.append(count)
            super().__init__(1, where)  # the jobs run in this process, when their results are asked for

    monkeypatch.setattr(workers, "Pool", CountedPool)
    monkeypatch.setattr(workers, "every_core", lambda: 2)
    games = [project.load_game("demo"), project.load_game("second")]
    for method, pools in (("spawn", 1), ("fork", 4)):  # forked: a rulebook and a print-shop file a game
        made.clear()
        monkeypatch.setattr(workers, "start_method", lambda chosen=method: chosen)
        build(project, games, BuildOptions(tmp_path / method))
        assert made == [2] * pools, method
        assert (tmp_path / method / "second" / "rulebook" / "second-rules.pdf").is_file()
