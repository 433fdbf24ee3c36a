"""How far apart a component's pieces are printed: the gutter asked for, else butted only where that saves
sheets and a cut off the line shows no other colour."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from pnp.build.options import BuildOptions
from pnp.face.outline import Outline
from pnp.face.parts import Face
from pnp.pdf.edges import CLASH, EdgeSampler, FaceEdges, seam_step
from pnp.project.component import Component
from pnp.project.tucknet import outline_path
from pnp.sheet.cutlines import SHAPED, CutShape
from pnp.sheet.grid import Imposition, Rect, Slot, back_slots, choose_plan, impose
from pnp.sheet.marks import SheetMarks, sheet_marks
from pnp.sheet.seams import Seam, seams
from pnp.units import Size

SUGGESTED_GUTTER = 3.0  # mm the note offers: 1.5 mm of bleed either side of every cut, as automatic gutters keep
CHOICES = ("; butted: ", "; with gutters: ")  # how a component's note gives the sheets the other choice takes
GUTTER_ADVICE = ("gutters: pieces are spaced so that a cut off the line shows no other card's colour, and butted "
                 "where neighbours match along every cut; --gutter MM (or gutter: MM in game.yaml) sets the gap: "
                 f"--gutter 0 butts them, --gutter {SUGGESTED_GUTTER:g} spaces them")


class Spacing(NamedTuple):
    """The gap between pieces: a fixed `gutter` in mm, or automatic (None), butted where `butt` allows."""

    gutter: float | None = None
    butt: bool = True
    note: str | None = None


AUTO = Spacing()


def asked_gutter(component: Component, gutter: float | None) -> float | None:
    """The gap asked for: `--gutter` for every component, else the component's own `gutter:` key."""
    return gutter if gutter is not None else component.gutter


def grid_spacing(component: Component, fronts: Sequence[tuple[object, Face]],
                 backs: Sequence[tuple[object, Face]] | None, paper: Size, marks: bool, duplex: str,
                 sampler: EdgeSampler) -> Spacing:
    """The spacing of a component on the grid sheets, and a line for the build's report where butting is a choice."""
    size, bleed, pieces = component.piece_size(), component.front.bleed, len(fronts)
    spaced = component.cut in SHAPED
    butted = impose(size, bleed, paper, spaced=spaced, marks=marks, pieces=pieces)
    if bleed <= 0 or butted.gap > 0 or butted.per_sheet < 2:
        return AUTO
    runs = [(butted.slots, fronts, False)]
    if backs is not None:
        runs.append((back_slots(butted, duplex), backs, False))
    if any(_clashes(slots, side, turned, sampler) for slots, side, turned in runs):
        other = choose_plan(size, bleed, paper, spaced=spaced, marks=marks, pieces=pieces, butt=False)
        return _clashing(component, pieces, butted.per_sheet, other.count if other.spaced else None, "")
    offer = choose_plan(size, bleed, paper, spaced=spaced, marks=marks, pieces=pieces, gutter=SUGGESTED_GUTTER)
    return _matching(component, pieces, butted.per_sheet, offer.count, "")


def fold_spacing(component: Component, fronts: Sequence[tuple[object, Face]], backs: Sequence[tuple[object, Face]],
                 paper: Size, marks: bool, sampler: EdgeSampler) -> Spacing:
    """The spacing of a component on its gutterfold sheets, as grid_spacing."""
    size, bleed, pieces = component.piece_size(), component.front.bleed, len(fronts)
    spaced = component.cut in SHAPED
    from pnp.sheet.gutterfold import gutterfold  # a gutterfold layout's alone
    sheet = gutterfold(size, bleed, paper, spaced=spaced, marks=marks, pieces=pieces)
    if bleed <= 0 or sheet is None or sheet.half.gap > 0 or sheet.per_sheet < 2:
        return AUTO
    where = " on its gutterfold sheets"
    if _clashes(sheet.fronts, fronts, False, sampler) or _clashes(sheet.backs, backs, sheet.turn_backs, sampler):
        other = gutterfold(size, bleed, paper, spaced=spaced, marks=marks, pieces=pieces, butt=False)
        count = other.per_sheet if other is not None and other.half.gap > 0 else None
        return _clashing(component, pieces, sheet.per_sheet, count, where)
    offer = gutterfold(size, bleed, paper, spaced=spaced, marks=marks, pieces=pieces, gutter=SUGGESTED_GUTTER)
    return _matching(component, pieces, sheet.per_sheet, offer.per_sheet if offer else 0, where)


def cut_shape(component: Component) -> CutShape:
    """A component's cut at its piece size, a drawn path read from its SVG file (once per file and size)."""
    spec, size = component.shape, component.piece_size()
    if component.box is not None:  # a tuck box is cut along its net
        return CutShape("path", size, 0.0, outline_path(component.box.net.outline))
    path = _drawn(spec.file, spec.where, size) if spec.file is not None else ()
    return CutShape(spec.kind, size, spec.radius, path)


@lru_cache(maxsize=32)
def _drawn(file: Path, where: str, size: Size) -> Outline:
    from pnp.face.cutpath import read_cut_path  # lxml and svglib: only for a cut drawn in an SVG file
    return read_cut_path(file, where, size)


def cut_marks(imposition: Imposition, component: Component, options: BuildOptions) -> SheetMarks:
    """Crop marks (the straight parts of a cut), circle guides, the scale bar; a drawn path gets no crop marks."""
    if component.cut == "path":
        return sheet_marks(imposition, "none")
    return sheet_marks(imposition, options.marks, component.cut)


def cut_lines(component: Component, options: BuildOptions) -> Callable[[Rect], Outline] | None:
    """A piece's outline at a trim where the fronts show it: with --cut-lines (circles: where they have no guides),
    and a drawn path always, its only guide (but with --marks none)."""
    marked = options.marks != "none"
    if not (options.cut_lines and not (component.cut == "circle" and marked) or component.cut == "path" and marked):
        return None
    return cut_shape(component).at


def _clashing(component: Component, pieces: int, butted: int, spaced: int | None, where: str) -> Spacing:
    """Neighbours differ along some cut: gutters, unless none fit; the report line says what butting would save."""
    name, sheets = f"{component.game}/{component.name}", _sheets(pieces, butted)
    if spaced is None:
        return Spacing(note=(f"{name}: butted{where}, {butted} a sheet on {sheets} (no gutters fit); "
                             "a cut off the line shows a sliver of the next card"))
    if _sheets(pieces, spaced) == sheets:
        return Spacing(butt=False)
    return Spacing(butt=False, note=(
        f"{name}: gutters{where}, {spaced} a sheet on {_sheets(pieces, spaced)}{CHOICES[0]}{butted} a sheet on "
        f"{sheets}"))


def _matching(component: Component, pieces: int, butted: int, offer: int, where: str) -> Spacing:
    """Neighbours match along every cut: butted; where that saves sheets, the report line says how to get gutters."""
    name, sheets = f"{component.game}/{component.name}", _sheets(pieces, butted)
    if offer and _sheets(pieces, offer) == sheets:
        return AUTO
    spaced = f"{offer} a sheet on {_sheets(pieces, offer)}" if offer else "none fit"
    return Spacing(note=f"{name}: butted{where}, {butted} a sheet on {sheets}{CHOICES[1]}{spaced}")


def advised(notes: list[str]) -> list[str]:
    """A build's notes with the advice on gutters said once after them, where some component had the choice."""
    return notes + [GUTTER_ADVICE] if any(choice in note for note in notes for choice in CHOICES) else notes


def _sheets(pieces: int, per_sheet: int) -> str:
    """How many sheets `pieces` take at `per_sheet` a sheet, in words."""
    count = -(-pieces // per_sheet)
    return f"{count} sheet" + ("" if count == 1 else "s")


def _clashes(slots: Sequence[Slot], side: Sequence[tuple[object, Face]], turned: bool, sampler: EdgeSampler) -> bool:
    """Tell whether a miscut at any seam of any sheet of this run shows a clearly different colour."""
    edges = sampler.edges([face for _, face in side])
    per = len(slots)
    found: dict[int, list[Seam]] = {}
    known: dict[tuple[int, int, bool], bool] = {}
    for start in range(0, len(edges), per):
        sheet = edges[start:start + per]
        if len(sheet) not in found:
            found[len(sheet)] = seams(tuple(slots[:len(sheet)]))
        for seam in found[len(sheet)]:
            if _step(sheet[seam.first], sheet[seam.second], seam.vertical, turned, known):
                return True
    return False


def _step(first: FaceEdges, second: FaceEdges, vertical: bool, turned: bool,
          known: dict[tuple[int, int, bool], bool]) -> bool:
    """Tell whether one seam clashes, remembered per pair of distinct edges."""
    key = (id(first), id(second), vertical)
    if key not in known:
        known[key] = seam_step(first, second, vertical, (turned, turned)) > CLASH
    return known[key]
