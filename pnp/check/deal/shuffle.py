"""Deal-and-draw: shuffle the declared deck in seeded chunks, deal it, and count what each question asks."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

from pnp.check.play.schedule import Run

CHUNK = 1000


@dataclass(frozen=True)
class QuestionValues:
    """The deck as numbers: per question, one value per card (a flag, or one character per key a run is made of)."""

    size: int
    kinds: tuple[str, ...]
    values: tuple[tuple, ...]


@dataclass(frozen=True)
class Deal:
    """How one player count is dealt: hand size each, cards drawn per turn, turns counted."""

    players: int
    hand: int
    draw: int
    turns: int
    bounds: tuple[tuple[int | None, int | None], ...]  # per question: (at_least, at_most)


@dataclass
class Tally:
    """Counts over shuffles, per question; merged in chunk order so the sums never depend on the workers."""

    shuffles: int = 0
    counts: list[dict] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        """Add another chunk's counts."""
        if not self.counts:
            self.counts = [{} for _ in other.counts]
        self.shuffles += other.shuffles
        for mine, theirs in zip(self.counts, other.counts):
            for key, value in theirs.items():
                mine[key] = mine.get(key, 0) + value


@dataclass(frozen=True)
class Job:
    """One chunk of shuffles with its own seeded generator."""

    table: QuestionValues
    deal: Deal
    seed: int
    index: int
    shuffles: int


def rounds_available(size: int, deal: Deal) -> int:
    """Turns until the draw pile runs out (0 when nothing is drawn)."""
    pile = size - deal.players * deal.hand
    step = deal.players * deal.draw
    return 0 if step <= 0 or pile <= 0 else -(-pile // step)


def run_job(job: Job) -> Tally:
    """Shuffle, deal and count one chunk."""
    rng = random.Random(f"pnp-deal:{job.seed}:{job.deal.players}:{job.index}")
    table, deal = job.table, job.deal
    order = list(range(table.size))
    counts: list[dict] = [{} for _ in table.kinds]
    needed = cards_needed(table, deal)
    for _ in range(job.shuffles):
        shuffle_prefix(order, needed, rng.random)
        top = order[:needed]
        for number, kind in enumerate(table.kinds):
            tally = counts[number]
            dealt: list | str = list(map(table.values[number].__getitem__, top))  # each card's value, in deal order
            if kind == "longest_run":
                dealt = "".join(dealt)
            for key in _COUNTERS[kind](dealt, deal, deal.bounds[number]):
                tally[key] = tally.get(key, 0) + 1
    return Tally(job.shuffles, counts)


def cards_needed(table: QuestionValues, deal: Deal) -> int:
    """How much of the deck the questions look at: the deal and the draws counted, or all of it for runs."""
    if "longest_run" in table.kinds:
        return table.size
    return min(table.size, deal.players * (deal.hand + deal.draw * deal.turns))


def shuffle_prefix(order: list[int], needed: int, rnd: Callable[[], float]) -> None:
    """Fisher-Yates for the first `needed` places: a uniformly random top of the deck (random() is cheaper than
    randrange(), and a 53-bit float picks among a few thousand places without a bias one could measure)."""
    size = len(order)
    for i in range(min(needed, size - 1)):
        j = i + int(rnd() * (size - i))
        order[i], order[j] = order[j], order[i]


def _hand_keys(flags: list, deal: Deal, bound: tuple) -> list:
    """Seat 1's hand, any hand and every hand meeting the bound (cards are dealt one at a time, round the table)."""
    at_least, at_most = bound
    low, high = at_least if at_least is not None else 0, at_most if at_most is not None else deal.hand
    dealt, players = deal.players * deal.hand, deal.players
    met = [low <= sum(flags[seat:dealt:players]) <= high for seat in range(players)]
    keys = ["player"] if met[0] else []
    return keys + (["any"] if any(met) else []) + (["every"] if all(met) else [])


def first_turns(flags: list, deal: Deal) -> list[int | None]:
    """Per seat, the turn by which it has seen a matching card (0: in the starting hand; None: not by the last turn).

    `flags` tells, for the cards in the order they are dealt and then drawn, which ones match."""
    players, dealt = deal.players, deal.players * deal.hand
    first: list[int | None] = [0 if True in flags[seat:dealt:players] else None for seat in range(players)]
    step, end = players * deal.draw, min(len(flags), dealt + players * deal.draw * deal.turns)
    position = dealt - 1
    while step and None in first:
        try:
            position = flags.index(True, position + 1, end)
        except ValueError:
            break
        seat = (position - dealt) % step // deal.draw
        if first[seat] is None:
            first[seat] = (position - dealt) // step + 1
    return first


def _seen_keys(flags: list, deal: Deal, bound: tuple) -> list:
    """Seat 1's first-sighting turn and the turn by which every player has seen one ('never' past the last turn)."""
    first = first_turns(flags, deal)
    every = None if None in first else max(cast(list[int], first))
    return [("player", "never" if first[0] is None else first[0]), ("every", "never" if every is None else every)]


def longest_run(keys: str) -> int:
    """The longest run of one character: grow the run length while some character still has a run that long."""
    length, candidates = (1, set(keys)) if keys else (0, set())
    while candidates:
        candidates = {key for key in candidates if key * (length + 1) in keys}
        length += 1 if candidates else 0
    return length


def _run_keys(keys: str, deal: Deal, bound: tuple) -> list:
    """The longest run's length."""
    return [longest_run(keys)]


_COUNTERS: dict[str, Callable] = {"hand_has": _hand_keys, "seen": _seen_keys, "longest_run": _run_keys}


class Shuffles(Run):
    """The chunks of one player count's shuffles, merged into one tally in chunk order."""

    work = staticmethod(run_job)

    def __init__(self, table: QuestionValues, deal: Deal, shuffles: int, seed: int) -> None:
        self.jobs = [Job(table, deal, seed, index, min(CHUNK, shuffles - start))
                     for index, start in enumerate(range(0, shuffles, CHUNK))]
        self.tally = Tally()

    def job(self, index: int) -> Job:
        return self.jobs[index]

    def take(self, result: Tally) -> None:
        self.tally.add(result)

    def planned(self) -> int:
        return len(self.jobs)

    def finished(self) -> bool:
        return self.merged >= len(self.jobs)
