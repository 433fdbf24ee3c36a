"""Ghost Couple's scoring (得点, ゲームの勝利), the checks after every move, and the figures of one game."""

from __future__ import annotations

from pnp.check.core import InvariantViolation
from pnp.games.ghost_couple_rules import CENTRE, FIELD, OVER, ability_key
from pnp.games.ghost_couple_zones import slots_of

FULL = (1 << FIELD) - 1
CARD_BIT = tuple(1 << c for c in range(1023)) + (0,)  # a card's bit; index -1 (an empty slot) gives 0
FULL_CHECK = 16  # turns between two full recounts


class ScoreMixin:
    """Scores, invariants and figures, for GhostCouple."""

    def _init_stats(self) -> None:
        """Counters for the figures, and what the checks need."""
        deck = self.deck
        self.couples = self.swaps = self.endgame_turns = self.vanished = 0
        self.played = dict.fromkeys(deck.event_keys, 0)
        self.event_points = dict.fromkeys(deck.event_keys, 0)
        self.ability_couples = dict.fromkeys(deck.ability_keys, 0)
        self.ability_points = dict.fromkeys(deck.ability_keys + tuple(b.key for b in deck.set_bonus), 0)
        self._checked_turn = -1
        self._pairs_checked = 0
        self.bonded = 0  # the cards of any 達成でN点 couple bonus
        for bonus in deck.couple_bonus:
            self.bonded |= bonus.first | bonus.second
        self.size = deck.size
        self._every_card = set(range(deck.size))
        self._zones = (self.pile, *self.hands, self.vanish, self.removed, *self.treasure)  # never rebound

    def _count_couple(self, a: int, b: int, points: int) -> None:
        """Figures of one couple: the event that opened it this turn, the ability that allowed it."""
        self.couples += 1
        if self.credit is not None:
            self.event_points[self.credit] += points
        deck = self.deck
        if deck.basic[a] >> b & 1:  # a plain couple: no ability allowed it
            return
        key = ability_key(deck.side, deck.basic, deck.abilities, a, b)
        if key is not None:
            self.ability_couples[key] += 1
            self.ability_points[key] += points

    # --- scores -------------------------------------------------------------------------------------------
    def set_bonuses(self, player: int) -> list:
        """The set bonuses (…をトレジャーにそろえると) a treasure holds."""
        held = self.tbits[player]
        return [bonus for bonus in self.deck.set_bonus
                if all((held & mask).bit_count() >= need for mask, need in bonus.groups)]

    def points_now(self, player: int) -> int:
        """Treasure points: printed points, couple bonuses still together, set bonuses (no first-out bonus)."""
        return (self.base[player] + sum(bond[2] for bond in self.bonds[player])
                + sum(bonus.points for bonus in self.set_bonuses(player)))

    def scores(self) -> list[float]:
        """Final points; the first player out gets + the number of players (「+プレイヤー人数」点)."""
        n = self.num_players
        return [float(self.points_now(p) + (n if p == self.first_out else 0)) for p in range(n)]

    def winners(self) -> list[int]:
        """得点の1番高い人の勝ち; ties share the win."""
        scores = self.scores()
        return [p for p, s in enumerate(scores) if s == max(scores)]

    # --- invariants ---------------------------------------------------------------------------------------
    def check_invariants(self) -> None:
        """Couples legal and the hand unused when locked after every move; the cards counted every turn.

        Every card is counted at the first move of each turn; every card id is traced to exactly one zone, and
        every mask and score recomputed, at the start of every FULL_CHECK-th turn and at the end of the game (a
        wrong zone or mask cannot heal itself before then), so a lost or duplicated card is caught in its game.
        """
        if self.last is not None:
            self._check_couple()
        if self.turn != self._checked_turn or self.phase == OVER:
            self._check_turn()

    def _check_turn(self) -> None:
        """The checks of the first move of a turn, and of the game's end."""
        self._checked_turn = self.turn
        if self.phase == OVER or self.turn % FULL_CHECK == 0:
            self._check_every_card()
        elif sum(map(len, self._zones)) + self.filled.bit_count() != self.size:
            raise InvariantViolation(f"turn {self.turn}: a card was created or lost")

    def _check_couple(self) -> None:
        """The couple just taken is a couple of the rules, with no hand card after 手札は使用できない."""
        a, b, from_hand, locked = self.last
        self.last = None
        if not self.deck.partners[a] >> b & 1:
            raise InvariantViolation(f"turn {self.turn}: {self.deck.labels[a]} and {self.deck.labels[b]} are no couple")
        if from_hand and locked:
            raise InvariantViolation(f"turn {self.turn}: a hand card was used after 手札は使用できない")

    def _check_every_card(self) -> None:
        """Each card id in exactly one zone, the masks match the zones, the treasure points add up."""
        turn, up, field, bit = self.turn, self.up, self.field, CARD_BIT.__getitem__
        cards = set(field).union(*self._zones)  # as many places as cards, and every card in one: none in two
        cards.discard(-1)
        if sum(map(len, self._zones)) + self.filled.bit_count() != self.size or cards != self._every_card:
            raise InvariantViolation(f"turn {turn}: a card was created, lost, or is in two places")
        if [sum(map(bit, hand)) for hand in self.hands] != self.hbits or \
                [sum(map(bit, t)) for t in self.treasure] != self.tbits:
            raise InvariantViolation(f"turn {turn}: the hand or treasure masks do not match the cards")
        empty, face_up = [field[s] for s in slots_of(FULL & ~self.filled)], [field[s] for s in slots_of(up)]
        if field.count(-1) != len(empty) or empty.count(-1) != len(empty) or -1 in face_up or \
                sum(map(bit, face_up)) != self.ucards:
            raise InvariantViolation(f"turn {turn}: the field masks do not match the field")
        if field[CENTRE] >= 0 and not up >> CENTRE & 1:
            raise InvariantViolation(f"turn {turn}: the centre card lies face down")
        points = self.deck.points.__getitem__
        if self.base != [sum(map(points, t)) for t in self.treasure]:
            raise InvariantViolation(f"turn {turn}: treasure points do not add up")
        self._check_pairs()

    def _check_pairs(self) -> None:
        """Bonus couples still in their treasure; pairs that left the game are ¥0-¥1 couples; the end is right."""
        for p, bonds in enumerate(self.bonds):
            if any(not (self.tbits[p] >> a & 1 and self.tbits[p] >> b & 1) for a, b, _ in bonds):
                raise InvariantViolation(f"turn {self.turn}: a bonus couple is no longer in P{p + 1}'s treasure")
        removed, basic = self.removed, self.deck.basic
        if any(not basic[removed[i]] >> removed[i + 1] & 1 for i in range(self._pairs_checked, len(removed), 2)):
            raise InvariantViolation(f"turn {self.turn}: a pair left the game that is no ¥0-¥1 couple")
        self._pairs_checked = len(removed)
        if self.phase == OVER and (all(self.hands) or self.hands[self.first_out]):
            raise InvariantViolation("the game ended while every player still had cards")

    # --- figures ------------------------------------------------------------------------------------------
    def figures(self) -> dict[str, float]:
        """Turns, couples per turn, first out by seat, points by event and ability, when the deck ran out."""
        turns = max(1, self.turn)
        out = {"turns": float(self.turn), "couples_per_turn": self.couples / turns,
               "centre_swaps_per_turn": self.swaps / turns, "endgame_turns": float(self.endgame_turns),
               "vanished": float(self.vanished), "removed_by_vanish": float(len(self.removed))}
        for p in range(self.num_players):
            out[f"first_out.seat{p + 1}"] = 1.0 if self.first_out == p else 0.0
        ability_points = dict(self.ability_points)
        for p in range(self.num_players):
            for bonus in self.set_bonuses(p):
                ability_points[bonus.key] += bonus.points
        for key in self.deck.event_keys:
            out[f"event.{key}.played"] = float(self.played[key])
            out[f"event.{key}.points"] = float(self.event_points[key])
        for key, couples in self.ability_couples.items():
            out[f"ability.{key}.couples"] = float(couples)
        for key, points in ability_points.items():
            out[f"ability.{key}.points"] = float(points)
        if self.deck_out is not None:  # the round it ran out in, as the report's lengths count rounds
            out["exhausted.deck"] = float(-(-self.deck_out // self.num_players))
        return out
