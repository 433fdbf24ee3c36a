"""`--vary` as charts: per swept cell, each figure against the value with its 95% interval; ±N sweeps ranked."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.graphics.shapes import Circle, Drawing, Group, Line
from reportlab.lib.colors import white

from pnp.check.charts.kit import INK, MUTED, Axis, Fonts, Frame, Interval, dash, number, percent, whisker
from pnp.check.charts.plots import _vertical
from pnp.check.report import CountFigures
from pnp.check.sweep.figures import SweepFigures, SweptCellFigures

RANKED = 24  # cards a ranking chart shows


def interval_chart(frame: Frame, fonts: Fonts, labels: Sequence[str], values: Sequence[Interval | None],
                   reference: float | None, fmt: Callable[[float], str]) -> Drawing:
    """Per category a dot with its interval's whisker, and a dashed reference line (0, or the fair share)."""
    shown = [v for v in values if v is not None]
    low = min([v.low for v in shown] + ([reference] if reference is not None else []), default=0.0)
    high = max([v.high for v in shown] + ([reference] if reference is not None else []), default=1.0)
    drawing, chart = _vertical(frame, fonts, labels, [low] * len(values), Axis(low, high, fmt, zero=False))
    chart.bars[0].fillColor = None
    chart.annotations = [lambda c, cat, val: _marks(values, reference, cat, val, c)]
    drawing.add(chart)
    return drawing


def _marks(values: Sequence[Interval | None], reference: float | None, cat, val, chart) -> Group:
    """The reference line, then each value's whisker and dot."""
    group = Group()
    if reference is not None:
        dash(group, (chart.x, val(reference)), (chart.x + chart.width, val(reference)))
    for i, value in enumerate(values):
        if value is None:
            continue
        start, width = cat(i)
        mid = start + width / 2
        whisker(group, (mid, val(value.low)), (mid, val(value.high)), min(5.0, width / 4))
        group.add(Circle(mid, val(value.value), 2.6, fillColor=white, strokeColor=INK, strokeWidth=1.2))
    group.add(Line(chart.x, chart.y, chart.x + chart.width, chart.y, strokeColor=MUTED, strokeWidth=0.6))
    return group


def signed_points(value: float) -> str:
    """A difference of shares as signed percentage points."""
    return f"{value * 100:+.0f} pt" if value else "0"


Placed = list[tuple[Drawing, float, float]]


def sweep_pages(fig: CountFigures, box: tuple[float, float, float, float], gap: float,
                fonts: Fonts) -> list[tuple[str, Placed]]:
    """Per swept cell (or per ±N sweep over every row) a page's title and its charts placed in the box (left,
    bottom, width, height): a cell's charts three to a row, two rows to a page; a ranking's one above the other."""
    left, bottom, width, height = box
    column, row = (width - 2 * gap) / 3, (height - gap) / 2
    out = []
    for sweep in fig.sweeps or ():
        if sweep.ranking is not None:
            charts = _ranking_charts(sweep, width, row, fonts)
            out.append((f"cards ranked by sweep {sweep.vary}",
                        [(chart, left, bottom + height - (i + 1) * row - i * gap) for i, chart in enumerate(charts)]))
            continue
        for cell in sweep.cells:
            charts = _cell_charts(sweep, cell, column, row, fonts)
            for start in range(0, len(charts), 6):
                top = bottom + height
                placed = [(chart, left + (i % 3) * (column + gap), top - (i // 3 + 1) * row - (i // 3) * gap)
                          for i, chart in enumerate(charts[start:start + 6])]
                out.append((f"sweep of {cell.label}" + (" (continued)" if start else ""), placed))
    return out


def _cell_charts(sweep: SweepFigures, cell: SweptCellFigures, width: float, height: float,
                 fonts: Fonts) -> list[Drawing]:
    """The card's own impact, the game length and each seat's win share, against the value."""
    labels = [value.value for value in cell.values]
    note = f"{sweep.games} games a value, the same seeds; {cell.base or '(empty)'} in the file"
    if cell.balance is not None:
        note += f"; balance ({cell.balance.rule}): {cell.balance.value}"
    x_label = cell.column
    charts = []
    if cell.event is not None:
        impacts = [Interval(v.impact.difference, v.impact.low, v.impact.high) if v.impact else None
                   for v in cell.values]
        charts.append(interval_chart(Frame(width, height, f"{cell.event} impact of {cell.name}", note, x_label,
                                           "win share with minus without"), fonts, labels, impacts, 0.0,
                                     signed_points))
    lengths = [Interval(v.length.mean, v.length.low, v.length.high) for v in cell.values]
    charts.append(interval_chart(Frame(width, height, "game length", note, x_label, "rounds"), fonts, labels,
                                 lengths, None, number))
    players = len(cell.values[0].seats)
    for seat in range(players):
        shares = [Interval(v.seats[seat].share, v.seats[seat].low, v.seats[seat].high) for v in cell.values]
        charts.append(interval_chart(Frame(width, height, f"seat {seat + 1} win share", note, x_label, "win share"),
                                     fonts, labels, shares, 1 / players, percent))
    return charts


def _ranking_charts(sweep: SweepFigures, width: float, height: float, fonts: Fonts) -> list[Drawing]:
    """The strongest responses of a ±N sweep: each card's impact change at -N and at +N, in ranked order."""
    rows = (sweep.ranking or [])[:RANKED]
    labels = [f"{row.name} ({row.row})" for row in rows]
    note = f"{sweep.games} games a variant, the same seeds; change against the file, paired; strongest first"
    charts = []
    for sign, side in (("-", "down"), ("+", "up")):
        changes = [getattr(row, side) for row in rows]
        values = [Interval(c.difference, c.low, c.high) if c is not None else None for c in changes]
        charts.append(interval_chart(Frame(width, height, f"impact change at {sign}{sweep.step}", note,
                                           "", "held impact change"), fonts, labels, values, 0.0, signed_points))
    return charts
