"""Compare the rules-checker's speed with another checkout of pnp, game by game, in the same run.

Usage: python bench/compare_check.py OTHER [GAME ...] [--policy random|greedy] [--players N] [--chunk N] [--rounds N]
                                     [--quick]

OTHER is another checkout, for example the commit before a change:
`git worktree add ../pnp-before COMMIT`. One worker process per checkout plays
the same games (chunks of --chunk games at each game's benchmark player count,
or at --players, every seat played by --policy: random by default, or greedy for the players'
own cost); the two take turns, chunk by chunk, so the load of a shared machine
falls on both alike, and each chunk is timed in CPU seconds of its own process.
It prints, per game, the median games per CPU second of each checkout with the
range over the rounds, and the change. --quick (for the test suite): chunks of
20 games, two rounds, Promotion only unless games are named, and this checkout against itself when OTHER
is not given.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["eitsuku", "promotion", "eleusis", "ghost_couple", "torite4to6"]
PLAYERS = {"eitsuku": 4, "promotion": 4, "eleusis": 4, "ghost_couple": 2, "ghost_couple_cards": 2, "torite4to6": 4}


def worker(tree: str) -> None:
    """Play the chunks asked for on stdin ('game players start stop policy'), answering the CPU seconds of each."""
    sys.path.insert(0, tree)
    from pnp.check.play.chunks import Job, run_job
    for line in sys.stdin:
        game, players, start, stop, policy = line.split()
        job = Job(tree, game, int(players), 1, int(start), int(stop), policy)
        begin = time.process_time()
        run_job(job)
        print(json.dumps(time.process_time() - begin), flush=True)


def start_worker(tree: Path) -> subprocess.Popen:
    """A worker process importing pnp from TREE."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.Popen([sys.executable, __file__, "--worker", str(tree)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, cwd=tree, env=env)


def timed(process: subprocess.Popen, game: str, players: int, start: int, stop: int, policy: str) -> float:
    """Games per CPU second of one chunk."""
    process.stdin.write(f"{game} {players} {start} {stop} {policy}\n")
    process.stdin.flush()
    return (stop - start) / json.loads(process.stdout.readline())


def compare(workers: dict[str, subprocess.Popen], game: str, players: int, chunk: int, rounds: int,
            policy: str) -> dict[str, list[float]]:
    """Alternate chunks between the checkouts (round 0 warms up: imports and data)."""
    rates: dict[str, list[float]] = {name: [] for name in workers}
    for index in range(rounds + 1):
        names = list(workers) if index % 2 == 0 else list(reversed(workers))
        for name in names:
            rate = timed(workers[name], game, players, index * chunk, (index + 1) * chunk, policy)
            if index:
                rates[name].append(rate)
    return rates


def main() -> int:
    if sys.argv[1:2] == ["--worker"]:
        worker(sys.argv[2])
        return 0
    parser = argparse.ArgumentParser(description="rules-checker speed against another checkout")
    parser.add_argument("other", type=Path, nargs="?")
    parser.add_argument("games", nargs="*", help=f"the games [default: {', '.join(GAMES)}]")
    parser.add_argument("--policy", choices=("random", "greedy"), default="random", help="who plays every seat")
    parser.add_argument("--players", type=int, default=None, help="player count [each game's benchmark count]")
    parser.add_argument("--chunk", type=int, default=200, help="games per timed chunk")
    parser.add_argument("--rounds", type=int, default=8, help="timed chunks per checkout and game")
    parser.add_argument("--quick", action="store_true", help="20-game chunks, two rounds (a check that it works)")
    args = parser.parse_args()
    if args.quick:
        args.chunk, args.rounds, args.other = 20, 2, args.other or ROOT
    if args.other is None:
        parser.error("name the other checkout to compare with")
    workers = {"other": start_worker(args.other.resolve()), "this": start_worker(ROOT)}
    try:
        for game in args.games or (["promotion"] if args.quick else GAMES):
            players = args.players or PLAYERS.get(game, 2)
            rates = compare(workers, game, players, args.chunk, args.rounds, args.policy)
            other = statistics.median(rates["other"])
            this = statistics.median(rates["this"])
            print(f"{game} ({players} players, {args.policy}): other {other:,.0f} games/CPU s "
                  f"({min(rates['other']):,.0f}-{max(rates['other']):,.0f}), this {this:,.0f} "
                  f"({min(rates['this']):,.0f}-{max(rates['this']):,.0f}): {(this / other - 1) * 100:+.1f}%")
    finally:
        for process in workers.values():
            process.stdin.close()
            process.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
