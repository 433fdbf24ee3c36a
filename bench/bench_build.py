"""Benchmark: `pnp build eitsuku` against the raw-reportlab floor, file size, and memory at 1x, 10x and 100x cards.

Usage: python bench/bench_build.py [--repeat K] [--color rgb|cmyk|both] [--factors 1,10,100] [--other CHECKOUT]
                                  [--quick]

Prints the median wall time of each, the ratio pnp / floor (target: under 1.5),
for RGB and for CMYK print-shop files, the size of the Eitsuku sheets PDF
(target: under 2 MB), and the peak memory of a whole build in a fresh process
(the larger of the build process and the process that writes the print-shop
files) with the card counts as shipped and multiplied (target: under 150 MB
at 100x), beside the floor's peak for the same number of cards. Then where the time of a build goes, phase by
phase, in fresh processes (bench/build_phases.py), beside another checkout's phases with --other CHECKOUT.

The scaled projects multiply every row's count, writing a row whose copies
would pass pnp's limit on copies of a row as several rows, and split a
component into several that share its layouts where it would pass the limit on
pieces per component, so a scaled project is one pnp accepts.

--quick (for the test suite): one RGB run of each, every scaled project read
but only the 1x one built for its memory, and the phases' one run not warmed.
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

import build_phases  # noqa: E402
import floor_reportlab  # noqa: E402
import yaml  # noqa: E402
from usage import shown  # noqa: E402

from pnp.build.builder import BuildOptions, build  # noqa: E402
from pnp.build.collect import lean_collection  # noqa: E402
from pnp.data.yamlcache import parsed_yaml_kept  # noqa: E402
from pnp.limits import MAX_CARDS, MAX_COUNT  # noqa: E402
from pnp.project.games import Project  # noqa: E402
from pnp.text.fonts import read_bundled_ahead  # noqa: E402

GAME = "eitsuku"

MEMORY_PROBE = """
import sys, json
from pathlib import Path
sys.path.insert(0, sys.argv[4])
from usage import larger, peak_mb
from pnp.build.builder import BuildOptions, build
from pnp.data.yamlcache import parsed_yaml_kept
from pnp.project.games import Project
project = Project(Path(sys.argv[1]))
with parsed_yaml_kept(Path(sys.argv[2])):
    report = build(project, [project.load_game("eitsuku")], BuildOptions(Path(sys.argv[2]), color=sys.argv[3]))
peak = larger(peak_mb(), peak_mb(children=True))
print(json.dumps({"cards": report.cards, "pages": report.pages, "peak_mb": peak}))
"""


def clear_caches() -> None:
    """Forget everything pnp caches per process (every functools cache), so each run starts as a fresh command."""
    for name, module in list(sys.modules.items()):
        if name == "pnp" or name.startswith("pnp."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", None) == name:
                    value.cache_clear()


FLOOR_PROBE = """
import sys, json
from pathlib import Path
sys.path.insert(0, sys.argv[3])
import floor_reportlab
from usage import peak_mb
floor_reportlab.run(int(sys.argv[1]), Path(sys.argv[2]))
print(json.dumps({"peak_mb": peak_mb()}))
"""


def time_pnp(out: Path, color: str) -> tuple[float, int]:
    """One full build of Eitsuku in this process, fonts read afresh (their tables from the output folder's font
    cache after the first run, as a user's second build finds them); returns seconds and cards."""
    clear_caches()
    start = time.perf_counter()
    read_bundled_ahead()  # as `pnp build` loads and builds: the fonts read beside the loading, the collector lean
    with lean_collection(), parsed_yaml_kept(out):
        project = Project(ROOT)
        report = build(project, [project.load_game("eitsuku")], BuildOptions(out, color=color))
    return time.perf_counter() - start, report.cards


def time_floor(cards: int, out: Path) -> float:
    """One run of the raw-reportlab floor for the same number of cards."""
    start = time.perf_counter()
    floor_reportlab.run(cards, out)
    return time.perf_counter() - start


def scaled_project(factor: int, folder: Path) -> Path:
    """A copy of the project with `factor` times as many Eitsuku pieces: counts multiplied, within pnp's limits."""
    shutil.copytree(ROOT / "card_data", folder / "card_data")
    shutil.copytree(ROOT / "layouts", folder / "layouts")
    game = folder / "card_data" / GAME
    manifest = yaml.safe_load((game / "game.yaml").read_text(encoding="utf-8"))
    components = []
    for entry in manifest["components"]:
        if factor > 1 and isinstance(entry, dict) and entry.get("kind") == "tuckbox":
            continue  # a box holds the shipped decks: one for many times as many cards would be no box
        name = entry["name"] if isinstance(entry, dict) else entry
        columns, rows = read_rows(game / f"{name}.csv")
        for number, part in enumerate(split_rows(scaled_rows(rows, factor)), 1):
            part_name = name if number == 1 else f"{name}_{number}"
            write_rows(game / f"{part_name}.csv", columns, part)
            components.append(entry if number == 1 else {"name": part_name, "from": f"{GAME}/{name}",
                                                         "csv": f"{part_name}.csv"})
    manifest["components"] = components
    (game / "game.yaml").write_text(yaml.safe_dump(manifest, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return folder


def read_rows(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    """A CSV file's columns and rows."""
    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        return list(reader.fieldnames or []), list(reader)


def write_rows(path: Path, columns: list[str], rows: list[dict[str, str]]) -> None:
    """Write rows under their columns."""
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)


def scaled_rows(rows: list[dict[str, str]], factor: int) -> list[dict[str, str]]:
    """Each row with `factor` times its copies, as several rows of at most MAX_COUNT copies where it needs them."""
    if rows and "count" not in rows[0]:
        return rows * factor
    scaled = []
    for row in rows:
        copies = int(row["count"] or 1) * factor
        while copies > 0:
            scaled.append({**row, "count": str(min(copies, MAX_COUNT))})
            copies -= MAX_COUNT
    return scaled


def split_rows(rows: list[dict[str, str]]) -> list[list[dict[str, str]]]:
    """Rows in consecutive parts of at most MAX_CARDS pieces each (a row without a count is one piece)."""
    parts: list[list[dict[str, str]]] = [[]]
    pieces = 0
    for row in rows:
        count = int(row.get("count") or 1)
        if pieces + count > MAX_CARDS:
            parts.append([])
            pieces = 0
        parts[-1].append(row)
        pieces += count
    return parts


def scaled(factor: int, scratch: Path) -> Path:
    """The project scaled by `factor` (made once), checked to load as pnp reads it before any build."""
    project = scratch / f"x{factor}"
    if not project.exists():
        scaled_project(factor, project)
        Project(project).load_game(GAME)
    return project


def peak_memory(factor: int, scratch: Path, color: str) -> dict:
    """Peak RSS of a whole build in a fresh interpreter."""
    project = scaled(factor, scratch)
    result = subprocess.run([sys.executable, "-c", MEMORY_PROBE, str(project), str(scratch / f"out{factor}"), color,
                             str(ROOT / "bench")], check=True, capture_output=True, text=True)
    shutil.rmtree(scratch / f"out{factor}")
    return json.loads(result.stdout)


def floor_memory(cards: int, scratch: Path) -> float | None:
    """Peak RSS of the raw-reportlab floor writing the same number of cards, in a fresh interpreter."""
    result = subprocess.run([sys.executable, "-c", FLOOR_PROBE, str(cards), str(scratch / "floor-mem"),
                             str(ROOT / "bench")], check=True, capture_output=True, text=True)
    return json.loads(result.stdout)["peak_mb"]


def main() -> int:
    parser = argparse.ArgumentParser(description="pnp build speed, size and memory")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--color", choices=("rgb", "cmyk", "both"), default="both")
    parser.add_argument("--factors", default="1,10,100", help="card-count multipliers for the memory probe")
    parser.add_argument("--other", type=Path, help="another checkout, its phases timed in turn with this one's")
    parser.add_argument("--quick", action="store_true", help="one RGB run; only the 1x memory probe is built")
    args = parser.parse_args()
    if args.quick:
        args.repeat, args.color = 1, "rgb"
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
            print(f"[{color}] ratio pnp / floor:     {pnp_median / floor_median:.2f} (target < 1.5)")
        size = (scratch / "pnp" / "eitsuku" / "eitsuku-a4.pdf").stat().st_size
        print(f"eitsuku-a4.pdf:        {size / 1e6:.2f} MB (target < 2 MB)")
        for factor in (int(f) for f in args.factors.split(",")):
            if args.quick and factor != 1:
                game = Project(scaled(factor, scratch)).load_game(GAME)
                pieces = sum(c.card_count for c in game.components)
                print(f"x{factor} project: {pieces} pieces in {len(game.components)} components, "
                      "read but not built (--quick)")
                continue
            for color in colors:
                probe = peak_memory(factor, scratch, color)
                print(f"[{color}] peak memory x{factor:<3}: {shown(probe['peak_mb'])} MB for {probe['cards']} cards "
                      f"on {probe['pages']} sheet pages (target < 150 MB)")
            print(f"floor peak memory x{factor:<3}: {shown(floor_memory(probe['cards'], scratch))} MB")
    print(f"where the time goes ({colors[0]}), median ms over {args.repeat} fresh processes:")
    print("\n".join(build_phases.phases(args.repeat, colors[0], args.other, warm=not args.quick)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
