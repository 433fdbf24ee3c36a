"""Turn simulated games into the figures a designer reads: the report dict (for --json) and its text."""

from __future__ import annotations


from pnp.check.core import GameRecord
from pnp.check.runner import EXHAUSTED, Results
from pnp.check.stats import chi_square_uniform, histogram, summary, wilson

SEAT_ORDER_P = 0.01  # a chi-square p-value below this flags "seat order matters"


def seat_figures(records: list[GameRecord], players: int) -> dict:
    """Win share per seat with Wilson intervals (ties shared) and a chi-square test against 1/k."""
    wins = [0.0] * players
    for record in records:
        for seat in record.winners:
            wins[seat] += 1.0 / len(record.winners)
    statistic, p_value = chi_square_uniform(wins)
    seats = [{"seat": seat + 1, "wins": round(w, 6), **wilson(w, len(records)).as_dict()} for seat, w in enumerate(wins)]
    return {"seats": seats, "chi_square": round(statistic, 6), "p_value": round(p_value, 6)}


def score_figures(records: list[GameRecord], players: int) -> dict:
    """Distribution of scores (all seats and per seat) and of the margin between first and second."""
    scores = [s for r in records for s in r.scores]
    margins = [sorted(r.scores)[-1] - sorted(r.scores)[-2] for r in records if len(r.scores) > 1]
    by_seat = [summary([r.scores[seat] for r in records if len(r.scores) > seat]) for seat in range(players)]
    return {"scores": {**summary(scores), "histogram": histogram(scores)},
            "margin": {**summary(margins), "histogram": histogram(margins)}, "by_seat": by_seat}


def exhaustion(records: list[GameRecord], piles: tuple[str, ...] = ()) -> dict:
    """Per pile (every pile the game names, and any that ran out): the share of games it ran out, and when."""
    when: dict[str, list[float]] = {pile: [] for pile in piles}
    for record in records:
        for key, value in record.figures.items():
            if key.startswith(EXHAUSTED):
                when.setdefault(key[len(EXHAUSTED):], []).append(value)
    return {pile: {**wilson(len(times), len(records)).as_dict(), "when": summary(times)}
            for pile, times in sorted(when.items())}


def game_figures(totals: dict[str, list[float]], games: int) -> dict:
    """Mean of every game-specific figure: absent counts as 0, not applicable (None) not at all."""
    return {key: round(total / max(1, games - skipped), 6) for key, (total, skipped) in sorted(totals.items())}


def play_figures(results: Results, players: int, piles: tuple[str, ...] = ()) -> dict:
    """Everything measured for one player count."""
    records = results.records
    ended = sum(r.ended_by_rules for r in records)
    return {
        "games": len(records),
        "termination": {"ended_by_rules": ended, "capped": len(records) - ended,
                        **wilson(ended, len(records)).as_dict(),
                        "stalled_seeds": [r.seed for r in records if not r.ended_by_rules][:20]},
        "length_moves": {**summary([r.moves for r in records]), "histogram": histogram([r.moves for r in records])},
        "length_rounds": {**summary([r.rounds for r in records]),
                          "histogram": histogram([r.rounds for r in records])},
        "seat_advantage": seat_figures(records, players),
        "score_spread": score_figures(records, players),
        "exhaustion": exhaustion(records, piles),
        "figures": game_figures(results.totals, len(records)),
    }


def skill_figures(by_seat: list[Results], players: int) -> dict:
    """Greedy in one seat against random elsewhere, seats rotated: greedy's win share against 1/k."""
    wins = 0.0
    for seat, results in enumerate(by_seat):
        wins += sum(1.0 / len(r.winners) for r in results.records if seat in r.winners)
    games = sum(len(results.records) for results in by_seat)
    share = wilson(wins, games)
    baseline = 1.0 / players
    return {"greedy": share.as_dict(), "baseline": round(baseline, 6), "games": games,
            "flagged": share.high <= baseline}


def flags_for(fig: dict) -> list[str]:
    """The findings for one player count a designer must not miss."""
    flags = []
    if fig["termination"]["capped"]:
        flags.append(f"{fig['termination']['capped']} stalled game(s)")
    if fig["seat_advantage"]["p_value"] < SEAT_ORDER_P:
        flags.append("seat order matters")
    if fig.get("skill", {}).get("flagged"):
        flags.append("greedy cannot beat random")
    return flags


def render_text(report: dict) -> str:
    """The report as a designer reads it."""
    out = [f"pnp check {report['game']}: {report['games']} games per player count, seed {report['seed']}, "
           f"policy {report['policy']}", ""]
    out.append("Deck integrity: " + ("OK" if not report["integrity"] else f"{len(report['integrity'])} finding(s)"))
    out += [f"  {finding}" for finding in report["integrity"]]
    for count, fig in report["players"].items():
        out += ["", f"== {count} players =="] + _text_for(fig)
    out += ["", f"Reproduce: {report['command']}"]
    return "\n".join(out) + "\n"


def _text_for(fig: dict) -> list[str]:
    """The lines for one player count."""
    term, rounds, seats = fig["termination"], fig["length_rounds"], fig["seat_advantage"]
    lines = [f"Termination: {term['ended_by_rules']}/{fig['games']} ended by the rules "
             f"({term['share']:.1%}); {term['capped']} hit the safety cap"
             + (f" (replay: {', '.join(map(str, term['stalled_seeds'][:5]))})" if term["capped"] else ""),
             f"Length: mean {rounds['mean']:.1f} rounds, median {rounds['median']:g}, "
             f"10-90% {rounds['p10']:g}-{rounds['p90']:g}; moves mean {fig['length_moves']['mean']:.1f}",
             "  " + " ".join((f"[{lo:g}]" if lo == hi else f"[{lo:g}-{hi:g}]") + f":{n}"
                             for lo, hi, n in rounds["histogram"]),
             "Seat win share (95% interval): " + ", ".join(
                 f"seat {s['seat']} {s['share']:.1%} [{s['low']:.1%}-{s['high']:.1%}]" for s in seats["seats"]),
             f"  chi-square {seats['chi_square']:.2f}, p = {seats['p_value']:.3f}"
             + ("  <- seat order matters" if seats["p_value"] < SEAT_ORDER_P else "")]
    spread = fig["score_spread"]
    lines.append(f"Scores: mean {spread['scores']['mean']:.1f}, 10-90% {spread['scores']['p10']:g} to "
                 f"{spread['scores']['p90']:g}; margin 1st-2nd median {spread['margin']['median']:g}")
    for pile, ex in fig["exhaustion"].items():
        when = f" (median round {ex['when']['median']:g})" if ex["share"] else ""
        lines.append(f"Pile {pile} ran out in {ex['share']:.1%} of games{when}")
    if "skill" in fig:
        skill = fig["skill"]
        lines.append(f"Skill: greedy wins {skill['greedy']['share']:.1%} [{skill['greedy']['low']:.1%}-"
                     f"{skill['greedy']['high']:.1%}] against random (fair share {skill['baseline']:.1%})"
                     + ("  <- FLAG: greedy cannot beat random" if skill["flagged"] else ""))
    lines += [f"  {key}: {value:g}" for key, value in fig["figures"].items()]
    return lines
