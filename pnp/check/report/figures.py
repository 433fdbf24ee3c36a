"""Turn simulated games into the figures a designer reads: the report dict (for --json) and its text."""

from __future__ import annotations

from pnp.check.core import GameRecord
from pnp.check.play.chunks import EXHAUSTED, Results
from pnp.check.stats.describe import chi_square_uniform, histogram, summary, wilson
from pnp.check.stats.inference import Moments, mean_interval, mean_moments


def seat_wins(records: list[GameRecord], players: int) -> list[float]:
    """Games won per seat, a tie's win shared among its winners."""
    wins = [0.0] * players
    for record in records:
        for seat in record.winners:
            wins[seat] += 1.0 / len(record.winners)
    return wins


def seat_figures(records: list[GameRecord], players: int) -> dict:
    """Win share per seat with Wilson intervals (ties shared) and a chi-square test against 1/k."""
    wins = seat_wins(records, players)
    statistic, p_value = chi_square_uniform(wins)
    seats = [{"seat": seat + 1, "wins": round(w, 6), **wilson(w, len(records)).as_dict()}
             for seat, w in enumerate(wins)]
    return {"seats": seats, "chi_square": round(statistic, 6), "p_value": round(p_value, 6)}


def distribution(values: list[float]) -> dict:
    """Summary of per-game values, the mean's 95% interval (Student's t) and the standard deviation."""
    m = mean_moments(values)
    interval = mean_interval(m)
    return {**summary(values), "mean_low": round(interval.low, 6), "mean_high": round(interval.high, 6),
            "sd": round(m.variance ** 0.5, 6)}


def score_figures(records: list[GameRecord], players: int) -> dict:
    """Distribution of scores (all seats and per seat) and of the margin between first and second."""
    scores = [s for r in records for s in r.scores]
    margins = first_margins(records)
    by_seat = [distribution([r.scores[seat] for r in records if len(r.scores) > seat]) for seat in range(players)]
    return {"scores": {**distribution(scores), "histogram": histogram(scores)},
            "margin": {**distribution(margins), "histogram": histogram(margins)}, "by_seat": by_seat}


def first_margins(records: list[GameRecord]) -> list[float]:
    """Per game with two or more players, the best score minus the second best."""
    ranked = (sorted(r.scores) for r in records if len(r.scores) > 1)
    return [scores[-1] - scores[-2] for scores in ranked]


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
    return {key: round(moments(slot, games).mean, 6) for key, slot in sorted(totals.items())}


def moments(slot: list[float], games: int) -> Moments:
    """A game figure's moments from its running sums (games counts every game of the run)."""
    total, skipped, squares, above_one = slot
    return Moments(total, squares, games - int(skipped), not above_one)


def figure_intervals(totals: dict[str, list[float]], games: int) -> dict:
    """Every game-specific figure's 95% interval: Wilson for a share (values in 0-1), Student's t for a mean."""
    out = {}
    for key, slot in sorted(totals.items()):
        m = moments(slot, games)
        interval = mean_interval(m)
        out[key] = {"low": round(interval.low, 6), "high": round(interval.high, 6), "games": m.games,
                    "kind": "share" if m.share else "mean", "sd": round(m.variance ** 0.5, 6)}
    return out


def play_figures(results: Results, players: int, piles: tuple[str, ...] = ()) -> dict:
    """Everything measured for one player count."""
    records = results.records
    ended = sum(r.ended_by_rules for r in records)
    return {
        "games": len(records),
        "termination": {"ended_by_rules": ended, "capped": len(records) - ended,
                        **wilson(ended, len(records)).as_dict(),
                        "stalled_seeds": [r.seed for r in records if not r.ended_by_rules][:20]},
        "length_moves": {**distribution([r.moves for r in records]),
                         "histogram": histogram([r.moves for r in records])},
        "length_rounds": {**distribution([r.rounds for r in records]),
                          "histogram": histogram([r.rounds for r in records])},
        "seat_advantage": seat_figures(records, players),
        "score_spread": score_figures(records, players),
        "exhaustion": exhaustion(records, piles),
        "figures": game_figures(results.totals, len(records)),
        "figure_intervals": figure_intervals(results.totals, len(records)),
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


def seats_flagged(fig: dict) -> bool:
    """Whether the seats' equal-share test is flagged (after the correction for every group compared)."""
    return any(test["group"] == "seats" and test.get("flagged") for test in fig.get("symmetry", []))


def flags_for(fig: dict) -> list[str]:
    """The findings for one player count a designer must not miss."""
    flags = []
    if fig["termination"]["capped"]:
        flags.append(f"{fig['termination']['capped']} stalled game(s)")
    for test in fig.get("symmetry", []):
        if test.get("flagged"):
            flags.append("seat order matters" if test["group"] == "seats" else f"uneven {test['group']}")
    if fig.get("skill", {}).get("flagged"):
        flags.append("greedy cannot beat random")
    return flags
