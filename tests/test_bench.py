"""Every benchmark script runs in its quick mode and prints its figures, so none can break unseen."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import needs_tool

BENCH = Path(__file__).resolve().parents[1] / "bench"
NUMBER = r"[\d,]+(\.\d+)?"

# Per script, lines its output must contain (regular expressions): the figures it exists to print.
FIGURES = {
    "bench_build.py": [rf"\[rgb\] ratio pnp / floor: +{NUMBER} ", rf"eitsuku-a4\.pdf: +{NUMBER} MB",
                       rf"\[rgb\] peak memory x1 +: {NUMBER} MB for 242 cards",
                       r"x100 project: 24200 pieces in \d+ components", rf"^workers' wait +{NUMBER}\b"],
    "build_phases.py": [rf"^imports +{NUMBER}\b", rf"^process cpu +{NUMBER}\b"],
    "bench_check.py": [rf"^eitsuku \(4 players, random\): {NUMBER} games/s on 1 core",
                       rf"^torite4to6 \(4 players, random\): {NUMBER} games/s .* on 2 workers \(x{NUMBER}\)"],
    "bench_precision.py": [rf"^promotion \(4 players, \+-25 pt\): {NUMBER} headline games; 1 worker {NUMBER} s wall, "
                           rf"{NUMBER} s CPU; 2 workers {NUMBER} s wall, {NUMBER} s CPU; x{NUMBER}",
                           rf"^  on 2 workers {NUMBER} s \(target 60 s: (met|NOT met)\); on 8 cores about {NUMBER} s"],
    "bench_search.py": [rf"^promotion \(4 players, 4 playouts a decision\): {NUMBER} ms CPU a search decision, "
                        rf"{NUMBER} s a game with one search seat",
                        rf"^ghost_couple \(2 players, 4 playouts a decision\): .* x{NUMBER} a greedy game; "
                        rf"search wins \d+% \[\d+%-\d+%\] of 1 against greedy \(fair 50%\)$"],
    "bench_export.py": [r"pnp export eitsuku --png --dpi 50: \d+ PNG files", rf"speed-up: +{NUMBER}x"],
    "check_breakdown.py": [rf"^eitsuku \(4 players\): {NUMBER} us a game .* checks -?{NUMBER}$"],
    "compare_check.py": [rf"^promotion \(4 players, random\): other {NUMBER} games/CPU s .*: [+-]{NUMBER}%$"],
    "greedy_floor.py": [rf"^torite4to6 \(4 players\): greedy {NUMBER} us \({NUMBER} games/CPU s, {NUMBER} moves\); "
                        rf"its random draws only {NUMBER} us .*; no observation {NUMBER} us",
                        rf"^ghost_couple \(3 players\): greedy {NUMBER} us .*; observation only {NUMBER} us"],
    "search_vs_headline.py": [rf"^\| promotion, 4 players \| {NUMBER}% \[{NUMBER}%-{NUMBER}%\] \| 25\.0% \| "
                              r"(met|NOT met) \| 2 games, budget 4, ",
                              rf"\| -?{NUMBER}% \[-?{NUMBER}%--?{NUMBER}%\] \(greedy in its place {NUMBER}%\) \|$"],
    "floor_reportlab.py": [rf"^median \(s\): {NUMBER}$", r"^floor_shop\.pdf: \d+ bytes$"],
    "floor_scope.py": [rf"^whole build / floor: +{NUMBER} \(target < 1\.5\)$", rf"^same outputs / floor: +{NUMBER}$"],
    "svg_renderers.py": [rf"^3 files: pnp read {NUMBER} ms and drew {NUMBER} ms in all$"],
    "bench_watch.py": [rf"^xlsx \[this\]: save to picture median {NUMBER} s \({NUMBER}-{NUMBER} s\) over 2 one-cell "
                       r"edits \(goal 0\.25 s: (met|NOT met)\)$"],
}
NEEDS = {"bench_watch.py": ("chromium", "chromium", "chromium-browser", "google-chrome")}  # system tools a script uses


def test_every_bench_script_has_its_figures_listed():
    scripts = [path.name for path in BENCH.glob("*.py") if "__main__" in path.read_text(encoding="utf-8")]
    assert sorted(scripts) == sorted(FIGURES)


@pytest.mark.parametrize("script", sorted(FIGURES))
def test_bench_script_runs_quickly_and_prints_its_figures(script, tmp_path):
    if script in NEEDS:
        needs_tool(*NEEDS[script])
        if os.name != "posix":
            pytest.skip("the benchmark drives Chromium over a pipe on descriptors 3 and 4, a POSIX habit")
    done = subprocess.run([sys.executable, str(BENCH / script), "--quick"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    for figure in FIGURES[script]:
        assert re.search(figure, done.stdout, re.M), f"{script} did not print {figure!r}:\n{done.stdout}"
    assert list(tmp_path.iterdir()) == []  # nothing left behind
