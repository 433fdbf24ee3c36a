"""The deal-and-draw check drawn for `--report`: one chart per question, every player count in it."""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing

from pnp.check.charts.kit import Fonts, Frame, Interval, number, percent, plural, wrap
from pnp.check.charts.panels import TEXT_LEADING, text_block
from pnp.check.charts.plots import Rows, bar_rows
from pnp.check.figures.deal import DealSection, HandHasFigures, SeenFigures
from pnp.check.figures.values import MeanFigure, ShareFigure


def _share_text(figure: ShareFigure) -> str:
    """A share and its exact value, as printed after the bar."""
    return percent(figure.share) + (f" · exact {percent(figure.exact)}" if figure.exact is not None else "")


def _rows_for(deal: DealSection, index: int) -> tuple[list[tuple[str, ShareFigure | MeanFigure]], bool]:
    """(label, figure) rows of one question over the player counts, and whether they are shares."""
    rows: list[tuple[str, ShareFigure | MeanFigure]] = []
    shares = True
    for count, fig in deal.players.items():
        q = fig.questions[index]
        if isinstance(q, HandHasFigures):
            rows += [(f"{count}p: a player", q.player), (f"{count}p: any player", q.any_player),
                     (f"{count}p: every player", q.every_player)]
        elif isinstance(q, SeenFigures):
            first, last = q.player.by_turn[0], q.player.by_turn[-1]
            rows += [(f"{count}p: in the hand", first.seen), (f"{count}p: by turn {last.turn}", last.seen),
                     (f"{count}p: all by turn {last.turn}", q.every_player.by_turn[-1].seen)]
        elif q.at_least is not None:
            rows.append((f"{count}p: a run of {q.at_least.length}+", q.at_least.reached))
        else:
            rows.append((f"{count}p: mean longest run", q.mean))
            shares = False
    return rows, shares


def question_chart(deal: DealSection, index: int, width: float, fonts: Fonts) -> Drawing:
    """One question's figures for every player count: bars with 95% intervals, exact values after them."""
    question = next(iter(deal.players.values())).questions[index]
    rows, shares = _rows_for(deal, index)
    figures = [figure for _, figure in rows]
    if shares:
        intervals = [Interval(f.share, f.low, f.high) for f in figures if isinstance(f, ShareFigure)]
        texts = [_share_text(f) for f in figures if isinstance(f, ShareFigure)]
    else:
        intervals = [Interval(f.mean or 0.0, f.low or 0.0, f.high or 0.0) for f in figures
                     if isinstance(f, MeanFigure)]
        texts = [number(f.mean or 0.0) for f in figures if isinstance(f, MeanFigure)]
    note = f"{question.kind}: {question.expression} · 95% intervals from {plural(deal.shuffles, 'shuffle')}"
    frame = Frame(width, 0, question.name, note, x_label="share" if shares else "cards")
    return bar_rows(frame, fonts, Rows([label for label, _ in rows], [i.value for i in intervals], texts, intervals,
                                       share=shares))


def text_drawing(title: str, lines: list[tuple[str, bool]], width: float, fonts: Fonts) -> Drawing:
    """A titled block of wrapped lines (True: in the warning colour), as tall as it needs."""
    wrapped = sum(len(wrap(text, fonts.regular, 8, width)) for text, _ in lines)
    height = 14 + TEXT_LEADING * wrapped
    drawing = Drawing(width, height)
    text_block(drawing, title, lines, width, height, fonts)
    return drawing


def deal_drawings(deal: DealSection | None, seed: int, width: float, fonts: Fonts) -> list[Drawing]:
    """Every drawing of the deal pages: the set-up per player count and its findings, then one chart per question."""
    if deal is None:
        return [text_drawing(f"Deal-and-draw: a deck of 0 cards, seed {seed}", [], width, fonts)]
    lines = [(f"{count} players: hand {fig.hand}, {fig.dealt} dealt, draw pile {fig.draw_pile}, "
              f"{fig.draw} drawn per turn; the whole deck "
              + ("deals evenly" if fig.deals_evenly else f"leaves {fig.left_if_all_dealt} over"), False)
             for count, fig in deal.players.items()] + [(finding, True) for finding in deal.integrity]
    setup = text_drawing(f"Deal-and-draw: a deck of {deal.deck.cards} cards, seed {deal.seed}", lines, width, fonts)
    questions = len(next(iter(deal.players.values())).questions) if deal.players else 0
    return [setup] + [question_chart(deal, index, width, fonts) for index in range(questions)]


def columns(drawings: list[Drawing], left: float, column: float, gap: float, top: float, bottom: float
            ) -> list[list[tuple[Drawing, float, float]]]:
    """Drawings placed top-down in three columns, as many pages as they need."""
    pages: list[list[tuple[Drawing, float, float]]] = []
    placed: list[tuple[Drawing, float, float]] = []
    col, y = 0, top
    for drawing in drawings:
        if y - drawing.height < bottom and y != top:
            col, y = col + 1, top
            if col == 3:
                pages.append(placed)
                placed, col = [], 0
        y -= drawing.height
        placed.append((drawing, left + col * (column + gap), y))
        y -= gap
    return pages + ([placed] if placed else [])
