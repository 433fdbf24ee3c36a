"""Benchmark: SVG art as pnp draws it (svglib into reportlab) beside other renderers, for speed and fidelity.

Usage: python bench/svg_renderers.py [--size PX] [--repeat K] [--quick]

For every SVG file the shipped games draw, it times reading and converting the
file as pnp does (a fresh read each time, caches bypassed) and drawing it into
a PDF page, then rasterises that page with pdfium at --size pixels on the
longer side. The same file is rendered by resvg (the `resvg-py` package), the
reference: resvg passes nearly all of the SVG test suite. Fidelity is the mean
absolute difference per channel (0 to 255) between the two pictures on white,
and the share of pixels differing by more than 32 in some channel (edges
anti-aliased differently account for a little of both). When `cairosvg` is
installed, its SVG to PDF time is printed too.

resvg-py and cairosvg are not pnp's dependencies: install them into the
environment to compare with them (`pip install resvg-py cairosvg`); without
them the script times pnp alone. Neither can
be pnp's renderer: resvg draws pixels, not vectors, and cairosvg writes a PDF
of its own in RGB and finds text fonts through fontconfig, a system lookup;
svglib draws into pnp's own page, so CMYK conversion, print-shop black and
the project's fonts apply to the art as to the rest of the card.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pypdfium2 as pdfium  # noqa: E402
from PIL import Image, ImageChops  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from pnp.face import svgart  # noqa: E402
from pnp.face.svgdraw import draw_svg  # noqa: E402
from pnp.face.svgfonts import svg_fonts  # noqa: E402
from pnp.text.fonts import FontBook  # noqa: E402


def shipped_art() -> list[Path]:
    """Every SVG file under the shipped games' card data."""
    return sorted((ROOT / "card_data").rglob("*.svg"))


def pnp_picture(path: Path, fonts, size: int) -> tuple[Image.Image, float, float]:
    """(picture, seconds to read and convert, seconds to draw into a PDF page) as pnp does it."""
    svgart._CACHE.clear()
    start = time.perf_counter()
    art = svgart.load_svg(path, ROOT, path.name, fonts)
    loaded = time.perf_counter()
    w, h = float(art.drawing.width), float(art.drawing.height)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(w, h), invariant=1)
    draw_svg(canvas, art, 0, 0, w, h, "stretch")
    canvas.showPage()
    canvas.save()
    drawn = time.perf_counter()
    page = pdfium.PdfDocument(buffer.getvalue())[0]
    picture = page.render(scale=size / max(w, h)).to_pil().convert("RGB")
    return picture, loaded - start, drawn - loaded


def resvg_picture(path: Path, size: tuple[int, int]) -> tuple[Image.Image, float] | None:
    """The reference picture and its time; None when resvg-py is not installed."""
    try:
        import resvg_py
    except ImportError:
        return None
    start = time.perf_counter()
    data = resvg_py.svg_to_bytes(svg_path=str(path), width=size[0], height=size[1], background="#ffffff",
                                 skip_system_fonts=True)
    return Image.open(io.BytesIO(bytes(data))).convert("RGB"), time.perf_counter() - start


def cairo_seconds(path: Path) -> float | None:
    """cairosvg's SVG to PDF time, when it is installed."""
    try:
        import cairosvg
    except (ImportError, OSError):
        return None
    start = time.perf_counter()
    cairosvg.svg2pdf(url=str(path))
    return time.perf_counter() - start


def difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """(mean absolute difference per channel, share of pixels off by more than 32) of two same-sized pictures."""
    diff = ImageChops.difference(a, b)
    channels = diff.split()
    mean = statistics.fmean(statistics.fmean(band.histogram()[i] * i for i in range(256)) * 256 / (a.width * a.height)
                            for band in channels)
    worst = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    far = sum(worst.histogram()[33:]) / (a.width * a.height)
    return mean, far


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=300, help="pixels on the longer side")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per file (the median is kept)")
    parser.add_argument("--quick", action="store_true", help="three files, one run each, small pictures (a smoke test)")
    args = parser.parse_args()
    if args.quick:
        args.size, args.repeat = 100, 1
    fonts = svg_fonts(FontBook())
    rows = [measure(path, fonts, args) for path in shipped_art()[:3 if args.quick else None]]
    print(f"{'file':42} {'read ms':>8} {'draw ms':>8} {'resvg ms':>9} {'cairo ms':>9} {'mean diff':>9} {'>32 px':>7}")
    for name, load, draw, resvg_time, cairo, mean, far in rows:
        print(f"{str(name):42} {load * 1000:8.1f} {draw * 1000:8.1f} {_ms(resvg_time)} {_ms(cairo)} "
              + (f"{mean:9.2f} {far:7.2%}" if mean is not None else f"{'-':>9} {'-':>7}"))
    print(f"{len(rows)} files: pnp read {sum(r[1] for r in rows) * 1000:.0f} ms and drew "
          f"{sum(r[2] for r in rows) * 1000:.0f} ms in all")
    compared = [r for r in rows if r[5] is not None]
    if compared:
        print(f"mean difference to resvg {statistics.fmean(r[5] for r in compared):.2f}/255 (worst "
              f"{max(r[5] for r in compared):.2f}), pixels off by more than 32: "
              f"{statistics.fmean(r[6] for r in compared):.2%} (worst {max(r[6] for r in compared):.2%})")
    else:
        print("resvg-py is not installed: no fidelity figures (pip install resvg-py cairosvg)")


def measure(path: Path, fonts, args: argparse.Namespace) -> tuple:
    """One file's row: name, read and draw seconds, resvg and cairo seconds, mean difference and far share."""
    runs = [pnp_picture(path, fonts, args.size) for _ in range(args.repeat)]
    picture = runs[0][0]
    reference = resvg_picture(path, picture.size)
    mean, far = difference(picture, reference[0]) if reference else (None, None)
    return (path.relative_to(ROOT / "card_data"), statistics.median(r[1] for r in runs),
            statistics.median(r[2] for r in runs), reference[1] if reference else None, cairo_seconds(path), mean, far)


def _ms(seconds: float | None) -> str:
    """Milliseconds in a column of 9, or a dash."""
    return f"{seconds * 1000:9.1f}" if seconds is not None else f"{'-':>9}"


if __name__ == "__main__":
    main()
