"""The deal-and-draw part of `pnp check`: read the `check:` section of game.yaml, then shuffle, deal and count."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.check.deal.deck import Deck, build_deck, component_names, question_table, setup_findings
from pnp.check.deal.shuffle import Deal, QuestionValues, Shuffles, Tally, rounds_available
from pnp.check.deal.spec import MAX_TURNS, DealSpec, parse_check
from pnp.check.play.schedule import Run, run_all
from pnp.errors import UsageError
from pnp.pool import Pool
from pnp.project.games import MANIFEST, Project


def deal_spec_for(project: Project, game: str) -> DealSpec | None:
    """The game's `check:` section, checked; None when game.yaml has none."""
    section = project.manifest(game).get("check")
    if section is None:
        return None
    label = project.label(project.root / "card_data" / game / MANIFEST)
    return parse_check(section, label, component_names(project, game))


def deal_counts(spec: DealSpec, players: list[int], game: str, strict: bool) -> list[int]:
    """The player counts to deal: those asked for that the section lists (strict: every one asked must be listed)."""
    if strict:
        for count in players:
            if count not in spec.players:
                raise UsageError(f"{game} deals for {', '.join(map(str, spec.players))} players, not {count}",
                                 where="pnp check --players", fix="choose a player count listed under check:")
    return [count for count in spec.players if not players or count in players]


@dataclass(frozen=True)
class DealRun:
    """What the deal-and-draw check counted: the deck, its findings, and per player count the deal and its tally."""

    spec: DealSpec
    deck: Deck
    findings: list[str]
    table: QuestionValues
    seed: int
    deals: dict[int, tuple[Deal, Tally]]  # player counts the deck can deal, in the order asked


@dataclass(frozen=True)
class DealPlan:
    """The deal-and-draw check set up: the deck, its findings, and per player count the deal and its shuffles."""

    spec: DealSpec
    deck: Deck
    findings: list[str]
    table: QuestionValues
    seed: int
    deals: dict[int, tuple[Deal, Shuffles]]

    @property
    def runs(self) -> list[Run]:
        """The shuffles to run, one run per player count."""
        return [shuffles for _, shuffles in self.deals.values()]

    def counted(self) -> DealRun:
        """What the shuffles counted (once every run is finished)."""
        return DealRun(self.spec, self.deck, self.findings, self.table, self.seed,
                       {count: (deal, shuffles.tally) for count, (deal, shuffles) in self.deals.items()})


def plan_deal_check(project: Project, game: str, spec: DealSpec, counts: list[int], seed: int) -> DealPlan:
    """Read the deck and set up the shuffles of every player count the deck can deal."""
    deck, findings = build_deck(project, game, spec)
    table = question_table(deck, spec)
    findings += setup_findings(deck, spec, table)
    bounds = tuple((q.at_least, q.at_most) for q in spec.questions)
    deals = {}
    for count in counts:
        given = spec.hands[count]
        hand = given if given is not None else deck.size // count
        if count * hand > deck.size:
            continue
        turns = min(spec.turns or MAX_TURNS, rounds_available(deck.size, Deal(count, hand, spec.draw, 0, bounds)))
        deal = Deal(count, hand, spec.draw, turns, bounds)
        deals[count] = (deal, Shuffles(table, deal, spec.shuffles, seed))
    return DealPlan(spec, deck, findings, table, seed, deals)


def run_deal_check(project: Project, game: str, spec: DealSpec, counts: list[int], seed: int,
                   workers: int) -> DealRun:
    """Shuffle, deal and count every question for each player count the deck can deal."""
    plan = plan_deal_check(project, game, spec, counts, seed)
    with Pool(workers, where="pnp check") as pool:
        run_all(plan.runs, pool)
    return plan.counted()
