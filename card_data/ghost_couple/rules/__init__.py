"""Ghost Couple 「ゴーストカップル」 (.nar Archive, 2002): the rules simulation `pnp check ghost_couple` plays."""

# Rulings where the note leaves a choice (also in card_data/ghost_couple/README.md, "Simulation rulings"):
#
# - Setup: the shuffled deck fills the 5x5 field row by row (slot 13, the centre, face up), then each player
#   gets the hand size printed on the reference card (最初は5枚). Seats are numbered in the turn order that
#   ジャンケン etc. decided: seat 1 starts, turns go up the seats until a reverse.
# - A turn: draw 1 (deck empty, 終盤処理: lay a hand card face down in the first empty slot, the centre last,
#   where it lies face up; with no empty slot this step is skipped); turn up 2 face-down cards one at a time
#   (fewer if fewer lie face down); then take couples one at a time, following each couple's effect at once,
#   until the player stops or none is left. A turn without a couple must swap a hand card with the centre
#   (ど真ん中のカードと、手札のうちの1枚を取り替える). Then the field is refilled from the deck, every card but
#   the centre is turned face down, and the turn passes.
# - A couple: a face-up field card with a hand card or another face-up field card (never two hand cards), of
#   one ghost ¥0 with ¥1, or any pair a printed ability allows: `wild` with any ¥0 card, `pair_*` the names in
#   pair_with ¥0 with ¥1, `any_combination` any two of the names (sides ignored). Couples go to the taker's
#   treasure and stay together there. A couple follows one effect (the printed data never gives it two).
# - Events: もうN枚めくる turns N more; 4隅 = slots 1, 5, 21, 25; X型 = the centre and corners of any 3x3 block,
#   3x3形 = any 3x3 block (cards already face up stay up); 以後、手札は使用できない lasts to the end of the turn
#   (no hand card in couples, no centre swap) but effects that move hand cards are still followed; swap3 takes
#   face-down cards and returns the chosen hand cards face down to the emptied slots, in the order emptied;
#   任意のプレイヤー may be the taker; draws stop when the deck is empty; skip adds one skipped seat per skip
#   (with 2 players the taker plays again), reverse does nothing with 2; バニッシュ of field cards may pick any
#   field card, face up or down; あなたの手番は終了する goes straight to the refill; 今現在 counts the treasure
#   score without the first-out bonus and every tied leader draws; a stolen card goes to the thief's treasure
#   and breaks a bonus couple; reveal_all shows every card to everyone (they remember it) and then turns all
#   but the centre face down, also those turned up this turn.
# - Vanish area: a vanished card lies face up. A hand card, or a face-up field card, of the same ghost and the
#   other side as a vanished card leaves the game with it at once (abilities make no such pairs, nothing
#   scores, no effect). Face-down field cards are checked when they are turned up; a drawn card at once. When
#   several cards could pair, the taker's hand goes first, then the other hands in turn order, then the field
#   in slot order.
# - Game end: at the hand-over, if any player has no hand cards the game ends. The first-out bonus
#   (+ number of players) goes to the player whose hand became empty first among those empty then.
# - Scores: printed points in the treasure (wildcards -1), + 達成でN点 for each bonus couple (飛白 with ダミアン様)
#   still together, + the set bonus once (汁親父 and 真の漢ぱら both held), + the first-out bonus. Ties share.
# - Every effect, bonus and the hand size is read from the printed text, so editing a card changes the play.
# - A step with a single legal option (one card to turn, one hand card to give) is taken at once: it is no
#   decision and does not count as a move.
#
# Figures (per game, averaged by the report): turns; couples_per_turn; centre_swaps_per_turn; endgame_turns
# (turns with the deck empty); vanished (cards sent to the vanish area); removed_by_vanish (cards that left the
# game in pairs); first_out.seatN (share of games seat N went out first); event.K.played / event.K.points (times
# the event was followed, and the points it brought its taker: couples taken later in the same turn, a stolen
# card, or a card vanished from another treasure); ability.K.couples / ability.K.points (couples only the
# ability allowed, with their points and bonus; set bonuses count as points of their ability); exhausted.deck
# (the turn the deck ran out).

from __future__ import annotations

from pnp.sim import GameSpec

from .data import load
from .deck import Deck
from .integrity import integrity
from .playing_cards import SPEC as PLAYING_CARDS
from .policy import greedy
from .state import GhostCouple
from .view import Observation

__all__ = ["SPEC", "PLAYING_CARDS", "GhostCouple", "Deck", "Observation", "greedy", "integrity", "load"]

SPEC = GameSpec("ghost_couple", (2, 3, 4), load, integrity, GhostCouple, greedy, max_moves=3000, piles=("deck",),
                search_horizon=2)  # the search player plays each try out for two rounds, then reads the treasures
