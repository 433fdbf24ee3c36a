"""The deal-and-draw section as text, and the whole text report of a game without a simulation."""

from __future__ import annotations

from pnp.check.figures.deal import (
    DealSection,
    HandHasFigures,
    QuestionFigures,
    RunFigures,
    SeenFigures,
    TurnShare,
)
from pnp.check.figures.values import MeanFigure, ShareFigure
from pnp.check.report import DealOnlyReport


def integrity_lines(findings: list[str]) -> list[str]:
    """Deck integrity: OK, or the number of findings and each of them."""
    return (["Deck integrity: " + ("OK" if not findings else f"{len(findings)} finding(s)")]
            + [f"  {finding}" for finding in findings])


def render_deal_only(report: DealOnlyReport) -> str:
    """The text of a report without a simulation."""
    out = [f"pnp check {report.game}: no rules simulation; deck integrity and the deal-and-draw check, "
           f"seed {report.seed}", ""] + integrity_lines(report.integrity)
    out += [""] + (deal_lines(report.deal) if report.deal is not None else
                   ["No deal-and-draw check: add a check: section to game.yaml (see the README)."])
    out += ["", f"Reproduce: {report.command}"]
    return "\n".join(out) + "\n"


def deal_lines(deal: DealSection) -> list[str]:
    """The deal-and-draw lines of the text report."""
    parts = ", ".join(f"{p.component} {p.cards}" for p in deal.deck.parts)
    out = [f"Deal-and-draw check: a deck of {deal.deck.cards} cards ({parts}), "
           f"{deal.shuffles} shuffles per player count, seed {deal.seed}"]
    out += [f"  {finding}" for finding in deal.integrity]
    for count, fig in deal.players.items():
        even = "deals evenly" if fig.deals_evenly else f"does not deal evenly ({fig.left_if_all_dealt} left over)"
        turns = f"{fig.turns} turn" + ("" if fig.turns == 1 else "s")
        out += ["", f"-- {count} players: hand {fig.hand} each, {fig.dealt} dealt, draw pile {fig.draw_pile}, "
                    f"{fig.draw} drawn per turn ({turns} counted); the whole deck {even}"]
        for question in fig.questions:
            out += question_lines(question)
    return out


def _cards(n: int) -> str:
    """A number of cards in words."""
    return f"{n} card" + ("" if n == 1 else "s")


def _pct(figure: ShareFigure) -> str:
    """A share with its interval and exact value."""
    text = f"{figure.share:.1%} [{figure.low:.1%}-{figure.high:.1%}]"
    return text + (f" exact {figure.exact:.1%}" if figure.exact is not None else "")


def _mean(figure: MeanFigure) -> str:
    """A mean with its interval and exact value."""
    if figure.mean is None:
        return "none"
    text = f"{figure.mean:.2f} [{figure.low:.2f}-{figure.high:.2f}]"
    return text + (f" exact {figure.exact:.2f}" if figure.exact is not None else "")


def question_lines(q: QuestionFigures) -> list[str]:
    """The lines of one question."""
    if isinstance(q, HandHasFigures):
        return [f"  {q.name} ({q.condition} of {_cards(q.matching)} matching, in a hand):",
                f"    a player {_pct(q.player)}; any player {_pct(q.any_player)}; every player {_pct(q.every_player)}"]
    if isinstance(q, RunFigures):
        lines = [f"  {q.name}: mean {_mean(q.mean)}; " + " ".join(f"{length}:{n}" for length, n in q.distribution)]
        if q.at_least is not None:
            lines.append(f"    a run of {q.at_least.length} or more: {_pct(q.at_least.reached)}")
        return lines
    return _seen_lines(q)


def _seen_lines(q: SeenFigures) -> list[str]:
    """The lines of a `seen` question: seat 1 by some turns, then every player by the last."""
    player, every = q.player, q.every_player
    shown = [f"turn {t.turn} {_pct(t.seen)}" for t in _shown_turns(player.by_turn)]
    last = every.by_turn[-1]
    return [f"  {q.name} ({_cards(q.matching)} matching; turn 0 is the starting hand):",
            "    a player by " + ", ".join(shown) + f"; not by turn {player.by_turn[-1].turn} "
            f"{_pct(player.never)}; mean turn {_mean(player.mean_turn)}",
            f"    every player by turn {last.turn} {_pct(last.seen)}; mean turn {_mean(every.mean_turn)}"]


def _shown_turns(by_turn: list[TurnShare]) -> list[TurnShare]:
    """Turns 0-3, then every third turn, and the last (the JSON has every turn)."""
    last = len(by_turn) - 1
    return [turn for turn in by_turn if turn.turn <= 3 or turn.turn % 3 == 0 or turn.turn == last]
