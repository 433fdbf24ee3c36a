"""The check report as text: every figure with its 95% interval, the flags, the baseline and any comparison."""

from __future__ import annotations

from pnp.check.figures.compare import Comparison, FigureChange
from pnp.check.figures.ladder import Ladder
from pnp.check.figures.play import PlayFigures
from pnp.check.figures.values import Distribution, ShareFigure
from pnp.check.report import CheckReport, CountFigures, Report
from pnp.check.stats.describe import p_text
from pnp.check.text.cards import card_change_lines, card_flags, card_lines
from pnp.check.text.commands import report_replay
from pnp.check.text.deal import deal_lines, integrity_lines, render_deal_only
from pnp.check.text.sweep import sweep_lines


def render_text(report: Report) -> str:
    """The report as a designer reads it."""
    if not isinstance(report, CheckReport):
        return render_deal_only(report)
    out = [_heading(report), ""] + integrity_lines(report.integrity)
    for count, fig in report.players.items():
        out += ["", f"== {count} players =="] + play_lines(fig) + _stalled(report, count, fig.play)
        if fig.baseline is not None:
            out += ["", f"-- {count} players, baseline: random play (not the headline)"
                        f"{played_to(fig.baseline.play.games, fig.baseline.precision)} --"]
            out += baseline_lines(fig.baseline.play)
    if report.against is not None:
        out += [""] + against_lines(report.against, report.players)
    out += sweep_lines(report.players)
    out += ["", f"Reproduce: {report.command}"]
    deal = ["", *deal_lines(report.deal)] if report.deal is not None else []
    return "\n".join(out + deal) + "\n"


def _heading(report: CheckReport) -> str:
    """The first line: how many games, the seed and who played."""
    if report.games is not None:
        games = f"{report.games} games per player count"
    else:
        games = (f"games until every seat's (and symmetric group's) win share is within "
                 f"+-{report.precision:g} (95%), at most {report.cap:,}")
    return f"pnp check {report.game}: {games}, seed {report.seed}, headline policy {report.policy}"


def _stalled(report: CheckReport, count: int, play: PlayFigures) -> list[str]:
    """How to replay a game that hit the safety cap."""
    if not play.termination.stalled_seeds:
        return []
    return [f"Replay a stalled game: {report_replay(report.game, count, report.policy, report.command)} "
            "(SEED: one on the Termination line)"]


def share_text(share: ShareFigure) -> str:
    """A share with its 95% interval, as percentages."""
    return f"{share.share:.1%} [{share.low:.1%}-{share.high:.1%}]"


def mean_text(stats: Distribution) -> str:
    """A distribution's mean with its 95% interval."""
    return f"{stats.mean:.4g} [{stats.mean_low:.4g}-{stats.mean_high:.4g}]"


def play_lines(fig: CountFigures) -> list[str]:
    """The lines for one player count: every figure with its 95% interval."""
    play = fig.play
    lines = _length_lines(play)
    lines.append("Seat win share (95% interval): " + ", ".join(f"seat {s.seat} {share_text(s.won)}"
                                                               for s in play.seat_advantage.seats))
    lines += symmetry_lines(fig)
    scores, margin = play.score_spread.scores, play.score_spread.margin
    lines.append(f"Scores: mean {mean_text(scores)}, 10-90% {scores.p10:g} to {scores.p90:g}; "
                 f"margin 1st-2nd mean {mean_text(margin)}, median {margin.median:g}")
    for pile, ex in play.exhaustion.items():
        when = f" (median round {ex.when.median:g})" if ex.ran_out.share else ""
        lines.append(f"Pile {pile} ran out in {share_text(ex.ran_out)} of games{when}")
    lines += ladder_lines(fig.ladder, play.seat_advantage.seats)
    lines += figure_lines(play)
    lines += card_lines(fig.cards)
    flags = fig.flags() + card_flags(fig.cards)
    lines.append("Flags: " + (", ".join(flags) if flags else "none"))
    return lines


def played_to(games: int, precision: float | None) -> str:
    """How far a run beside the headline was played, when it had a precision of its own: ', 800 games to +-3 pt'."""
    return "" if precision is None else f", {games:,} games to +-{precision * 100:g} pt"


def _to(precision: float | None) -> str:
    """'; played to +-3 pt' for a rung played to a precision of its own."""
    return "" if precision is None else f"; played to +-{precision * 100:g} pt"


def ladder_lines(ladder: Ladder, seats: list) -> list[str]:
    """The skill ladder: each player in one seat (seats rotated) against the one below it, and its flags."""
    players = len(seats)
    lines = [f"Skill ladder (one player in one seat, seats rotated, against another in every other seat; "
             f"headline: {ladder.headline}):"]
    for rung in ladder.rungs:
        probe = f"; search probe, {rung.budget} playouts a decision" if rung.budget is not None else ""
        verdict = "beats them" if rung.beats else "cannot beat them" if rung.cannot_beat else "within noise"
        if rung.verdict is not None:
            probe += (f"; paired with greedy's games on the same deals; sequential test, {rung.level:.2%} "
                      f"interval, a wrong verdict at most 5%")
            verdict = rung.verdict
        lines.append(f"  {rung.name(players)}: wins {share_text(rung.won)} of {rung.games:,} games{probe} "
                     f"(fair {rung.fair:.1%}{_to(rung.precision)}): {verdict}")
    if ladder.search is not None:
        lines.append(f"  search: not measured: {ladder.search}")
    lines += [f"  <- FLAG: {flag}" for flag in ladder.flags()]
    return lines


def _length_lines(play: PlayFigures) -> list[str]:
    """Games, how they ended, and how long they took."""
    term, rounds = play.termination, play.length_rounds
    stalled = f" (replay: {', '.join(map(str, term.stalled_seeds[:5]))})" if term.capped else ""
    return [f"Games: {play.games}",
            f"Termination: {term.ended_by_rules}/{play.games} ended by the rules {share_text(term.ended)}; "
            f"{term.capped} hit the safety cap" + stalled,
            f"Length: mean {mean_text(rounds)} rounds, median {rounds.median:g}, 10-90% {rounds.p10:g}-{rounds.p90:g}; "
            f"moves mean {mean_text(play.length_moves)}",
            "  " + " ".join((f"[{lo:g}]" if lo == hi else f"[{lo:g}-{hi:g}]") + f":{n}"
                            for lo, hi, n in rounds.histogram or [])]


def symmetry_lines(fig: CountFigures) -> list[str]:
    """Each group that should come out equal: its test, the corrected p-value and the flag."""
    lines = []
    for test in fig.symmetry:
        flag = "  <- seat order matters" if test.seats else f"  <- FLAG: uneven {test.group}"
        adjusted = test.p_adjusted if test.p_adjusted is not None else test.p_value
        lines.append(f"  equal {test.group}? {test.test} p {p_text(test.p_value)}, corrected p {p_text(adjusted)}"
                     + (flag if test.flagged else ""))
    return lines


def figure_lines(play: PlayFigures) -> list[str]:
    """The game's own figures: mean per game (or share of games) with the 95% interval."""
    lines = ["Game figures (mean per game, 95% interval):"] if play.figures else []
    for key, value in play.figures.items():
        bounds = play.figure_intervals.get(key)
        shown = f"{value:.4g}" + (f" [{bounds.low:.4g}-{bounds.high:.4g}]" if bounds else "")
        lines.append(f"  {key}: {shown}")
    return lines


def baseline_lines(base: PlayFigures) -> list[str]:
    """The random-play baseline, briefly: termination, length, seats and scores."""
    return [f"Termination: {share_text(base.termination.ended)} ended by the rules; length mean "
            f"{mean_text(base.length_rounds)} rounds",
            "Seat win share: " + ", ".join(f"seat {s.seat} {share_text(s.won)}" for s in base.seat_advantage.seats),
            f"Scores: mean {mean_text(base.score_spread.scores)}"]


def against_lines(against: Comparison, players: dict[int, CountFigures]) -> list[str]:
    """The comparison with the other project: every figure that changed beyond noise, then how many did not."""
    lines = [f"== Against {against.project}: the same seeds and games, other minus this, game by game "
             f"(95% interval; shares: McNemar's exact test, means: paired t; beyond noise: Holm-corrected "
             f"p < 0.05 over every figure, and apart over every card) =="]
    lines += [f"  other project's deck integrity: {finding}" for finding in against.integrity]
    for count, fig in players.items():
        rows = fig.against or {}
        changed = [(name, row) for name, row in rows.items() if row.changed]
        lines.append(f"{count} players: {len(changed)} of {len(rows)} figures changed beyond noise")
        lines += [f"  {name}: {row.base:.4g} -> {row.other:.4g}, difference {row.difference:+.4g} "
                  f"[{row.low:+.4g} to {row.high:+.4g}], corrected p {p_text(_adjusted(row))}"
                  for name, row in changed]
        lines += card_change_lines(fig.card_changes)
    return lines


def _adjusted(row: FigureChange) -> float:
    """A figure change's corrected p-value (its own before the correction)."""
    return row.p_adjusted if row.p_adjusted is not None else row.p_value
