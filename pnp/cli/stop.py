"""Stopping a command: Ctrl+C and SIGTERM end it after its cleanup, with one line; forked children stop quietly."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

SIGNAL_NAMES = {signal.SIGINT: "Ctrl+C", signal.SIGTERM: "SIGTERM"}
_active = [False]


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
    _active[0] = True
    try:
        yield
    finally:
        _active[0] = False
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


def _in_forked_child() -> None:
    """A worker forked while a command runs: Ctrl+C is its parent's to handle, SIGTERM ends it at once."""
    if _active[0]:
        _active[0] = False
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_in_forked_child)
