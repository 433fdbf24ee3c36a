"""The phases of a turn (◆3): start, set, scout and end, with the setup choice of a rolled 6."""

from __future__ import annotations

from itertools import compress

from pnp.games.eitsuku_data import (
    AD, CHANCE, COLLECT, DRAW_EVENT, EMPTY, FLASH, INFO, INFO_EVENTS, INFO_ROLES, LARGE, LOCAL, MEDIUM, MONOPOLY, PASS,
    PER_TURN, PH_ACTION, PH_END, PH_INFO, PH_OVER, PH_SCOUT, PH_START, RELEASE, ROLE_KINDS, SCOUT_STAKE, SIZE_SLUGS,
    SMALL, STRIKE, STRIKE_B, TURN_LIMIT, pay, reach)

RETURN, DRAW = 0, 1
STAKES = {SMALL: 0, MEDIUM: 1, LARGE: 2}
ROLE_DRAWS = tuple(("role", k) for k in range(len(ROLE_KINDS)))  # 4A: draw from role pile k


class TurnMixin:
    """Start phase (with ストライキ), set phase (3A/3B), scout phase (4A-4D) and end phase (5A/5B)."""

    def _opt_setup(self):
        """A rolled 6 (◆3 準備 4): the player picks the role pile."""
        legal = [("pick", k) for k, pile in enumerate(self.rpile) if pile]
        return legal or [("pick", -1)]

    def _do_setup(self, action) -> None:
        p = self.queue.pop(0)
        if action[1] >= 0:
            self.hr[p].append(self._draw_role(action[1]))
        if self.queue:
            self.cur = self.queue[0]
        else:
            self._begin()

    def _start_turn(self) -> None:
        """Start phase: own ストライキ from last turn leaves, draw a budget card, owe one response per strike."""
        p, codes = self.cur, self.data.codes
        self.used = self.ev_placed = 0
        self.ad_used = False
        if self.tot[STRIKE] and self.cnt[p][STRIKE]:
            for card in [c for c in self.pe[p] if codes[c] == STRIKE and self.ev_turn[c] < self.turn]:
                self._unplace(p, card)
        hand, pile = self.hb[p], self.bp
        for k in range(3):  # ◆3 1: a 小; without 小 a 中; without both a 大
            if pile[k]:
                pile[k] -= 1
                hand[k] += 1
                if not pile[k]:
                    self._ran_out(SIZE_SLUGS[k])
                break
        self.strikes_due = sum(self.cnt[q][STRIKE] for q in self._others(p)) if self.tot[STRIKE] else 0
        self.ev_left = 1_000 if self.tot[AD] and self._ad_ready(p) else 1
        self.phase = PH_START if self.strikes_due else PH_ACTION  # no answer owed: straight to the action phase

    def _opt_strike(self):
        """ストライキ (◆5): discard a placed role (A) or budget worth 2 per placed role (B)."""
        p = self.cur
        filled = [s for s, card in enumerate(self.slots[p]) if card != EMPTY] if self.strikes_due else []
        if not filled:
            self.strikes_due = 0
            self.phase = PH_ACTION
            return None
        legal = [("strike_a", s) for s in filled]
        if reach(self.data, self.hb[p], sum(self.hb[p])) >= 2 * len(filled):
            legal.append(STRIKE_B)
        return legal

    def _do_strike(self, action) -> None:
        p = self.cur
        if action == STRIKE_B:
            cost = 2 * sum(card != EMPTY for card in self.slots[p])
            self._spend(p, pay(self.data, self.hb[p], cost, None), count=False)
        else:
            self._clear_slot(p, action[1])
            self._revalue(p)
        self.strikes_due -= 1

    def _opt_set(self):
        """3A draw an event or 3B place a role paying 【数字+2】 (+1 per opponent's 話題の独占)."""
        if self.set_left <= 0:
            self._enter_scout()
            return None
        return self._set_options(self.cur)

    def _enter_scout(self) -> None:
        """On to the scout phase: one action, one more per 地元の協力 placed this turn."""
        self.phase, self.scout_left = PH_SCOUT, 1 + self.cnt[self.cur][LOCAL]

    def _set_options(self, p: int) -> list:
        """The set actions open to p now (never empty: PASS when nothing is possible)."""
        legal, hand = [DRAW_EVENT] if self.epile else [], self.hr[p]
        if hand:
            d, seen = self.data, set()
            most = reach(d, self.hb[p], PER_TURN - self.used) - (self._monopoly(p) if self.tot[MONOPOLY] else 0)
            cost, face, place = d.role_cost, d.face, d.place
            for card in hand:
                if cost[card] <= most and face[card] not in seen:
                    seen.add(face[card])
                    if place[card]:  # the kind has one slot
                        legal.append(place[card])
                    else:
                        legal += [("place", card, s) for s in self._slots_for(p, d.role_kind[card])]
        return legal or [PASS]

    def _do_set(self, action) -> None:
        p = self.cur
        self.set_left -= 1
        if action == DRAW_EVENT:
            self.he[p].append(self._draw_event())
        elif action[0] == "place":
            card, slot, d = action[1], action[2], self.data
            self._spend(p, pay(d, self.hb[p], d.role_cost[card] + self._monopoly(p), PER_TURN - self.used))
            self.hr[p].remove(card)
            if self.slots[p][slot] != EMPTY:
                self._clear_slot(p, slot)
            self.slots[p][slot] = card
            self._revalue(p)
        if self.set_left <= 0:  # the last set action: on at once, as the next settle would
            self._enter_scout()

    def _slots_for(self, p: int, kind: int) -> list[int]:
        """Where a role of this kind may go: every occupied slot of its kind (replace) and the first empty one."""
        slots, options, empty = self.slots[p], [], True
        for s in self.data.kind_slots[kind]:
            if slots[s] != EMPTY:
                options.append(s)
            elif empty:
                options.append(s)
                empty = False
        return options

    def _opt_scout(self):
        """4A draw a role, 4B draw a 小, 4C place 3 for a 中, 4D place 6 for a 大."""
        if self.scout_left <= 0:
            self._enter_end()
            return None
        pile = self.bp
        legal = list(compress(ROLE_DRAWS, self.rpile))  # the role piles that are not empty
        if pile[0]:
            legal.append(SMALL)
        if pile[1] or pile[2]:
            most = reach(self.data, self.hb[self.cur], PER_TURN - self.used)
            if pile[1] and most >= SCOUT_STAKE[1]:
                legal.append(MEDIUM)
            if pile[2] and most >= SCOUT_STAKE[2]:
                legal.append(LARGE)
        return legal or [PASS]

    def _do_scout(self, action) -> None:
        p = self.cur
        self.scout_left -= 1
        if action[0] == "role":
            self.hr[p].append(self._draw_role(action[1]))
        elif action in STAKES:
            k = STAKES[action]
            if k:
                stake = pay(self.data, self.hb[p], SCOUT_STAKE[k], PER_TURN - self.used, True)
                for size in range(3):
                    self.hb[p][size] -= stake[size]
                    self.sc[p][size] += stake[size]
                self.used += sum(stake)
            self.bp[k] -= 1
            self.hb[p][k] += 1
            if not self.bp[k]:
                self._ran_out(SIZE_SLUGS[k])
        if self.scout_left <= 0:  # the last scout action: on to the end phase at once
            self._enter_end()

    def _enter_end(self) -> None:
        """End phase effects of this turn's events, then the 独自の情報網 returns and draws."""
        p, codes, count = self.cur, self.data.codes, self.cnt[self.cur]
        if count[CHANCE] or count[FLASH] or count[LOCAL]:
            for card in [c for c in self.pe[p] if codes[c] in (CHANCE, FLASH, LOCAL)]:
                if codes[card] == CHANCE:  # ◆5: two events at this end phase, then discarded
                    self.he[p] += [self._draw_event() for _ in range(min(2, len(self.epile)))]
                self._unplace(p, card)
        if self.ad_used:  # ◆5: 広告代理店の努力 leaves in the end phase of the turn it let more events in
            ads = [c for c in self.pe[p] if codes[c] == AD and self.ev_turn[c] < self.turn]
            if ads:
                self._unplace(p, ads[0])
        self.phase = PH_INFO if count[INFO] else PH_END
        if count[INFO]:
            infos = [c for c in self.pe[p] if codes[c] == INFO]
            self.tasks = ([[RETURN, c, 2] for c in infos if self.ev_turn[c] < self.turn]
                          + [[DRAW, c, 3] for c in infos if self.ev_turn[c] == self.turn])

    def _opt_info(self):
        """独自の情報網: draw 3 roles or 3 events now; at the next end phase return 2 of that type."""
        while self.tasks:
            mode, card, left = self.tasks[0]
            if left > 0:
                legal = self._return_options(card) if mode == RETURN else self._draw_options(card)
                if legal:
                    return legal
            if mode == RETURN:
                self._unplace(self.cur, card)
            elif self.ev_arg[card] < 0:
                self.ev_arg[card] = INFO_EVENTS  # nothing could be drawn: it will ask for events back
            self.tasks.pop(0)
        self.phase = PH_END
        return None

    def _return_options(self, card: int) -> list:
        """One card of the drawn type per distinct face in hand."""
        d, p, seen, legal = self.data, self.cur, set(), []
        hand = self.hr[p] if self.ev_arg[card] == INFO_ROLES else self.he[p]
        for c in hand:
            if d.face[c] not in seen:
                seen.add(d.face[c])
                legal.append(("return", c))
        return legal

    def _draw_options(self, card: int) -> list:
        """The first draw picks events or a role pile; later draws stay with role piles."""
        legal = [("info", -1)] if self.ev_arg[card] < 0 and self.epile else []
        if self.ev_arg[card] != INFO_EVENTS:
            legal += [("info", k) for k, pile in enumerate(self.rpile) if pile]
        return legal

    def _do_info(self, action) -> None:
        p, task, d = self.cur, self.tasks[0], self.data
        if action[0] == "return":  # back on top of its own pile (◆5 任意の順番で山札に戻し)
            card = action[1]
            if card < d.roles:
                self.hr[p].remove(card)
                self.rpile[d.role_kind[card]].append(card)
            else:
                self.he[p].remove(card)
                self.epile.append(card)
            task[2] -= 1
        elif action[1] < 0:
            self.he[p] += [self._draw_event() for _ in range(min(task[2], len(self.epile)))]
            self.ev_arg[task[1]], task[2] = INFO_EVENTS, 0
        else:
            self.hr[p].append(self._draw_role(action[1]))
            self.ev_arg[task[1]] = INFO_ROLES
            task[2] -= 1

    def _opt_end(self):
        """5B only with a complete film; otherwise 5A at once."""
        if self._complete(self.cur):
            return [COLLECT, RELEASE]
        self._do_end(COLLECT)
        return None

    def _do_end(self, action) -> None:
        p = self.cur
        if action == RELEASE:
            self.rel[p], self._board = self.turn, None
        elif any(self.sc[p]):  # 5A: the scout stakes come back
            for size in range(3):
                self.hb[p][size] += self.sc[p][size]
                self.sc[p][size] = 0
        self._next_player()

    def _next_player(self) -> None:
        """Pass to the next seat that has not released; the game ends after turn 12 or when all released."""
        if all(self.rel):
            self.phase = PH_OVER
            return
        q = self.cur
        while True:
            q += 1
            if q == self.num_players:
                q, self.turn = 0, self.turn + 1
                if self.turn > TURN_LIMIT:
                    self.phase = PH_OVER
                    return
            if not self.rel[q]:
                break
        self.cur = q
        self._start_turn()

    def _spend(self, p: int, cards, count: bool = True) -> None:
        """Discard budget cards from hand (paid costs count toward the five a turn)."""
        for size in range(3):
            self.hb[p][size] -= cards[size]
            self.bdis[size] += cards[size]
        if count:
            self.used += sum(cards)

    def _others(self, p: int) -> list[int]:
        """Players other than p still in the game (released players neither affect nor are affected)."""
        return [q for q in range(self.num_players) if q != p and not self.rel[q]]

    def _monopoly(self, p: int) -> int:
        """Extra cost of a role for p: one per 話題の独占 placed by another player still in the game."""
        if not self.tot[MONOPOLY]:
            return 0
        return sum(self.cnt[q][MONOPOLY] for q in self._others(p))

    def _complete(self, p: int) -> bool:
        """4 or 5 roles: at least one 役者 and each of the other kinds (◆1, ◆3 5B)."""
        slots = self.slots[p]
        for group in self.data.kind_slots:
            for s in group:
                if slots[s] != EMPTY:
                    break
            else:
                return False
        return True
