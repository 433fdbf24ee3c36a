"""Report panels for the random-play baseline and for `--against`: each figure's change with its interval."""

from __future__ import annotations

import dataclasses
from pathlib import PurePosixPath

from reportlab.graphics.shapes import Drawing, Line, String
from reportlab.lib.colors import Color

from pnp.check.charts.figures import value_table
from pnp.check.charts.kit import (
    INK,
    MUTED,
    TICK_SIZE,
    WARN,
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
from pnp.check.figures.card_changes import CardChange
from pnp.check.figures.compare import FigureChange
from pnp.check.figures.play import PlayFigures
from pnp.check.figures.values import Distribution
from pnp.check.text.cards import points

ROW = 13.0


def baseline_table(base: PlayFigures, width: float, fonts: Fonts, precision: float | None = None) -> Drawing:
    """The random-play baseline's headline figures, labelled as a baseline (and the precision it was played to)."""
    term, rounds, scores = base.termination, base.length_rounds, base.score_spread.scores
    rows = [("ended by the rules (share)", term.ended.share, interval_of(term.ended)),
            ("length, rounds", rounds.mean, _mean(rounds)), ("score", scores.mean, _mean(scores))]
    rows += [(f"seat {s.seat} win share", s.won.share, interval_of(s.won)) for s in base.seat_advantage.seats]
    return value_table("Baseline: random play (not the headline)", rows, width, fonts,
                       f"every seat random · {base.games:,} games"
                       + (f" to ±{precision * 100:g} pt" if precision is not None else "") + " · mean per game")


def _mean(stats: Distribution) -> Interval:
    """A distribution's mean and its interval."""
    return Interval(stats.mean, stats.mean_low, stats.mean_high)


def against_charts(changes: dict[str, FigureChange], project: str, width: float, max_rows: int,
                   fonts: Fonts) -> list[Drawing]:
    """Every compared figure, those changed beyond noise first, as tables of at most max_rows rows."""
    rows = sorted(changes.items(), key=lambda item: (not item[1].changed, item[1].p_adjusted or 0.0, item[0]))
    changed = sum(bool(row.changed) for _, row in rows)
    charts = []
    for start in range(0, len(rows), max_rows):
        title = (f"Against {project}: {changed} of {len(rows)} figures changed beyond noise"
                 + (f" ({start // max_rows + 1})" if len(rows) > max_rows else ""))
        charts.append(difference_table(title, rows[start:start + max_rows], width, fonts, bool(changed)))
    return charts


COLUMNS = (("figure", 0.0, "start"), ("this project", 0.42, "end"), ("other project", 0.53, "end"),
           ("difference", 0.64, "end"), ("95% interval", 0.84, "end"), ("corrected p", 1.0, "end"))


def difference_table(title: str, rows: list[tuple[str, FigureChange]], width: float, fonts: Fonts,
                     warn: bool) -> Drawing:
    """Figure, this and other, the difference with its 95% interval and p; changed rows in the warning colour."""
    frame = Frame(width, 0, title, "the same seeds and games, compared game by game · other minus this · beyond "
                  "noise: Holm-corrected p < 0.05 over every figure of the report (shares: McNemar's exact test, "
                  "means: paired t)", warn=warn)
    cells = [([name, _value(name, row.base), _value(name, row.other), _signed(name, row.difference),
               f"{_signed(name, row.low)} to {_signed(name, row.high)}", f"{row.p_adjusted:.3g}"], bool(row.changed))
             for name, row in rows]
    return table(frame, [name for name, _, _ in COLUMNS], cells, fonts)


def table(frame: Frame, header: list[str], rows: list[tuple[list[str], bool]], fonts: Fonts) -> Drawing:
    """A table in the COLUMNS layout: a header, then rows (True: changed, in the warning colour)."""
    width = frame.width
    head = head_height(frame, fonts) + 4
    height = head + (len(rows) + 1) * ROW
    drawing = Drawing(width, height)
    heading(drawing, dataclasses.replace(frame, height=height), fonts)
    y = height - head - 9
    _cells(drawing, header, y, width, fonts.bold, MUTED)
    for cells, changed in rows:
        y -= ROW
        font, colour = (fonts.bold, WARN) if changed else (fonts.regular, INK)
        _cells(drawing, cells, y, width, font, colour)
        drawing.add(Line(0, y - 3.5, width, y - 3.5, strokeColor=MUTED, strokeWidth=0.2))
    return drawing


def card_change_chart(changes: list[CardChange], project: str, width: float, max_rows: int,
                      fonts: Fonts) -> Drawing | None:
    """The card impacts compared, those changed beyond noise first, then by p-value: one table (every card: JSON)."""
    rows = sorted((row for row in changes if row.tested),
                  key=lambda row: (not row.changed, row.p_adjusted or 0.0, row.file, row.row, row.event))
    if not rows:
        return None
    changed = sum(bool(row.changed) for row in rows)
    shown = rows[:max_rows]
    rest = f"; the {len(rows) - len(shown)} closest to no change are in the JSON" if len(rows) > len(shown) else ""
    frame = Frame(width, 0, f"Against {project}: {changed} of {len(rows)} card impacts changed beyond noise",
                  "a card's impact: the win share of seats with the event minus without it · compared game by game · "
                  f"beyond noise: Holm-corrected p < 0.05 over every card of the report{rest}", warn=bool(changed))
    header = ["card and event", "this project", "other project", "change", "95% interval", "corrected p"]
    cells = [([f"{row.name} · {PurePosixPath(row.file).stem} {row.row} · {row.event}", points(row.base),
               points(row.other), points(row.difference), f"{points(row.low)} to {points(row.high)}",
               f"{row.p_adjusted:.3g}"], bool(row.changed)) for row in shown]
    return table(frame, header, cells, fonts)


def _cells(drawing: Drawing, cells: list[str], y: float, width: float, font: str, colour: Color) -> None:
    """One row of the table."""
    for text, (_, at, anchor) in zip(cells, COLUMNS):
        shown = fit_text(text, font, TICK_SIZE + 0.5, width * 0.36) if anchor == "start" else text
        drawing.add(String(width * at - (0 if anchor == "start" else 2), y, shown, fontName=font,
                           fontSize=TICK_SIZE + 0.5, fillColor=colour, textAnchor=anchor))


def _is_share(name: str) -> bool:
    """Figures the comparison names as shares of games."""
    return name in ("ended_by_rules", "skill.greedy_win") or name.startswith(("seat.", "exhausted."))


def _value(name: str, value: float) -> str:
    """A compared value, as a percentage for a share."""
    return percent(value) if _is_share(name) else number(value)


def _signed(name: str, value: float) -> str:
    """A difference with its sign, in points for a share."""
    return points(value) if _is_share(name) else f"{value:+.3g}"
