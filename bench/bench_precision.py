"""Time to an answer: wall and CPU seconds of `pnp check` to +-1 point on every seat's win share, on 1 and 2 workers.

Usage: python bench/bench_precision.py [GAME ...] [--precision P] [--repeat K] [--every GAME] [--other CHECKOUT]
                                      [--quick]

For each game (default: every shipped simulation at 4 players) it runs
`pnp check GAME --players 4 --precision 0.01` on 1 and on 2 worker processes,
taking turns, and prints the headline games, the wall and CPU seconds of the
whole command (its workers included; the median of --repeat runs) and the
speed-up of 2 workers over 1 (target 1.8x). Then Eitsuku (--every) at every
player count the same way (target: at most 60 s on 2 workers of a 2-core
machine, and --players 4 at most 15 s), with the time on 8 cores estimated from the two
measured by Amdahl's law: the part that did not speed up from 1 to 2 workers
stays, the rest is shared out (goal 10 s). With --other, another checkout
(for example the commit before a change) runs the same commands in turn with
this one, for figures before and after in one run. --quick (for the test
suite): +-25 points, Promotion only, random players (no search probe beside the headline).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from usage import cpu_seconds, median, shown  # noqa: E402

GAMES = ("eitsuku", "promotion", "eleusis", "ghost_couple", "torite4to6")
PLAYERS = {"promotion": 4}  # a game's one count; the others are timed at 4 players too
SPEED_UP, EVERY_COUNT, FOUR_PLAYERS, EIGHT_CORES = 1.8, 60.0, 15.0, 10.0  # targets and the goal, in x and seconds


@dataclass(frozen=True)
class Timing:
    """One check: its wall and CPU seconds and the headline games it played."""

    wall: float
    cpu: float | None  # None where the system cannot tell a child's CPU time (Windows)
    games: int


def pnp_of(tree: Path) -> list[str]:
    """The command that runs pnp from a checkout (its own environment's Python when it has one)."""
    python = tree / ".venv" / "bin" / "python"
    return [str(python) if python.exists() else sys.executable, "-c", "from pnp.cli.main import main; main()"]


def timed(tree: Path, game: str, players: list[int], precision: float, workers: int,
          policy: str | None = None) -> Timing:
    """Run one check in a fresh process (policy: --policy, None for the default); its CPU seconds are its own and its
    workers'."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "report.json"
        command = pnp_of(tree) + ["check", game, "--precision", str(precision), "--workers", str(workers),
                                  "--json", str(out), "--project", str(tree)]
        command += [option for count in players for option in ("--players", str(count))]
        command += ["--policy", policy] if policy else []
        used = cpu_seconds(children=True)
        began = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=folder,
                       env={**os.environ, "PYTHONPATH": str(tree)})
        wall = time.perf_counter() - began
        now = cpu_seconds(children=True)
        games = sum(figures["games"] for figures in json.loads(out.read_text(encoding="utf-8"))["players"].values())
    return Timing(wall, now - used if now is not None and used is not None else None, games)


def measure(trees: dict[str, Path], game: str, players: list[int], precision: float,
            repeat: int, policy: str | None = None) -> dict[tuple[str, int], Timing]:
    """Each checkout on 1 and 2 workers, taking turns (so a shared machine's load falls on all alike): medians."""
    runs: dict[tuple[str, int], list[Timing]] = {}
    for round_ in range(repeat):
        order = [(name, workers) for name in trees for workers in (1, 2)]
        for name, workers in order if round_ % 2 == 0 else reversed(order):
            runs.setdefault((name, workers), []).append(timed(trees[name], game, players, precision, workers,
                                                              policy))
    return {key: Timing(statistics.median(t.wall for t in found), median([t.cpu for t in found]), found[0].games)
            for key, found in runs.items()}


def line(label: str, one: Timing, two: Timing) -> str:
    """One checkout's figures for one check."""
    return (f"{label}: {one.games:,} headline games; 1 worker {one.wall:.1f} s wall, {shown(one.cpu, 1)} s CPU; "
            f"2 workers {two.wall:.1f} s wall, {shown(two.cpu, 1)} s CPU; x{one.wall / two.wall:.2f} "
            f"(target {SPEED_UP}: {'met' if one.wall / two.wall >= SPEED_UP else 'NOT met'})")


def eight_cores(one: Timing, two: Timing) -> float:
    """Amdahl's law from two points: T(w) = serial + parallel / w."""
    parallel = max(0.0, 2 * (one.wall - two.wall))
    return one.wall - parallel + parallel / 8


def main() -> int:
    parser = argparse.ArgumentParser(description="pnp check: time to +-1 point on every seat, on 1 and 2 workers")
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--precision", type=float, default=0.01, help="the half-width asked for [0.01]")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each command (the median is shown)")
    parser.add_argument("--every", default="eitsuku", help="the game timed at every player count [eitsuku]")
    parser.add_argument("--other", type=Path, default=None, help="another checkout to time in turn with this one")
    parser.add_argument("--quick", action="store_true", help="+-25 points, Promotion only, random players")
    args = parser.parse_args()
    if args.quick:
        args.games, args.every, args.precision = ["promotion"], "promotion", 0.25
    trees = {"this": ROOT, **({"other": args.other.resolve()} if args.other else {})}
    points = f"+-{args.precision * 100:g} pt"
    for game in args.games:
        players = PLAYERS.get(game, 4)
        found = measure(trees, game, [players], args.precision, args.repeat, "random" if args.quick else None)
        for name in trees:
            print(line(f"{game} ({players} players, {points}){'' if name == 'this' else ' [other]'}",
                       found[name, 1], found[name, 2]))
            if game == "eitsuku":
                print(f"  --players 4 on 2 workers: {found[name, 2].wall:.1f} s (target {FOUR_PLAYERS:g} s: "
                      f"{'met' if found[name, 2].wall <= FOUR_PLAYERS else 'NOT met'})")
    if not args.quick:  # --quick: Promotion has one player count, so the runs above are its every count's
        found = measure(trees, args.every, [], args.precision, args.repeat)
    for name in trees:
        one, two = found[name, 1], found[name, 2]
        print(line(f"{args.every}, every player count ({points}){'' if name == 'this' else ' [other]'}", one, two))
        print(f"  on 2 workers {two.wall:.1f} s (target {EVERY_COUNT:g} s: "
              f"{'met' if two.wall <= EVERY_COUNT else 'NOT met'}); on 8 cores about {eight_cores(one, two):.1f} s "
              f"(goal {EIGHT_CORES:g} s; estimated from the scaling measured on 1 and 2 workers)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
