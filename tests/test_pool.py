"""The process pool shared by check, export and build, run under the `spawn` start method (and the others)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pool_jobs
import pytest
from click.testing import CliRunner
from conftest import one_process_json

from pnp.build.workers import OneAtATime
from pnp.check.options import CheckOptions, Target
from pnp.cli.main import main
from pnp.errors import PnpError
from pnp.pool import START_METHOD_VARIABLE, Pool, start_method

ROOT = Path(__file__).resolve().parents[1]
PNP = [sys.executable, "-c", "from pnp.cli.main import main; main()"]
METHODS = [m for m in ("spawn", "forkserver", "fork") if m in multiprocessing.get_all_start_methods()]


@pytest.fixture(autouse=True)
def spawn(monkeypatch):
    """Workers start as fresh interpreters, as they do on macOS and Windows."""
    monkeypatch.setenv(START_METHOD_VARIABLE, "spawn")


def test_results_come_back_in_job_order_from_other_processes():
    with Pool(2) as pool:
        results = list(pool.map(pool_jobs.square, range(8)))
    assert [value for value, _ in results] == [n * n for n in range(8)]
    assert {pid for _, pid in results} - {os.getpid()}  # the work was done elsewhere


def test_one_worker_does_the_work_here_in_order():
    with Pool(1) as pool:
        assert list(pool.map(pool_jobs.square, range(3))) == [(0, os.getpid()), (1, os.getpid()), (4, os.getpid())]
        done = []
        later = pool.submit(done.append, "shop")
        done.append("sheets")
        later.result()
    assert done == ["sheets", "shop"]  # with one worker a submitted call runs when its result is asked for


@pytest.mark.parametrize("workers", [1, 2])
def test_a_workers_user_error_reaches_the_caller_as_itself(workers):
    with pytest.raises(PnpError) as raised, Pool(workers) as pool:
        list(pool.map(pool_jobs.fail, range(6)))
    assert str(raised.value) == "jobs.csv: row 4: job 3 is bad; fix row 4"
    assert (raised.value.where, raised.value.fix) == ("jobs.csv: row 4", "fix row 4")


@pytest.mark.parametrize("workers", [1, 2])
def test_a_workers_file_system_error_keeps_its_kind_and_file(workers):
    with pytest.raises(PermissionError) as raised, Pool(workers) as pool:
        list(pool.map(pool_jobs.fail, [5]) if workers == 1 else pool.map(pool_jobs.fail, [4, 5]))
    assert (raised.value.errno, raised.value.strerror, raised.value.filename) == (13, "Permission denied",
                                                                                   "/nowhere/out.pdf")


def test_a_worker_that_dies_is_one_line_naming_the_command():
    with pytest.raises(PnpError) as raised, Pool(2, where="pnp export") as pool:
        list(pool.map(pool_jobs.die, range(4)))
    assert str(raised.value) == ("pnp export: a worker process stopped unexpectedly; run the command again; "
                                 "if it stops again, the system may be short of memory")


@pytest.mark.parametrize("method", METHODS)
def test_a_shared_value_reaches_the_workers_as_it_was_when_shared(monkeypatch, method):
    monkeypatch.setenv(START_METHOD_VARIABLE, method)
    table = {"title": "えいつく"}
    with Pool(2) as pool:
        shared = pool.share(table)
        pending = pool.submit(pool_jobs.read_shared, shared, "title")
        table["title"] = "changed after sharing"
        assert pending.result() == "えいつく"


@pytest.mark.parametrize("until", [["--players", "4", "--games", "400"],
                                   ["--precision", "0.05", "--against", str(ROOT)]])
def test_a_check_writes_the_same_json_on_one_worker_and_on_two(tmp_path_factory, tmp_path, until):
    args = ["promotion", *until, "--seed", "3", "--project", str(ROOT)]
    one = one_process_json(tmp_path_factory, *args)  # the same check on one worker: test_check_cluster's too
    out = tmp_path / "2.json"
    result = CliRunner().invoke(main, ["check", *args, "--workers", "2", "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # no progress line outside a terminal
    assert out.read_bytes() == one


def test_a_whole_check_starts_its_workers_once(repo, monkeypatch):
    import pnp.pool
    started = []

    class Counted(pnp.pool.ProcessPoolExecutor):
        def __init__(self, *args, **kwargs):
            started.append(kwargs.get("max_workers"))
            super().__init__(*args, **kwargs)
    monkeypatch.setattr(pnp.pool, "ProcessPoolExecutor", Counted)
    from pnp.check.checker import check
    report = check(repo, CheckOptions("ghost_couple", players=(3, 4), target=Target(20), seed=1, policy="greedy",
                                      workers=2, against=repo.root))  # and the deal-and-draw check
    assert report.deal is not None and report.players[4].against is not None
    assert started == [2]


def test_a_shared_value_is_unpickled_once_in_each_worker():
    with Pool(2) as pool:
        shared = pool.share({"game": "えいつく"})
        seen = [pool.start(pool_jobs.shared_identity, shared, n) for n in range(12)]
        identities = [pool.outcome(future) for future in seen]
    by_worker: dict[int, set[int]] = {}
    for pid, identity in identities:
        by_worker.setdefault(pid, set()).add(identity)
    assert os.getpid() not in by_worker and all(len(found) == 1 for found in by_worker.values())


def test_workers_default_to_every_core(monkeypatch):
    import pnp.check.checker
    import pnp.pool
    asked = []
    monkeypatch.setattr(pnp.pool, "every_core", lambda: 3)
    monkeypatch.setattr(pnp.check.checker, "check",
                        lambda project, options, *rest: asked.append(options.processes) or 1 / 0)
    CliRunner().invoke(main, ["check", "promotion", "--games", "10", "--project", str(ROOT)])
    assert asked == [3]


def test_an_export_writes_the_same_files_on_one_worker_and_on_two(project, tmp_path):
    folders = [tmp_path / "1", tmp_path / "2"]
    for out in folders:
        result = CliRunner().invoke(main, ["export", "demo", "--png", "--tts", "--dpi", "50", "--workers", out.name,
                                           "--out", str(out), "--project", str(project)])
        assert result.exit_code == 0, result.output
    files = sorted(p.relative_to(folders[0]) for p in folders[0].rglob("*") if p.is_file())
    assert files and files == sorted(p.relative_to(folders[1]) for p in folders[1].rglob("*") if p.is_file())
    assert all((folders[0] / f).read_bytes() == (folders[1] / f).read_bytes() for f in files)


def test_an_unknown_start_method_is_one_line(monkeypatch):
    monkeypatch.setenv(START_METHOD_VARIABLE, "teleport")
    with pytest.raises(PnpError, match=f"^{START_METHOD_VARIABLE}: start method 'teleport' is not offered here; "
                                       "use one of "):
        start_method()


def test_without_the_variable_the_platform_default_is_used(monkeypatch):
    monkeypatch.delenv(START_METHOD_VARIABLE)
    assert start_method() == multiprocessing.get_start_method()


def descendants(pid: int) -> set[int]:
    """Every living process below `pid` (read from /proc)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z":
                parents[int(entry.name)] = int(fields[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pids: set[int]) -> set[int]:
    """The processes among `pids` that still run (a zombie has stopped)."""
    running = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            running.add(pid)
    return running


def wait_for(condition, seconds: float = 90):
    """Poll until condition() is true (or give up after `seconds`); return its last value."""
    deadline = time.monotonic() + seconds
    value = condition()
    while not value and time.monotonic() < deadline:
        time.sleep(0.1)
        value = condition()
    return value


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree from /proc")
@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("stop", ["ctrl-c", "sigterm"])
def test_stopping_a_pooled_check_leaves_no_process_and_no_traceback(tmp_path, method, stop):
    env = {**os.environ, START_METHOD_VARIABLE: method}
    command = PNP + ["check", "eitsuku", "--players", "4", "--games", "200000", "--workers", "2",
                     "--project", str(ROOT)]
    with open(tmp_path / "err", "w+") as err:
        check = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err, env=env, start_new_session=True)
        try:
            least = {"fork": 2, "spawn": 3, "forkserver": 4}[method]  # workers, resource tracker, fork server
            workers = wait_for(lambda: len(descendants(check.pid)) >= least and descendants(check.pid))
            assert workers, "the check never started its workers"
            if stop == "ctrl-c":
                os.killpg(check.pid, signal.SIGINT)  # a terminal sends Ctrl-C to the whole foreground group
            else:
                check.send_signal(signal.SIGTERM)  # a service manager stops the command itself
            code = check.wait(timeout=90)
        finally:
            if check.poll() is None:
                os.killpg(check.pid, signal.SIGKILL)
        err.seek(0)
        printed = err.read()
    # between two pooled runs a SIGTERM finds no workers to stop and ends the command as the system does
    assert code in ((128 + signal.SIGINT,) if stop == "ctrl-c" else (128 + signal.SIGTERM, -signal.SIGTERM)), printed
    assert "Traceback" not in printed and "BrokenPipeError" not in printed, printed
    assert wait_for(lambda: not alive(workers), 20), f"left running: {alive(workers)}"


def limited(cores: int):
    """In the child before it starts: files of at most 100 kB (writing past it fails), and `cores` processors."""
    def setup() -> None:
        import resource
        resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))
        os.sched_setaffinity(0, sorted(os.sched_getaffinity(0))[:cores])
    return setup


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity") or len(os.sched_getaffinity(0)) < 2,
                    reason="needs two processors and a way to use only one")
def test_a_print_shop_file_that_cannot_be_written_says_why_on_one_core_and_on_two(tmp_path):
    subprocess.run(PNP + ["new", "demo"], cwd=tmp_path, check=True, capture_output=True)
    shown = {}
    for cores in (1, 2):  # CMYK print-shop files embed a 120 kB profile; the RGB sheets stay under 100 kB
        done = subprocess.run(PNP + ["build", "demo", "--color", "cmyk"], cwd=tmp_path,
                              capture_output=True, text=True, preexec_fn=limited(cores), timeout=300,
                              env={**os.environ, START_METHOD_VARIABLE: "spawn"})
        assert done.returncode != 0
        shown[cores] = done.stderr.strip().splitlines()[-1]
        assert "File too large" in shown[cores] and "print-shop files failed" not in done.stderr
        assert list((tmp_path / "output").rglob("*.tmp")) == []  # nothing half-written is left
    assert shown[2] == shown[1]


def test_a_caller_is_called_back_once_a_worker_has_ended_the_call():
    ended = threading.Event()
    with Pool(2) as pool:
        pending = pool.submit(time.sleep, 0.5)
        pending.then(ended.set)
        assert not ended.is_set()  # the worker still sleeps
        assert ended.wait(30)
        pending.result()
    with Pool(1) as pool:  # a call run here is never called back
        here = pool.submit(os.getpid)
        here.then(ended.clear)
        assert here.result() == os.getpid() and ended.is_set()


def test_jobs_handed_over_one_at_a_time_leave_the_rest_to_the_caller():
    """The worker is handed the first job, the next only once that has ended: the caller, done with its own work
    first, does every job not yet handed over, and none waits in the worker's queue."""
    with Pool(2) as pool:
        pids = OneAtATime(pool, pool_jobs.pid_after, [1.0, 0.0, 0.0, 0.0]).finish()
    assert pids[0] != os.getpid() and pids[1:] == [os.getpid()] * 3
    with Pool(2) as pool:  # a caller that comes late finds the worker has done them all, in turn
        turns = OneAtATime(pool, pool_jobs.pid_after, [0.0] * 4)
        deadline = time.monotonic() + 60
        while turns._waiting and time.monotonic() < deadline:  # the last job handed over
            time.sleep(0.05)
        pids = turns.finish()
    assert os.getpid() not in pids and len(set(pids)) == 1


class SlowHandOver(Pool):
    """A pool that takes 0.3 s to hand a call over, as a busy machine may."""

    def submit(self, work, *args):
        time.sleep(0.3)
        return super().submit(work, *args)


def test_a_job_being_handed_over_when_the_caller_finishes_is_waited_for():
    """The call-back takes the next job off the queue and hands it over as one step: a caller finishing meanwhile
    waits for it, and finds it among those handed over, not lost between the two."""
    with SlowHandOver(2) as pool:  # the second job takes the worker a second: the caller takes the last two meanwhile
        turns = OneAtATime(pool, pool_jobs.pid_after, [0.0, 1.0, 0.0, 0.0])
        deadline = time.monotonic() + 60
        while len(turns._waiting) > 2 and time.monotonic() < deadline:  # the second job is being handed over
            time.sleep(0.01)
        pids = turns.finish()
    assert len(pids) == 4 and pids[0] != os.getpid() and pids[2:] == [os.getpid()] * 2


def test_a_job_handed_over_or_done_here_raises_its_error_in_the_caller():
    for late in (False, True):  # the failing job done here, then by the worker
        with Pool(2) as pool:
            turns = OneAtATime(pool, pool_jobs.fail, [0, 1, 3])
            deadline = time.monotonic() + 60
            while late and turns._waiting and time.monotonic() < deadline:
                time.sleep(0.05)
            with pytest.raises(PnpError, match="job 3 is bad"):
                turns.finish()


STOPPED_WHILE_SENDING = """
import os, sys, time
sys.path.insert(0, sys.argv[1])
import pool_jobs
from pnp.pool import Pool
try:
    with Pool(2) as pool:
        pool.submit(pool_jobs.large_result, sys.argv[2], 128 * 2**20)
        if sys.argv[4] == "released":
            pool.release()
        while not os.path.exists(sys.argv[2]):
            time.sleep(0.001)
        time.sleep(float(sys.argv[3]))
        raise RuntimeError("stopped")
except RuntimeError:
    print("ended")
"""


@pytest.mark.parametrize("delay, released", [(0.1, ""), (0.15, ""), (0.2, ""), (0.3, ""), (0.1, "released"),
                                             (0.2, "released")])
def test_a_worker_stopped_while_it_sends_a_large_result_leaves_no_thread_waiting(tmp_path, delay, released):
    """Stopped part-way through sending 128 MB, the worker leaves part of its result in the pipe; the pool still
    ends (without its own end of the pipe closed, its manager thread waited for the rest for ever), its worker let go
    by release() too."""
    env = {name: value for name, value in os.environ.items() if name != START_METHOD_VARIABLE}  # the platform's own
    done = subprocess.run([sys.executable, "-c", STOPPED_WHILE_SENDING, str(ROOT / "tests"), str(tmp_path / "mark"),
                           str(delay), released or "kept"], capture_output=True, text=True, timeout=60, env=env)
    assert done.stdout.strip() == "ended", done.stderr


def _alive(pid: int) -> bool:
    """Tell whether a child process of this one still runs (a finished one not yet waited for does not)."""
    return any(child.pid == pid for child in multiprocessing.active_children())


def _started_since(before: set[int]) -> list:
    """The child processes of this one running now that were not running before (another test's may still end)."""
    return [child for child in multiprocessing.active_children() if child.pid not in before]


@pytest.fixture
def children_before() -> set[int]:
    """The child processes already running when the test begins (those another test of this process started)."""
    return {child.pid for child in multiprocessing.active_children()}


def test_a_pools_last_call_lets_its_worker_end_before_the_pools_block_does(children_before):
    with Pool(2) as pool:
        worker = pool.submit(os.getpid, last=True).result()
        deadline = time.monotonic() + 10
        while _alive(worker) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not _alive(worker)  # ended while the caller went on, before the block's end waits for it
    assert _started_since(children_before) == []


def test_a_released_pool_still_gives_the_results_handed_over_and_takes_no_more(children_before):
    threads_before = set(threading.enumerate())
    with Pool(2) as pool:
        pending = [pool.submit(pool_jobs.square, n) for n in range(3)]
        pool.release()
        assert [p.result()[0] for p in pending] == [0, 1, 4]
        with pytest.raises(RuntimeError):
            pool.submit(pool_jobs.square, 4)
    assert _started_since(children_before) == []
    # nor a thread of the pool's left running: a command that ends would wait for it (and let a SIGTERM then kill it)
    assert [thread for thread in threading.enumerate() if thread not in threads_before and thread.is_alive()] == []


def test_an_error_after_release_stops_the_worker_still_at_work(children_before):
    began = time.monotonic()
    with pytest.raises(LookupError):
        with Pool(2) as pool:
            pool.submit(pool_jobs.forever, 0)
            pool.release()
            raise LookupError("the caller fails while its worker works")
    assert _started_since(children_before) == [] and time.monotonic() - began < 30


@pytest.mark.skipif("fork" not in METHODS, reason="a forked worker inherits the module without the call")
def test_without_a_signal_mask_as_on_windows_a_pool_starts_and_ends_its_workers(monkeypatch):
    """Windows has no signal.pthread_sigmask: signals are then not held while a worker starts, nor released in it."""
    from pnp import poolworkers
    monkeypatch.setenv(START_METHOD_VARIABLE, "fork")
    monkeypatch.delattr(signal, "pthread_sigmask")
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    with poolworkers.signals_held():
        pass
    with Pool(2) as pool:  # forked workers inherit the module without the call; worker_started() runs in each
        results = list(pool.map(pool_jobs.square, range(6)))
    assert [value for value, _ in results] == [n * n for n in range(6)]
    assert {pid for _, pid in results} - {os.getpid()}  # the workers did the work
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before
