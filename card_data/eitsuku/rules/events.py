"""The action phase and the fifteen events of ◆5: what may be placed, and what a placed event does."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import turn
from .data import (
    AD,
    AWARDS,
    CONVERT,
    EMPTY,
    EVENT_SLUGS,
    FLASH,
    MONOPOLY,
    PH_ACTION,
    PH_CONVERT,
    PH_PROMO_NUMBER,
    PH_PROMO_SLOT,
    PH_SET,
    PROMOTER,
    USE_CONVERT,
    Action,
)

if TYPE_CHECKING:
    from .state import Eitsuku

PLAY = {code: ("play", code, -1) for code in range(len(EVENT_SLUGS))}
MONOPOLY_NUMBER, MONOPOLY_CARDS = 5, 2  # ◆5 話題の独占: two placed roles at 5 or more


def opt_action(game: Eitsuku) -> list[Action] | None:
    """Place an event (one, or any number with 広告代理店の努力), use 方針転換, or go on to a set action."""
    # Going on is not a move of its own: the set phase's options are offered here, and choosing one
    # ends the action phase and takes that set action.
    p = game.actor
    legal: list[Action] = []
    if game.events_left > 0 and game.hand_events[p]:
        playable(game, p, legal)
    if game.placed_count[p][CONVERT] and converter(game, p) is not None and convert_targets(game, p):
        legal.append(USE_CONVERT)
    if not legal:  # straight on to the set phase, whose options these are
        end_action(game)
    return turn.set_options(game, p, legal)


def end_action(game: Eitsuku) -> None:
    """On to the set phase: one action, one more per 電撃発表 placed this turn."""
    game.phase, game.set_left = PH_SET, 1 + game.placed_count[game.actor][FLASH]


def playable(game: Eitsuku, p: int, legal: list) -> None:
    """One action per event kind in hand whose conditions hold (〜大賞 names the slot it raises)."""
    d, seen, slots = game.data, set(), game.slots[p]
    codes = d.codes
    for card in game.hand_events[p]:
        code = codes[card]
        if code < 0 or code in seen:
            continue
        seen.add(code)
        if code in AWARDS:  # only a role already placed in one's own 場 (◆5, Q&A)
            for action in d.award_plays[code]:
                if slots[action[2]] != EMPTY:
                    legal.append(action)
        elif code == MONOPOLY:
            high = sum(v >= MONOPOLY_NUMBER for v, c in zip(game.slot_values[p], slots) if c != EMPTY)
            if high >= MONOPOLY_CARDS:
                legal.append(PLAY[code])
        else:
            legal.append(PLAY[code])


def do_action(game: Eitsuku, action: Action) -> None:
    if action[0] != "play" and action != USE_CONVERT:
        end_action(game)
        turn.do_set(game, action)
        return
    if action == USE_CONVERT:
        game.phase = PH_CONVERT
        return
    p, code, codes = game.actor, action[1], game.data.codes
    card = next(c for c in game.hand_events[p] if codes[c] == code)
    game.hand_events[p].remove(card)
    game.card_log.held(p, card)
    game.card_log.played(p, card)
    game.played[code] += 1
    game.events_left -= 1
    game.events_placed += 1
    if game.events_placed > 1:
        game.ad_used = True  # 広告代理店の努力 was needed for a second event
    if code == PROMOTER:
        game.held_promoter, game.phase = card, PH_PROMO_SLOT
    else:
        place_event(game, p, card, action[2])


def opt_promo_slot(game: Eitsuku) -> list[Action] | None:
    """プロモーターの介入: any slot of any player still in the game, own included (◆5, Q&A)."""
    slots = range(len(game.data.slot_kind))
    return [("promo", q, s) for q in range(game.num_players) if not game.released[q] for s in slots]


def do_promo_slot(game: Eitsuku, action: Action) -> None:
    game.promoter_target, game.phase = (action[1], action[2]), PH_PROMO_NUMBER


def opt_promo_number(game: Eitsuku) -> list[Action] | None:
    """The number it stands for (the numbers role cards have)."""
    return [("number", n) for n in game.data.numbers]


def do_promo_number(game: Eitsuku, action: Action) -> None:
    q, s = game.promoter_target
    if game.slots[q][s] != EMPTY:  # Q&A: a placed role is overwritten
        clear_slot(game, q, s)
    game.slots[q][s] = game.held_promoter
    game.declared[game.held_promoter] = (game.actor, action[1])
    game.held_promoter, game.phase = EMPTY, PH_ACTION
    revalue(game, q)


def converter(game: Eitsuku, p: int):
    """The 方針転換 p placed last turn, usable in this action phase (◆5), if any."""
    codes = game.data.codes
    for card in game.placed_events[p]:
        if codes[card] == CONVERT and game.event_turn[card] == game.turn - 1:
            return card
    return None


def convert_targets(game: Eitsuku, p: int) -> list:
    """Every event in the 場 of a player still in the game, プロモーターの介入 in role slots included."""
    own, roles, legal = converter(game, p), game.data.roles, []
    for q in range(game.num_players):
        if not game.released[q]:
            legal += [("discard", q, c) for c in game.placed_events[q] if c != own]
            legal += [("discard", q, c) for c in game.slots[q] if c >= roles]
    return legal


def opt_convert(game: Eitsuku) -> list[Action] | None:
    """方針転換: which event to discard."""
    return convert_targets(game, game.actor)


def do_convert(game: Eitsuku, action: Action) -> None:
    p, q, card = game.actor, action[1], action[2]
    own = converter(game, p)
    if card in game.placed_events[q]:
        unplace_event(game, q, card)
    else:
        clear_slot(game, q, game.slots[q].index(card))
        revalue(game, q)
    unplace_event(game, p, own)
    if not ad_ready(game, p):
        game.events_left = min(game.events_left, max(0, 1 - game.events_placed))
    game.phase = PH_ACTION


def ad_ready(game: Eitsuku, p: int) -> bool:
    """広告代理店の努力 placed in an earlier turn is in p's 場."""
    if not game.placed_count[p][AD]:
        return False
    codes = game.data.codes
    return any(codes[c] == AD and game.event_turn[c] < game.turn for c in game.placed_events[p])


def place_event(game: Eitsuku, p: int, card: int, arg: int) -> None:
    """Put an event into p's 場 (its effect starts at once)."""
    code = game.data.codes[card]
    game.placed_events[p].append(card)
    game.placed_count[p][code] += 1
    game.placed_total[code] += 1
    game.event_turn[card], game.event_target[card] = game.turn, arg
    game._board = None
    if code in AWARDS:
        revalue(game, p)


def unplace_event(game: Eitsuku, p: int, card: int) -> None:
    """Discard an event from p's 場."""
    code = game.data.codes[card]
    game.placed_events[p].remove(card)
    game.placed_count[p][code] -= 1
    game.placed_total[code] -= 1
    game.event_discard.append(card)
    del game.event_turn[card], game.event_target[card]
    game._board = None
    if code in AWARDS:
        revalue(game, p)


def clear_slot(game: Eitsuku, q: int, s: int) -> None:
    """Discard what a role slot holds (a role card, or a プロモーターの介入 with its penalty)."""
    card = game.slots[q][s]
    if card < game.data.roles:
        game.role_discard.append(card)
    else:
        game.event_discard.append(card)
        del game.declared[card]
    game.slots[q][s] = EMPTY


def revalue(game: Eitsuku, p: int) -> None:
    """Each slot's number: the card's value or the declared number, +2 per 〜大賞 on that slot."""
    d, vals, slots, declared = game.data, game.slot_values[p], game.slots[p], game.declared
    game._board = None
    value, roles = d.role_value, d.roles
    vals[:] = [0 if card == EMPTY else value[card] if card < roles else declared[card][1] for card in slots]
    for card in game.placed_events[p]:
        if d.codes[card] in AWARDS and slots[game.event_target[card]] != EMPTY:
            vals[game.event_target[card]] += 2
