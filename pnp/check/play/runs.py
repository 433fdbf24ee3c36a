"""The runs of games a check plays: exactly so many, until their figures reach a precision, or alongside another."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from pnp.check.options import CAP
from pnp.check.play.chunks import CHUNK, Job, Results, run_job
from pnp.check.play.precision import FIRST, games_needed, half_width
from pnp.check.play.schedule import Run, run_all
from pnp.check.stats.inference import Moments
from pnp.pool import Pool, Shared


@dataclass(frozen=True)
class Plan:
    """How a run's games are cut into chunks of `size` (each a Job: a small value another machine could play).

    With `rotate`, chunk k puts the greedy player in seat k mod players, on that seat's own seeds, so every
    round of `players` chunks has the same number of games with greedy in each seat."""

    root: str
    game: str
    players: int
    seed: int
    policy: str
    games: int = CAP  # games in all (per seat, with rotate)
    size: int = CHUNK
    greedy_seat: int | None = None
    rotate: bool = False
    lineup: tuple[str, str] | None = None  # (the player in the rotating seat, the player in every other seat)
    cards: bool = False  # keep the games' card events (the headline games, for per-card impact)

    def job(self, index: int) -> Job:
        """The index-th chunk."""
        seat = self.greedy_seat
        if self.rotate:
            seat, index = index % self.players, index // self.players
        start = index * self.size
        return Job(self.root, self.game, self.players, self.seed, start, min(start + self.size, self.games),
                   self.policy, seat, self.lineup, self.cards)

    def chunks(self) -> int:
        """Chunks in all."""
        return math.ceil(self.games / self.size) * (self.players if self.rotate else 1)

    def chunks_for(self, games: int) -> int:
        """The fewest chunks (whole rounds, with rotate) that hold at least `games` games."""
        if not self.rotate:
            return min(self.chunks(), math.ceil(games / self.size))
        return min(self.chunks(), math.ceil(games / (self.size * self.players)) * self.players)

    def played(self, chunks: int) -> int:
        """Games in the first `chunks` chunks."""
        if not self.rotate:
            return min(chunks * self.size, self.games)
        return sum(job.stop - job.start for job in map(self.job, range(min(chunks, self.chunks()))))


class Games(Run):
    """A run of games: chunks merged in order into `results`, each chunk's own results kept in `chunks`."""

    work = staticmethod(run_job)

    def __init__(self, plan: Plan, data: Shared | None, stop: Stop) -> None:
        self.plan, self.args, self.stop = plan, (data,), stop
        self.results = Results([], {})
        self.chunks: list[Results] = []

    def job(self, index: int) -> Job:
        return self.plan.job(index)

    def take(self, result: Results) -> None:
        self.chunks.append(result)
        self.results.add(result)
        self.stop.merged(self, len(self.chunks))

    def planned(self) -> int:
        return self.stop.planned(self)

    def finished(self) -> bool:
        return self.stop.finished(self)

    def most(self) -> int:
        return self.stop.most(self)

    def expected(self) -> int:
        return self.stop.expected(self)

    def games(self, chunks: int) -> int:
        return self.plan.played(chunks)

    def reached(self) -> tuple[float, float] | None:
        return self.stop.reached()

    def by_seat(self, chunks: int | None = None) -> list[Results]:
        """With `rotate`: the merged chunks (the first `chunks` of them) of each seat's rotating player, by seat."""
        return by_seat(self.chunks[:chunks], self.plan.players)


def by_seat(chunks: list[Results], players: int) -> list[Results]:
    """A rotating run's chunks merged seat by seat (chunk k put its player in seat k mod players)."""
    seats = [Results([], {}) for _ in range(players)]
    for index, chunk in enumerate(chunks):
        seats[index % players].add(chunk)
    return seats


class Stop:
    """When a run of games has played enough (a rule of its own for each kind)."""

    precision: float | None = None  # the half-width the run plays to (None: a fixed number of games)

    def planned(self, run: Games) -> int:
        """Chunks known to be needed now."""
        raise NotImplementedError

    def finished(self, run: Games) -> bool:
        """Whether the run has merged every chunk it needs."""
        raise NotImplementedError

    def merged(self, run: Games, chunks: int) -> None:
        """A chunk was merged: look at the figures again."""

    def most(self, run: Games) -> int:
        return run.plan.chunks()

    def expected(self, run: Games) -> int:
        return self.planned(run)

    def reached(self) -> tuple[float, float] | None:
        return None


class Exactly(Stop):
    """Every chunk of the plan."""

    def planned(self, run: Games) -> int:
        return run.plan.chunks()

    def finished(self, run: Games) -> bool:
        return len(run.chunks) >= run.plan.chunks()


class ToPrecision(Stop):
    """Until every watched share's 95% half-width is at most `precision`, looked at after every `step` chunks
    once `first` games are in (or at the plan's last chunk); `shown` puts the precision in the progress line."""

    def __init__(self, precision: float, watch: Callable[[Games], list[Moments]], step: int = 1,
                 first: int = FIRST, shown: bool = False) -> None:
        self.precision: float = precision
        self.watch, self.step, self.first, self.shown = watch, step, first, shown
        self.done, self.widest, self.estimate = False, math.inf, 0

    def merged(self, run: Games, chunks: int) -> None:
        games = run.games(chunks)
        if chunks % self.step or (games < self.first and chunks < run.plan.chunks()):
            return
        shares = self.watch(run)
        self.widest = max((half_width(share) for share in shares), default=0.0)
        if chunks >= run.plan.chunks() or self.widest <= self.precision:
            self.done = True
            return
        per_chunk = games / chunks
        needed = math.ceil(games_needed(shares, self.precision) / per_chunk)
        self.estimate = min(run.plan.chunks(), math.ceil(needed / self.step) * self.step)

    def planned(self, run: Games) -> int:
        if self.done:
            return len(run.chunks)
        first = run.plan.chunks_for(self.first)
        return min(run.plan.chunks(), max(self.estimate, len(run.chunks) + self.step, first))

    def finished(self, run: Games) -> bool:
        return self.done

    def reached(self) -> tuple[float, float] | None:
        return (self.widest, self.precision) if self.shown and not self.done else None


def play_plan(plan: Plan, workers: int) -> Results:
    """Every game of a plan on `workers` processes, merged in chunk order; each process reads the game's data
    from its project folder (for scripts: a check shares the data it checked instead)."""
    run = Games(plan, None, Exactly())
    with Pool(workers, where="pnp check") as pool:
        run_all([run], pool)
    return run.results
