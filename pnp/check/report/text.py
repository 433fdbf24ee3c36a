"""The check report as text: every figure with its 95% interval, the flags, the baseline and any comparison."""

from __future__ import annotations

from pnp.check.report.figures import flags_for


def render_text(report: dict) -> str:
    """The report as a designer reads it."""
    out = [_heading(report), ""]
    out.append("Deck integrity: " + ("OK" if not report["integrity"] else f"{len(report['integrity'])} finding(s)"))
    out += [f"  {finding}" for finding in report["integrity"]]
    for count, fig in report["players"].items():
        out += ["", f"== {count} players =="] + play_lines(fig)
        if "baseline" in fig:
            out += ["", f"-- {count} players, baseline: random play (not the headline) --"]
            out += baseline_lines(fig["baseline"])
    if "against" in report:
        out += [""] + against_lines(report)
    out += ["", f"Reproduce: {report['command']}"]
    return "\n".join(out) + "\n"


def _heading(report: dict) -> str:
    """The first line: how many games, the seed and who played."""
    if report["games"] is not None:
        games = f"{report['games']} games per player count"
    else:
        games = (f"games until every seat's (and symmetric group's) win share is within "
                 f"+-{report['precision']:g} (95%), at most {report['cap']:,}")
    return f"pnp check {report['game']}: {games}, seed {report['seed']}, headline policy {report['policy']}"


def interval(item: dict, key: str = "share", percent: bool = True) -> str:
    """A value with its 95% interval."""
    low, high = item["low" if key == "share" else "mean_low"], item["high" if key == "share" else "mean_high"]
    if percent:
        return f"{item[key]:.1%} [{low:.1%}-{high:.1%}]"
    return f"{item[key]:.4g} [{low:.4g}-{high:.4g}]"


def play_lines(fig: dict) -> list[str]:
    """The lines for one player count: every figure with its 95% interval."""
    term, rounds, seats = fig["termination"], fig["length_rounds"], fig["seat_advantage"]
    lines = [f"Games: {fig['games']}",
             f"Termination: {term['ended_by_rules']}/{fig['games']} ended by the rules "
             f"{interval(term)}; {term['capped']} hit the safety cap"
             + (f" (replay: {', '.join(map(str, term['stalled_seeds'][:5]))})" if term["capped"] else ""),
             f"Length: mean {interval(rounds, 'mean', False)} rounds, median {rounds['median']:g}, "
             f"10-90% {rounds['p10']:g}-{rounds['p90']:g}; moves mean {interval(fig['length_moves'], 'mean', False)}",
             "  " + " ".join((f"[{lo:g}]" if lo == hi else f"[{lo:g}-{hi:g}]") + f":{n}"
                             for lo, hi, n in rounds["histogram"]),
             "Seat win share (95% interval): " + ", ".join(f"seat {s['seat']} {interval(s)}" for s in seats["seats"])]
    lines += symmetry_lines(fig)
    spread = fig["score_spread"]
    lines.append(f"Scores: mean {interval(spread['scores'], 'mean', False)}, 10-90% {spread['scores']['p10']:g} to "
                 f"{spread['scores']['p90']:g}; margin 1st-2nd mean {interval(spread['margin'], 'mean', False)}, "
                 f"median {spread['margin']['median']:g}")
    for pile, ex in fig["exhaustion"].items():
        when = f" (median round {ex['when']['median']:g})" if ex["share"] else ""
        lines.append(f"Pile {pile} ran out in {interval(ex)} of games{when}")
    if "skill" in fig:
        skill = fig["skill"]
        lines.append(f"Skill: greedy wins {interval(skill['greedy'])} against random (fair share "
                     f"{skill['baseline']:.1%})" + ("  <- FLAG: greedy cannot beat random" if skill["flagged"] else ""))
    lines += figure_lines(fig)
    flags = flags_for(fig)
    lines.append("Flags: " + (", ".join(flags) if flags else "none"))
    return lines


def symmetry_lines(fig: dict) -> list[str]:
    """Each group that should come out equal: its test, the corrected p-value and the flag."""
    lines = []
    for test in fig.get("symmetry", []):
        flag = ("  <- seat order matters" if test["group"] == "seats" else f"  <- FLAG: uneven {test['group']}")
        lines.append(f"  equal {test['group']}? {test['test']} p = {test['p_value']:.3g}, corrected "
                     f"p = {test.get('p_adjusted', test['p_value']):.3g}" + (flag if test.get("flagged") else ""))
    return lines


def figure_lines(fig: dict) -> list[str]:
    """The game's own figures: mean per game (or share of games) with the 95% interval."""
    lines = ["Game figures (mean per game, 95% interval):"] if fig["figures"] else []
    for key, value in fig["figures"].items():
        bounds = fig.get("figure_intervals", {}).get(key)
        shown = f"{value:.4g}" + (f" [{bounds['low']:.4g}-{bounds['high']:.4g}]" if bounds else "")
        lines.append(f"  {key}: {shown}")
    return lines


def baseline_lines(base: dict) -> list[str]:
    """The random-play baseline, briefly: termination, length, seats and scores."""
    seats = base["seat_advantage"]["seats"]
    return [f"Termination: {interval(base['termination'])} ended by the rules; length mean "
            f"{interval(base['length_rounds'], 'mean', False)} rounds",
            "Seat win share: " + ", ".join(f"seat {s['seat']} {interval(s)}" for s in seats),
            f"Scores: mean {interval(base['score_spread']['scores'], 'mean', False)}"]


def against_lines(report: dict) -> list[str]:
    """The comparison with the other project: every figure that changed beyond noise, then how many did not."""
    against = report["against"]
    lines = [f"== Against {against['project']}: the same seeds and games, other minus this "
             f"(95% interval; beyond noise: Holm-corrected p < 0.05 over every figure) =="]
    lines += [f"  other project's deck integrity: {finding}" for finding in against["integrity"]]
    for count, fig in report["players"].items():
        rows = fig.get("against", {})
        changed = [(name, row) for name, row in rows.items() if row.get("changed")]
        lines.append(f"{count} players: {len(changed)} of {len(rows)} figures changed beyond noise")
        lines += [f"  {name}: {row['base']:.4g} -> {row['other']:.4g}, difference {row['difference']:+.4g} "
                  f"[{row['low']:+.4g} to {row['high']:+.4g}], corrected p = {row['p_adjusted']:.3g}"
                  for name, row in changed]
    return lines
