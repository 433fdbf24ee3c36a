"""Build games into PDFs: home-print sheets and print-shop files, written atomically."""

from __future__ import annotations

import glob
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.build.caches import BuildCaches, Made, keep_made
from pnp.build.collect import lean_collection
from pnp.build.cuts import (
    AUTO,
    Spacing,
    advised,
    asked_gutter,
    cut_lines,
    cut_marks,
    cut_shape,
    fold_spacing,
    grid_spacing,
)
from pnp.build.options import BuildOptions
from pnp.build.sharing import SharedSheets
from pnp.build.tuckbox import tuckbox_faces, write_box
from pnp.build.workers import Workers
from pnp.face.parts import Face
from pnp.face.render import Renderer
from pnp.face.resolution import build_warnings
from pnp.face.standee import standee_face
from pnp.face.svgkept import undrawn_warnings
from pnp.layout.budget import WorkBudget
from pnp.output.failures import writing_into
from pnp.output.publish import Publication
from pnp.output.root import OutputRoot
from pnp.pdf.dielines import DieLine
from pnp.pdf.document import Document, write_sheet_pages
from pnp.pdf.edgecache import EdgeCache
from pnp.pdf.edges import EdgeSampler
from pnp.pdf.printshop import check_pictures, shop_plan, shop_profile
from pnp.project.component import Component
from pnp.project.games import Game, Project
from pnp.sheet.cutlines import SHAPED
from pnp.sheet.grid import fits, impose, page_imposition
from pnp.sheet.marks import page_marks
from pnp.text.fonts import FontBook
from pnp.units import PAPER_SIZES, Size

if TYPE_CHECKING:
    from pnp.pdf.cmyk import Profile
    from pnp.sheet.gutterfold import Gutterfold


@dataclass
class BuildReport:
    """What a build wrote."""

    files: list[Path] = field(default_factory=list)
    cards: int = 0
    pages: int = 0
    notes: list[str] = field(default_factory=list)


Progress = Callable[[int], None]


@dataclass
class CardFaces:
    """Every copy of a component's cards, in CSV order, as (key, face) pairs."""

    fronts: list[tuple[tuple, Face]]
    backs: list[tuple[tuple, Face]] | None


def render_component(component: Component, renderer: Renderer, paper: Size, progress: Progress) -> CardFaces:
    """Resolve each row once (each copy when a layout reads `card`) and expand by count."""
    if component.box is not None:  # a tuck box: each copy's net, its faces on their panels
        return CardFaces(tuckbox_faces(component, renderer, paper, progress), None)
    fronts: list[tuple[tuple, Face]] = []
    backs: list[tuple[tuple, Face]] | None = [] if component.back else None
    placed = {id(layout): layout.on_paper(paper) for layout in component.layouts()}
    for row in component.table.rows:
        sides = [("front", component.front_for(row), fronts), ("back", component.back_for(row), backs)]
        for side, layout, out in sides:
            if layout is None or out is None:
                continue
            layout = placed[id(layout)]
            per_copy = "card" in layout.names
            shared = None
            for copy in range(1, row.count + 1):
                if shared is None or per_copy:
                    key = (component.name, side, row.number, copy if per_copy else 0)
                    shared = (key, renderer.face(layout, component.table, row, copy, component.name, component.names))
                out.append(shared)
        progress(row.count)
    if component.kind == "standee":
        strips: dict[tuple, Face] = {}
        back_faces: list[Face | None] = [face for _, face in backs] if backs else [None] * len(fronts)
        for (key, front), back in zip(fronts, back_faces):
            if key not in strips:
                strips[key] = standee_face(front, back, component.base)
        return CardFaces([(("standee",) + key, strips[key]) for key, _ in fronts], None)
    return CardFaces(fronts, backs)


def build(project: Project, games: list[Game], options: BuildOptions, progress: Progress = lambda n: None,
          fonts: FontBook | None = None, extra: dict[str, str] | None = None) -> BuildReport:
    """Build the given games (with `extra` text files in each folder); nothing is written unless every file succeeds."""
    profiles = [shop_profile(game, options.color) for game in games]  # a bad profile stops the build before any work
    root = OutputRoot.checked(options.out, project.root)
    caches = BuildCaches.of(root.path, fonts)
    renderer = Renderer(caches.fonts, project.root)
    renderer.budget = WorkBudget(seconds=options.time_limit)
    renderer.arts.store = caches.art
    renderer.layouts = caches.layouts
    report = BuildReport()
    files = Publication(root)
    try:
        folders = [files.folder(game.name) for game in games]  # every output folder checked before any work
        with (writing_into(root.label(root.path), root.path), lean_collection(), caches.texts().kept(),
              ExitStack() as stack):
            for name, text in ((folder / name, text) for folder in folders for name, text in (extra or {}).items()):
                files.temp_for(name).write_bytes(text.encode("utf-8"))
            workers = Workers(stack)
            for game, folder, profile in zip(games, folders, profiles):
                own = options.for_game(game)
                _build_game(game, folder, renderer, workers, own, files, report, progress, profile, caches.edges)
        report.notes = advised(report.notes) + undrawn_warnings(renderer.undrawn)
        report.files = files.commit()
    except BaseException:
        files.abort()
        raise
    caches.save()  # kept for the next build, once this one has succeeded
    return report


def _build_game(game: Game, folder: Path, renderer: Renderer, workers: Workers, options: BuildOptions,
                files: Publication, report: BuildReport, progress: Progress, profile: Profile | None,
                edges: EdgeCache | None = None) -> None:
    """Render a game's components and write its sheets and print-shop files into its (staged) folder."""
    paper, fonts = Size(*PAPER_SIZES[options.paper]), renderer.fonts
    shapes = {component.name: cut_shape(component) for component in game.components}  # a bad cut path stops it first
    with ExitStack() as stack:  # the rulebook beside the faces, the print-shop files beside the sheets
        book = workers.rulebook(stack, renderer.root, game, folder, files, fonts, options)
        rendered = [(component, render_component(component, renderer, paper, progress))
                    for component in game.components]
        report.notes += build_warnings([(c.table.label, f.fronts + (f.backs or [])) for c, f in rendered],
                                       renderer.root)
        die = DieLine(options.die_line) if options.die_line else None
        shop = shop_plan([(c, f.fronts, f.backs) for c, f in rendered if c.print_shop], folder, files, shapes, die)
        check_pictures(shop, renderer.root, profile)
        grid_name = "-".join((game.name,) + options.components + (options.paper,)) + ".pdf"
        if not options.components:  # a build of some components replaces only their own files
            _own_outputs(files, folder, game.name, options.paper)
        shop_files = workers.shop(stack, shop, fonts, profile, game.rich_black)
        _write_home_prints(game, folder, rendered, grid_name, fonts, options, files, report, EdgeSampler(edges))
        if options.cutter:  # print-then-cut sheets and their cut files, in cutter/
            from pnp.build.cutter import write_cutters
            report.notes += [write_cutters(c, f.fronts, f.backs, folder, files, fonts, options) for c, f in rendered]
        notes, made = book.result() if book is not None else ([], Made())
        report.notes += notes
        for cached in [made, *shop_files.finish()]:  # the files not handed over are written here
            keep_made(fonts, cached)  # the font subsets and phrases the workers made, kept with the build's own


def _write_home_prints(game: Game, folder: Path, rendered: list[tuple[Component, CardFaces]], grid_name: str,
                       fonts: FontBook, options: BuildOptions, files: Publication, report: BuildReport,
                       sampler: EdgeSampler) -> None:
    """The home-print sheets: the game's grid file and each component's gutterfold file."""
    paper = Size(*PAPER_SIZES[options.paper])
    folds = {c.name: _fold_plan(c, f, paper, options, grid_name, report.notes, sampler) for c, f in rendered}
    on_grid = [(c, f) for c, f in rendered if folds[c.name] is None and c.box is None]  # tuck boxes: their own file
    spacing = {c.name: _grid_spacing(c, f, paper, options, sampler) for c, f in on_grid}
    report.notes += [note for c, _ in on_grid if (note := spacing[c.name].note)]
    if on_grid:
        sheets = Document(files.temp_for(folder / grid_name), fonts, f"{game.title} ({options.paper})")
        shared = SharedSheets(sheets, paper, options)  # a part-filled last sheet waits for the next pieces
        for component, faces in on_grid:
            if component.kind == "page" or _tiled(component, paper):
                report.pages += shared.flush()
                report.pages += _write_grid(sheets, component, faces, paper, options, folder, files, fonts,
                                            spacing[component.name])
            else:
                report.pages += shared.write(component, faces.fronts, faces.backs, spacing[component.name])
            report.cards += len(faces.fronts)
        report.pages += shared.flush()
        sheets.save()
    for component, faces in rendered:
        sheet = folds[component.name]
        if sheet is not None or component.box is not None:
            report.pages += _write_gutterfold(component, faces, sheet, folder, files, fonts, options) if sheet \
                else write_box(component, faces.fronts, folder, files, fonts, options)
            report.cards += len(faces.fronts) if sheet else 0  # a tuck box holds cards, it is none


def _own_outputs(files: Publication, folder: Path, game: str, paper: str) -> None:
    """A build replaces its game's home-print files for this paper, A3 files and print-shop files: none go stale."""
    name = glob.escape(game)
    for pattern in (f"{name}-{paper}.pdf", f"{name}-*-{paper}-gutterfold.pdf", f"{name}-*-a3.pdf", "print-shop/*.pdf",
                    f"{name}-*-{paper}-tuckbox.pdf", f"{name}-*-a3-tuckbox.pdf"):
        files.own(folder, pattern)


def _write_grid(doc: Document, component: Component, faces: CardFaces, paper: Size, options: BuildOptions,
                folder: Path, files: Publication, fonts: FontBook, spacing: Spacing) -> int:
    """A component on the game's grid sheets: imposed, or tiled (and then also on A3) when larger than the paper."""
    if component.kind != "page" and _tiled(component, paper):
        from pnp.pdf.tiles import write_tiled
        pages = write_tiled(doc, component, faces.fronts, paper)
        _write_a3(component, faces, folder, fonts, files, options)
        return pages
    return _write_sheets(doc, component, faces, paper, options, options.back_offset, spacing)


def _tiled(component: Component, paper: Size) -> bool:
    """Tell whether a piece is tiled over several sheets: asked for, or larger than the printable area."""
    return component.tile or not fits(component.piece_size(), component.front.bleed, paper)


def _fold_plan(component: Component, faces: CardFaces, paper: Size, options: BuildOptions, grid_name: str,
               notes: list[str], sampler: EdgeSampler) -> Gutterfold | None:
    """The gutterfold sheet for a component when --layout gutterfold can fold it; a note on why not otherwise."""
    if options.layout != "gutterfold" or component.box is not None:
        return None
    where = f"{component.game}/{component.name}"
    if component.kind != "page" and _tiled(component, paper):
        notes.append(f"{where}: tiled over several sheets, fronts only, in {grid_name}")
        return None
    if faces.backs is None:
        what = "a standee folds on its own strip" if component.kind == "standee" else "no backs, nothing to fold"
        notes.append(f"{where}: {what}; printed in {grid_name}")
        return None
    sheet = None
    if component.kind != "page":
        marks, gutter = _crop_marks(component, options), asked_gutter(component, options.gutter)
        spacing = Spacing(gutter) if gutter is not None else fold_spacing(component, faces.fronts, faces.backs, paper,
                                                                           marks, sampler)
        from pnp.sheet.gutterfold import gutterfold
        sheet = gutterfold(component.piece_size(), component.front.bleed, paper, spaced=component.cut in SHAPED,
                           marks=marks, pieces=len(faces.fronts), gutter=spacing.gutter, butt=spacing.butt)
        notes += [spacing.note] if spacing.note else []
    if sheet is None:
        notes.append(f"{where}: larger than half a sheet with its marks; printed in {grid_name} with duplex backs")
    return sheet


def _write_gutterfold(component: Component, faces: CardFaces, sheet: Gutterfold, folder: Path, files: Publication,
                      fonts: FontBook, options: BuildOptions) -> int:
    """A component's own gutterfold file: fronts and backs on one side of each sheet."""
    name = f"{component.game}-{component.name}-{options.paper}-gutterfold.pdf"
    title = f"{component.game} {component.name} (gutterfold, {options.paper})"
    doc = Document(files.temp_for(folder / name), fonts, title)
    from pnp.pdf.foldpages import write_gutterfold_pages
    pages = write_gutterfold_pages(doc, sheet, lambda used: cut_marks(used, component, options),
                                   faces.fronts, faces.backs or [], cut_lines(component, options))
    doc.save()
    return pages


def _write_sheets(doc: Document, component: Component, faces: CardFaces, paper: Size, options: BuildOptions,
                  back_offset: tuple[float, float] = (0.0, 0.0), spacing: Spacing = AUTO) -> int:
    """Impose a component's fronts (and backs, shifted by `back_offset`) on sheets of paper."""
    if component.kind == "page":
        imposition = page_imposition(component.front.on_paper(paper).size)
        return write_sheet_pages(doc, imposition, lambda _: page_marks(), faces.fronts, faces.backs, options.duplex,
                                 back_offset)
    imposition = impose(component.piece_size(), component.front.bleed, paper, spaced=component.cut in SHAPED,
                        marks=_crop_marks(component, options), pieces=len(faces.fronts), gutter=spacing.gutter,
                        butt=spacing.butt)
    return write_sheet_pages(doc, imposition, lambda used: cut_marks(used, component, options),
                             faces.fronts, faces.backs, options.duplex, back_offset, cut_lines(component, options))


def _crop_marks(component: Component, options: BuildOptions) -> bool:
    """Tell whether a component's sheets get crop marks outside the cards (round pieces get cut guides on them)."""
    return options.marks != "none" and component.cut not in SHAPED


def _grid_spacing(component: Component, faces: CardFaces, paper: Size, options: BuildOptions,
                  sampler: EdgeSampler) -> Spacing:
    """The gap asked for, else butted only where that saves sheets and neighbours match along every cut."""
    gutter = asked_gutter(component, options.gutter)
    if gutter is not None:
        return Spacing(gutter)
    if component.kind == "page" or _tiled(component, paper):
        return Spacing()
    return grid_spacing(component, faces.fronts, faces.backs, paper, _crop_marks(component, options), options.duplex,
                        sampler)


def _write_a3(component: Component, faces: CardFaces, folder: Path, fonts: FontBook, files: Publication,
              options: BuildOptions) -> None:
    """The same piece on A3 sheets, for a copy shop's large format."""
    doc = Document(files.temp_for(folder / f"{component.game}-{component.name}-a3.pdf"), fonts,
                   f"{component.game} {component.name} (A3)")
    a3 = Size(*PAPER_SIZES["a3"])
    if fits(component.piece_size(), component.front.bleed, a3):
        _write_sheets(doc, component, faces, a3, options)
    else:
        from pnp.pdf.tiles import write_tiled
        write_tiled(doc, component, faces.fronts, a3)
    doc.save()
