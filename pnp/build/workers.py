"""The build's worker processes: the rulebook set beside the faces, the print-shop files beside the sheets."""

from __future__ import annotations

from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from pnp.book.job import RulebookJob, rulebook_job
from pnp.build.collect import inheritance_left_out, ordinary_collection
from pnp.build.options import BuildOptions
from pnp.output.publish import Publication
from pnp.pdf.cmyk import Profile
from pnp.pdf.printshop import write_shared_shop
from pnp.pool import Pending, Pool, Shared, every_core, start_method
from pnp.project.games import Game
from pnp.text.fonts import FontBook


@dataclass(frozen=True)
class ShopFiles:
    """The print-shop files handed to workers, in the plan's order and in the order handed over (the most work
    first)."""

    in_plan_order: list[Pending[None]]
    most_work_first: list[Pending[None]]

    def finish(self) -> None:
        """Write here the files no worker has begun, the least work first, then wait for the rest."""
        for pending in reversed(self.most_work_first):
            pending.take_back()
        for pending in self.in_plan_order:
            pending.result()


class Workers:
    """The build's worker processes (with one processor, a job runs here when its result is asked for).

    A game's rulebook goes first, beside its faces being drawn; its print-shop files follow, beside its sheets.
    Where workers are forked, each job has its own, forked when it is handed over and ended with its game, so that
    it inherits what the job needs instead of receiving a copy; elsewhere one worker, started once for the whole
    build, does the jobs in turn."""

    def __init__(self, build: ExitStack) -> None:
        self._build = build
        self._kept: Pool | None = None

    def rulebook(self, game_stack: ExitStack, root: Path, game: Game, folder: Path, files: Publication,
                 fonts: FontBook, options: BuildOptions) -> Pending[list[str]] | None:
        """The rulebook (card_data/<game>/rules.md) set and written, and a note on it; None without one."""
        job = None if options.components else rulebook_job(root, game, folder, files, options.paper)
        if job is None:
            return None
        pool = self._pool(game_stack)
        return pool.submit(_write_rulebook, pool.share((job, fonts)))

    def shop(self, game_stack: ExitStack, shop: list, fonts: FontBook, profile: Profile | None,
             rich_black: tuple | None) -> ShopFiles:
        """The print-shop files of a plan handed over, a call a file, those with the most distinct faces first (each
        is drawn once, and a page that repeats one costs little)."""
        pool = self._pool(game_stack) if shop else None
        if pool is None:
            return ShopFiles([], [])
        files = [pool.share(([file], fonts, profile, rich_black)) for file in shop]  # all before a fork: inherited
        most_work = sorted(range(len(shop)), key=lambda index: -len({key for key, _ in shop[index][2]}))
        pending = {index: pool.submit(_write_shop, files[index]) for index in most_work}
        return ShopFiles([pending[index] for index in range(len(shop))], [pending[index] for index in most_work])

    def _pool(self, game_stack: ExitStack) -> Pool:
        """A forked worker for one job of the game, or the build's one worker."""
        cores = every_core()
        if start_method() == "fork" or cores == 1:
            return game_stack.enter_context(Pool(2 if cores > 1 else 1, where="pnp build"))
        if self._kept is None:
            self._kept = self._build.enter_context(Pool(2, where="pnp build"))
        return self._kept


def _write_shop(shared: Shared[tuple[list, FontBook, Profile | None, tuple | None]]) -> None:
    """The print-shop files, written in a worker process collecting its garbage as usual."""
    ordinary_collection()
    write_shared_shop(shared)


def _write_rulebook(shared: Shared[tuple[RulebookJob, FontBook]]) -> list[str]:
    """The rulebook's files, written in a worker process that leaves the build's objects out of its collections (a
    rulebook's size does not grow with the cards: its young objects are swept as rarely as the build's); a note."""
    from pnp.book.booklet import write_rulebook  # Markdown and the typesetter: loaded by the worker alone

    inheritance_left_out()
    return write_rulebook(*shared.value)
