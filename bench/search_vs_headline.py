"""Can a search seat beat the headline players? One search seat, rotated over every seat, against greedy players.

Usage: python bench/search_vs_headline.py [GAME ...] [--players N ...] [--games N] [--budget N] [--workers N]
                                          [--departures FILE] [--project DIR] [--quick]

For each game (default: Promotion and Eitsuku) at each player count named (default: every count the game has)
it plays --games games (default 300), game i with the search seat (--budget playouts a decision, default 16) in
seat i mod players and the headline greedy player in every other seat, and prints the search seat's win share
(ties shared) with its 95% interval beside the fair share, and whether it is within the goal (fair share + 5
points). Each game is also played by greedy in every seat (the same game until search first chooses otherwise:
search draws from the game's generator only what greedy would), and the last column gives the search seat's share as
the fair share plus its gain over greedy in its place, the estimate pnp check's probe makes, free of the luck the
deals give that seat. --departures FILE writes one line per decision where search chose otherwise than greedy
would have in its place: the game, the seat, whether the search seat won that game, the decision's observation,
greedy's move and search's move (as the game describes them). --project DIR plays another checkout's rules and
greedy players (with this checkout's search), for figures before a change. --quick (for the test suite):
Promotion, 2 games, budget 4.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from pnp.check.discovery.registry import spec_for  # noqa: E402
from pnp.check.play.game import game_seed, play  # noqa: E402
from pnp.check.stats.describe import Z95, wilson  # noqa: E402
from pnp.project.games import Project  # noqa: E402
from pnp.sim import search_policy  # noqa: E402

GAMES = ["promotion", "eitsuku"]
GOAL = 0.05  # the search seat may win at most this much more than its fair share
MASTER = 29  # the master seed of the games (the number)


@dataclass
class Departure:
    """One decision where search chose otherwise than greedy would have."""

    round: int
    observation: str
    greedy: str
    search: str


@dataclass
class Logging:
    """A search player that notes where it departs from the greedy player it searches."""

    searches = True

    game: str
    budget: int
    root: Path = ROOT
    departures: list[Departure] = field(default_factory=list)

    def __post_init__(self):
        self.spec = spec_for(self.game, Project(self.root))
        self.player = search_policy(self.spec, self.budget)

    def __call__(self, seat, legal, rng):
        greedy = self.spec.greedy(seat.observation(), legal, _copy(rng))  # what search's own first call will pick
        action = self.player(seat, legal, rng)
        if action != greedy:
            state = seat._state  # the game as it stands, for its own descriptions of the two moves
            self.departures.append(Departure(self.spec.rounds(state), _summary(seat.observation()),
                                             state.describe(seat.player, greedy),
                                             state.describe(seat.player, action)))
        return action


@dataclass
class Outcome:
    """One game's result for the search seat."""

    index: int
    seat: int
    share: float
    twin: float  # the same seat's share in the same game played by greedy in every seat
    departures: list[Departure]


def _copy(rng: random.Random) -> random.Random:
    """A generator in the same state, so greedy's choice can be asked without moving the game's draws."""
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def _summary(observation) -> str:
    """The observation on one line, without the printed card data it carries."""
    names: tuple[str, ...] = getattr(observation, "_fields", ()) or getattr(observation, "__slots__", ())
    return " ".join(f"{name}={getattr(observation, name)!r}" for name in names if name != "data")


def play_one(game: str, players: int, budget: int, index: int, log: bool, root: Path = ROOT) -> Outcome:
    """Game `index`: the search seat in seat index mod players, greedy in the others."""
    spec = spec_for(game, Project(root))
    data = spec.load(Project(root))
    search = Logging(game, budget, root)
    seat = index % players
    record = play(spec, data, players, game_seed(MASTER, index),
                  [search if s == seat else spec.greedy for s in range(players)], check=False, cards=False)
    twin = play(spec, data, players, game_seed(MASTER, index), [spec.greedy] * players, check=False, cards=False)
    return Outcome(index, seat, record.share(seat), twin.share(seat), search.departures if log else [])


def paired(outcomes: list[Outcome], fair: float) -> str:
    """The search seat's share as the fair share plus its gain over greedy's seat in the same games (as the
    probe of pnp check estimates it), with its 95% interval: the deals' own luck for that seat taken out."""
    gains = [o.share - o.twin for o in outcomes]
    mean = statistics.fmean(gains)
    half = Z95 * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 1.0
    return (f"{fair + mean:.1%} [{fair + mean - half:.1%}-{fair + mean + half:.1%}] "
            f"(greedy in its place {statistics.fmean(o.twin for o in outcomes):.1%})")


def measure(game: str, players: int, games: int, budget: int, workers: int, log, root: Path = ROOT) -> str:
    """One line of the table: the search seat's win share against the headline, and the time it took."""
    start = time.perf_counter()
    jobs = [(game, players, budget, i, log is not None, root) for i in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            outcomes = list(pool.map(play_one, *zip(*jobs), chunksize=4))
    else:
        outcomes = [play_one(*job) for job in jobs]
    if log is not None:
        for outcome in outcomes:
            for d in outcome.departures:
                won = "won" if outcome.share > 0 else "lost"
                log.write(f"{game}/{players} game {outcome.index} seat {outcome.seat + 1} {won} round {d.round}: "
                          f"greedy {d.greedy!r} search {d.search!r} | {d.observation}\n")
    share, fair = wilson(sum(o.share for o in outcomes), games), 1 / players
    met = "met" if share.value <= fair + GOAL + 1e-9 else "NOT met"  # shared ties sum to a share a rounding off it
    return (f"| {game}, {players} players | {share.value:.1%} [{share.low:.1%}-{share.high:.1%}] | {fair:.1%} | "
            f"{met} | {games} games, budget {budget}, {time.perf_counter() - start:,.0f} s | "
            f"{paired(outcomes, fair)} |")


def main() -> int:
    parser = argparse.ArgumentParser(description="one search seat against the headline greedy players")
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--players", type=int, nargs="*", default=None, help="player counts [default: every one]")
    parser.add_argument("--games", dest="count", type=int, default=300, help="games a count [default: 300]")
    parser.add_argument("--budget", type=int, default=16, help="playouts a search decision [default: 16]")
    parser.add_argument("--workers", type=int, default=1, help="worker processes [default: 1]")
    parser.add_argument("--departures", type=Path, default=None, help="write search's departures from greedy")
    parser.add_argument("--project", type=Path, default=ROOT, help="the checkout whose rules and players to use "
                        "(another one's, for figures before a change) [default: this one]")
    parser.add_argument("--quick", action="store_true", help="Promotion, 2 games, budget 4 (a check that it works)")
    args = parser.parse_args()
    if args.quick:
        args.games, args.count, args.budget = ["promotion"], 2, 4
    print(f"search seat (budget {args.budget}) against the headline; goal: at most fair share + {GOAL:.0%}")
    print("| game | search seat wins [95%] | fair share | goal | run | paired with greedy's same games [95%] |\n"
          "|---|---|---|---|---|---|", flush=True)
    log = args.departures.open("w", encoding="utf-8") if args.departures else None
    try:
        for game in args.games:
            for players in args.players or spec_for(game, Project(args.project)).player_counts:
                print(measure(game, players, args.count, args.budget, args.workers, log, args.project), flush=True)
    finally:
        if log is not None:
            log.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
