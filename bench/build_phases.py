"""Where the time of `pnp build eitsuku` goes, phase by phase, in fresh processes (optionally beside another checkout).

Usage: python bench/build_phases.py [--repeat K] [--other CHECKOUT] [--color rgb|cmyk] [--quick]

Each run is a fresh interpreter building Eitsuku into the same output folder (so its caches are warm, as for a
user's second build), with pnp's phases timed from inside: the imports, reading the games and their layouts, the
fonts, resolving the faces (templates, text fitting, SVG art), the sheets (imposing and drawing, edge sampling
included), writing the sheets' files, waiting at the end for the workers (the rulebook and the print-shop files),
and the whole process; the workers' own CPU time is given beside, where the system can tell (n/a on Windows).
With --other, runs of that checkout (its `pnp` package found first on the path) take turns with this one's, so a
shared machine's load falls on both alike. Medians in milliseconds. Each checkout's pnp is compiled to bytecode
first, as an install compiles it, so imports are timed as a user's are. `bench_build.py` prints the same table.
--quick (for the test suite): one run, its output folder's caches not filled first.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from usage import median, shown  # noqa: E402

PROBE = r"""
import json, os, sys, time
start = time.perf_counter()
from pathlib import Path
sys.path.insert(0, sys.argv[4])
from usage import cpu_seconds
import pnp.build.builder as builder
import pnp.pdf.document as document
import pnp.pool as pool
import pnp.text.fonts as fonts
from pnp.project.games import Project
try:
    from pnp.data.yamlcache import parsed_yaml_kept  # as `pnp build` loads and builds
except ImportError:  # a checkout from before the parsed-YAML cache
    from contextlib import nullcontext as parsed_yaml_kept
imported = time.perf_counter()
spent = {}

def timed(owner, name, phase):
    original = getattr(owner, name)
    def wrapper(*args, **kwargs):
        began = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            spent[phase] = spent.get(phase, 0.0) + time.perf_counter() - began
    setattr(owner, name, wrapper)

timed(fonts, "_load", "fonts")
timed(builder, "render_component", "faces")
timed(builder, "_write_home_prints", "sheets")
timed(document.Document, "save", "writing")
timed(pool.Pending, "result", "workers' wait")
project = Project(Path(sys.argv[1]))
with parsed_yaml_kept(Path(sys.argv[2])):
    game = project.load_game("eitsuku")
    read = time.perf_counter()
    builder.build(project, [game], builder.BuildOptions(Path(sys.argv[2]), color=sys.argv[3]))
done = time.perf_counter()
print(json.dumps({"imports": imported - start, "games and layouts": read - imported, **spent,
                  "build (all)": done - read, "process": done - start, "process cpu": cpu_seconds(),
                  "workers' cpu": cpu_seconds(children=True)}))
"""

ORDER = ("imports", "games and layouts", "fonts", "faces", "sheets", "writing", "workers' wait", "build (all)",
         "process", "process cpu", "workers' cpu")
NOTES = {"writing": "within sheets", "fonts": "within faces and sheets", "sheets": "edges sampled included",
         "workers' wait": "for the rulebook and the print-shop files", "workers' cpu": "theirs, beside the process"}


def probe(checkout: Path, out: Path, color: str) -> dict[str, float | None]:
    """One build of the checkout's own Eitsuku in a fresh interpreter running the checkout's pnp (its code and its
    card data, which an older pnp may not read); seconds by phase."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run([sys.executable, "-c", PROBE, str(checkout), str(out), color, str(ROOT / "bench")],
                          capture_output=True, text=True, check=True, env=env, cwd=checkout)
    return json.loads(done.stdout.splitlines()[-1])


def compiled(checkout: Path) -> None:
    """The checkout's pnp compiled to bytecode, as an install compiles it: where PYTHONDONTWRITEBYTECODE is set, a
    source checkout would otherwise be compiled again in every timed run, some 100 ms counted as imports."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(checkout / "pnp")], check=True, capture_output=True)


def table(runs: dict[str, list[dict[str, float | None]]]) -> list[str]:
    """The medians of every phase, in milliseconds, a column per checkout (and their ratio for two)."""
    names = list(runs)
    lines = [f"{'phase':<24}" + "".join(f"{name:>12}" for name in names) + ("       ratio" if len(names) == 2 else "")]
    for phase in ORDER:
        seconds = [median([run.get(phase, 0.0) for run in runs[name]]) for name in names]
        medians = [None if value is None else value * 1000 for value in seconds]
        known = [value for value in medians if value is not None]
        ratio = f"{known[0] / known[1]:>12.2f}" if len(names) == len(known) == 2 and known[1] > 0 else ""
        note = f"  ({NOTES[phase]})" if phase in NOTES else ""
        lines.append(f"{phase:<24}" + "".join(f"{shown(value):>12}" for value in medians) + ratio + note)
    return lines


def phases(repeat: int, color: str, other: Path | None = None, warm: bool = True) -> list[str]:
    """The table for this checkout (and another's, runs taking turns); warm: caches filled by a run not counted."""
    checkouts = {"this": ROOT, **({"other": other} if other is not None else {})}
    runs: dict[str, list[dict[str, float | None]]] = {name: [] for name in checkouts}
    with tempfile.TemporaryDirectory() as tmp:
        for name, checkout in checkouts.items():
            compiled(checkout)
            if warm:
                probe(checkout, Path(tmp) / name, color)  # the output folder's caches filled once, not counted
        for _ in range(repeat):
            for name, checkout in checkouts.items():
                runs[name].append(probe(checkout, Path(tmp) / name, color))
    return table(runs)


def main() -> int:
    parser = argparse.ArgumentParser(description="where the time of pnp build eitsuku goes")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--other", type=Path, help="another checkout, timed in turn (figures before a change)")
    parser.add_argument("--color", choices=("rgb", "cmyk"), default="rgb")
    parser.add_argument("--quick", action="store_true", help="one run, not warmed")
    args = parser.parse_args()
    if args.quick:
        args.repeat = 1
    print(f"median milliseconds over {args.repeat} fresh processes each ({args.color})")
    print("\n".join(phases(args.repeat, args.color, args.other, warm=not args.quick)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
