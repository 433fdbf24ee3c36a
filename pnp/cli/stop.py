"""Stopping a command: Ctrl+C and SIGTERM end it after its cleanup, with one line; forked children stop quietly."""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

SIGNAL_NAMES = {signal.SIGINT: "Ctrl+C", signal.SIGTERM: "SIGTERM"}
PR_SET_PDEATHSIG = 1
_active = [False]
_parent = [0]


class Stopped(KeyboardInterrupt):
    """SIGTERM, raised like Ctrl+C's KeyboardInterrupt so that every cleanup on the way runs."""

    signum = signal.SIGTERM


@contextmanager
def stoppable() -> Iterator[None]:
    """Turn SIGTERM into Stopped while a command runs (on the main thread, where signals arrive)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_stopped)
    previous_hook, sys.unraisablehook = sys.unraisablehook, _deliver_again(sys.unraisablehook)
    _active[0], stopped = True, False
    try:
        yield
    except KeyboardInterrupt:
        stopped = True
        raise
    finally:
        _active[0] = stopped  # forks made while a stopped process ends (a pool refilling itself) die with it
        sys.unraisablehook = previous_hook
        signal.signal(signal.SIGTERM, previous)


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
            threading.Timer(0.05, os.kill, (os.getpid(), signum)).start()
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
        try:
            ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):
            return
        if os.getppid() != _parent[0]:  # the parent died before the request took hold
            os._exit(1)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork, after_in_child=_in_forked_child)
