"""The charts of one player count's play page: length, seats, the skill ladder, scores, scores by seat, the margin."""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing, Group, String

from pnp.check.charts.kit import INK, WARN, Fonts, Frame, Interval, Spread, number, percent, plural, wrap
from pnp.check.charts.plots import Rows, bar_rows, histogram_chart, range_chart, share_chart
from pnp.check.figures.ladder import Rung
from pnp.check.figures.play import PlayFigures
from pnp.check.figures.values import Distribution, ShareFigure, Summary
from pnp.check.report import CheckReport, CountFigures
from pnp.check.text.commands import report_replay

TEXT_LEADING = 11.5


def spread(stats: Summary) -> Spread:
    """A summary (min, p10, median, mean, p90, max) as a range to draw."""
    return Spread(stats.min, stats.p10, stats.median, stats.mean, stats.p90, stats.max)


def interval_of(share: ShareFigure) -> Interval:
    """A share and its 95% interval, to draw."""
    return Interval(share.share, share.low, share.high)


def mean_ci(stats: Distribution) -> str:
    """A mean's 95% interval as a bracket after it."""
    return f" [{number(stats.mean_low)}–{number(stats.mean_high)}]"


def length_chart(play: PlayFigures, width: float, height: float, fonts: Fonts) -> Drawing:
    """Histogram of game length in rounds (in moves when the game counts no rounds), stalled games flagged."""
    stats, unit = play.length
    note = (f"mean {stats.mean:.1f}{mean_ci(stats)}, median {number(stats.median)}, "
            f"10–90% {number(stats.p10)}–{number(stats.p90)} {unit}")
    capped = play.termination.capped
    if capped:
        note = f"{capped} game(s) stopped at the safety cap · " + note
    frame = Frame(width, height, "Game length", note, f"{unit} per game", "games", warn=bool(capped))
    return histogram_chart(frame, fonts, stats.histogram or [])


def seat_chart(fig: CountFigures, count: int, width: float, height: float, fonts: Fonts) -> Drawing:
    """Win share per seat with Wilson intervals against the fair share 1/k."""
    seats = fig.play.seat_advantage
    warn = fig.seats_flagged
    adjusted = seats.p_adjusted if seats.p_adjusted is not None else seats.p_value
    note = (f"95% intervals · dashed: fair share {percent(1 / count)} · χ² p = {seats.p_value:.3f} "
            f"(corrected {adjusted:.3f})")
    frame = Frame(width, height, "Seat win share" + (": seat order matters" if warn else ""), note,
                  "seat (1 plays first)", "win share", warn=warn)
    shares = [interval_of(s.won) for s in seats.seats]
    return share_chart(frame, fonts, [str(s.seat) for s in seats.seats], shares, [1 / count])


def skill_chart(report: CheckReport, fig: CountFigures, count: int, width: float, height: float,
                fonts: Fonts) -> Drawing:
    """The skill ladder (each player in 1 seat against the one below) with intervals, then how the games ended."""
    ladder, term = fig.ladder, fig.play.termination
    flags = ladder.flags()
    frame = Frame(width, 0, "Skill ladder" + (f": {flags[0]}" if flags else ""),
                  f"1 seat vs the player below in the other {count - 1} · dashed: fair", warn=bool(flags))
    rungs = ladder.rungs
    bars = bar_rows(frame, fonts, Rows([f"{r.player} vs {r.others}" for r in rungs], [r.won.share for r in rungs],
                                       [f"{percent(r.won.share)} ({plural(r.games, 'game')})" for r in rungs],
                                       [interval_of(r.won) for r in rungs], share=True, fair=1 / count))
    drawing = Drawing(width, height)
    drawing.add(_shifted(bars, height - bars.height))
    lines = [(_rung_line(rung), rung.player == "search" and any("beaten by search" in flag for flag in flags)
              or rung.player == "greedy" and rung.cannot_beat) for rung in rungs]
    if ladder.search is not None:
        lines.append((f"No search rung: {ladder.search}.", False))
    lines += [(f"Ended by the rules: {term.ended_by_rules:,} of {plural(fig.play.games, 'game')} "
               f"({percent(term.ended.share)}).", False),
              (f"Stopped at the safety cap: {term.capped:,}.", bool(term.capped))]
    if term.stalled_seeds:
        lines.append((f"Replay: {report_replay(report.game, count, report.policy, report.command)}, "
                      f"SEED one of {', '.join(map(str, term.stalled_seeds[:8]))}", True))
    lines.append((f"Seeds: master seed {report.seed}; every game's seed derives from it.", False))
    text_block(drawing, "The ladder and how the games ended", lines, width, height - bars.height - 14, fonts)
    return drawing


def _rung_line(rung: Rung) -> str:
    """One rung in words: who won how much against whom, with its interval (and the search budget)."""
    budget = f", searching {rung.budget} playouts a decision" if rung.budget is not None else ""
    budget += f", played to ±{rung.precision * 100:g} pt" if rung.precision is not None else ""
    return (f"{rung.player.capitalize()} wins {percent(rung.won.share)} (95%: {percent(rung.won.low)}–"
            f"{percent(rung.won.high)}) against {rung.others}{budget}; a fair share is {percent(rung.fair)}.")


def text_block(drawing: Drawing, title: str, lines: list[tuple[str, bool]], width: float, top: float,
               fonts: Fonts) -> float:
    """A bold title and wrapped lines (True: warning colour) from top down; return the y below them."""
    drawing.add(String(0, top - 10, title, fontName=fonts.bold, fontSize=9.5, fillColor=INK))
    y = top - 10 - TEXT_LEADING - 2
    for text, warn in lines:
        for part in wrap(text, fonts.regular, 8, width):
            drawing.add(String(0, y, part, fontName=fonts.regular, fontSize=8, fillColor=WARN if warn else INK))
            y -= TEXT_LEADING
    return y


def _shifted(drawing: Drawing, dy: float) -> Group:
    """A drawing's shapes moved up by dy."""
    group = Group(*drawing.contents)
    group.translate(0, dy)
    return group


def score_chart(play: PlayFigures, width: float, height: float, fonts: Fonts) -> Drawing:
    """Histogram of every seat's final score."""
    scores = play.score_spread.scores
    note = (f"all seats · mean {number(scores.mean)}{mean_ci(scores)}, median {number(scores.median)}, "
            f"10–90% {number(scores.p10)} to {number(scores.p90)}")
    return histogram_chart(Frame(width, height, "Scores", note, "final score", "seats"), fonts,
                           scores.histogram or [])


def seat_score_chart(play: PlayFigures, width: float, height: float, fonts: Fonts) -> Drawing:
    """Each seat's score range: min-max, 10-90%, median and mean."""
    seats = play.score_spread.by_seat
    frame = Frame(width, height, "Scores by seat", "line: min–max · box: 10–90% · bar: median · dot: mean",
                  "seat", "final score")
    return range_chart(frame, fonts, [str(i + 1) for i in range(len(seats))], [spread(s) for s in seats])


def margin_chart(play: PlayFigures, width: float, height: float, fonts: Fonts) -> Drawing:
    """Histogram of the winner's lead over the runner-up."""
    margin = play.score_spread.margin
    note = (f"median {number(margin.median)}, mean {number(margin.mean)}{mean_ci(margin)}, "
            f"90% of games within {number(margin.p90)}")
    return histogram_chart(Frame(width, height, "Margin, first to second", note, "points ahead", "games"), fonts,
                           margin.histogram or [])
