"""Run chunks of work here or on forked processes, handing the results back in chunk order."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from typing import TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")


def in_chunk_order(work: Callable[[Job], Result], jobs: list[Job], workers: int) -> Iterator[Result]:
    """Each job's result in the jobs' order, computed in this process or on up to `workers` forked ones."""
    if workers <= 1 or len(jobs) <= 1:
        yield from map(work, jobs)
        return
    with multiprocessing.get_context("fork").Pool(min(workers, len(jobs))) as pool:
        yield from pool.imap(work, jobs)
