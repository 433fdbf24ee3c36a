"""Every fallback of the output layer, forced on Linux (tests/windows_like.py): same bytes, same safety.

With PNP_WINDOWS_LIKE=1 there is no fcntl (so lock files are judged by their owner records), no folder
descriptor, no ctypes.CDLL(None) (so sets are swapped in by two renames), no SIGALRM or fork hooks, and an
open file cannot be renamed or deleted.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import published
from windows_like import apply_windows_like, windows_like_env

from pnp.cli.main import main
from pnp.output.cachefiles import CACHE_FOLDER

PNP = Path(sys.executable).with_name("pnp")
pytestmark = pytest.mark.skipif(not PNP.exists() or not Path("/proc/self/fd").is_dir(),
                                reason="needs the installed pnp command and /proc")
FORCED = windows_like_env()
NATIVE = {key: value for key, value in os.environ.items() if key != "PNP_WINDOWS_LIKE"}
WHOLE = {"demo-a4.pdf", "print-shop", "print-shop/cards.pdf", "print-shop/cards-back.pdf"}

# A run that holds a temporary (or the output root's lock), says where, and waits to be killed or told to end.
HOLDER = """
import sys
from pathlib import Path
from pnp.output.root import OutputRoot
from pnp.output.temps import Temp
folder, what = Path(sys.argv[1]), sys.argv[2]
if what == "root":
    with OutputRoot(folder, folder.parent).locked():
        print(folder, flush=True)
        sys.stdin.readline()
else:
    temp = Temp.folder(folder, "demo") if what == "folder" else Temp.file(folder, "demo-a4.pdf")
    (temp.path / "half.pdf").write_bytes(b"half") if what == "folder" else temp.path.write_bytes(b"half")
    print(temp.path, flush=True)
    sys.stdin.readline()
    temp.remove()
"""


def pnp(*args: str) -> None:
    """Run pnp with every fallback forced; it must succeed."""
    done = subprocess.run([str(PNP), *args], capture_output=True, text=True, env=FORCED, timeout=120)
    assert done.returncode == 0, done.stderr


def files(folder: Path) -> dict[str, bytes]:
    """Every file under folder, hidden ones too, by relative path; not Python's bytecode of the game's rules, which
    holds its source file's time stamp (written a second apart in the two runs, they differ)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def hold(folder: Path, what: str, env: dict = FORCED) -> tuple[subprocess.Popen, Path]:
    """Start a holder; return it and the path it holds."""
    process = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder), what], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True, env=env)
    assert process.stdout is not None
    return process, Path(process.stdout.readline().strip())


def run(*args: str):
    return CliRunner().invoke(main, list(args), prog_name="pnp", catch_exceptions=False)


def kill(process: subprocess.Popen) -> None:
    process.kill()
    process.wait()


COMMANDS = [["build"], ["proof", "demo"], ["export", "demo", "--png"],
            ["check", "demo", "--workers", "2", "--games", "30", "--json", "{p}/r.json"]]


def test_new_build_proof_export_and_check_give_the_same_bytes_with_the_fallbacks_forced(tmp_path):
    """The same commands in the same folder, natively in this process, then as separate runs with every fallback."""
    project = tmp_path / "p"
    for forced in (False, True):
        project.mkdir()
        for command in [["new", "demo", "--rules"], *COMMANDS]:  # proof and export swap in a set over the build's
            args = [arg.replace("{p}", str(project)) for arg in command] + ["--project", str(project)]
            if forced:
                pnp(*args)
            else:
                assert run(*args).exit_code == 0
        if not forced:
            project.rename(tmp_path / "native")
    native = files(tmp_path / "native")
    assert {"output/demo/demo-a4.pdf", "output/demo/demo-proof.pdf", "output/demo/png/cards/001-front.png",
            "card_data/demo/rules/__init__.py", "r.json"} <= set(native)
    assert files(project) == native
    cache = f"output/{CACHE_FOLDER}/"  # the build's cache: its entries stay, a half-written one would not
    left = [name for name in native if "/." in f"/{name.removeprefix(cache)}"]
    assert not left, "a temporary or lock file was left"


def test_a_build_killed_mid_way_leaves_a_whole_set_and_the_next_build_sweeps_its_leftovers(project):
    assert run("build", "--project", str(project)).exit_code == 0
    before = files(project / "output" / "demo")
    process = subprocess.Popen([str(PNP), "build", "--project", str(project)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, env=FORCED, start_new_session=True)
    for _ in range(2000):
        if len(list((project / "output").glob(".demo.*"))) >= 2 or process.poll() is not None:
            break
        time.sleep(0.005)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    leftovers = [name for name in published(project / "output") if name.startswith(".")]
    assert [name.rsplit(".", 1)[-1] for name in leftovers] == ["pnp-lock", "pnp-tmp"], leftovers
    assert files(project / "output" / "demo") == before
    pnp("build", "--project", str(project))
    assert published(project / "output") == ["demo"]
    assert {p.relative_to(project / "output/demo").as_posix() for p in (project / "output/demo").rglob("*")} == WHOLE


@pytest.mark.parametrize("forced", [False, True], ids=["native", "forced"])
def test_a_sweep_removes_a_killed_runs_temporaries_and_keeps_a_living_runs(project, monkeypatch, forced):
    env, out = FORCED if forced else NATIVE, project / "output"
    out.mkdir()
    holders = {what: hold(folder, what, env) for what, folder in (("folder", out), ("file", project))}
    for what, folder in (("folder", out), ("file", project)):
        killed, _ = hold(folder, what, env)
        kill(killed)
    if forced:
        apply_windows_like(monkeypatch)
    try:
        assert run("build", "--project", str(project)).exit_code == 0  # sweeps the output folder
        assert run("proof", "demo", "--text", str(project / "cards.md"), "--project", str(project)).exit_code == 0
        for what, folder in (("folder", out), ("file", project)):  # the proof's text file swept beside it
            kept = holders[what][1].name
            left = [name for name in published(folder) if name.startswith(".")]
            assert left == sorted([kept, kept.replace(".pnp-tmp", ".pnp-lock")])
    finally:
        for process, _ in holders.values():
            process.communicate("\n", timeout=30)
    assert published(out) == ["demo"]
    assert not [p.name for p in project.iterdir() if p.name.startswith(".")]


def test_runs_take_turns_on_the_root_lock_and_give_up_on_a_long_hold_in_one_line(project, monkeypatch):
    apply_windows_like(monkeypatch)
    (project / "output").mkdir()
    holder, _ = hold(project / "output", "root")
    monkeypatch.setattr("pnp.output.root.WAIT_SECONDS", 0.3)
    try:
        result = run("build", "--project", str(project))
        assert result.stderr.splitlines() == [f"error: output: is locked by another pnp run (pid {holder.pid}); "
                                              "wait for it to finish, or write elsewhere with --out"]
        assert result.exit_code == 1
        monkeypatch.setattr("pnp.output.root.WAIT_SECONDS", 20.0)
        ended = time.monotonic()
        holder.stdin.write("\n")  # type: ignore[union-attr]
        holder.stdin.flush()  # type: ignore[union-attr]
        assert run("build", "--project", str(project)).exit_code == 0  # waited for the holder, then built
    finally:
        holder.communicate("", timeout=30)
    assert time.monotonic() - ended < 15
    assert published(project / "output") == ["demo"]


def test_a_killed_holders_root_lock_is_taken_over_at_once(project, monkeypatch):
    apply_windows_like(monkeypatch)
    (project / "output").mkdir()
    holder, _ = hold(project / "output", "root")
    kill(holder)
    assert (project / "output" / ".pnp-lock").is_file()
    monkeypatch.setattr("pnp.output.root.WAIT_SECONDS", 0.0)
    assert run("build", "--project", str(project)).exit_code == 0
    assert published(project / "output") == ["demo"]


def test_an_open_file_cannot_be_moved_or_deleted_under_the_fixture(tmp_path, monkeypatch):
    apply_windows_like(monkeypatch)
    path = tmp_path / "a.pdf"
    with open(path, "wb") as handle:
        handle.write(b"x")
        for attempt in (lambda: os.replace(path, tmp_path / "b.pdf"), lambda: os.unlink(path),
                        lambda: os.rename(tmp_path, tmp_path.with_name("moved")), lambda: os.open(tmp_path, 0)):
            with pytest.raises(PermissionError):
                attempt()
    os.replace(path, tmp_path / "b.pdf")
    os.unlink(tmp_path / "b.pdf")


def test_without_a_c_library_by_name_folders_are_swapped_by_two_renames(tmp_path, monkeypatch):
    from pnp.output import swap
    apply_windows_like(monkeypatch)
    assert swap._exchange_call() is None  # ctypes.CDLL(None) raised TypeError: the fallback, not an error
    new, final = tmp_path / ".x.abcd1234.pnp-tmp", tmp_path / "x"
    for folder, text in ((new, "new"), (final, "old")):
        folder.mkdir()
        (folder / "a.txt").write_text(text, encoding="utf-8")
    assert swap.replace_folder(new, final) == new
    assert [(folder / "a.txt").read_text(encoding="utf-8") for folder in (final, new)] == ["new", "old"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [new.name, "x"]


def test_the_fixture_refuses_a_read_windows_would_make_in_text_mode(tmp_path):
    """A file opened to read without O_BINARY stops at a 0x1A byte on Windows: under the fixture it is refused,
    and pnp's own reads name O_BINARY."""
    data = tmp_path / "data.bin"
    data.write_bytes(b"a\x1ab")
    probe = ("import os, sys\n"
             "from pnp.data.files import read_regular\n"
             "assert read_regular(sys.argv[1], 'data.bin', 100) == b'a\\x1ab'\n"
             "try:\n"
             "    os.open(sys.argv[1], os.O_RDONLY)\n"
             "except OSError as exc:\n"
             "    print(exc.strerror)\n")
    result = subprocess.run([sys.executable, "-c", probe, str(data)], env=windows_like_env(), capture_output=True,
                            text=True, timeout=60)
    assert (result.returncode, result.stdout) == (0, "opened without O_BINARY: Windows reads it in text mode\n")


def test_without_fcntl_lock_files_are_locked_through_filelock(tmp_path, monkeypatch):
    """Where there is no fcntl (Windows), pnp's lock is filelock's lock_descriptor (LockFileEx there): forced here,
    a lock taken is seen as held by a second descriptor, and is free again once its holder closes."""
    import filelock

    from pnp.output import locks
    monkeypatch.setattr(locks, "fcntl", None)
    asked = []
    real = filelock.lock_descriptor
    monkeypatch.setattr(filelock, "lock_descriptor", lambda handle, **kw: asked.append(handle) or real(handle, **kw))
    path = tmp_path / "x.pnp-lock"
    path.write_text("run\n")
    holder, other = os.open(path, os.O_RDWR), os.open(path, os.O_RDWR)
    try:
        assert locks.lock(holder) is True and locks.lock(other) is False
        os.close(holder)
        holder = -1
        assert locks.lock(other) is True
    finally:
        for handle in (holder, other):
            if handle >= 0:
                os.close(handle)
    assert len(asked) == 3  # every try went through filelock
