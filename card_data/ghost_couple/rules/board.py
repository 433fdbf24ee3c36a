"""Every attribute of a Ghost Couple game in progress, with its type: the cards' places, the turn, the counters."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence

from pnp.sim import InvariantViolation, State

from .deck import Deck, Effect

Couple = tuple[int, int, int, bool]  # a couple just taken: card a, card b, a came from the hand (1/0), hand locked


class Board(State):
    """What one game holds. Zones moves the cards, Scoring counts them, Effects follows the events, and GhostCouple
    (state.py) plays the turn; each adds methods on top of the one before and all share these attributes.

    A mask holds one bit per slot (slots 0-24) or per card id, as its name says; a list per player is indexed by
    seat. GhostCouple keeps every attribute named here in __slots__ (hidden.py copies them for search)."""

    data: Deck  # the printed cards
    # --- the cards' places (zones.py) ------------------------------------------------------------------------------
    draw_pile: list[int]  # the deck, top card last
    field: list[int]  # the card in each slot, -1 for an empty slot
    occupied: int  # slots with a card
    face_up: int  # face-up slots
    face_up_cards: int  # the cards lying face up
    hands: list[list[int]]
    hand_masks: list[int]  # each hand's cards
    treasure: list[list[int]]  # each player's couples, two cards after two
    treasure_masks: list[int]
    printed_points: list[int]  # the printed points in each treasure
    bonus_couples: list[list[tuple[int, int, int]]]  # couples of a couple bonus still together: (a, b, points)
    vanish: list[int]  # the vanish area
    vanish_partners: int  # the cards a vanished card pairs with
    removed: list[int]  # cards out of the game, in pairs (a vanished card and its partner)
    # --- who has seen what ---------------------------------------------------------------------------------------
    everyone: int  # a bit per player
    public: int  # slots whose card every player has seen (turned face up since it was laid there)
    private: list[int]  # per player, slots whose card only they have seen (laid there face down)
    public_cards: int  # the cards lying in public slots
    watched: list[int]  # per player, the cards in their hand everyone saw go there
    # --- the turn (state.py) -------------------------------------------------------------------------------------
    actor: int  # the seat to play
    direction: int  # +1 up the seats, -1 once reversed
    skips: int  # seats to skip at the next turn
    turn: int  # turns begun
    phase: int  # the decision the game waits for (deck.PHASES)
    steps_left: int  # flips or picks left in the phase
    optional: bool  # the phase's action may be declined
    locked: bool  # 手札は使用できない: no hand card for the rest of the turn
    coupled: bool  # the player took a couple this turn
    effect: Effect | None  # the effect being followed
    credit: str | None  # the event that opened the couple being scored
    victim: int  # the player an effect targets (-1: none)
    vacated: list[int]  # slots emptied this turn by a swap, in the order they were emptied
    _legal: Sequence[int]  # the actions of the decision at hand
    # --- the end -------------------------------------------------------------------------------------------------
    out_order: list[int]  # players in the order they ran out of cards
    first_out: int  # the player who gets the first-out bonus (-1: the game goes on)
    ran_out_turn: int | None  # the turn the deck ran out
    # --- replay notes, checks and figures (score.py) ---------------------------------------------------------------
    notes: list[tuple]  # what happened without a decision, for describe()
    notes_shown: int  # notes already shown by describe()
    last_couple: Couple | None  # the couple just taken, until the invariant check looks at it
    _checked_turn: int  # the turn whose first move the checks saw last
    _pairs_checked: int  # removed cards whose pairing the checks have seen
    bonded: int  # the cards of any 達成でN点 couple bonus
    couples: int
    swaps: int  # centre swaps
    endgame_turns: int  # turns played with the deck empty
    vanished: int  # cards sent to the vanish area
    played: dict[str, int]  # per event, times followed
    event_points: dict[str, int]  # per event, the points of the couples it opened
    ability_couples: dict[str, int]  # per ability, the couples only it allowed
    ability_points: dict[str, int]  # and their points
    held: list[list[int]]  # card events: every card each seat has held (a card may recur)
    taken: list[list[int]]  # card events: every card each seat took in a couple

    @property
    def following(self) -> Effect:
        """The effect whose decision is asked now (_follow sets it before any of them)."""
        if self.effect is None:
            raise InvariantViolation(f"turn {self.turn}: an effect's decision with no effect followed")
        return self.effect

    @abstractmethod
    def _end_turn(self) -> Sequence[int] | None:
        """Refill the field, then end the game or pass the turn (GhostCouple's, in state.py)."""
