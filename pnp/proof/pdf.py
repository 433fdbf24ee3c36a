"""The proof PDF: one A4 page per distinct card, drawn large with its guides, source fields and numbered findings."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib import colors

from pnp.book.typeset import MARGIN_BOTTOM, MARGIN_TOP, MARGIN_X
from pnp.build.cuts import cut_shape
from pnp.face.outline import Outline
from pnp.face.paint import paint_face
from pnp.face.parts import Face
from pnp.pdf.document import Document
from pnp.project.component import Component
from pnp.proof.collect import Proof, ProofCard
from pnp.proof.faces import Side
from pnp.proof.page import Area, PageBuilder
from pnp.sheet.cutlines import moved
from pnp.sheet.grid import Rect
from pnp.text.fonts import FontBook
from pnp.units import MM, PAPER_SIZES, Size, pt

PAGE = Size(*PAPER_SIZES["a4"])
ART = Area(10, 30, 190, 184)
FIELDS = Area(10, 218, 116, 70)
NOTES = Area(130, 218, 70, 70)
BACK_COLUMN, BACK_ROW, GAP, MAX_SCALE = 50.0, 60.0, 6.0, 2.0
INK = colors.HexColor("#222222")
GREY = colors.HexColor("#8A8A8A")
TRIM = colors.HexColor("#E6007E")
SAFE = colors.HexColor("#0096D6")
MARK = colors.HexColor("#D00000")
GOOD = colors.HexColor("#2E7D32")
SAFE_DASH = (pt(1.2), pt(0.8))
CALLOUT = 3.0  # mm, the radius of a finding's numbered disc


def write_proof_pdf(path: Path, proof: Proof, fonts: FontBook) -> int:
    """Write every card's proof page; return the number of pages."""
    doc = Document(path, fonts, f"{proof.game.title} proof")
    total = len(proof.cards) + (len(proof.rules.pages) if proof.rules else 0)
    for index, card in enumerate(proof.cards, start=1):
        builder = PageBuilder(PAGE, fonts)
        _header(builder, proof, card, index, total)
        for side, area, scale in _arrange(card.sides):
            _side(builder, card, side, area, scale)
        _fields(builder, card)
        _notes(builder, card)
        doc.canvas.setPageSize((pt(PAGE.width), pt(PAGE.height)))
        paint_face(doc.canvas, builder.page())
        doc.canvas.showPage()
    for number, face in enumerate(proof.rules.pages if proof.rules else (), start=1):
        builder = PageBuilder(PAGE, fonts)
        _rules_page(builder, proof, number, face, total)
        doc.canvas.setPageSize((pt(PAGE.width), pt(PAGE.height)))
        paint_face(doc.canvas, builder.page())
        doc.canvas.showPage()
    doc.save()
    return len(proof.cards)


def _rules_page(builder: PageBuilder, proof: Proof, number: int, face: Face, total: int) -> None:
    """One page of the rulebook drawn large with its trim and text block, and the findings on its lines."""
    rules = proof.rules
    assert rules is not None  # only called for a game with a rulebook
    index = len(proof.cards) + number
    builder.text(Area(10, 8, 160, 7), [builder.run(f"{proof.game.title}  ·  rulebook", INK, bold=True)], 12, 8)
    builder.text(Area(170, 8, 30, 7), [builder.run(f"{index} / {total}", GREY)], 9, align="right")
    lines = sorted(line for line, page in rules.page_of.items() if page == number)
    source = f"{rules.label}: page {number} of {len(rules.pages)}, A5 148 x 210 mm, bleed 3 mm" + (
        f", Markdown lines {lines[0]} to {lines[-1]}" if lines else "")
    builder.text(Area(10, 15.5, 190, 4.5), [builder.run(source, INK)], 8, 5)
    bleed = face.bleed / MM
    area, scale = _fit(face, ART, 1.0)
    builder.face(face, area, scale, bleed)
    builder.rect(area, stroke=GREY, width=0.4)
    trim = Area(area.x + bleed * scale, area.y + bleed * scale, area.w - 2 * bleed * scale,
                area.h - 2 * bleed * scale)
    builder.rect(trim, stroke=TRIM, width=0.7)
    x, top, bottom = (margin * scale / MM for margin in (MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM))
    builder.rect(Area(trim.x + x, trim.y + top, trim.w - 2 * x, trim.h - top - bottom), stroke=SAFE, width=0.6,
                 dash=SAFE_DASH)
    found = rules.on_page(number)
    runs = [builder.run(f"Findings ({len(found)})\n" if found else "Findings\n", INK, bold=True)]
    runs += [run for finding in found for run in (builder.run(f"line {finding.row} ", MARK, bold=True),
                                                   builder.run(f"{finding.message}\n", INK))]
    builder.text(Area(10, 218, 190, 70), runs if found else runs + [builder.run("No findings.", GOOD)], 8, 3.5)


def _outer(face: Face) -> tuple[float, float]:
    """A face's size in printed mm with its bleed."""
    bleed = face.bleed / MM
    return face.width / MM + 2 * bleed, face.height / MM + 2 * bleed


def _fit(face: Face, area: Area, most: float) -> tuple[Area, float]:
    """The face centred in an area at the largest scale up to most."""
    w, h = _outer(face)
    scale = min(most, area.w / w, area.h / h)
    return Area(area.x + (area.w - w * scale) / 2, area.y, w * scale, h * scale), scale


def _arrange(sides: tuple[Side, ...]) -> list[tuple[Side, Area, float]]:
    """Place the front as large as possible (up to 2x) with the back beside or below it.

    A back that shows the row's own text gets an equal share; a common back is drawn smaller.
    """
    front = sides[0]
    if len(sides) == 1:
        area, scale = _fit(front.face, ART, MAX_SCALE)
        return [(front, area, scale)]
    back = sides[1]
    half_w, half_h = (ART.w - GAP) / 2, (ART.h - GAP) / 2
    own_back = any(not trace.field.startswith("#") for trace in back.traces)
    if own_back:
        splits = [(Area(ART.x, ART.y, half_w, ART.h), Area(ART.x + half_w + GAP, ART.y, half_w, ART.h), MAX_SCALE),
                  (Area(ART.x, ART.y, ART.w, half_h), Area(ART.x, ART.y + half_h + GAP, ART.w, half_h), MAX_SCALE)]
    else:
        splits = [(Area(ART.x, ART.y, ART.w - BACK_COLUMN - GAP, ART.h),
                   Area(ART.x + ART.w - BACK_COLUMN, ART.y, BACK_COLUMN, ART.h), 1.0),
                  (Area(ART.x, ART.y, ART.w, ART.h - BACK_ROW - GAP),
                   Area(ART.x, ART.y + ART.h - BACK_ROW, ART.w, BACK_ROW), 1.0)]
    plans = [(_fit(front.face, main, MAX_SCALE), _fit(back.face, rest, most)) for main, rest, most in splits]
    best = max(plans, key=lambda plan: (min(plan[0][1], plan[1][1]) if own_back else plan[0][1], plan[0][1]))
    (front_at, front_scale), (back_at, back_scale) = best
    return [(front, front_at, front_scale), (back, back_at, back_scale)]


def _header(builder: PageBuilder, proof: Proof, card: ProofCard, index: int, total: int) -> None:
    """Game, component, source rows and copies, page number and a legend of the guides."""
    c, front = card.component, card.component.front_for(card.rows[0])
    size = front.on_paper(PAGE).size if front.paper else front.size
    rows = ", ".join(str(r.number) for r in card.rows)
    builder.text(Area(10, 8, 160, 7), [builder.run(f"{proof.game.title}  ·  {c.name}", INK, bold=True)], 12, 8)
    builder.text(Area(170, 8, 30, 7), [builder.run(f"{index} / {total}", GREY)], 9, align="right")
    source = (f"{card.table.label}: row{'s' if len(card.rows) > 1 else ''} {rows}  ·  {card.count} "
              f"cop{'y' if card.count == 1 else 'ies'}  ·  {c.kind} {size.width:g} x {size.height:g} mm, "
              f"bleed {front.bleed:g} mm, safe {front.safe * front.scale:g} mm"
              + (f"  ·  {front.label}" if c.row_fronts else ""))
    builder.text(Area(10, 15.5, 190, 4.5), [builder.run(source, INK)], 8, 5)
    x = 10.0
    for label, color, dash in (("trim", TRIM, None), ("safe zone", SAFE, SAFE_DASH), ("bleed edge", GREY, None),
                               ("finding", MARK, None)):
        builder.line(x, 22.2, x + 6, 22.2, color, 1.0, dash)
        builder.text(Area(x + 7, 20.5, 25, 3.5), [builder.run(label, INK)], 7)
        x += 28


def _side(builder: PageBuilder, card: ProofCard, side: Side, area: Area, scale: float) -> None:
    """One side drawn at scale with bleed edge, trim, safe zone and its findings marked."""
    bleed = side.face.bleed / MM
    builder.text(Area(area.x, area.y - 4.2, area.w, 3.5), [builder.run(f"{side.name}  {scale:.2g}x", GREY)], 7)
    builder.face(side.face, area, scale, bleed)
    builder.rect(area, stroke=GREY, width=0.4)
    trim = Area(area.x + bleed * scale, area.y + bleed * scale, area.w - 2 * bleed * scale,
                area.h - 2 * bleed * scale)
    radius = card.component.shape.radius * scale  # the corners of cut: rounded
    cut = _cut(card.component, side, trim, scale)
    if cut:
        builder.outline(cut, stroke=TRIM, width=0.7)
    else:
        builder.rect(trim, stroke=TRIM, width=0.7)
    safe = side.layout.safe * side.face.scale * scale
    if safe > 0:
        builder.rect(Area(trim.x + safe, trim.y + safe, trim.w - 2 * safe, trim.h - 2 * safe), stroke=SAFE,
                     width=0.6, dash=SAFE_DASH, round_=card.component.cut == "circle", radius=max(radius - safe, 0))
    callouts: list[tuple[float, float]] = []
    for number, finding in enumerate(card.findings, start=1):
        spot = finding.spot
        if spot is None or spot.side != side.name:
            continue
        box = Area(trim.x + spot.x * scale, trim.y + spot.y * scale, spot.w * scale, spot.h * scale)
        builder.rect(box, stroke=MARK, width=1.2)
        x = box.x
        while any(abs(x - cx) < 2 * CALLOUT and abs(box.y - cy) < 2 * CALLOUT for cx, cy in callouts):
            x += 2 * CALLOUT + 0.5  # side by side with the callouts already there
        callouts.append((x, box.y))
        _callout(builder, x, box.y, number)


def _cut(component: Component, side: Side, trim: Area, scale: float) -> Outline:
    """The side's cut as the die line draws it (seen from the back on a back) at `scale`, in page mm from the
    bottom-left; none for a rectangle, and for pieces whose proofed sides are not the piece that is cut (a standee's
    drawn cut spans its strip, a tuck box is cut along its net)."""
    if component.cut == "square" or component.box is not None or component.cut == "path" and component.kind == \
            "standee":
        return ()
    own = cut_shape(component).at(Rect(0, 0, side.face.width / MM, side.face.height / MM), side.name == "back")
    left, bottom = trim.x, PAGE.height - trim.y - trim.h
    return moved(own, lambda x, y: (left + x * scale, bottom + y * scale))


def _callout(builder: PageBuilder, x: float, y: float, number: int) -> None:
    """A red numbered disc centred on a point."""
    r = CALLOUT
    builder.rect(Area(x - r, y - r, 2 * r, 2 * r), stroke=colors.white, fill=MARK, width=0.8, round_=True)
    builder.text(Area(x - r, y - r, 2 * r, 2 * r), [builder.run(str(number), colors.white, bold=True)], 10, 5,
                 align="center", valign="middle")


def _fields(builder: PageBuilder, card: ProofCard) -> None:
    """Every CSV field of the card's row, as written in the file, with the numbers of its findings."""
    row = card.rows[0]
    runs = [builder.run("Source fields", INK, bold=True), builder.run(f"  {card.table.label}\n", GREY)]
    for column in card.table.columns:
        numbers = [str(i) for i, f in enumerate(card.findings, start=1) if f.row is not None and f.field == column]
        runs.append(builder.run(column, INK, bold=True))
        if numbers:
            runs.append(builder.run(f" [{', '.join(numbers)}]", MARK, bold=True))
        runs.append(builder.run(f": {row.values.get(column, '')}\n", INK))
    builder.text(FIELDS, runs, 8, 3.5)


def _notes(builder: PageBuilder, card: ProofCard) -> None:
    """The card's findings, numbered as on the drawing."""
    if not card.findings:
        builder.text(NOTES, [builder.run("Findings\n", INK, bold=True), builder.run("No findings.", GOOD)], 8)
        return
    runs = [builder.run(f"Findings ({len(card.findings)})\n", INK, bold=True)]
    for number, finding in enumerate(card.findings, start=1):
        runs.append(builder.run(f"{number} ", MARK, bold=True))
        runs.append(builder.run(f"{finding.field}: {finding.message}\n", INK))
    builder.text(NOTES, runs, 8, 3.5)
