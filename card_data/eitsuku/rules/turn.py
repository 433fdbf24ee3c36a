"""The phases of a turn (◆3): start, set and scout, with the setup choice of a rolled 6."""

from __future__ import annotations

from itertools import compress

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
    pay,
    reach,
)

STAKES = {SMALL: 0, MEDIUM: 1, LARGE: 2}
ROLE_DRAWS = tuple(("role", k) for k in range(len(ROLE_KINDS)))  # 4A: draw from role pile k


class TurnMixin:
    """Start phase (with ストライキ), set phase (3A/3B) and scout phase (4A-4D)."""

    def _opt_setup(self):
        """A rolled 6 (◆3 準備 4): the player picks the role pile."""
        legal = [("pick", k) for k, pile in enumerate(self.role_piles) if pile]
        return legal or [("pick", -1)]

    def _do_setup(self, action) -> None:
        p = self.setup_queue.pop(0)
        if action[1] >= 0:
            self.hand_roles[p].append(self._draw_role(action[1]))
        if self.setup_queue:
            self.actor = self.setup_queue[0]
        else:
            self._begin()

    def start_turn(self) -> None:
        """Start phase: own ストライキ from last turn leaves, draw a budget card, owe one response per strike."""
        p, codes = self.actor, self.data.codes
        self.budget_used = self.events_placed = 0
        self.ad_used = False
        if self.placed_total[STRIKE] and self.placed_count[p][STRIKE]:
            for card in [c for c in self.placed_events[p] if codes[c] == STRIKE and self.event_turn[c] < self.turn]:
                self.unplace_event(p, card)
        pile = self.budget_piles
        k = 0 if pile[0] else 1 if pile[1] else 2 if pile[2] else -1  # ◆3 1: a 小; without 小 a 中; without both a 大
        if k >= 0:
            pile[k] -= 1
            self.hand_budget[p][k] += 1
            if not pile[k]:
                self._ran_out(SIZE_SLUGS[k])
        placed = self.placed_count
        self.strikes_due = sum(placed[q][STRIKE] for q in self._others(p)) if self.placed_total[STRIKE] else 0
        self.events_left = 1_000 if self.placed_total[AD] and self._ad_ready(p) else 1
        self.phase = PH_START if self.strikes_due else PH_ACTION  # no answer owed: straight to the action phase

    def _opt_strike(self):
        """ストライキ (◆5): discard a placed role (A) or budget worth 2 per placed role (B)."""
        p = self.actor
        filled = [s for s, card in enumerate(self.slots[p]) if card != EMPTY] if self.strikes_due else []
        if not filled:
            self.strikes_due = 0
            self.phase = PH_ACTION
            return None
        legal = [("strike_a", s) for s in filled]
        if reach(self.data, self.hand_budget[p], sum(self.hand_budget[p])) >= 2 * len(filled):
            legal.append(STRIKE_B)
        return legal

    def _do_strike(self, action) -> None:
        p = self.actor
        if action == STRIKE_B:
            cost = 2 * sum(card != EMPTY for card in self.slots[p])
            self._spend(p, pay(self.data, self.hand_budget[p], cost, None), count=False)
        else:
            self._clear_slot(p, action[1])
            self.revalue(p)
        self.strikes_due -= 1

    def _opt_set(self):
        """3A draw an event or 3B place a role paying 【数字+2】 (+1 per opponent's 話題の独占)."""
        if self.set_left <= 0:
            self._enter_scout()
            return None
        return self._set_options(self.actor, [])

    def _enter_scout(self) -> None:
        """On to the scout phase: one action, one more per 地元の協力 placed this turn."""
        self.phase, self.scout_left = PH_SCOUT, 1 + self.placed_count[self.actor][LOCAL]

    def _set_options(self, p: int, legal: list) -> list:
        """Add the set actions open to p now to legal (PASS when nothing is possible) and return it."""
        size = len(legal)
        if self.event_pile:
            legal.append(DRAW_EVENT)
        hand = self.hand_roles[p]
        if hand:
            d, seen = self.data, set()
            most = reach(d, self.hand_budget[p], PER_TURN - self.budget_used)
            if self.placed_total[MONOPOLY]:
                most -= self.monopoly_cost(p)
            cost, face, place = d.role_cost, d.face, d.place
            for card in hand:
                if cost[card] <= most and face[card] not in seen:
                    seen.add(face[card])
                    actions = place[card]
                    if len(actions) == 1:  # the kind has one slot
                        legal.append(actions[0])
                    else:
                        self._add_placements(p, actions, legal)
        if len(legal) == size:
            legal.append(PASS)
        return legal

    def _do_set(self, action) -> None:
        p = self.actor
        self.set_left -= 1
        if action == DRAW_EVENT:
            self.hand_events[p].append(self._draw_event())
        elif action[0] == "place":
            card, slot, d = action[1], action[2], self.data
            cost = d.role_cost[card] + self.monopoly_cost(p)
            self._spend(p, pay(d, self.hand_budget[p], cost, PER_TURN - self.budget_used))
            self.hand_roles[p].remove(card)
            self.card_log.held(p, card)
            self.card_log.played(p, card)
            if self.slots[p][slot] != EMPTY:
                self._clear_slot(p, slot)
            self.slots[p][slot] = card
            self.revalue(p)
        if self.set_left <= 0:  # the last set action: on at once, as the next settle would
            self._enter_scout()

    def _add_placements(self, p: int, actions: tuple, legal: list) -> None:
        """Where a role of a kind with several slots may go: every occupied slot (replace) and the first empty one."""
        slots, empty = self.slots[p], True
        for action in actions:
            if slots[action[2]] != EMPTY:
                legal.append(action)
            elif empty:
                legal.append(action)
                empty = False

    def _opt_scout(self):
        """4A draw a role, 4B draw a 小, 4C place 3 for a 中, 4D place 6 for a 大."""
        if self.scout_left <= 0:
            self._enter_end()
            return None
        pile = self.budget_piles
        legal = list(compress(ROLE_DRAWS, self.role_piles))  # the role piles that are not empty
        if pile[0]:
            legal.append(SMALL)
        if pile[1] or pile[2]:
            most = reach(self.data, self.hand_budget[self.actor], PER_TURN - self.budget_used)
            if pile[1] and most >= SCOUT_STAKE[1]:
                legal.append(MEDIUM)
            if pile[2] and most >= SCOUT_STAKE[2]:
                legal.append(LARGE)
        return legal or [PASS]

    def _do_scout(self, action) -> None:
        p = self.actor
        self.scout_left -= 1
        if action[0] == "role":
            self.hand_roles[p].append(self._draw_role(action[1]))
        elif action in STAKES:
            k = STAKES[action]
            if k:
                stake = pay(self.data, self.hand_budget[p], SCOUT_STAKE[k], PER_TURN - self.budget_used, True)
                for size in range(3):
                    self.hand_budget[p][size] -= stake[size]
                    self.staked_budget[p][size] += stake[size]
                self.budget_used += sum(stake)
            self.budget_piles[k] -= 1
            self.hand_budget[p][k] += 1
            if not self.budget_piles[k]:
                self._ran_out(SIZE_SLUGS[k])
        if self.scout_left <= 0:  # the last scout action: on to the end phase at once
            self._enter_end()

    def _spend(self, p: int, cards, count: bool = True) -> None:
        """Discard budget cards from hand (paid costs count toward the five a turn)."""
        hand, discard, (small, medium, large) = self.hand_budget[p], self.budget_discard, cards
        hand[0] -= small
        hand[1] -= medium
        hand[2] -= large
        discard[0] += small
        discard[1] += medium
        discard[2] += large
        if count:
            self.budget_used += small + medium + large

    def _others(self, p: int) -> list[int]:
        """Players other than p still in the game (released players neither affect nor are affected)."""
        return [q for q in range(self.num_players) if q != p and not self.released[q]]

    def monopoly_cost(self, p: int) -> int:
        """Extra cost of a role for p: one per 話題の独占 placed by another player still in the game."""
        if not self.placed_total[MONOPOLY]:
            return 0
        return sum(self.placed_count[q][MONOPOLY] for q in self._others(p))

    def film_complete(self, p: int) -> bool:
        """4 or 5 roles: at least one 役者 and each of the other kinds (◆1, ◆3 5B)."""
        slots = self.slots[p]
        if slots.count(EMPTY) > self.data.spare_slots:  # fewer cards than kinds
            return False
        for group in self.data.kind_slots:
            for s in group:
                if slots[s] != EMPTY:
                    break
            else:
                return False
        return True
