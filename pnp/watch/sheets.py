"""The preview's sheet view: the game's home-print sheets as `pnp build` imposes them on the paper chosen, each page
side one small image."""

from __future__ import annotations

import dataclasses
import hashlib
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pnp.build.builder import build
from pnp.build.options import BuildOptions
from pnp.export.raster import PageRef, close_documents, page_placement, render, save_png
from pnp.output.atomic import AtomicFiles
from pnp.project.games import Game, Project
from pnp.text.fonts import FontBook

SHEET_DPI = 40


@dataclass(frozen=True)
class Sheets:
    """The sheets of the cards of one rebuild: the paper, an image per page side in print order, or the error."""

    paper: str
    pages: tuple[str, ...]
    cards: int  # the rebuild whose cards they show
    error: str | None = None

    def to_json(self, current: int) -> dict:
        return {"paper": self.paper, "pages": list(self.pages), "current": self.cards == current,
                "error": self.error}


def draw_sheets(project: Project, game: Game, paper: str, folder: Path, fonts: FontBook) -> tuple[str, ...]:
    """Build the game's home-print sheets (no print-shop files, no rulebook) in a scratch folder and save each page
    side as an image in `folder`, named by its pixels."""
    home = dataclasses.replace(game, components=tuple(dataclasses.replace(c, print_shop=False)
                                                      for c in game.components))
    names = tuple(c.name for c in game.components)
    with tempfile.TemporaryDirectory(prefix=".sheets-", dir=folder) as scratch:
        build(project, [home], BuildOptions(Path(scratch), paper=paper, components=names), fonts=fonts)
        pdf = Path(scratch) / game.name / ("-".join((game.name,) + names + (paper,)) + ".pdf")
        try:
            return tuple(_page(PageRef(str(pdf), index), size, folder) for index, size in enumerate(_sizes(pdf)))
        finally:
            close_documents()


def _sizes(pdf: Path) -> list[tuple[float, float]]:
    """Each page's size in points (none when the build wrote no grid sheets, only tiles or gutterfold files)."""
    if not pdf.exists():
        return []
    from pypdf import PdfReader
    return [(float(page.mediabox.width), float(page.mediabox.height)) for page in PdfReader(pdf).pages]


def _page(ref: PageRef, size: tuple[float, float], folder: Path) -> str:
    """One sheet side as a PNG in the folder, under a name made from its pixels."""
    image = render(ref, page_placement(*size, SHEET_DPI))
    name = "sheet-" + hashlib.sha1(image.tobytes()).hexdigest()[:16] + ".png"
    if not (folder / name).exists():
        files = AtomicFiles()
        try:
            save_png(image, files.temp_for(folder / name), SHEET_DPI)
            files.commit()
        except BaseException:
            files.abort()
            raise
    return name
