"""Benchmark: `pnp build eitsuku` against the raw-reportlab floor as whole processes, also on the floor's own outputs.

Usage: python bench/floor_scope.py [--rounds N] [--quick]

bench/floor_reportlab.py draws Eitsuku's budget, role and event cards: home-print sheets with mirrored backs and
print-shop fronts and backs. `pnp build eitsuku` writes those and more: the player aids, the mat, the turn track and
the score sheet, their print-shop files, the tuck box on A3 and the rulebook (A5 pages and a folded booklet). This
script times, as whole processes taking turns (floor, whole build, same outputs, floor, ...), with their caches warm:

- the floor: `python bench/floor_reportlab.py --repeat 1`;
- the whole build: `pnp build eitsuku`, as shipped;
- the same outputs: `pnp build eitsuku` on a copy of the project whose game.yaml lists only the budget, role and
  event cards and which has no rules.md, so that pnp writes what the floor writes (its card faces in full).

It prints each one's median wall time and the ratio of each build to the floor (the target is under 1.5 for the
whole build). The ratios of medians move less than the medians, as the three take turns.

--quick (for the test suite): one round, not warmed.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = "eitsuku"
FLOOR_COMPONENTS = ("budget", "role", "event")


def floor_scope_project(folder: Path) -> Path:
    """A copy of the Eitsuku project that prints only the floor's components and has no rulebook."""
    shutil.copytree(ROOT / "card_data" / GAME, folder / "card_data" / GAME, ignore=shutil.ignore_patterns("rules"))
    shutil.copytree(ROOT / "layouts" / GAME, folder / "layouts" / GAME)
    shutil.copytree(ROOT / "fonts", folder / "fonts")
    (folder / "card_data" / GAME / "rules.md").unlink()
    manifest = folder / "card_data" / GAME / "game.yaml"
    lines = manifest.read_text(encoding="utf-8").split("\n")
    kept = [line for line in lines if not line.lstrip().startswith("- {name:")
            or any(line.lstrip().startswith(f"- {{name: {name}}}") for name in FLOOR_COMPONENTS)]
    manifest.write_text("\n".join(kept), encoding="utf-8")  # its check: section is kept; a build does not read it
    return folder


def commands(scratch: Path) -> dict[str, list[str]]:
    """The three whole processes, by name."""
    pnp = [sys.executable, "-m", "pnp", "build", GAME]
    return {
        "floor": [sys.executable, str(ROOT / "bench" / "floor_reportlab.py"), "--repeat", "1", "--out",
                  str(scratch / "floor")],
        "whole build": [*pnp, "--out", str(scratch / "whole"), "--project", str(ROOT)],
        "same outputs": [*pnp, "--project", str(floor_scope_project(scratch / "scope"))],
    }


def wall_time(command: list[str]) -> float:
    """One run's wall time in seconds; its output is discarded, a failure stops the benchmark."""
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=11, help="timed rounds [default: %(default)s]")
    parser.add_argument("--quick", action="store_true", help="one round (a check that the script works)")
    args = parser.parse_args(argv)
    rounds = 1 if args.quick else args.rounds
    if rounds < 1:
        parser.error("--rounds must be at least 1")
    with tempfile.TemporaryDirectory(prefix="pnp-floor-scope-") as tmp:
        runs = commands(Path(tmp))
        for command in runs.values() if not args.quick else ():
            wall_time(command)  # warm: compiled modules, the output folders' caches
        times: dict[str, list[float]] = {name: [] for name in runs}
        for _ in range(rounds):
            for name, command in runs.items():
                times[name].append(wall_time(command))
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, median in medians.items():
        print(f"{name + ':':14} median {median:.3f} s over {rounds} rounds")
    floor = medians["floor"]
    print(f"whole build / floor:  {medians['whole build'] / floor:.2f} (target < 1.5)")
    print(f"same outputs / floor: {medians['same outputs'] / floor:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
