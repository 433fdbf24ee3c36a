"""Print-shop files: one piece per page, fronts and backs, in RGB or through a CMYK profile; written beside the sheets."""

from __future__ import annotations

import ctypes
import json
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

from pnp.errors import PnpError
from pnp.output.publish import Publication
from pnp.pdf.cmyk import Profile, load_profile
from pnp.pdf.document import Document, write_shop_pages
from pnp.project.component import Component
from pnp.project.games import Game
from pnp.text.fonts import FontBook


def shop_plan(components: list[tuple[Component, list, list | None]], folder: Path, files: Publication):
    """(temporary path, title, pages) of every print-shop file: one card per page, fronts and backs."""
    plan = []
    for component, fronts, backs in components:
        for suffix, pages in (("", fronts), ("-back", backs)):
            if pages:
                path = files.temp_for(folder / "print-shop" / f"{component.name}{suffix}.pdf")
                plan.append((path, f"{component.game} {component.name}{suffix}", pages))
    return plan


def shop_profile(game: Game, color: str) -> Profile | None:
    """The CMYK profile the print-shop files are converted through, or None for RGB files."""
    if color != "cmyk":
        return None
    if game.cmyk_profile is None:
        return load_profile()
    return load_profile(game.cmyk_profile, game.cmyk_profile_key)


def write_shop(plan, fonts: FontBook, profile: Profile | None = None) -> None:
    """Write the print-shop files of a plan (in CMYK when given a profile)."""
    for path, title, pages in plan:
        doc = Document(path, fonts, title, profile)
        write_shop_pages(doc, pages)
        doc.save()


def both(first: Callable[[], None], second: Callable[[], None]) -> None:
    """Run two writing jobs at once, the second in a forked process, where the system allows; else in turn.

    The child's error is raised here as the child met it; when the first job fails or is interrupted,
    the child is stopped before this returns.
    """
    if not hasattr(os, "fork") or (os.cpu_count() or 1) < 2:
        first()
        second()
        return
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child writes its files and leaves without running any cleanup of the parent's
        _run_child(second, reader, writer)
    os.close(writer)
    try:
        first()
    except BaseException:
        os.kill(pid, signal.SIGKILL)
        raise
    finally:
        with os.fdopen(reader, "rb") as pipe:
            status = _reap(pid)
            failure = pipe.read()
    if status != 0:
        raise _child_error(failure)


def _reap(pid: int) -> int:
    """Wait for the child; when interrupted while waiting, stop it first, so no writer outlives the build."""
    try:
        return os.waitpid(pid, 0)[1]
    except BaseException:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        raise


def _run_child(job: Callable[[], None], reader: int, writer: int) -> None:
    """In the forked child: run the job, report any error through the pipe, and exit without cleanup."""
    code = 1
    try:
        os.close(reader)
        _die_with_parent()
        job()
        code = 0
    except BaseException as exc:  # reported to the parent, which raises it as one line
        os.write(writer, _describe(exc).encode("utf-8")[:8192])
    finally:
        os._exit(code)


def _describe(exc: BaseException) -> str:
    """The child's error as JSON the parent can raise again."""
    if isinstance(exc, PnpError):
        return json.dumps({"message": exc.render()})
    if isinstance(exc, OSError):
        return json.dumps({"errno": exc.errno, "strerror": exc.strerror, "filename": os.fsdecode(exc.filename)
                           if isinstance(exc.filename, (str, bytes, os.PathLike)) else None})
    return json.dumps({"message": f"writing the print-shop files failed: {type(exc).__name__}: {exc}"})


def _child_error(failure: bytes) -> Exception:
    """The error the child reported (an OSError stays one, so the caller can name the folder)."""
    try:
        found = json.loads(failure.decode("utf-8"))
    except ValueError:
        found = {}
    if "errno" in found:
        return OSError(found["errno"], found["strerror"], found["filename"])
    return PnpError(found.get("message", "writing the print-shop files failed"), where=None if found else "pnp build",
                    fix=None if found else "check the output folder is writable and has space, then build again")


def _die_with_parent() -> None:
    """Ask Linux to stop this child when its parent dies (a killed build leaves no writer behind)."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
