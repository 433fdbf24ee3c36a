"""鳥手板4to6 (3-5 players): the rules simulation `pnp check torite4to6` plays, read from the printed CSV files."""

# Rules source: 鳥手板4to6「ルール説明」. The design decisions of card_data/torite4to6/README.md ("Procedure") are
# followed; where the text and the README still leave a choice, the simulation decides as follows:
#
# 1. Seats run clockwise. Seat 1 leads the first formation of live 1; each later live is led first by the seat
#    left of the previous live's first lead.
# 2. Before every live both decks are gathered and shuffled. Each player gets setup.csv's hand_size cards;
#    the rest are set aside unseen. A member deck too small for the set-up deals the largest even hand it
#    can (the live is that many formations), and the figures record the members pile as run out.
# 3. A play with a single legal card (a last card, or the only card of the led colour) is made at once: it is
#    not a decision, and it is not counted as a move.
# 4. Candidate pieces: setup.csv's candidate_pieces stand on the numbers of the row's slots ①, ② (slot ①
#    placed first, so ②'s piece stands in front on a shared number). A row holding fewer cards (only with
#    an edited candidates.csv) places fewer pieces.
# 5. Centre: count all pieces, candidates included, from the lowest position and within a position from the
#    front; the front piece of the third piece's position is the centre. A candidate centre gives nobody a
#    face-up card, and the same player leads again.
# 6. Captain: among the other played cards (the centre card excluded), the highest trump card; else the
#    highest card of the led colour; ties (only with duplicate cards) go to the card played first. With
#    neither, there is no captain and the row does not change. The captain takes their card and every row
#    card whose sub-colour is the captain card's colour, face down; the rest of the row moves towards the
#    deck and the far slots are refilled. An empty candidate deck leaves the row short (recorded as run out).
# 7. Order within a formation: centre, then captain, then overwork. Overwork is checked at every appointment:
#    a captain with 7 or more face-down cards passes all face-up cards to the other player with the fewest
#    face-down cards, ties to the nearest clockwise. It counts as an overwork even when the captain has no
#    face-up card to pass. (Face-down cards only grow at an appointment, so no other moment needs a check.)
# 8. The live ends after hand_size formations. Evaluation: face-up icons + face-down cards, + the icons again
#    with 4-6 face-down cards. The game ends when a score is over 30 after an evaluation; the highest score
#    wins and equal highest scores share the win. Otherwise every card is gathered for the next live.
#
# Figures (per game, averaged by the report): lives; formations; centre_share.seatN and .candidate (share of
# formations); captain_share.seatN and .none; overwork_per_live; passed_per_overwork (face-up cards passed);
# bonus_4to6_share, facedown_7plus_share and facedown_per_player (per player per evaluation); lead_retention
# (share of formations followed in the same live by one led by the same player); forced_play_share (plays with
# a single legal card); exhausted.members / exhausted.candidates (the live a pile ran out in, when it did).

from __future__ import annotations

from pnp.sim import GameSpec

from .data import ToriteData, load
from .integrity import integrity
from .policy import Observation, greedy
from .state import Torite

__all__ = ["SPEC", "Torite", "ToriteData", "Observation", "load", "integrity", "greedy"]

SPEC = GameSpec(
    name="torite4to6",
    player_counts=(3, 4, 5),
    load=load,
    integrity=integrity,
    new_game=Torite,
    greedy=greedy,
    max_moves=3000,
    piles=("members", "candidates"),
    search_horizon=1,  # the search player plays each try out to the end of the live, then reads the scores
)
