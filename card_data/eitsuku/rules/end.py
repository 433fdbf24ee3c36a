"""The end phase of a turn (◆3 5A/5B) with the 独自の情報網 returns and draws, and passing the turn on."""

from __future__ import annotations

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
)

RETURN, DRAW = 0, 1


class EndMixin:
    """End phase effects of placed events, 独自の情報網, 5A/5B, and the next seat's turn."""

    def _enter_end(self) -> None:
        """End phase effects of this turn's events, then the 独自の情報網 returns and draws."""
        p, codes, count = self.actor, self.data.codes, self.placed_count[self.actor]
        if count[CHANCE] or count[FLASH] or count[LOCAL]:
            for card in [c for c in self.placed_events[p] if codes[c] in (CHANCE, FLASH, LOCAL)]:
                if codes[card] == CHANCE:  # ◆5: two events at this end phase, then discarded
                    self.hand_events[p] += [self._draw_event() for _ in range(min(2, len(self.event_pile)))]
                self.unplace_event(p, card)
        if self.ad_used:  # ◆5: 広告代理店の努力 leaves in the end phase of the turn it let more events in
            ads = [c for c in self.placed_events[p] if codes[c] == AD and self.event_turn[c] < self.turn]
            if ads:
                self.unplace_event(p, ads[0])
        self.phase = PH_INFO if count[INFO] else PH_END
        if count[INFO]:
            infos = [c for c in self.placed_events[p] if codes[c] == INFO]
            self.info_tasks = ([[RETURN, c, 2] for c in infos if self.event_turn[c] < self.turn]
                          + [[DRAW, c, 3] for c in infos if self.event_turn[c] == self.turn])

    def _opt_info(self):
        """独自の情報網: draw 3 roles or 3 events now; at the next end phase return 2 of that type."""
        while self.info_tasks:
            mode, card, left = self.info_tasks[0]
            if left > 0:
                legal = self._return_options(card) if mode == RETURN else self._draw_options(card)
                if legal:
                    return legal
            if mode == RETURN:
                self.unplace_event(self.actor, card)
            elif self.event_target[card] < 0:
                self.event_target[card] = INFO_EVENTS  # nothing could be drawn: it will ask for events back
            self.info_tasks.pop(0)
        self.phase = PH_END
        return None

    def _return_options(self, card: int) -> list:
        """One card of the drawn type per distinct face in hand."""
        d, p, seen, legal = self.data, self.actor, set(), []
        hand = self.hand_roles[p] if self.event_target[card] == INFO_ROLES else self.hand_events[p]
        for c in hand:
            if d.face[c] not in seen:
                seen.add(d.face[c])
                legal.append(("return", c))
        return legal

    def _draw_options(self, card: int) -> list:
        """The first draw picks events or a role pile; later draws stay with role piles."""
        legal = [("info", -1)] if self.event_target[card] < 0 and self.event_pile else []
        if self.event_target[card] != INFO_EVENTS:
            legal += [("info", k) for k, pile in enumerate(self.role_piles) if pile]
        return legal

    def _do_info(self, action) -> None:
        p, task, d = self.actor, self.info_tasks[0], self.data
        if action[0] == "return":  # back on top of its own pile (◆5 任意の順番で山札に戻し)
            card = action[1]
            self.card_log.held(p, card)
            if card < d.roles:
                self.hand_roles[p].remove(card)
                self.role_piles[d.role_kind[card]].append(card)
            else:
                self.hand_events[p].remove(card)
                self.event_pile.append(card)
            task[2] -= 1
        elif action[1] < 0:
            self.hand_events[p] += [self._draw_event() for _ in range(min(task[2], len(self.event_pile)))]
            self.event_target[task[1]], task[2] = INFO_EVENTS, 0
        else:
            self.hand_roles[p].append(self._draw_role(action[1]))
            self.event_target[task[1]] = INFO_ROLES
            task[2] -= 1

    def _opt_end(self):
        """5B only with a complete film; otherwise 5A at once."""
        if self.film_complete(self.actor):
            return [COLLECT, RELEASE]
        self._do_end(COLLECT)
        return None

    def _do_end(self, action) -> None:
        p = self.actor
        if action == RELEASE:
            self.released[p], self._board = self.turn, None
        elif any(self.staked_budget[p]):  # 5A: the scout stakes come back
            for size in range(3):
                self.hand_budget[p][size] += self.staked_budget[p][size]
                self.staked_budget[p][size] = 0
        self._next_player()

    def _next_player(self) -> None:
        """Pass to the next seat that has not released; the game ends after turn 12 or when all released."""
        if all(self.released):
            self.phase = PH_OVER
            return
        q = self.actor
        while True:
            q += 1
            if q == self.num_players:
                q, self.turn = 0, self.turn + 1
                if self.turn > TURN_LIMIT:
                    self.phase = PH_OVER
                    return
            if not self.released[q]:
                break
        self.actor = q
        self.start_turn()
