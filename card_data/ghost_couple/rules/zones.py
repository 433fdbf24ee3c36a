"""Moving Ghost Couple's cards between places: field, hands, deck, and the vanish area's pairing rule."""

from __future__ import annotations

from operator import itemgetter

from pnp.sim import CardEvents, shuffle

from .board import Board
from .deck import CENTRE, FIELD, bits

CENTRE_BIT = 1 << CENTRE
CARD_BIT = tuple(1 << c for c in range(1023)) + (0,)  # a card's bit; index -1 (an empty slot) gives 0


def _part(first: int, count: int) -> tuple[tuple, ...]:
    """The slots of every mask of `count` slots from `first` on, in slot order, indexed by that part of the mask."""
    found: list[tuple] = [()]
    for slot in range(first, first + count):
        found += [slots + (slot,) for slots in found]
    return tuple(found)


FIRST, SECOND, THIRD = _part(0, 9), _part(9, 8), _part(17, FIELD - 17)  # slots 0-8, 9-16 and 17-24


def slots_in(mask: int) -> tuple:
    """The slots of a mask in slot order, joined from the field's three parts."""
    return FIRST[mask & 511] + SECOND[mask >> 9 & 255] + THIRD[mask >> 17]


def total(table, ids) -> int:
    """The entries of a table for the ids, added up (an itemgetter of two or more ids reads them at once)."""
    return sum(itemgetter(*ids)(table)) if len(ids) > 1 else table[ids[0]] if ids else 0


def cards_at(field: list, slots: tuple) -> tuple:
    """The cards in the slots, in order (an itemgetter of two or more slots reads them at once)."""
    return itemgetter(*slots)(field) if len(slots) > 1 else (field[slots[0]],) if slots else ()


def printed_once(printed: tuple, cards: list) -> list:
    """The printed cards of card ids, each once, lowest id first."""
    ids = sorted(set(cards))
    return list(itemgetter(*ids)(printed)) if len(ids) > 1 else [printed[card] for card in ids]


def deal(pile: list, n: int) -> list:
    """Pop up to n cards off the pile, in the order pop() would give them."""
    n = min(n, len(pile))
    dealt = pile[:-n - 1:-1] if n else []
    del pile[len(pile) - n:]
    return dealt


class Zones(Board):
    """Card moves that keep the masks (occupied, face up, hands, who has seen a slot) in step with the lists."""

    def _deal(self) -> None:
        """Shuffle the deck, lay out the field and deal the hands; every other zone starts empty."""
        deck = self.data
        players = self.num_players
        pile = list(range(deck.size))
        shuffle(self.rng, pile)  # 山札をよく切り
        self.draw_pile = pile
        self.field = deal(pile, FIELD)  # 場に5x5になるように置く, slot by slot
        self.occupied = (1 << len(self.field)) - 1  # occupied slots
        self.field += [-1] * (FIELD - len(self.field))
        self.hands = [deal(pile, deck.hand_size) for _ in range(players)]
        self.hand_masks = [total(CARD_BIT, hand) for hand in self.hands]
        self.watched = [0] * players  # per seat, the cards in its hand everyone saw go there (a bit per card)
        self.held = [list(hand) for hand in self.hands]  # card events: every card each seat has held (a card may recur)
        self.taken = [[] for _ in range(players)]  # card events: every card each seat took in a couple (the same)
        self.public = 0  # slots whose card every player has seen (turned face up since it was laid there)
        self.private = [0] * players  # per player, slots whose card only they have seen (laid there face down)
        self.public_cards = 0  # the cards lying in public slots (a bit per card)
        self.face_up = 0  # face-up slots
        self.face_up_cards = 0  # the cards lying face up
        self.vanish = []  # the vanish area
        self.vanish_partners = 0  # the cards a vanished card pairs with
        self.removed = []  # cards out of the game (end-game substitution)
        self.treasure = [[] for _ in range(players)]
        self.treasure_masks = [0] * players
        self.bonus_couples = [[] for _ in range(players)]  # couples of a couple bonus still together: (a, b, points)
        self.printed_points = [0] * players  # printed points in each treasure

    # --- who has seen which field card: every player (public), or those who laid it face down (private) ----------
    @property
    def seen(self) -> list[int]:
        """Per slot, the players who have seen its card (a bit per player)."""
        public, private, everyone = self.public, self.private, self.everyone
        return [everyone if public >> s & 1 else sum(1 << p for p, mine in enumerate(private) if mine >> s & 1)
                for s in range(FIELD)]

    @seen.setter
    def seen(self, per_slot: list[int]) -> None:
        self.public = sum(1 << s for s, who in enumerate(per_slot) if who == self.everyone)
        self.private = [sum(1 << s for s, who in enumerate(per_slot) if who != self.everyone and who >> p & 1)
                        for p in range(self.num_players)]
        self.public_cards = self.cards_in(self.public)

    def remembered(self, player: int) -> int:
        """The slots whose card `player` has seen there (a slot's bit stays set after its card left)."""
        return self.public | self.private[player]

    def cards_in(self, slots: int) -> int:
        """The cards lying in the slots of a mask (a bit per card)."""
        return total(CARD_BIT, cards_at(self.field, slots_in(slots)))

    def known_cards(self, player: int) -> int:
        """The field cards `player` has seen where they lie (a bit per card)."""
        private = self.private[player] & self.occupied
        return self.public_cards | self.cards_in(private) if private else self.public_cards

    def _laid_face_down(self, slot: int, player: int) -> None:
        """A card laid face down by `player`: only they have seen it."""
        bit = 1 << slot
        self.public &= ~bit
        self.private = [mine & ~bit for mine in self.private]
        self.private[player] |= bit

    def _refilled(self, slots: int) -> None:
        """Cards laid face down from the deck: nobody has seen them."""
        self.public &= ~slots
        if any(self.private):
            self.private = [mine & ~slots for mine in self.private]

    def _centre_up(self) -> None:
        """The centre lies face up; a card there that pairs with a vanished card leaves, and the slot refills."""
        field = self.field
        card = field[CENTRE]
        while card >= 0 and self.vanish_partners >> card & 1:
            self.public_cards &= ~CARD_BIT[card]
            self._pair_off(card)
            card = field[CENTRE] = self.draw_pile.pop() if self.draw_pile else -1
            self._draw_pile_checked()
        if card < 0:
            self.occupied &= ~CENTRE_BIT
        else:
            self.occupied |= CENTRE_BIT
            self.face_up |= CENTRE_BIT
            self.face_up_cards |= 1 << card
            self.public |= CENTRE_BIT
            self.public_cards |= 1 << card

    def _turn_up(self, slot: int) -> None:
        """Turn a field card face up; everyone sees it."""
        card = self.field[slot]
        self.public |= 1 << slot
        if self.vanish_partners >> card & 1:
            self.field[slot] = -1
            self.occupied ^= 1 << slot
            self.public_cards &= ~CARD_BIT[card]
            self._pair_off(card)
        else:
            self.face_up |= 1 << slot
            self.face_up_cards |= 1 << card
            self.public_cards |= 1 << card

    def _lift(self, card: int) -> int:
        """Take a card off the field; returns its slot."""
        slot = self.field.index(card)
        self.field[slot] = -1
        self.occupied ^= 1 << slot
        self.public_cards &= ~CARD_BIT[card]
        if self.face_up >> slot & 1:
            self.face_up ^= 1 << slot
            self.face_up_cards ^= CARD_BIT[card]
        return slot

    def _draw(self, player: int, n: int) -> None:
        """Draw up to n cards from the deck; one that pairs with a vanished card leaves the game at once."""
        pile, hand = self.draw_pile, self.hands[player]
        for _ in range(min(n, len(pile))):
            card = pile.pop()
            if self.vanish_partners >> card & 1:
                self._pair_off(card)
            else:
                hand.append(card)
                self.hand_masks[player] |= 1 << card
                self.held[player].append(card)
        self._draw_pile_checked()

    def _draw_pile_checked(self) -> None:
        """Note the turn the deck first ran out."""
        if not self.draw_pile and self.ran_out_turn is None:
            self.ran_out_turn = self.turn

    def _emptied(self, player: int) -> None:
        """Note the order in which hands became empty (最初に手札を無くした人)."""
        if not self.hands[player]:
            if player in self.out_order:
                self.out_order.remove(player)
            self.out_order.append(player)

    def card_events(self) -> CardEvents:
        """Per seat: every card it held in hand (dealt, drawn, taken, swapped in), every card it took in a couple
        (played), and the cards in its treasure at the end (scored)."""
        printed = self.data.printed
        return CardEvents(held=[printed_once(printed, cards) for cards in self.held],
                          played=[printed_once(printed, cards) for cards in self.taken],
                          scored=[[printed[card] for card in treasure] for treasure in self.treasure])

    # --- the vanish area ---------------------------------------------------------------------------------
    def _lift_slot(self, slot: int) -> int:
        """Take the card in a slot off the field; returns the card."""
        card = self.field[slot]
        self._lift(card)
        return card

    def _vanish(self, card: int) -> None:
        """A card goes face up to the vanish area; if a hand or face-up field card pairs with it, both leave."""
        self.vanished += 1
        self.vanish.append(card)
        self.vanish_partners |= self.data.basic[card]
        partner = self.data.basic[card]
        for i in range(self.num_players):  # the taker's hand first, then the others in turn order
            q = (self.actor + self.direction * i) % self.num_players
            hit = self.hand_masks[q] & partner
            if hit:
                other = (hit & -hit).bit_length() - 1
                self.hands[q].remove(other)
                self.hand_masks[q] ^= 1 << other
                self._emptied(q)
                self._pair_off(other, card)
                return
        hit = self.face_up_cards & partner
        if hit:
            slot = min(self.field.index(c) for c in bits(hit))  # the first face-up slot
            self._pair_off(self._lift_slot(slot), card)

    def _pair_off(self, card: int, partner: int = -1) -> None:
        """能力は起動せず、得点にもならない: the card and the (first) vanished card it pairs with leave the game."""
        if partner < 0:
            basic = self.data.basic[card]
            partner = next(v for v in self.vanish if basic >> v & 1)
        self.vanish.remove(partner)
        self.removed += (partner, card)
        self.vanish_partners = 0
        for v in self.vanish:
            self.vanish_partners |= self.data.basic[v]
        self.notes.append(("removed", card, partner))
