"""`--vary` as text: per swept cell a line per value, the balance, and for ±N over every row the cards ranked."""

from __future__ import annotations

from pnp.check.figures.compare import FigureChange
from pnp.check.report import CountFigures
from pnp.check.sweep.figures import Balance, Sensitivity, SweepFigures, SweepValue, SweptCellFigures
from pnp.check.text.cards import points, points_within

RULES = {"fair": "the card's holders win their fair share", "seats": "the seats' win shares most even"}
RANKED = 10  # cards listed at each end of a ±N ranking


def sweep_lines(players: dict[int, CountFigures]) -> list[str]:
    """Every sweep of every player count."""
    lines: list[str] = []
    for count, fig in players.items():
        for sweep in fig.sweeps or ():
            each = "variant" if sweep.ranking is not None else "value"
            lines += ["", f"== Sweep {sweep.vary}, {count} players: {sweep.games} games a {each}, the same seeds "
                          f"for every {each}, each compared game by game with the file as it is =="]
            lines += _ranking_lines(sweep) if sweep.ranking is not None else _cell_sections(sweep)
    return lines


def _cell_sections(sweep: SweepFigures) -> list[str]:
    """Each swept cell: a line per value and the balance."""
    lines = []
    for cell in sweep.cells:
        lines.append(f"{cell.label}: {cell.base or '(empty)'} in the file; per value: win share by seat, rounds, "
                     f"the card's own impact{_event(cell)} (95% intervals; change: value minus the file, paired)")
        lines += ["  " + value_line(cell, value) for value in cell.values]
        lines.append("  " + balance_line(cell.balance, sweep.balance))
    return lines


def _event(cell: SweptCellFigures) -> str:
    """Which impact is shown: the win share of the seats that held it minus the rest."""
    return f" ({cell.event}: win share with the card minus without)" if cell.event else ""


def value_line(cell: SweptCellFigures, value: SweepValue) -> str:
    """One value: its seats' win shares, the game length and the card's impact, each with its change."""
    seats = ", ".join(f"seat {seat} {share.share:.1%} [{share.low:.1%}-{share.high:.1%}]{_changed(change)}"
                      for seat, (share, change) in enumerate(zip(value.seats, value.seat_changes), start=1))
    length = value.length
    parts = [f"{cell.column} = {value.value}: {seats}",
             f"rounds {length.mean:.4g} [{length.low:.4g}-{length.high:.4g}]{_changed(value.length_change)}"]
    if value.impact is not None:
        impact = value.impact
        change = value.impact_change
        shift = (f" (change {points_within(change.difference, change.low, change.high)})"
                 if change is not None else "")
        parts.append(f"{cell.event} {points_within(impact.difference, impact.low, impact.high)}{shift}")
    return "; ".join(parts)


def _changed(change: FigureChange) -> str:
    """A figure's change against the file when its interval leaves 0 out."""
    if change.low <= 0 <= change.high:
        return ""
    scale = 100 if change.test == "McNemar exact" or abs(change.base) <= 1 else 1
    unit = " pt" if scale == 100 else ""
    return f" ({change.difference * scale:+.1f}{unit})"


def balance_line(balance: Balance | None, rule: str) -> str:
    """The value nearest the balance asked for, with the figure that decides it."""
    if balance is None:
        return f"balance ({rule}: {RULES[rule]}): no value measures it (the card shows in no card event)"
    if balance.rule == "fair":
        figure = f"{balance.figure} {points_within(balance.estimate, balance.low, balance.high)}"
    else:
        figure = (f"{balance.figure} {balance.estimate:.1%} [{balance.low:.1%}-{balance.high:.1%}] "
                  f"against a fair {balance.target:.1%}")
    return f"balance ({rule}: {RULES[rule]}): {balance.value}, {figure}"


def _ranking_lines(sweep: SweepFigures) -> list[str]:
    """A ±N sweep over every row: the cards ranked by how much their own impact moves per unit of the value."""
    ranking = sweep.ranking or []
    step = sweep.step
    lines = [f"{len(ranking)} rows swept (each -{step} and +{step}); ranked by the change of the card's own "
             f"impact per unit of the value (every card in the JSON and the PDF report):"]
    shown = ranking if len(ranking) <= 2 * RANKED else ranking[:RANKED]
    lines += ["  " + sensitivity_line(row, step or 1) for row in shown]
    if len(shown) < len(ranking):
        lines.append(f"  ... {len(ranking) - len(shown)} more")
    return lines


def sensitivity_line(row: Sensitivity, step: int) -> str:
    """One card's response: per unit, and the change at -N and at +N with their intervals."""
    impact = f"impact {points(row.impact)} a unit" if row.impact is not None else "no impact measured"
    sides = [f"{sign}{step}: {points_within(change.difference, change.low, change.high)}"
             for sign, change in (("-", row.down), ("+", row.up)) if change is not None]
    return "; ".join([f"{row.name} ({row.file} row {row.row}, {row.base})", impact, *sides,
                      f"seats: largest win-share change {points(row.seats)} a unit"])
