"""The skill ladder: random < greedy < search, each player in one seat (seats rotated) against the one below."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.check.figures.compare import skill_moments
from pnp.check.figures.jsonform import optional
from pnp.check.figures.values import ShareFigure
from pnp.check.play.chunks import Results
from pnp.check.probe import BEATEN, LEVEL, UNDECIDED, Gains, interval, verdict
from pnp.check.stats.describe import wilson


@dataclass(frozen=True)
class Rung:
    """One player in one seat, seats rotated, against another player in every other seat: its win share."""

    player: str  # who plays the one seat
    others: str  # who plays every other seat
    won: ShareFigure  # the one seat's share of the wins (ties shared), 95% Wilson interval
    fair: float  # the share an equal player would win: 1 / players
    games: int
    budget: int | None = optional()  # the search player's playouts per decision, where it plays
    precision: float | None = optional()  # the half-width its games were played to (None: a fixed number)
    verdict: str | None = optional()  # the search probe's: "beaten by more than 5 points", "within 5 points", ...
    level: float | None = optional()  # the search probe's interval's level (its sequential test's, not 95%)

    @classmethod
    def of(cls, player: str, others: str, by_seat: list[Results], players: int, budget: int | None = None,
           precision: float | None = None) -> Rung:
        """The wins of the one seat over the runs with it in seat 1, 2, ... in turn."""
        won = skill_moments(by_seat)
        return cls(player, others, ShareFigure.rounded(wilson(won.total, won.games)), round(1.0 / players, 6),
                   won.games, budget, precision)

    @classmethod
    def probe(cls, by_seat: list[Results], players: int, budget: int) -> Rung:
        """The search probe's rung: its win share at the sequential test's level, and its verdict (at the last
        round played, a look of its own)."""
        fair = 1.0 / players
        gains = sum((seat_gains(results, seat) for seat, results in enumerate(by_seat)), Gains())
        share = interval(gains, fair)
        return cls("search", "greedy", ShareFigure.rounded(share), round(fair, 6), gains.games, budget,
                   verdict=verdict(share, fair) or UNDECIDED, level=round(LEVEL, 6))

    @property
    def beats(self) -> bool:
        """Whether the player wins more than its fair share beyond noise (its interval lies above it)."""
        return self.won.low > self.fair

    @property
    def cannot_beat(self) -> bool:
        """Whether its interval does not reach above the fair share."""
        return self.won.high <= self.fair

    def name(self, players: int) -> str:
        """The line-up in words: 'search (1 seat) vs greedy (3 seats)'."""
        rest = players - 1
        return f"{self.player} (1 seat) vs {self.others} ({rest} seat{'s' if rest != 1 else ''})"


@dataclass(frozen=True)
class Ladder:
    """The skill ladder of one player count: each rung one player against the one below, and who the headline is."""

    headline: str  # who plays the headline games
    rungs: list[Rung]
    search: str | None = optional()  # why the search rung is missing (the simulation cannot re-deal), else None

    def rung(self, player: str) -> Rung | None:
        """The rung where `player` plays the one seat."""
        return next((rung for rung in self.rungs if rung.player == player), None)

    def flags(self) -> list[str]:
        """Greedy that cannot beat random, and a headline player that search beats by more than 5 points."""
        flags = []
        greedy = self.rung("greedy")
        if greedy is not None and greedy.cannot_beat:
            flags.append("greedy cannot beat random")
        search = self.rung("search")
        if search is not None and search.others == self.headline and search.verdict == BEATEN:
            flags.append(f"the headline player is beaten by search by more than 5 points: {search.won.share:.1%} "
                         f"[{search.won.low:.1%}-{search.won.high:.1%}] of {search.games:,} games against a fair "
                         f"{search.fair:.1%}")
        return flags


def seat_gains(results: Results, seat: int) -> Gains:
    """The gains of the search player in `seat` over greedy's in the same games (Results.twins)."""
    return Gains.of([record.share(seat) for record in results.records], results.twins)
