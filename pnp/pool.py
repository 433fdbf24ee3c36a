"""One process pool for check, export and build: jobs run on worker processes, results come back in job order.

    with Pool(workers) as pool:
        for result in pool.map(work, jobs):   # in the jobs' order, whatever finishes first
            ...
        pending = pool.submit(work, job)      # one call beside the caller's own work
        ...
        pending.result()
        pool.share(value)                     # a large value for the workers, sent once (see Shared)

`work` must be a module-level function and its jobs and results picklable: under the `spawn` and `forkserver`
start methods a worker is a fresh interpreter that imports `work` by name (under `fork` it inherits the caller's
memory as it was when the workers started). The start method is the platform's default (`fork` on Linux before
Python 3.14, `spawn` on macOS and Windows), or PNP_START_METHOD when set. With one worker nothing starts: jobs run in
this process, in order.

A check keeps one pool for all its runs: `start` hands a call to one of `workers` processes and returns its
future, `first_done` waits for any of several, `outcome` reads one, and `stop` ends the workers when what they
still do is no longer wanted.

A worker's exception comes back as itself (a PnpError keeps its one-line message). A worker that dies is one
PnpError. Ctrl-C or SIGTERM in the caller, or an error, stops every worker before the `with` block is left, so no
child process outlives the command; `release` lets workers end early, the block waiting for them.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Generic, TypeVar

from pnp.errors import PnpError
from pnp.poolworkers import Released, signals_held, stop_workers, terminated, worker_started

Job = TypeVar("Job")
Result = TypeVar("Result")
Value = TypeVar("Value")

START_METHOD_VARIABLE = "PNP_START_METHOD"
AHEAD = 2  # jobs handed out per worker before the first result is read: workers never wait for the caller


def start_method() -> str:
    """The start method workers are made with: PNP_START_METHOD when set, else the platform's default."""
    chosen = os.environ.get(START_METHOD_VARIABLE) or multiprocessing.get_start_method()
    offered = multiprocessing.get_all_start_methods()
    if chosen not in offered:
        raise PnpError(f"start method '{chosen}' is not offered here", where=START_METHOD_VARIABLE,
                       fix=f"use one of {', '.join(offered)}, or unset it")
    return chosen


def every_core() -> int:
    """The number of processors this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


_INHERITED: dict[int, Any] = {}  # values shared before forked workers started: they find them in their memory
_RECEIVED: dict[str, Any] = {}  # in a worker: copies of shared values already unpickled, by their token
_UNREAD = object()


class Shared(Generic[Value]):
    """A value for the workers: forked workers read it from the memory they inherited, others receive a copy.

    The copy is pickled at once, so the workers get the value as it was when shared, whatever the caller
    does to it afterwards (drawing a face, for one, leaves caches on it). A worker unpickles it when the work
    first reads `value` (so the work can first import what the value is made of), once per process."""

    def __init__(self, value: Value, inherited: bool = False, copied: bool = False) -> None:
        self._value: Any = value
        self.key = id(self) if inherited else None
        if self.key is not None:
            _INHERITED[self.key] = value
        self._copy = pickle.dumps(value, pickle.HIGHEST_PROTOCOL) if copied and not inherited else None
        self.token = f"{os.getpid()}.{id(self)}"

    @property
    def value(self) -> Value:
        """The value (in a worker: unpickled on first reading, then kept for the worker's later jobs)."""
        if self._value is _UNREAD:
            if self.token not in _RECEIVED:
                assert self._copy is not None
                _RECEIVED[self.token] = pickle.loads(self._copy)
            self._value = _RECEIVED[self.token]
        return self._value

    def __reduce__(self) -> tuple:
        if self.key is not None:
            return _inherited, (self.key,)
        if self._copy is not None:
            return _received, (self.token, self._copy)
        return Shared, (self.value,)

    def forget(self) -> None:
        """Let the caller's registry go of the value (the workers have theirs)."""
        if self.key is not None:
            _INHERITED.pop(self.key, None)


def _inherited(key: int) -> Shared:
    """In a forked worker: the value as it was when the worker started."""
    return Shared(_INHERITED[key])


def _received(token: str, copy: bytes) -> Shared:
    """In a worker: the value as it was when it was shared, unpickled when first read."""
    shared: Shared = Shared(None)
    shared._value, shared._copy, shared.token = _UNREAD, copy, token
    return shared


class Pending(Generic[Result]):
    """A call handed to a worker (or, with one worker, to be run here when its result is asked for)."""

    def __init__(self, future: Future | None, call: Callable[[], Result], pool: Pool, last: bool = False) -> None:
        self._future, self._call, self._pool, self._last = future, call, pool, last

    def result(self) -> Result:
        """Wait for the call and return its result, or raise its exception (the pool's last call: see release)."""
        if self._future is None:
            return self._call()
        try:
            return self._pool._outcome(self._future)
        finally:
            if self._last:
                self._pool.release()

    def then(self, callback: Callable[[], None]) -> None:
        """Call back (from another thread) once a worker has ended the call; never for a call run here."""
        if self._future is not None:
            self._future.add_done_callback(lambda _: callback())


class Pool:
    """Up to `workers` processes doing the work (the caller counts as one while it works beside `submit`)."""

    def __init__(self, workers: int, where: str = "pnp") -> None:
        self.workers = max(1, workers)
        self.where = where  # the command, for the message when a worker dies
        self._executor: ProcessPoolExecutor | None = None
        self._sigterm: Any = None
        self._shared: list[Shared] = []
        self._released: Released | None = None  # what release() let go, waited for (or stopped) at the block's end

    def __enter__(self) -> Pool:
        if self.workers > 1 and threading.current_thread() is threading.main_thread():
            if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:  # a caller's own handler stays in charge
                self._sigterm = signal.signal(signal.SIGTERM, terminated)
        return self

    def __exit__(self, kind, error, trace) -> None:
        try:
            if self._executor is not None:
                if error is None:
                    self._executor.shutdown(wait=True)
                    if self._released is not None:
                        self._released.wait()
                else:
                    stop_workers(self._executor, self._released)
        finally:
            for shared in self._shared:
                shared.forget()
            if self._sigterm is not None:
                signal.signal(signal.SIGTERM, self._sigterm)

    def release(self) -> None:
        """Let the workers end once the calls handed over are done (their results still come back) while the caller
        goes on; nothing more is handed over. The `with` block waits for them at its end (or stops them)."""
        if self._executor is not None and self._released is None:
            self._released = Released.of(self._executor)
            self._executor.shutdown(wait=False)

    def share(self, value: Value) -> Shared[Value]:
        """A value to pass to the workers: not copied to forked workers when shared before they start."""
        inherited = self.workers > 1 and self._executor is None and start_method() == "fork"
        shared = Shared(value, inherited, copied=self.workers > 1)
        self._shared.append(shared)
        return shared

    def map(self, work: Callable[[Job], Result], jobs: Iterable[Job]) -> Iterator[Result]:
        """Each job's result in the jobs' order; the jobs run on the workers as they become free."""
        jobs = list(jobs)
        if self.workers == 1 or len(jobs) <= 1:
            yield from map(work, jobs)
            return
        self._start(min(self.workers, len(jobs)))
        waiting: deque[Future] = deque()
        queue = iter(jobs)
        for job in queue:
            waiting.append(self._submit(work, job))
            if len(waiting) >= AHEAD * self.workers:
                break
        while waiting:
            result = self._outcome(waiting.popleft())
            for job in queue:
                waiting.append(self._submit(work, job))
                break
            yield result

    def submit(self, work: Callable[..., Result], *args: Any, last: bool = False) -> Pending[Result]:
        """Run one call on a worker while the caller goes on (with one worker, here when its result is asked); the
        pool's `last` call lets its workers end once its result is read."""
        if self.workers == 1:
            return Pending(None, lambda: work(*args), self)
        self._start(self.workers - 1)
        return Pending(self._submit(work, *args), lambda: work(*args), self, last)

    def start(self, work: Callable[..., Result], *args: Any) -> Future[Result]:
        """Hand a call to one of `workers` processes (the caller only waits); read its result with outcome()."""
        self._start(self.workers)
        return self._submit(work, *args)

    def outcome(self, future: Future[Result]) -> Result:
        """A started call's result (waiting for it), or its exception."""
        return self._outcome(future)

    def settled(self, future: Future[Result]) -> tuple[Result | None, BaseException | None]:
        """A finished call's (result, None), or (None, its exception); a worker that died is raised at once."""
        error = future.exception()
        if error is None:
            return future.result(), None
        if isinstance(error, BrokenProcessPool):
            self._outcome(future)
        return None, error

    @staticmethod
    def first_done(futures: Iterable[Future]) -> set[Future]:
        """Wait until at least one of the calls has finished; those finished."""
        return wait(futures, return_when=FIRST_COMPLETED).done

    def stop(self) -> None:
        """End the workers now, abandoning what they still do (the results wanted are all in)."""
        if self._executor is not None:
            stop_workers(self._executor)
            self._executor = None

    def _start(self, size: int) -> ProcessPoolExecutor:
        """The worker processes, started on first use."""
        if self._executor is None:
            context = multiprocessing.get_context(start_method())
            self._executor = ProcessPoolExecutor(max_workers=size, mp_context=context, initializer=worker_started)
        return self._executor

    def _submit(self, work: Callable[..., Result], *args: Any) -> Future[Result]:
        """Hand a call to the workers; one may start meanwhile, so Ctrl-C and SIGTERM wait until it has."""
        assert self._executor is not None
        with signals_held():
            return self._executor.submit(work, *args)

    def _outcome(self, future: Future[Result]) -> Result:
        """A finished call's result; a worker that died is one line naming the command."""
        try:
            return future.result()
        except BrokenProcessPool:
            raise PnpError("a worker process stopped unexpectedly", where=self.where,
                           fix="run the command again; if it stops again, the system may be short of memory"
                           ) from None
