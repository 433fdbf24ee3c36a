"""Deal-and-draw counts turned into figures: shares with Wilson 95% intervals beside the exact values."""

from __future__ import annotations

import math

from pnp.check.deal.shuffle import Deal, Tally, rounds_available
from pnp.check.deal.spec import Question
from pnp.check.stats import exact
from pnp.check.stats.describe import Z95, wilson


def share(successes: int, trials: int, exact_value: float | None = None) -> dict:
    """A share with its Wilson interval, and the exact value when there is one."""
    figure = wilson(successes, trials).as_dict()
    if exact_value is not None:
        figure["exact"] = round(exact_value, 6)
    return figure


def mean_of(histogram: dict[int, int], exact_value: float | None = None) -> dict:
    """Mean of whole numbers given as {value: times}, with a normal 95% interval."""
    n = sum(histogram.values())
    if n == 0:
        return {"mean": None, "low": None, "high": None, "n": 0}
    mean = sum(v * c for v, c in histogram.items()) / n
    variance = sum(c * (v - mean) ** 2 for v, c in histogram.items()) / max(1, n - 1)
    half = Z95 * math.sqrt(variance / n)
    figure = {"mean": round(mean, 6), "low": round(mean - half, 6), "high": round(mean + half, 6), "n": n}
    if exact_value is not None:
        figure["exact"] = round(exact_value, 6)
    return figure


def seat_one_seen(size: int, deal: Deal) -> list[int]:
    """Cards seat 1 has seen by each turn 0..deal.turns: its hand, then its draws (first each round) while they last."""
    pile, seen = size - deal.players * deal.hand, [deal.hand]
    for turn in range(1, deal.turns + 1):
        start = (turn - 1) * deal.players * deal.draw
        seen.append(seen[-1] + max(0, min(deal.draw, pile - start)))
    return seen


def hand_figure(question: Question, counts: dict, tally: Tally, size: int, matching: int, deal: Deal) -> dict:
    """P(a hand meets the bound): seat 1 (exact: hypergeometric), any hand, every hand."""
    if question.at_most is not None:
        closed = exact.hand_at_most(size, matching, deal.hand, question.at_most)
        condition = f"at most {question.at_most}"
    else:
        assert question.at_least is not None  # a hand_has question has one bound
        closed = exact.hand_at_least(size, matching, deal.hand, question.at_least)
        condition = f"at least {question.at_least}"
    n = tally.shuffles
    return {"condition": condition, "player": share(counts.get("player", 0), n, closed),
            "any_player": share(counts.get("any", 0), n), "every_player": share(counts.get("every", 0), n)}


def seen_figure(counts: dict, tally: Tally, size: int, matching: int, deal: Deal) -> dict:
    """Turn by which seat 1 (exact: negative hypergeometric) and every player have seen a matching card."""
    seen = seat_one_seen(size, deal)
    figure = {}
    for who in ("player", "every"):
        by_turn, cumulative = [], 0
        times = {turn: counts.get((who, turn), 0) for turn in range(deal.turns + 1)}
        for turn in range(deal.turns + 1):
            cumulative += times[turn]
            closed = exact.seen_by(size, matching, seen[turn]) if who == "player" else None
            by_turn.append({"turn": turn, **share(cumulative, tally.shuffles, closed)}
                           | ({"cards_seen": seen[turn]} if who == "player" else {}))
        never = counts.get((who, "never"), 0)
        closed_mean = exact.first_seen_mean(size, matching, seen) if who == "player" else None
        figure["player" if who == "player" else "every_player"] = {
            "by_turn": by_turn,
            "never": share(never, tally.shuffles, 1 - by_turn[-1]["exact"] if who == "player" else None),
            "mean_turn": mean_of({t: c for t, c in times.items() if c}, closed_mean)}
    return figure


def run_figure(question: Question, counts: dict, tally: Tally) -> dict:
    """The longest run of one key in the shuffled deck: mean, distribution and P(at least k)."""
    figure = {"mean": mean_of(counts), "distribution": [[length, counts[length]] for length in sorted(counts)]}
    if question.at_least is not None:
        hits = sum(c for length, c in counts.items() if length >= question.at_least)
        figure["at_least"] = {"length": question.at_least, **share(hits, tally.shuffles)}
    return figure


def question_figures(questions: tuple[Question, ...], values: tuple[tuple, ...], tally: Tally, deal: Deal) -> list:
    """Every question's figures for one player count."""
    out = []
    for question, column, counts in zip(questions, values, tally.counts):
        size, matching = len(column), sum(1 for v in column if v is True)
        head = {"name": question.name, "kind": question.kind, "expression": question.expression.source}
        if question.kind == "hand_has":
            body = {"matching": matching, **hand_figure(question, counts, tally, size, matching, deal)}
        elif question.kind == "seen":
            body = {"matching": matching, **seen_figure(counts, tally, size, matching, deal)}
        else:
            body = run_figure(question, counts, tally)
        out.append(head | body)
    return out


def deal_shape(size: int, deal: Deal) -> dict:
    """Cards dealt, the draw pile, turns it lasts, and whether the whole deck deals evenly."""
    return {"hand": deal.hand, "dealt": deal.players * deal.hand, "draw_pile": size - deal.players * deal.hand,
            "draw": deal.draw, "turns": deal.turns, "turns_until_empty": rounds_available(size, deal),
            "deals_evenly": size % deal.players == 0, "left_if_all_dealt": size % deal.players}
