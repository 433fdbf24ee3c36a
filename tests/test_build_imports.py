"""A plain build loads only what it uses: what only some options need is imported when they are given."""

from __future__ import annotations

import multiprocessing

import pytest
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
    assert "yaml" not in modules  # the layouts and the manifest as the first build parsed them
    assert "filelock" not in modules  # POSIX: the output folder's locks are flock itself
    assert [m for m in modules if m in ("pnp.sheet.gutterfold", "pnp.pdf.foldpages", "pnp.sheet.tiles",
                                        "pnp.pdf.tiles", "pnp.build.cutter", "pnp.data.workbook")] == []


def test_the_rulebook_is_set_by_the_worker_so_the_build_itself_loads_no_markdown(tmp_path):
    scaffold(Project(tmp_path), "demo")
    (tmp_path / "card_data" / "demo" / "rules.md").write_text("# Demo\n\nDraw a card.\n", encoding="utf-8")
    modules = modules_of_second_build(tmp_path, tmp_path / "out")
    assert (tmp_path / "out" / "demo" / "rulebook" / "demo-rules.pdf").is_file()
    set_here = [m for m in modules if m.split(".")[0] == "markdown_it" or m.startswith("pnp.book.typeset")]
    assert bool(set_here) == (every_core() == 1)  # with one processor the rulebook is set in the build's process


@pytest.mark.parametrize("method,started", [("spawn", 1), ("fork", 4)])  # forked: a rulebook and print-shop files
def test_where_workers_are_spawned_one_serves_every_game_of_a_build_and_forked_ones_serve_one_job(tmp_path,
                                                                                                 monkeypatch, method,
                                                                                                 started):
    import pnp.pool
    from pnp.build import workers
    from pnp.build.builder import BuildOptions, build
    if method not in multiprocessing.get_all_start_methods() or every_core() < 2:
        pytest.skip(f"no {method} start method here, or one processor: no worker is started")
    project = Project(tmp_path)
    for name in ("demo", "second"):
        scaffold(project, name)
        (tmp_path / "card_data" / name / "rules.md").write_text("# Rules\n\nDraw a card.\n", encoding="utf-8")
    games = [project.load_game("demo"), project.load_game("second")]
    made: list[int] = []

    class Counted(pnp.pool.ProcessPoolExecutor):
        def __init__(self, *args, **kwargs):
            made.append(kwargs.get("max_workers"))
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(pnp.pool, "ProcessPoolExecutor", Counted)
    monkeypatch.setenv("PNP_START_METHOD", method)  # spawn: the macOS and Windows way, forced here too
    build(project, games, BuildOptions(tmp_path / method))
    assert made == [1] * started
    monkeypatch.setattr(workers, "every_core", lambda: 1)
    build(project, games, BuildOptions(tmp_path / "alone"))
    for path in sorted((tmp_path / "alone").rglob("*.pdf")):
        assert (tmp_path / method / path.relative_to(tmp_path / "alone")).read_bytes() == path.read_bytes()
    assert (tmp_path / method / "second" / "rulebook" / "second-rules.pdf").is_file()


@pytest.mark.parametrize("method", ["fork", "spawn"])  # spawn: the macOS and Windows way, forced here too
def test_print_shop_files_not_handed_over_are_written_by_the_build_itself_with_the_same_bytes(tmp_path,
                                                                                             monkeypatch, method):
    import os

    import pool_jobs

    from pnp.build import workers
    from pnp.build.builder import BuildOptions, build
    if method not in multiprocessing.get_all_start_methods() or every_core() < 2:
        pytest.skip(f"no {method} start method here, or one processor: no worker is started")
    monkeypatch.setenv("PNP_START_METHOD", method)
    from conftest import copy_games
    project = copy_games(tmp_path, "promotion", "standard_deck", layouts=True)  # 4 print-shop files, 1 handed over
    monkeypatch.setattr(pool_jobs, "BUILD_PROCESS", [os.getpid()])
    monkeypatch.setattr(pool_jobs, "WRITTEN_BY_THE_BUILD", [])
    monkeypatch.setattr(workers, "_write_shop", pool_jobs.slow_print_shop)
    build(project, [project.load_game("promotion")], BuildOptions(tmp_path / "shared"))
    assert pool_jobs.WRITTEN_BY_THE_BUILD, "the build wrote no print-shop file itself"
    monkeypatch.setattr(workers, "every_core", lambda: 1)
    build(project, [project.load_game("promotion")], BuildOptions(tmp_path / "alone"))
    alone = sorted((tmp_path / "alone").rglob("*.pdf"))
    assert len(alone) >= 3
    for path in alone:
        assert (tmp_path / "shared" / path.relative_to(tmp_path / "alone")).read_bytes() == path.read_bytes()
