"""Benchmark the rules-checker: games per second per core, the two-worker speed-up, and 10,000 games.

Usage: python bench/bench_check.py [GAME ...] [--players N] [--count N] [--repeat N] [--quick]

For each game (default: every game with a simulation) at its benchmark player
count with random play it runs 10,000 games (--count) on one process three
times (--repeat) and once on two worker processes. It prints the median games/s
on one core against the per-core target with the range of the runs (a shared
machine's speed varies between runs), the two-worker speed-up (target at least
1.8) and the wall time of the run on two workers. --quick (for the test
suite): 100 games, one run, Eitsuku and Torite only unless games are named.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from pnp.check.discovery.find import simulation_names  # noqa: E402
from pnp.check.discovery.registry import spec_for  # noqa: E402
from pnp.check.play.runs import Plan, play_plan  # noqa: E402
from pnp.project.games import Project  # noqa: E402

PROJECT = Project(ROOT)
QUICK_GAMES = ["eitsuku", "torite4to6"]  # --quick: one game on 1 core against its target, one on 2 workers

# Per game: the player count it is timed at and its target in games per second per core (0: no target).
TARGETS = {"eitsuku": (4, 1_000), "promotion": (4, 5_000), "torite4to6": (4, 0),
           "ghost_couple": (2, 0), "eleusis": (4, 1_000)}


def rate(game: str, players: int, games: int, workers: int) -> float:
    """Games per second for one run of `games` random games."""
    plan = Plan(str(ROOT), game, players, seed=1, policy="random", games=games)
    start = time.perf_counter()
    results = play_plan(plan, workers)
    elapsed = time.perf_counter() - start
    assert len(results.records) == games
    return games / elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description="rules-checker speed")
    parser.add_argument("games", nargs="*", help="the games [default: every game with a simulation]")
    parser.add_argument("--players", type=int, default=None, help="player count [default: per game]")
    parser.add_argument("--count", type=int, default=10_000, help="games per timing run")
    parser.add_argument("--repeat", type=int, default=3, help="timing runs on one core")
    parser.add_argument("--quick", action="store_true", help="100 games, one run (a check that the script works)")
    args = parser.parse_args()
    if args.quick:
        args.count, args.repeat = 100, 1
    for game in args.games or (QUICK_GAMES if args.quick else simulation_names(PROJECT)):
        spec = spec_for(game, PROJECT)
        default_players, target = TARGETS.get(game, (spec.player_counts[0], 0))
        players = args.players or default_players
        spec.load(PROJECT)  # warm the imports, as a worker would have them
        rate(game, players, min(200, args.count), 1)
        runs = [rate(game, players, args.count, 1) for _ in range(args.repeat)]
        one = statistics.median(runs)
        two = rate(game, players, args.count, 2)
        verdict = f" (target {target:,}: {'met' if one >= target else 'NOT met'})" if target else ""
        print(f"{game} ({players} players, random): {one:,.0f} games/s on 1 core{verdict}, runs "
              f"{min(runs):,.0f}-{max(runs):,.0f}; {two:,.0f} on 2 workers (x{two / one:.2f}); "
              f"{args.count:,} games on 2 workers in {args.count / two:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
