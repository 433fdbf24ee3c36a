"""Benchmark the search player: what one search seat costs per decision and per game, beside a greedy game.

Usage: python bench/bench_search.py [GAME ...] [--players N] [--games N] [--budget N] [--paired] [--quick]

For each game (default: every game with a simulation) at its benchmark player
count it plays --games games (default 8) with one search seat (seats rotated)
against greedy players, at the game's own search budget (--budget: playouts
per decision), and the same games with greedy in every seat. It prints the CPU
seconds per search decision and per game, the decisions a game, the ratio to a
greedy game, and the search seat's win share with its 95% interval against its
fair share (a handful of games: a rough figure; the ladder of `pnp check`
measures it). CPU time is used, so a busy machine's load falls on it less than
on wall time. --quick (for the test suite): one game per game, budget 4, Promotion and Ghost Couple only unless games
are named.

--paired: whether search is worse than greedy on the same deals. Deal i (seed
game_seed(1, i)) is played twice, with the search player in seat i mod players
and with the greedy player there (every other seat greedy both times); it
prints that seat's mean result (its share of the win, ties shared) both ways
and their paired difference in points with its 95% interval (Student's t).
tests/test_search_probe.py plays 48 such Ghost Couple deals; the measurement
is `bench/bench_search.py ghost_couple --paired --games 180`.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from pnp.check.discovery.find import simulation_names  # noqa: E402
from pnp.check.discovery.registry import spec_for  # noqa: E402
from pnp.check.play.game import game_seed, play  # noqa: E402
from pnp.check.stats.describe import wilson  # noqa: E402
from pnp.check.stats.inference import t95  # noqa: E402
from pnp.project.games import Project  # noqa: E402
from pnp.sim import GameSpec, search_policy  # noqa: E402

PROJECT = Project(ROOT)
PLAYERS = {"eitsuku": 4, "promotion": 4, "torite4to6": 4, "ghost_couple": 2, "ghost_couple_cards": 2, "eleusis": 4}


class Counting:
    """A search player that counts its decisions."""

    searches = True

    def __init__(self, spec: GameSpec, budget: int | None):
        self.player = search_policy(spec, budget)
        self.decisions = 0

    def __call__(self, observation, legal, rng):
        self.decisions += 1
        return self.player(observation, legal, rng)


def measure(game: str, players: int, games: int, budget: int | None) -> str:
    """One line: the search seat's cost and win share, and a greedy game's cost, on the same seeds."""
    spec = spec_for(game, PROJECT)
    data = spec.load(PROJECT)
    search = Counting(spec, budget)
    wins, start = 0.0, time.process_time()
    for i in range(games):
        seat = i % players
        record = play(spec, data, players, game_seed(1, i),
                      [search if s == seat else spec.greedy for s in range(players)])
        wins += record.share(seat)
    searched = time.process_time() - start
    start = time.process_time()
    for i in range(games):
        play(spec, data, players, game_seed(1, i), [spec.greedy] * players)
    greedy = max(time.process_time() - start, 1e-9)
    share = wilson(wins, games)
    return (f"{game} ({players} players, {search.player.playouts} playouts a decision): "
            f"{searched / max(1, search.decisions) * 1000:,.1f} ms CPU a search decision, "
            f"{searched / games:,.2f} s a game with one search seat ({search.decisions / games:,.1f} decisions), "
            f"x{searched / greedy:,.0f} a greedy game; search wins {share.value:.0%} "
            f"[{share.low:.0%}-{share.high:.0%}] of {games} against greedy (fair {1 / players:.0%})")


def paired(game: str, players: int, games: int, budget: int | None) -> str:
    """One line: the search seat's and the greedy seat's mean results on the same deals, and their difference."""
    spec = spec_for(game, PROJECT)
    data = spec.load(PROJECT)
    search, start, differences = search_policy(spec, budget), time.process_time(), []
    mine = theirs = 0.0
    for i in range(games):
        seat, seed = i % players, game_seed(1, i)
        searched = play(spec, data, players, seed, [search if s == seat else spec.greedy
                                                    for s in range(players)]).share(seat)
        greedy = play(spec, data, players, seed, [spec.greedy] * players).share(seat)
        mine, theirs = mine + searched, theirs + greedy
        differences.append(searched - greedy)
    mean = sum(differences) / games
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / max(1, games - 1))
    half = t95(games - 1) * spread / math.sqrt(games)
    return (f"{game} ({players} players, {games} deals, {search.playouts} playouts a decision): search seat "
            f"{mine / games:.1%}, greedy seat {theirs / games:.1%}, search - greedy {mean * 100:+.1f} pt "
            f"[{(mean - half) * 100:+.1f}, {(mean + half) * 100:+.1f}]; {time.process_time() - start:,.0f} s CPU")


def main() -> int:
    parser = argparse.ArgumentParser(description="search player cost")
    parser.add_argument("games", nargs="*", help="the games [default: every game with a simulation]")
    parser.add_argument("--players", type=int, default=None, help="player count [default: per game]")
    parser.add_argument("--games", dest="count", type=int, default=8, help="games per game [default: 8]")
    parser.add_argument("--budget", type=int, default=None, help="playouts per decision [default: the game's]")
    parser.add_argument("--paired", action="store_true", help="search against greedy on the same deals")
    parser.add_argument("--quick", action="store_true", help="one game each at budget 4 (a check that it works)")
    args = parser.parse_args()
    if args.quick:
        args.count, args.budget = 1, 4
    for game in args.games or (["promotion", "ghost_couple"] if args.quick else simulation_names(PROJECT)):
        players = args.players or PLAYERS.get(game) or spec_for(game, PROJECT).player_counts[0]
        how = paired if args.paired else measure
        print(how(game, players, args.count, args.budget), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
