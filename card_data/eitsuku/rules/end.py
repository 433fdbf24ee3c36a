"""The end phase of a turn (◆3 5A/5B) with the 独自の情報網 returns and draws, and passing the turn on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events, turn
from .data import (
    AD,
    CHANCE,
    COLLECT,
    FLASH,
    INFO,
    INFO_EVENTS,
    INFO_ROLES,
    LOCAL,
    PH_END,
    PH_INFO,
    PH_OVER,
    RELEASE,
    TURN_LIMIT,
    Action,
)

if TYPE_CHECKING:
    from .state import Eitsuku

RETURN, DRAW = 0, 1


def enter_end(game: Eitsuku) -> None:
    """End phase effects of this turn's events, then the 独自の情報網 returns and draws."""
    p, codes, count = game.actor, game.data.codes, game.placed_count[game.actor]
    if count[CHANCE] or count[FLASH] or count[LOCAL]:
        for card in [c for c in game.placed_events[p] if codes[c] in (CHANCE, FLASH, LOCAL)]:
            if codes[card] == CHANCE:  # ◆5: two events at this end phase, then discarded
                game.hand_events[p] += [game.draw_event() for _ in range(min(2, len(game.event_pile)))]
            events.unplace_event(game, p, card)
    if game.ad_used:  # ◆5: 広告代理店の努力 leaves in the end phase of the turn it let more events in
        ads = [c for c in game.placed_events[p] if codes[c] == AD and game.event_turn[c] < game.turn]
        if ads:
            events.unplace_event(game, p, ads[0])
    game.phase = PH_INFO if count[INFO] else PH_END
    if count[INFO]:
        infos = [c for c in game.placed_events[p] if codes[c] == INFO]
        game.info_tasks = ([[RETURN, c, 2] for c in infos if game.event_turn[c] < game.turn]
                      + [[DRAW, c, 3] for c in infos if game.event_turn[c] == game.turn])


def opt_info(game: Eitsuku) -> list[Action] | None:
    """独自の情報網: draw 3 roles or 3 events now; at the next end phase return 2 of that type."""
    while game.info_tasks:
        mode, card, left = game.info_tasks[0]
        if left > 0:
            legal = return_options(game, card) if mode == RETURN else draw_options(game, card)
            if legal:
                return legal
        if mode == RETURN:
            events.unplace_event(game, game.actor, card)
        elif game.event_target[card] < 0:
            game.event_target[card] = INFO_EVENTS  # nothing could be drawn: it will ask for events back
        game.info_tasks.pop(0)
    game.phase = PH_END
    return None


def return_options(game: Eitsuku, card: int) -> list:
    """One card of the drawn type per distinct face in hand."""
    d, p, seen, legal = game.data, game.actor, set(), []
    hand = game.hand_roles[p] if game.event_target[card] == INFO_ROLES else game.hand_events[p]
    for c in hand:
        if d.face[c] not in seen:
            seen.add(d.face[c])
            legal.append(("return", c))
    return legal


def draw_options(game: Eitsuku, card: int) -> list:
    """The first draw picks events or a role pile; later draws stay with role piles."""
    legal = [("info", -1)] if game.event_target[card] < 0 and game.event_pile else []
    if game.event_target[card] != INFO_EVENTS:
        legal += [("info", k) for k, pile in enumerate(game.role_piles) if pile]
    return legal


def do_info(game: Eitsuku, action: Action) -> None:
    p, task, d = game.actor, game.info_tasks[0], game.data
    if action[0] == "return":  # back on top of its own pile (◆5 任意の順番で山札に戻し)
        card = action[1]
        game.card_log.held(p, card)
        if card < d.roles:
            game.hand_roles[p].remove(card)
            game.role_piles[d.role_kind[card]].append(card)
        else:
            game.hand_events[p].remove(card)
            game.event_pile.append(card)
        task[2] -= 1
    elif action[1] < 0:
        game.hand_events[p] += [game.draw_event() for _ in range(min(task[2], len(game.event_pile)))]
        game.event_target[task[1]], task[2] = INFO_EVENTS, 0
    else:
        game.hand_roles[p].append(game.draw_role(action[1]))
        game.event_target[task[1]] = INFO_ROLES
        task[2] -= 1


def opt_end(game: Eitsuku) -> list[Action] | None:
    """5B only with a complete film; otherwise 5A at once."""
    if turn.film_complete(game, game.actor):
        return [COLLECT, RELEASE]
    do_end(game, COLLECT)
    return None


def do_end(game: Eitsuku, action: Action) -> None:
    p = game.actor
    if action == RELEASE:
        game.released[p], game._board = game.turn, None
    elif any(game.staked_budget[p]):  # 5A: the scout stakes come back
        for size in range(3):
            game.hand_budget[p][size] += game.staked_budget[p][size]
            game.staked_budget[p][size] = 0
    next_player(game)


def next_player(game: Eitsuku) -> None:
    """Pass to the next seat that has not released; the game ends after turn 12 or when all released."""
    if all(game.released):
        game.phase = PH_OVER
        return
    q = game.actor
    while True:
        q += 1
        if q == game.num_players:
            q, game.turn = 0, game.turn + 1
            if game.turn > TURN_LIMIT:
                game.phase = PH_OVER
                return
        if not game.released[q]:
            break
    game.actor = q
    turn.start_turn(game)
