"""`--against` and sweeps on the same seeds: each game played in this project once and in every other project
(or variant) beside it, kept as sums of their game-by-game differences.

A chunk plays its games in this project and in each other one (same seeds, same players), reduces each run as
run_job does, and keeps per figure the sums of the per-game differences (other minus this), and per card the
cross moments of the two runs' card sums: enough for paired intervals and tests without keeping any game.
"""

from __future__ import annotations

import dataclasses
import math
import time
from dataclasses import dataclass, field

from pnp.check.play.cardsums import Key, game_counts, win_shares
from pnp.check.play.chunks import EXHAUSTED, Job, Results, play_chunk, reduce_figures
from pnp.check.play.game import GameRecord
from pnp.check.play.runs import Exactly, Games, Plan, Stop, by_seat
from pnp.check.play.schedule import run_all
from pnp.pool import Pool, Shared

MISSING, TOTAL, SQUARES, NON_BINARY, UP, DOWN = range(6)  # the slots of a figure's paired sums
HAHB, HANB, HAWB, NAHB, NANB, NAWB, WAHB, WANB = range(8)  # the slots of a card's cross moments
SKILL = "skill.greedy_win"
RowKey = tuple[str, str, int]  # (kind, file, row): a card matched across the runs by where it is printed


@dataclass(frozen=True)
class PairedJob:
    """One chunk of games, played in this project (job.root) once and in each of the others."""

    job: Job
    others: tuple[str, ...]  # the other projects' roots (--against: one; a sweep: its variants, on this root)


@dataclass
class CardCross:
    """The cross moments of the two runs' card sums over games: Σ u_this u_otherᵀ for u = (H, n, W, 1)."""

    won: float = 0.0  # Σ W_this W_other
    cards: dict[RowKey, list[float]] = field(default_factory=dict)

    def add(self, other: CardCross) -> None:
        """Add another chunk's cross moments."""
        self.won += other.won
        for key, values in other.cards.items():
            mine = self.cards.setdefault(key, [0.0] * 8)
            for i, value in enumerate(values):
                mine[i] += value


@dataclass
class Pairs:
    """Both runs, each reduced, and the sums of their per-game differences."""

    mine: Results  # merged by the run that plays this project's games (a chunk's own, as it comes back)
    theirs: Results
    figures: dict[str, list[float]] = field(default_factory=dict)  # name -> MISSING .. DOWN
    cards: CardCross = field(default_factory=CardCross)
    games: int = 0

    def add(self, other: Pairs) -> None:
        """Append another chunk's other side and differences (in chunk order); this project's side is the run's."""
        self.theirs.add(other.theirs)
        self.games += other.games
        for name, values in other.figures.items():
            mine = self.figures.setdefault(name, [0.0] * 6)
            for i, value in enumerate(values):
                mine[i] += value
        self.cards.add(other.cards)


def figure_pairs(pairs: Pairs) -> dict[str, tuple[int, list[float]]]:
    """Each figure's pairs of games (those where it applied in both runs) and the sums of their differences."""
    return {name: (pairs.games - int(sums[MISSING]), sums) for name, sums in pairs.figures.items()}


def merged_pairs(parts: list[tuple[int, list[float]]]) -> tuple[int, list[float]]:
    """One figure's pairs and sums over several runs (the skill runs, one per seat)."""
    return sum(pairs for pairs, _ in parts), [sum(values) for values in zip(*(sums for _, sums in parts))]


def game_values(record: GameRecord, greedy_seat: int | None) -> dict[str, float | None]:
    """What --against compares of one game, by name (None: does not apply in this game)."""
    shares = win_shares(record.winners, len(record.scores))
    if greedy_seat is not None:
        return {SKILL: shares[greedy_seat]}
    ranked = sorted(record.scores)
    values: dict[str, float | None] = {
        "ended_by_rules": float(record.ended_by_rules), "length.rounds": float(record.rounds),
        "length.moves": float(record.moves), "score": sum(record.scores) / len(record.scores),
        "margin": ranked[-1] - ranked[-2] if len(ranked) > 1 else None}
    values.update((f"seat.{seat + 1}.win", share) for seat, share in enumerate(shares))
    for key, value in record.figures.items():
        values[key if key.startswith(EXHAUSTED) else f"figure.{key}"] = 1.0 if key.startswith(EXHAUSTED) else value
    return values


def add_pair(sums: dict[str, list[float]], mine: dict[str, float | None], theirs: dict[str, float | None]) -> None:
    """Fold one game's two sets of values into the sums.

    A figure a game leaves out counts as 0 there (so games before a figure first appears are pairs with no
    difference: the pairs of a figure are the games of the run less those where it is None in either).
    """
    for name in sorted(mine.keys() | theirs.keys()):
        slot = sums.get(name)
        if slot is None:
            slot = sums[name] = [0.0] * 6
        a, b = mine.get(name, 0.0), theirs.get(name, 0.0)
        if a is None or b is None:
            slot[MISSING] += 1
            continue
        d = b - a
        slot[TOTAL] += d
        slot[SQUARES] += d * d
        slot[NON_BINARY] += a not in (0.0, 1.0) or b not in (0.0, 1.0)
        slot[UP] += d > 0
        slot[DOWN] += d < 0


def card_cross(mine: GameRecord, theirs: GameRecord, cross: CardCross) -> None:
    """Fold one game's card cross moments in (nothing when either run declares no card events)."""
    if mine.cards is None or theirs.cards is None:
        return
    shares_a, shares_b = win_shares(mine.winners, len(mine.scores)), win_shares(theirs.winners, len(theirs.scores))
    won_a, won_b = sum(shares_a), sum(shares_b)
    cross.won += won_a * won_b
    a, b = _by_row(game_counts(mine.cards, shares_a)), _by_row(game_counts(theirs.cards, shares_b))
    for key in a.keys() | b.keys():
        (na, ha), (nb, hb) = a.get(key, (0, 0.0)), b.get(key, (0, 0.0))
        slot = cross.cards.get(key)
        if slot is None:
            slot = cross.cards[key] = [0.0] * 8
        slot[HAHB] += ha * hb
        slot[HANB] += ha * nb
        slot[HAWB] += ha * won_b
        slot[NAHB] += na * hb
        slot[NANB] += na * nb
        slot[NAWB] += na * won_b
        slot[WAHB] += won_a * hb
        slot[WANB] += won_a * nb


def _by_row(counts: dict[Key, tuple[int, float]]) -> dict[RowKey, tuple[int, float]]:
    """A game's counts keyed by kind, file and row (a renamed card is still the same card)."""
    return {(kind, card.file, card.row): value for (kind, card), value in counts.items()}


def run_paired(paired: PairedJob, data: Shared | None = None, *others_data: Shared | None) -> list[Pairs]:
    """Play a chunk in this project once and in each other one, and keep each other's sums of the differences
    (in a worker process or in this one)."""
    began = time.perf_counter()
    mine, searched = play_chunk(paired.job, data)
    seat = paired.job.greedy_seat
    values = [game_values(record, seat) for record in mine]
    seconds = time.perf_counter() - began
    paired_with = []
    for other, other_data in zip(paired.others, others_data or (None,) * len(paired.others)):
        theirs, _ = play_chunk(dataclasses.replace(paired.job, root=other), other_data)
        sums: dict[str, list[float]] = {}
        cross = CardCross()
        for a, a_values, b in zip(mine, values, theirs):
            add_pair(sums, a_values, game_values(b, seat))
            card_cross(a, b, cross)
        paired_with.append((reduce_figures(theirs), sums, cross))
    results = reduce_figures(mine)  # (last: the pairs read the games' card events, which this folds away)
    results.searched, results.seconds = searched, seconds
    return [Pairs(results, theirs, sums, cross, len(mine)) for theirs, sums, cross in paired_with]


class PairedGames(Games):
    """A run whose every chunk is played in this project and in another one on the same seeds (--against): this
    project's games are the run's own, as a run of Games plays them, and the pairs are kept beside them."""

    work = staticmethod(run_paired)  # type: ignore[assignment]

    def __init__(self, plan: Plan, data: Shared | None, stop: Stop, other: str, other_data: Shared | None) -> None:
        super().__init__(plan, data, stop)
        self.other, self.args = other, (data, other_data)
        self.pairs = Pairs(self.results, Results([], {}))
        self.theirs: list[Results] = []  # the other project's chunks, in chunk order

    def job(self, index: int) -> PairedJob:  # type: ignore[override]
        return PairedJob(self.plan.job(index), (self.other,))

    def take(self, result: list[Pairs]) -> None:  # type: ignore[override]
        pairs, = result
        self.pairs.add(pairs)
        self.theirs.append(pairs.theirs)
        super().take(pairs.mine)

    def theirs_by_seat(self) -> list[Results]:
        """With `rotate`: the other project's games of each seat's rotating player, by seat."""
        return by_seat(self.theirs, self.plan.players)


class VariantGames(Games):
    """Every chunk of a plan played once in this project and in each of several variants of it (a group of a
    sweep's values): one Pairs per variant."""

    work = staticmethod(run_paired)  # type: ignore[assignment]

    def __init__(self, plan: Plan, data: Shared, variants: list[Shared]) -> None:
        super().__init__(plan, data, Exactly())
        self.args = (data, *variants)
        self.pairs = [Pairs(self.results, Results([], {})) for _ in variants]  # this project's games: the run's

    def job(self, index: int) -> PairedJob:  # type: ignore[override]
        return PairedJob(self.plan.job(index), (self.plan.root,) * len(self.pairs))

    def take(self, result: list[Pairs]) -> None:  # type: ignore[override]
        for pairs, chunk in zip(self.pairs, result):
            pairs.add(chunk)
        super().take(result[0].mine)

    def games(self, chunks: int) -> int:
        return self.plan.played(chunks) * (1 + len(self.pairs))


def variant_groups(variants: int, chunks: int, workers: int) -> int:
    """How many variants a chunk of the project's games is paired with in one job: as many as keep every worker
    busy (about two jobs each), so the project's games are played once per group rather than once per variant."""
    groups = min(variants, math.ceil(2 * workers / max(1, chunks)))
    return math.ceil(variants / max(1, groups))


def play_pairs(plan: Plan, other: str, workers: int) -> Pairs:
    """Every game of a plan in this project (plan.root) and in the other one, as pairs, on `workers` processes;
    each process reads the games' data from the project folders (for scripts)."""
    paired = PairedGames(plan, None, Exactly(), other, None)
    with Pool(workers, where="pnp check --against") as pool:
        run_all([paired], pool)
    return paired.pairs
