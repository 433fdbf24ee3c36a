"""The phases of a turn (◆3): start, set and scout, with the setup choice of a rolled 6."""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from . import end, events
from .data import (
    AD,
    DRAW_EVENT,
    EMPTY,
    LARGE,
    LOCAL,
    MEDIUM,
    MONOPOLY,
    PASS,
    PER_TURN,
    PH_ACTION,
    PH_SCOUT,
    PH_START,
    ROLE_KINDS,
    SCOUT_STAKE,
    SIZE_SLUGS,
    SMALL,
    STRIKE,
    STRIKE_B,
    Action,
    pay,
    reach,
)

if TYPE_CHECKING:
    from .state import Eitsuku

STAKES = {SMALL: 0, MEDIUM: 1, LARGE: 2}
ROLE_DRAWS = tuple(("role", k) for k in range(len(ROLE_KINDS)))  # 4A: draw from role pile k


def opt_setup(game: Eitsuku) -> list[Action] | None:
    """A rolled 6 (◆3 準備 4): the player picks the role pile."""
    legal = [("pick", k) for k, pile in enumerate(game.role_piles) if pile]
    return legal or [("pick", -1)]


def do_setup(game: Eitsuku, action: Action) -> None:
    p = game.setup_queue.pop(0)
    if action[1] >= 0:
        game.hand_roles[p].append(game.draw_role(action[1]))
    if game.setup_queue:
        game.actor = game.setup_queue[0]
    else:
        game.begin()


def start_turn(game: Eitsuku) -> None:
    """Start phase: own ストライキ from last turn leaves, draw a budget card, owe one response per strike."""
    p, codes = game.actor, game.data.codes
    game.budget_used = game.events_placed = 0
    game.ad_used = False
    if game.placed_total[STRIKE] and game.placed_count[p][STRIKE]:
        for card in [c for c in game.placed_events[p] if codes[c] == STRIKE and game.event_turn[c] < game.turn]:
            events.unplace_event(game, p, card)
    pile = game.budget_piles
    k = 0 if pile[0] else 1 if pile[1] else 2 if pile[2] else -1  # ◆3 1: a 小; without 小 a 中; without both a 大
    if k >= 0:
        pile[k] -= 1
        game.hand_budget[p][k] += 1
        if not pile[k]:
            game.ran_out(SIZE_SLUGS[k])
    placed = game.placed_count
    game.strikes_due = sum(placed[q][STRIKE] for q in opponents_in_game(game, p)) if game.placed_total[STRIKE] else 0
    game.events_left = 1_000 if game.placed_total[AD] and events.ad_ready(game, p) else 1
    game.phase = PH_START if game.strikes_due else PH_ACTION  # no answer owed: straight to the action phase


def opt_strike(game: Eitsuku) -> list[Action] | None:
    """ストライキ (◆5): discard a placed role (A) or budget worth 2 per placed role (B)."""
    p = game.actor
    filled = [s for s, card in enumerate(game.slots[p]) if card != EMPTY] if game.strikes_due else []
    if not filled:
        game.strikes_due = 0
        game.phase = PH_ACTION
        return None
    legal: list[Action] = [("strike_a", s) for s in filled]
    if reach(game.data, game.hand_budget[p], sum(game.hand_budget[p])) >= 2 * len(filled):
        legal.append(STRIKE_B)
    return legal


def do_strike(game: Eitsuku, action: Action) -> None:
    p = game.actor
    if action == STRIKE_B:
        cost = 2 * sum(card != EMPTY for card in game.slots[p])
        spend(game, p, pay(game.data, game.hand_budget[p], cost, None), count=False)
    else:
        events.clear_slot(game, p, action[1])
        events.revalue(game, p)
    game.strikes_due -= 1


def opt_set(game: Eitsuku) -> list[Action] | None:
    """3A draw an event or 3B place a role paying 【数字+2】 (+1 per opponent's 話題の独占)."""
    if game.set_left <= 0:
        enter_scout(game)
        return None
    return set_options(game, game.actor, [])


def enter_scout(game: Eitsuku) -> None:
    """On to the scout phase: one action, one more per 地元の協力 placed this turn."""
    game.phase, game.scout_left = PH_SCOUT, 1 + game.placed_count[game.actor][LOCAL]


def set_options(game: Eitsuku, p: int, legal: list) -> list:
    """Add the set actions open to p now to legal (PASS when nothing is possible) and return it."""
    size = len(legal)
    if game.event_pile:
        legal.append(DRAW_EVENT)
    hand = game.hand_roles[p]
    if hand:
        d, seen = game.data, set()
        most = reach(d, game.hand_budget[p], PER_TURN - game.budget_used)
        if game.placed_total[MONOPOLY]:
            most -= monopoly_cost(game, p)
        cost, face, place = d.role_cost, d.face, d.place
        for card in hand:
            if cost[card] <= most and face[card] not in seen:
                seen.add(face[card])
                actions = place[card]
                if len(actions) == 1:  # the kind has one slot
                    legal.append(actions[0])
                else:
                    add_placements(game, p, actions, legal)
    if len(legal) == size:
        legal.append(PASS)
    return legal


def do_set(game: Eitsuku, action: Action) -> None:
    p = game.actor
    game.set_left -= 1
    if action == DRAW_EVENT:
        game.hand_events[p].append(game.draw_event())
    elif action[0] == "place":
        card, slot, d = action[1], action[2], game.data
        cost = d.role_cost[card] + monopoly_cost(game, p)
        spend(game, p, pay(d, game.hand_budget[p], cost, PER_TURN - game.budget_used))
        game.hand_roles[p].remove(card)
        game.card_log.held(p, card)
        game.card_log.played(p, card)
        if game.slots[p][slot] != EMPTY:
            events.clear_slot(game, p, slot)
        game.slots[p][slot] = card
        events.revalue(game, p)
    if game.set_left <= 0:  # the last set action: on at once, as the next settle would
        enter_scout(game)


def add_placements(game: Eitsuku, p: int, actions: tuple, legal: list) -> None:
    """Where a role of a kind with several slots may go: every occupied slot (replace) and the first empty one."""
    slots, empty = game.slots[p], True
    for action in actions:
        if slots[action[2]] != EMPTY:
            legal.append(action)
        elif empty:
            legal.append(action)
            empty = False


def opt_scout(game: Eitsuku) -> list[Action] | None:
    """4A draw a role, 4B draw a 小, 4C place 3 for a 中, 4D place 6 for a 大."""
    if game.scout_left <= 0:
        end.enter_end(game)
        return None
    pile = game.budget_piles
    legal: list[Action] = list(compress(ROLE_DRAWS, game.role_piles))  # the role piles that are not empty
    if pile[0]:
        legal.append(SMALL)
    if pile[1] or pile[2]:
        most = reach(game.data, game.hand_budget[game.actor], PER_TURN - game.budget_used)
        if pile[1] and most >= SCOUT_STAKE[1]:
            legal.append(MEDIUM)
        if pile[2] and most >= SCOUT_STAKE[2]:
            legal.append(LARGE)
    return legal or [PASS]


def do_scout(game: Eitsuku, action: Action) -> None:
    p = game.actor
    game.scout_left -= 1
    if action[0] == "role":
        game.hand_roles[p].append(game.draw_role(action[1]))
    elif action in STAKES:
        k = STAKES[action]
        if k:
            stake = pay(game.data, game.hand_budget[p], SCOUT_STAKE[k], PER_TURN - game.budget_used, True)
            for size in range(3):
                game.hand_budget[p][size] -= stake[size]
                game.staked_budget[p][size] += stake[size]
            game.budget_used += sum(stake)
        game.budget_piles[k] -= 1
        game.hand_budget[p][k] += 1
        if not game.budget_piles[k]:
            game.ran_out(SIZE_SLUGS[k])
    if game.scout_left <= 0:  # the last scout action: on to the end phase at once
        end.enter_end(game)


def spend(game: Eitsuku, p: int, cards, count: bool = True) -> None:
    """Discard budget cards from hand (paid costs count toward the five a turn)."""
    hand, discard, (small, medium, large) = game.hand_budget[p], game.budget_discard, cards
    hand[0] -= small
    hand[1] -= medium
    hand[2] -= large
    discard[0] += small
    discard[1] += medium
    discard[2] += large
    if count:
        game.budget_used += small + medium + large


def opponents_in_game(game: Eitsuku, p: int) -> list[int]:
    """Players other than p still in the game (released players neither affect nor are affected)."""
    return [q for q in range(game.num_players) if q != p and not game.released[q]]


def monopoly_cost(game: Eitsuku, p: int) -> int:
    """Extra cost of a role for p: one per 話題の独占 placed by another player still in the game."""
    if not game.placed_total[MONOPOLY]:
        return 0
    return sum(game.placed_count[q][MONOPOLY] for q in opponents_in_game(game, p))


def film_complete(game: Eitsuku, p: int) -> bool:
    """4 or 5 roles: at least one 役者 and each of the other kinds (◆1, ◆3 5B)."""
    slots = game.slots[p]
    if slots.count(EMPTY) > game.data.spare_slots:  # fewer cards than kinds
        return False
    for group in game.data.kind_slots:
        for s in group:
            if slots[s] != EMPTY:
                break
        else:
            return False
    return True
