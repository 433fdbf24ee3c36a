"""Per-card sums of a run: for every printed card and event, the running sums its impact is computed from.

Per game g, for one card and kind: n = the seats with the event, H = their win shares summed, W = the game's
win shares summed (1, or 0 when no one won). A run keeps, per card, the sums of n, H, n², H², nH, nW and HW over
its games (games without the card add nothing), and per run the games and the sums of W and W²: enough for the
win shares with and without the card and a variance that treats each game as one sample. It also keeps the
variance and third cumulant H would have were the card's seats drawn at random among the game's seats (SPREAD,
SKEW), for the test. Sums are added in game order within a chunk and in chunk order between chunks, so the
figures are the same for any number of workers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from pnp.sim.card_events import KINDS, CardEvents, PrintedCard

Key = tuple[str, PrintedCard]  # (kind, card)
N, H, NN, HH, NH, NW, HW, SEEN, EVERYONE, SPREAD, SKEW = range(11)  # the slots of a card's sums
SLOTS = 11


def win_shares(winners: list[int], players: int) -> list[float]:
    """Each seat's share of the win (a tie shared among its winners)."""
    shares = [0.0] * players
    for seat in winners:
        shares[seat] = 1.0 / len(winners)
    return shares


def game_counts(events: CardEvents, shares: list[float]) -> dict[Key, tuple[int, float]]:
    """Per card and kind of one game: the seats with the event, and their win shares summed (in seat order)."""
    counts: dict[Key, list] = {}
    for kind, seats in events.kinds().items():
        for seat, cards in enumerate(seats):
            won = shares[seat]
            for card in cards if isinstance(cards, (set, frozenset)) else set(cards):
                slot = counts.setdefault((kind, card), [0, 0.0])
                slot[0] += 1
                slot[1] += won
    return {key: (n, won) for key, (n, won) in counts.items()}


def seat_moments(shares: list[float]) -> tuple[float, float]:
    """The second and third central moments of the seats' win shares in one game (divisor: the seats)."""
    mean = sum(shares) / len(shares)
    return (sum((s - mean) ** 2 for s in shares) / len(shares), sum((s - mean) ** 3 for s in shares) / len(shares))


def draw_variance(n: int, seats: int, spread: float) -> float:
    """The variance of the win shares of n seats drawn at random, without replacement, from the game's seats."""
    return n * (seats - n) / (seats - 1) * spread if seats > 1 else 0.0


def draw_skew(n: int, seats: int, skew: float) -> float:
    """The third cumulant of the win shares of n seats drawn at random, without replacement, from the game's seats."""
    return n * (seats - n) * (seats - 2 * n) / ((seats - 1) * (seats - 2)) * skew if seats > 2 else 0.0


Tally = tuple[str, int, int, int, int]  # (kind, card's number, seats with the event, winners among them, winners)


@dataclass
class CardSums:
    """The per-card sums of a run at one player count (empty when the game declares no card events).

    A game adds one count per card and kind to a tally of (seats with the event, winners among them, winners
    of the game): few distinct shapes recur game after game. settle() turns the tally into the sums, once a chunk.
    """

    players: int
    games: int = 0
    won: float = 0.0  # the sum over games of W
    won_squares: float = 0.0  # the sum over games of W²
    kinds: set[str] = field(default_factory=set)  # the kinds any game declared
    cards: dict[Key, list[float]] = field(default_factory=dict)
    seen: dict[PrintedCard, int] = field(default_factory=dict)  # games in which any event named the card
    tally: dict[Tally, int] = field(default_factory=dict)  # games added since the last settle()
    numbers: dict[PrintedCard, int] = field(default_factory=dict)  # the cards of the tally, numbered
    seen_tally: list[int] = field(default_factory=list)  # by number: games since the last settle()

    def add_game(self, events: CardEvents | None, winners: list[int]) -> None:
        """Fold one game in: its winners, and its card events when it declares them."""
        total = sum(win_shares(winners, self.players))
        self.games += 1
        self.won += total
        self.won_squares += total * total
        if events is None:
            return
        won_by = set(winners)
        tally, ties = self.tally, len(winners)
        present: set[int] = set()
        for kind, seats in events.kinds().items():
            self.kinds.add(kind)
            counts: dict[int, list[int]] = {}  # card number -> [seats, winners among them, the last seat]
            for seat, cards in enumerate(seats):
                won = seat in won_by
                for card in cards:
                    number = self._number(card)
                    slot = counts.get(number)
                    if slot is None:
                        counts[number] = [1, won, seat]
                    elif slot[2] != seat:  # a card a seat names twice (two printed copies) counts once
                        slot[0] += 1
                        slot[1] += won
                        slot[2] = seat
            for number, (n, wins, _) in counts.items():
                key = (kind, number, n, wins, ties)
                tally[key] = tally.get(key, 0) + 1
            present.update(counts)
        for number in present:
            self.seen_tally[number] += 1

    def _number(self, card: PrintedCard) -> int:
        """The card's number in the tally (a new card gets the next one)."""
        number = self.numbers.get(card)
        if number is None:
            number = self.numbers[card] = len(self.numbers)
            self.seen_tally.append(0)
        return number

    def settle(self) -> None:
        """Turn the tally into the sums (in the order each shape first came up: the same for any workers)."""
        shapes: dict[int, tuple[float, float, float, float]] = {}
        cards = list(self.numbers)
        for (kind, number, n, wins, ties), count in self.tally.items():
            card = cards[number]
            if ties not in shapes:
                shares = win_shares(list(range(ties)), self.players)
                shapes[ties] = (shares[0] if ties else 0.0, sum(shares), *seat_moments(shares))
            share, total, spread, skew = shapes[ties]
            won = 0.0
            for _ in range(wins):
                won += share  # the holders' shares summed as a game sums them
            slot = self.cards.get((kind, card))
            if slot is None:
                slot = self.cards[(kind, card)] = [0.0] * SLOTS
            for index, value in enumerate((n, won, n * n, won * won, n * won, n * total, won * total, 1,
                                           n >= self.players, draw_variance(n, self.players, spread),
                                           draw_skew(n, self.players, skew))):
                slot[index] += count * value
        for card, games in zip(cards, self.seen_tally):
            if games:
                self.seen[card] = self.seen.get(card, 0) + games
        self.tally.clear()
        self.numbers.clear()
        self.seen_tally.clear()

    def add(self, other: CardSums) -> None:
        """Add another chunk's sums (in chunk order; both settled)."""
        self.games += other.games
        self.won += other.won
        self.won_squares += other.won_squares
        self.kinds |= other.kinds
        for card, games in other.seen.items():
            self.seen[card] = self.seen.get(card, 0) + games
        for key, values in other.cards.items():
            mine = self.cards.get(key)
            if mine is None:
                self.cards[key] = list(values)
            else:
                for i, value in enumerate(values):
                    mine[i] += value

    def declared(self) -> list[str]:
        """The kinds declared, in report order."""
        return [kind for kind in KINDS if kind in self.kinds]

    def printed(self) -> list[PrintedCard]:
        """Every card any event named, in file and row order."""
        return sorted(self.seen)


def card_sums(games: Iterable[tuple[CardEvents | None, list[int]]], players: int) -> CardSums:
    """The sums of games given as (events, winners), in order."""
    sums = CardSums(players)
    for events, winners in games:
        sums.add_game(events, winners)
    sums.settle()
    return sums
