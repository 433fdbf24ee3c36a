"""The changes PDF: a page per card that differs, the earlier and the new faces side by side, its cells diffed."""

from __future__ import annotations

from pathlib import Path

from pnp.data.table import Row
from pnp.face.paint import paint_face
from pnp.face.parts import Face
from pnp.face.render import Renderer
from pnp.pdf.document import Document
from pnp.project.component import Component
from pnp.proof.page import Area, PageBuilder
from pnp.proof.pdf import GOOD, GREY, INK, MARK, TRIM
from pnp.revision.compare import HEADINGS, Change, Changes
from pnp.text.fonts import FontBook
from pnp.units import MM, PAPER_SIZES, Size, pt

PAGE = Size(*PAPER_SIZES["a4"])
COLUMNS = (Area(10, 32, 92, 150), Area(108, 32, 92, 150))
FIELDS = Area(10, 190, 190, 100)
BACK_SHARE = 0.35  # of a column's height, for the back below the front
MAX_SCALE = 2.0
COLOURS = {"same": INK, "removed": MARK, "added": GOOD}


def write_changes_pdf(path: Path, found: Changes, renderers: tuple[Renderer, Renderer], fonts: FontBook) -> int:
    """A page per change in the order listed; return the number of pages (a page saying none when nothing changed)."""
    doc = Document(path, fonts, f"{found.game.title} changes since {found.ref}")
    changes: list[Change | None] = list(found.changes) or [None]
    for index, change in enumerate(changes, start=1):
        builder = PageBuilder(PAGE, fonts)
        if change is None:
            builder.text(Area(10, 8, 190, 10), [builder.run(f"{found.game.title}: no card changed since "
                                                            f"{found.ref}", INK, bold=True)], 12, 8)
        else:
            _header(builder, found, change, index, len(changes))
            for column, earlier, title in ((COLUMNS[0], True, f"then ({found.ref})"), (COLUMNS[1], False, "now")):
                component = found.component(change.component, earlier)
                row = change.old if earlier else change.new
                renderer = renderers[0 if earlier else 1]
                _column(builder, column, title, component, row, renderer)
            _fields(builder, change)
        doc.canvas.setPageSize((pt(PAGE.width), pt(PAGE.height)))
        paint_face(doc.canvas, builder.page())
        doc.canvas.showPage()
    doc.save()
    return len(changes)


def _header(builder: PageBuilder, found: Changes, change: Change, index: int, total: int) -> None:
    """Game, component and card; the kind of change, the rows then and now, the copies and the cause."""
    builder.text(Area(10, 8, 160, 7), [builder.run(f"{found.game.title}  ·  {change.component}  ·  {change.name}",
                                                   INK, bold=True)], 12, 7)
    builder.text(Area(170, 8, 30, 7), [builder.run(f"{index} / {total}", GREY)], 9, align="right")
    old = _where(change.old_file, change.old) if change.old else "not in the earlier version"
    new = _where(change.new_file, change.new) if change.new else "removed"
    line = f"{HEADINGS[change.kind]} since {found.ref}  ·  then {old}  ·  now {new}"
    builder.text(Area(10, 15.5, 190, 4.5), [builder.run(line, INK)], 8, 5)
    if change.cause:
        builder.text(Area(10, 21, 190, 4.5), [builder.run(f"cause: {change.cause}", MARK)], 8, 5)


def _where(file: str, row: Row) -> str:
    return f"{file}: row {row.number}, {row.count} cop{'y' if row.count == 1 else 'ies'}"


def _column(builder: PageBuilder, area: Area, title: str, component: Component | None, row: Row | None,
            renderer: Renderer) -> None:
    """One version of the card: its front, and its back below it, each with its trim; a note when it has none."""
    builder.text(Area(area.x, area.y - 5, area.w, 4), [builder.run(title, GREY, bold=True)], 8)
    if component is None or row is None:
        builder.rect(area, stroke=GREY, width=0.4, dash=(pt(1.2), pt(0.8)))
        builder.text(Area(area.x + 4, area.y + area.h / 2 - 3, area.w - 8, 6),
                     [builder.run("no such card", GREY)], 10, align="center")
        return
    front, back = component.front_for(row), component.back_for(row)
    table = component.table
    faces = [renderer.face(front.on_paper(PAGE), table, row, 1, component.name)]
    if back is not None:
        faces.append(renderer.face(back.on_paper(PAGE), table, row, 1, component.name))
    shares = (1.0,) if len(faces) == 1 else (1 - BACK_SHARE, BACK_SHARE)
    top = area.y
    for face, share in zip(faces, shares):
        _face(builder, face, Area(area.x, top, area.w, area.h * share - 3))
        top += area.h * share


def _face(builder: PageBuilder, face: Face, area: Area) -> None:
    """A face with its bleed, centred at the top of an area, as large as fits (up to twice its size)."""
    bleed = face.bleed / MM
    width, height = face.width / MM + 2 * bleed, face.height / MM + 2 * bleed
    scale = min(MAX_SCALE, area.w / width, area.h / height)
    at = Area(area.x + (area.w - width * scale) / 2, area.y, width * scale, height * scale)
    builder.face(face, at, scale, bleed)
    builder.rect(at, stroke=GREY, width=0.4)
    builder.rect(Area(at.x + bleed * scale, at.y + bleed * scale, at.w - 2 * bleed * scale,
                      at.h - 2 * bleed * scale), stroke=TRIM, width=0.6)


def _fields(builder: PageBuilder, change: Change) -> None:
    """Each changed cell: its column, then the text as it was (removed in red) and as it is (added in green)."""
    if not change.fields:
        return
    runs = [builder.run("Changed cells (red: removed, green: added)\n", GREY)]
    for diff in change.fields:
        pieces = diff.pieces()
        runs.append(builder.run(f"{diff.field}\n", INK, bold=True))
        runs.append(builder.run("was: ", GREY))
        runs += [builder.run(p.text, COLOURS[p.kind], p.kind != "same") for p in pieces if p.kind != "added"]
        runs.append(builder.run("\nnow: ", GREY))
        runs += [builder.run(p.text, COLOURS[p.kind], p.kind != "same") for p in pieces if p.kind != "removed"]
        runs.append(builder.run("\n", INK))
    builder.text(FIELDS, runs, 9, 5)
