"""Ghost Couple's playing-card variant 「トランプ版」: the simulation `pnp check ghost_couple_cards` plays.

The turn, the vanish area, the end-game substitution and the game end are the main game's (the variant card
says so); the rulings of the main game (rules/__init__.py) apply. What differs is read from the printed files: the
54-card deck of game.yaml's playing_cards component, and variant.csv's hand size, rank abilities and scoring.
"""

# Rulings for the variant (also in card_data/ghost_couple/README.md, "Simulation rulings"):
#
# - Red cards are ¥0, black ¥1; a couple is the same number in different colours. A couple follows its rank's
#   ability once (both cards have the same rank).
# - A (めくることができる) may be declined; 3 takes any field cards, face up or down (場のカード), and returns
#   them face down to the emptied slots; K vanishes a field card and the turn goes on (the text does not end
#   it); 4, 5 and J, Q work as the main game's corners, X型, skip and reverse; 6, 7, 9, 10 do nothing.
# - 8 couples with any other 8 (赤同士、黒同士でも取れる); four 8s in one treasure score +8 once.
# - A joker couples with any card, the other joker included; a couple with a joker follows no ability.
# - Points: 赤い数札 1, 赤い絵札 (J, Q, K) 2, jokers −1 whatever their colour, black cards 0.
# - The first-out bonus of the main game applies (ゲームの目標: 手札を早く無くすか、…得点を高くすること).

from __future__ import annotations

from pnp.sim import GameSpec

from .integrity import variant_integrity
from .policy import greedy
from .state import GhostCouple
from .variant import VARIANT, load

__all__ = ["SPEC", "load", "variant_integrity"]

SPEC = GameSpec(VARIANT, (2, 3), load, variant_integrity, GhostCouple, greedy, max_moves=3000, piles=("deck",),
                search_horizon=2)  # as ghost_couple's
