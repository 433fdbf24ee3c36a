"""Run many games in fixed chunks, on one or more processes, merged in chunk order (same seed, same result)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from pnp.check.play.cardsums import CardSums
from pnp.check.play.game import BrokenRule, GameRecord, game_seed, play
from pnp.pool import Shared
from pnp.sim import GameSpec, Policy, SearchPolicy, random_policy, search_policy

EXHAUSTED = "exhausted."

CHUNK = 200
LADDER = 50_000_000  # the ladder's search probe plays games of its own seeds


@dataclass
class Results:
    """Games of a run: one record each (figures reduced to pile exhaustion), and the sums of other figures."""

    records: list[GameRecord]
    totals: dict[str, list[float]]  # figure -> [sum, games where it did not apply, sum of squares, values > 1]
    seconds: float = 0.0  # the time the games took to play (for estimates of the time left, not a figure)
    searched: int = 0  # what search players' tries cost, counted in moves (SearchPolicy.moves)
    cards: CardSums | None = None  # per-card sums, when the game declares card events
    twins: list[float] = field(default_factory=list)  # the search probe's: per game, the search seat's win share
    # (ties shared) in the same game played by greedy in every seat

    def add(self, other: Results) -> None:
        """Append another chunk's results (always in chunk order, so sums come out the same)."""
        self.records += other.records
        self.seconds += other.seconds
        self.searched += other.searched
        self.twins += other.twins
        if other.cards is not None:
            if self.cards is None:
                self.cards = CardSums(other.cards.players)
            self.cards.add(other.cards)
        for key, values in other.totals.items():
            mine = self.totals.setdefault(key, [0.0, 0, 0.0, 0])
            for i, value in enumerate(values):
                mine[i] += value


def reduce_figures(records: list[GameRecord]) -> Results:
    """Fold per-game figures and card events into sums (None means not applicable), keeping only pile exhaustion."""
    totals: dict[str, list[float]] = {}
    cards = CardSums(len(records[0].scores)) if records and records[0].cards is not None else None
    for record in records:
        if cards is not None:
            cards.add_game(record.cards, record.winners)
            record.cards = None
        kept = {}
        for key, value in record.figures.items():
            if key.startswith(EXHAUSTED):
                kept[key] = value
                continue
            slot = totals.setdefault(key, [0.0, 0, 0.0, 0])
            if value is None:
                slot[1] += 1
            else:
                slot[0] += value
                slot[2] += value * value
                slot[3] += not 0 <= value <= 1
        record.figures = kept
    if cards is not None:
        cards.settle()
    return Results(records, totals, cards=cards)


@dataclass(frozen=True)
class Job:
    """One chunk of games: which games, which seats play greedy."""

    root: str
    game: str
    players: int
    seed: int
    start: int
    stop: int
    policy: str
    greedy_seat: int | None = None  # skill runs: greedy in this seat, random elsewhere
    lineup: tuple[str, str] | None = None  # ladder runs: (player in greedy_seat, player in every other seat)
    cards: bool = False  # keep the games' card events (the headline games)


def seat_policies(job: Job) -> tuple[str, ...]:
    """Who plays each seat of a job's games, by policy name."""
    if job.lineup is not None:
        one, others = job.lineup
        return tuple(one if seat == job.greedy_seat else others for seat in range(job.players))
    if job.greedy_seat is not None:
        return tuple("greedy" if seat == job.greedy_seat else "random" for seat in range(job.players))
    return (job.policy,) * job.players


def policies_for(spec: GameSpec, names: tuple[str, ...]) -> list[Policy]:
    """The players of the seats named (one search player object per name, shared by its seats)."""
    players = {name: player_named(spec, name) for name in set(names)}
    return [players[name] for name in names]


def player_named(spec: GameSpec, name: str) -> Policy:
    """The player `name`: greedy, random, or search ("search:N": N playouts per decision; "search": the game's)."""
    kind, _, budget = name.partition(":")
    if kind == "search":
        return search_policy(spec, int(budget) if budget else None)
    return spec.greedy if kind == "greedy" else random_policy


_READ: dict[tuple[str, str], object] = {}  # (project folder, game) -> data read by this process


def load_data(root: str, game: str) -> object:
    """The game's data read from its project folder, once per process (for jobs sent without a shared copy)."""
    from pnp.check.discovery.registry import spec_for
    from pnp.project.games import Project
    if (root, game) not in _READ:
        project = Project(Path(root))
        _READ[root, game] = spec_for(game, project).load(project)
    return _READ[root, game]


def forget_read() -> None:
    """Forget the game data this process read, so the next job reads the files again."""
    _READ.clear()


def run_job(job: Job, data: Shared | None = None) -> Results:
    """Play a chunk of games (in a worker process or in this one) on the shared data, or on data read for it."""
    began = time.perf_counter()
    records, searched = play_chunk(job, data)
    results = reduce_figures(records)
    results.searched = searched
    if is_probe(job):
        results.twins = greedy_twins(job, data)
    results.seconds = time.perf_counter() - began
    return results


def play_chunk(job: Job, data: Shared | None = None) -> tuple[list[GameRecord], int]:
    """The records of a chunk's games, every figure and card event as the games gave them, and what search
    players' tries cost (in moves)."""
    spec, played = simulation(job, data)
    seats = seat_policies(job)
    policies = policies_for(spec, seats)
    try:
        records = [play(spec, played, job.players, seed, policies, cards=job.cards) for seed in game_seeds(job)]
    except BrokenRule as broken:
        raise broken.played_by(job.root, seats) from None
    return records, sum(policy.moves[0] for policy in {id(p): p for p in policies}.values()
                        if isinstance(policy, SearchPolicy))


def game_seeds(job: Job) -> list[int]:
    """The seeds of a chunk's games: a run's own, apart from every other run's of the check."""
    offset = 0 if job.greedy_seat is None else 1_000_000 * (job.greedy_seat + 1) + (LADDER if job.lineup else 0)
    return [game_seed(job.seed, offset + i) for i in range(job.start, job.stop)]


def is_probe(job: Job) -> bool:
    """Whether a chunk is the search probe's: a search player in the rotating seat against greedy players."""
    return job.lineup is not None and job.lineup[0].startswith("search") and job.lineup[1] == "greedy"


def greedy_twins(job: Job, data: Shared | None = None) -> list[float]:
    """Per game of a probe chunk, the search seat's win share (ties shared) in the same game with greedy in every
    seat: the game search played, as greedy would have played it (a searching seat draws from the game's
    generator as greedy does, so the two games are the same until search first chooses otherwise)."""
    spec, played = simulation(job, data)
    greedy = [spec.greedy] * job.players
    records = [play(spec, played, job.players, seed, greedy, check=False, cards=False) for seed in game_seeds(job)]
    return [record.share(job.greedy_seat) for record in records] if job.greedy_seat is not None else []


def simulation(job: Job, data: Shared | None) -> tuple[GameSpec, object]:
    """A chunk's simulation and the game data it plays on: the shared copy, or the one this process read."""
    from pnp.check.discovery.registry import spec_for
    from pnp.project.games import Project
    spec = spec_for(job.game, Project(Path(job.root)))  # first: the data's classes come from the simulation
    return spec, data.value if data is not None else load_data(job.root, job.game)
