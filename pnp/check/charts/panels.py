"""The charts of one player count, made from the report dict: play at a glance, and the game's own figures."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.graphics.shapes import Drawing, Group, Line, String

from pnp.check.charts.kit import (
    INK,
    MUTED,
    TICK_SIZE,
    WARN,
    Fonts,
    Frame,
    Interval,
    Spread,
    fit_text,
    head_height,
    heading,
    number,
    percent,
    plural,
    wrap,
)
from pnp.check.charts.plots import Rows, bar_rows, histogram_chart, range_chart, share_chart
from pnp.check.report.figures import seats_flagged

TEXT_LEADING = 11.5


def spread(stats: dict) -> Spread:
    """A summary dict (min, p10, median, mean, p90, max) as a range to draw."""
    return Spread(stats["min"], stats["p10"], stats["median"], stats["mean"], stats["p90"], stats["max"])


def mean_ci(stats: dict) -> str:
    """A mean's 95% interval as a bracket after it (nothing for a report without one)."""
    if "mean_low" not in stats:
        return ""
    return f" [{number(stats['mean_low'])}–{number(stats['mean_high'])}]"


def length_chart(fig: dict, width: float, height: float, fonts: Fonts) -> Drawing:
    """Histogram of game length in rounds (in moves when the game counts no rounds), stalled games flagged."""
    rounds, moves = fig["length_rounds"], fig["length_moves"]
    stats, unit = (rounds, "rounds") if rounds["max"] > 0 else (moves, "moves")
    note = (f"mean {stats['mean']:.1f}{mean_ci(stats)}, median {number(stats['median'])}, "
            f"10–90% {number(stats['p10'])}–{number(stats['p90'])} {unit}")
    capped = fig["termination"]["capped"]
    if capped:
        note = f"{capped} game(s) stopped at the safety cap · " + note
    frame = Frame(width, height, "Game length", note, f"{unit} per game", "games", warn=bool(capped))
    return histogram_chart(frame, fonts, stats.get("histogram", []))


def seat_chart(fig: dict, count: int, width: float, height: float, fonts: Fonts) -> Drawing:
    """Win share per seat with Wilson intervals against the fair share 1/k."""
    seats = fig["seat_advantage"]
    warn = seats_flagged(fig)
    note = (f"95% intervals · dashed: fair share {percent(1 / count)} · χ² p = {seats['p_value']:.3f} "
            f"(corrected {seats.get('p_adjusted', seats['p_value']):.3f})")
    frame = Frame(width, height, "Seat win share" + (": seat order matters" if warn else ""), note,
                  "seat (1 plays first)", "win share", warn=warn)
    shares = [Interval(s["share"], s["low"], s["high"]) for s in seats["seats"]]
    return share_chart(frame, fonts, [str(s["seat"]) for s in seats["seats"]], shares, [1 / count])


def skill_chart(report: dict, fig: dict, count: int, width: float, height: float, fonts: Fonts) -> Drawing:
    """Greedy against random with its interval and the fair share, then how the games ended and the seeds."""
    skill, term = fig["skill"], fig["termination"]
    greedy = skill["greedy"]
    frame = Frame(width, 0, "Skill" + (": greedy cannot beat random" if skill["flagged"] else ""),
                  f"greedy in 1 seat vs random · {plural(skill['games'], 'game')} · dashed: fair",
                  warn=skill["flagged"])
    bars = bar_rows(frame, fonts, Rows(["greedy"], [greedy["share"]], [percent(greedy["share"])],
                                       [Interval(greedy["share"], greedy["low"], greedy["high"])], share=True,
                                       fair=skill["baseline"]))
    drawing = Drawing(width, height)
    drawing.add(_shifted(bars, height - bars.height))
    lines = [(f"Greedy wins {percent(greedy['share'])} (95%: {percent(greedy['low'])}–{percent(greedy['high'])}); "
              f"a fair share is {percent(skill['baseline'])}.", skill["flagged"]),
             (f"Ended by the rules: {term['ended_by_rules']:,} of {plural(fig['games'], 'game')} "
              f"({percent(term['share'])}).", False),
             (f"Stopped at the safety cap: {term['capped']:,}.", bool(term["capped"]))]
    if term["stalled_seeds"]:
        lines.append((f"Replay: pnp check {report['game']} --players {count} --policy {report['policy']} "
                      f"--replay SEED, SEED one of {', '.join(map(str, term['stalled_seeds'][:8]))}", True))
    lines.append((f"Seeds: master seed {report['seed']}; every game's seed derives from it.", False))
    text_block(drawing, "How the games ended", lines, width, height - bars.height - 14, fonts)
    return drawing


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


def score_chart(fig: dict, width: float, height: float, fonts: Fonts) -> Drawing:
    """Histogram of every seat's final score."""
    scores = fig["score_spread"]["scores"]
    note = (f"all seats · mean {number(scores['mean'])}{mean_ci(scores)}, median {number(scores['median'])}, "
            f"10–90% {number(scores['p10'])} to {number(scores['p90'])}")
    return histogram_chart(Frame(width, height, "Scores", note, "final score", "seats"), fonts,
                           scores.get("histogram", []))


def seat_score_chart(fig: dict, width: float, height: float, fonts: Fonts) -> Drawing:
    """Each seat's score range: min-max, 10-90%, median and mean."""
    seats = fig["score_spread"].get("by_seat", [])
    frame = Frame(width, height, "Scores by seat", "line: min–max · box: 10–90% · bar: median · dot: mean",
                  "seat", "final score")
    return range_chart(frame, fonts, [str(i + 1) for i in range(len(seats))], [spread(s) for s in seats])


def margin_chart(fig: dict, width: float, height: float, fonts: Fonts) -> Drawing:
    """Histogram of the winner's lead over the runner-up."""
    margin = fig["score_spread"]["margin"]
    note = (f"median {number(margin['median'])}, mean {number(margin['mean'])}{mean_ci(margin)}, "
            f"90% of games within {number(margin['p90'])}")
    return histogram_chart(Frame(width, height, "Margin, first to second", note, "points ahead", "games"), fonts,
                           margin.get("histogram", []))


@dataclass(frozen=True)
class FigureGroup:
    """Game figures matching one pattern (effect_used.*, ability.*.points), drawn as one bar chart."""

    pattern: str
    labels: list[str]
    values: list[float]
    intervals: Sequence[Interval] = ()  # each value's 95% interval, when the report has them

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


def figure_groups(figures: dict, intervals: dict | None = None
                  ) -> tuple[list[FigureGroup], list[tuple[str, float, dict | None]]]:
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
            bounds = [Interval(figures[key], intervals[key]["low"], intervals[key]["high"])
                      for _, key in items if key in intervals]
            groups.append(FigureGroup(pattern, [readable(label) for label, _ in items],
                                      [figures[key] for _, key in items], bounds if len(bounds) == len(items) else []))
        else:
            single += [(readable(key), figures[key], intervals.get(key)) for _, key in items]
    return groups, single


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


def exhaustion_charts(fig: dict, width: float, max_rows: int, fonts: Fonts) -> list[Drawing]:
    """Share of games each pile ran out, with intervals and the median round it happened."""
    piles = sorted(fig["exhaustion"].items(), key=lambda item: _natural(item[0]))
    charts = []
    for start in range(0, len(piles), max_rows):
        part = piles[start:start + max_rows]
        frame = Frame(width, 0, "Piles running out", "share of games a pile ran out, 95% intervals · "
                      "median round it ran out", x_label="share of games")
        texts = [percent(ex["share"]) + (f" · round {number(ex['when']['median'])}" if ex["share"] else "")
                 for _, ex in part]
        intervals = [Interval(ex["share"], ex["low"], ex["high"]) for _, ex in part]
        charts.append(bar_rows(frame, fonts, Rows([readable(p) for p, _ in part], [ex["share"] for _, ex in part],
                                                  texts, intervals, share=True)))
    return charts


def value_table(title: str, rows: list[tuple], width: float, fonts: Fonts, note: str = "mean per game") -> Drawing:
    """Named values (name, value[, interval dict or None]) as a two-column list under a title."""
    frame = Frame(width, 0, title, note + (" · [95% interval]" if any(r[2:] for r in rows) else ""))
    head = head_height(frame, fonts) + 4
    height = head + len(rows) * 13.0
    drawing = Drawing(width, height)
    heading(drawing, dataclasses.replace(frame, height=height), fonts)
    y = height - head - 9
    for name, value, *bounds in rows:
        shown = number(value) + (f"  [{number(bounds[0]['low'])}–{number(bounds[0]['high'])}]"
                                 if bounds and bounds[0] else "")
        drawing.add(String(0, y, fit_text(name, fonts.regular, TICK_SIZE + 0.5, width - 130), fontName=fonts.regular,
                           fontSize=TICK_SIZE + 0.5, fillColor=INK))
        drawing.add(String(width - 4, y, shown, fontName=fonts.regular, fontSize=TICK_SIZE + 0.5,
                           fillColor=INK, textAnchor="end"))
        drawing.add(Line(0, y - 3.5, width - 4, y - 3.5, strokeColor=MUTED, strokeWidth=0.2))
        y -= 13
    return drawing


def figure_charts(fig: dict, width: float, max_rows: int, fonts: Fonts) -> list[Drawing]:
    """Every chart of the figures pages: piles, figure groups, then the single figures as a table."""
    groups, single = figure_groups(fig["figures"], fig.get("figure_intervals"))
    uneven = {test["group"] for test in fig.get("symmetry", []) if test.get("flagged")}
    charts = exhaustion_charts(fig, width, max_rows, fonts)
    for group in groups:
        charts += group_charts(group, width, max_rows, fonts, group.pattern in uneven)
    for start in range(0, len(single), max_rows):
        charts.append(value_table("Other figures", single[start:start + max_rows], width, fonts))
    return charts
