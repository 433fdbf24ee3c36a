"""`pnp check --scheduler`: every chunk on a Dask cluster, the same JSON bytes as on one process, and one line for
an address that does not answer, a scheduler without workers or dask.distributed not installed."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading

import pytest
from click.testing import CliRunner
from conftest import ROOT, one_process_json

from pnp.check.play import cluster
from pnp.cli.main import main
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold

TAKE = "        self.taken[winner] += self.trick\n"
LOSE_ONE = "        self.taken[winner] += self.trick[1:] if self.tricks == 1 else self.trick\n"  # trick 2 loses a card


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def forgetful():
    """A test that makes this process forget its simulations (as a cluster worker does for a new check) gives the
    other tests of the process theirs back afterwards."""
    from pnp.check.discovery import loader, registry
    from pnp.check.play import chunks
    kept = ({name: module for name, module in sys.modules.items() if name.startswith(loader.PREFIX)},
            dict(registry._FOUND), dict(loader._LOADED), dict(chunks._READ))
    yield
    modules, found, loaded, read = kept
    for name in [name for name in sys.modules if name.startswith(loader.PREFIX)]:
        del sys.modules[name]
    sys.modules.update(modules)
    registry._FOUND.clear()
    registry._FOUND.update(found)
    loader._LOADED.clear()
    loader._LOADED.update(loaded)
    chunks._READ.clear()
    chunks._READ.update(read)


def new_project(root) -> Project:
    """A `pnp new probe --rules` project: a simulation, and a deal-and-draw section in its game.yaml."""
    root.mkdir()
    scaffold(Project(root), "probe", rules=True)
    return Project(root)


def lose_a_card(project: Project) -> None:
    """Edit the simulation so that every game's second trick loses a card."""
    state = project.root / "card_data" / "probe" / "rules" / "state.py"
    text = state.read_text(encoding="utf-8")
    assert text.count(TAKE) == 1
    state.write_text(text.replace(TAKE, LOSE_ONE), encoding="utf-8")


@pytest.fixture(scope="module")
def scheduler():
    """The address of a Dask scheduler with two single-threaded worker processes, for every test of the module."""
    distributed = pytest.importorskip("distributed")
    import logging
    import multiprocessing
    before = {child.pid for child in multiprocessing.active_children()}
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=logging.CRITICAL) as local:
        yield local.scheduler_address
    for child in multiprocessing.active_children():  # its worker processes end before the next test of this process
        if child.pid not in before:
            child.join(30)


def json_of(tmp_path, name: str, *args: str) -> bytes:
    """The --json bytes of a check that must succeed."""
    path = tmp_path / f"{name}.json"
    result = run("check", *args, "--json", str(path))
    assert result.exit_code == 0, result.output
    return path.read_bytes()


def test_a_check_on_a_cluster_writes_the_same_json_bytes_as_one_process(scheduler, tmp_path_factory, tmp_path):
    ours, theirs = new_project(tmp_path / "ours"), new_project(tmp_path / "theirs")
    args = ["probe", "--players", "3", "--games", "300", "--against", str(theirs.root), "--project", str(ours.root)]
    alone = json_of(tmp_path, "alone", *args, "--workers", "1")
    assert b'"deal"' in alone and b'"against"' in alone  # simulated games, the other project, the shuffles
    assert json_of(tmp_path, "cluster", *args, "--scheduler", scheduler) == alone
    shipped = ["promotion", "--players", "4", "--games", "400", "--seed", "3", "--project", str(ROOT)]
    assert json_of(tmp_path, "cluster", *shipped, "--scheduler", scheduler) == \
        one_process_json(tmp_path_factory, *shipped)  # the same check on one worker: test_pool's too


def test_a_local_cluster_gives_the_same_bytes(tmp_path):
    pytest.importorskip("distributed")
    shipped = ["promotion", "--players", "4", "--games", "200", "--no-probe", "--project", str(ROOT)]  # the probe on
    # a cluster: test_a_check_on_a_cluster_writes_the_same_json_bytes_as_one_process
    assert json_of(tmp_path, "local", *shipped, "--scheduler", "local", "--workers", "2") == \
        json_of(tmp_path, "alone", *shipped, "--workers", "1")


def test_a_broken_rule_on_a_cluster_is_the_same_one_line_and_an_edit_is_played_at_once(scheduler, tmp_path,
                                                                                         forgetful):
    probe = new_project(tmp_path / "probe")
    args = ["check", "probe", "--players", "3", "--games", "300", "--project", str(probe.root)]
    assert run(*args, "--scheduler", scheduler).exit_code == 0  # the workers have imported the sound simulation
    lose_a_card(probe)
    cluster.forget_simulations()  # this process too imports the edited simulation, as a new command would
    alone, on_cluster = run(*args, "--workers", "1"), run(*args, "--scheduler", scheduler)
    assert alone.output.startswith("error: pnp check probe: rule broken in a simulated game: seed ")
    assert (on_cluster.exit_code, on_cluster.output) == (1, alone.output)
    assert len(on_cluster.output.splitlines()) == 1


def closed_port() -> int:
    """A port of this machine that nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_an_address_that_does_not_answer_is_one_line_naming_it(monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    address = f"tcp://127.0.0.1:{closed_port()}"
    result = run("check", "promotion", "--games", "200", "--scheduler", address, "--project", str(ROOT))
    assert result.exit_code == 1
    assert result.output == (f"error: pnp check: cannot reach the Dask scheduler at {address} (Timed out trying to "
                             f"connect to {address} after 1 s); start it with 'dask scheduler', or check the address "
                             "and port (such as tcp://host:8786)\n")


def test_a_server_that_never_shakes_hands_is_one_line_after_the_timeout(monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    silent = socket.create_server(("127.0.0.1", 0))
    accepted: list[socket.socket] = []
    threading.Thread(target=lambda: accepted.append(silent.accept()[0]), daemon=True).start()
    address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
    try:
        result = run("check", "promotion", "--games", "200", "--scheduler", address, "--project", str(ROOT))
    finally:
        for connection in [*accepted, silent]:
            connection.close()
    assert (result.exit_code, result.output) == (1, f"error: pnp check: cannot reach the Dask scheduler at {address} "
                                                    "(no Dask handshake within 2 s); start it with 'dask scheduler', "
                                                    "or check the address and port (such as tcp://host:8786)\n")


def test_a_scheduler_without_workers_is_one_line(monkeypatch):
    distributed = pytest.importorskip("distributed")
    import logging
    monkeypatch.setattr(cluster, "WORKERS_SECONDS", 0.5)
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=":0",
                                  silence_logs=logging.CRITICAL) as empty:
        address = empty.scheduler_address
        result = run("check", "promotion", "--games", "200", "--scheduler", address, "--project", str(ROOT))
    assert (result.exit_code, result.output) == (1, f"error: pnp check: the Dask scheduler at {address} has no "
                                                    f"workers; start some with: dask worker {address}\n")


@pytest.mark.parametrize("args,message", [
    (["--scheduler", "bogus://host"], "error: pnp check: 'bogus://host' is not a Dask scheduler address (unknown "
                                      "address scheme 'bogus'"),
    (["--scheduler", "tcp://host:8786", "--workers", "2"],
     "error: pnp check --workers: --workers sets the processes of this machine; a cluster's workers are those "
     "started with 'dask worker'; leave it out, or use --scheduler local\n"),
    (["--scheduler", "local", "--replay", "3"],
     "error: pnp check --scheduler: --scheduler runs the games of a check; a replay plays one game here; leave out "
     "--scheduler or --replay\n"),
])
def test_bad_uses_of_the_scheduler_are_one_line(args, message):
    pytest.importorskip("distributed")
    result = run("check", "promotion", "--games", "200", *args, "--project", str(ROOT))
    assert result.exit_code == (1 if "bogus" in message else 2)
    assert result.output.startswith(message) and len(result.output.splitlines()) == 1


def test_without_the_extra_a_cluster_is_one_line_saying_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed raises ImportError
    result = run("check", "promotion", "--games", "200", "--scheduler", "local", "--project", str(ROOT))
    assert (result.exit_code, result.output) == (1, "error: pnp check --scheduler: running on a Dask cluster needs "
                                                    "dask.distributed, which is not installed; install it with: "
                                                    "pip install 'pnpkit[cluster]'\n")


def test_a_check_without_a_scheduler_imports_nothing_of_dask(tmp_path):
    script = ("import sys; from click.testing import CliRunner; from pnp.cli.main import main; "
              f"result = CliRunner().invoke(main, ['check', 'promotion', '--games', '200', '--workers', '2', "
              f"'--project', {str(ROOT)!r}]); assert result.exit_code == 0, result.output; "
              "print(sorted(name for name in sys.modules if name.split('.')[0] in ('dask', 'distributed')))")
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=tmp_path)
    assert shown.stdout == "[]\n"


def test_the_project_travels_with_the_tasks_and_a_worker_never_reads_the_client_s_folder(tmp_path, forgetful):
    import io
    import pickle
    import shutil
    import zipfile

    from pnp.check.discovery.registry import spec_for
    from pnp.check.play import travel
    from pnp.check.play.chunks import Job, play_chunk, run_job
    from pnp.check.play.game import BrokenRule
    from pnp.pool import Shared
    project = new_project(tmp_path / "mine")
    data = Shared(spec_for("probe", project).load(project), copied=True)
    expected = play_chunk(Job(str(project.root), "probe", 2, 1, 0, 20, "greedy"), data)[0]
    name, packed = travel.pack(project, "probe")
    assert travel.pack(project, "probe") == (name, packed)  # the same files, the same name and bytes
    members = zipfile.ZipFile(io.BytesIO(packed[1])).namelist()
    assert name.startswith(travel.PREFIX) and "card_data/probe/rules/state.py" in members
    assert "card_data/probe/game.yaml" in members and not any(m.endswith(".csv") for m in members)  # data is shared
    lose_a_card(project)
    broken_name, broken_packed = travel.pack(project, "probe")
    shutil.rmtree(project.root)  # no worker may read the client's folder: it is gone
    cluster.forget_simulations()
    sent = pickle.dumps(data)  # as the cluster holds it: the data's pickled bytes
    played = cluster.on_worker("one check", {name: packed}, run_job, Job(name, "probe", 2, 1, 0, 20, "greedy"),
                               pickle.loads(sent))
    assert [(r.seed, r.scores, r.winners) for r in played.records] == \
        [(r.seed, r.scores, r.winners) for r in expected]
    with pytest.raises(BrokenRule) as raised:  # the edited simulation, named by the packed project
        cluster.on_worker("another check", {broken_name: broken_packed}, run_job,
                          Job(broken_name, "probe", 2, 1, 0, 20, "greedy"), pickle.loads(sent))
    assert raised.value.root == broken_name and "a card was lost" in raised.value.problem


def _unpack_in_child(name: str, packed: tuple[str, bytes], told) -> None:
    """In a child process: unpack the project and tell the parent where to."""
    from pnp.check.play import travel
    told.put(travel.unpacked(name, {name: packed}))


def test_a_worker_removes_the_folders_it_unpacked_into_at_the_next_check_and_when_its_process_ends(tmp_path,
                                                                                                  forgetful):
    import multiprocessing
    from pathlib import Path

    from pnp.check.play import travel
    project = new_project(tmp_path / "mine")
    name, packed = travel.pack(project, "probe")
    first = Path(travel.unpacked(name, {name: packed}))
    assert (first / "card_data" / "probe" / "game.yaml").is_file()
    cluster.on_worker("a check", None, len, ())
    cluster.on_worker("the next check", None, len, ())
    assert not first.exists()
    again = Path(travel.unpacked(name, {name: packed}))  # unpacked afresh when a later check needs it
    assert again != first and (again / "card_data" / "probe" / "game.yaml").is_file()
    travel.forget_unpacked()
    assert not again.exists()
    context = multiprocessing.get_context("spawn")  # as Dask starts its worker processes
    told = context.Queue()
    child = context.Process(target=_unpack_in_child, args=(name, packed, told))
    child.start()
    in_child = Path(told.get(timeout=60))
    child.join(60)
    assert child.exitcode == 0 and in_child.name.startswith("pnp-project-") and not in_child.exists()
