"""The state of one game in progress: what the checker asks of it, and the defaults every game shares."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

if TYPE_CHECKING:
    from pnp.sim.card_events import CardEvents

from pnp.sim.copies import copy_object

CHANCE = -1  # current_player() for a random event: the checker picks one of the legal actions uniformly
SIMULTANEOUS = -2  # current_player() when every seat acts at once: the checker calls apply_actions()
TERMINAL = -4  # current_player() once the game is over

Action = Any  # any value a game offers as a legal action, compared with ==
Zone = Sequence[int]  # the ids of the cards in one place, a list or tuple
AnyState = TypeVar("AnyState", bound="State")


class InvariantViolation(Exception):
    """A game broke a rule of play: a card created or lost, an illegal action, a wrong score."""


class State(ABC):
    """One game in progress, as the checker drives it (the shape of OpenSpiel's games).

    A subclass writes the rules: current_player(), legal_actions(), apply_action(), scores() and
    observation(). Everything else has a default: winners from scores, the card count over the zones
    the game declares in zones(), no simultaneous moves, no figures.
    """

    shared: ClassVar[tuple[str, ...]] = ("data",)  # attributes clone() shares: data the game never changes

    def __init__(self, data: Any, players: int, rng: random.Random):
        self.data = data  # the printed cards, as the GameSpec's load() read them
        self.num_players = players
        self.rng = rng  # every random draw of the game uses it, so a seed replays the game

    # -- the rules: every game writes these --------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act (0 is seat 1), CHANCE, SIMULTANEOUS, or TERMINAL when the game is over."""

    @abstractmethod
    def legal_actions(self, player: int) -> Sequence[Action]:
        """The actions `player` may take now (none for a seat that is not to act)."""

    @abstractmethod
    def apply_action(self, action: Action) -> None:
        """Play one action of the seat to act (or of chance)."""

    @abstractmethod
    def scores(self) -> list[float]:
        """One number per seat."""

    @abstractmethod
    def observation(self, player: int) -> Any:
        """What `player` can see, for the greedy player: never the hidden cards of others."""

    # -- defaults ----------------------------------------------------------------------------------
    def apply_actions(self, actions: list[Action]) -> None:
        """Play one action per seat, in seat order, at a SIMULTANEOUS step (only games with such steps write it)."""
        raise InvariantViolation(f"{type(self).__name__} has no simultaneous moves, "
                                 "but current_player() returned SIMULTANEOUS")

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player() == TERMINAL

    def ended_by_rules(self) -> bool:
        """Whether the game ended by its rules (the checker may also stop it at GameSpec.max_moves)."""
        return self.is_terminal()

    def winners(self) -> list[int]:
        """Every seat with the highest score (ties share the win)."""
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def rounds(self) -> int:
        """Rounds (or turns) played, for the report's game lengths."""
        return 0

    def figures(self) -> dict[str, float | None]:
        """The game's own figures, {name: number}, averaged over games (None: does not apply in this game)."""
        return {}

    def card_events(self) -> CardEvents | None:
        """Per seat, the printed cards held, played and scored in this game, for per-card impact (None: none)."""
        return None

    def describe(self, player: int, action: Action) -> str:
        """One line for `pnp check GAME --replay SEED`."""
        return f"P{player + 1}: {action!r}"

    # -- invariants --------------------------------------------------------------------------------
    def check_invariants(self) -> None:
        """Raise InvariantViolation when a rule of play is broken (by default: a card created or lost)."""
        self.check_cards()

    def zones(self) -> dict[str, Zone | Sequence[Zone]]:
        """Every place a card can be, by name: the ids of the cards there, or one such list per seat (hands)."""
        return {}

    def card_count(self) -> int:
        """How many cards the game has: card ids are 0 .. card_count() - 1."""
        return 0

    def card_name(self, card: int) -> str:
        """A card as messages name it."""
        return f"card {card}"

    def check_cards(self, zones: dict[str, Zone | Sequence[Zone]] | None = None) -> None:
        """No card created or lost: the zones (by default the game's zones() now) hold every card id exactly once."""
        if zones is None:
            zones = self.zones()
        cards: list[int] = []
        for zone in zones.values():
            if zone and isinstance(zone[0], (list, tuple)):  # one list per seat
                for seat in cast(Sequence[Zone], zone):
                    cards += seat
            else:
                cards += cast(Zone, zone)
        cards.sort()
        if cards != _card_ids(self.card_count()):  # each id exactly once: sorted, they count 0, 1, 2, ...
            raise InvariantViolation(_card_problem(self, zones))

    # -- copies for a search player ----------------------------------------------------------------
    def clone(self: AnyState, rng: random.Random | None = None) -> AnyState:
        """An independent copy to play on: zones, counters and the random generator copied, `shared` kept.

        With `rng`, the copy draws its future random events from a new generator seeded from `rng` instead, so
        that it cannot foresee the game's own draws (what redeal() needs).
        """
        if rng is None:
            return cast(AnyState, copy_object(self, self.shared))
        copied = cast(AnyState, copy_object(self, (*self.shared, "rng")))  # the generator is replaced, not copied
        copied.rng = random.Random(rng.getrandbits(64))
        return copied

    def redeal(self: AnyState, observer: int, rng: random.Random) -> AnyState:
        """A copy in which every card `observer` cannot see is dealt again with `rng`, agreeing with what they saw.

        What a search player plays on (determinization): the copy's observation(observer) is the game's own, the
        cards it holds are the game's own, and the cards in hidden places (other hands, a shuffled deck) are
        placed at random among those places, each keeping its size. Start from self.clone(rng), so the copy's
        future random draws are not the game's, and deal with `deal_again(rng, places)`.
        """
        raise NotImplementedError(f"{type(self).__name__} does not re-deal hidden cards")

    def seen_cards(self, player: int) -> dict[str, Zone]:
        """The cards `player` has seen and knows where they lie now, by place: a re-deal for `player` keeps them there.

        Optional. What observation(player) shows needs no listing (a re-deal keeps the observation as it is); list
        what a seat remembers beyond it, such as a card it saw go face up into another hand. Compute it from where
        the cards lie, so that a copy which moved one answers otherwise (pnp.sim.testing compares the two).
        Default: nothing beyond the observation.
        """
        return {}


def _labelled(name: str, zone: Zone | Sequence[Zone]) -> list[tuple[str, Zone]]:
    """A zone's card ids with the name messages give them: the zone's own, or each seat's ("P2's hand")."""
    if zone and isinstance(zone[0], (list, tuple)):
        return [(f"P{seat + 1}'s {name}", part) for seat, part in enumerate(cast(Sequence[Zone], zone))]
    return [(name, cast(Zone, zone))]


@lru_cache(maxsize=64)
def _card_ids(count: int) -> list[int]:
    """Every card id of a game with `count` cards, in order (compared with, never changed)."""
    return list(range(count))


def _card_problem(state: State, zones: dict[str, Zone | Sequence[Zone]]) -> str:
    """What went wrong with the cards, in words: a card in two places, a card in none, an id that is no card."""
    places: dict[int, list[str]] = {}
    for name, zone in zones.items():
        for label, part in _labelled(name, zone):
            for card in part:
                places.setdefault(card, []).append(label)
    count = state.card_count()
    for card, where in sorted(places.items()):
        if not 0 <= card < count:
            return f"a card was created: id {card} in {where[0]} is no card of the {count}"
        if len(where) > 1:
            return f"{state.card_name(card)} is in two places: {where[0]} and {where[1]}"
    lost = [card for card in range(count) if card not in places]
    return f"a card was lost: {state.card_name(lost[0])} is in no zone ({len(lost)} missing)" if lost \
        else "the zones do not hold every card once"
