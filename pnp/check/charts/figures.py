"""The figures pages of one player count: piles running out, the game's own figures grouped by name, and tables."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from reportlab.graphics.shapes import Drawing, Line, String

from pnp.check.charts.kit import (
    INK,
    MUTED,
    TICK_SIZE,
    Fonts,
    Frame,
    Interval,
    fit_text,
    head_height,
    heading,
    number,
    percent,
)
from pnp.check.charts.panels import interval_of
from pnp.check.charts.plots import Rows, bar_rows
from pnp.check.figures.play import PileFigure
from pnp.check.figures.values import FigureInterval
from pnp.check.report import CountFigures

ValueRow = tuple[str, float, Interval | None]  # a named value and its 95% interval, if it has one

@dataclass(frozen=True)
class FigureGroup:
    """Game figures matching one pattern (effect_used.*, ability.*.points), drawn as one bar chart."""

    pattern: str
    labels: list[str]
    values: list[float]
    intervals: list[Interval] = field(default_factory=list)  # each value's 95% interval, when it has them

    @property
    def title(self) -> str:
        """The pattern as words: ability.*.points -> Ability: points."""
        words = readable(self.pattern.replace(".*.", ": ").removesuffix(".*").replace(".", " "))
        return words[:1].upper() + words[1:]


def readable(name: str) -> str:
    """A figure name as words: row_chosen -> row chosen."""
    return name.replace("_", " ")


def _natural(key: str) -> list:
    """Sort key putting row_chosen.2 before row_chosen.10."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", key)]


def _candidates(key: str) -> list[tuple[str, str]]:
    """The patterns a dotted key could be grouped by, with its label in each: by prefix, or by first and last."""
    parts = key.split(".")
    by_prefix = (".".join(parts[:-1]) + ".*", parts[-1])
    return [by_prefix, (f"{parts[0]}.*.{parts[-1]}", ".".join(parts[1:-1]))] if len(parts) >= 3 else [by_prefix]


def figure_groups(figures: Mapping[str, float], intervals: Mapping[str, FigureInterval] | None = None
                  ) -> tuple[list[FigureGroup], list[ValueRow]]:
    """Figures grouped by name pattern; names without a dot, or alone in their group, listed apart."""
    intervals = intervals or {}
    keys = sorted(figures, key=_natural)
    sizes = Counter(pattern for key in keys if "." in key for pattern, _ in _candidates(key))
    grouped: dict[str, list[tuple[str, str]]] = {}
    for key in keys:
        # the larger group wins (rule.R01.went_out joins rule.*.went_out); a tie keeps the prefix
        pattern, label = max(_candidates(key), key=lambda c: sizes[c[0]]) if "." in key else ("", key)
        grouped.setdefault(pattern, []).append((label, key))
    groups, single = [], []
    for pattern, items in grouped.items():
        if pattern and len(items) > 1:
            bounds = [Interval(figures[key], intervals[key].low, intervals[key].high)
                      for _, key in items if key in intervals]
            groups.append(FigureGroup(pattern, [readable(label) for label, _ in items],
                                      [figures[key] for _, key in items], bounds if len(bounds) == len(items) else []))
        else:
            single += [(readable(key), figures[key], _bounds(figures[key], intervals.get(key))) for _, key in items]
    return groups, single


def _bounds(value: float, interval: FigureInterval | None) -> Interval | None:
    """A game figure's value and interval, to draw."""
    return None if interval is None else Interval(value, interval.low, interval.high)


def group_charts(group: FigureGroup, width: float, max_rows: int, fonts: Fonts, warn: bool = False) -> list[Drawing]:
    """One bar chart per group, split into parts of at most max_rows rows on one shared scale."""
    parts = [(i, min(i + max_rows, len(group.labels))) for i in range(0, len(group.labels), max_rows)]
    highs = [i.high for i in group.intervals]
    charts, bounds = [], (min(group.values + [0.0]), max(group.values + highs + [0.0]))
    for n, (start, stop) in enumerate(parts):
        title = group.title + (": uneven" if warn else "") + (f" ({n + 1}/{len(parts)})" if len(parts) > 1 else "")
        values = group.values[start:stop]
        note = "mean per game" + (", 95% intervals" if group.intervals else "") + f" · {group.pattern}"
        frame = Frame(width, 0, title, note, warn=warn)
        rows = Rows(group.labels[start:stop], values, [number(v) for v in values],
                    list(group.intervals[start:stop]), bounds=bounds)
        charts.append(bar_rows(frame, fonts, rows))
    return charts


def exhaustion_charts(exhaustion: dict[str, PileFigure], width: float, max_rows: int, fonts: Fonts
                      ) -> list[Drawing]:
    """Share of games each pile ran out, with intervals and the median round it happened."""
    piles = sorted(exhaustion.items(), key=lambda item: _natural(item[0]))
    charts = []
    for start in range(0, len(piles), max_rows):
        part = piles[start:start + max_rows]
        frame = Frame(width, 0, "Piles running out", "share of games a pile ran out, 95% intervals · "
                      "median round it ran out", x_label="share of games")
        texts = [percent(ex.ran_out.share) + (f" · round {number(ex.when.median)}" if ex.ran_out.share else "")
                 for _, ex in part]
        intervals = [interval_of(ex.ran_out) for _, ex in part]
        charts.append(bar_rows(frame, fonts, Rows([readable(p) for p, _ in part],
                                                  [ex.ran_out.share for _, ex in part], texts, intervals, share=True)))
    return charts


def value_table(title: str, rows: Sequence[ValueRow], width: float, fonts: Fonts, note: str = "mean per game"
                ) -> Drawing:
    """Named values with their 95% intervals (where they have one) as a two-column list under a title."""
    frame = Frame(width, 0, title, note + (" · [95% interval]" if any(r[2] is not None for r in rows) else ""))
    head = head_height(frame, fonts) + 4
    height = head + len(rows) * 13.0
    drawing = Drawing(width, height)
    heading(drawing, dataclasses.replace(frame, height=height), fonts)
    y = height - head - 9
    for name, value, bounds in rows:
        shown = number(value) + (f"  [{number(bounds.low)}–{number(bounds.high)}]" if bounds is not None else "")
        drawing.add(String(0, y, fit_text(name, fonts.regular, TICK_SIZE + 0.5, width - 130), fontName=fonts.regular,
                           fontSize=TICK_SIZE + 0.5, fillColor=INK))
        drawing.add(String(width - 4, y, shown, fontName=fonts.regular, fontSize=TICK_SIZE + 0.5,
                           fillColor=INK, textAnchor="end"))
        drawing.add(Line(0, y - 3.5, width - 4, y - 3.5, strokeColor=MUTED, strokeWidth=0.2))
        y -= 13
    return drawing


def figure_charts(fig: CountFigures, width: float, max_rows: int, fonts: Fonts) -> list[Drawing]:
    """Every chart of the figures pages: piles, figure groups, then the single figures as a table."""
    groups, single = figure_groups(fig.play.figures, fig.play.figure_intervals)
    charts = exhaustion_charts(fig.play.exhaustion, width, max_rows, fonts)
    for group in groups:
        charts += group_charts(group, width, max_rows, fonts, group.pattern in fig.uneven)
    for start in range(0, len(single), max_rows):
        charts.append(value_table("Other figures", single[start:start + max_rows], width, fonts))
    return charts
