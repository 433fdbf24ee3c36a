"""Stopping pnp: Ctrl+C and SIGTERM end it with one line at any moment; forked children stop quietly.

Three phases: while pnp starts (imports, parsing the command line) a stop ends it at once with one line; while
a command runs (`stoppable`) a stop unwinds it, so that every cleanup on the way runs; once the command is over,
a stop ends the process at once, with the command's own exit code when it already printed its last line.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

SIGNAL_NAMES: dict[int, str] = {signal.SIGINT: "Ctrl+C", signal.SIGTERM: "SIGTERM"}
PR_SET_PDEATHSIG = 1
_active = [False]
_parent = [0]
_own_process = [False]  # the `pnp` command's own process, which ends with its command (not pnp used as a library)
_phase = ["idle"]  # "starting", "running" (a command), "ending"; "idle" when pnp is used as a library
_outcome: list[tuple[int, bool]] = []  # the exit code once known, and whether its last line was printed


class Stopped(KeyboardInterrupt):
    """SIGTERM, raised like Ctrl+C's KeyboardInterrupt so that every cleanup on the way runs."""

    signum = signal.SIGTERM


class StartupStop(BaseException):
    """Ctrl+C or SIGTERM while pnp starts: nothing has been written yet (not an Exception, so nothing catches it)."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def guard() -> None:
    """Catch Ctrl+C and SIGTERM from pnp's first instruction on (the entry point calls this before any import)."""
    if threading.current_thread() is not threading.main_thread():
        return
    _phase[0] = "starting"
    _own_process[0] = True
    for signum in SIGNAL_NAMES:
        signal.signal(signum, _outside_a_command)


def own_process() -> bool:
    """Tell whether this is the `pnp` command's own process, which ends when its command does."""
    return _own_process[0]


def startup_line(exc: StartupStop) -> tuple[str, int]:
    """The one line a stop during start-up prints, and its exit code."""
    return f"pnp: stopped by {SIGNAL_NAMES[exc.signum]} while starting; nothing was written", 128 + exc.signum


def ended(code: int, printed: bool) -> None:
    """Note the command's exit code, and whether its last line is out: a stop from now on keeps them."""
    _phase[0] = "ending"
    _outcome[:] = [(code, printed)]


def exiting(code: int) -> None:
    """Note the exit code the process leaves with (a line printed before it stays noted as printed)."""
    ended(code, printed=_outcome[0][1] if _outcome else code != 0)


def exit_code(code: object) -> int:
    """The number a SystemExit's code exits the process with."""
    if code is None:
        return 0
    return code if isinstance(code, int) else 1


def _outside_a_command(signum: int, frame: object) -> None:
    """Ctrl+C or SIGTERM outside a command: while starting, unwind at once; once ended, leave at once."""
    if _phase[0] != "ending":
        raise StartupStop(signum)
    code, printed = _outcome[0] if _outcome else (128 + signum, False)
    done = "; its work was done" if _outcome else ""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    if not printed:
        code = 128 + signum
        os.write(2, f"error: pnp: stopped by {SIGNAL_NAMES[signum]} as it ended{done}\n".encode())
    os._exit(code)


@contextmanager
def stoppable() -> Iterator[None]:
    """Turn SIGTERM into Stopped while a command runs (on the main thread, where signals arrive)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signal.SIGTERM: signal.signal(signal.SIGTERM, _raise_stopped),
                signal.SIGINT: signal.signal(signal.SIGINT, signal.default_int_handler)}
    previous_hook, sys.unraisablehook = sys.unraisablehook, _deliver_again(sys.unraisablehook)
    _active[0], stopped = True, False
    phase, _phase[0] = _phase[0], "running"
    try:
        yield
        if phase == "starting":
            ended(0, printed=False)  # the work is done: a stop from now on says so
    except KeyboardInterrupt:
        stopped = True
        raise
    finally:
        _active[0] = stopped  # forks made while a stopped process ends (a pool refilling itself) die with it
        _phase[0] = "ending" if phase == "starting" else phase
        sys.unraisablehook = previous_hook
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def stopped_line(command: str, exc: KeyboardInterrupt) -> tuple[str, int]:
    """The one line a stopped command prints, and its exit code (128 + the signal's number)."""
    signum = getattr(exc, "signum", signal.SIGINT)
    return f"{command}: stopped by {SIGNAL_NAMES[signum]}; no partial file was left", 128 + signum


@contextmanager
def quiet() -> Iterator[None]:
    """Ignore Ctrl+C and SIGTERM while a stopped command prints its last line."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.signal(signum, signal.SIG_IGN) for signum in SIGNAL_NAMES}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _raise_stopped(signum: int, frame: object) -> None:
    raise Stopped()


def _deliver_again(hook):
    """An unraisable-exception hook that, for a stop raised where Python cannot raise (a fork handler, a __del__),
    sends the signal again instead of printing a traceback, so the stop lands at the next place that can take it."""
    def unraisable(unraisable) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            signum = getattr(unraisable.exc_value, "signum", signal.SIGINT)
            threading.Timer(0.05, signal.raise_signal, (signum,)).start()
            return
        hook(unraisable)
    return unraisable


def _before_fork() -> None:
    _parent[0] = os.getpid()


def _in_forked_child() -> None:
    """A worker forked while a command runs: Ctrl+C is its parent's to handle, SIGTERM ends it at once,
    and so does its parent's death (however the parent ended, even half-way through starting a pool)."""
    if not _active[0]:
        return
    _active[0] = False
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        import ctypes  # here, not at the top: pnp's entry point imports this module first of all
        try:
            ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError, TypeError):  # no C library by that name (never on Linux itself)
            return
        if os.getppid() != _parent[0]:  # the parent died before the request took hold
            os._exit(1)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork, after_in_child=_in_forked_child)
