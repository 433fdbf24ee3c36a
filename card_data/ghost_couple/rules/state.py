"""One game of Ghost Couple in progress: setup and the turn (draw, turn two, couples, centre swap, refill)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pnp.sim import TERMINAL, InvariantViolation

from . import hidden
from .board import Board
from .deck import CARD_BITS, CENTRE, CENTRE_SWAP, COUPLE, FIELD, FLIP_UP, OVER, PASS, PLACE, STOP, Deck
from .effects import EFFECT_DO, EFFECT_OPTS, Effects
from .text import describe
from .view import Observation, observe
from .zones import CARD_BIT, slots_in

CENTRE_BIT = 1 << CENTRE
FULL = (1 << FIELD) - 1
LOW = (1 << CARD_BITS) - 1
IDX = [tuple(range(n)) for n in range(256)]  # the legal hand positions for a hand of n cards


class GhostCouple(Effects):
    """A game for `players` seats; seat 0 starts, turns go up the seats until an effect reverses them."""
    # Every attribute Board declares (but the shared printed data) in __slots__: with more than 30 attributes
    # CPython keeps an object's in a dict, and each self.x is a dict look-up. clone() copies them (hidden.py).
    __slots__ = tuple(name for name in Board.__annotations__ if name != "data")

    def __init__(self, deck: Deck, players: int, rng: random.Random):
        """山札をよく切り、場に5x5になるように置く… 手札を各プレイヤーに配る; then seat 1's first turn."""
        super().__init__(deck, players, rng)  # self.data: the printed deck
        self.everyone = (1 << players) - 1  # a bit per player
        self._deal()
        self._init_turn()
        self.notes: list[tuple] = []  # what happened without a decision, for describe()
        self.notes_shown = 0  # notes already shown by describe()
        self._init_stats()  # after every zone exists
        self._legal = ()
        self._centre_up()
        self._start_turn()
        self.settle()

    def _init_turn(self) -> None:
        """Seat 1 to play, turns going up the seats, in the first phase of a turn."""
        self.actor = 0  # the seat to play
        self.direction = 1  # +1 up the seats, -1 once reversed
        self.skips = 0  # seats to skip at the next turn
        self.turn = 0
        self.phase = PLACE
        self.steps_left = 0  # flips or picks left in the phase
        self.optional = False  # the phase's action may be declined
        self.locked = False  # 手札は使用できない: no hand card for the rest of the turn
        self.coupled = False  # the player took a couple this turn
        self.effect = None  # the effect being followed
        self.credit = None  # the event that opened the couple being scored
        self.victim = -1  # the player an effect targets
        self.vacated = []  # slots emptied this turn
        self.last_couple = None  # the couple just taken, until the invariant check looks at it
        self.out_order = []  # players in the order they ran out of cards
        self.first_out = -1
        self.ran_out_turn = None  # the turn the deck ran out

    # --- the State protocol ----------------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.actor

    def legal_actions(self, player: int):
        return self._legal if player == self.actor else ()

    def apply_action(self, action) -> None:
        """Apply a legal decision, then play on to the next real choice."""
        if action not in self._legal:
            raise InvariantViolation(f"illegal action {action!r} in phase {self.phase}")
        ahead = DO[self.phase](self, action)
        if ahead:  # the next real choice, when the move already knows it (the next flip, couple or swap)
            self._legal = ahead
        else:
            self.settle()
        if any(self.watched):  # a watched card that left its hand is no longer known to be there
            self.watched = [mine & hand for mine, hand in zip(self.watched, self.hand_masks)]

    def clone(self, rng: random.Random | None = None) -> GhostCouple:
        """A copy to play on, as State.clone makes one: see hidden.py."""
        return hidden.clone(self, rng)

    def redeal(self, observer: int, rng: random.Random) -> GhostCouple:
        """A copy with every card `observer` has not seen where it lies dealt again: see hidden.py."""
        return hidden.redeal(self, observer, rng)

    def seen_cards(self, player: int) -> dict[str, Sequence[int]]:
        """The cards `player` has seen and knows where they lie, which a re-deal keeps: see hidden.py."""
        return hidden.seen_cards(self, player)

    def observation(self, player: int) -> Observation:
        """What one player knows for the decision at hand: see view.py."""
        return observe(self, player)

    def describe(self, player: int, action) -> str:
        """An action as a line of the replay log: see text.py."""
        return describe(self, player, action)

    def rounds(self) -> int:
        """Rounds begun: every seat's turn counts once."""
        return -(-self.turn // self.num_players)

    def settle(self) -> None:
        """Play on until a choice has two or more options; a single option is taken at once."""
        while self.phase != OVER:
            ahead = self._step()
            if ahead:
                self._legal = ahead
                return
        self._legal = ()

    def _step(self) -> Sequence[int] | None:
        """The phase's options when they are a choice; else take the single option (or none), returning what follows."""
        legal = OPTS[self.phase](self)
        if len(legal) > 1:
            return legal
        return DO[self.phase](self, legal[0] if legal else None)

    # --- the turn ----------------------------------------------------------------------------------
    def _start_turn(self) -> Sequence[int] | None:
        """手番: draw one; with the deck empty (終盤処理) lay a hand card face down instead. Returns the flips."""
        turn = self.turn = self.turn + 1
        self.coupled = self.locked = self.optional = False
        self.credit = None
        pile, p = self.draw_pile, self.actor
        self.notes.append(("turn", turn, p, len(pile)))
        if pile:  # _draw(p, 1), inline: this runs every turn
            card = pile.pop()
            if self.vanish_partners >> card & 1:
                self._pair_off(card)
            else:
                bit = CARD_BIT[card]
                self.hands[p].append(card)
                self.hand_masks[p] |= bit
                self.held[p].append(card)
            if not pile and self.ran_out_turn is None:
                self.ran_out_turn = turn
            self.phase, self.steps_left = FLIP_UP, 2
            return self._flips_ahead()
        self.endgame_turns += 1
        self.phase = PLACE
        return self._step()

    def _opt_place(self):
        hand = self.hands[self.actor]
        return IDX[len(hand)] if hand and self.occupied != FULL else ()

    def _do_place(self, index) -> Sequence[int] | None:
        """手札から、1枚場に伏せて出す: into the first empty slot (the centre last, where it lies face up)."""
        if index is not None:
            p, field = self.actor, self.field
            card = self.hands[p].pop(index)
            self.hand_masks[p] ^= 1 << card
            slot = field.index(-1)
            if slot == CENTRE and -1 in field[CENTRE + 1:]:
                slot = field.index(-1, CENTRE + 1)
            field[slot] = card
            self.occupied |= 1 << slot
            self._laid_face_down(slot, p)
            if slot == CENTRE:
                self._centre_up()
            if not self.hands[p]:
                self._emptied(p)
        self.phase, self.steps_left = FLIP_UP, 2
        return self._flips_ahead()

    def _flips_ahead(self) -> Sequence[int] | None:
        """The slots the next flip may turn, when that is a choice (else None: settle() takes the flip)."""
        ahead = slots_in(self.occupied & ~self.face_up)
        return ahead if len(ahead) > 1 else None

    def _opt_flip(self):
        if self.steps_left <= 0:
            return ()
        mask = self.occupied & ~self.face_up
        slots = slots_in(mask)
        return slots + (PASS,) if self.optional and slots else slots

    def _do_flip(self, slot) -> Sequence[int] | None:
        """場に裏向けになっている札を表向ける (two a turn, more by effects); returns the next flip's options."""
        if slot is None or slot == PASS:
            self.steps_left = 0
        else:
            card = self.field[slot]
            if self.vanish_partners >> card & 1:
                self._turn_up(slot)
            else:  # _turn_up(slot), inline: the most frequent decision
                bit, place = CARD_BIT[card], 1 << slot
                self.public |= place
                self.face_up |= place
                self.face_up_cards |= bit
                self.public_cards |= bit
            count = self.steps_left = self.steps_left - 1
            if count > 0:
                return None if self.optional else self._flips_ahead()
        self.phase, self.optional = COUPLE, False  # the couples, or with none the centre swap
        return self.couple_options() or self._no_couple()

    def couple_options(self):
        """Every couple of a face-up field card with a hand card or another face-up field card, and STOP."""
        partners = self.data.partners
        hand = 0 if self.locked else self.hand_masks[self.actor]
        rest, options = self.face_up_cards, []
        while rest:  # the face-up cards from the lowest up, each with the hand and the face-up cards above it
            low = rest & -rest
            rest ^= low
            card = low.bit_length() - 1
            hits = partners[card] & (hand | rest)
            while hits:
                bit = hits & -hits
                hits ^= bit
                options.append((bit.bit_length() - 1) << CARD_BITS | card)
        if options:
            options.append(STOP)
        return options

    def _do_couple(self, action) -> Sequence[int] | None:
        """Take a couple, or stop. Returns the next choice if known."""
        if action is None or action == STOP:
            return self._no_couple()
        self._take(action >> CARD_BITS, action & LOW)
        if self.phase == COUPLE:  # no effect, or one without a decision: the next couples, as settle() finds them
            return self.couple_options() or self._end_turn()
        return None

    def _no_couple(self) -> Sequence[int] | None:
        """No (more) couples: the turn ends, or after no couple at all comes the centre swap."""
        if self.coupled:
            return self._end_turn()
        self.phase = CENTRE_SWAP  # カップリングを成立できなかった場合、もしくは作戦上したくない場合
        return self._step()

    def _opt_swap(self):
        hand = self.hands[self.actor]
        return IDX[len(hand)] if hand and self.field[CENTRE] >= 0 else ()

    def _do_swap(self, index) -> Sequence[int] | None:
        """ど真ん中のカードと、手札のうちの1枚を取り替える."""
        if index is not None:
            p, hand, field = self.actor, self.hands[self.actor], self.field
            card, old = hand[index], field[CENTRE]
            hand[index], field[CENTRE] = old, card
            self.hand_masks[p] ^= CARD_BIT[card] | CARD_BIT[old]
            self.public_cards = self.public_cards & ~CARD_BIT[old] | CARD_BIT[card]  # the centre lies face up
            self.held[p].append(old)
            self.watched[p] |= CARD_BIT[old]  # everyone saw the face-up centre card go into this hand
            self.swaps += 1  # the centre's face-up masks are set by _end_turn, which follows
        return self._end_turn()

    def _end_turn(self) -> Sequence[int] | None:
        """Refill the field, turn the cards down again (not the centre), then end the game or pass the turn."""
        field, pile, filled = self.field, self.draw_pile, self.occupied
        if pile and filled != FULL:
            for s in slots_in(FULL & ~filled):  # the empty slots, in slot order
                if not pile:
                    break
                field[s] = pile.pop()
                filled |= 1 << s
            self._refilled(filled & ~self.occupied)
            self.occupied = filled
            if not pile and self.ran_out_turn is None:  # _draw_pile_checked(), inline
                self.ran_out_turn = self.turn
        card = field[CENTRE]
        if card >= 0 and not self.vanish_partners >> card & 1:  # _centre_up(), inline for the usual centre card
            bit = CARD_BIT[card]
            self.face_up, self.face_up_cards = CENTRE_BIT, bit
            self.public |= CENTRE_BIT
            self.public_cards |= bit
        else:
            self.face_up = self.face_up_cards = 0
            self._centre_up()
        if all(self.hands):
            self.actor = (self.actor + self.direction * (1 + self.skips)) % self.num_players
            self.skips = 0
            return self._start_turn()
        self._game_over()
        return None


OPTIONS = {PLACE: GhostCouple._opt_place, FLIP_UP: GhostCouple._opt_flip, COUPLE: GhostCouple.couple_options,
        CENTRE_SWAP: GhostCouple._opt_swap, **EFFECT_OPTS}
MOVES = {PLACE: GhostCouple._do_place, FLIP_UP: GhostCouple._do_flip, COUPLE: GhostCouple._do_couple,
      CENTRE_SWAP: GhostCouple._do_swap, **EFFECT_DO}
OPTS = tuple(OPTIONS[p] for p in range(OVER))  # per phase: its options, and what taking one does
DO = tuple(MOVES[p] for p in range(OVER))
