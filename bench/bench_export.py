"""Benchmark: `pnp export eitsuku --png --dpi 300` end to end, on every core and on one.

Usage: python bench/bench_export.py [--repeat K] [--game GAME] [--dpi N] [--quick]

Each run is a fresh `pnp export` process (fonts, layouts and CSV files read
afresh, print-shop pages written and rasterised, PNG files saved) into an
empty folder. Prints the median wall time on every core (target: under 20 s
for Eitsuku on two cores), the median with --workers 1, their ratio, and how
many PNG files and megabytes were written. --quick (for the test suite): one
run each at 50 dpi.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_SECONDS = 20.0
COMMAND = "from pnp.cli.main import main; main()"


def run_export(game: str, out: Path, workers: int | None, dpi: int) -> float:
    """One `pnp export GAME --png --dpi DPI` in a new process; returns wall seconds."""
    args = [sys.executable, "-c", COMMAND, "export", game, "--png", "--dpi", str(dpi), "--out", str(out),
            "--project", str(ROOT)]
    if workers is not None:
        args += ["--workers", str(workers)]
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True, text=True)
    return time.perf_counter() - start


def median_time(game: str, repeat: int, workers: int | None, dpi: int, scratch: Path) -> tuple[float, Path]:
    """Median wall time over `repeat` runs, each into an empty folder; also the last run's folder."""
    times = []
    for run in range(repeat):
        out = scratch / f"w{workers or 'all'}-{run}"
        times.append(run_export(game, out, workers, dpi))
    return statistics.median(times), out / game


def main() -> int:
    parser = argparse.ArgumentParser(description="pnp export speed")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--game", default="eitsuku")
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--quick", action="store_true", help="one run each at 50 dpi (a check that it works)")
    args = parser.parse_args()
    if args.quick:
        args.repeat, args.dpi = 1, 50
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        every, folder = median_time(args.game, args.repeat, None, args.dpi, scratch)
        single, _ = median_time(args.game, args.repeat, 1, args.dpi, scratch)
        pngs = list(folder.rglob("*.png"))
        size = sum(p.stat().st_size for p in pngs)
    print(f"pnp export {args.game} --png --dpi {args.dpi}: {len(pngs)} PNG files, {size / 1e6:.1f} MB")
    print(f"every core ({os.cpu_count()}): median {every:.2f} s over {args.repeat} runs "
          f"(target < {TARGET_SECONDS:.0f} s)")
    print(f"--workers 1:       median {single:.2f} s over {args.repeat} runs")
    print(f"speed-up:          {single / every:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
