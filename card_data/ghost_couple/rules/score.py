"""Ghost Couple's scoring (得点, ゲームの勝利), the checks after every move, and the figures of one game."""

from __future__ import annotations

from pnp.sim import InvariantViolation

from .board import Couple
from .deck import CENTRE, FIELD, OVER, ability_key
from .zones import CARD_BIT, Zones, slots_in, total

FULL = (1 << FIELD) - 1
FULL_CHECK = 16  # turns between two full recounts


class Scoring(Zones):
    """Bonuses, the game's end, scores, invariants and figures, on top of the card moves."""

    def _init_stats(self) -> None:
        """Counters for the figures, and what the checks need."""
        deck = self.data
        self.couples = 0
        self.swaps = 0
        self.endgame_turns = 0
        self.vanished = 0
        self.played = dict.fromkeys(deck.event_keys, 0)
        self.event_points = dict.fromkeys(deck.event_keys, 0)
        self.ability_couples = dict.fromkeys(deck.ability_keys, 0)
        self.ability_points = dict.fromkeys(deck.ability_point_keys, 0)
        self._checked_turn = -1
        self._pairs_checked = 0
        self.bonded = deck.bonded  # the cards of any 達成でN点 couple bonus

    def _count_couple(self, a: int, b: int, points: int) -> None:
        """Figures of a couple an event opened or an ability allowed: points by event, couples by ability."""
        if self.credit is not None:
            self.event_points[self.credit] += points
        deck = self.data
        if deck.basic[a] >> b & 1:  # a plain couple: no ability allowed it
            return
        known, pair = deck.ability_of_couple, a * deck.size + b  # the same couples recur game after game
        if pair not in known:
            known[pair] = ability_key(deck.side, deck.basic, deck.abilities, a, b)
        key = known[pair]
        if key is not None:
            self.ability_couples[key] += 1
            self.ability_points[key] += points

    def _bond(self, p: int, a: int, b: int) -> int:
        """Note the 達成でN点 bonuses a couple earns, kept while it stays together; returns their points."""
        points = 0
        for bonus in self.data.couple_bonus:
            if (bonus.first >> a & 1 and bonus.second >> b & 1) or (bonus.first >> b & 1 and bonus.second >> a & 1):
                self.bonus_couples[p].append((a, b, bonus.points))
                points += bonus.points
        return points

    def _game_over(self) -> None:
        """次の人に手番をまわすときに、手札が無くなっていればその時点で終了: the first to run out gets the bonus."""
        empty = [p for p in self.out_order if not self.hands[p]]
        self.first_out = empty[0] if empty else self.hands.index([])
        self.phase = OVER
        self.notes.append(("over", self.first_out))

    # --- scores -------------------------------------------------------------------------------------------
    def set_bonuses(self, player: int) -> list:
        """The set bonuses (…をトレジャーにそろえると) a treasure holds."""
        held, found = self.treasure_masks[player], []
        for bonus in self.data.set_bonus:
            for mask, need in bonus.groups:
                if (held & mask).bit_count() < need:
                    break
            else:
                found.append(bonus)
        return found

    def points_now(self, player: int) -> int:
        """Treasure points: printed points, couple bonuses still together, set bonuses (no first-out bonus)."""
        points = self.printed_points[player]
        for bond in self.bonus_couples[player]:
            points += bond[2]
        for bonus in self.set_bonuses(player):
            points += bonus.points
        return points

    def scores(self) -> list[float]:
        """Final points; the first player out gets + the number of players (「+プレイヤー人数」点)."""
        n = self.num_players
        return [float(self.points_now(p) + (n if p == self.first_out else 0)) for p in range(n)]

    # --- invariants ---------------------------------------------------------------------------------------
    def check_invariants(self) -> None:
        """Couples legal and the hand unused when locked after every move; the cards counted every turn.

        Every card is counted in its zone, and every mask and score recomputed, at the start of every
        FULL_CHECK-th turn and at the end of the game (a wrong zone or mask cannot heal itself before then), so
        a lost or duplicated card is caught in its game.
        """
        couple = self.last_couple
        if couple is not None:
            self._check_couple(couple)
        turn = self.turn
        if turn != self._checked_turn or self.phase == OVER:  # the first move of a turn, or the game's end
            self._checked_turn = turn
            if self.phase == OVER or turn % FULL_CHECK == 0:
                self.check_every_card()

    def _check_couple(self, couple: Couple) -> None:
        """The couple just taken is a couple of the rules, with no hand card after 手札は使用できない."""
        a, b, from_hand, locked = couple
        self.last_couple = None
        if not self.data.partners[a] >> b & 1:
            raise InvariantViolation(f"turn {self.turn}: {self.data.labels[a]} and {self.data.labels[b]} are no couple")
        if from_hand and locked:
            raise InvariantViolation(f"turn {self.turn}: a hand card was used after 手札は使用できない")

    def zones(self) -> dict:
        """Where a card can be: the draw pile, the field, hands, the vanish area, out of the game, treasures."""
        return {"draw pile": self.draw_pile, "field": [card for card in self.field if card >= 0], "hand": self.hands,
                "vanish area": self.vanish, "out of the game": self.removed, "treasure": self.treasure}

    def card_count(self) -> int:
        return self.data.size

    def card_name(self, card: int) -> str:
        return self.data.labels[card]

    def check_every_card(self) -> None:
        """Each card id in exactly one zone, the masks match the zones, the treasure points add up."""
        turn, up, field, treasure = self.turn, self.face_up, self.field, self.treasure
        if not self._every_card_once():
            try:
                self.check_cards()  # names the card lost or in two places
            except InvariantViolation as problem:
                raise InvariantViolation(f"turn {turn}: {problem}") from None
        if [total(CARD_BIT, hand) for hand in self.hands] != self.hand_masks or \
                [total(CARD_BIT, cards) for cards in treasure] != self.treasure_masks:
            raise InvariantViolation(f"turn {turn}: the hand or treasure masks do not match the cards")
        empty, face_up = [field[s] for s in slots_in(FULL & ~self.occupied)], [field[s] for s in slots_in(up)]
        if field.count(-1) != len(empty) or empty.count(-1) != len(empty) or -1 in face_up or \
                total(CARD_BIT, face_up) != self.face_up_cards:
            raise InvariantViolation(f"turn {turn}: the field masks do not match the field")
        if self.public_cards != self.cards_in(self.public & self.occupied):
            raise InvariantViolation(f"turn {turn}: the cards seen by every player do not match the field")
        if field[CENTRE] >= 0 and not up >> CENTRE & 1:
            raise InvariantViolation(f"turn {turn}: the centre card lies face down")
        if self.printed_points != [total(self.data.points, cards) for cards in treasure]:
            raise InvariantViolation(f"turn {turn}: treasure points do not add up")
        self._check_pairs()

    def _every_card_once(self) -> bool:
        """As many cards in the zones as card ids, and every id among them: each card exactly once."""
        pile, field, hands, treasure = self.draw_pile, self.field, self.hands, self.treasure
        found = set(pile)
        found.update(field, self.vanish, self.removed, *hands, *treasure)
        found.discard(-1)  # an empty slot
        count = len(pile) + FIELD - field.count(-1) + len(self.vanish) + len(self.removed) + \
            sum(map(len, hands)) + sum(map(len, treasure))
        return count == len(found) == self.data.size and found == self.data.card_ids

    def _check_pairs(self) -> None:
        """Bonus couples still in their treasure; pairs that left the game are ¥0-¥1 couples; the end is right."""
        for p, bonds in enumerate(self.bonus_couples):
            held = self.treasure_masks[p]
            for a, b, _ in bonds:
                if not (held >> a & 1 and held >> b & 1):
                    raise InvariantViolation(f"turn {self.turn}: a bonus couple is no longer in P{p + 1}'s treasure")
        removed, basic = self.removed, self.data.basic
        for i in range(self._pairs_checked, len(removed), 2):
            if not basic[removed[i]] >> removed[i + 1] & 1:
                raise InvariantViolation(f"turn {self.turn}: a pair left the game that is no ¥0-¥1 couple")
        self._pairs_checked = len(removed)
        if self.phase == OVER and (all(self.hands) or self.hands[self.first_out]):
            raise InvariantViolation("the game ended while every player still had cards")

    # --- figures ------------------------------------------------------------------------------------------
    def figures(self) -> dict[str, float | None]:
        """Turns, couples per turn, first out by seat, points by event and ability, when the deck ran out."""
        turns = max(1, self.turn)
        out: dict[str, float | None] = {"turns": float(self.turn), "couples_per_turn": self.couples / turns,
               "centre_swaps_per_turn": self.swaps / turns, "endgame_turns": float(self.endgame_turns),
               "vanished": float(self.vanished), "removed_by_vanish": float(len(self.removed))}
        for p in range(self.num_players):
            out[f"first_out.seat{p + 1}"] = 1.0 if self.first_out == p else 0.0
        events, ability_couples, ability_points = self.data.figure_names
        played, event_points = self.played, self.event_points
        for key, played_name, points_name in events:
            out[played_name] = float(played[key])
            out[points_name] = float(event_points[key])
        for key, name in ability_couples:
            out[name] = float(self.ability_couples[key])
        points = dict(self.ability_points)
        for p in range(self.num_players):
            for bonus in self.set_bonuses(p):
                points[bonus.key] += bonus.points
        for key, name in ability_points:
            out[name] = float(points[key])
        if self.ran_out_turn is not None:  # the round it ran out in, as the report's lengths count rounds
            out["exhausted.deck"] = float(-(-self.ran_out_turn // self.num_players))
        return out
