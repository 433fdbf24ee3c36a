"""The chunks of a check on a Dask cluster: a pool with the process pool's interface, backed by dask.distributed.

    with ClusterPool("tcp://host:8786") as pool:   # or "local": a LocalCluster of `workers` processes here
        run_all(runs, pool)                          # as on the process pool; the same figures

Shared values are scattered to the cluster once, as pickled bytes that a worker unpickles after the chunk's
work has imported the game's simulation (its data's classes come from it). Every worker must have pnp installed;
the project travels with the tasks: the card data is read once, by the client, and shared, and the simulation
with game.yaml is packed (travel.py) and unpacked by each worker into a folder of its own, so no worker reads
the client's folders. A worker that played an earlier check imports the simulation afresh, so an edited
simulation is played as it is now.

dask.distributed is imported only when a cluster is asked for: it is the optional extra `pnpkit[cluster]`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import uuid
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from typing import Any, TypeVar

from pnp.check.play import travel
from pnp.check.play.chunks import Job
from pnp.check.play.game import BrokenRule
from pnp.check.play.paired import PairedJob
from pnp.errors import PnpError
from pnp.pool import Pool, Shared
from pnp.project.games import Project

Result = TypeVar("Result")
Value = TypeVar("Value")

LOCAL = "local"  # --scheduler local: a LocalCluster on this machine
CONNECT_SECONDS = 5  # an address that does not answer within this is an error, not a wait
WORKERS_SECONDS = 10  # a scheduler with no worker after this is an error
INSTALL = "pip install 'pnpkit[cluster]'"


def distributed_module() -> Any:
    """dask.distributed, or one line saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise PnpError("running on a Dask cluster needs dask.distributed, which is not installed",
                       where="pnp check --scheduler", fix=f"install it with: {INSTALL}") from None
    return distributed


class ClusterPool(Pool):
    """Chunks run on the workers of a Dask cluster: `start` returns a Dask future, `share` scatters the value.

    It offers what a check's runs use (start, settled, outcome, first_done, share, stop), not map or submit."""

    def __init__(self, scheduler: str, workers: int, where: str = "pnp check") -> None:
        super().__init__(workers, where)
        self.scheduler = scheduler
        self._dask = distributed_module()
        self._client: Any = None
        self._cluster: Any = None
        self._scattered: dict[int, Any] = {}  # id of a Shared -> its Dask future on the cluster
        self._running: set[Any] = set()
        self._check = uuid.uuid4().hex  # workers import the simulation afresh when a new check begins
        self._packed: dict[str, tuple[str, bytes]] = {}  # packed project name -> (its folder here, its zip)
        self._roots: dict[str, str] = {}  # packed project name -> the project folder here
        self._projects: Any = None  # the packed projects, scattered

    def __enter__(self) -> ClusterPool:
        try:
            if self.scheduler == LOCAL:
                self._cluster = self._local_cluster()
            self._client = self._connect(self._cluster if self._cluster is not None else self.scheduler)
            self._wait_for_workers()
        except BaseException:
            self._close()
            raise
        threads = sum(self._client.nthreads().values())
        self.workers = max(2, threads)  # chunks kept in flight per QUEUED; never 1, which runs chunks here
        return self

    def __exit__(self, kind, error, trace) -> None:
        self._close()

    def share(self, value: Value) -> Shared[Value]:
        """The value sent to the cluster once, as bytes a worker unpickles when the work first reads it."""
        shared = Shared(value, copied=True)
        shared.token = uuid.uuid4().hex  # unique on a worker that outlives this check
        self._scattered[id(shared)] = self._client.scatter(shared, hash=False)
        self._shared.append(shared)
        return shared

    def ship(self, project: Project, game: str) -> str:
        """Send what a worker needs of the project to play GAME; the root the chunks' jobs name it by."""
        name, packed = travel.pack(project, game)
        self._packed[name], self._roots[name] = packed, str(project.root)
        self._projects = self._client.scatter(dict(self._packed), hash=False)
        return name

    def start(self, work: Callable[..., Result], *args: Any) -> Future[Result]:
        """Hand a call to the cluster; shared values go as their scattered futures."""
        sent = [self._scattered.get(id(arg), arg) if isinstance(arg, Shared) else arg for arg in args]
        future = self._client.submit(on_worker, self._check, self._projects, work, *sent, pure=False)
        self._running.add(future)
        return future

    def outcome(self, future: Future[Result]) -> Result:
        """A started call's result (waiting for it), or its exception."""
        error = self._error(future)
        if error is not None:
            raise error
        return future.result()

    def settled(self, future: Future[Result]) -> tuple[Result | None, BaseException | None]:
        """A finished call's (result, None), or (None, its exception); a worker that died is raised at once."""
        error = self._error(future)
        return (future.result(), None) if error is None else (None, error)

    def _error(self, future: Future) -> BaseException | None:
        """The call's exception once it has finished, or None; a worker that died is one line, raised now."""
        self._running.discard(future)
        error = future.exception()
        if isinstance(error, self._dask.KilledWorker):
            raise PnpError("a Dask worker stopped unexpectedly while playing a chunk", where=self.where,
                           fix="run the command again; if it stops again, look at the workers' logs") from None
        if isinstance(error, BrokenRule) and error.root in self._roots:
            return error.played_by(self._roots[error.root], error.seats)  # the project folder, as here
        return error

    def first_done(self, futures: Iterable[Future]) -> set[Future]:  # type: ignore[override]
        """Wait until at least one of the calls has finished; those finished."""
        with self._client.as_current():
            return self._dask.wait(list(futures), return_when="FIRST_COMPLETED").done

    def stop(self) -> None:
        """Cancel what the cluster still does for this check (its workers stay up for the next)."""
        if self._running and self._client is not None:
            self._client.cancel(list(self._running))
        self._running.clear()

    def _local_cluster(self) -> Any:
        """A LocalCluster of `workers` single-threaded processes, quiet (a chunk's error is the command's line)."""
        spec = self._dask.SpecCluster
        before = set(spec._instances)
        try:
            return self._dask.LocalCluster(n_workers=self.workers, threads_per_worker=1, processes=True,
                                           dashboard_address=":0", silence_logs=logging.CRITICAL)
        except BaseException:  # stopped while it started: its workers go with this process, quietly
            for cluster in set(spec._instances) - before:
                cluster.shutdown_on_close = False
            raise

    def _wait_for_workers(self) -> None:
        """Wait a little for a worker to join; a scheduler without any is one line saying how to start them."""
        try:
            self._client.wait_for_workers(1, timeout=WORKERS_SECONDS)
        except TimeoutError:
            raise PnpError(f"the Dask scheduler at {self.scheduler} has no workers", where=self.where,
                           fix=f"start some with: dask worker {self.scheduler}") from None

    def _connect(self, address: Any) -> Any:
        """A client of the scheduler (or of the local cluster); an address that does not answer is one line."""
        if address is self._cluster:
            return self._dask.Client(address, set_as_default=False)
        try:
            asyncio.run(self._probe(address))
        except ValueError as error:
            raise PnpError(f"'{address}' is not a Dask scheduler address ({error})", where=self.where,
                           fix="give it as tcp://host:8786, or 'local'") from None
        except Exception as error:  # refused, timed out, or something else answering there
            raise self._unreachable(error) from None
        try:
            return self._dask.Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
        except Exception as error:
            raise self._unreachable(error) from None

    async def _probe(self, address: str) -> None:
        """Connect and shake hands as Dask does, giving up after CONNECT_SECONDS whatever answers (or not)."""
        comm = await asyncio.wait_for(self._dask.comm.connect(address, timeout=CONNECT_SECONDS), CONNECT_SECONDS + 1)
        await comm.close()

    def _unreachable(self, error: BaseException) -> PnpError:
        """The error for a scheduler address that does not answer as a Dask scheduler."""
        return PnpError(f"cannot reach the Dask scheduler at {self.scheduler} ({_reason(error)})", where=self.where,
                        fix="start it with 'dask scheduler', or check the address and port (such as "
                            "tcp://host:8786)")

    def _close(self) -> None:
        """Let go of the scheduler (cancelling what runs for this check) and any local cluster."""
        self.stop()
        for part in (self._client, self._cluster):
            if part is not None:
                part.close()
        self._client = self._cluster = None
        for shared in self._shared:
            shared.forget()


def _reason(error: BaseException) -> str:
    """Why a connection failed, in a few words on one line."""
    if isinstance(error, TimeoutError) and not str(error):
        return f"no Dask handshake within {CONNECT_SECONDS + 1} s"
    if not str(error):
        return f"it answered, but not as a Dask scheduler ({type(error).__name__})"
    return str(error).splitlines()[0]


_CHECK: list[str] = []  # in a worker: the check whose chunks it played last


def on_worker(check: str, projects: dict[str, tuple[str, bytes]] | None, work: Callable[..., Result],
              *args: Any) -> Result:
    """Run one call on a worker, after forgetting the simulations an earlier check imported, on the projects as
    they travelled (a broken rule names the packed project, which the client names by its folder)."""
    if _CHECK and _CHECK[0] != check:
        forget_simulations()
    _CHECK[:] = [check]
    here, packed = [], {}
    for arg in args:  # the chunk's job among them
        local, names = _here(arg, projects or {})
        here.append(local)
        packed.update(names)
    try:
        return work(*here)
    except BrokenRule as broken:
        raise broken.played_by(packed.get(broken.root, broken.root), broken.seats) from None


def _here(job: Any, projects: dict[str, tuple[str, bytes]]) -> tuple[Any, dict[str, str]]:
    """The job with its project roots unpacked here, and each unpacked folder's packed name."""
    if isinstance(job, PairedJob):  # this project and the others: --against's, or a sweep's variants (this one)
        inner, names = _here(job.job, projects)
        others = tuple(travel.unpacked(other, projects) for other in job.others)
        return dataclasses.replace(job, job=inner, others=others), {**names, **dict(zip(others, job.others))}
    if not isinstance(job, Job):
        return job, {}
    root = travel.unpacked(job.root, projects)
    return dataclasses.replace(job, root=root), {root: job.root}


def forget_simulations() -> None:
    """Drop every simulation this process imported, so the next chunk imports the files as they are now, and the
    folders the projects were unpacked into."""
    from pnp.check.discovery import loader, registry
    from pnp.check.play import chunks
    registry.forget_found()
    loader.forget_imported()
    chunks.forget_read()
    travel.forget_unpacked()
