"""The report's first page: every player count side by side, deck integrity and the seeds."""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.check.charts.kit import GRID, INK, WARN, Fonts, Frame, fit_text, number, percent, wrap
from pnp.check.charts.panels import TEXT_LEADING, interval_of, spread, text_block
from pnp.check.charts.plots import range_chart, share_chart
from pnp.check.report import CheckReport
from pnp.check.text.commands import report_replay

ROW = 17.0
GAP = 16.0
TEXT_ROOM = 160.0  # at most, below the charts: integrity findings and seeds
FINDING_SIZE = 8.0

COLUMNS = ("players", "games", "ended by rules", "length: mean (10–90%)", "seats: χ² p", "greedy · search (fair)",
           "score: mean (10–90%)", "margin", "flags")


def table_rows(report: CheckReport) -> list[list[tuple[str, bool]]]:
    """One row per player count: each cell's text and whether it is drawn in the warning colour."""
    rows = []
    for count, fig in report.players.items():
        play, rungs = fig.play, fig.ladder.rungs
        term, (length, unit), scores = play.termination, play.length, play.score_spread.scores
        flags = fig.flags()
        rows.append([(str(count), False), (f"{play.games:,}", False),
                     (percent(term.ended.share), bool(term.capped)),
                     (f"{length.mean:.1f} ({number(length.p10)}–{number(length.p90)}) {unit}", False),
                     (f"{play.seat_advantage.p_value:.3f}", fig.seats_flagged),
                     (" · ".join(percent(rung.won.share) for rung in rungs) + f" ({percent(rungs[0].fair)})",
                      bool(fig.ladder.flags())),
                     (f"{number(scores.mean)} ({number(scores.p10)} to {number(scores.p90)})", False),
                     (number(play.score_spread.margin.median), False),
                     (", ".join(flags) or "none", bool(flags))])
    return rows


def column_widths(rows: list[list[tuple[str, bool]]], width: float, fonts: Fonts) -> list[float]:
    """Each column as wide as its widest cell; room to spare goes to the last, a shortfall shrinks all."""
    needed = [max([stringWidth(name, fonts.bold, 8)] + [stringWidth(row[i][0], fonts.bold, 8.5) for row in rows]) + 12
              for i, name in enumerate(COLUMNS)]
    total = sum(needed)
    if total > width:
        return [w * width / total for w in needed]
    return needed[:-1] + [needed[-1] + width - total]


def summary_table(report: CheckReport, width: float, fonts: Fonts) -> Drawing:
    """Every player count's headline figures in one table."""
    rows = table_rows(report)
    height = 22 + ROW * (len(rows) + 1)
    drawing = Drawing(width, height)
    drawing.add(String(0, height - 11, "Every player count at a glance", fontName=fonts.bold, fontSize=10.5,
                       fillColor=INK))
    widths = column_widths(rows, width, fonts)
    lefts = [sum(widths[:i]) for i in range(len(widths))]
    y = height - 22 - ROW
    drawing.add(Rect(0, y, width, ROW, fillColor=GRID, strokeColor=None))
    for name, column, left in zip(COLUMNS, widths, lefts):
        drawing.add(String(left + 3, y + 5, fit_text(name, fonts.bold, 8, column - 6), fontName=fonts.bold,
                           fontSize=8, fillColor=INK))
    for row in rows:
        y -= ROW
        for (text, warn), column, left in zip(row, widths, lefts):
            drawing.add(String(left + 3, y + 5, fit_text(text, fonts.regular, 8.5, column - 6),
                               fontName=fonts.bold if warn else fonts.regular, fontSize=8.5,
                               fillColor=WARN if warn else INK))
        drawing.add(Line(0, y, width, y, strokeColor=GRID, strokeWidth=0.6))
    return drawing


def count_charts(report: CheckReport, width: float, height: float, fonts: Fonts) -> tuple[Drawing, Drawing]:
    """The ladder's win shares and the game length, by player count."""
    counts = [str(count) for count in report.players]
    plays = [fig.play for fig in report.players.values()]
    ladders = [fig.ladder for fig in report.players.values()]
    rungs = [(count, rung) for count, ladder in zip(counts, ladders) for rung in ladder.rungs]
    flagged = any(ladder.flags() for ladder in ladders)
    greedy = share_chart(Frame(width, height, "Skill ladder, by player count",
                               "g: greedy (1 seat) vs random · s: search (1 seat) vs greedy · 95% intervals · "
                               "dashes: fair share", "players", "win share of the one seat", warn=flagged), fonts,
                         [f"{count}{rung.player[0]}" for count, rung in rungs], [interval_of(r.won) for _, r in rungs],
                         [r.fair for _, r in rungs])
    by_rounds = all(play.length_rounds.max > 0 for play in plays)
    unit = "rounds" if by_rounds else "moves"
    lengths = [spread(play.length_rounds if by_rounds else play.length_moves) for play in plays]
    length = range_chart(Frame(width, height, "Game length, by player count",
                               "line: min–max · box: 10–90% · bar: median · dot: mean", "players", unit), fonts,
                         counts, lengths)
    return greedy, length


def finding_lines(findings: list[str], fonts: Fonts, width: float) -> list[tuple[str, bool]]:
    """Findings wrapped to the width, as (line, warn)."""
    return [(line, True) for finding in findings for line in wrap(finding, fonts.regular, FINDING_SIZE, width)]


def split_findings(findings: list[str], fonts: Fonts, width: float, room_lines: int) -> tuple[list[str], list[str]]:
    """The whole findings that fit in room_lines (keeping a line for "more on the next page"), and the rest."""
    if len(finding_lines(findings, fonts, width)) <= room_lines:
        return findings, []
    used = 0
    for index, finding in enumerate(findings):
        used += len(finding_lines([finding], fonts, width))
        if used > room_lines - 1:
            return findings[:index], findings[index:]
    return findings, []


def seed_lines(report: CheckReport) -> list[tuple[str, bool]]:
    """The master seed, the stalled games' seeds and how to replay one game."""
    lines = [(f"Master seed {report.seed}: every game's seed derives from it, so the same command gives the "
              "same figures on any number of workers.", False)]
    for count, fig in report.players.items():
        seeds = fig.play.termination.stalled_seeds
        if seeds:
            lines.append((f"{count} players, stalled at the safety cap: {', '.join(map(str, seeds))}", True))
    first = next(iter(report.players))
    lines.append((f"Replay one game move by move: {report_replay(report.game, first, report.policy, report.command)}",
                  False))
    return lines


def overview_items(report: CheckReport, fonts: Fonts, width: float, height: float
                   ) -> tuple[list[tuple[Drawing, float, float]], list[str]]:
    """The overview's drawings at (x, y) from the content's bottom left, and the findings left for later pages."""
    table = summary_table(report, width, fonts)
    half, left_width = (width - GAP) / 2, width * 0.6
    top = height - table.height
    wanted = max(len(finding_lines(report.integrity, fonts, left_width)), len(seed_lines(report)) + 2)
    chart_height = max(150.0, top - 2 * GAP - min(TEXT_ROOM, 30 + TEXT_LEADING * wanted))
    greedy, length = count_charts(report, half, chart_height, fonts)
    items = [(table, 0, top), (greedy, 0, top - GAP - chart_height), (length, half + GAP, top - GAP - chart_height)]
    room = top - 2 * GAP - chart_height
    shown, rest = split_findings(report.integrity, fonts, left_width, int((room - 24) // TEXT_LEADING))
    lines = finding_lines(shown, fonts, left_width) + (
        [(f"… {len(rest)} more finding(s) on the following page(s)", True)] if rest else [])
    if not report.integrity:
        lines = [("No findings: the counts the rules fix, the cards they name and every player count's set-up "
                  "match the CSV files.", False)]
    block = Drawing(left_width, room)
    title = f"Deck integrity: {len(report.integrity)} finding(s)" if report.integrity else "Deck integrity: OK"
    text_block(block, title, lines, left_width, room, fonts)
    seeds = Drawing(width - left_width - GAP, room)
    text_block(seeds, "Seeds", seed_lines(report), width - left_width - GAP, room, fonts)
    return items + [(block, 0, 0), (seeds, left_width + GAP, 0)], rest


def findings_pages(findings: list[str], fonts: Fonts, width: float, height: float) -> list[Drawing]:
    """Findings that did not fit on the overview, a page at a time."""
    lines = finding_lines(findings, fonts, width)
    per_page = max(1, int((height - 24) // TEXT_LEADING))
    pages = []
    for start in range(0, len(lines), per_page):
        drawing = Drawing(width, height)
        text_block(drawing, "Deck integrity", lines[start:start + per_page], width, height, fonts)
        pages.append(drawing)
    return pages
