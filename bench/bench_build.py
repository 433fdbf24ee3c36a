"""Benchmark: `pnp build eitsuku` against the raw-reportlab floor, file size, and memory at 1x, 10x and 100x cards.

Usage: python bench/bench_build.py [--repeat K] [--color rgb|cmyk|both] [--factors 1,10,100]

Prints the median wall time of each, the ratio pnp / floor (target: under 2),
for RGB and for CMYK print-shop files, the size of the Eitsuku sheets PDF
(target: under 2 MB), and the peak memory of a whole build in a fresh process
(the larger of the build process and the process that writes the print-shop
files) with the card counts as shipped and multiplied (target: under 150 MB
at 100x), beside the floor's peak for the same number of cards.
"""

from __future__ import annotations

import argparse
import csv
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import floor_reportlab  # noqa: E402

from pnp.build.builder import BuildOptions, build  # noqa: E402
from pnp.face.render import _to_color  # noqa: E402
from pnp.layout.files import _parse_yaml  # noqa: E402
from pnp.layout.template import _expression, _from_string, _parse, _simple_name, names_used  # noqa: E402
from pnp.pdf.cmyk import load_profile  # noqa: E402
from pnp.project.games import Project  # noqa: E402
from pnp.text.fonts import _load  # noqa: E402

PEAK = """
def own_peak_kb():
    # VmHWM starts afresh at exec; ru_maxrss would carry the launching process's peak over
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
"""

MEMORY_PROBE = """
import resource, sys, json
from pathlib import Path""" + PEAK + """
from pnp.build.builder import BuildOptions, build
from pnp.project.games import Project
project = Project(Path(sys.argv[1]))
report = build(project, [project.load_game("eitsuku")], BuildOptions(Path(sys.argv[2]), color=sys.argv[3]))
peak = max(own_peak_kb(), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
print(json.dumps({"cards": report.cards, "pages": report.pages, "peak_mb": peak / 1024}))
"""


def clear_caches() -> None:
    """Forget everything pnp caches per process, so each timed run starts as a fresh command would."""
    for cached in (_load, _parse_yaml, names_used, _parse, _from_string, _expression, _simple_name, _to_color,
                   load_profile):
        cached.cache_clear()


FLOOR_PROBE = """
import resource, sys, json
from pathlib import Path""" + PEAK + """
sys.path.insert(0, sys.argv[3])
import floor_reportlab
floor_reportlab.run(int(sys.argv[1]), Path(sys.argv[2]))
print(json.dumps({"peak_mb": own_peak_kb() / 1024}))
"""


def time_pnp(out: Path, color: str) -> tuple[float, int]:
    """One full build of Eitsuku in this process, fonts read afresh; returns seconds and cards."""
    clear_caches()
    start = time.perf_counter()
    project = Project(ROOT)
    report = build(project, [project.load_game("eitsuku")], BuildOptions(out, color=color))
    return time.perf_counter() - start, report.cards


def time_floor(cards: int, out: Path) -> float:
    """One run of the raw-reportlab floor for the same number of cards."""
    start = time.perf_counter()
    floor_reportlab.run(cards, out)
    return time.perf_counter() - start


def scaled_project(factor: int, folder: Path) -> Path:
    """A copy of the project with every Eitsuku count multiplied by factor."""
    shutil.copytree(ROOT / "card_data", folder / "card_data")
    shutil.copytree(ROOT / "layouts", folder / "layouts")
    for path in (folder / "card_data" / "eitsuku").glob("*.csv"):
        with open(path, encoding="utf-8", newline="") as handle:
            rows = list(csv.DictReader(handle))
        if not rows or "count" not in rows[0]:
            continue
        for row in rows:
            row["count"] = str(int(row["count"] or 1) * factor)
        with open(path, "w", encoding="utf-8", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    return folder


def peak_memory(factor: int, scratch: Path, color: str) -> dict:
    """Peak RSS of a whole build in a fresh interpreter."""
    project = scratch / f"x{factor}"
    if not project.exists():
        scaled_project(factor, project)
    result = subprocess.run([sys.executable, "-c", MEMORY_PROBE, str(project), str(scratch / f"out{factor}"), color],
                            check=True, capture_output=True, text=True)
    shutil.rmtree(scratch / f"out{factor}")
    return json.loads(result.stdout)


def floor_memory(cards: int, scratch: Path) -> float:
    """Peak RSS of the raw-reportlab floor writing the same number of cards, in a fresh interpreter."""
    result = subprocess.run([sys.executable, "-c", FLOOR_PROBE, str(cards), str(scratch / "floor-mem"),
                             str(ROOT / "bench")], check=True, capture_output=True, text=True)
    return json.loads(result.stdout)["peak_mb"]


def main() -> int:
    parser = argparse.ArgumentParser(description="pnp build speed, size and memory")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--color", choices=("rgb", "cmyk", "both"), default="both")
    parser.add_argument("--factors", default="1,10,100", help="card-count multipliers for the memory probe")
    args = parser.parse_args()
    colors = ("rgb", "cmyk") if args.color == "both" else (args.color,)
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        for color in colors:
            pnp_times, floor_times = [], []
            for _ in range(args.repeat):
                seconds, cards = time_pnp(scratch / "pnp", color)
                pnp_times.append(seconds)
                floor_times.append(time_floor(cards, scratch / "floor"))
            pnp_median, floor_median = statistics.median(pnp_times), statistics.median(floor_times)
            print(f"[{color}] cards: {cards}")
            print(f"[{color}] floor (raw reportlab): median {floor_median:.3f} s over {args.repeat} runs")
            print(f"[{color}] pnp build eitsuku:     median {pnp_median:.3f} s over {args.repeat} runs")
            print(f"[{color}] ratio pnp / floor:     {pnp_median / floor_median:.2f} (target < 2)")
        size = (scratch / "pnp" / "eitsuku" / "eitsuku-a4.pdf").stat().st_size
        print(f"eitsuku-a4.pdf:        {size / 1e6:.2f} MB (target < 2 MB)")
        for factor in (int(f) for f in args.factors.split(",")):
            for color in colors:
                probe = peak_memory(factor, scratch, color)
                print(f"[{color}] peak memory x{factor:<3}: {probe['peak_mb']:.0f} MB for {probe['cards']} cards "
                      f"on {probe['pages']} sheet pages (target < 150 MB)")
            print(f"floor peak memory x{factor:<3}: {floor_memory(probe['cards'], scratch):.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
