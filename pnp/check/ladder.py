"""The skill ladder of a check: greedy against random (the skill runs) and a sequential search probe against greedy."""

from __future__ import annotations

import random
from dataclasses import dataclass

from pnp.check.figures.ladder import Ladder, Rung, seat_gains
from pnp.check.play.chunks import Results
from pnp.check.play.runs import Games, Plan, Stop
from pnp.check.probe import FIRST_LOOK, MOST_ROUNDS, Gains, interval, is_look, verdict
from pnp.errors import UsageError
from pnp.pool import Shared
from pnp.sim import GameSpec, can_redeal

FIRST_LOOK_WORK = 6.0  # the search probe's tries may cost (moves played out, and a try's set-up) this many
# headline moves to reach its first look (FIRST_LOOK rounds), as a default check's headline allows; a smaller check
# plays fewer rounds and cannot decide
PROBE_WORK = 2.0  # ... and this many after it: a move played out costs 0.3 to 1.1 headline moves (Promotion 0.3,
# Eitsuku 0.55, New Eleusis 1.1), so a long check's probe takes about the headline's own time
PROBE_MOST = MOST_ROUNDS  # ... in rounds of one game per seat, at least one round and at most this many
NO_REDEAL = "the simulation does not re-deal what a seat cannot see (State.redeal), so no search player can play it"
RANDOM_HEADLINE = "the headline is random play, and the search probe tests greedy players (see --policy greedy)"
NOT_ASKED = "the check was run with --no-probe"


@dataclass(frozen=True)
class LadderPlan:
    """Who plays the headline, the search player's budget (None: the simulation cannot re-deal), and whether the
    search probe is played (--no-probe: not)."""

    headline: str
    budget: int | None
    probe: bool = True

    @property
    def headline_player(self) -> str:
        """The headline players as a job names them ("search:16" for a search with 16 playouts a decision)."""
        return f"search:{self.budget}" if self.headline == "search" else self.headline


def ladder_plan(spec: GameSpec, data: object, players: int, policy: str, budget: int | None,
                probe: bool = True) -> LadderPlan:
    """The plan of a check; --policy search on a game that cannot re-deal is a usage error naming the fix."""
    searchable = can_redeal(spec.new_game(data, players, random.Random(0)))
    if policy == "search" and not searchable:
        raise UsageError(f"--policy search: {NO_REDEAL}", where=f"pnp check {spec.name}",
                         fix="write redeal(observer, rng) in the game's State (see docs/writing-a-simulation.md)")
    return LadderPlan(policy, (budget or spec.search_playouts) if searchable else None, probe)


def skill_ladder(plan: LadderPlan, players: int, skill_runs: list[Results], skill_precision: float | None,
                 probe: Games | None) -> Ladder:
    """Greedy (1 seat) against random, from the skill runs, and search (1 seat) against greedy, from the probe."""
    rungs = [Rung.of("greedy", "random", skill_runs, players, precision=skill_precision)]
    if plan.budget is None or probe is None:
        why = NO_REDEAL if plan.budget is None else RANDOM_HEADLINE if plan.probe else NOT_ASKED
        return Ladder(plan.headline, rungs, why)
    kept = probe.by_seat(probe.planned())  # rounds played ahead of need past the probe's work are left out
    rungs.append(Rung.probe(kept, players, plan.budget))
    return Ladder(plan.headline, rungs)


def search_probe(root: str, game: str, players: int, seed: int, budget: int, data: Shared,
                 headline: Games) -> Games:
    """One search seat against greedy, a game a chunk with the search seat going round: rounds of one game per
    seat until the sequential test (pnp.check.probe) has its verdict, or until the search's tries have cost about
    FIRST_LOOK_WORK times the headline's moves before the first look, PROBE_WORK times after it (the round count
    nearest it), at least one round and at most PROBE_MOST."""
    plan = Plan(root, game, players, seed, "greedy", games=PROBE_MOST, size=1, rotate=True,
                lineup=(f"search:{budget}", "greedy"))
    return Games(plan, data, _ProbeStop(headline, players))


class _ProbeStop(Stop):
    """Whole rounds until the test decides or their cost reaches their budget; decided on merged rounds and
    the finished headline only, so where it stops depends on the games, never on the workers or on which finished
    first."""

    def __init__(self, headline: Games, players: int) -> None:
        self.headline, self.players = headline, players
        self.costs: list[int] = []  # cost of each merged round
        self.gains: list[Gains] = []  # the search seat's gains over greedy in the same games, each merged round
        self.moves: int | None = None  # the headline's moves, once it is finished

    def merged(self, run: Games, chunks: int) -> None:
        if chunks % self.players == 0:
            last = run.chunks[-self.players:]
            self.costs.append(sum(chunk.searched + sum(record.moves for record in chunk.records) for chunk in last))
            self.gains.append(sum((seat_gains(chunk, seat) for seat, chunk in enumerate(last)), Gains()))

    def _rounds(self) -> int | None:
        """Rounds the probe keeps, once known: the first look with a verdict, or the count whose cost comes nearest
        its budget (FIRST_LOOK_WORK times the headline's moves before the first look, PROBE_WORK times from it on),
        judged before playing another round (which would cost about the mean of those played so far)."""
        if self.moves is None and self.headline.finished():  # summed once: the scheduler asks often
            self.moves = sum(record.moves for record in self.headline.results.records)
        spent, gained, fair = 0, Gains(), 1.0 / self.players
        for rounds, (cost, gains) in enumerate(zip(self.costs, self.gains), 1):
            spent, gained = spent + cost, gained + gains
            if is_look(rounds) and verdict(interval(gained, fair), fair) is not None:
                return rounds
            work = FIRST_LOOK_WORK if rounds < FIRST_LOOK else PROBE_WORK
            if self.moves is not None and spent >= work * self.moves - spent / (2 * rounds) or rounds == PROBE_MOST:
                return rounds
        return None

    def planned(self, run: Games) -> int:
        rounds = self._rounds()
        return rounds * self.players if rounds is not None else (len(self.costs) + 1) * self.players

    def finished(self, run: Games) -> bool:
        rounds = self._rounds()
        return rounds is not None and len(run.chunks) >= rounds * self.players
