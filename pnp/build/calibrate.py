"""Duplex calibration sheet: measure how far a printer puts the back side off, for `pnp build --back-offset`.

Page 1 (front) carries a centre crosshair and the main ticks of two vernier scales; page 2 (back) carries
an offset grid and the vernier ticks with their numbers. Everything is laid out in the back page's own
coordinates (seen on the back, X right, Y up) and mirrored onto the front the way the printer turns the
sheet, so whatever the user reads on the back is the offset to pass, sign included.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.lib import colors as rl_colors

from pnp.output.atomic import AtomicFiles
from pnp.output.failures import writing_into
from pnp.pdf.document import Document
from pnp.sheet.marks import Line
from pnp.text.fonts import FontBook
from pnp.units import PAPER_SIZES, Size, pt

VERNIER_STEPS = 50  # ticks each side of zero: offsets up to 5.0 mm in 0.1 mm steps
MAIN_PITCH = 1.0  # mm between the front's ticks
VERNIER_PITCH = 1.1  # mm between the back's ticks: tick k lines up with the front's when the offset is 0.1 k
SCALE_DISTANCE = 65.0  # mm from the centre to each scale's baseline
GRID_HALF = 10  # mm, the offset grid reaches this far from the centre
FINE, BOLD = 0.25, 0.6  # pt
TEXT_LEFT = 20.0  # mm from the left edge of each page
BAR_Y = 12.0  # mm, the 50 mm check bar near the front's bottom edge
BACK_TEXT = (22.0, 50.0)  # mm from the bottom of the front: the band the back's own text lies behind


@dataclass(frozen=True)
class Stroke:
    """A line to draw and its width in points."""

    line: Line
    width: float = FINE


@dataclass(frozen=True)
class Label:
    """Text on (x, y) in mm, centred there unless `left`."""

    x: float
    y: float
    text: str
    size: float = 6.0
    left: bool = False  # True: (x, y) is the start of the line, not its centre


@dataclass(frozen=True)
class Side:
    """What one page of the sheet carries, in that page's coordinates."""

    strokes: tuple[Stroke, ...]
    labels: tuple[Label, ...]


@dataclass(frozen=True)
class Calibration:
    """The two pages of the calibration sheet."""

    paper: Size
    duplex: str
    front: Side
    back: Side


def to_front(line: Line, paper: Size, duplex: str) -> Line:
    """A line on the back page, at the place on the front page it lies behind."""
    if duplex == "long":  # portrait paper turned on its long edge: left and right swap
        return Line(paper.width - line.x1, line.y1, paper.width - line.x2, line.y2)
    return Line(line.x1, paper.height - line.y1, line.x2, paper.height - line.y2)


def offset_for(step: int) -> float:
    """The offset in mm that vernier tick `step` reads."""
    return round(step * (VERNIER_PITCH - MAIN_PITCH), 6)


def _tick(across: float, along: float, start: float, length: float, x_scale: bool) -> Line:
    """A tick at `along` on a scale whose baseline is at `across`, from start to start + length across it."""
    a, b = across + start, across + start + length
    return Line(along, a, along, b) if x_scale else Line(a, along, b, along)


def _scale(paper: Size, x_scale: bool) -> tuple[list[Stroke], list[Stroke], list[Label]]:
    """One vernier scale in back coordinates: the front's main ticks, the back's ticks and the back's numbers."""
    cx, cy = paper.width / 2, paper.height / 2
    centre, across = (cx, cy - SCALE_DISTANCE) if x_scale else (cy, cx + SCALE_DISTANCE)
    front, back, labels = [], [], []
    for step in range(-VERNIER_STEPS, VERNIER_STEPS + 1):
        length = 7.0 if step % 10 == 0 else 5.5 if step % 5 == 0 else 4.0
        width = BOLD if step == 0 else FINE
        front.append(Stroke(_tick(across, centre + step * MAIN_PITCH, -length, length, x_scale), width))
        at = centre + step * VERNIER_PITCH
        back.append(Stroke(_tick(across, at, 0.0, length, x_scale), width))
        if step % 5 == 0:
            text = f"{offset_for(step):+g}" if step else "0"
            labels.append(Label(at, across + 9.0, text) if x_scale else Label(across + 11.0, at, text))
    name = Label(centre - VERNIER_STEPS * VERNIER_PITCH - 8, across + 3, "X mm") if x_scale else \
        Label(across + 3, centre - VERNIER_STEPS * VERNIER_PITCH - 6, "Y mm")
    return front, back, labels + [name]


def _grid(paper: Size) -> tuple[list[Stroke], list[Label]]:
    """The back's offset grid around the centre: 1 mm lines, every 5 mm bolder, numbered."""
    cx, cy = paper.width / 2, paper.height / 2
    strokes, labels = [], []
    for mm in range(-GRID_HALF, GRID_HALF + 1):
        width = 0.45 if mm % 5 == 0 else 0.15
        strokes.append(Stroke(Line(cx + mm, cy - GRID_HALF, cx + mm, cy + GRID_HALF), width))
        strokes.append(Stroke(Line(cx - GRID_HALF, cy + mm, cx + GRID_HALF, cy + mm), width))
        if mm % 5 == 0:
            text = f"{mm:+d}" if mm else "0"
            labels.append(Label(cx + mm, cy - GRID_HALF - 3, text))
            labels.append(Label(cx - GRID_HALF - 4, cy + mm, text))
    return strokes, labels


def _crosshair(paper: Size) -> list[Stroke]:
    """The front's centre crosshair, long enough to see through the grid."""
    cx, cy, arm = paper.width / 2, paper.height / 2, GRID_HALF + 6
    return [Stroke(Line(cx - arm, cy, cx + arm, cy), BOLD), Stroke(Line(cx, cy - arm, cx, cy + arm), BOLD)]


def calibration(paper: Size, duplex: str) -> Calibration:
    """Both pages of the calibration sheet for portrait `paper` turned on its `duplex` edge."""
    front_ticks, back_strokes, back_labels = [], [], []
    for x_scale in (True, False):
        front, back, labels = _scale(paper, x_scale)
        front_ticks += front
        back_strokes += back
        back_labels += labels
    grid, grid_labels = _grid(paper)
    behind = [Stroke(to_front(s.line, paper, duplex), s.width) for s in front_ticks + _crosshair(paper)]
    bar, bar_labels = _check_bar()
    return Calibration(paper, duplex, Side(tuple(behind + bar), tuple(_front_text(paper, duplex) + bar_labels)),
                       Side(tuple(back_strokes + grid), tuple(back_labels + grid_labels + _back_text(paper, duplex))))


def _check_bar() -> tuple[list[Stroke], list[Label]]:
    """A 50 mm bar with a tick every 10 mm, to check the sheet was printed at 100%."""
    strokes = [Stroke(Line(TEXT_LEFT, BAR_Y, TEXT_LEFT + 50, BAR_Y), 0.5)]
    for mm in range(0, 51, 10):
        strokes.append(Stroke(Line(TEXT_LEFT + mm, BAR_Y, TEXT_LEFT + mm, BAR_Y + (2 if mm in (0, 50) else 1)), 0.5))
    return strokes, [Label(TEXT_LEFT + 52, BAR_Y, "50 mm", 6.0, left=True)]


def _lines(x: float, top: float, texts: list[str], size: float = 6.5, step: float = 3.6) -> list[Label]:
    """Lines of left-aligned text from `top` downwards."""
    return [Label(x, top - i * step, text, size, left=True) for i, text in enumerate(texts)]


def _front_text(paper: Size, duplex: str) -> list[Label]:
    """The title and the steps, on the front's top band."""
    title = Label(TEXT_LEFT, paper.height - 18, f"pnp duplex calibration: {_paper_name(paper)}, flip on {duplex} edge",
                  10.0, left=True)
    return [title] + _lines(TEXT_LEFT, paper.height - 25, [
        f"1. Print both pages on one sheet: double-sided, flip on {duplex} edge, actual size (100%, no fit to page).",
        "2. Measure the 50 mm bar at the bottom; if it is not 50 mm, turn page scaling off and print again.",
        "3. Hold the sheet against a light with page 2 (the side with the numbers) towards you.",
        "4. Coarse: the crosshair seen through the paper sits on the grid at X,Y (mm).",
        "5. Fine: on each scale, a tick that runs straight on into the tick behind it reads the offset to 0.1 mm",
        "    (numbers every 0.5 mm). Such pairs repeat every 1 mm: take the one nearest the coarse reading.",
        f"6. Build with: pnp build --duplex {duplex} --back-offset X,Y",
        "Over 5 mm off: take the grid's reading, and check the printer's duplex setting.",
    ])


def _back_text(paper: Size, duplex: str) -> list[Label]:
    """How to read the back, placed behind an empty band of the front so neither shows through the other."""
    low, high = BACK_TEXT
    top = high if duplex == "long" else paper.height - low
    return _lines(TEXT_LEFT, top, [
        "Page 2 (back). Read with the sheet held against a light, this side towards you.",
        "Coarse: the crosshair on the grid. Fine: on each scale, the tick pair forming one straight line",
        "nearest the coarse reading. X is to the right and Y up as seen on this side, the offset to pass:",
        f"pnp build --duplex {duplex} --back-offset X,Y",
    ])


def _paper_name(paper: Size) -> str:
    """The name of a paper size, as the command line writes it."""
    return next((name for name, size in PAPER_SIZES.items() if Size(*size) == paper),
                f"{paper.width:g}x{paper.height:g}")


def write_calibration(path: Path, paper_name: str, duplex: str, fonts: FontBook | None = None) -> Path:
    """Write the two-page calibration sheet to `path`, atomically."""
    sheet = calibration(Size(*PAPER_SIZES[paper_name]), duplex)
    files = AtomicFiles()
    title = f"pnp duplex calibration ({paper_name}, {duplex} edge)"
    try:
        with writing_into(path.as_posix(), path.parent, elsewhere="choose another --out file"):
            doc = Document(files.temp_for(path), fonts or FontBook(), title)
            for side in (sheet.front, sheet.back):
                _draw_side(doc, sheet.paper, side)
            doc.save()
            files.commit()
    except BaseException:
        files.abort()
        raise
    return path


def _draw_side(doc: Document, paper: Size, side: Side) -> None:
    """One page: its strokes, then its text."""
    c, font = doc.canvas, doc.fonts.default.pdf_name
    c.setPageSize((pt(paper.width), pt(paper.height)))
    c.setStrokeColor(rl_colors.black)
    c.setFillColor(rl_colors.black)
    for stroke in side.strokes:
        c.setLineWidth(stroke.width)
        line = stroke.line
        c.line(pt(line.x1), pt(line.y1), pt(line.x2), pt(line.y2))
    for label in side.labels:
        c.setFont(font, label.size)
        x, y = pt(label.x), pt(label.y) - label.size * 0.35
        if label.left:
            c.drawString(x, y, label.text)
        else:
            c.drawCentredString(x, y, label.text)
    c.showPage()
