"""Build games into PDFs: home-print sheets and print-shop files, written atomically."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from pnp.component import Component
from pnp.errors import PnpError
from pnp.fonts import FontBook
from pnp.marks import page_marks, sheet_marks
from pnp.pdfout import AtomicFiles, Document, write_sheet_pages, write_shop_pages
from pnp.project import Game, Project
from pnp.render import Face, Renderer
from pnp.sheet import fits, impose, page_imposition
from pnp.standee import standee_face
from pnp.tilepdf import write_tile_pages
from pnp.tiles import tile_piece
from pnp.units import PAPER_SIZES, Size

PAPERS = ("a4", "letter")
MARKS = ("jp", "plain", "none")
DUPLEX = ("long", "short", "none")


@dataclass(frozen=True)
class BuildOptions:
    """What the user asked for on the command line."""

    out: Path
    paper: str = "a4"
    marks: str = "jp"
    duplex: str = "long"


@dataclass
class BuildReport:
    """What a build wrote."""

    files: list[Path] = field(default_factory=list)
    cards: int = 0
    pages: int = 0


Progress = Callable[[int], None]


@dataclass
class CardFaces:
    """Every copy of a component's cards, in CSV order, as (key, face) pairs."""

    fronts: list[tuple[object, Face]]
    backs: list[tuple[object, Face]] | None


def render_component(component: Component, renderer: Renderer, paper: Size, progress: Progress) -> CardFaces:
    """Resolve each row once (each copy when a layout reads `card`) and expand by count."""
    fronts: list[tuple[object, Face]] = []
    backs: list[tuple[object, Face]] | None = [] if component.back else None
    sides = [("front", component.front.on_paper(paper), fronts)]
    if component.back:
        sides.append(("back", component.back.on_paper(paper), backs))
    for row in component.table.rows:
        for side, layout, out in sides:
            per_copy = "card" in layout.names
            shared = None
            for copy in range(1, row.count + 1):
                if shared is None or per_copy:
                    key = (component.name, side, row.number, copy if per_copy else 0)
                    shared = (key, renderer.face(layout, component.table, row, copy))
                out.append(shared)
        progress(row.count)
    if component.kind == "standee":
        strips = {}
        for (key, front), back in zip(fronts, backs or [(None, None)] * len(fronts)):
            if key not in strips:
                strips[key] = standee_face(front, back[1], component.base)
        return CardFaces([(("standee",) + key, strips[key]) for key, _ in fronts], None)
    return CardFaces(fronts, backs)


def build(project: Project, games: list[Game], options: BuildOptions, progress: Progress = lambda n: None,
          fonts: FontBook | None = None) -> BuildReport:
    """Build the given games; nothing is written unless every file succeeds."""
    fonts = fonts or FontBook()
    renderer = Renderer(fonts, project.root)
    files = AtomicFiles()
    report = BuildReport()
    try:
        for game in games:
            _build_game(game, renderer, fonts, options, files, report, progress)
        report.files = files.commit()
    except BaseException:
        files.abort()
        raise
    return report


def _build_game(game: Game, renderer: Renderer, fonts: FontBook, options: BuildOptions, files: AtomicFiles,
                report: BuildReport, progress: Progress) -> None:
    """Render a game's components and write its sheets and print-shop files."""
    folder = options.out / game.name
    paper = Size(*PAPER_SIZES[options.paper])
    rendered = [(component, render_component(component, renderer, paper, progress)) for component in game.components]
    shop = _shop_plan([(c, f) for c, f in rendered if c.print_shop], folder, files)
    sheets_path = files.temp_for(folder / f"{game.name}-{options.paper}.pdf")

    def write_sheets() -> None:
        sheets = Document(sheets_path, fonts, f"{game.title} ({options.paper})")
        for component, faces in rendered:
            size, bleed = component.piece_size(), component.front.bleed
            if component.kind != "page" and (component.tile or not fits(size, bleed, paper)):
                report.pages += _write_tiled(sheets, component, faces, paper)
                _write_a3(component, faces, folder, fonts, files, options)
            else:
                report.pages += _write_sheets(sheets, component, faces, paper, options)
            report.cards += len(faces.fronts)
        sheets.save()

    both(write_sheets, lambda: _write_shop(shop, fonts))


def _write_sheets(doc: Document, component: Component, faces: CardFaces, paper: Size, options: BuildOptions) -> int:
    """Impose a component's fronts (and backs) on sheets of paper."""
    if component.kind == "page":
        imposition = page_imposition(component.front.on_paper(paper).size)
        return write_sheet_pages(doc, imposition, lambda _: page_marks(), faces.fronts, faces.backs, options.duplex)
    imposition = impose(component.piece_size(), component.front.bleed, paper, spaced=component.cut == "circle")
    return write_sheet_pages(doc, imposition, lambda used: sheet_marks(used, options.marks, component.cut),
                             faces.fronts, faces.backs, options.duplex)


def _write_tiled(doc: Document, component: Component, faces: CardFaces, paper: Size) -> int:
    """Each copy of a piece larger than the paper, tiled over several sheets (fronts only)."""
    size, bleed = component.piece_size(), component.front.bleed
    tiling = tile_piece(Size(size.width + 2 * bleed, size.height + 2 * bleed), paper)
    return sum(write_tile_pages(doc, tiling, key, face, bleed, component.name) for key, face in faces.fronts)


def _write_a3(component: Component, faces: CardFaces, folder: Path, fonts: FontBook, files: AtomicFiles,
              options: BuildOptions) -> None:
    """The same piece on A3 sheets, for a copy shop's large format."""
    doc = Document(files.temp_for(folder / f"{component.game}-{component.name}-a3.pdf"), fonts,
                   f"{component.game} {component.name} (A3)")
    a3 = Size(*PAPER_SIZES["a3"])
    if fits(component.piece_size(), component.front.bleed, a3):
        _write_sheets(doc, component, faces, a3, options)
    else:
        _write_tiled(doc, component, faces, a3)
    doc.save()


def _shop_plan(components: list[tuple[Component, CardFaces]], folder: Path, files: AtomicFiles):
    """(temporary path, title, pages) of every print-shop file: one card per page, fronts and backs."""
    plan = []
    for component, faces in components:
        for suffix, pages in (("", faces.fronts), ("-back", faces.backs)):
            if pages:
                path = files.temp_for(folder / "print-shop" / f"{component.name}{suffix}.pdf")
                plan.append((path, f"{component.game} {component.name}{suffix}", pages))
    return plan


def _write_shop(plan, fonts: FontBook) -> None:
    """Write the print-shop files of a plan."""
    for path, title, pages in plan:
        doc = Document(path, fonts, title)
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
