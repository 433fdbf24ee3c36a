"""Eitsuku (えいつく): the rules simulation `pnp check eitsuku` plays, read from the printed CSV files.

Rules source: the manual 『えいつく』ゲームマニュアル:20100123 (◆1-◆6 and the イベントカードQ&A). Where the
text leaves a choice open, the simulation decides as follows:

- Seats are numbered in the turn order the die decided (◆3 準備 5), so seat 1 always starts.
- Setup: the budget prepared (players x7 小 / x6 中 / x5 大) is the whole supply; the initial hands are dealt
  from it and the rest forms the budget piles. A rolled 6, or a roll for an empty pile, lets the player choose.
- Paying (3B, ストライキ B): with no change given, a player may pay more than the cost. The simulation pays
  canonically: least value, then fewest cards, keeping large cards; staking for 4C/4D (taken back in 5A)
  uses the fewest cards. A role's cost is the CSV `cost` (+1 per opponent's 話題の独占).
- Paid and staked cards count toward the 5 a turn; ストライキ B does not. 5B leaves staked cards in 場.
- A phase action that cannot be taken (empty pile, cost out of reach) is not offered; with none left the
  phase passes. 3B may replace any placed role of the same kind; with both 役者 slots empty only the first
  is offered.
- Unreleased players at the end score 0 (only a released film is scored). B: only the best bonus counts.
  C: the first release is the earliest turn after 巻きを入れる (each counts one turn earlier).
- Events are placed in the action phase and take effect at once: 電撃発表 / 地元の協力 add a set / scout
  action that turn (stacking); 新たなるチャンス draws 2 events at that end phase; 広告代理店の努力 lifts
  the one-event limit from the next turn and is discarded in the end phase of the first turn that used it;
  〜大賞 needs a placed role of its kind in one's own 場 and raises that slot (役者大賞: the chosen 役者
  slot) while both stay; 話題の独占 needs two placed roles at 5 or more (after 〜大賞); ストライキ makes
  every other player still in the game answer A or B once at their start phase (after the budget draw)
  and leaves at its owner's next start phase; プロモーターの介入 goes into any slot of any player still in
  the game as any role number (1-6), discarding what was there, and costs its placer the number while it
  stays; 方針転換 may discard one event (or placed プロモーター) in the next turn's action phase, and stays
  in 場 if unused; 独自の情報網 draws 3 events, or 3 roles from piles chosen one by one, in that end phase
  and returns 2 cards of that type to the top of their piles in the next end phase (fewer if the hand
  has fewer), then leaves.
- Released players take no turns and cannot be targeted; their 場 no longer affects anyone.

Moves: one decision per choice the rules give (an event to place, a set action, a scout action, 5A/5B,
a ストライキ answer, targets). Ending the action phase is not a move of its own (the set actions are
offered beside the events), and a choice with a single option is applied at once and not logged.
"""

from __future__ import annotations

from pnp.sim import GameSpec

from .data import EVENT_NAMES, ROLE_SLUGS, SIZE_SLUGS, Data, load
from .integrity import integrity
from .policy import Observation, greedy
from .state import Eitsuku

__all__ = ["SPEC", "Data", "Eitsuku", "Observation", "EVENT_NAMES", "greedy", "integrity", "load"]

SPEC = GameSpec(
    name="eitsuku",
    player_counts=(3, 4, 5, 6),
    load=load,
    integrity=integrity,
    new_game=Eitsuku,
    greedy=greedy,
    max_moves=5000,
    piles=SIZE_SLUGS + tuple(ROLE_SLUGS.values()) + ("event",),
)
