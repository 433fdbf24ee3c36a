"""Print-shop files: one piece per page, fronts and backs, in RGB or through a CMYK profile, beside the sheets."""

from __future__ import annotations

from pathlib import Path

from pnp.output.publish import Publication
from pnp.pdf.black import DEFAULT_RICH_BLACK
from pnp.pdf.cmyk import Profile, load_profile
from pnp.pdf.document import Document, write_shop_pages
from pnp.pool import Shared
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


def write_shop(plan, fonts: FontBook, profile: Profile | None = None,
               rich_black: tuple[float, float, float, float] | None = None) -> None:
    """Write the print-shop files of a plan (in CMYK when given a profile, large black areas in `rich_black`)."""
    for path, title, pages in plan:
        doc = Document(path, fonts, title, profile, rich_black or DEFAULT_RICH_BLACK)
        write_shop_pages(doc, pages)
        doc.save()


def write_shared_shop(shared: Shared[tuple[list, FontBook, Profile | None, tuple | None]]) -> None:
    """Write the print-shop files of a (plan, fonts, profile, rich black) handed to a worker process."""
    write_shop(*shared.value)
