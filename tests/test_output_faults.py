"""Faults while writing: a game folder is published whole, a failed write is one line, leftovers are swept."""

from __future__ import annotations

import errno
import fcntl
import os
import resource
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import made_once, published
from conftest import replace_once as edit

from pnp.cli.main import main

KEPT = "earlier output is kept"
PNP = Path(sys.executable).with_name("pnp")


def run(*args: str):
    return CliRunner().invoke(main, list(args), prog_name="pnp", catch_exceptions=False)


def files(folder: Path) -> dict[str, bytes]:
    """Every file under folder, hidden ones too, by relative path."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def built(project: Path, tmp_path_factory) -> Path:
    """The demo project, built once, with the CSV edited since, so that a new build would differ (the build made
    once per test run and copied into project)."""
    shutil.copytree(made_once(tmp_path_factory, "faults-built", _built), project, symlinks=True, dirs_exist_ok=True)
    edit(project / "card_data/demo/cards.csv", "Spark", "Sparkle")
    return project


def _built(folder: Path) -> None:
    """The demo project in folder, built."""
    from pnp.project.games import Project
    from pnp.scaffold.writer import scaffold
    scaffold(Project(folder), "demo")
    assert run("build", "--project", str(folder)).exit_code == 0


def fail_with(code: int, text: str):
    def fail(*args, **kwargs):
        raise OSError(code, text)
    return fail


def test_a_full_disk_is_one_line_and_the_earlier_output_stays(built, monkeypatch):
    before = files(built / "output")
    monkeypatch.setattr("pnp.pdf.document.Document.save", fail_with(errno.ENOSPC, "No space left on device"))
    result = run("build", "--project", str(built))
    assert result.stderr.splitlines() == ["error: output: cannot write: No space left on device; free some space, or "
                                          f"write elsewhere with --out; {KEPT}"]
    assert result.exit_code == 1
    assert files(built / "output") == before


def test_a_read_only_folder_is_one_line_and_the_earlier_output_stays(built, monkeypatch):
    before = files(built / "output")
    for make in ("tempfile.mkdtemp", "tempfile.mkstemp"):  # a temporary's lock file is made first, by mkstemp
        monkeypatch.setattr(make, fail_with(errno.EROFS, "Read-only file system"))
    for command in (["build"], ["proof", "demo"], ["export", "demo", "--png"]):
        result = run(*command, "--project", str(built))
        assert result.stderr.splitlines() == ["error: output: cannot write: Read-only file system; make the folder "
                                              f"writable, or write elsewhere with --out; {KEPT}"]
        assert result.exit_code == 1
    assert files(built / "output") == before


@pytest.mark.skipif(os.geteuid() == 0, reason="permissions do not bind root")
def test_a_folder_without_write_permission_is_one_line(built):
    before = files(built / "output")
    (built / "output").chmod(0o555)
    try:
        result = run("build", "--project", str(built))
    finally:
        (built / "output").chmod(0o755)
    assert result.stderr.splitlines() == ["error: output: cannot write: Permission denied; make the folder writable, "
                                          f"or write elsewhere with --out; {KEPT}"]
    assert files(built / "output") == before


def test_a_folder_that_vanishes_while_writing_is_one_line(built, monkeypatch):
    import shutil

    from pnp.pdf import printshop
    write_shop = printshop.write_shop

    def vanish_then_write(*args, **kwargs):
        output = built / "output"
        for _ in range(100):  # the build sets its rulebook beside this worker and may add a file as it goes
            shutil.rmtree(output, ignore_errors=True)
            if not output.exists():
                break
        write_shop(*args, **kwargs)
    monkeypatch.setattr(printshop, "write_shop", vanish_then_write)
    result = run("build", "--project", str(built))
    assert result.stderr.splitlines() == ["error: output: cannot write: No such file or directory; the folder is "
                                          "gone (deleted or moved while pnp wrote, or never there); check it and run "
                                          "again"]
    assert result.exit_code == 1


@pytest.mark.skipif(not PNP.exists(), reason="needs the installed pnp command")
def test_a_real_write_over_the_file_size_limit_is_one_line(built):
    """RLIMIT_FSIZE makes the kernel refuse a write as a full disk would, in the print-shop writer's process too."""
    before = files(built / "output")

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (16384, 16384))
    result = subprocess.run([str(PNP), "build", "--project", str(built)], capture_output=True, text=True,
                            preexec_fn=limit, timeout=120)
    assert result.stderr.splitlines() == ["error: output: cannot write: File too large; free some space, or write "
                                          f"elsewhere with --out; {KEPT}"]
    assert result.returncode == 1
    assert files(built / "output") == before


def test_a_build_keeps_the_files_it_does_not_replace_and_drops_stale_ones(project):
    assert run("build", "--project", str(project), "--paper", "letter").exit_code == 0
    assert run("export", "demo", "--png", "--project", str(project)).exit_code == 0
    game = project / "output" / "demo"
    (game / "notes.txt").write_text("mine\n", encoding="utf-8")
    (game / "print-shop" / "gone.pdf").write_bytes(b"%PDF stale")
    kept = {name: os.stat(game / name).st_ino for name in ("demo-letter.pdf", "notes.txt", "png/cards/001-front.png")}
    assert run("build", "--project", str(project)).exit_code == 0
    assert {name: os.stat(game / name).st_ino for name in kept} == kept  # carried over as the same files
    assert (game / "demo-a4.pdf").is_file() and not (game / "print-shop" / "gone.pdf").exists()
    assert published(project / "output") == ["demo"]


def test_leftovers_of_killed_runs_are_swept_and_a_living_runs_are_not(project):
    out, game = project / "output", project / "output" / "demo"
    game.mkdir(parents=True)
    for leftover in (out / ".demo.abcd1234.pnp-tmp" / "demo-a4.pdf", out / ".demo-pages.k2j4h5g6.pnp-tmp" / "x.pdf",
                     game / ".demo-a4.pdf.q9w8e7r6.tmp", game / ".export-a1b2c3d4" / "png" / "x.png"):
        leftover.parent.mkdir(parents=True, exist_ok=True)
        leftover.write_bytes(b"half")
    living = out / ".demo.zzzz9999.pnp-tmp"
    living.mkdir()
    handle = os.open(living, os.O_RDONLY)
    fcntl.flock(handle, fcntl.LOCK_EX)
    try:
        assert run("build", "--project", str(project)).exit_code == 0
        assert published(out) == [".demo.zzzz9999.pnp-tmp", "demo"]
        assert not [p for p in game.rglob("*") if p.name.startswith(".")]
    finally:
        os.close(handle)
    assert run("proof", "demo", "--project", str(project)).exit_code == 0
    assert published(out) == ["demo"]


def test_without_an_atomic_swap_two_renames_publish_and_a_kill_between_them_is_mended(project, monkeypatch):
    monkeypatch.setattr("pnp.output.swap._exchange", lambda new, final: False)
    assert run("build", "--project", str(project), "--paper", "letter").exit_code == 0
    assert run("build", "--project", str(project)).exit_code == 0
    game = project / "output" / "demo"
    assert sorted(p.name for p in game.iterdir()) == ["demo-a4.pdf", "demo-letter.pdf", "print-shop"]
    game.rename(project / "output" / ".demo.abcd1234.pnp-tmp.pnp-old")  # killed after moving the earlier set aside
    (project / "output" / ".demo.efgh5678.pnp-tmp").mkdir()  # and the new set, never put in place
    assert run("build", "--project", str(project), "--paper", "letter").exit_code == 0
    assert published(project / "output") == ["demo"]
    assert sorted(p.name for p in game.iterdir()) == ["demo-a4.pdf", "demo-letter.pdf", "print-shop"]



def test_leftovers_of_a_killed_run_are_swept_by_their_lock_file_and_a_living_runs_are_not(project):
    from pnp.output.temps import Temp
    out = project / "output"
    out.mkdir()
    living = Temp.folder(out, "demo")  # this process lives: its lock file stays locked
    for name in (".demo.abcd1234.pnp-lock", ".demo.abcd1234.pnp-tmp/x.pdf", ".demo.efgh5678.pnp-lock"):
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(b"")  # a killed run's lock files (no lock held), one with its temporary
    try:
        assert run("build", "--project", str(project)).exit_code == 0
        assert published(out) == sorted(["demo", living.path.name,
                                                                living.path.name.replace(".pnp-tmp", ".pnp-lock")])
    finally:
        living.remove()
    assert published(out) == ["demo"]


@pytest.mark.parametrize("sweeper", ["removes it", "holds it"])
def test_a_new_lock_file_a_sweeper_takes_before_it_is_locked_is_made_anew(tmp_path, monkeypatch, sweeper):
    """A sweeper may take a lock file made an instant ago for a dead run's: its run notices, and takes another."""
    from pnp.output import locks
    from pnp.output.temps import Temp
    real, taken = locks.lock, []

    def sweeper_first(handle: int) -> bool | None:
        if not taken:
            taken.extend(tmp_path.glob("*.pnp-lock"))
            if sweeper == "removes it":
                taken[0].unlink()
            else:
                return False
        return real(handle)
    monkeypatch.setattr(locks, "lock", sweeper_first)
    temp = Temp.file(tmp_path, "r.json")
    assert len(taken) == 1 and taken[0].name != temp.path.name.replace(".pnp-tmp", ".pnp-lock")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([temp.path.name, temp.path.name.replace(
        ".pnp-tmp", ".pnp-lock")] + ([taken[0].name] if sweeper == "holds it" else []))
    temp.remove()
    assert [p.name for p in tmp_path.iterdir()] == ([taken[0].name] if sweeper == "holds it" else [])


@pytest.mark.parametrize("step", ["this_run", "lock"])
def test_a_run_stopped_while_it_takes_a_new_lock_file_leaves_none(tmp_path, monkeypatch, step):
    """Ctrl+C while a new lock file gets its owner record or its lock: the file just made goes with the run."""
    from pnp.output import locks
    from pnp.output.temps import Temp

    def stopped(*args):
        raise KeyboardInterrupt
    monkeypatch.setattr(locks, step, stopped)
    with pytest.raises(KeyboardInterrupt):
        Temp.folder(tmp_path, "demo")
    assert list(tmp_path.iterdir()) == []


IN_THE_WAY = "a file stands where a folder should be, or a folder where a file should; move it, or "


@pytest.mark.parametrize("command,message", [
    (["calibrate", "--out", "{f}/cal.pdf"], "{f}/cal.pdf: cannot write: File exists; " + IN_THE_WAY +
     "choose another --out file"),
    (["proof", "demo", "--text", "{f}/cards.md"], "{f}/cards.md: cannot write: File exists; " + IN_THE_WAY +
     "choose another --text file"),
    (["check", "demo", "--json", "{f}/r.json"], "{f}/r.json: cannot write the report: File exists; choose a "
                                                "writable path"),
    (["build", "--out", "{f}/out"], "blocker: is a file, not a folder; move it away, or write elsewhere with --out"),
])
def test_a_file_you_name_in_a_folder_that_cannot_be_is_one_line(project, command, message):
    blocker = project / "blocker"
    blocker.write_text("a file where a folder would be\n", encoding="utf-8")
    result = run(*[arg.replace("{f}", str(blocker)) for arg in command], "--project", str(project)) \
        if command[0] != "calibrate" else run(*[arg.replace("{f}", str(blocker)) for arg in command])
    assert result.stderr.splitlines() == ["error: " + message.replace("{f}", blocker.as_posix())]
    assert result.exit_code == 1


def test_pnps_flock_and_filelocks_lock_exclude_each_other(tmp_path):
    """On POSIX pnp calls flock itself; a lock taken by either is seen as held by the other, and freed with its file."""
    import filelock

    from pnp.output import locks
    path = tmp_path / "x.pnp-lock"
    path.write_text("run\n")
    for first, second in ((locks.lock, filelock.lock_descriptor), (filelock.lock_descriptor, locks.lock)):
        holder, other = os.open(path, os.O_RDWR), os.open(path, os.O_RDWR)
        try:
            assert first(holder, blocking=False) if first is filelock.lock_descriptor else first(holder)
            assert (second(other, blocking=False) if second is filelock.lock_descriptor else second(other)) is False
            os.close(holder)
            holder = -1
            assert (second(other, blocking=False) if second is filelock.lock_descriptor else second(other)) is True
        finally:
            for handle in (holder, other):
                if handle >= 0:
                    os.close(handle)


def test_a_file_system_without_flock_leaves_the_owner_record_to_judge(tmp_path, monkeypatch):
    """flock failing with ENOSYS (no locks on this file system) is None, as filelock's failure was."""
    from pnp.output import locks

    def no_locks(handle, operation):
        raise OSError(errno.ENOSYS, "Function not implemented")
    monkeypatch.setattr(fcntl, "flock", no_locks)
    handle = os.open(tmp_path / "x.pnp-lock", os.O_RDWR | os.O_CREAT)
    try:
        assert locks.lock(handle) is None
    finally:
        os.close(handle)
