"""The preview's sheet view: the game's home-print sheets as `pnp build` imposes them on the paper chosen, each page
side one small image."""

from __future__ import annotations

import dataclasses
import hashlib
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pnp.book.booklet import BLEED, Rulebook, typeset, write_pages
from pnp.book.job import rules_path
from pnp.book.typeset import PAGE_HEIGHT, PAGE_WIDTH
from pnp.build.builder import build
from pnp.build.options import NO_CUTTER, BuildOptions
from pnp.export.raster import PageRef, close_documents, page_placement, render, save_png
from pnp.output.atomic import AtomicFiles
from pnp.project.games import Game, Project
from pnp.proof.findings import grouped_lines
from pnp.proof.rules import proof_rules
from pnp.text.fonts import FontBook

SHEET_DPI = 40
RULES_DPI = 60  # an A5 page 364 pixels wide: its text can be read


@dataclass(frozen=True)
class Sheets:
    """The sheets of the cards of one rebuild: the paper, an image per page side in print order, or the error."""

    paper: str
    pages: tuple[str, ...]
    cards: int  # the rebuild whose cards they show
    error: str | None = None
    rules: tuple[str, ...] = ()  # the rulebook's A5 pages, an image each (none without rules.md)
    rules_error: str | None = None  # what stops the rulebook, shown in its place
    rules_notes: tuple[str, ...] = ()  # what `pnp proof` finds in the rulebook (awkward breaks, open brackets)

    def to_json(self, current: int) -> dict:
        return {"paper": self.paper, "pages": list(self.pages), "current": self.cards == current,
                "error": self.error, "rules": list(self.rules), "rules_error": self.rules_error,
                "rules_notes": list(self.rules_notes)}


def draw_sheets(project: Project, game: Game, paper: str, folder: Path, fonts: FontBook) -> tuple[str, ...]:
    """Build the game's home-print sheets (no print-shop files, no rulebook) in a scratch folder and save each page
    side as an image in `folder`, named by its pixels."""
    home = game._replace(components=tuple(dataclasses.replace(c, print_shop=False)
                                                      for c in game.components))
    names = tuple(c.name for c in game.components)
    with tempfile.TemporaryDirectory(prefix=".sheets-", dir=folder) as scratch:
        build(project, [home], BuildOptions(Path(scratch), paper=paper, components=names, share=None,
                                            cutter=NO_CUTTER), fonts=fonts)  # shared as game.yaml says
        pdf = Path(scratch) / game.name / ("-".join((game.name,) + names + (paper,)) + ".pdf")
        try:
            return tuple(_page(PageRef(str(pdf), index), size, folder) for index, size in enumerate(_sizes(pdf)))
        finally:
            close_documents()


def draw_rulebook(project: Project, game: Game, folder: Path, fonts: FontBook) -> tuple[tuple[str, ...],
                                                                                      tuple[str, ...]]:
    """The game's rulebook pages (with their bleed) as images in `folder`, as its print-shop file has them, and what
    `pnp proof` finds in it, a line each; none without rules.md. What stops a build raises its one-line error here."""
    proof = proof_rules(project, game, fonts)  # the rulebook set once, its findings noted on the way
    path = rules_path(project.root, game.name)
    if proof is None or path is None:
        return (), ()
    if proof.stops:
        typeset(project.root, game, fonts, path)  # raises what stops the build
    book = Rulebook(game.title, proof.pages)
    with tempfile.TemporaryDirectory(prefix=".rules-", dir=folder) as scratch:
        pdf = Path(scratch) / "rules.pdf"
        write_pages(book, pdf, fonts)
        size = (PAGE_WIDTH + 2 * BLEED, PAGE_HEIGHT + 2 * BLEED)
        try:
            pages = tuple(_page(PageRef(str(pdf), index), size, folder, RULES_DPI) for index in range(len(book.pages)))
        finally:
            close_documents()
    return pages, tuple(grouped_lines(proof.findings))


def _sizes(pdf: Path) -> list[tuple[float, float]]:
    """Each page's size in points (none when the build wrote no grid sheets, only tiles or gutterfold files)."""
    if not pdf.exists():
        return []
    from pypdf import PdfReader
    return [(float(page.mediabox.width), float(page.mediabox.height)) for page in PdfReader(pdf).pages]


def _page(ref: PageRef, size: tuple[float, float], folder: Path, dpi: int = SHEET_DPI) -> str:
    """One sheet side (or rulebook page) as a PNG in the folder, under a name made from its pixels."""
    image = render(ref, page_placement(*size, dpi))
    name = "sheet-" + hashlib.sha1(image.tobytes()).hexdigest()[:16] + ".png"
    if not (folder / name).exists():
        files = AtomicFiles()
        try:
            save_png(image, files.temp_for(folder / name), dpi)
            files.commit()
        except BaseException:
            files.abort()
            raise
    return name
