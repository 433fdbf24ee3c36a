"""Charts for the visual check report, drawn with reportlab's graphics: histograms, shares with intervals, ranges."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Rect, String
from reportlab.lib.colors import white
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.check.charts.kit import (
    BAR,
    BAR_LIGHT,
    INK,
    MUTED,
    TICK_SIZE,
    WARN,
    Axis,
    Fonts,
    Frame,
    Interval,
    Spread,
    axis_labels,
    dash,
    fit_text,
    head_height,
    heading,
    number,
    percent,
    style_axes,
    whisker,
)


def _category_labels(chart: VerticalBarChart, labels: Sequence[str], fonts: Fonts) -> float:
    """Set the x labels, turned 45° and thinned out when they would overlap; return the height they need."""
    slot = chart.width / max(1, len(labels))
    widest = max((stringWidth(t, fonts.regular, TICK_SIZE) for t in labels), default=0)
    cat = chart.categoryAxis
    if widest <= slot * 0.9:
        cat.categoryNames = list(labels)
        return TICK_SIZE + 6
    every = max(1, math.ceil(TICK_SIZE * 1.3 / slot))
    cat.categoryNames = [t if i % every == 0 else "" for i, t in enumerate(labels)]
    cat.labels.angle, cat.labels.boxAnchor, cat.labels.dy, cat.labels.dx = 45, "ne", -2, 2
    return widest * 0.72 + 8


def _vertical(frame: Frame, fonts: Fonts, labels: Sequence[str], values: Sequence[float],
              axis: Axis) -> tuple[Drawing, VerticalBarChart]:
    """A drawing holding a vertical bar chart sized to the frame, with heading and axis labels."""
    drawing = Drawing(frame.width, frame.height)
    head = heading(drawing, frame, fonts)
    chart = VerticalBarChart()
    vmin, vmax, step = axis.bounds()
    ticks = max(stringWidth(axis.fmt(v), fonts.regular, TICK_SIZE) for v in (vmin, vmax - step, vmax))
    chart.x = ticks + (18 if frame.y_label else 8)
    chart.width = frame.width - chart.x - 4
    below = _category_labels(chart, labels, fonts) + (12 if frame.x_label else 2)
    chart.y, chart.height = below, frame.height - head - below - 10
    chart.data = [list(values)]
    style_axes(chart, fonts, axis)
    chart.barSpacing, chart.groupSpacing = 0, 6 if len(values) < 8 else 2
    if frame.warn:
        chart.bars[0].fillColor = WARN
    axis_labels(drawing, frame, fonts, chart)
    return drawing, chart


def histogram_chart(frame: Frame, fonts: Fonts, bins: Sequence[Sequence[float]]) -> Drawing:
    """Counts per bin, each bar labelled with its range."""
    labels = [bin_label(lo, hi) for lo, hi, _ in bins]
    counts = [n for _, _, n in bins]
    drawing, chart = _vertical(frame, fonts, labels, counts, Axis(0, max(counts, default=1), number, whole=True))
    chart.groupSpacing = 1.5
    drawing.add(chart)
    return drawing


def bin_label(low: float, high: float) -> str:
    """A histogram bin as 12, 10–12, or −8 to −4 when a bound is negative."""
    if low == high:
        return number(low)
    return f"{number(low)}{' to ' if low < 0 else '–'}{number(high)}"


def share_chart(frame: Frame, fonts: Fonts, labels: Sequence[str], shares: Sequence[Interval],
                fair: Sequence[float]) -> Drawing:
    """Shares as bars with their intervals as error bars and each category's fair share as a dashed line."""
    top = max([s.high for s in shares] + list(fair) + [0.05])
    drawing, chart = _vertical(frame, fonts, labels, [s.value for s in shares], Axis(0, min(1.0, top * 1.12), percent))
    chart.annotations = [lambda c, cat, val: _intervals(shares, fair, cat, val, fonts)]
    drawing.add(chart)
    return drawing


def _intervals(shares: Sequence[Interval], fair: Sequence[float], cat, val, fonts: Fonts) -> Group:
    """Error bars with caps, value labels above them, and the fair share: one line, or a dash per category."""
    group = Group()
    for i, share in enumerate(shares):
        start, width = cat(i)
        if len(fair) > 1:
            dash(group, (start - 2, val(fair[i])), (start + width + 2, val(fair[i])))
        mid, cap = start + width / 2, min(6.0, width / 4)
        whisker(group, (mid, val(share.low)), (mid, val(share.high)), cap)
        group.add(String(mid, val(share.high) + 3, percent(share.value), fontName=fonts.regular,
                         fontSize=TICK_SIZE, fillColor=INK, textAnchor="middle"))
    if len(fair) == 1 and shares:
        last, width = cat(len(shares) - 1)
        dash(group, (cat(0)[0] - 4, val(fair[0])), (last + width + 4, val(fair[0])))
    return group


def range_chart(frame: Frame, fonts: Fonts, labels: Sequence[str], spreads: Sequence[Spread]) -> Drawing:
    """Per category: a thin min-max whisker, a 10-90% box, the median as a bar and the mean as a dot."""
    low = min((s.low for s in spreads), default=0)
    high = max((s.high for s in spreads), default=1)
    drawing, chart = _vertical(frame, fonts, labels, [low] * len(spreads), Axis(low, high, number, zero=False))
    chart.bars[0].fillColor = None
    chart.annotations = [lambda c, cat, val: _ranges(spreads, cat, val, frame.warn, c)]
    drawing.add(chart)
    return drawing


def _ranges(spreads: Sequence[Spread], cat, val, warn: bool, chart: VerticalBarChart) -> Group:
    """The range marks of a range chart, over a zero line when zero is in view."""
    group = Group()
    axis = chart.valueAxis
    if axis.valueMin < 0 < axis.valueMax:
        group.add(Line(chart.x, val(0), chart.x + chart.width, val(0), strokeColor=MUTED, strokeWidth=0.6))
    fill = WARN if warn else BAR
    for i, s in enumerate(spreads):
        start, width = cat(i)
        mid, half = start + width / 2, min(14.0, width * 0.3)
        group.add(Line(mid, val(s.low), mid, val(s.high), strokeColor=MUTED, strokeWidth=0.8))
        group.add(Rect(mid - half, val(s.p10), 2 * half, max(0.8, val(s.p90) - val(s.p10)),
                       fillColor=BAR_LIGHT, strokeColor=fill, strokeWidth=0.8))
        group.add(Line(mid - half, val(s.median), mid + half, val(s.median), strokeColor=fill, strokeWidth=2))
        group.add(Circle(mid, val(s.mean), 2.4, fillColor=white, strokeColor=INK, strokeWidth=1))
    return group


ROW = 14.0  # one bar of a bar_rows chart


@dataclass(frozen=True)
class Rows:
    """What a bar_rows chart shows: labels, values, the text after each bar, optional intervals and fair share."""

    labels: Sequence[str]
    values: Sequence[float]
    texts: Sequence[str]
    intervals: Sequence[Interval] = ()
    share: bool = False
    fair: float | None = None
    bounds: tuple[float, float] | None = None  # the value axis's range, to share one scale across charts


def bar_rows(frame: Frame, fonts: Fonts, rows: Rows) -> Drawing:
    """Horizontal bars, one row per label, top to bottom; the frame's height 0 means as tall as the rows need."""
    head = head_height(frame, fonts)
    bottom = 26 if frame.x_label else 16
    height = frame.height or head + bottom + 4 + len(rows.labels) * ROW
    drawing = Drawing(frame.width, height)
    heading(drawing, dataclasses.replace(frame, height=height), fonts)
    label_width = min(frame.width * 0.42, max(map(_tick_width(fonts), rows.labels), default=0) + 6)
    text_width = max(map(_tick_width(fonts), rows.texts), default=0) + 8
    chart = HorizontalBarChart()
    chart.x, chart.width = label_width, frame.width - label_width - text_width
    chart.y, chart.height = bottom, height - head - bottom - 4
    chart.data = [list(rows.values)]
    low, high = rows.bounds or (min(list(rows.values) + [0.0]), 1.0 if rows.share else
                                max([i.high for i in rows.intervals] + list(rows.values) + [0.0]))
    style_axes(chart, fonts, Axis(low, high, percent if rows.share else number))
    chart.categoryAxis.categoryNames = [fit_text(t, fonts.regular, TICK_SIZE, label_width - 6) for t in rows.labels]
    chart.categoryAxis.reverseDirection, chart.categoryAxis.visibleTicks = 1, 0
    chart.barSpacing, chart.groupSpacing = 0, 3
    if frame.warn:
        chart.bars[0].fillColor = WARN
    chart.annotations = [lambda c, cat, val: _row_marks(rows, cat, val, fonts, c)]
    drawing.add(chart)
    if frame.x_label:
        drawing.add(String(chart.x + chart.width / 2, 1, frame.x_label, fontName=fonts.regular,
                           fontSize=TICK_SIZE + 0.5, fillColor=MUTED, textAnchor="middle"))
    return drawing


def _tick_width(fonts: Fonts) -> Callable[[str], float]:
    """Width of a tick label."""
    return lambda text: stringWidth(text, fonts.regular, TICK_SIZE)


def _row_marks(rows: Rows, cat, val, fonts: Fonts, chart: HorizontalBarChart) -> Group:
    """Interval whiskers, value texts right of the plot, and a fair-share line."""
    group = Group()
    if rows.fair is not None:
        dash(group, (val(rows.fair), chart.y - 2), (val(rows.fair), chart.y + chart.height + 2))
    for i, text in enumerate(rows.texts):
        start, height = cat(i)
        mid = start + height / 2
        if rows.intervals:
            whisker(group, (val(rows.intervals[i].low), mid), (val(rows.intervals[i].high), mid),
                     min(3.0, height / 3))
        group.add(String(chart.x + chart.width + 5, mid - TICK_SIZE / 3, text, fontName=fonts.regular,
                         fontSize=TICK_SIZE, fillColor=INK))
    return group


