"""The project's shape: folders import only earlier folders (README "Architecture"), small modules, CI settings.

That a game's simulation imports only `pnp.sim` and the standard library is tested in test_sim_interface.py.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "pnp"
MAX_LINES = 320


def architecture_order() -> list[str]:
    """The folders (and top-level modules) in the order of README's architecture table, left to right in a row."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("### Architecture", 1)[1].split("\n\n", 2)[2]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    return [name for row in rows for name in re.findall(r"`(?:pnp/)?(\w+)(?:\.py|/)`", row.split("|")[1])]


def part_of(path: Path) -> str:
    """The folder or top-level module a source file belongs to ('pnp' for the package's own __init__)."""
    parts = path.relative_to(PACKAGE).parts
    return "pnp" if parts == ("__init__.py",) else parts[0].removesuffix(".py")


def imported_names(path: Path) -> set[str]:
    """The pnp modules a file imports anywhere in it: at the top, in a function, or for type checking only
    (`from pnp import x` and `from pnp.check import x` name pnp.x and pnp.check.x too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else []
        for name in names:
            if name == "pnp" or name.startswith("pnp."):
                found.add(name)
            if isinstance(node, ast.ImportFrom) and name in ("pnp", "pnp.check"):
                found.update(f"{name}.{alias.name}" for alias in node.names)
    return found


def imported_parts(path: Path) -> set[str]:
    """The parts of pnp a file imports anywhere in it."""
    return {name.split(".")[1] if "." in name else "pnp" for name in imported_names(path)}


def sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_the_readme_lists_every_folder_of_the_package_once():
    order = architecture_order()
    assert order[:6] == ["errors", "limits", "units", "colors", "poolworkers", "pool"]
    assert order[-2:] == ["cli", "__main__"]
    assert len(order) == len(set(order))
    assert {part_of(path) for path in sources()} - {"pnp"} == set(order)


def test_a_folder_imports_only_from_folders_earlier_in_the_architecture_order():
    order = architecture_order()
    position = {name: i for i, name in enumerate(order)}
    position["pnp"] = 0  # the package's __init__ re-exports the error type
    wrong = []
    for path in sources():
        me = part_of(path)
        for other in imported_parts(path) - {me}:
            if other not in position or position[other] >= position[me] and me != "pnp":
                wrong.append(f"{path.relative_to(ROOT)} ({me}) imports {other}")
    assert wrong == []


def test_the_order_check_sees_imports_inside_functions_and_for_type_checking(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pnp.cli.main import main\n"
                      "def f():\n    import pnp.sheet.grid\n    from pnp import errors\n    from . import x\n",
                      encoding="utf-8")
    assert imported_parts(module) == {"cli", "sheet", "pnp", "errors"}


CHECK = PACKAGE / "check"
# pnp/check's folders and modules, each importing only those before it: the options and the statistics first,
# then finding a game's simulation, playing games, the figures computed from them, the whole report, the runs of
# a player count, the report's text and charts, and the checker that runs it all.
CHECK_LAYERS = ["options", "stats", "probe", "printed", "discovery", "play", "deal", "figures", "ladder", "sweep",
                "report", "count", "text", "charts", "checker"]


def check_part(path: Path) -> str:
    """The folder or module of pnp/check a source file belongs to ('check' for the package's own __init__)."""
    parts = path.relative_to(CHECK).parts
    return "check" if parts == ("__init__.py",) else parts[0].removesuffix(".py")


def imported_check_parts(path: Path) -> set[str]:
    """The parts of pnp/check a file imports anywhere in it (from pnp.check.X, or from pnp.check import X)."""
    return {name.split(".")[2] for name in imported_names(path) if name.startswith("pnp.check.")}


def test_the_check_layers_name_every_part_of_pnp_check_once():
    assert len(CHECK_LAYERS) == len(set(CHECK_LAYERS))
    assert {check_part(path) for path in sorted(CHECK.rglob("*.py"))} - {"check"} == set(CHECK_LAYERS)


def test_a_part_of_pnp_check_imports_only_from_earlier_layers():
    position = {name: i for i, name in enumerate(CHECK_LAYERS)}
    wrong = []
    for path in sorted(CHECK.rglob("*.py")):
        me = check_part(path)
        for other in imported_check_parts(path) - {me}:
            if other not in position or me == "check" or position[other] >= position[me]:
                wrong.append(f"{path.relative_to(ROOT)} ({me}) imports {other}")
    assert wrong == []


def test_the_check_layer_test_sees_both_forms_of_import(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("from pnp.check.figures.play import PlayFigures\nfrom pnp.check import report\n"
                      "def f():\n    import pnp.check.text.report\n", encoding="utf-8")
    assert imported_check_parts(module) == {"figures", "report", "text"}


def test_no_module_of_the_package_is_over_320_lines():
    long = {str(path.relative_to(ROOT)): n for path in sources()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def test_ci_runs_the_property_tests_derandomized():
    import subprocess
    import sys
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert script.index("export CI=true  # tests/conftest.py: hypothesis replays the same examples on every run "
                        "(derandomize)") < script.index("make test")
    probe = "from hypothesis import settings; import conftest; print(settings.default.derandomize)"
    for env, derandomized in (({"CI": "true"}, "True"), ({}, "False")):
        shown = subprocess.run([sys.executable, "-c", probe], cwd=ROOT / "tests", env={"PATH": "/usr/bin:/bin", **env},
                               capture_output=True, text=True, check=True).stdout.strip()
        assert shown == derandomized, env


def test_every_text_file_pnp_writes_names_its_line_endings():
    """A text write without newline= gives CRLF on Windows: the same project would give other bytes there."""
    unnamed = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "write_text":
                if not any(keyword.arg == "newline" for keyword in node.keywords):
                    unnamed.append(f"{path.relative_to(ROOT).as_posix()}:{node.lineno}")
    assert unnamed == []
