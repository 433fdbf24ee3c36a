"""New Eleusis variant 『新新エリューシス』: the rules simulation `pnp check eleusis` runs.

Interpretations of the rules text, where it leaves a choice (also in card_data/eleusis/README.md):

- A game is one round dealt by each player in turn (seat 1 first, then clockwise), as the score sheet has a
  row per dealer; the scores are the vpt totals and the highest total wins (ties share the win).
- Each round both decks are shuffled together and every child (子) gets 12 cards, from the dealer's left;
  the dealer (親) holds none. The top card of the deck is turned up as the starter of the main line (as in
  New Eleusis; the text does not say how the row starts). It is not a played card: the 40-card rule and the
  hint times count only cards played by children.
- The secret rule is drawn at random from the library, card_data/eleusis/secret_rules.csv; a rule judges a
  card against the last card of the main line. The dealer judges truthfully.
- A play is 1-4 cards in the order laid down. The dealer judges them one by one against the main line's
  last card: an accepted card extends the main line, a rejected one is placed below it (the end stays). The
  verdict is ○ when all are accepted, ● when all are rejected, ○● otherwise. A declaration is right when it
  equals the verdict; a mixed verdict makes either declaration wrong.
- A wrong declaration: with the deck empty the child is out without drawing; with fewer cards than the
  penalty (cards played x2) the child draws them all and is out; otherwise the child draws the penalty and
  is out if 40 or more cards have been played, this play included (the cards go into the row first).
- A child who is out (失格) keeps their hand for the score, takes no turns and judges nothing. A child out
  with an empty hand (a wrong last play with the deck empty) does not end the round and gets no +4.
- Prophets: any number of children may be prophets at once. A child still in the round may declare at the
  end of their own turn, after the verdict, the penalty and any hint. On another child's play every prophet
  still in the round judges ○ / ● / ○● in secret before the dealer: a judgement equal to the dealer's verdict
  is +1vpt (at most 5 a round); a different one puts the prophet out (−5vpt, the +1s reset), gives the
  dealer +3vpt and the child who played +2vpt for each prophet put out.
- A prophet plays as a child on their own turn. A wrong declaration: the penalty (as far as the deck goes)
  and out as a failed prophet (−5vpt, dealer +3vpt; nobody gets the +2vpt).
- Hint times: after the play that lays down the 10th, 20th or 30th card (a play may pass the number), the
  dealer may give a hint, except while a prophet is in and a child in the round holds 4 cards or fewer (one
  play could end the round: "間もなくラウンドが終了しそう"). The first hint is the rule's hint from the
  library (what it looks at); later hints name a card the rule accepts now: the first face in deck order
  after the main line's last card.
- The round ends when a child in the round empties their hand (it plays out the turn's verdicts and penalty
  first) or when every child is out. Ending by agreement (協議) is not simulated; the deck is finite and every
  wrong play takes cards from it, so a round always ends.
- Dealer: +4vpt when the child who went out is a prophet, +2vpt when not; +3vpt per failed prophet (both
  kinds); when every child is out, −1vpt per card of the smallest child's hand.

Moves: the rule (a chance draw), each play, each prophet's secret judgement, the dealer's hint decision at a
hint time, and the prophet declaration offered at the end of each turn of a child still in the round and
not yet a prophet. The report's rounds are the game's rounds (one per player).

Figures (means over games; "per round" figures are averaged over a game's rounds first): round.turns and
round.cards = plays and cards per round; round.went_out = share of rounds a child went out (the rest ended
with every child out); deck.ran_out = share of rounds the deck ran out; penalty.wrong / penalty.cards =
wrong declarations and penalty cards drawn per round; declared_right and verdict.* = shares of plays;
disqualified.<reason> = children out per round by reason; prophet.declared / .rounds / .judgements per round;
prophet.success = share of right judgements; prophet.failed = share of prophets who failed; prophet.went_out
= share of go-outs by a prophet; hints per round; score.dealer / .child / .prophet = mean round score by role,
spread.dealer / .child = their standard deviation within a game; score.position.N = the round score of the
N-th child after the dealer; rule.<id>.went_out = share of that rule's rounds that a child went out.
"""

from __future__ import annotations

from pnp.sim import GameSpec

from .data import EleusisData, load
from .integrity import integrity
from .policy import greedy
from .state import Eleusis, Observation

__all__ = ["SPEC", "Eleusis", "EleusisData", "Observation", "greedy", "integrity", "load"]

SPEC = GameSpec(
    name="eleusis",
    player_counts=(4, 5, 6),
    load=load,
    integrity=integrity,
    new_game=Eleusis,
    greedy=greedy,
    max_moves=20_000,
    piles=("deck",),
    search_horizon=1,  # the search player plays each try out to the end of the round, then reads the totals
)
