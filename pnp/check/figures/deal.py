"""The deal-and-draw section: shares with Wilson 95% intervals beside exact values, per player count and question."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pnp.check.deal.section import DealRun
from pnp.check.deal.shuffle import Deal, Tally, rounds_available
from pnp.check.deal.spec import Question
from pnp.check.figures.jsonform import FLAT, optional
from pnp.check.figures.values import MeanFigure, ShareFigure
from pnp.check.stats import exact


@dataclass(frozen=True, kw_only=True)
class HandHasFigures:
    """How often a hand meets the bound: seat 1's (with the exact hypergeometric value), any hand's, every hand's."""

    name: str
    kind: Literal["hand_has"] = "hand_has"
    expression: str
    matching: int  # cards in the deck the expression matches
    condition: str  # "at least 1", "at most 0"
    player: ShareFigure
    any_player: ShareFigure
    every_player: ShareFigure


@dataclass(frozen=True)
class TurnShare:
    """The share of shuffles in which a matching card has been seen by this turn (0: in the starting hand)."""

    turn: int
    seen: ShareFigure = field(metadata=FLAT)
    cards_seen: int | None = optional()  # seat 1's cards by this turn, which its exact value is computed from


@dataclass(frozen=True)
class SeenBy:
    """When a matching card is first seen: by each turn, not by the last, and the mean turn."""

    by_turn: list[TurnShare]
    never: ShareFigure
    mean_turn: MeanFigure


@dataclass(frozen=True, kw_only=True)
class SeenFigures:
    """The turn by which seat 1 (exact: negative hypergeometric) and every player have seen a matching card."""

    name: str
    kind: Literal["seen"] = "seen"
    expression: str
    matching: int
    player: SeenBy
    every_player: SeenBy


@dataclass(frozen=True)
class RunAtLeast:
    """The share of shuffled decks with a run at least this long."""

    length: int
    reached: ShareFigure = field(metadata=FLAT)


@dataclass(frozen=True, kw_only=True)
class RunFigures:
    """The longest run of one value in the shuffled deck: mean, distribution and P(at least k)."""

    name: str
    kind: Literal["longest_run"] = "longest_run"
    expression: str
    mean: MeanFigure
    distribution: list[list[int]]  # [length, shuffles]
    at_least: RunAtLeast | None = optional()


QuestionFigures = HandHasFigures | SeenFigures | RunFigures


@dataclass(frozen=True)
class DealCount:
    """One player count: cards dealt, the draw pile, the turns it lasts, whether the deck deals evenly; the answers."""

    hand: int
    dealt: int
    draw_pile: int
    draw: int
    turns: int
    turns_until_empty: int
    deals_evenly: bool
    left_if_all_dealt: int
    questions: list[QuestionFigures]

    @classmethod
    def of(cls, size: int, deal: Deal, questions: list[QuestionFigures]) -> DealCount:
        """The set-up of a deck of `size` cards dealt as `deal`."""
        return cls(deal.hand, deal.players * deal.hand, size - deal.players * deal.hand, deal.draw, deal.turns,
                   rounds_available(size, deal), size % deal.players == 0, size % deal.players, questions)


@dataclass(frozen=True)
class DeckPart:
    """A component's share of the deck."""

    component: str
    cards: int


@dataclass(frozen=True)
class DeckFigures:
    """The deck shuffled: its cards and where they come from."""

    cards: int
    parts: list[DeckPart]


@dataclass(frozen=True)
class DealSection:
    """The deal-and-draw check game.yaml declares: every question answered for each player count."""

    shuffles: int
    seed: int
    integrity: list[str]
    players: dict[int, DealCount]
    deck: DeckFigures

    @classmethod
    def of(cls, run: DealRun) -> DealSection:
        """The figures of what the deal-and-draw check counted."""
        players = {count: DealCount.of(run.deck.size, deal, question_figures(run.spec.questions, run.table.values,
                                                                            tally, deal))
                   for count, (deal, tally) in run.deals.items()}
        parts = [DeckPart(name, cards) for name, cards in run.deck.parts]
        return cls(run.spec.shuffles, run.seed, run.findings, players, DeckFigures(run.deck.size, parts))


def seat_one_seen(size: int, deal: Deal) -> list[int]:
    """Cards seat 1 has seen by each turn 0..deal.turns: its hand, then its draws (first each round) while they last."""
    pile, seen = size - deal.players * deal.hand, [deal.hand]
    for turn in range(1, deal.turns + 1):
        start = (turn - 1) * deal.players * deal.draw
        seen.append(seen[-1] + max(0, min(deal.draw, pile - start)))
    return seen


def hand_figures(question: Question, counts: dict, shuffles: int, size: int, matching: int,
                 deal: Deal) -> HandHasFigures:
    """P(a hand meets the bound): seat 1 (exact: hypergeometric), any hand, every hand."""
    if question.at_most is not None:
        closed = exact.hand_at_most(size, matching, deal.hand, question.at_most)
        condition = f"at most {question.at_most}"
    else:
        at_least = question.at_least if question.at_least is not None else 1
        closed = exact.hand_at_least(size, matching, deal.hand, at_least)
        condition = f"at least {question.at_least}"
    return HandHasFigures(name=question.name, expression=question.expression.source, matching=matching,
                          condition=condition, player=ShareFigure.of(counts.get("player", 0), shuffles, closed),
                          any_player=ShareFigure.of(counts.get("any", 0), shuffles),
                          every_player=ShareFigure.of(counts.get("every", 0), shuffles))


def seen_by(counts: dict, shuffles: int, deal: Deal, seen: list[int] | None, matching: int, size: int) -> SeenBy:
    """When seat 1 (seen: its cards by each turn, for the exact values) or every player (None) first sees one."""
    who = "player" if seen is not None else "every"
    by_turn, cumulative = [], 0
    times = {turn: counts.get((who, turn), 0) for turn in range(deal.turns + 1)}
    for turn in range(deal.turns + 1):
        cumulative += times[turn]
        closed = exact.seen_by(size, matching, seen[turn]) if seen is not None else None
        by_turn.append(TurnShare(turn, ShareFigure.of(cumulative, shuffles, closed),
                                 seen[turn] if seen is not None else None))
    last = by_turn[-1].seen.exact
    never = ShareFigure.of(counts.get((who, "never"), 0), shuffles, None if last is None else 1 - last)
    closed_mean = exact.first_seen_mean(size, matching, seen) if seen is not None else None
    return SeenBy(by_turn, never, MeanFigure.of({t: c for t, c in times.items() if c}, closed_mean))


def run_figures(question: Question, counts: dict, shuffles: int) -> RunFigures:
    """The longest run of one key in the shuffled deck: mean, distribution and P(at least k)."""
    at_least = None
    if question.at_least is not None:
        hits = sum(c for length, c in counts.items() if length >= question.at_least)
        at_least = RunAtLeast(question.at_least, ShareFigure.of(hits, shuffles))
    return RunFigures(name=question.name, expression=question.expression.source, mean=MeanFigure.of(counts),
                      distribution=[[length, counts[length]] for length in sorted(counts)], at_least=at_least)


def question_figures(questions: tuple[Question, ...], values: tuple[tuple, ...], tally: Tally,
                     deal: Deal) -> list[QuestionFigures]:
    """Every question's figures for one player count."""
    out: list[QuestionFigures] = []
    for question, column, counts in zip(questions, values, tally.counts):
        size, matching = len(column), sum(1 for v in column if v is True)
        if question.kind == "hand_has":
            out.append(hand_figures(question, counts, tally.shuffles, size, matching, deal))
        elif question.kind == "seen":
            seen = seat_one_seen(size, deal)
            out.append(SeenFigures(name=question.name, expression=question.expression.source, matching=matching,
                                   player=seen_by(counts, tally.shuffles, deal, seen, matching, size),
                                   every_player=seen_by(counts, tally.shuffles, deal, None, matching, size)))
        else:
            out.append(run_figures(question, counts, tally.shuffles))
    return out
