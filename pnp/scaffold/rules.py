'''`pnp new NAME --rules`: a small rules simulation of the example deck, in card_data/NAME/rules/.'''

from __future__ import annotations

from pathlib import Path

INIT = '''"""{name}: the rules simulation `pnp check {name}` plays, read from the same cards.csv as the print.

The example game: the deck is dealt evenly (5 cards each to 2 players, 3 each to 3, the rest set aside).
Each trick, every player in turn plays one card from their hand; the highest value takes the trick (the
earliest card among equal values) and leads the next. A player scores the values of the cards they took.
"""

from __future__ import annotations

from pnp.check.core import GameSpec

from .data import integrity, load
from .policy import greedy
from .state import Tricks

SPEC = GameSpec(
    name="{name}",
    player_counts=(2, 3),
    load=load,
    integrity=integrity,
    new_game=Tricks,
    greedy=greedy,
    max_moves=100,
    rounds=Tricks.rounds,
)
'''

DATA = '''"""The deck as the print reads it: one card per copy of each row of cards.csv."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import PnpError

GAME = "{name}"
COMPONENT = "cards"


@dataclass(frozen=True)
class Card:
    """One printed card."""

    name: str
    kind: str
    value: int


@dataclass(frozen=True)
class Deck:
    """Every card of the deck, in CSV order, and where the rows came from (for messages)."""

    cards: tuple[Card, ...]
    label: str


def load(project) -> Deck:
    """Read the cards component of game.yaml (or cards.csv), as `pnp build` does."""
    component = next((c for c in project.load_game(GAME).components if c.name == COMPONENT), None)
    if component is None:
        raise PnpError(f"no component '{{COMPONENT}}'", where=f"card_data/{{GAME}}",
                       fix="keep cards.csv, or rename COMPONENT in rules/data.py")
    cards = []
    for row in component.table.rows:
        value = row.values.get("value")
        if not isinstance(value, int):
            raise PnpError(f"value '{{value}}' is not a whole number", where=component.table.where(row),
                           fix="write a whole number in the value column")
        card = Card(str(row.values.get("name", "")), str(row.values.get("kind", "")), value)
        cards += [card] * row.count
    return Deck(tuple(cards), component.table.label)


def hand_size(deck: Deck, players: int) -> int:
    """Cards dealt to each player: the deck split evenly, the rest set aside."""
    return len(deck.cards) // players


def integrity(deck: Deck, player_counts) -> list[str]:
    """What the printed deck gets wrong for the player counts asked for."""
    findings = []
    for players in player_counts:
        if hand_size(deck, players) == 0:
            findings.append(f"{{deck.label}}: {{len(deck.cards)}} cards cannot deal one each to {{players}} players")
    return findings
'''

STATE = '''"""One game in progress: hands, the trick on the table, the cards each player took."""

from __future__ import annotations

import random

from pnp.check.core import TERMINAL, InvariantViolation

from .data import Deck, hand_size
from .policy import Observation


class Tricks:
    """The state the checker drives: whose turn, the legal actions, and the effect of each action."""

    def __init__(self, deck: Deck, players: int, rng: random.Random):
        self.deck = deck
        self.num_players = players
        order = list(range(len(deck.cards)))  # an action is a card's index in the deck
        rng.shuffle(order)
        size = hand_size(deck, players)
        self.hands = [sorted(order[seat * size:(seat + 1) * size]) for seat in range(players)]
        self.aside = order[players * size:]
        self.trick: list[tuple[int, int]] = []  # (seat, card) in the order played
        self.taken: list[list[int]] = [[] for _ in range(players)]
        self.leader = 0
        self.tricks = 0
        self.kept_lead = 0  # tricks the leading player took

    def current_player(self) -> int:
        """The seat to play, or TERMINAL when every card is played."""
        if self.is_terminal():
            return TERMINAL
        return (self.leader + len(self.trick)) % self.num_players

    def legal_actions(self, player: int) -> list[int]:
        """Any card of the player's hand."""
        return list(self.hands[player])

    def apply_action(self, card: int) -> None:
        """Play a card; the last card of a trick hands the trick to its highest card."""
        seat = self.current_player()
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) == self.num_players:
            self._take_trick()

    def apply_actions(self, actions: list) -> None:
        """Players never act at once in this game."""
        raise InvariantViolation("this game has no simultaneous moves")

    def _take_trick(self) -> None:
        """The highest value takes the trick (the first played among equals) and leads the next one."""
        cards = self.deck.cards
        winner, best = self.trick[0]
        for seat, card in self.trick[1:]:
            if cards[card].value > cards[best].value:
                winner, best = seat, card
        self.taken[winner] += [card for _, card in self.trick]
        self.kept_lead += winner == self.leader
        self.trick = []
        self.leader = winner
        self.tricks += 1

    def is_terminal(self) -> bool:
        """Over when every hand is empty."""
        return not any(self.hands)

    def ended_by_rules(self) -> bool:
        """The game always ends by its rules (it never needs the safety cap)."""
        return self.is_terminal()

    def scores(self) -> list[float]:
        """The values of the cards each player took."""
        return [float(sum(self.deck.cards[card].value for card in taken)) for taken in self.taken]

    def winners(self) -> list[int]:
        """Every seat with the highest score."""
        scores = self.scores()
        return [seat for seat, score in enumerate(scores) if score == max(scores)]

    def observation(self, player: int) -> Observation:
        """What the player can see: their hand and the cards on the table."""
        cards = self.deck.cards
        hand = tuple((card, cards[card].value) for card in self.hands[player])
        table = tuple(cards[card].value for _, card in self.trick)
        return Observation(hand, table)

    def check_invariants(self) -> None:
        """No card is created or lost; the hands stay even."""
        held = [card for hand in self.hands for card in hand]
        played = [card for _, card in self.trick]
        taken = [card for cards in self.taken for card in cards]
        every = held + played + taken + self.aside
        if sorted(every) != list(range(len(self.deck.cards))):
            raise InvariantViolation(f"cards created or lost: {{len(every)}} of {{len(self.deck.cards)}}")
        in_trick = {{seat for seat, _ in self.trick}}
        sizes = {{len(hand) + (seat in in_trick) for seat, hand in enumerate(self.hands)}}
        if len(sizes) > 1:
            raise InvariantViolation(f"hands are uneven: {{[len(hand) for hand in self.hands]}}")

    def figures(self) -> dict[str, float]:
        """The game's own figures, averaged over games: the share of tricks the leader took, and if seat 1 won."""
        return {{"leader_took_trick": self.kept_lead / self.tricks, "first_player_won": float(0 in self.winners())}}

    def describe(self, player: int, card: int) -> str:
        """One line per move, for `pnp check {name} --replay SEED`."""
        played = self.deck.cards[card]
        return f"P{{player + 1}} plays {{played.name}} ({{played.kind}} {{played.value}})"

    @staticmethod
    def rounds(state: Tricks) -> int:
        """Tricks played."""
        return state.tricks
'''

POLICY = '''"""The greedy player: win the trick as cheaply as it can, else throw its lowest card."""

from __future__ import annotations

import random
from typing import NamedTuple


class Observation(NamedTuple):
    """What a player sees: their hand as (card, value) pairs, and the values already played to this trick."""

    hand: tuple[tuple[int, int], ...]
    table: tuple[int, ...]


def greedy(observation: Observation, legal: list[int], rng: random.Random) -> int:
    """The lowest card that beats the table, or the lowest card when none does."""
    best = max(observation.table, default=-1)
    by_value = sorted(observation.hand, key=lambda pair: pair[1])
    winning = [card for card, value in by_value if value > best]
    return winning[0] if winning else by_value[0][0]
'''

FILES = {"__init__.py": INIT, "data.py": DATA, "state.py": STATE, "policy.py": POLICY}


def rules_files(folder: Path, name: str) -> dict[Path, str]:
    """The simulation's files for a game NAME, by path."""
    return {folder / filename: text.format(name=name) for filename, text in FILES.items()}
