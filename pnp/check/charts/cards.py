"""Per-card impact drawn: every printed card one row, its difference in win share with its interval (a forest plot)."""

from __future__ import annotations

import dataclasses
from pathlib import PurePosixPath

from reportlab.graphics.shapes import Circle, Drawing, Line, Polygon, Rect, String
from reportlab.lib.colors import Color, white

from pnp.check.charts.kit import (
    BAR,
    GRID,
    INK,
    MUTED,
    TICK_SIZE,
    WARN,
    Fonts,
    Frame,
    fit_text,
    head_height,
    heading,
    nice_range,
    whisker,
)
from pnp.check.figures.cards import CardImpact, CardImpacts

ROW = 12.0
LABEL, SEEN = 0.40, 0.08  # shares of the width: the card's name and row, how often it was seen
MARKS = {"played": "◆", "scored": "■"}
OFFSET = {"played": 2.2, "scored": -2.2}  # the marks sit just above and below the held interval


def ordered(table: CardImpacts) -> list[CardImpact]:
    """Every card: those with a held figure by its difference, strongest first; then the rest in file and row order."""
    ranked = sorted((card for card in table.cards if "held" in card.events),
                    key=lambda card: (-card.events["held"].difference, card.file, card.row))
    return ranked + [card for card in table.cards if "held" not in card.events]


def bounds(cards: list[CardImpact]) -> tuple[float, float, float]:
    """One axis for every chart of a player count: every interval and every event's difference, and zero."""
    values = [v for card in cards for kind, event in card.events.items()
              for v in ((event.low, event.high) if kind == "held" else (event.difference,))]
    return nice_range(min(values, default=-0.1), max(values, default=0.1), 6)


def card_charts(table: CardImpacts, width: float, max_rows: int, fonts: Fonts) -> list[Drawing]:
    """Every card of a player count, as charts of at most max_rows rows sharing one axis."""
    cards = ordered(table)
    axis = bounds(cards)
    parts = [cards[start:start + max_rows] for start in range(0, len(cards), max_rows)] or [[]]
    marks = "".join(f" · {mark} {kind}" for kind, mark in MARKS.items() if kind in table.kinds)
    note = (f"● held − not held, win share, line: 95% interval{marks} · orange: beyond noise (Holm, 5%) · "
            f"seen: share of games")
    charts = []
    for number, part in enumerate(parts, 1):
        suffix = f" ({number} of {len(parts)})" if len(parts) > 1 else ""
        frame = Frame(width, 0, f"Per-card impact{suffix}", note)
        charts.append(_chart(frame, part, axis, fonts))
    return charts


def _chart(frame: Frame, cards: list[CardImpact], axis: tuple[float, float, float], fonts: Fonts) -> Drawing:
    """One chart: a row per card, the axis with its ticks below."""
    head = head_height(frame, fonts) + 12
    height = head + len(cards) * ROW + 22
    drawing = Drawing(frame.width, height)
    heading(drawing, dataclasses.replace(frame, height=height), fonts)
    left, right = frame.width * (LABEL + SEEN), frame.width - 6
    low, high, step = axis

    def x(value: float) -> float:
        return left + (value - low) / (high - low) * (right - left)

    top, bottom = height - head, 22.0
    _grid(drawing, x, low, high, step, top, bottom, fonts)
    drawing.add(String(frame.width * LABEL + frame.width * SEEN - 6, top + 3, "seen", fontName=fonts.bold,
                       fontSize=TICK_SIZE, fillColor=MUTED, textAnchor="end"))
    for index, card in enumerate(cards):
        _row(drawing, card, top - (index + 0.5) * ROW, x, frame.width, fonts)
    return drawing


def _grid(drawing: Drawing, x, low: float, high: float, step: float, top: float, bottom: float,
          fonts: Fonts) -> None:
    """Vertical grid lines with tick labels in points, and the zero line."""
    tick = low
    while tick <= high + step / 2:
        drawing.add(Line(x(tick), bottom, x(tick), top, strokeColor=GRID, strokeWidth=0.5))
        drawing.add(String(x(tick), bottom - 10, f"{tick * 100:+.0f} pt" if tick else "0", fontName=fonts.regular,
                           fontSize=TICK_SIZE, fillColor=MUTED, textAnchor="middle"))
        tick += step
    drawing.add(Line(x(0), bottom, x(0), top, strokeColor=MUTED, strokeWidth=0.9))
    drawing.add(String((x(low) + x(high)) / 2, 1, "win share of seats with the card − without it",
                       fontName=fonts.regular, fontSize=TICK_SIZE + 0.5, fillColor=MUTED, textAnchor="middle"))


def _row(drawing: Drawing, card: CardImpact, y: float, x, width: float, fonts: Fonts) -> None:
    """One card: its name and row, how often it was seen, the held interval and dot, the other events' marks."""
    colour = WARN if card.flagged else INK
    label = f"{card.name} · {PurePosixPath(card.file).stem} {card.row}"
    drawing.add(String(0, y - TICK_SIZE / 3, fit_text(label, fonts.regular, TICK_SIZE, width * LABEL - 4),
                       fontName=fonts.bold if card.flagged else fonts.regular, fontSize=TICK_SIZE, fillColor=colour))
    drawing.add(String(width * (LABEL + SEEN) - 6, y - TICK_SIZE / 3, f"{card.seen.share:.0%}", fontName=fonts.regular,
                       fontSize=TICK_SIZE, fillColor=MUTED, textAnchor="end"))
    for kind, mark in MARKS.items():
        event = card.events.get(kind)
        if event is not None:
            _mark(drawing, mark, x(event.difference), y + OFFSET[kind], WARN if event.flagged else MUTED)
    held = card.events.get("held")
    if held is not None:
        group = Drawing(0, 0)
        whisker(group, (x(held.low), y), (x(held.high), y), 2.5)
        drawing.add(group)
        drawing.add(Circle(x(held.difference), y, 2.6, fillColor=WARN if held.flagged else BAR, strokeColor=white,
                           strokeWidth=0.6))


def _mark(drawing: Drawing, mark: str, at: float, y: float, colour: Color) -> None:
    """A small diamond (played) or square (scored) at a difference."""
    size = 2.0
    if mark == "◆":
        drawing.add(Polygon([at, y + size, at + size, y, at, y - size, at - size, y], fillColor=colour,
                            strokeColor=None))
    else:
        drawing.add(Rect(at - size * 0.8, y - size * 0.8, size * 1.6, size * 1.6, fillColor=colour, strokeColor=None))
