"""Per-card impact: for every printed card, the win share of the seats that held (played, scored) it against the rest.

The interval of the difference treats each game as one sample (see stats/impact.py). Its test draws, in every
game, the card's seats at random among the game's seats, keeping who won (a within-game permutation test, normal
with a correction for skew): a card is flagged when its p-value is below 5% after Holm's correction over every
card, event and player count of the report. Only cards with enough games on both sides are tested.

card_impact(sums, card) gives one card's figures from a run's sums, uncorrected.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from pnp.check.figures.jsonform import optional
from pnp.check.figures.values import ShareFigure
from pnp.check.play.cardsums import EVERYONE, HH, HW, NH, NN, NW, SEEN, SKEW, SPREAD, CardSums, H, N
from pnp.check.stats.impact import Matrix, contrast, draw_p, estimate, share_interval, variance
from pnp.check.stats.inference import holm
from pnp.sim.card_events import PrintedCard

ALPHA = 0.05  # family-wise error of the flags
MIN_GAMES = 20  # a card is tested when at least this many games had a seat with the event, and a seat without
CORRECTION = (f"beyond noise: a within-game permutation test, Holm-corrected over every card, event and player count "
              f"of the report (family-wise error {ALPHA:.0%}); tested when at least {MIN_GAMES} games had a seat "
              f"with the event and {MIN_GAMES} a seat without")


@dataclass(frozen=True)
class EventImpact:
    """One event of one card: the win share of the seats with it against the seats without, and the difference."""

    seats: int  # player-games with the event
    games: int  # games in which some seat had it
    with_card: ShareFigure
    without_card: ShareFigure
    difference: float  # with minus without, with its 95% interval
    low: float
    high: float
    p_value: float
    tested: bool  # enough games on both sides for the test
    p_adjusted: float | None = optional()  # Holm-corrected with every tested event of the report
    flagged: bool | None = optional()


@dataclass(frozen=True)
class CardImpact:
    """One printed card: where it was printed, how often it was seen, and the impact of each event declared."""

    file: str
    row: int
    name: str
    seen: ShareFigure  # share of games in which some seat held, played or scored it
    events: dict[str, EventImpact]  # held, played, scored: as the game declares them

    @property
    def flagged(self) -> bool:
        """Whether any event of the card is beyond noise."""
        return any(event.flagged for event in self.events.values())

    def __str__(self) -> str:
        return str(PrintedCard(self.file, self.row, self.name))


@dataclass(frozen=True)
class CardImpacts:
    """Every card's impact at one player count, in file and row order."""

    games: int
    kinds: list[str]
    correction: str
    cards: list[CardImpact]

    def ranked(self, kind: str = "held") -> list[CardImpact]:
        """The tested cards by the difference of this event, strongest first (file and row break ties)."""
        tested = [card for card in self.cards if kind in card.events and card.events[kind].tested]
        return sorted(tested, key=lambda card: (-card.events[kind].difference, card.file, card.row))

    def flagged(self) -> list[tuple[CardImpact, str]]:
        """Every (card, event) beyond noise, in card order."""
        return [(card, kind) for card in self.cards for kind, event in card.events.items() if event.flagged]

    @classmethod
    def of(cls, sums: CardSums) -> CardImpacts | None:
        """Every card's impact from a run's sums (None when the game declares no card events)."""
        kinds = sums.declared()
        if not kinds:
            return None
        cards = [card_impact(sums, card) for card in sums.printed()]
        return cls(sums.games, kinds, CORRECTION, cards)


def card_impact(sums: CardSums, card: PrintedCard) -> CardImpact:
    """One card's impact, uncorrected: every event the game declares (a card never seen in one shows none there)."""
    seen = ShareFigure.of(sums.seen.get(card, 0), sums.games)
    events = {kind: event for kind in sums.declared() if (event := event_impact(sums, kind, card)) is not None}
    return CardImpact(card.file, card.row, card.name, seen, events)


def moments(sums: CardSums, slot: list[float]) -> Matrix:
    """The second moments over games of (H, n, W, 1) for one card and event."""
    return ((slot[HH], slot[NH], slot[HW], slot[H]),
            (slot[NH], slot[NN], slot[NW], slot[N]),
            (slot[HW], slot[NW], sums.won_squares, sums.won),
            (slot[H], slot[N], sums.won, float(sums.games)))


def event_impact(sums: CardSums, kind: str, card: PrintedCard) -> EventImpact | None:
    """One event of one card, uncorrected (None when no seat, or every seat, had it in every game)."""
    slot = sums.cards.get((kind, card))
    if slot is None:
        return None
    found = estimate(slot[N], slot[H], sums.players, sums.games, sums.won)
    if found is None:
        return None
    m = moments(sums, slot)
    with_card = share_interval(found.with_share, variance(found.with_coef, m, sums.games), found.seats_with)
    without = share_interval(found.without_share, variance(found.without_coef, m, sums.games), found.seats_without)
    diff = contrast(found.difference, variance(found.coef, m, sums.games))
    p_value = draw_p(slot[H] - slot[NW] / sums.players, slot[SPREAD], slot[SKEW])
    games_with, games_without = int(slot[SEEN]), sums.games - int(slot[EVERYONE])
    return EventImpact(int(slot[N]), games_with, ShareFigure.rounded(with_card), ShareFigure.rounded(without),
                       round(diff.value, 6), round(diff.low, 6), round(diff.high, 6), round(p_value, 6),
                       min(games_with, games_without) >= MIN_GAMES)


def corrected(tables: list[CardImpacts | None]) -> list[CardImpacts | None]:
    """Every tested event of the report Holm-corrected together (in the order given), flagged below ALPHA."""
    tested = [event.p_value for table in tables if table for card in table.cards for event in card.events.values()
              if event.tested]
    adjusted = iter(holm(tested))
    out: list[CardImpacts | None] = []
    for table in tables:
        if table is None:
            out.append(None)
            continue
        cards = [dataclasses.replace(card, events={kind: _adjusted(event, adjusted) for kind, event in
                                                   card.events.items()}) for card in table.cards]
        out.append(dataclasses.replace(table, cards=cards))
    return out


def _adjusted(event: EventImpact, adjusted) -> EventImpact:
    """An event with its corrected p-value and flag (an untested event keeps neither)."""
    if not event.tested:
        return event
    p = next(adjusted)
    return dataclasses.replace(event, p_adjusted=round(p, 6), flagged=p < ALPHA)
