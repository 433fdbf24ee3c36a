"""One game of Ghost Couple in progress: setup and the turn (draw, turn two, couples, centre swap, refill)."""

from __future__ import annotations

import random

from pnp.check.core import TERMINAL, InvariantViolation
from pnp.games.ghost_couple_effects import EffectsMixin
from pnp.games.ghost_couple_rules import (
    CARD_BITS, CENTRE, CENTRE_SWAP, COUPLE, FIELD, FLIP_UP, OVER, PASS, PLACE, STOP, Deck)
from pnp.games.ghost_couple_score import ScoreMixin
from pnp.games.ghost_couple_zones import MASK_SLOTS, ZonesMixin, slots_of

SLOTS = range(FIELD)
CENTRE_BIT = 1 << CENTRE
FULL = (1 << FIELD) - 1
LOW = (1 << CARD_BITS) - 1
IDX = [tuple(range(n)) for n in range(256)]  # the legal hand positions for a hand of n cards


class GhostCouple(EffectsMixin, ZonesMixin, ScoreMixin):
    """A game for `players` seats; seat 0 starts, turns go up the seats until an effect reverses them."""

    def __init__(self, deck: Deck, players: int, rng: random.Random):
        """山札をよく切り、場に5x5になるように置く… 手札を各プレイヤーに配る; then seat 1's first turn."""
        self.deck, self.num_players, self.rng = deck, players, rng
        self.everyone = (1 << players) - 1
        pile = list(range(deck.size))
        rng.shuffle(pile)  # 山札をよく切り
        self.pile = pile
        self.field = [pile.pop() if pile else -1 for _ in SLOTS]  # 場に5x5になるように置く
        self.filled = sum(1 << s for s in SLOTS if self.field[s] >= 0)  # occupied slots
        self.hands = [[pile.pop() for _ in range(min(deck.hand_size, len(pile)))] for _ in range(players)]
        self.hbits = [sum(1 << c for c in hand) for hand in self.hands]
        self.seen = [0] * FIELD  # per slot, the players who have seen its card
        self.up = self.ucards = 0  # face-up slots, and the cards lying in them
        self.vanish, self.vbits, self.removed = [], 0, []  # vbits: the cards a vanished card pairs with
        self.treasure = [[] for _ in range(players)]
        self.tbits = [0] * players
        self.bonds = [[] for _ in range(players)]  # couples of a couple bonus still together: (a, b, points)
        self.base = [0] * players  # printed points in each treasure
        self.cur, self.direction, self.skips, self.turn = 0, 1, 0, 0
        self.phase, self.count, self.optional, self.locked, self.coupled = PLACE, 0, False, False, False
        self.effect, self.credit, self.victim, self.vacated, self.last = None, None, -1, [], None
        self.out_order, self.first_out, self.deck_out = [], -1, None
        self.notes: list[tuple] = []  # what happened without a decision, for describe()
        self._shown = 0  # notes already shown by describe()
        self._init_stats()  # after every zone exists
        self._legal: tuple | list = ()
        self._centre_up()
        self._start_turn()
        self._settle()

    # --- the State protocol ----------------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.cur

    def legal_actions(self, player: int):
        return self._legal if player == self.cur else ()

    def apply_action(self, action) -> None:
        """Apply a legal decision, then play on to the next real choice."""
        if action not in self._legal:
            raise InvariantViolation(f"illegal action {action!r} in phase {self.phase}")
        ahead = DO[self.phase](self, action)
        if ahead:  # the next real choice, when the move already knows it (the next flip, couple or swap)
            self._legal = ahead
        else:
            self._settle()

    def apply_actions(self, actions: list) -> None:
        raise InvariantViolation("Ghost Couple has no simultaneous moves")

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def ended_by_rules(self) -> bool:
        return self.phase == OVER

    def observation(self, player: int):
        from pnp.games.ghost_couple_policy import observe
        return observe(self, player)

    def describe(self, player: int, action) -> str:
        from pnp.games.ghost_couple_text import describe
        return describe(self, player, action)

    def rounds(self) -> int:
        """Rounds begun: every seat's turn counts once."""
        return -(-self.turn // self.num_players)

    def _settle(self) -> None:
        """Play on until a choice has two or more options; a single option is taken at once."""
        while True:
            phase = self.phase
            if phase == OVER:
                self._legal = ()
                return
            legal = OPTS[phase](self)
            if len(legal) > 1:
                self._legal = legal
                return
            ahead = DO[phase](self, legal[0] if legal else None)
            if ahead:
                self._legal = ahead
                return

    # --- the turn ----------------------------------------------------------------------------------
    def _start_turn(self) -> tuple | None:
        """手番: draw one; with the deck empty (終盤処理) lay a hand card face down instead. Returns the flips."""
        self.turn += 1
        self.coupled = self.locked = self.optional = False
        self.credit = None
        pile, p = self.pile, self.cur
        self.notes.append(("turn", self.turn, p, len(pile)))
        if pile:  # _draw(p, 1), inline: this runs every turn
            card = pile.pop()
            if self.vbits >> card & 1:
                self._pair_off(card)
            else:
                self.hands[p].append(card)
                self.hbits[p] |= 1 << card
            if not pile and self.deck_out is None:
                self.deck_out = self.turn
            self.phase, self.count = FLIP_UP, 2
            mask = self.filled & ~self.up
            ahead = MASK_SLOTS.get(mask) or slots_of(mask)
            return ahead if len(ahead) > 1 else None
        self.endgame_turns += 1
        self.phase = PLACE
        return None

    def _opt_place(self):
        hand = self.hands[self.cur]
        return IDX[len(hand)] if hand and self.filled != FULL else ()

    def _do_place(self, index) -> None:
        """手札から、1枚場に伏せて出す: into the first empty slot (the centre last, where it lies face up)."""
        if index is not None:
            p, field = self.cur, self.field
            card = self.hands[p].pop(index)
            self.hbits[p] ^= 1 << card
            slot = field.index(-1)
            if slot == CENTRE and -1 in field[CENTRE + 1:]:
                slot = field.index(-1, CENTRE + 1)
            field[slot] = card
            self.filled |= 1 << slot
            self.seen[slot] = 1 << p
            if slot == CENTRE:
                self._centre_up()
            self._emptied(p)
        self.phase, self.count = FLIP_UP, 2

    def _opt_flip(self):
        if self.count <= 0:
            return ()
        mask = self.filled & ~self.up
        slots = MASK_SLOTS.get(mask) or slots_of(mask)
        return slots + (PASS,) if self.optional and slots else slots

    def _do_flip(self, slot) -> tuple | None:
        """場に裏向けになっている札を表向ける (two a turn, more by effects); returns the next flip's options."""
        if slot is None or slot == PASS:
            self.count = 0
        else:
            card = self.field[slot]
            if self.vbits >> card & 1:
                self._turn_up(slot)
            else:  # _turn_up(slot), inline: the most frequent decision
                self.seen[slot] = self.everyone
                self.up |= 1 << slot
                self.ucards |= 1 << card
            self.count -= 1
            if self.count > 0 and not self.optional:
                mask = self.filled & ~self.up
                ahead = MASK_SLOTS.get(mask) or slots_of(mask)
                return ahead if len(ahead) > 1 else None
        if self.count <= 0:  # the couples, or with none the centre swap
            self.phase, self.optional = COUPLE, False
            return self._opt_couple() or self._do_couple(None)
        return None

    def _opt_couple(self):
        """Every couple of a face-up field card with a hand card or another face-up field card, and STOP."""
        ucards = self.ucards
        partners = self.deck.partners_by_bit
        pool = ucards if self.locked else ucards | self.hbits[self.cur]
        options = []
        rest = ucards
        while rest:
            low = rest & -rest
            rest ^= low
            pool ^= low
            hits = partners[low] & pool  # hand cards, and face-up cards above this one
            if hits:
                card = low.bit_length() - 1
                while hits:
                    bit = hits & -hits
                    hits ^= bit
                    options.append((bit.bit_length() - 1) << CARD_BITS | card)
        if options:
            options.append(STOP)
        return options

    def _do_couple(self, action) -> tuple | None:
        """Take a couple, or stop: after no couple at all comes the centre swap. Returns the next choice if known."""
        if action is None or action == STOP:
            if self.coupled:
                return self._end_turn()
            self.phase = CENTRE_SWAP  # カップリングを成立できなかった場合、もしくは作戦上したくない場合
            ahead = self._opt_swap()
            return ahead if len(ahead) > 1 else None
        self._take(action >> CARD_BITS, action & LOW)
        return None

    def _opt_swap(self):
        hand = self.hands[self.cur]
        return IDX[len(hand)] if hand and self.field[CENTRE] >= 0 else ()

    def _do_swap(self, index) -> tuple | None:
        """ど真ん中のカードと、手札のうちの1枚を取り替える."""
        if index is not None:
            p, hand, field = self.cur, self.hands[self.cur], self.field
            card, old = hand[index], field[CENTRE]
            hand[index], field[CENTRE] = old, card
            both = 1 << card | 1 << old
            self.hbits[p] ^= both
            self.ucards ^= both
            self.seen[CENTRE] = self.everyone
            self.swaps += 1
        return self._end_turn()

    def _end_turn(self) -> tuple | None:
        """Refill the field, turn the cards down again (not the centre), then end the game or pass the turn."""
        field, pile, seen = self.field, self.pile, self.seen
        if pile and self.filled != FULL:
            for s in slots_of(FULL & ~self.filled):  # the empty slots, in slot order
                if not pile:
                    break
                field[s] = pile.pop()
                seen[s] = 0
                self.filled |= 1 << s
            self._pile_checked()
        card = field[CENTRE]
        if card >= 0 and not self.vbits >> card & 1:  # _centre_up(), inline for the usual centre card
            self.up, self.ucards = CENTRE_BIT, 1 << card
            seen[CENTRE] = self.everyone
        else:
            self.up = self.ucards = 0
            self._centre_up()
        if all(self.hands):
            self.cur = (self.cur + self.direction * (1 + self.skips)) % self.num_players
            self.skips = 0
            return self._start_turn()
        else:  # 次の人に手番をまわすときに、手札が無くなっていればその時点で終了
            empty = [p for p in self.out_order if not self.hands[p]]
            self.first_out = empty[0] if empty else self.hands.index([])
            self.phase = OVER
            self.notes.append(("over", self.first_out))
            return None


OPTS = {PLACE: GhostCouple._opt_place, FLIP_UP: GhostCouple._opt_flip, COUPLE: GhostCouple._opt_couple,
        CENTRE_SWAP: GhostCouple._opt_swap, **EffectsMixin.OPTS}
DO = {PLACE: GhostCouple._do_place, FLIP_UP: GhostCouple._do_flip, COUPLE: GhostCouple._do_couple,
      CENTRE_SWAP: GhostCouple._do_swap, **EffectsMixin.DO}
OPTS = tuple(OPTS[p] for p in range(OVER))
DO = tuple(DO[p] for p in range(OVER))
