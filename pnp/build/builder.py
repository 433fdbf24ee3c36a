"""Build games into PDFs: home-print sheets and print-shop files, written atomically."""

from __future__ import annotations

import dataclasses
import glob
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pnp.build.cuts import AUTO, Spacing, asked_gutter, fold_spacing, grid_spacing
from pnp.errors import UsageError
from pnp.face.parts import Face
from pnp.face.render import Renderer
from pnp.face.resolution import build_warnings
from pnp.face.standee import standee_face
from pnp.limits import MAX_GUTTER_MM
from pnp.pdf.cmyk import Profile
from pnp.pdf.document import AtomicFiles, Document, write_gutterfold_pages, write_sheet_pages
from pnp.pdf.edges import EdgeSampler
from pnp.pdf.printshop import both, shop_plan, shop_profile, write_shop
from pnp.pdf.tiles import write_tile_pages
from pnp.project.component import Component
from pnp.project.games import Game, Project
from pnp.sheet.grid import fits, impose, page_imposition
from pnp.sheet.gutterfold import Gutterfold, gutterfold
from pnp.sheet.marks import page_marks, sheet_marks
from pnp.sheet.tiles import tile_piece
from pnp.text.fonts import FontBook
from pnp.units import PAPER_SIZES, Size

PAPERS = ("a4", "letter")
MARKS = ("jp", "plain", "none")
DUPLEX = ("long", "short", "none")
LAYOUTS = ("grid", "gutterfold")
COLORS = ("rgb", "cmyk")
MAX_BACK_OFFSET = 10.0  # mm; a duplex printer is off by a few mm at most


def parse_back_offset(value: str) -> tuple[float, float]:
    """Read --back-offset X,Y in mm (each may be negative)."""
    fix = "write X,Y in mm, e.g. --back-offset 0.5,-1; measure them with 'pnp calibrate'"
    problem = UsageError(f"'{value}' is not X,Y in mm", where="--back-offset", fix=fix)
    try:
        x, y = (float(part) for part in value.split(","))
    except ValueError:
        raise problem from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise problem
    if max(abs(x), abs(y)) > MAX_BACK_OFFSET:
        raise UsageError(f"{value} mm: more than {MAX_BACK_OFFSET:g} mm is not a duplex printer's error",
                         where="--back-offset", fix=fix)
    return x + 0.0, y + 0.0  # -0.0 becomes 0.0


def parse_gutter(value: str | None) -> float | None:
    """Read --gutter MM: the gap between pieces, 0 (butted) to MAX_GUTTER_MM; None when not given."""
    if value is None:
        return None
    try:
        gutter = float(value)
    except ValueError:
        gutter = math.nan
    if not 0 <= gutter <= MAX_GUTTER_MM:
        raise UsageError(f"'{value}' is not a gap in mm from 0 to {MAX_GUTTER_MM:g}", where="--gutter",
                         fix="write e.g. --gutter 3 (mm between pieces), or --gutter 0 to butt them")
    return gutter + 0.0


@dataclass(frozen=True)
class BuildOptions:
    """What the user asked for on the command line."""

    out: Path
    paper: str = "a4"
    marks: str = "jp"
    duplex: str = "long"
    layout: str = "grid"  # or "gutterfold": fronts and backs on one side of the sheet, folded
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm every back page of the grid sheets is shifted by
    components: tuple[str, ...] = ()  # only these components: their own sheet file, nothing else replaced
    color: str = "rgb"  # print-shop files: "rgb", or "cmyk" through the game's profile (home-print stays RGB)
    gutter: float | None = None  # mm between pieces for every component; None: each component's own, or chosen


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

    fronts: list[tuple[object, Face]]
    backs: list[tuple[object, Face]] | None


def select_components(game: Game, names: tuple[str, ...]) -> Game:
    """The game with only the components named (all when none is), in print order."""
    known = [c.name for c in game.components]
    for name in names:
        if name not in known:
            raise UsageError(f"{game.name} has no component '{name}'", where="--component",
                             fix=f"use one of {', '.join(known)}")
    return dataclasses.replace(game, components=tuple(c for c in game.components if not names or c.name in names))


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
    profiles = [shop_profile(game, options.color) for game in games]  # a bad profile stops the build before any work
    try:
        for game, profile in zip(games, profiles):
            _build_game(game, renderer, fonts, options, files, report, progress, profile)
        report.files = files.commit()
    except BaseException:
        files.abort()
        raise
    return report


def _build_game(game: Game, renderer: Renderer, fonts: FontBook, options: BuildOptions, files: AtomicFiles,
                report: BuildReport, progress: Progress, profile: Profile | None) -> None:
    """Render a game's components and write its sheets and print-shop files."""
    folder = options.out / game.name
    paper = Size(*PAPER_SIZES[options.paper])
    rendered = [(component, render_component(component, renderer, paper, progress)) for component in game.components]
    report.notes += build_warnings([(c.table.label, f.fronts + (f.backs or [])) for c, f in rendered], renderer.root)
    shop = shop_plan([(c, f.fronts, f.backs) for c, f in rendered if c.print_shop], folder, files)
    grid_name = "-".join((game.name,) + options.components + (options.paper,)) + ".pdf"
    if not options.components:  # a build of some components replaces only their own files
        _own_outputs(files, folder, game.name, options.paper)
    sampler = EdgeSampler()
    folds = {c.name: _fold_plan(c, f, paper, options, grid_name, report.notes, sampler) for c, f in rendered}
    on_grid = [(c, f) for c, f in rendered if folds[c.name] is None]
    spacing = {c.name: _grid_spacing(c, f, paper, options, sampler) for c, f in on_grid}
    report.notes += [note for c, _ in on_grid if (note := spacing[c.name].note)]
    sheets_path = files.temp_for(folder / grid_name) if on_grid else None

    def write_sheets() -> None:
        if sheets_path is not None:
            sheets = Document(sheets_path, fonts, f"{game.title} ({options.paper})")
            for component, faces in on_grid:
                report.pages += _write_grid(sheets, component, faces, paper, options, folder, files, fonts,
                                            spacing[component.name])
                report.cards += len(faces.fronts)
            sheets.save()
        for component, faces in rendered:
            sheet = folds[component.name]
            if sheet is not None:
                report.pages += _write_gutterfold(component, faces, sheet, folder, files, fonts, options)
                report.cards += len(faces.fronts)

    both(write_sheets, lambda: write_shop(shop, fonts, profile))


def _own_outputs(files: AtomicFiles, folder: Path, game: str, paper: str) -> None:
    """A build replaces its game's home-print files for this paper, A3 files and print-shop files: none go stale."""
    name = glob.escape(game)
    for pattern in (f"{name}-{paper}.pdf", f"{name}-*-{paper}-gutterfold.pdf", f"{name}-*-a3.pdf", "print-shop/*.pdf"):
        files.own(folder, pattern)


def _write_grid(doc: Document, component: Component, faces: CardFaces, paper: Size, options: BuildOptions,
                folder: Path, files: AtomicFiles, fonts: FontBook, spacing: Spacing) -> int:
    """A component on the game's grid sheets: imposed, or tiled (and then also on A3) when larger than the paper."""
    if component.kind != "page" and _tiled(component, paper):
        pages = _write_tiled(doc, component, faces, paper)
        _write_a3(component, faces, folder, fonts, files, options)
        return pages
    return _write_sheets(doc, component, faces, paper, options, options.back_offset, spacing)


def _tiled(component: Component, paper: Size) -> bool:
    """Tell whether a piece is tiled over several sheets: asked for, or larger than the printable area."""
    return component.tile or not fits(component.piece_size(), component.front.bleed, paper)


def _fold_plan(component: Component, faces: CardFaces, paper: Size, options: BuildOptions, grid_name: str,
               notes: list[str], sampler: EdgeSampler) -> Gutterfold | None:
    """The gutterfold sheet for a component when --layout gutterfold can fold it; a note on why not otherwise."""
    if options.layout != "gutterfold":
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
        sheet = gutterfold(component.piece_size(), component.front.bleed, paper, spaced=component.cut == "circle",
                           marks=marks, pieces=len(faces.fronts), gutter=spacing.gutter, butt=spacing.butt)
        notes += [spacing.note] if spacing.note else []
    if sheet is None:
        notes.append(f"{where}: larger than half a sheet with its marks; printed in {grid_name} with duplex backs")
    return sheet


def _write_gutterfold(component: Component, faces: CardFaces, sheet: Gutterfold, folder: Path, files: AtomicFiles,
                      fonts: FontBook, options: BuildOptions) -> int:
    """A component's own gutterfold file: fronts and backs on one side of each sheet."""
    name = f"{component.game}-{component.name}-{options.paper}-gutterfold.pdf"
    doc = Document(files.temp_for(folder / name), fonts, f"{component.game} {component.name} (gutterfold, {options.paper})")
    pages = write_gutterfold_pages(doc, sheet, lambda used: sheet_marks(used, options.marks, component.cut),
                                   faces.fronts, faces.backs or [])
    doc.save()
    return pages


def _write_sheets(doc: Document, component: Component, faces: CardFaces, paper: Size, options: BuildOptions,
                  back_offset: tuple[float, float] = (0.0, 0.0), spacing: Spacing = AUTO) -> int:
    """Impose a component's fronts (and backs, shifted by `back_offset`) on sheets of paper."""
    if component.kind == "page":
        imposition = page_imposition(component.front.on_paper(paper).size)
        return write_sheet_pages(doc, imposition, lambda _: page_marks(), faces.fronts, faces.backs, options.duplex,
                                 back_offset)
    imposition = impose(component.piece_size(), component.front.bleed, paper, spaced=component.cut == "circle",
                        marks=_crop_marks(component, options), pieces=len(faces.fronts), gutter=spacing.gutter,
                        butt=spacing.butt)
    return write_sheet_pages(doc, imposition, lambda used: sheet_marks(used, options.marks, component.cut),
                             faces.fronts, faces.backs, options.duplex, back_offset)


def _crop_marks(component: Component, options: BuildOptions) -> bool:
    """Tell whether a component's sheets get crop marks outside the cards (round pieces get cut guides on them)."""
    return options.marks != "none" and component.cut != "circle"


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
