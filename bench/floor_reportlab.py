"""Speed floor: the pnp card-game output written with plain reportlab.

This script does not import pnp. It draws, by hand, the same kind of output
pnp produces for a text-only card game and writes two PDFs:

* ``floor_sheets.pdf``: A4 home-print sheets, 3x3 poker cards butted together,
  each card clipped to its trim, hairline crop marks outside the block, and
  after every front sheet a back sheet mirrored for long-edge duplex.
* ``floor_shop.pdf``: one card per page, page = card + bleed, with TrimBox and
  BleedBox on every page; ``floor_shop_back.pdf``: the matching backs, as pnp
  writes them for a print shop.

The cards are Eitsuku's budget, role and event cards read from the project's
CSV files (csv module only): a coloured background, title, value badge and the
card's own text wrapped by measured width, so the floor draws the same texts
pnp does, with plainer graphics.

It is meant to be about as fast as plain reportlab reasonably gets without
tricks, so pnp's own timings can be compared against it. Every card is drawn
directly: there is no form XObject caching of repeated faces (that is the
naive floor; a cached variant would be faster still).

Usage::

    python bench/floor_reportlab.py [--cards N] [--repeat K] [--out DIR] [--quick]

``--quick`` (for the test suite) makes one run.

Other bench scripts can ``import floor_reportlab`` and time ``run()``.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import tempfile
import time
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT_DIR = Path(__file__).resolve().parents[1] / "fonts"
FONT_FILE = FONT_DIR / "BIZUDPGothic-Regular.ttf"
FONT_NAME = "BIZUDPGothic-Regular"

MM = 72.0 / 25.4  # points per millimetre

# Poker card, millimetres.
CARD_W_MM = 63.0
CARD_H_MM = 88.0
BLEED_MM = 3.0

CARD_W = CARD_W_MM * MM
CARD_H = CARD_H_MM * MM
BLEED = BLEED_MM * MM

# A4 sheet with a 3x3 block of butted cards, centred.
PAGE_W = 210.0 * MM
PAGE_H = 297.0 * MM
COLS = 3
ROWS = 3
PER_SHEET = COLS * ROWS
BLOCK_W = COLS * CARD_W
BLOCK_H = ROWS * CARD_H
BLOCK_X = (PAGE_W - BLOCK_W) / 2.0
BLOCK_Y = (PAGE_H - BLOCK_H) / 2.0

# Crop marks: hairlines starting MARK_GAP outside the block, MARK_LEN long.
MARK_GAP = 1.0 * MM
MARK_LEN = 5.0 * MM
HAIRLINE = 0.25

# Shop file: one card plus bleed per page.
SHOP_W = CARD_W + 2 * BLEED
SHOP_H = CARD_H + 2 * BLEED

# Card face geometry (relative to the trim's lower-left corner).
PANEL_INSET = 4.0 * MM
PANEL_RADIUS = 2.5 * MM
TITLE_SIZE = 11.0
BODY_SIZE = 8.5
BODY_LEADING = 12.0

DEFAULT_CARDS = 228  # 108 + 60 + 60
CARD_DATA = Path(__file__).resolve().parents[1] / "card_data" / "eitsuku"
BOLD_FILE = FONT_DIR / "BIZUDPGothic-Bold.ttf"
BOLD_NAME = "BIZUDPGothic-Bold"
BADGE_R = 4.0 * MM
FAMILY_RGB = [(0.85, 0.62, 0.15), (0.78, 0.22, 0.2), (0.18, 0.4, 0.7), (0.2, 0.55, 0.35),
              (0.5, 0.3, 0.6), (0.9, 0.45, 0.1), (0.1, 0.5, 0.5), (0.3, 0.35, 0.45)]


def _rows(name: str) -> list[dict]:
    with open(CARD_DATA / f"{name}.csv", encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def _wrap(text: str, width: float) -> list[str]:
    """Greedy line filling by measured width (no kinsoku), one line per paragraph at least."""
    lines = []
    for paragraph in text.replace("**", "").split("\n"):
        line = ""
        for char in paragraph:
            if line and pdfmetrics.stringWidth(line + char, FONT_NAME, BODY_SIZE) > width:
                lines.append(line)
                line = ""
            line += char
        lines.append(line)
    return lines


def _make_faces() -> list[dict]:
    """The Eitsuku budget, role and event cards, one entry per copy, in CSV order."""
    body_width = CARD_W - 2 * PANEL_INSET - 4 * MM
    faces = []
    palette = {}
    for component, title_key, value_key, body in (
            ("budget", "name", "value", lambda r: f"コスト{r['value']}として扱う"),
            ("role", "role", "value", lambda r: f"コスト {r['cost']} (数字+2)"),
            ("event", "name", None, lambda r: r["text"])):
        for row in _rows(component):
            family = row.get("family") or row.get("role") or component
            rgb = palette.setdefault(family, FAMILY_RGB[len(palette) % len(FAMILY_RGB)])
            face = {"rgb": rgb, "title": row[title_key], "value": row[value_key] if value_key else "",
                    "lines": _wrap(body(row), body_width), "back": row.get("role") or component}
            faces.extend([face] * int(row["count"]))
    return faces


def register_fonts() -> None:
    """Parse the bundled TTFs and register them, as a real run would."""
    pdfmetrics.registerFont(TTFont(FONT_NAME, str(FONT_FILE)))
    pdfmetrics.registerFont(TTFont(BOLD_NAME, str(BOLD_FILE)))


def _draw_face(c: Canvas, face: dict, x: float, y: float) -> None:
    """Draw one card face with its trim's lower-left corner at (x, y)."""
    c.setFillColorRGB(*face["rgb"])
    c.rect(x - BLEED, y - BLEED, CARD_W + 2 * BLEED, CARD_H + 2 * BLEED, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.roundRect(x + PANEL_INSET, y + PANEL_INSET, CARD_W - 2 * PANEL_INSET, CARD_H - 2 * PANEL_INSET - 12 * MM,
                PANEL_RADIUS, stroke=0, fill=1)
    if face["value"]:
        cx, cy = x + CARD_W - PANEL_INSET - BADGE_R, y + CARD_H - PANEL_INSET - BADGE_R
        c.circle(cx, cy, BADGE_R, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(BOLD_NAME, 14)
        c.drawCentredString(cx, cy - 5, face["value"])
    c.setFillColorRGB(1, 1, 1)
    c.setFont(BOLD_NAME, TITLE_SIZE)
    c.drawString(x + PANEL_INSET, y + CARD_H - PANEL_INSET - 6 * MM, face["title"])
    c.setFillColorRGB(0, 0, 0)
    c.setFont(FONT_NAME, BODY_SIZE)
    ty = y + CARD_H - PANEL_INSET - 12 * MM - 5 * MM
    tx = x + PANEL_INSET + 2 * MM
    for line in face["lines"]:
        c.drawString(tx, ty, line)
        ty -= BODY_LEADING


def _draw_back(c: Canvas, face: dict, x: float, y: float) -> None:
    c.setFillColorRGB(0.15, 0.2, 0.35)
    c.rect(x - BLEED, y - BLEED, CARD_W + 2 * BLEED, CARD_H + 2 * BLEED, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.setFont(BOLD_NAME, 14)
    c.drawCentredString(x + CARD_W / 2, y + CARD_H / 2.0, face["back"])


def _clip_to_trim(c: Canvas, x: float, y: float) -> None:
    p = c.beginPath()
    p.rect(x, y, CARD_W, CARD_H)
    c.clipPath(p, stroke=0, fill=0)


def _slot_origin(slot: int, mirrored: bool) -> tuple[float, float]:
    row, col = divmod(slot, COLS)
    if mirrored:  # long-edge duplex: the back of column c is column COLS-1-c
        col = COLS - 1 - col
    x = BLOCK_X + col * CARD_W
    y = BLOCK_Y + (ROWS - 1 - row) * CARD_H  # fill from the top row down
    return x, y


def _crop_marks(c: Canvas) -> None:
    xs = [BLOCK_X + i * CARD_W for i in range(COLS + 1)]
    ys = [BLOCK_Y + j * CARD_H for j in range(ROWS + 1)]
    top = BLOCK_Y + BLOCK_H
    right = BLOCK_X + BLOCK_W
    lines = []
    for x in xs:
        lines.append((x, BLOCK_Y - MARK_GAP - MARK_LEN, x, BLOCK_Y - MARK_GAP))
        lines.append((x, top + MARK_GAP, x, top + MARK_GAP + MARK_LEN))
    for y in ys:
        lines.append((BLOCK_X - MARK_GAP - MARK_LEN, y, BLOCK_X - MARK_GAP, y))
        lines.append((right + MARK_GAP, y, right + MARK_GAP + MARK_LEN, y))
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(HAIRLINE)
    c.lines(lines)


def _new_canvas(path: Path, pagesize: tuple[float, float]) -> Canvas:
    # initialFontName points at the TTF so reportlab never pulls in Helvetica.
    return Canvas(str(path), pagesize=pagesize, invariant=1, initialFontName=FONT_NAME)


def _sheet_side(c: Canvas, faces: list[dict], start: int, n: int, draw, mirrored: bool) -> None:
    """One side of a sheet: each slot clipped to its trim, then the page is finished."""
    for slot in range(n):
        x, y = _slot_origin(slot, mirrored=mirrored)
        c.saveState()
        _clip_to_trim(c, x, y)
        draw(c, faces[(start + slot) % len(faces)], x, y)
        c.restoreState()


def write_sheets(cards: int, path: Path, faces: list[dict]) -> None:
    c = _new_canvas(path, (PAGE_W, PAGE_H))
    for start in range(0, cards, PER_SHEET):
        n = min(PER_SHEET, cards - start)
        _sheet_side(c, faces, start, n, _draw_face, mirrored=False)
        _crop_marks(c)
        c.showPage()
        _sheet_side(c, faces, start, n, _draw_back, mirrored=True)  # long-edge duplex
        c.showPage()
    c.save()


def write_shop(cards: int, path: Path, faces: list[dict], draw=None) -> None:
    """A print-shop file: one card per page (fronts, or backs with draw=_draw_back), with boxes."""
    draw = draw or _draw_face
    c = _new_canvas(path, (SHOP_W, SHOP_H))
    # Boxes are read at every showPage, so setting them once puts them on
    # every page. Values are (x0, y0, x1, y1) in points.
    c.setTrimBox((BLEED, BLEED, BLEED + CARD_W, BLEED + CARD_H))
    c.setBleedBox((0, 0, SHOP_W, SHOP_H))
    for i in range(cards):
        draw(c, faces[i % len(faces)], BLEED, BLEED)
        c.showPage()
    c.save()


SHEETS_NAME = "floor_sheets.pdf"
SHOP_NAME = "floor_shop.pdf"
SHOP_BACK_NAME = "floor_shop_back.pdf"


def run(cards: int, out_dir: Path) -> None:
    """One full run: register the fonts, write the sheet PDF and the shop front and back PDFs."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    register_fonts()
    faces = _make_faces()
    write_sheets(cards, out_dir / SHEETS_NAME, faces)
    write_shop(cards, out_dir / SHOP_NAME, faces)
    write_shop(cards, out_dir / SHOP_BACK_NAME, faces, draw=_draw_back)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cards", type=int, default=DEFAULT_CARDS, help="number of cards (default %(default)s)")
    ap.add_argument("--repeat", type=int, default=5, help="number of timed runs (default %(default)s)")
    ap.add_argument("--out", type=Path, default=None, help="output directory (default: a temp dir, then removed)")
    ap.add_argument("--quick", action="store_true", help="one run (a check that the script works)")
    args = ap.parse_args(argv)
    if args.quick:
        args.repeat = 1
    if args.cards < 1 or args.repeat < 1:
        ap.error("--cards and --repeat must be at least 1")
    if args.out is not None:
        return report(args.cards, args.repeat, args.out)
    with tempfile.TemporaryDirectory(prefix="pnp-floor-") as tmp:
        return report(args.cards, args.repeat, Path(tmp))


def report(cards: int, repeat: int, out_dir: Path) -> int:
    """Time `repeat` runs into out_dir and print the times and file sizes."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        run(cards, out_dir)
        times.append(time.perf_counter() - t0)

    print(f"cards: {cards}  runs: {repeat}")
    print("times (s): " + " ".join(f"{t:.3f}" for t in times))
    print(f"median (s): {statistics.median(times):.3f}")
    for name in (SHEETS_NAME, SHOP_NAME, SHOP_BACK_NAME):
        p = out_dir / name
        print(f"{p.name}: {p.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
