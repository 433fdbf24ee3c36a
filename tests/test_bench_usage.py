"""The bench scripts' CPU and memory figures on a system without the POSIX `resource` module (Windows)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"

WITHOUT_RESOURCE = """
import sys
sys.modules["resource"] = None  # as on Windows: importing it fails
sys.path.insert(0, sys.argv[1])
import usage, build_phases
assert usage.resource is None
own = usage.cpu_seconds()
assert isinstance(own, float) and own > 0, own
assert usage.cpu_seconds(children=True) is None and usage.peak_mb(children=True) is None
assert usage.shown(None) == "n/a" and usage.shown(1.26, 1) == "1.3"
assert usage.median([1.0, 3.0, 2.0]) == 2.0 and usage.median([1.0, None]) is None
runs = {"this": [{"imports": 0.2, "workers' cpu": None}], "other": [{"imports": 0.1, "workers' cpu": None}]}
lines = build_phases.table(runs)
assert any(line.split()[:4] == ["imports", "200", "100", "2.00"] for line in lines), lines
assert any(line.split()[:4] == ["workers'", "cpu", "n/a", "n/a"] for line in lines), lines
print("ok")
"""


def test_the_figures_read_without_the_resource_module_say_n_a_where_unknown():
    done = subprocess.run([sys.executable, "-c", WITHOUT_RESOURCE, str(BENCH)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_with_the_resource_module_every_figure_is_read():
    sys.path.insert(0, str(BENCH))
    try:
        import usage
    finally:
        sys.path.remove(str(BENCH))
    if usage.resource is None:
        pytest.skip("this system has no resource module: the test above covers it")
    assert usage.cpu_seconds(children=True) is not None
    peak = usage.peak_mb()
    assert peak is not None and 5 < peak < 4096
