"""The `pnp` command's entry point: a stop at any moment, from the first instruction on, ends it with one line."""

from __future__ import annotations

import atexit
import os
import sys
import threading
from typing import NoReturn

from pnp.cli import stop


def run() -> NoReturn:
    """Run the command line with Ctrl+C and SIGTERM caught before anything heavy is imported."""
    stop.guard()
    code = 0
    try:
        from pnp.cli.main import main
        main()
    except stop.StartupStop as exc:
        line, code = stop.startup_line(exc)
        with stop.quiet():
            print(f"error: {line}", file=sys.stderr, flush=True)
            stop.ended(code, printed=True)
    except SystemExit as exc:
        code = stop.exit_code(exc.code)
    stop.exiting(code)
    leave(code)


def leave(code: int) -> NoReturn:
    """Exit once the exit functions have run, without the interpreter's teardown: a stop during that teardown
    would find the default action back in place and end the process without a word (and it takes some 0.1 s)."""
    if threading.current_thread() is not threading.main_thread() or any(
            thread.is_alive() and not thread.daemon for thread in threading.enumerate()
            if thread is not threading.current_thread()):
        sys.exit(code)  # a thread still works: the normal exit waits for it
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            code = code or 1  # output lost (a closed pipe): the exit says so, as Python's own exit would
    os._exit(code)
