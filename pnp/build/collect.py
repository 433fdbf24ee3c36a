"""Cyclic garbage collection kept to what a build makes: what existed before it is frozen, young objects swept less."""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG_THRESHOLD = 100_000  # allocations between young collections (Python's default 700 sweeps ~140 times as often):
# a build of Eitsuku then sweeps no young objects at all (at 10,000 it swept 11 times, some 25 ms), and 100 times
# its cards peak within 2 MB of it
_OUTSIDE: list[tuple[int, int, int]] = []  # the thresholds in force before each lean_collection still open
_FROZEN_IN: int | None = None  # the worker process that froze its inheritance


@contextmanager
def lean_collection(final: bool = False) -> Iterator[None]:
    """Within: the modules and project read so far left out of every collection, young ones collected less often.

    Reference counting still frees everything at once; only cycles wait a little longer. Afterwards the old
    thresholds are back and the frozen objects are collectable again, so a long-lived process (pnp watch) keeps none.
    final: the process ends when the block does (the `pnp build` command's own process): after a block that ends
    well, the thresholds stay lean and nothing is unfrozen, as restoring them would sweep every young object on the
    way out (some 5 ms).
    """
    thresholds = gc.get_threshold()
    _OUTSIDE.append(thresholds)
    gc.freeze()
    gc.set_threshold(max(YOUNG_THRESHOLD, thresholds[0]), *thresholds[1:])
    restore = True
    try:
        yield
        restore = not final
    finally:
        _OUTSIDE.pop()
        if restore:
            gc.set_threshold(*thresholds)
            gc.unfreeze()


def ordinary_collection() -> None:
    """In a worker forked within lean_collection: the usual thresholds, so its page-by-page cycles are swept as
    often as before (a raised threshold there let them pile up: +40 MB at 100 times Eitsuku's cards), and what it
    inherited from the build, alive at the fork, left out of its collections (its first full sweep went through
    every face drawn: some 30 ms, and a copy of each page it touched). The build's own process, doing a worker's job
    itself, keeps its lean collection."""
    if _OUTSIDE and multiprocessing.parent_process() is not None:
        inheritance_left_out()
        gc.set_threshold(*_OUTSIDE[0])


def inheritance_left_out() -> None:
    """In a worker forked within lean_collection, at its first job: what it inherited from the build left out of its
    collections (a job of a size that does not grow with the cards, such as a rulebook, keeps the lean thresholds)."""
    global _FROZEN_IN
    if _OUTSIDE and multiprocessing.parent_process() is not None and _FROZEN_IN != os.getpid():
        gc.freeze()  # once a process: a later job's freeze would keep the garbage of the one before
        _FROZEN_IN = os.getpid()
