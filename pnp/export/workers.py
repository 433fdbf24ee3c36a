"""Running export jobs on every core: pdfium is not thread-safe, so each worker is a process."""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Protocol

from pnp.errors import PnpError
from pnp.export.raster import close_documents


class Job(Protocol):
    """A unit of work that writes one file."""

    def cost(self) -> int: ...

    def run(self) -> None: ...


def run_job(job: Job) -> None:
    """Run one job (a module-level function, so a worker process can receive it)."""
    job.run()


def run_jobs(jobs: Sequence[Job], workers: int, progress: Callable[[int], None] = lambda n: None) -> None:
    """Run jobs, the largest first, on `workers` processes (in this process when one is enough)."""
    ordered = sorted(jobs, key=lambda job: -job.cost())
    workers = max(1, min(workers, len(ordered)))
    if workers == 1:
        try:
            for job in ordered:
                job.run()
                progress(1)
        finally:
            close_documents()
        return
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=_context()) as pool:
            for _ in pool.map(run_job, ordered, chunksize=1):
                progress(1)
    except BrokenProcessPool:
        raise PnpError("a rendering process stopped unexpectedly", where="pnp export",
                       fix="export again, with --workers 1 if it happens again") from None


def _context() -> multiprocessing.context.BaseContext:
    """Fork on Linux (fast start-up); the platform's default elsewhere."""
    return multiprocessing.get_context("fork" if sys.platform.startswith("linux") else None)
