"""`pnp export`: PNG images of every distinct face and Tabletop Simulator deck sheets, from the print-shop pages."""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pnp.book.job import rules_path
from pnp.errors import PnpError, UsageError
from pnp.export.presets import PRESETS, Preset, check_preset
from pnp.export.raster import PageRef, Placement, PngJob, page_placement, trim_placement
from pnp.export.rulebook import FOLDER, rulebook_jobs
from pnp.export.source import Pages, write_pages
from pnp.export.tts import Deck, SheetJob, grids, note, slot_size
from pnp.export.workers import Job, run_jobs
from pnp.output.failures import writing_into
from pnp.output.publish import Publication
from pnp.output.root import OutputRoot
from pnp.output.temps import Temp
from pnp.project.component import Component
from pnp.project.games import Game, Project
from pnp.text.fonts import FontBook

DPI_RANGE = (50, 600)
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class ExportOptions:
    """What to export: PNG faces and/or TTS decks, the resolution or a print-on-demand preset, which components."""

    out: Path
    png: bool = True
    tts: bool = False
    dpi: int = 300
    preset: str | None = None
    components: tuple[str, ...] = ()
    workers: int | None = None  # None: every core


@dataclass
class ExportReport:
    """What an export wrote, and the components it left out with the reason."""

    folders: list[Path] = field(default_factory=list)
    images: int = 0
    sheets: int = 0
    notes: list[str] = field(default_factory=list)


@dataclass
class _Plan:
    """The files to write in the staging folder: images rendered by jobs, text written directly."""

    jobs: list[Job] = field(default_factory=list)
    texts: dict[Path, str] = field(default_factory=dict)
    folders: list[Path] = field(default_factory=list)
    finals: list[str] = field(default_factory=list)  # each folder's place in the game's output folder


def export_game(project: Project, game: Game, options: ExportOptions,
                progress: Progress = lambda done, total: None) -> ExportReport:
    """Export a game; each component's folder is replaced only when every file is written."""
    check_options(options)
    preset = PRESETS[options.preset] if options.preset else None
    report = ExportReport()
    chosen = [c for c in _select(game, options.components) if _has_pieces(c, report)]
    png_parts = _png_components(chosen, preset, report) if options.png else []
    tts_parts = _tts_components(chosen, report) if options.tts else []
    png_names, tts_names = {c.name for c in png_parts}, {c.name for c in tts_parts}
    needed = [c for c in chosen if c.name in png_names | tts_names]
    if not needed:
        raise PnpError(f"nothing to export from {game.name}: " + "; ".join(report.notes), where="pnp export",
                       fix="choose other components with --component, or other options")
    root = OutputRoot.checked(options.out, project.root)
    files = Publication(root)
    try:
        folder = files.folder(game.name)
        with writing_into(root.label(root.path), root.path):
            scratch = Temp.folder(root.path, f"{game.name}-pages")
            try:
                fonts = FontBook()
                pages = write_pages(needed, scratch.path, project.root, fonts)
                plan = _plan(pages, folder, files, options, preset, png_names, tts_names)
                if options.png and preset is None and not options.components and FOLDER not in png_names:
                    _plan_rulebook(project, game, scratch.path, folder, files, options.dpi, plan, fonts)
                _write_plan(plan, options.workers or os.cpu_count() or 1, progress)
            finally:
                scratch.remove()
        report.folders = [folder / name for name in plan.finals]
        files.commit()
    except BaseException:
        files.abort()
        raise
    report.images = sum(isinstance(job, PngJob) for job in plan.jobs)
    report.sheets = sum(isinstance(job, SheetJob) for job in plan.jobs)
    return report


def _plan(pages: list[Pages], folder: Path, files: Publication, options: ExportOptions, preset: Preset | None,
          png_names: set[str], tts_names: set[str]) -> _Plan:
    """The jobs and text files of every component's folder, each folder replacing its earlier export whole."""
    plan = _Plan()
    png_dir = f"png-{preset.name}" if preset else "png"
    for part in pages:
        for wanted, kind in ((png_names, png_dir), (tts_names, "tts")):
            if part.component.name in wanted:
                final = folder / kind / part.component.name
                staged = files.folder_for(final)
                plan.finals.append(f"{kind}/{part.component.name}")
                if kind == "tts":
                    _plan_tts(part, staged, options.dpi, plan)
                else:
                    _plan_png(part, staged, options.dpi, preset, plan)
    return plan


def _plan_rulebook(project: Project, game: Game, scratch: Path, folder: Path, files: Publication, dpi: int,
                   plan: _Plan, fonts: FontBook) -> None:
    """The rulebook's pages as PNGs in png/rulebook/, replacing its earlier export whole (when the game has one)."""
    if rules_path(project.root, game.name) is None:
        return
    staged = files.folder_for(folder / "png" / FOLDER)
    plan.jobs += rulebook_jobs(project, game, scratch, staged, dpi, fonts)
    plan.folders.append(staged)
    plan.finals.append(f"png/{FOLDER}")


def check_options(options: ExportOptions) -> None:
    """Refuse option combinations that cannot work, before anything is rendered."""
    where = "pnp export"
    if not (options.png or options.tts):
        raise UsageError("nothing to export", where=where, fix="add --png, --tts or both")
    if options.preset is not None and options.preset not in PRESETS:
        raise UsageError(f"unknown preset '{options.preset}'", where=where, fix=f"use one of {', '.join(PRESETS)}")
    if options.preset is not None and not options.png:
        raise UsageError("--preset sizes the PNG images", where=where, fix="add --png, or drop --preset")
    low, high = DPI_RANGE
    if not low <= options.dpi <= high:
        raise UsageError(f"--dpi {options.dpi} is out of range", where=where, fix=f"use {low} to {high}")
    if options.preset is not None and options.dpi != PRESETS[options.preset].dpi:
        raise UsageError(f"the {options.preset} preset is {PRESETS[options.preset].dpi} dpi", where=where,
                         fix="drop --dpi, or drop --preset")


def _select(game: Game, names: tuple[str, ...]) -> list[Component]:
    """The components named (all when none is), in print order."""
    known = [c.name for c in game.components]
    for name in names:
        if name not in known:
            raise UsageError(f"{game.name} has no component '{name}'", where="pnp export --component",
                             fix=f"use one of {', '.join(known)}")
    return [c for c in game.components if not names or c.name in names]


def _has_pieces(component: Component, report: ExportReport) -> bool:
    """False (with a note) for a component whose counts are all 0."""
    if component.card_count:
        return True
    report.notes.append(f"{component.name}: no pieces (every count is 0), nothing to export")
    return False


def _png_components(chosen: list[Component], preset: Preset | None, report: ExportReport) -> list[Component]:
    """Every chosen component; with a preset only the cards, each checked for size."""
    if preset is None:
        return chosen
    for component in chosen:
        if component.kind != "card":
            report.notes.append(f"{component.name}: a {component.kind}, not a card: left out of the "
                                f"{preset.name} preset; export it without --preset")
    cards = [c for c in chosen if c.kind == "card"]
    for component in cards:
        check_preset(component, preset)
    return cards


def _tts_components(chosen: list[Component], report: ExportReport) -> list[Component]:
    """The card components with a back: the ones TTS imports as a deck."""
    decks = [c for c in chosen if c.kind == "card" and c.back is not None]
    left = [c.name for c in chosen if c.kind != "card" or c.back is None]
    if left:
        report.notes.append(f"{', '.join(left)}: not cards with a back, so no TTS deck "
                            f"(--png exports them as images)")
    return decks


def _plan_png(part: Pages, folder: Path, dpi: int, preset: Preset | None, plan: _Plan) -> None:
    """A PNG per distinct front and per distinct back, and quantities.csv pairing them with their counts."""
    if preset is None:
        placement = page_placement(part.width + 2 * part.bleed, part.height + 2 * part.bleed, dpi)
    else:
        placement = _preset_placement(preset)
        dpi = preset.dpi
    designs = part.designs()
    digits = max(3, len(str(len(designs))))
    back_pages = sorted({d.back for d in designs if d.back is not None})
    back_names: dict[int | None, str] = {page: "back.png" if len(back_pages) == 1 else f"back-{n:0{digits}d}.png"
                  for n, page in enumerate(back_pages, 1)}
    rows = [["front", "back", "count", "row"]]
    for number, design in enumerate(designs, 1):
        front = f"{number:0{digits}d}-front.png"
        plan.jobs.append(PngJob(PageRef(str(part.front.pdf), design.front), placement, str(folder / front), dpi))
        rows.append([front, back_names.get(design.back, ""), str(design.count), str(design.row)])
    for page, name in back_names.items():
        assert part.back is not None and page is not None  # back pages are pages of the back side
        plan.jobs.append(PngJob(PageRef(str(part.back.pdf), page), placement, str(folder / name), dpi))
    plan.texts[folder / "quantities.csv"] = _csv(rows)
    plan.folders.append(folder)


def _preset_placement(preset: Preset) -> Placement:
    """The preset's image with the card's trim on the service's cut line."""
    return Placement("trim", preset.image, preset.trim_rect())


def _plan_tts(part: Pages, folder: Path, dpi: int, plan: _Plan) -> None:
    """Deck sheets with every copy in its own slot, the back image (or back sheets), and the import note."""
    name = part.component.name
    assert part.back is not None  # a TTS deck is made of cards with a back
    fronts = [PageRef(str(part.front.pdf), page) for page in part.front.first]
    backs = [PageRef(str(part.back.pdf), page) for page in part.back.first]
    sheets = grids(len(fronts))
    slot = slot_size((part.width * dpi / 72, part.height * dpi / 72), sheets[0])
    slot_dpi = round(slot[0] / (part.width / 72))
    shared = part.shared_back()
    hidden = backs[0] if shared is not None else None
    decks, start = [], 0
    for number, grid in enumerate(sheets, 1):
        face = f"{name}-{number}.png"
        plan.jobs.append(SheetJob(tuple(fronts[start:start + grid.cards]), hidden, grid, slot,
                                  str(folder / face), slot_dpi))
        back = f"{name}-back.png" if hidden else f"{name}-back-{number}.png"
        if not hidden:
            plan.jobs.append(SheetJob(tuple(backs[start:start + grid.cards]), None, grid, slot,
                                      str(folder / back), slot_dpi))
        decks.append(Deck(face, back, grid, start + 1))
        start += grid.cards
    if hidden:
        plan.jobs.append(PngJob(hidden, trim_placement(slot), str(folder / f"{name}-back.png"), slot_dpi))
    plan.texts[folder / "tts.txt"] = note(name, decks, hidden is None, part.width > part.height)
    plan.folders.append(folder)


def _csv(rows: list[list[str]]) -> str:
    """Rows as CSV text."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()


def _write_plan(plan: _Plan, workers: int, progress: Progress) -> None:
    """Make the folders, write the text files, and run the image jobs."""
    for folder in plan.folders:
        folder.mkdir(parents=True, exist_ok=True)
    for path, text in plan.texts.items():
        path.write_text(text, encoding="utf-8", newline="\n")  # the same bytes on every system
    done = 0

    def advance(n: int) -> None:
        nonlocal done
        done += n
        progress(done, len(plan.jobs))

    run_jobs(plan.jobs, workers, advance)
