"""Shared fixtures: the repository root, a scratch project, and one Eitsuku build per session."""

from __future__ import annotations

import csv
import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from filelock import FileLock
from hypothesis import settings

from pnp.build.builder import BuildOptions, build
from pnp.output.cachefiles import CACHE_FOLDER
from pnp.project.games import Project

ROOT = Path(__file__).resolve().parent.parent

# CI replays the same examples every run; locally hypothesis explores new ones each time.
settings.register_profile("ci", derandomize=True, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="session")
def repo() -> Project:
    return Project(ROOT)


def made_once(tmp_path_factory, name: str, make: Callable[[Path], None]) -> Path:
    """A folder `make` fills once per test run, shared by every pytest-xdist worker (the first one makes it, under a
    file lock, and the others wait and read it): a fixture's expensive outputs are not made again per worker."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder, done = shared / name, shared / f"{name}.done"
    with FileLock(str(shared / f"{name}.lock")):
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            done.touch()
    return folder


def one_process_json(tmp_path_factory, *args: str) -> bytes:
    """The --json bytes of `pnp check ARGS --workers 1`, which must succeed without a word on stderr; made once per
    test run for every test that compares other ways of running the same check with it."""
    def make(folder: Path) -> None:
        from click.testing import CliRunner

        from pnp.cli.main import main
        result = CliRunner().invoke(main, ["check", *args, "--workers", "1", "--json", str(folder / "check.json")])
        assert result.exit_code == 0, result.output
        assert result.stderr == ""  # no progress line outside a terminal
    name = "check-" + hashlib.sha256("\0".join(args).encode()).hexdigest()[:16]
    return (made_once(tmp_path_factory, name, make) / "check.json").read_bytes()


@pytest.fixture(scope="session")
def eitsuku_out(tmp_path_factory, repo) -> Path:
    """Build Eitsuku once (A4, Japanese marks, long-edge duplex) into a temporary folder."""
    out = made_once(tmp_path_factory, "eitsuku-out", lambda out: build(repo, [repo.load_game("eitsuku")],
                                                                       BuildOptions(out)))
    return out / "eitsuku"


@pytest.fixture
def project(tmp_path) -> Path:
    """A scratch project made by `pnp new demo`."""
    from pnp.scaffold.writer import scaffold
    scaffold(Project(tmp_path), "demo")
    return tmp_path


@pytest.fixture
def toy_entry_point(monkeypatch):
    """Register tests/toygame.py as an installed package would: entry point group pnp.games, toy = toygame:SPEC."""
    from importlib import metadata
    installed = metadata.entry_points

    def entry_points(**params):
        if params.get("group") == "pnp.games":
            return [metadata.EntryPoint("toy", "toygame:SPEC", "pnp.games")]
        return installed(**params)

    monkeypatch.setattr(metadata, "entry_points", entry_points)


def needs_tool(package: str, *names: str) -> None:
    """Skip the test, with its reason, where a system tool is missing; in CI, which installs them all, fail."""
    if not any(shutil.which(name) for name in names or (package,)):
        reason = f"{names[0] if names else package} is not installed (package {package}, named in the README)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)


def poppler(*args: str) -> str:
    """Run a poppler tool and return its output."""
    needs_tool("poppler-utils", args[0])
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def copy_games(tmp_path: Path, *games: str, layouts: bool = False) -> Project:
    """A scratch project holding copies of the games' card data (and layouts when asked)."""
    for game in games:
        shutil.copytree(ROOT / "card_data" / game, tmp_path / "card_data" / game,
                        ignore=shutil.ignore_patterns("__pycache__"))
        if layouts:
            shutil.copytree(ROOT / "layouts" / game, tmp_path / "layouts" / game)
    return Project(tmp_path)


def edit_rows(project: Project, path: str, change) -> None:
    """Rewrite card_data/PATH of a scratch project through change(rows)."""
    file = project.root / "card_data" / path
    with open(file, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    columns = list(rows[0])
    rows = change(rows)
    with open(file, "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, columns)
        writer.writeheader()
        writer.writerows(rows)


def replace_once(path: Path, old: str, new: str) -> None:
    """Replace the first occurrence of old in a text file (which must hold it)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


LEAF = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 63 88"><path d="M0 0 L63 0 L0 88 Z"/></svg>'


def shapes_demo(root: Path, shapes: str) -> Path:
    """A `pnp new` demo project in root with `shapes` (components) added before game.yaml's check:, and the
    leaf outline they may cut along in card_data/demo/shapes/leaf.svg."""
    from pnp.scaffold.writer import scaffold
    scaffold(Project(root), "demo")
    replace_once(root / "card_data/demo/game.yaml", "check:", shapes)
    (root / "card_data/demo/shapes").mkdir()
    (root / "card_data/demo/shapes/leaf.svg").write_text(LEAF, encoding="utf-8")
    return root


MODULES_CHILD = """
import json, sys
from pnp.cli.main import main
try:
    main(sys.argv[1:], prog_name="pnp")
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def modules_of_second_build(project: Path, out: Path) -> list[str]:
    """The modules a fresh `pnp build` process loads when it builds the project a second time (its SVG art
    already converted, as most builds find it)."""
    command = [sys.executable, "-c", MODULES_CHILD, "build", "--project", str(project), "--out", str(out)]
    for _ in range(2):
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def published(output: Path) -> list[str]:
    """The names in an output folder, sorted, but for the cache a build keeps there (output/.pnp-cache)."""
    return sorted(p.name for p in output.iterdir() if p.name != CACHE_FOLDER)
