"""A game's rulebook exported: each A5 page with its bleed as a PNG, rasterised from the print-shop file's pages."""

from __future__ import annotations

from pathlib import Path

from pnp.book.booklet import BLEED, typeset, write_pages
from pnp.book.job import rules_path
from pnp.book.typeset import PAGE_HEIGHT, PAGE_WIDTH
from pnp.export.raster import PageRef, PngJob, page_placement
from pnp.project.games import Game, Project
from pnp.text.fonts import FontBook

FOLDER = "rulebook"  # png/rulebook/, beside the components' folders


def rulebook_jobs(project: Project, game: Game, scratch: Path, folder: Path, dpi: int,
                  fonts: FontBook) -> list[PngJob]:
    """A PNG job per rulebook page (`page-001.png` ... in `folder`) of a game with a rules.md."""
    path = rules_path(project.root, game.name)
    assert path is not None  # asked only of a game with a rulebook
    book = typeset(project.root, game, fonts, path)
    pdf = scratch / "rulebook.pdf"
    write_pages(book, pdf, fonts)
    placement = page_placement(PAGE_WIDTH + 2 * BLEED, PAGE_HEIGHT + 2 * BLEED, dpi)
    digits = max(3, len(str(len(book.pages))))
    return [PngJob(PageRef(str(pdf), index), placement, str(folder / f"page-{index + 1:0{digits}d}.png"), dpi)
            for index in range(len(book.pages))]
