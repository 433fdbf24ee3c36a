"""Promotion's resolution: row-1 effects in their order, then rows 2-4 with batting; invariants and figures."""

from __future__ import annotations

import random
from itertools import chain
from operator import getitem

from pnp.sim import TERMINAL, CardEvents, InvariantViolation, State

from .data import CHANGE, DOWN, HAND, KING, SEATS, SPIN, WILD, PromotionData

SUIT_ACTIONS = [0, 1, 2, 3]
SUITS = range(4)
CARD_CHECK = 4  # rounds between two counts of every card
HAND_MASK = sum(1 << v for v in HAND)
RAISES = ("raise", "wild")
SETUP_HAND, SETUP_SUIT, ORIENT, ROTATE, ROWS, CHANGING, WILDING, DOWN_TIE, OVER = range(9)
PHASES = ("setup_hand", "setup_suit", "orient", "rotate", "rows", "change", "wild", "down_tie", "over")


class Rules(State):
    """The card positions and the resolution of a round; the state class adds the decisions around it."""

    def __init__(self, data: PromotionData, players: int, rng: random.Random):
        super().__init__(data, players, rng)
        layout = data.layout
        self.middle = list(layout.deck_mask)  # per suit, a bit mask of the values in the middle (場)
        self.deck_mask = layout.deck_mask
        self.cards = [0] * (SEATS * 4)  # 場札: cards[p * 4 + s], one card of every suit per player (0: none yet)
        self.had = [0] * (SEATS * 4)  # card events: per player and suit, a bit mask of the values it ever had there
        self.row_suit = [-1] * SEATS  # the suit of each player's 1-4, their row cards (-1: none yet)
        self.sequence, self.side_rows, self.side_masks = layout.sequence, layout.side_rows, layout.side_masks
        self.side_effect, self.side_rank = layout.side_effect, layout.side_rank
        self.change_choices = layout.change_choices
        self.orient, self.round_count, self.rows, self.revealed = 0, 0, [0] * SEATS, False
        self.step, self.acted = 0, 0
        self.down_queue: list[int] = []  # the players still to return their highest card to a Down!
        self.kinged: list[int] = []  # the players who took a K13 in the current step
        self.won: list[int] = []  # the winners, once the game is over
        self.choices: list = []
        self.exchanges: list = []  # every exchange of the current move, checked by check_invariants
        self.checked_round = 0  # the round whose cards check_invariants counted last (0: setup, not counted)
        self.batted, self.fizzled, self.row_counts = 0, 0, [0] * 5
        self.effect_counts = dict.fromkeys(layout.side_effect, 0)
        self.start_sides = [0] * SEATS

    # -- exchanges ----------------------------------------------------------------------------
    def raise_card(self, player: int, suit: int, kind: str = "raise") -> None:
        """Exchange a card with the next higher card of its suit lying in the middle, skipping missing ones."""
        i = player * 4 + suit
        old, pile = self.cards[i], self.middle[suit]
        above = pile >> (old + 1) << (old + 1)
        if not above:  # nothing higher left: no exchange (cannot happen while the K13 is in the middle)
            return
        new = (above & -above).bit_length() - 1
        self.middle[suit] = (pile ^ (1 << new)) | (1 << old)
        self.cards[i] = new
        self.had[i] |= 1 << new
        self.exchanges.append((kind, player, suit, old, new, pile))
        if new == KING:
            self.kinged.append(player)

    def lower_card(self, player: int, suit: int) -> None:
        """Down!: return the card and take the next lower one in the middle, skipping missing ones (none: keep it)."""
        i = player * 4 + suit
        old, pile = self.cards[i], self.middle[suit]
        below = pile & ((1 << old) - 1)
        if not below:
            return
        new = below.bit_length() - 1
        self.middle[suit] = (pile ^ (1 << new)) | (1 << old)
        self.cards[i] = new
        self.had[i] |= 1 << new
        self.exchanges.append(("down", player, suit, old, new, pile))

    def change(self, player: int, other: int, suit: int) -> None:
        """Change!: swap the player's card with another player's card of the same suit."""
        a, b = player * 4 + suit, other * 4 + suit
        old, new = self.cards[a], self.cards[b]
        self.cards[a], self.cards[b] = new, old
        self.had[a] |= 1 << new
        self.had[b] |= 1 << old
        self.exchanges.append(("change", player, suit, old, new, other))
        if new == KING:
            self.kinged.append(player)

    # -- resolution ---------------------------------------------------------------------------
    def reveal(self, rows: list) -> None:
        """Everyone's face-down row card is revealed at once."""
        self.rows = list(rows)
        self.revealed = True
        for row in rows:
            self.row_counts[row] += 1
        orient = self.orient
        self.start_sides = [(orient - p) & 3 for p in range(SEATS)]
        self.step, self.acted = 0, 0

    def resolve(self) -> None:
        """Resolve from where the round stands until a player must decide, the round ends or someone wins."""
        while self.down_queue:
            if not self._down_next():
                return
        if self.kinged:
            return self.finish(sorted(set(self.kinged)))
        sequence, rows = self.sequence, self.rows
        while self.step < len(sequence):
            side = sequence[self.step]
            self.step += 1
            seat = (self.orient - side) & 3
            if rows[seat] != 1 or self.acted >> seat & 1:
                continue  # nobody on row 1 faces this effect now, or they have used theirs
            self.acted |= 1 << seat
            if self._effect(seat, side):
                return
            if self.kinged:
                return self.finish(sorted(set(self.kinged)))
        self.fizzled += sum(1 for p in range(SEATS) if rows[p] == 1 and not self.acted >> p & 1)
        self._suit_rows()

    def _effect(self, seat: int, side: int) -> bool:
        """Use one row-1 effect; True when it waits for a player's decision."""
        effect = self.side_effect[side]
        if effect in self.effect_counts:
            self.effect_counts[effect] += 1
        if effect == SPIN:
            self.orient = (self.orient + 1) & 3  # clockwise: every side moves to the next seat on the left
        elif effect == DOWN:
            rank, orient = self.side_rank, self.orient
            self.down_queue = sorted((p for p in range(SEATS) if p != seat), key=lambda p: rank[(orient - p) & 3])
            while self.down_queue:
                if not self._down_next():
                    return True
        elif effect == CHANGE:
            self.ask(CHANGING, seat, self.change_choices[seat])
            return True
        elif effect == WILD:
            self.ask(WILDING, seat, SUIT_ACTIONS)
            return True
        return False

    def _down_next(self) -> bool:
        """Lower the next Down! victim's highest card; False when they must pick among tied highest cards."""
        player = self.down_queue.pop(0)
        hand = self.cards[player * 4:player * 4 + 4]
        top = max(hand)
        tied = [s for s in range(4) if hand[s] == top]
        if len(tied) == 1:
            self.lower_card(player, tied[0])
            return True
        self.ask(DOWN_TIE, player, tied)
        return False

    def _suit_rows(self) -> None:
        """Rows 2-4 in turn: a suit named on the same row by two or more players is lost for all of them."""
        rows, side_rows, side_masks, orient = self.rows, self.side_rows, self.side_masks, self.orient
        on_row: tuple[list[int], ...] = ([], [], [], [], [])
        for p in range(SEATS):
            on_row[rows[p]].append(p)
        for row in (2, 3, 4):
            players = on_row[row]
            if not players:
                continue
            seen = twice = 0
            for p in players:
                mask = side_masks[(orient - p) & 3][row - 2]
                twice |= seen & mask
                seen |= mask
            for p in players:
                for s in side_rows[(orient - p) & 3][row - 2]:
                    if twice >> s & 1:
                        self.batted += 1
                    else:
                        self.raise_card(p, s)
            if self.kinged:
                return self.finish(sorted(set(self.kinged)))
        self.end_round()

    def ask(self, phase: int, player: int, choices: list) -> None:
        """Stop resolution for a player's decision."""
        self.phase, self.actor, self.choices = phase, player, choices

    def finish(self, winners: list[int]) -> None:
        """Someone holds a K13: the game ends at once; everyone who got one in the same step wins."""
        self.won = winners
        self.phase, self.actor = OVER, TERMINAL

    def end_round(self) -> None:
        """Called when all rows are resolved (the state class passes the parent on)."""
        raise NotImplementedError

    # -- checks and figures -------------------------------------------------------------------
    def check_invariants(self) -> None:
        """Every exchange by the rules and the win exactly when a K13 is held; every card counted at the start of
        rounds 1, 5, 9, ... and at the end (a card lost cannot come back, so it is caught in its game)."""
        cards = self.cards
        for exchange in self.exchanges:
            _check_exchange(exchange)
        holders = [p for p in range(SEATS) if KING in cards[p * 4:p * 4 + 4]] if KING in cards else []
        if holders != self.won:
            raise InvariantViolation(f"K13 held by {_seats(holders)} but the winners are {_seats(self.won)}")
        if self.round_count != self.checked_round and self.round_count % CARD_CHECK == 1 or self.phase == OVER:
            self.checked_round = self.round_count  # cards move only by the exchanges checked above
            self.check_cards()

    def zones(self) -> dict:
        """The middle (場), each player's cards in front (場札), each player's row cards (their suit's 1-4)."""
        data = self.data
        middle = list(chain.from_iterable(map(data.ids_in, SUITS, self.middle)))
        front = [card for card in map(getitem, data.value_ids * SEATS, self.cards) if card >= 0]  # 0: none yet
        rows = [data.ids_in(suit, HAND_MASK) if suit >= 0 else () for suit in self.row_suit]
        return {"middle": middle, "cards in front": front, "row cards": rows}

    def card_count(self) -> int:
        return len(self.data.card_faces)

    def card_events(self) -> CardEvents:
        """Per seat: every card it had in front of it (場札), and its row cards (its suit's 1-4), as held."""
        data, printed = self.data, self.data.printed
        held = [[printed[card] for suit in SUITS for card in data.ids_in(suit, self.had[p * 4 + suit])]
                + ([printed[card] for card in data.ids_in(self.row_suit[p], HAND_MASK)] if self.row_suit[p] >= 0
                   else []) for p in range(SEATS)]
        return CardEvents(held=held)

    def card_name(self, card: int) -> str:
        suit, value = self.data.card_faces[card]
        return f"{self.data.suits[suit]}{value}"

    def figures(self) -> dict[str, float | None]:
        """Rounds, batting per round, row shares, effects used, and the side each winner faced."""
        rounds = max(1, self.round_count)
        total = max(1, sum(self.row_counts))
        out: dict[str, float | None] = {"rounds": float(self.round_count), "batting": self.batted / rounds,
                                        "effect_fizzled": float(self.fizzled)}
        out.update({f"row_chosen.{row}": self.row_counts[row] / total for row in (1, 2, 3, 4)})
        out.update({f"effect_used.{name}": float(n) for name, n in self.effect_counts.items()})
        wins = [0.0] * len(self.data.sides)
        for player in self.won:
            wins[self.start_sides[player]] += 1.0 / len(self.won)
        out.update({f"win_side.{side.number}": wins[i] for i, side in enumerate(self.data.sides)})
        return out


def _seats(players: list[int]) -> str:
    """Players as the log names them: P1, P2, ..."""
    return ", ".join(f"P{p + 1}" for p in players) or "nobody"


def _check_exchange(exchange: tuple) -> None:
    """One exchange followed the rules: a raise takes the next higher card in the middle, Down! the next lower."""
    kind, player, suit, old, new, pile = exchange
    if kind in RAISES:
        above = pile >> (old + 1) << (old + 1)
        if not (new > old and above and new == (above & -above).bit_length() - 1):
            raise InvariantViolation(f"P{player + 1} {kind}: {old} -> {new} is not the next higher card in the middle")
    elif kind == "down":
        if not (new < old and new == (pile & ((1 << old) - 1)).bit_length() - 1):
            raise InvariantViolation(f"P{player + 1} Down!: {old} -> {new} is not the next lower card in the middle")
    elif kind == "change" and (pile == player or not 0 <= pile < SEATS):
        raise InvariantViolation(f"P{player + 1} Change!: must swap with another player")
