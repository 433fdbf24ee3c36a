"""Module-level work for the process pool's tests: a spawned worker imports these by name."""

from __future__ import annotations

import os
import time

from pnp.build.workers import _write_shop
from pnp.errors import PnpError
from pnp.pool import Shared


def square(n: int) -> tuple[int, int]:
    """n squared and the process that worked it out; the first jobs finish last."""
    time.sleep(0.05 * (n < 2))
    return n * n, os.getpid()


def fail(n: int) -> int:
    """A job that fails with a user error on 3, and with a file-system error on 5."""
    if n == 3:
        raise PnpError("job 3 is bad", where="jobs.csv: row 4", fix="fix row 4")
    if n == 5:
        raise PermissionError(13, "Permission denied", "/nowhere/out.pdf")
    return n


def die(n: int) -> int:
    """A worker that stops without a word, as one killed by the system would."""
    if n == 1:
        os._exit(3)
    return n


def read_shared(shared: Shared[dict], key: str) -> object:
    """A value from a shared mapping."""
    return shared.value[key]


def forever(n: int) -> int:
    """Work that never ends (the caller is stopped meanwhile)."""
    while True:
        time.sleep(0.1)


def late_first(index: int) -> int:
    """A chunk's index, the first chunks finishing last (so results arrive out of order)."""
    time.sleep(0.02 * (index < 3))
    return index


def fails_at_five(index: int) -> int:
    """A chunk's index; chunk 5 is broken."""
    if index == 5:
        raise PnpError("chunk 5 is broken", where="chunks", fix="leave it out")
    return index


def shared_identity(shared: Shared[dict], n: int) -> tuple[int, int]:
    """The worker's process and the identity of the shared value it reads (the same object job after job)."""
    time.sleep(0.01)
    return os.getpid(), id(shared.value)


def slow_break(index: int) -> int:
    """A run whose first chunk breaks, late."""
    time.sleep(0.3)
    raise PnpError(f"slow chunk {index} is broken", where="first run", fix="leave it out")


def quick_break(index: int) -> int:
    """A run whose first chunk breaks at once."""
    raise PnpError(f"quick chunk {index} is broken", where="second run", fix="leave it out")


BUILD_PROCESS: list[int] = []  # the build's own process, set before its workers fork
WRITTEN_BY_THE_BUILD: list[str] = []  # print-shop files the build wrote itself, none handed over to a worker
WRITE_SHOP = _write_shop  # the build's own, as imported before a test puts slow_print_shop in its place


def slow_print_shop(shared: Shared) -> object:
    """A build's print-shop file, a second late in a worker, so that the build writes those not handed over."""
    if BUILD_PROCESS and os.getpid() == BUILD_PROCESS[0]:
        WRITTEN_BY_THE_BUILD.append(shared.value[0][0][0].name)
    else:
        time.sleep(1.0)
    return WRITE_SHOP(shared)


def pid_after(seconds: float) -> int:
    """The process that did the job, after working on it for `seconds`."""
    time.sleep(seconds)
    return os.getpid()


def large_result(marker: str, size: int) -> bytes:
    """A result large enough to be sent in many pieces, after a mark that the work is done."""
    data = bytes(size)
    with open(marker, "w") as handle:
        handle.write("sending")
    return data
