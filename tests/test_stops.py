"""Stopping pnp: a kill at any moment leaves a whole set; Ctrl+C and SIGTERM end every command with one line."""

from __future__ import annotations

import csv
import io
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import poppler, published
from conftest import replace_once as edit

from pnp.cli.main import main
from pnp.cli.stop import Stopped
from pnp.output.cachefiles import CACHE_FOLDER

PNP = Path(sys.executable).with_name("pnp")
needs_pnp = pytest.mark.skipif(not PNP.exists() or not Path("/proc").is_dir(),
                               reason="needs the installed pnp command and /proc")


def start(*args: str) -> subprocess.Popen:
    """pnp in its own process group, with Ctrl+C's default action (a test runner may have it ignored)."""
    return subprocess.Popen([str(PNP), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def wait_for(condition: Callable[[], bool], process: subprocess.Popen) -> None:
    """Poll until the condition holds (the process must still be running)."""
    for _ in range(6000):
        if condition():
            return
        assert process.poll() is None, process.communicate()
        time.sleep(0.01)
    raise AssertionError("the condition never held")


def group_alive(group: int) -> list[int]:
    """The processes of a process group that still run (zombies, waiting for a parent, do not count)."""
    alive = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            alive.append(int(stat.parent.name))
    return alive


def children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def temporaries(folder: Path) -> list[Path]:
    """Hidden files and folders left (a temporary, a lock), but for the build's cache folder itself."""
    return [p for p in folder.rglob("*") if p.name.startswith(".") and p.name != CACHE_FOLDER]


def versions(game: Path) -> set[str]:
    """Which edit of the CSV each PDF of the set was built from (the name of the first card)."""
    found = set()
    for pdf in [game / "demo-a4.pdf", *sorted((game / "print-shop").glob("*.pdf"))]:
        text = poppler("pdftotext", str(pdf), "-")
        found |= {word for word in text.split() if word.startswith("Spark")}
    return found


@needs_pnp
def test_a_build_killed_at_any_moment_leaves_a_whole_set(project):
    """SIGKILL at random moments, the CSV edited between tries: the folder holds one build's complete set."""
    csv, game = project / "card_data/demo/cards.csv", project / "output/demo"
    whole = {"demo-a4.pdf", "print-shop", "print-shop/cards.pdf", "print-shop/cards-back.pdf"}
    chance = random.Random(20)
    for attempt in range(5):
        edit(csv, "Spark" if attempt == 0 else f"Spark{attempt - 1}x", f"Spark{attempt}x")
        process = start("build", "--project", str(project))
        time.sleep(chance.uniform(0.2, 1.6))
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        if game.exists():
            assert {p.relative_to(game).as_posix() for p in game.rglob("*")} == whole
            assert len(versions(game)) == 1, "files of two builds in one folder"
    assert subprocess.run([str(PNP), "build", "--project", str(project)], capture_output=True).returncode == 0
    assert published(project / "output") == ["demo"]
    assert versions(game) == {"Spark4x"} and not temporaries(project / "output")


def slow_demo(project: Path) -> None:
    """Many copies of each card, so that a build takes long enough to be stopped half-way."""
    path = project / "card_data/demo/cards.csv"
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))
    out = io.StringIO(newline="")
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows({**row, "count": "400"} for row in rows)
    path.write_text(out.getvalue(), encoding="utf-8")


@needs_pnp
@pytest.mark.parametrize("signum,code,name", [(signal.SIGTERM, 143, "SIGTERM"), (signal.SIGINT, 130, "Ctrl+C")])
def test_a_build_stopped_half_way_says_so_in_one_line_and_leaves_nothing(project, signum, code, name):
    assert subprocess.run([str(PNP), "build", "--project", str(project)], capture_output=True).returncode == 0
    before = {p: p.read_bytes() for p in (project / "output").rglob("*") if p.is_file()}
    slow_demo(project)
    process = start("build", "--project", str(project))
    wait_for(lambda: any((project / "output").glob(".demo.*")), process)
    os.killpg(process.pid, signum) if signum == signal.SIGINT else os.kill(process.pid, signum)
    _, stderr = process.communicate(timeout=60)
    assert (process.returncode, stderr.splitlines()) == (code, [f"error: pnp build: stopped by {name}; no partial "
                                                                "file was left"])
    assert {p: p.read_bytes() for p in (project / "output").rglob("*") if p.is_file()} == before
    assert not group_alive(process.pid), "a writer outlived its build"


@needs_pnp
def test_check_with_workers_stopped_by_sigterm_prints_one_line(tmp_path):
    from pnp.project.games import Project
    from pnp.scaffold.writer import scaffold
    scaffold(Project(tmp_path), "demo", rules=True)
    process = start("check", "demo", "--workers", "2", "--games", "1000000", "--json", str(tmp_path / "r.json"),
                    "--project", str(tmp_path))
    wait_for(lambda: len(children(process.pid)) >= 2, process)
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=60)
    assert (process.returncode, stderr.splitlines()) == (143, ["error: pnp check: stopped by SIGTERM; no partial "
                                                               "file was left"])
    assert not group_alive(process.pid) and not list(tmp_path.glob("*.json")) and not list(tmp_path.glob(".*"))


def interrupt(stop: type[BaseException]):
    def raise_it(*args, **kwargs):
        raise stop()
    return raise_it


STOPS = [  # each command, stopped deep inside its work
    (["build"], "pnp.build.sharing.SharedSheets.write"),  # the home-print sheets, half written
    (["proof", "demo", "--text", "{tmp}/cards.md"], "pnp.proof.proofread.write_proof_pdf"),
    (["export", "demo", "--png", "--tts"], "pnp.export.exporter.run_jobs"),
    (["check", "demo", "--json", "{tmp}/r.json"], "pnp.check.checker.deal_only_report"),
    (["new", "other", "--data", "xlsx"], "pnp.scaffold.writer.write_workbook"),
]


@pytest.mark.parametrize("stop,name,code", [(KeyboardInterrupt, "Ctrl+C", 130), (Stopped, "SIGTERM", 143)])
@pytest.mark.parametrize("command,inside", STOPS, ids=[case[0][0] for case in STOPS])
def test_every_command_stopped_prints_one_line_and_leaves_no_file(project, monkeypatch, command, inside, stop, name,
                                                                   code):
    assert run_cli("build", "--project", str(project)).exit_code == 0
    before = {p: p.read_bytes() for p in project.rglob("*") if p.is_file()}
    monkeypatch.setattr(inside, interrupt(stop))
    result = run_cli(*[arg.replace("{tmp}", str(project)) for arg in command], "--project", str(project))
    assert (result.exit_code, result.stderr.splitlines()) == (code, [f"error: pnp {command[0]}: stopped by {name}; "
                                                                     "no partial file was left"])
    assert {p: p.read_bytes() for p in project.rglob("*") if p.is_file()} == before
    assert not [p for p in project.rglob("*") if ".pnp-tmp" in p.name]


def run_cli(*args: str):
    return CliRunner().invoke(main, list(args), prog_name="pnp", catch_exceptions=False)


def test_watch_stopped_ends_its_preview_with_one_line(project, monkeypatch):
    monkeypatch.setattr("pnp.watch.loop.Watcher.run", interrupt(KeyboardInterrupt))
    result = run_cli("watch", "demo", "--port", "0", "--project", str(project))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "Stopped watching demo; the preview images are removed"
    assert result.stderr == ""
