"""Run pnp commands under a 2 GB address-space limit: one worker process, a forked child per command.

The worker is started with the limit set in its preexec_fn, imports pnp once and, for each command it is
sent (a JSON line on stdin), forks a child that runs the command line as `pnp` would and exits with its
code. A child still running after the time allowed is killed: a hang shows as `timed_out`, not as a stuck
test. Results come back as JSON lines on stdout.
"""

from __future__ import annotations

import importlib
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ADDRESS_SPACE = 2 * 2**30
WARM = ("yaml", "pnp.build.builder", "pnp.build.collect", "pnp.data.yamlcache", "pnp.data.workbook", "pnp.project.lang",
        "pnp.face.render", "pnp.face.svgart", "pnp.layout.resolver", "pnp.layout.jinjaenv", "pnp.layout.calls",
        "pnp.text.fit", "pnp.book.typeset", "pnp.proof.collect", "pnp.proof.pdf", "pnp.export.exporter",
        "pnp.revision.run", "pnp.cli.since", "pnp.cli.pull")  # what the commands import as they run
SECONDS = 10.0


@dataclass(frozen=True)
class Result:
    """What one command did: its exit code, its output, and whether it had to be stopped."""

    code: int
    stdout: str
    stderr: str
    timed_out: bool


class LimitedPnp:
    """A worker that runs pnp command lines under the address-space limit, one forked child each."""

    def __init__(self, env: dict[str, str] | None = None):
        self.process = subprocess.Popen([sys.executable, __file__], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, env=env, preexec_fn=_limit_address_space)

    def run(self, *args: str, seconds: float = SECONDS) -> Result:
        """Run `pnp ARGS` in a fresh child of the worker."""
        self.process.stdin.write(json.dumps({"args": list(args), "seconds": seconds}) + "\n")
        self.process.stdin.flush()
        return Result(**json.loads(self.process.stdout.readline()))

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)


def _limit_address_space() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def _serve() -> None:
    """The worker: pnp imported once, then one forked child per command line read from stdin."""
    from pnp.cli.main import main  # noqa: F401 (imported before forking, so each child starts warm)
    from pnp.text.fonts import FontBook
    FontBook()  # the bundled fonts, read once here rather than in every child
    for module in WARM:  # what a build imports when it runs, imported once here rather than in every child
        importlib.import_module(module)
    scratch = Path(tempfile.mkdtemp(prefix="pnp-limited-"))
    try:
        for line in sys.stdin:
            job = json.loads(line)
            print(json.dumps(_run(job["args"], job["seconds"], scratch)), flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)  # the worker's scratch folder goes with it


def _run(args: list[str], seconds: float, scratch: Path) -> dict:
    """Fork, run the command in the child, and wait for it at most `seconds`."""
    out, err = scratch / "stdout", scratch / "stderr"
    pid = os.fork()
    if pid == 0:
        _child(args, out, err)
    deadline, status, timed_out = time.monotonic() + seconds, None, False
    while status is None:
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            status = code
        elif time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            status, timed_out = os.waitpid(pid, 0)[1], True
        else:
            time.sleep(0.01)
    code = os.waitstatus_to_exitcode(status)
    return {"code": code, "stdout": out.read_text(errors="replace"), "stderr": err.read_text(errors="replace"),
            "timed_out": timed_out}


def _child(args: list[str], out: Path, err: Path) -> None:
    """Run one command line as the pnp script does, its output in files; never return."""
    code = 70
    try:
        for stream, path in ((1, out), (2, err)):
            handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(handle, stream)
            os.close(handle)
        from pnp.cli.main import main
        main(args, prog_name="pnp")
        code = 0
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 1
    except BaseException:  # a traceback: shown on stderr, as the pnp script would
        import traceback
        traceback.print_exc()
        code = 99
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


if __name__ == "__main__":
    _serve()
