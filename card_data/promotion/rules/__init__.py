"""Promotion 『プロモーション』 (tomo000, GM2014秋): the rules simulation `pnp check promotion` runs."""

# Interpretations of the rules text, where it leaves a choice:
#
# - Seats run clockwise and "left" is the next seat clockwise. Seat 1 is the parent chosen in 準備 2; it is
#   also the first round's parent: after four suits 準備 5 hands the parent back to it, and the flow's
#   "親を…決め" is read as that same choice.
# - 準備 3: from the parent clockwise, each player picks a suit and takes its 1-4 as row cards. 準備 4-5: the
#   choosing parent picks an unchosen suit and, from that parent clockwise, everyone takes the top card of its
#   pile. The piles lie in order 1..13, so the top is the lowest card left: everyone gets 5, 6, 7 and 8, one
#   of each suit ("数もマークもバラバラ"). A choice with a single option left is taken without a move.
# - Each round the parent turns any side of the postcard to face them; the parent's right neighbour may turn
#   it 180°. Every player then picks a row with a 1-4 card face down; all are revealed at once and the cards go
#   back to hand (any row may be used every round).
# - Row 1 resolves by the order numbers printed in the middle: at each number, the player who chose row 1 and
#   now faces that side uses it. SPIN90° turns the card clockwise (each side moves to the seat on its left), for
#   the remaining numbers and for rows 2-4. A player uses at most one effect; one whose number has passed does
#   nothing (the rules' example).
# - 手札 in Change! and Wild! means the cards in front of a player (場札), as in the rules' raise example.
#   Change! is mandatory (Q&A): the player picks another player and a suit and swaps the same-suit cards.
#   Wild! raises one card of the player's choice like a suit row, keeping its suit.
# - Down!: every other player returns their highest card and takes the next lower card of that suit in the
#   middle (none lower: they keep it); players tied for highest pick which. They exchange in the order of the
#   numbers of the sides they face.
# - Rows 2-4 resolve one after another. A suit named by the sides of two or more players on the same row is
#   lost for all of them (counted by the printed suits). A raise takes the next higher card of the suit in the
#   middle, skipping missing ones; a K13 stays in the middle until someone takes it, so a higher card always
#   exists.
# - The game ends as soon as someone holds a K13, after the effect or row that gave it; everyone who got a
#   K13 in that same step wins together. Scores are each player's highest card.
# - Nothing is shuffled: the deck is laid out in order, so a game's seed only drives the players' choices.
#
# Figures (per game, averaged by the report): rounds; batting = suits lost to batting per round; row_chosen.N =
# share of row choices that were row N; effect_used.X = times effect X was used; effect_fizzled = row-1 choices
# whose effect had passed; win_side.N = share of the win going to players who faced side N when the rows were
# chosen in the winning round (before any SPIN90°).

from __future__ import annotations

from pnp.sim import GameSpec

from .data import SEATS, PromotionData, integrity, load
from .policy import greedy
from .state import Observation, Promotion

__all__ = ["SPEC", "Promotion", "Observation", "PromotionData", "load", "integrity", "greedy"]

SPEC = GameSpec("promotion", (SEATS,), load, integrity, Promotion, greedy, max_moves=3000, symmetric=("win_side.*",))
