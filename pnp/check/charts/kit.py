"""What every chart of the check report shares: palette, sizes, headings, number formats, axes and marks."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.graphics.charts.barcharts import BarChart, HorizontalBarChart
from reportlab.graphics.shapes import Drawing, Group, Line, Rect, String
from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfbase.pdfmetrics import stringWidth

INK = HexColor("#222222")
MUTED = HexColor("#6b6b6b")
GRID = HexColor("#e4e4e4")
BAR = HexColor("#4a78b0")
BAR_LIGHT = HexColor("#c9d8ea")
WARN = HexColor("#d9480f")
FAIR = HexColor("#111111")

TITLE_SIZE, NOTE_SIZE, TICK_SIZE = 10.5, 7.5, 7.5
NOTE_LEADING = 9.5


@dataclass(frozen=True)
class Fonts:
    """The registered PDF font names the charts draw with."""

    regular: str
    bold: str


@dataclass(frozen=True)
class Frame:
    """A chart's size, heading and axis labels; warn draws the heading and bars in the warning colour."""

    width: float
    height: float
    title: str
    note: str = ""
    x_label: str = ""
    y_label: str = ""
    warn: bool = False


@dataclass(frozen=True)
class Interval:
    """A value with its 95% interval."""

    value: float
    low: float
    high: float


@dataclass(frozen=True)
class Spread:
    """A distribution drawn as a range: min-max whisker, 10-90% box, median bar and mean dot."""

    low: float
    p10: float
    median: float
    mean: float
    p90: float
    high: float


def nice_range(low: float, high: float, ticks: int = 5, zero: bool = True,
               whole: bool = False) -> tuple[float, float, float]:
    """Axis bounds and step on 1-2-5 multiples covering low..high (and zero, unless zero is False; whole: step >= 1)."""
    if zero:
        low, high = min(low, 0.0), max(high, 0.0)
    if high - low <= 1e-9 * max(1.0, abs(low), abs(high)):  # one value: show some room around it
        pad = max(1.0, abs(high) * 0.1)
        low, high = low - pad, high + pad
    raw = (high - low) / ticks
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    step = max(1.0, step) if whole else step
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def number(value: float) -> str:
    """A compact number: at most 3 significant digits (whole numbers in full), a true minus sign."""
    if value == 0:
        return "0"
    if abs(value) >= 1000 or float(value).is_integer():
        text = f"{value:,.0f}"
    else:
        text = f"{value:.3g}" if abs(value) >= 0.01 else f"{value:.2g}"
    return text.replace("-", "−")


def plural(count: int, word: str) -> str:
    """A count with its noun: 1 game, 2,000 games."""
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def percent(value: float) -> str:
    """A share as a percentage."""
    return f"{value * 100:.0f}%" if value in (0, 1) or abs(value * 100 - round(value * 100)) < 1e-9 \
        else f"{value * 100:.1f}%"


def note_lines(frame: Frame, fonts: Fonts) -> list[str]:
    """The note wrapped to the chart's width, at most two lines."""
    lines = wrap(frame.note, fonts.regular, NOTE_SIZE, frame.width) if frame.note else []
    return lines[:1] + [fit_text(" ".join(lines[1:]), fonts.regular, NOTE_SIZE, frame.width)] if len(lines) > 1 \
        else lines


def head_height(frame: Frame, fonts: Fonts) -> float:
    """The height the title and note take above the plot."""
    return TITLE_SIZE + 8 + NOTE_LEADING * len(note_lines(frame, fonts))


def heading(drawing: Drawing, frame: Frame, fonts: Fonts) -> float:
    """The chart's title and note, top left; return the height they take."""
    drawing.add(String(0, frame.height - TITLE_SIZE, frame.title, fontName=fonts.bold, fontSize=TITLE_SIZE,
                       fillColor=WARN if frame.warn else INK))
    y = frame.height - TITLE_SIZE - 3
    for line in note_lines(frame, fonts):
        y -= NOTE_LEADING
        drawing.add(String(0, y, line, fontName=fonts.regular, fontSize=NOTE_SIZE,
                           fillColor=WARN if frame.warn else MUTED))
    return head_height(frame, fonts)


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Lines no wider than width: broken at spaces, or anywhere in a word too long for a line."""
    lines, line = [], ""
    for word in re.findall(r"\S+\s*", text):
        if stringWidth((line + word).rstrip(), font, size) <= width:
            line += word
            continue
        if line:
            lines.append(line.rstrip())
        line = ""
        for char in word:
            if line and stringWidth((line + char).rstrip(), font, size) > width:
                lines.append(line)
                line = ""
            line += char
    return lines + ([line.rstrip()] if line.strip() else [])


def fit_text(text: str, font: str, size: float, width: float) -> str:
    """The text, cut with an ellipsis when it is wider than width."""
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def axis_labels(drawing: Drawing, frame: Frame, fonts: Fonts, chart: BarChart) -> None:
    """The x-axis label centred under the plot and the y-axis label turned along the left edge."""
    if frame.x_label:
        drawing.add(String(chart.x + chart.width / 2, 1, frame.x_label, fontName=fonts.regular,
                           fontSize=TICK_SIZE + 0.5, fillColor=MUTED, textAnchor="middle"))
    if frame.y_label:
        middle = chart.y + chart.height / 2
        drawing.add(Group(String(0, 0, frame.y_label, fontName=fonts.regular, fontSize=TICK_SIZE + 0.5,
                                 fillColor=MUTED, textAnchor="middle"), transform=(0, 1, -1, 0, 8, middle)))


@dataclass(frozen=True)
class Axis:
    """A value axis: the data's range, how ticks are written, whether zero must show, whether steps are whole."""

    low: float
    high: float
    fmt: Callable[[float], str]
    zero: bool = True
    whole: bool = False

    def bounds(self, ticks: int = 5) -> tuple[float, float, float]:
        """The axis's bounds and step for about this many ticks."""
        return nice_range(self.low, self.high, ticks, self.zero, self.whole)


def style_axes(chart: BarChart, fonts: Fonts, axis: Axis) -> None:
    """Fixed value bounds with 1-2-5 ticks (one per 32 pt or more) and a light grid; small labels in the report font."""
    horizontal = isinstance(chart, HorizontalBarChart)
    length = chart.width if horizontal else chart.height
    value = chart.valueAxis
    value.valueMin, value.valueMax, value.valueStep = axis.bounds(max(2, min(5, int(length // 32))))
    value.labelTextFormat = axis.fmt
    value.labels.fontName, value.labels.fontSize, value.labels.fillColor = fonts.regular, TICK_SIZE, MUTED
    value.visibleGrid, value.gridStrokeColor, value.gridStrokeWidth = 1, GRID, 0.5
    value.strokeColor = MUTED
    cat = chart.categoryAxis
    cat.labels.fontName, cat.labels.fontSize, cat.labels.fillColor = fonts.regular, TICK_SIZE, INK
    cat.strokeColor = MUTED
    cat.joinAxis, cat.joinAxisMode = value, "left" if horizontal else "bottom"
    chart.bars.strokeColor = None
    chart.bars[0].fillColor = BAR


def whisker(group: Group, low: tuple[float, float], high: tuple[float, float], cap: float) -> None:
    """An interval from low to high with caps across both ends, drawn with a white halo to stand out on bars."""
    vertical = low[0] == high[0]
    ends = [((x - cap, y), (x + cap, y)) if vertical else ((x, y - cap), (x, y + cap)) for x, y in (low, high)]
    for colour, width in ((white, 2.6), (INK, 1.0)):
        for (x1, y1), (x2, y2) in [(low, high)] + ends:
            group.add(Line(x1, y1, x2, y2, strokeColor=colour, strokeWidth=width, strokeLineCap=1))


def dash(group: Group, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A dashed fair-share line over a white halo."""
    group.add(Line(*start, *end, strokeColor=white, strokeWidth=3))
    group.add(Line(*start, *end, strokeColor=FAIR, strokeWidth=1.4, strokeDashArray=[5, 2.5]))


def chip(text: str, fonts: Fonts, colour: Color = WARN, size: float = 8.5) -> Drawing:
    """A rounded label in white on a coloured ground, for flags."""
    width = stringWidth(text, fonts.bold, size) + 12
    drawing = Drawing(width, size + 8)
    drawing.add(Rect(0, 0, width, size + 8, rx=4, ry=4, fillColor=colour, strokeColor=None))
    drawing.add(String(6, 4.6, text, fontName=fonts.bold, fontSize=size, fillColor=white))
    return drawing
