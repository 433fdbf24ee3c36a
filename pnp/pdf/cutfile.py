"""SVG cut files for home cutting machines: each piece's cut as a path in millimetres, on a page of the sheet."""

from __future__ import annotations

from pnp.face.outline import Outline
from pnp.units import Size

CUT_STROKE = "#ff0000"  # a hairline the cutting software reads as one cut; never printed
DECIMALS = 4  # 0.1 micrometre: far below any blade, and the same text for the same sheet


def number(value: float) -> str:
    """A coordinate in mm, rounded to DECIMALS, without trailing zeros."""
    text = f"{value:.{DECIMALS}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def path_data(outline: Outline, height: float) -> str:
    """An outline in page mm (y up) as SVG path data (y down from the top of a page `height` mm tall)."""
    parts = []
    for op, values in outline:
        points = [(values[i], height - values[i + 1]) for i in range(0, len(values), 2)]
        parts.append(op + " ".join(f"{number(x)},{number(y)}" for x, y in points))
    return " ".join(parts)


def svg_cut_file(page: Size, outlines: list[Outline], title: str, desc: str = "") -> bytes:
    """An SVG of the page (width and height in mm, a viewBox in mm) holding each outline as a closed path."""
    from xml.sax.saxutils import escape  # here: it loads urllib and http, which a build without --cutter never needs
    width, height = number(page.width), number(page.height)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}mm" height="{height}mm" '
             f'viewBox="0 0 {width} {height}">',
             f"<title>{escape(title)}</title>",
             *([f"<desc>{escape(desc)}</desc>"] if desc else []),
             f'<g id="cut" fill="none" stroke="{CUT_STROKE}" stroke-width="0.1">']
    lines += [f'<path id="piece-{index}" d="{path_data(outline, page.height)}"/>'
              for index, outline in enumerate(outlines, 1)]
    lines += ["</g>", "</svg>", ""]
    return "\n".join(lines).encode("utf-8")
