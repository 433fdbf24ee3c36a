"""Every run of a check on one pool: each run stops by its own rule, and no worker waits while work is left.

A run is a sequence of chunks (small picklable jobs) whose results it merges in chunk order. It says how many
chunks it needs as far as it knows (`planned`): a fixed number, or as many as its figures so far suggest until
they reach its precision at a chunk boundary. Its figures depend only on the chunks it merged, never on the
workers: a chunk started ahead of need, so that a worker does not wait, and then not needed is dropped. A
chunk's error is raised when the chunk is merged, so an error in a chunk dropped is never seen, on any number
of workers.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from pnp.pool import Pool

QUEUED = 2  # chunks needed, per worker, handed out before one is read: workers never wait for the caller


class Run(ABC):
    """Chunks of one kind of work, merged in chunk order; how many it needs is the run's own rule."""

    work: Callable[..., Any]  # a module-level function: work(job, *args) -> the chunk's result
    args: tuple = ()  # passed with every job (shared values)
    merged = 0  # chunks merged so far
    seconds = 0.0  # time its merged chunks took to work out

    @abstractmethod
    def job(self, index: int) -> object:
        """The index-th chunk's job: a small picklable value."""

    @abstractmethod
    def take(self, result: Any) -> None:
        """Merge the next chunk's result (called in chunk order)."""

    @abstractmethod
    def planned(self) -> int:
        """The chunks needed as far as is known now (more than merged while not finished)."""

    @abstractmethod
    def finished(self) -> bool:
        """Whether every chunk the run needs is merged."""

    def most(self) -> int:
        """The most chunks the run may need: chunks may be started ahead of need up to here."""
        return self.planned()

    def expected(self) -> int:
        """The chunks the run will probably take (for the time left)."""
        return self.planned()

    def games(self, chunks: int) -> int:
        """Games in the first `chunks` chunks (0 for a run that plays no games)."""
        return 0

    def reached(self) -> tuple[float, float] | None:
        """(precision reached, precision aimed at) while the run plays to a precision that progress shows."""
        return None


@dataclass(frozen=True)
class Status:
    """How far a check has come, for a progress line."""

    games: int  # games played and merged
    expected: int  # games the check will probably play in all
    precision: tuple[float, float] | None  # the widest interval's half-width of the runs shown, and their aim
    seconds_left: float | None  # estimated from the time each run's chunks took so far


def timed(work: Callable[..., Any], job: object, *args: Any) -> tuple[float, Any]:
    """Do one chunk's work, and say how long it took (in a worker or here)."""
    began = time.perf_counter()
    result = work(job, *args)
    return time.perf_counter() - began, result


def run_all(runs: list[Run], pool: Pool, progress: Callable[[Status], None] = lambda status: None) -> None:
    """Play every run to its end, runs listed first getting workers first; each merges in chunk order."""
    clock = _Clock(runs)
    if pool.workers == 1:
        while not all(run.finished() for run in runs):
            run = next(run for run in runs if not run.finished() and run.merged < run.planned())
            seconds, result = timed(run.work, run.job(run.merged), *run.args)
            clock.spent(seconds)
            clock.merge(run, seconds, result)
            progress(clock.status())
        return
    _Workers(runs, pool, clock, progress).run()


class _Clock:
    """Merges results into their runs and estimates the time left from what chunks took so far."""

    def __init__(self, runs: list[Run]) -> None:
        self.runs, self.began, self.work = runs, time.monotonic(), 0.0

    def merge(self, run: Run, seconds: float, result: Any) -> None:
        """Merge a chunk's result into its run (raising the chunk's error)."""
        if isinstance(result, BaseException):
            raise result
        run.take(result)
        run.merged += 1
        run.seconds += seconds

    def spent(self, seconds: float) -> None:
        """A chunk finished (merged or dropped): its time counts towards the pace of the workers."""
        self.work += seconds

    def status(self) -> Status:
        """Games so far and in all, the widest precision shown, and the time left."""
        runs = self.runs
        shown = [reach for run in runs if not run.finished() and (reach := run.reached()) is not None]
        return Status(sum(run.games(run.merged) for run in runs), sum(run.games(run.expected()) for run in runs),
                      max(shown) if shown else None, self._left())

    def _left(self) -> float | None:
        """Seconds left: the chunks still expected at each run's own pace, at the pace the workers kept so far."""
        done = [run for run in self.runs if run.merged]
        work = self.work
        if not done or not work:
            return None
        pace = sum(run.seconds for run in done) / sum(run.merged for run in done)  # for runs not begun
        left = sum(max(0, run.expected() - run.merged) * (run.seconds / run.merged if run.merged else pace)
                   for run in self.runs if not run.finished())
        return left * (time.monotonic() - self.began) / work


class _Workers:
    """Chunks on the pool's workers: those needed first, then (while a worker would wait) those ahead of need."""

    def __init__(self, runs: list[Run], pool: Pool, clock: _Clock, progress: Callable[[Status], None]) -> None:
        self.runs, self.pool, self.clock, self.progress = runs, pool, clock, progress
        self.started = {id(run): 0 for run in runs}  # chunks started per run
        self.waiting: dict[Future, tuple[Run, int]] = {}
        self.done: dict[int, dict[int, tuple[float, Any]]] = {id(run): {} for run in runs}
        self.failing: Run | None = None  # the run whose chunk is being merged

    def run(self) -> None:
        """Until every run is finished; chunks still working then are dropped with their workers."""
        try:
            self._play()
        except Exception as error:  # a chunk's error, raised as it was merged
            raise self._first_error(error) from None

    def _first_error(self, error: Exception) -> Exception:
        """The error to report, the same on any number of workers: the first run's, once the chunks working are in."""
        failing, self.failing = self.failing, None
        for future in list(self.waiting):
            run, index = self.waiting.pop(future)
            if not run.finished():
                self.done[id(run)][index] = self._read(future)
        for run in self.runs:
            if run is failing:
                return error
            try:
                self._merge(run)
            except Exception as found:
                return found
        return error

    def _play(self) -> None:
        """Hand out chunks and merge their results until every run is finished."""
        while not all(run.finished() for run in self.runs):
            self._hand_out()
            for future in self.pool.first_done(self.waiting):
                run, index = self.waiting.pop(future)
                seconds, result = self._read(future)
                self.clock.spent(seconds)
                if not run.finished():
                    self.done[id(run)][index] = seconds, result
                    self._merge(run)
            self.progress(self.clock.status())
        for future in self.waiting:
            future.cancel()
        if any(not future.done() for future in self.waiting):
            self.pool.stop()

    def _read(self, future: Future) -> tuple[float, Any]:
        """A finished chunk's time and result, or its error as the result (a worker that died raises now)."""
        outcome, error = self.pool.settled(future)
        if error is not None:
            return 0.0, error
        assert outcome is not None
        return outcome

    def _merge(self, run: Run) -> None:
        """Merge the run's chunks that are next in order."""
        done = self.done[id(run)]
        while run.merged in done and not run.finished():
            self.failing = run
            self.clock.merge(run, *done.pop(run.merged))
        self.failing = None
        if run.finished():
            done.clear()

    def _hand_out(self) -> None:
        """Start the chunks needed, runs in order, then one ahead of need for each worker left idle."""
        workers = self.pool.workers
        for run in self.runs:
            while len(self.waiting) < QUEUED * workers and self._startable(run, run.planned()):
                self._start(run)
        for run in self.runs:
            while len(self.waiting) < workers and self._startable(run, run.most()):
                self._start(run)

    def _startable(self, run: Run, limit: int) -> bool:
        """Whether the run's next chunk is within `limit` chunks and still of use."""
        return not run.finished() and self.started[id(run)] < limit

    def _start(self, run: Run) -> None:
        """Hand the run's next chunk to the workers."""
        index = self.started[id(run)]
        self.started[id(run)] = index + 1
        self.waiting[self.pool.start(timed, run.work, run.job(index), *run.args)] = run, index
