"""A build's garbage collection: old objects frozen and young ones swept less within it, all as before after it."""

from __future__ import annotations

import gc
import multiprocessing
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.build.collect import YOUNG_THRESHOLD, lean_collection, ordinary_collection


def test_within_a_build_old_objects_are_frozen_and_young_ones_swept_less(monkeypatch):
    before = gc.get_threshold()
    with lean_collection():
        assert gc.get_freeze_count() > 0
        lean = (max(YOUNG_THRESHOLD, before[0]), *before[1:])
        assert gc.get_threshold() == lean
        ordinary_collection()  # the build's own process, writing a file no worker has begun: still lean
        assert gc.get_threshold() == lean
        monkeypatch.setattr(multiprocessing, "parent_process", lambda: object())  # as in a forked worker
        ordinary_collection()  # what a worker forked within the build does first
        assert gc.get_threshold() == before
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0  # a long-lived process (pnp watch) keeps nothing frozen


def test_a_final_build_leaves_its_lean_collection_in_place_for_the_exit_after_it():
    before = gc.get_threshold()
    try:
        with lean_collection(final=True):
            lean = gc.get_threshold()
        assert gc.get_threshold() == lean != before  # restoring would sweep the young objects just before the exit
        assert gc.get_freeze_count() > 0
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


def test_a_final_build_that_fails_restores_the_collection():
    before = gc.get_threshold()
    with pytest.raises(RuntimeError):
        with lean_collection(final=True):
            raise RuntimeError("a build that stops")
    assert (gc.get_threshold(), gc.get_freeze_count()) == (before, 0)


def test_thresholds_come_back_when_the_build_fails():
    before = gc.get_threshold()
    try:
        with lean_collection():
            raise RuntimeError("a build that stops")
    except RuntimeError:
        pass
    assert (gc.get_threshold(), gc.get_freeze_count()) == (before, 0)


def test_outside_a_build_ordinary_collection_changes_nothing():
    before = gc.get_threshold()
    ordinary_collection()
    assert gc.get_threshold() == before


def _freeze_counts(answers) -> None:
    """In a forked worker: the frozen objects after its first job's start, and after a second job's."""
    ordinary_collection()
    first = gc.get_freeze_count()
    made = [[] for _ in range(1000)]  # a first job's objects: a second freeze would take them out of collections
    ordinary_collection()
    answers.put((first, gc.get_freeze_count(), gc.get_threshold(), len(made)))


def _started(method: str):
    """A worker started by `method` that reports its frozen counts and thresholds (see _freeze_counts)."""
    context = multiprocessing.get_context(method)
    answers = context.Queue()
    worker = context.Process(target=_freeze_counts, args=(answers,))
    worker.start()
    try:
        return answers.get(timeout=60)
    finally:
        worker.join(timeout=60)


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="no forked workers here")
def test_a_forked_worker_leaves_its_inheritance_out_of_its_collections_once():
    before = gc.get_threshold()
    with lean_collection():
        inherited = gc.get_freeze_count()
        first, second, thresholds, _ = _started("fork")
    assert first >= inherited > 0 and second == first  # frozen at the first job, not again
    assert thresholds == before


def test_a_spawned_worker_as_on_windows_freezes_nothing_and_keeps_its_own_thresholds():
    """Where workers are spawned (Windows, macOS) they inherit no build: their collection is Python's own."""
    before = gc.get_threshold()
    with lean_collection():
        first, second, thresholds, _ = _started("spawn")
    assert first == second == 0 and thresholds == before


def test_pnp_used_as_a_library_gets_its_collection_back_after_a_build(tmp_path):
    from click.testing import CliRunner

    from pnp.cli.main import main
    from pnp.cli.stop import own_process
    root = Path(__file__).resolve().parents[1]
    before = gc.get_threshold()
    done = CliRunner().invoke(main, ["build", "standard_deck", "--project", str(root), "--out", str(tmp_path)])
    assert done.exit_code == 0, done.output
    assert not own_process()  # only the command's own process ends with its build
    assert (gc.get_threshold(), gc.get_freeze_count()) == (before, 0)


def test_the_command_s_own_process_knows_it_ends_with_its_command():
    said = subprocess.run([sys.executable, "-c", "from pnp.cli import stop; stop.guard(); print(stop.own_process())"],
                          capture_output=True, text=True, timeout=60, check=True)
    assert said.stdout.split() == ["True"]
