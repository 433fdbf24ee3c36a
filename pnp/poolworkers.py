"""A pool's worker processes: how they start (Ctrl-C and SIGTERM held back, then theirs), and how they end: stopped
at once, or (let go by Pool.release) waited for at the pool's end, with the executor's own thread."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, NamedTuple


class Terminated(SystemExit):
    """SIGTERM arrived while workers were running: unwinds like an exit, so the pool stops them first."""


def terminated(signum: int, frame: Any) -> None:
    """The handler of SIGTERM while a pool runs: an exit that stops its workers on the way out."""
    raise Terminated(128 + signum)


HELD = {signal.SIGINT, signal.SIGTERM}


@contextmanager
def signals_held() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM back while a worker may start: a new worker starts with them held, so one that
    arrives while it is still starting up cannot kill it halfway (with a traceback); here they arrive after."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def worker_started() -> None:
    """In each worker: Ctrl-C is the caller's to handle, and a SIGTERM from the caller ends the worker at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD)


class Released(NamedTuple):
    """What Pool.release let go: the executor's end of the results' pipe (held, so that an error can still close it),
    its workers, and its manager thread (which the executor's own shutdown no longer waits for)."""

    writer: Any
    processes: list
    manager: threading.Thread | None

    @classmethod
    def of(cls, executor: ProcessPoolExecutor) -> Released:
        """What an executor is about to let go (before its shutdown without waiting)."""
        writer = getattr(getattr(executor, "_result_queue", None), "_writer", None)
        processes = list((getattr(executor, "_processes", None) or {}).values())
        return cls(writer, processes, getattr(executor, "_executor_manager_thread", None))

    def wait(self) -> None:
        """Wait until the workers and the manager thread have ended (their calls done, their results read)."""
        for process in self.processes:
            process.join()
        if self.manager is not None:
            self.manager.join()


def stop_workers(executor: ProcessPoolExecutor, released: Released | None = None) -> None:
    """Stop every worker now (the work is abandoned; `released`: what Pool.release let go) and wait until each is
    gone. A worker stopped while it sends a large result leaves part of it in the pipe: our end closed, the manager
    thread reads the end, not the rest."""
    processes = [*(getattr(executor, "_processes", None) or {}).values(), *(released.processes if released else [])]
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)
        if process.is_alive():
            process.kill()
            process.join()
    writer = getattr(getattr(executor, "_result_queue", None), "_writer", None) or (released and released.writer)
    if writer is not None:
        writer.close()
    executor.shutdown(wait=True, cancel_futures=True)
    if released is not None and released.manager is not None:
        released.manager.join(timeout=30)
