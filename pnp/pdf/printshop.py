"""Print-shop files: one piece per page, fronts and backs, in RGB or through a CMYK profile, beside the sheets."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from pnp.errors import PnpError
from pnp.pdf.cmyk import Profile, load_profile
from pnp.pdf.document import AtomicFiles, Document, write_shop_pages
from pnp.project.component import Component
from pnp.project.games import Game
from pnp.text.fonts import FontBook


def shop_plan(components: list[tuple[Component, list, list | None]], folder: Path, files: AtomicFiles):
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
    """Run two writing jobs at once, the second in a forked process, where the system allows; else in turn."""
    if not hasattr(os, "fork") or (os.cpu_count() or 1) < 2:
        first()
        second()
        return
    pid = os.fork()
    if pid == 0:  # the child writes its files and leaves without running any cleanup of the parent's
        code = 1
        try:
            second()
            code = 0
        finally:
            os._exit(code)
    try:
        first()
    finally:
        _, status = os.waitpid(pid, 0)
    if status != 0:
        raise PnpError("writing the print-shop files failed", where="pnp build",
                       fix="check the output folder is writable and has space, then build again")
