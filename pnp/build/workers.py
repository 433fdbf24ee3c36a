"""The build's worker processes: the rulebook set beside the faces, the print-shop files beside the sheets."""

from __future__ import annotations

import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures.process import BrokenProcessPool
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from pnp.book.job import RulebookJob, rulebook_job
from pnp.build.caches import Made, TextStores, made_here
from pnp.build.collect import inheritance_left_out, ordinary_collection
from pnp.build.options import BuildOptions
from pnp.output.publish import Publication
from pnp.pdf.printshop import write_shared_shop
from pnp.pool import Pending, Pool, Shared, every_core, start_method
from pnp.project.games import Game
from pnp.text.fonts import FontBook

if TYPE_CHECKING:
    from pnp.pdf.cmyk import Profile

Job = TypeVar("Job")
PAGES_A_FACE = 10  # print-shop pages that cost as much to write as one distinct face drawn
HANDOFF_SECONDS = 0.0005  # how often the build's thread lets the pool's threads take their turn


class OneAtATime(Generic[Job]):
    """Jobs handed to a pool's one worker one at a time, from the first; `finish` does here those not yet handed over,
    from the last, so that the caller and the worker end at about the same time (a worker's queue would hold calls
    it has not begun, which the caller could not take back). Given the most work first, the caller, which has its
    own work behind it, takes the least."""

    def __init__(self, pool: Pool | None, work: Callable[[Job], Any], jobs: list[Job], own: bool = False) -> None:
        self._pool, self._work, self._jobs, self._own = pool, work, jobs, own  # own: a pool for these jobs alone
        self._waiting = deque(range(len(jobs)))
        self._handed: dict[int, Pending[Any]] = {}
        self._lock = threading.Lock()
        self._hand_next()

    def _last(self) -> int | None:
        """The last job's index, taken off the queue; None when none waits."""
        with self._lock:
            return self._waiting.pop() if self._waiting else None

    def _hand_next(self) -> None:
        """Hand the worker the next job, once the one before has ended (from the thread that learns of it). The job
        leaves the queue and joins those handed over at once, so that `finish` finds it in one or the other."""
        if self._pool is None or self._pool.workers == 1:
            return
        with self._lock:
            if not self._waiting:
                return
            index = self._waiting.popleft()
            try:
                pending = self._pool.submit(self._work, self._jobs[index])
            except (RuntimeError, BrokenProcessPool):  # the pool is ending or its worker died: the job waits for here
                self._waiting.appendleft(index)
                return
            self._handed[index] = pending
        pending.then(self._hand_next)

    def finish(self) -> list[Any]:
        """Do here the jobs not handed over, then wait for those that were: the results in the jobs' order (the
        first error raised)."""
        done = {}
        while (index := self._last()) is not None:
            done[index] = self._work(self._jobs[index])
        if self._own and self._pool is not None:
            self._pool.release()  # every job is handed over or done: its worker ends once its last one is
        with self._lock:
            handed = dict(self._handed)
        done.update((index, pending.result()) for index, pending in sorted(handed.items()))
        return [done[index] for index in range(len(self._jobs))]


class Workers:
    """The build's worker processes (with one processor, a job runs here when its result is asked for).

    A game's rulebook goes first, beside its faces being drawn; its print-shop files follow, beside its sheets.
    Where workers are forked, each job has its own, forked when it is handed over and ended with its game, so that
    it inherits what the job needs instead of receiving a copy; elsewhere one worker, started once for the whole
    build, does the jobs in turn."""

    def __init__(self, build: ExitStack) -> None:
        self._build = build
        self._kept: Pool | None = None
        build.enter_context(quick_handoffs())

    def rulebook(self, game_stack: ExitStack, root: Path, game: Game, folder: Path, files: Publication,
                 fonts: FontBook, options: BuildOptions) -> Pending[tuple[list[str], Made]] | None:
        """The rulebook (card_data/<game>/rules.md) set and written: a note on it and the cache entries it made; None
        without one."""
        job = None if options.components else rulebook_job(root, game, folder, files, options.paper)
        if job is None:
            return None
        pool = self._pool(game_stack)
        shared = pool.share((job, fonts, TextStores.in_use()))
        return pool.submit(_write_rulebook, shared, last=pool is not self._kept)  # a forked pool's only call

    def shop(self, game_stack: ExitStack, shop: list, fonts: FontBook, profile: Profile | None,
             rich_black: tuple | None) -> OneAtATime:
        """The print-shop files of a plan handed over, those with the most work first: each distinct face is drawn
        once, and each page, a repeat too, costs about a tenth of that (and holds memory until the file is saved)."""
        pool = self._pool(game_stack) if shop else None
        most_work = sorted(shop, key=lambda file: -(len({key for key, _ in file[2]}) + len(file[2]) / PAGES_A_FACE))
        files = [pool.share(([file], fonts, profile, rich_black)) for file in most_work] if pool else []  # pre-fork
        return OneAtATime(pool, _write_shop, files, own=pool is not self._kept)

    def _pool(self, game_stack: ExitStack) -> Pool:
        """A forked worker for one job of the game, or the build's one worker."""
        cores = every_core()
        if start_method() == "fork" or cores == 1:
            return game_stack.enter_context(Pool(2 if cores > 1 else 1, where="pnp build"))
        if self._kept is None:
            self._kept = self._build.enter_context(Pool(2, where="pnp build"))
        return self._kept


def _write_shop(shared: Shared[tuple[list, FontBook, Profile | None, tuple | None]]) -> Made:
    """The print-shop files, written in a worker process collecting its garbage as usual; the cache entries it made,
    for the build to keep."""
    ordinary_collection()
    with made_here(shared.value[1]) as made:
        write_shared_shop(shared)
    return made


def _write_rulebook(shared: Shared[tuple[RulebookJob, FontBook, TextStores]]) -> tuple[list[str], Made]:
    """The rulebook's files, written in a worker process that leaves the build's objects out of its collections (a
    rulebook's size does not grow with the cards: its young objects are swept as rarely as the build's); a note,
    and the cache entries it made, for the build to keep."""
    from pnp.book.booklet import write_rulebook  # the typesetter: the worker alone loads it

    inheritance_left_out()
    job, fonts, texts = shared.value
    with made_here(fonts, texts) as made:
        notes = write_rulebook(job, fonts)
    return notes, made


@contextmanager
def quick_handoffs() -> Iterator[None]:
    """Within: the build's thread lets others run every HANDOFF_SECONDS instead of every 5 ms, so that the thread
    learning that a worker's job has ended hands it the next one at once (at 5 ms, each handoff left a worker idle
    some 5 to 30 ms while the build drew its sheets)."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(min(interval, HANDOFF_SECONDS))
    try:
        yield
    finally:
        sys.setswitchinterval(interval)
