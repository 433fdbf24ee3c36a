"""Taking a couple, the effect it brings (イベント / the variant's rank abilities), and the vanish area."""

from __future__ import annotations

from pnp.sim import shuffle

from .deck import (
    BLOCK,
    BURN,
    BURN_PICK,
    CENTRE,
    CORNER_SLOTS,
    CORNERS,
    COUPLE,
    CROSS,
    CROSSES,
    DRAW,
    FIELD,
    FLIP,
    FLIP_UP,
    LEADER,
    PEEK,
    PEEK_CARD,
    PEEK_WHO,
    RESHUFFLE,
    RETURN,
    REVEAL,
    REVERSE,
    SKIP,
    SQUARE,
    SQUARES,
    STEAL,
    STEAL_PICK,
    SWAP,
    TAKE,
    TARGET,
    VANISH,
    VANISH_PICK,
)
from .score import Scoring
from .zones import CARD_BIT, slots_in

NINE = tuple(range(9))
TREASURE = 1 << 10  # a treasure card choice is owner * TREASURE + card


class Effects(Scoring):
    """Couples, effects and the vanish area, on top of the card moves and the scoring."""

    def _take(self, a: int, b: int) -> None:
        """Take a couple to the treasure (a: hand or field card, b: field card), then follow its effect."""
        p, deck, bit_b = self.actor, self.data, CARD_BIT[b]
        pair = CARD_BIT[a] | bit_b
        from_hand = self.hand_masks[p] >> a & 1
        if from_hand:
            self.hands[p].remove(a)
            self.hand_masks[p] ^= CARD_BIT[a]
        else:
            self._lift(a)
        field = self.field  # _lift(b), inline: b is a face-up field card
        slot = field.index(b)
        field[slot] = -1
        place = 1 << slot
        self.occupied ^= place
        self.face_up ^= place
        self.face_up_cards ^= bit_b
        self.public_cards &= ~bit_b
        self.last_couple = (a, b, from_hand, self.locked)
        self.treasure[p] += (a, b)
        self.treasure_masks[p] |= pair
        self.taken[p] += (a, b)
        points = deck.points[a] + deck.points[b]
        self.printed_points[p] += points
        if self.bonded >> a & 1:  # a card of some 達成でN点 couple
            points += self._bond(p, a, b)
        self.couples += 1
        if self.credit is not None or not deck.basic[a] & bit_b:
            self._count_couple(a, b, points)
        self.coupled = True
        if from_hand and not self.hands[p]:
            self._emptied(p)
        effect = deck.effect[a] or deck.effect[b]
        if effect is None or deck.mute & pair:
            self.phase = COUPLE
        else:
            self._follow(effect)

    def _follow(self, effect) -> None:
        """Follow the effect of the couple just taken (the points it brings are credited to it from now on)."""
        self.played[effect.key] += 1
        self.credit = effect.key
        self.effect = effect
        self.notes.append(("effect", self.actor, effect.key))
        EFFECTS[effect.kind](self, effect)

    # --- effects without a decision ------------------------------------------------------------------
    def _flip_more(self, effect) -> None:
        """もうN枚場のカードをめくる。"""
        self.phase, self.steps_left, self.optional = FLIP_UP, effect.n, effect.optional

    def _corners(self, effect) -> None:
        """4隅のカードをめくる。以後、手札は使用できない。"""
        self._turn_up_all(CORNER_SLOTS)
        self.locked = self.locked or effect.lock
        self.phase = COUPLE

    def _block(self, effect) -> None:
        """任意のX型 / 3x3形: the taker picks one of the nine 3x3 blocks inside the field."""
        self.phase = BLOCK

    def _skip(self, effect) -> None:
        """次のプレイヤーの手番を飛ばす。"""
        self.skips += 1
        self.phase = COUPLE

    def _reverse(self, effect) -> None:
        """手番の回る方向を逆にする。"""
        self.direction = -self.direction
        self.phase = COUPLE

    def _reshuffle(self, effect) -> None:
        """あなたの手札全部を山札に入れる。山札をシャッフルして、さっきの枚数分引く。"""
        p = self.actor
        hand = self.hands[p]
        n = len(hand)
        self.draw_pile += hand
        hand.clear()
        self.hand_masks[p] = self.watched[p] = 0  # nobody knows which cards come back
        shuffle(self.rng, self.draw_pile)
        self._draw(p, n)
        self._emptied(p)
        self.phase = COUPLE

    def _leader_draw(self, effect) -> None:
        """今現在、得点の一番多いプレイヤーは、カードをN枚引く (every tied player, from the taker on)."""
        now = [self.points_now(p) for p in range(self.num_players)]
        best = max(now)
        for i in range(self.num_players):
            p = (self.actor + self.direction * i) % self.num_players
            if now[p] == best:
                self._draw(p, effect.n)
                self.notes.append(("draw", p, effect.n))
        self.phase = COUPLE

    def _reveal(self, effect) -> None:
        """場のカードを全て表向ける(15秒)。その後真ん中を除き全て裏返す。"""
        self._turn_up_all(range(FIELD))
        self.face_up &= 1 << CENTRE
        centre = self.field[CENTRE]
        self.face_up_cards = 1 << centre if centre >= 0 and self.face_up else 0
        self.phase = COUPLE

    def _turn_up_all(self, slots) -> None:
        """Turn up every face-down card among the slots."""
        field, up = self.field, self.face_up
        for s in slots:
            if field[s] >= 0 and not up >> s & 1:
                self._turn_up(s)

    def _ask(self, effect) -> None:
        """Effects that wait for the taker's choice."""
        self.phase = ASKS[effect.kind]
        self.steps_left, self.vacated = effect.n, []

    # --- effects with a decision ------------------------------------------------------------------------
    def _opt_block(self):
        return NINE

    def _do_block(self, index) -> None:
        """Turn up the chosen X or 3x3 block; 以後、手札は使用できない."""
        self._turn_up_all((CROSSES if self.following.kind == CROSS else SQUARES)[index])
        self.locked = self.locked or self.following.lock
        self.phase = COUPLE

    def _opt_take(self):
        if self.steps_left <= 0:
            return ()
        mask = self.occupied & ~self.face_up if self.following.face_down else self.occupied
        return slots_in(mask)  # the slots of the mask, in slot order

    def _do_take(self, slot) -> None:
        """任意のN枚の裏向けのカードを手札に入れる (the variant's 3: any field cards)."""
        if slot is None:
            self.steps_left = 0
        else:
            p, card = self.actor, self.field[slot]
            self._lift(card)
            self.vacated.append(slot)
            if self.vanish_partners >> card & 1:
                self._pair_off(card)
            else:
                self.hands[p].append(card)
                self.hand_masks[p] |= 1 << card
                self.held[p].append(card)
                if self.public >> slot & 1:  # a card everyone has seen in that slot: they saw it go into this hand
                    self.watched[p] |= 1 << card
            self.steps_left -= 1
        if self.steps_left <= 0:
            self.phase, self.steps_left = RETURN, len(self.vacated)

    def _opt_return(self):
        hand = self.hands[self.actor]
        return tuple(range(len(hand))) if self.steps_left > 0 and hand else ()

    def _do_return(self, index) -> None:
        """その後、好きなN枚を空所に戻す: face down into the emptied slots, in the order they were emptied."""
        if index is None:
            self.steps_left = 0
        else:
            p = self.actor
            card = self.hands[p].pop(index)
            self.hand_masks[p] ^= 1 << card
            slot = self.vacated.pop(0)
            self.field[slot] = card
            self.occupied |= 1 << slot
            self._laid_face_down(slot, p)
            if slot == CENTRE:
                self._centre_up()
            self._emptied(p)
            self.steps_left -= 1
        if self.steps_left <= 0:
            self.phase = COUPLE

    def _opt_target(self):
        return tuple(range(self.num_players)) if self.draw_pile else ()

    def _do_target(self, player) -> None:
        """任意のプレイヤーへ、山札からカードをN枚引かせる (the taker may name themself)."""
        if player is not None:
            self._draw(player, self.following.n)
            self.notes.append(("draw", player, self.following.n))
        self.phase = COUPLE

    def _opt_vanish(self):
        filled = self.occupied
        return slots_in(filled) if self.steps_left > 0 else ()

    def _do_vanish(self, slot) -> None:
        """場のカードをN枚バニッシュする (face up or down); あなたの手番は終了する when the text says so."""
        if slot is None:
            self.steps_left = 0
        else:
            self._vanish(self._lift_slot(slot))
            self.steps_left -= 1
        if self.steps_left <= 0:
            if self.following.ends_turn:
                self._end_turn()
            else:
                self.phase = COUPLE

    def _opt_peek_who(self):
        return tuple(q for q in range(self.num_players) if q != self.actor and self.hands[q])

    def _do_peek_who(self, player) -> None:
        """他のプレイヤーを1人選び、手札を見る。"""
        if player is None:
            self.phase = COUPLE
        else:
            self.victim, self.phase = player, PEEK_CARD

    def _opt_peek_card(self):
        return tuple(range(len(self.hands[self.victim])))

    def _do_peek_card(self, index) -> None:
        """そのうち1枚をバニッシュする。"""
        if index is not None:
            q = self.victim
            card = self.hands[q].pop(index)
            self.hand_masks[q] ^= 1 << card
            self._emptied(q)
            self._vanish(card)
        self.phase = COUPLE

    def _opt_treasure(self):
        """Any card in another player's treasure: owner * TREASURE + card."""
        return tuple(q * TREASURE + c for q in range(self.num_players) if q != self.actor for c in self.treasure[q])

    def _do_steal(self, choice) -> None:
        """他プレイヤーのトレジャーにある任意の1枚のカードを奪う (into the taker's treasure)."""
        if choice is not None:
            card = self._from_treasure(choice // TREASURE, choice % TREASURE)
            p = self.actor
            self.treasure[p].append(card)
            self.treasure_masks[p] |= 1 << card
            self.printed_points[p] += self.data.points[card]
        self.phase = COUPLE

    def _do_burn(self, choice) -> None:
        """他プレイヤーのトレジャーにある任意の1枚のカードをバニッシュする。"""
        if choice is not None:
            self._vanish(self._from_treasure(choice // TREASURE, choice % TREASURE))
        self.phase = COUPLE

    def _from_treasure(self, owner: int, card: int) -> int:
        """Take a card out of a treasure; a bonus couple it belonged to is broken."""
        self.treasure[owner].remove(card)
        self.treasure_masks[owner] ^= 1 << card
        self.printed_points[owner] -= self.data.points[card]
        self.bonus_couples[owner] = [bond for bond in self.bonus_couples[owner] if card not in bond[:2]]
        if self.credit is not None:
            self.event_points[self.credit] += self.data.points[card]
        return card


EFFECTS = {FLIP: Effects._flip_more, CORNERS: Effects._corners, CROSS: Effects._block, SQUARE: Effects._block,
           SWAP: Effects._ask, DRAW: Effects._ask, SKIP: Effects._skip, REVERSE: Effects._reverse,
           RESHUFFLE: Effects._reshuffle, VANISH: Effects._ask, PEEK: Effects._ask, LEADER: Effects._leader_draw,
           STEAL: Effects._ask, BURN: Effects._ask, REVEAL: Effects._reveal}
ASKS = {SWAP: TAKE, DRAW: TARGET, VANISH: VANISH_PICK, PEEK: PEEK_WHO, STEAL: STEAL_PICK, BURN: BURN_PICK}
EFFECT_OPTS = {BLOCK: Effects._opt_block, TAKE: Effects._opt_take, RETURN: Effects._opt_return,
               TARGET: Effects._opt_target, VANISH_PICK: Effects._opt_vanish, PEEK_WHO: Effects._opt_peek_who,
               PEEK_CARD: Effects._opt_peek_card, STEAL_PICK: Effects._opt_treasure, BURN_PICK: Effects._opt_treasure}
EFFECT_DO = {BLOCK: Effects._do_block, TAKE: Effects._do_take, RETURN: Effects._do_return,
             TARGET: Effects._do_target, VANISH_PICK: Effects._do_vanish, PEEK_WHO: Effects._do_peek_who,
             PEEK_CARD: Effects._do_peek_card, STEAL_PICK: Effects._do_steal, BURN_PICK: Effects._do_burn}
