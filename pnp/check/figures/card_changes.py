"""`--against` per card: each card's impact in both runs, other minus this game by game, and which cards changed.

The impact is the card's difference in win share (with the event, against without) as in cards.py. Both runs
play the same seeds, so the variance of the change uses each game's contribution to both runs' impacts at once
(the cross moments the paired chunks keep): a change is judged against how much the two runs differ game by
game, not against two independent samples. Cards beyond noise are Holm-corrected over every card, event and
player count of the report, apart from the figures.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

from pnp.check.figures.cards import ALPHA, MIN_GAMES, moments
from pnp.check.figures.jsonform import optional
from pnp.check.play.cardsums import EVERYONE, SEEN, CardSums, H, N
from pnp.check.play.paired import HAHB, HANB, HAWB, NAHB, NANB, NAWB, WAHB, WANB, CardCross, RowKey
from pnp.check.stats.impact import Estimate, Matrix, contrast, estimate, quadratic
from pnp.check.stats.inference import holm
from pnp.sim.card_events import KINDS


@dataclass(frozen=True)
class CardChange:
    """One event of one card: its impact in both runs, the change game by game with its 95% interval."""

    file: str
    row: int
    name: str
    event: str  # held, played or scored
    base: float  # the impact in this project: win share with the event minus without
    other: float  # the same in the other project
    difference: float  # other minus this
    low: float
    high: float
    p_value: float
    tested: bool  # enough games with and without the event in both runs
    p_adjusted: float | None = optional()
    changed: bool | None = optional()

    @property
    def label(self) -> str:
        """The card and event, as the list of changes names them."""
        return f"card {self.name} ({self.file} row {self.row}), {self.event}"


def cross_moments(mine: CardSums, theirs: CardSums, a: list[float], b: list[float], cross: CardCross,
                  key: RowKey) -> Matrix:
    """Σ u_this u_otherᵀ over games, u = (H, n, W, 1), for one card and event."""
    c = cross.cards.get(key, [0.0] * 8)
    return ((c[HAHB], c[HANB], c[HAWB], a[H]),
            (c[NAHB], c[NANB], c[NAWB], a[N]),
            (c[WAHB], c[WANB], cross.won, mine.won),
            (b[H], b[N], theirs.won, float(mine.games)))


def _estimate(sums: CardSums, slot: list[float]) -> Estimate | None:
    """One run's estimate of a card's impact."""
    return estimate(slot[N], slot[H], sums.players, sums.games, sums.won)


def _tested(sums: CardSums, slot: list[float]) -> bool:
    """Enough games with and without the event in one run."""
    return min(slot[SEEN], sums.games - slot[EVERYONE]) >= MIN_GAMES


def card_changes(mine: CardSums, theirs: CardSums, cross: CardCross) -> list[CardChange]:
    """Every card and event both runs measured, in file, row and event order, uncorrected."""
    games = mine.games
    ours_by_row = {(kind, card.file, card.row): (kind, card) for kind, card in mine.cards}
    theirs_by_row = {(kind, card.file, card.row): (kind, card) for kind, card in theirs.cards}
    out = []
    for row_key in sorted(ours_by_row.keys() & theirs_by_row.keys(), key=lambda k: (k[1], k[2], KINDS.index(k[0]))):
        key = ours_by_row[row_key]
        a, b = mine.cards[key], theirs.cards[theirs_by_row[row_key]]
        ours, other = _estimate(mine, a), _estimate(theirs, b)
        if ours is None or other is None or games < 2:
            continue
        both = quadratic(ours.coef, cross_moments(mine, theirs, a, b, cross, row_key), other.coef)
        own = quadratic(ours.coef, moments(mine, a), ours.coef) + quadratic(other.coef, moments(theirs, b), other.coef)
        change = contrast(other.difference - ours.difference, max(0.0, own - 2 * both) * games / (games - 1))
        kind, card = key
        out.append(CardChange(card.file, card.row, card.name, kind, round(ours.difference, 6),
                              round(other.difference, 6), round(change.value, 6), round(change.low, 6),
                              round(change.high, 6), round(change.p_value, 6),
                              _tested(mine, a) and _tested(theirs, b)))
    return out


def corrected(counts: list[list[CardChange] | None]) -> list[list[CardChange] | None]:
    """Every tested card change of the report Holm-corrected together (in the order given), changed below ALPHA."""
    adjusted = iter(holm([row.p_value for rows in counts if rows for row in rows if row.tested]))
    return [None if rows is None else [_adjusted(row, adjusted) for row in rows] for rows in counts]


def _adjusted(row: CardChange, adjusted: Iterator[float]) -> CardChange:
    """A change with its corrected p-value and verdict (an untested change keeps neither)."""
    if not row.tested:
        return row
    p = next(adjusted)
    return dataclasses.replace(row, p_adjusted=round(p, 6), changed=p < ALPHA)
