"""A stop at any moment of pnp's life, start-up and exit included, ends it with one line and 128 + the signal."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

PROC = Path("/proc")
needs_proc = pytest.mark.skipif(not PROC.is_dir() or not hasattr(signal, "SIGKILL"),
                                reason="reads which signals a process catches from /proc")

STOP_WHILE_IMPORTING = """
import os, signal, sys
class StopOnImport:  # the signal arrives while pnp imports its command line
    def find_spec(self, name, path=None, target=None):
        if name == "click":
            os.kill(os.getpid(), signal.{signal})
        return None
sys.meta_path.insert(0, StopOnImport())
sys.argv = ["pnp", *{args!r}]
from pnp.cli.entry import run
run()
"""

STOP_WHILE_EXITING = """
import atexit, os, signal, sys
atexit.register(os.kill, os.getpid(), signal.{signal})  # the signal arrives once the command is over
sys.argv = ["pnp", *{args!r}]
from pnp.cli.entry import run
run()
"""


def run_snippet(snippet: str, signum: str, args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    code = snippet.format(signal=signum, args=args)
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("signum,code,name", [("SIGTERM", 143, "SIGTERM"), ("SIGINT", 130, "Ctrl+C")])
def test_a_stop_while_starting_is_one_line_and_writes_nothing(project, signum, code, name):
    result = run_snippet(STOP_WHILE_IMPORTING, signum, ["build"], project)
    assert (result.returncode, result.stderr.splitlines()) == (
        code, [f"error: pnp: stopped by {name} while starting; nothing was written"])
    assert not (project / "output").exists()


def test_a_stop_once_the_command_is_over_is_one_line(project):
    result = run_snippet(STOP_WHILE_EXITING, "SIGTERM", ["list"], project)
    assert (result.returncode, result.stderr.splitlines()) == (
        143, ["error: pnp: stopped by SIGTERM as it ended; its work was done"])
    assert "demo" in result.stdout


def test_a_stop_after_an_error_line_keeps_the_error_and_its_code(project):
    result = run_snippet(STOP_WHILE_EXITING, "SIGTERM", ["build", "nosuchgame"], project)
    assert result.returncode == 1
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("error: ")


def catches_sigterm(pid: int) -> bool:
    """Tell whether the process has its own SIGTERM handler in place (its first instruction has run)."""
    try:
        status = (PROC / str(pid) / "status").read_text()
    except OSError:
        return False
    caught = next(line.split()[1] for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(caught, 16) >> (signal.SIGTERM - 1) & 1)


@needs_proc
def test_sigterm_at_any_moment_of_a_build_is_one_line_or_a_finished_build(project):
    """From pnp's first instruction to its exit, a SIGTERM gives a finished build or one line and 143."""
    chance = random.Random(28)
    seen = set()
    for delay in sorted(chance.uniform(0, 1.2) for _ in range(14)):
        process = subprocess.Popen([sys.executable, "-m", "pnp", "build", "--project", str(project)],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(2000):
            if catches_sigterm(process.pid) or process.poll() is not None:
                break
            time.sleep(0.001)
        time.sleep(delay)
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=60)
        assert "Traceback" not in stderr
        if process.returncode == 0:
            assert stderr == ""
        else:
            assert process.returncode == 143 and len(stderr.splitlines()) == 1, (delay, stderr)
            assert stderr.startswith("error: pnp") and "stopped by SIGTERM" in stderr
        seen.add(process.returncode)
    assert 143 in seen


def test_a_stop_a_library_turned_into_its_own_error_is_a_stop_not_bad_input(project, monkeypatch):
    from click.testing import CliRunner
    from reportlab.pdfbase.ttfonts import TTFError

    from pnp.build import builder
    from pnp.cli.main import main
    from pnp.cli.stop import Stopped
    from pnp.errors import PnpError

    def font_read_under_a_bare_except(*args, **kwargs):
        try:
            try:
                raise Stopped()  # SIGTERM arrives while reportlab reads a font's table directory
            except:  # noqa: E722 (reportlab's own reading)
                raise TTFError('Corrupt TTF file "x.ttf" cannot read Table Directory') from None
        except TTFError as exc:  # and pnp names the font as unreadable
            raise PnpError(f"cannot read font: {exc}", where="x.ttf") from None

    monkeypatch.setattr(builder, "build", font_read_under_a_bare_except)
    result = CliRunner().invoke(main, ["build", "--project", str(project)])
    assert result.exit_code == 143
    assert result.output.splitlines()[-1] == "error: pnp build: stopped by SIGTERM; no partial file was left"


def test_a_stop_while_a_library_makes_a_class_is_a_stop(project, monkeypatch):
    from click.testing import CliRunner

    from pnp.build import builder
    from pnp.cli.main import main
    from pnp.cli.stop import Stopped

    class Named:
        def __set_name__(self, owner, name):
            raise Stopped()  # SIGTERM arrives while a library module defines a class (Python wraps it)

    def a_library_imported(*args, **kwargs):
        type("ElementWrapper", (), {"children": Named()})

    monkeypatch.setattr(builder, "build", a_library_imported)
    result = CliRunner().invoke(main, ["build", "--project", str(project)])
    assert result.exit_code == 143
    assert result.output.splitlines()[-1] == "error: pnp build: stopped by SIGTERM; no partial file was left"


def test_a_timeout_s_own_cancellation_is_no_stop():
    import asyncio

    from pnp.cli.stop import Stopped
    from pnp.errors import PnpError, stop_within

    def failed_after(inner: BaseException) -> PnpError:
        try:
            try:
                raise inner
            except BaseException:
                raise TimeoutError("no handshake") from None
        except TimeoutError:
            try:
                raise PnpError("cannot reach the scheduler")
            except PnpError as error:
                return error

    assert stop_within(failed_after(asyncio.CancelledError())) is None
    assert isinstance(stop_within(failed_after(Stopped())), Stopped)
    assert isinstance(stop_within(failed_after(SystemExit(143))), SystemExit)
