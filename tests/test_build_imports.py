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


def test_print_shop_files_no_worker_has_begun_are_written_by_the_build_itself_with_the_same_bytes(tmp_path,
                                                                                                 monkeypatch):
    import os

    import pool_jobs
    import pytest

    from pnp.build import workers
    from pnp.build.builder import BuildOptions, build
    from pnp.pool import start_method
    if start_method() != "fork" or every_core() < 2:
        pytest.skip("the slowed worker is made by patching this process, which only a forked worker inherits")
    from conftest import copy_games
    project = copy_games(tmp_path, "promotion", "standard_deck", layouts=True)  # 4 print-shop files, a worker queues 2
    monkeypatch.setattr(pool_jobs, "BUILD_PROCESS", [os.getpid()])
    monkeypatch.setattr(pool_jobs, "WRITTEN_BY_THE_BUILD", [])
    monkeypatch.setattr(workers, "_write_shop", pool_jobs.slow_print_shop)
    build(project, [project.load_game("promotion")], BuildOptions(tmp_path / "shared"))
    assert pool_jobs.WRITTEN_BY_THE_BUILD, "no print-shop file was taken back"
    monkeypatch.setattr(workers, "every_core", lambda: 1)
    build(project, [project.load_game("promotion")], BuildOptions(tmp_path / "alone"))
    alone = sorted((tmp_path / "alone").rglob("*.pdf"))
    assert len(alone) >= 3
    for path in alone:
        assert (tmp_path / "shared" / path.relative_to(tmp_path / "alone")).read_bytes() == path.read_bytes()
