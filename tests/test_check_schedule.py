"""The runs of a check on one pool: chunks merged in chunk order, each run stopping by its own rule, so the
figures never depend on the workers; the progress line."""

from __future__ import annotations

import pool_jobs
import pytest

from pnp.check.options import SIDE_PRECISION, Target
from pnp.check.play.schedule import Run, Status, run_all
from pnp.cli.check import progress_line
from pnp.errors import PnpError
from pnp.pool import START_METHOD_VARIABLE, Pool


@pytest.fixture(autouse=True)
def spawn(monkeypatch):
    """Workers start as fresh interpreters, as they do on macOS and Windows."""
    monkeypatch.setenv(START_METHOD_VARIABLE, "spawn")


class Chunks(Run):
    """A run of `chunks` chunks, or of `stop_after` once that many are merged (chunks ahead of need allowed)."""

    def __init__(self, work, chunks: int, stop_after: int | None = None) -> None:
        self.work, self.chunks, self.stop_after, self.results = work, chunks, stop_after, []

    def job(self, index: int) -> int:
        return index

    def take(self, result: int) -> None:
        self.results.append(result)

    def planned(self) -> int:
        if self.stop_after is None:
            return self.chunks
        return min(self.stop_after, self.merged + 1)  # one at a time, as a precision run decides

    def most(self) -> int:
        return self.chunks

    def finished(self) -> bool:
        return self.merged >= (self.stop_after or self.chunks)


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_chunks_are_merged_in_chunk_order_on_any_number_of_workers(workers):
    runs = [Chunks(pool_jobs.late_first, 9), Chunks(pool_jobs.late_first, 4)]
    with Pool(workers) as pool:
        run_all(runs, pool)
    assert runs[0].results == list(range(9)) and runs[1].results == list(range(4))


@pytest.mark.parametrize("workers", [1, 3])
def test_a_chunk_started_ahead_of_need_and_then_not_needed_is_dropped_with_its_error(workers):
    run = Chunks(pool_jobs.fails_at_five, 10, stop_after=5)  # on idle workers, chunk 5 starts ahead of need
    with Pool(workers) as pool:
        run_all([run], pool)
    assert run.results == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_needed_chunks_error_comes_out_as_itself(workers):
    with pytest.raises(PnpError, match="^chunks: chunk 5 is broken; leave it out$"), Pool(workers) as pool:
        run_all([Chunks(pool_jobs.fails_at_five, 8)], pool)


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_of_two_broken_runs_the_first_runs_error_comes_out_on_any_number_of_workers(workers):
    runs = [Chunks(pool_jobs.slow_break, 1), Chunks(pool_jobs.quick_break, 4)]  # the second breaks sooner
    with pytest.raises(PnpError, match="^first run: slow chunk 0 is broken"), Pool(workers) as pool:
        run_all(runs, pool)


def test_progress_reports_games_precision_and_time_left():
    statuses = []
    run = Chunks(pool_jobs.late_first, 3)
    with Pool(1) as pool:
        run_all([run], pool, statuses.append)
    assert len(statuses) == 3 and statuses[-1].seconds_left == 0.0  # a run of no games counts none
    assert progress_line(Status(2_000, 8_000, (0.021, 0.01), 75)) == (
        "[#####---------------] 2,000 of ~8,000 games, +-2.1 pt of +-1.0, about 1 min 15 s left")
    assert progress_line(Status(0, 0, None, None)) == "[--------------------] 0 of ~1 games"


def test_the_runs_beside_the_headline_play_to_a_coarser_precision():
    assert Target(None, 0.01).side == SIDE_PRECISION == 0.03
    assert Target(None, 0.05).side == 0.05
