"""Running export jobs on every core: pdfium is not thread-safe, so each worker is a process."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from pnp.export.raster import close_documents
from pnp.pool import Pool


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
    try:
        with Pool(min(workers, len(ordered)), where="pnp export") as pool:
            for _ in pool.map(run_job, ordered):
                progress(1)
    finally:
        close_documents()  # the documents this process opened (all of them when it did the work itself)
