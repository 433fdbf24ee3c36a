"""The action phase and the fifteen events of ◆5: what may be placed, and what a placed event does."""

from __future__ import annotations

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
)

PLAY = {code: ("play", code, -1) for code in range(len(EVENT_SLUGS))}
MONOPOLY_NUMBER, MONOPOLY_CARDS = 5, 2  # ◆5 話題の独占: two placed roles at 5 or more


class EventMixin:
    """Placing events in the action phase, プロモーターの介入 and 方針転換 targets, and event bookkeeping."""

    def _opt_action(self):
        """Place an event (one, or any number with 広告代理店の努力), use 方針転換, or go on to a set action."""
        # Going on is not a move of its own: the set phase's options are offered here, and choosing one
        # ends the action phase and takes that set action.
        p = self.actor
        legal = []
        if self.events_left > 0 and self.hand_events[p]:
            self._playable(p, legal)
        if self.placed_count[p][CONVERT] and self._converter(p) is not None and self._targets(p):
            legal.append(USE_CONVERT)
        if not legal:  # straight on to the set phase, whose options these are
            self._end_action()
        return self._set_options(p, legal)

    def _end_action(self) -> None:
        """On to the set phase: one action, one more per 電撃発表 placed this turn."""
        self.phase, self.set_left = PH_SET, 1 + self.placed_count[self.actor][FLASH]

    def _playable(self, p: int, legal: list) -> None:
        """One action per event kind in hand whose conditions hold (〜大賞 names the slot it raises)."""
        d, seen, slots = self.data, 0, self.slots[p]
        codes = d.codes
        for card in self.hand_events[p]:
            code = codes[card]
            if code < 0 or seen >> code & 1:
                continue
            seen |= 1 << code
            if code in AWARDS:  # only a role already placed in one's own 場 (◆5, Q&A)
                for action in d.award_plays[code]:
                    if slots[action[2]] != EMPTY:
                        legal.append(action)
            elif code == MONOPOLY:
                high = sum(v >= MONOPOLY_NUMBER for v, c in zip(self.slot_values[p], slots) if c != EMPTY)
                if high >= MONOPOLY_CARDS:
                    legal.append(PLAY[code])
            else:
                legal.append(PLAY[code])

    def _do_action(self, action) -> None:
        if action[0] != "play" and action != USE_CONVERT:
            self._end_action()
            self._do_set(action)
            return
        if action == USE_CONVERT:
            self.phase = PH_CONVERT
            return
        p, code, codes = self.actor, action[1], self.data.codes
        card = next(c for c in self.hand_events[p] if codes[c] == code)
        self.hand_events[p].remove(card)
        self.card_log.held(p, card)
        self.card_log.played(p, card)
        self.played[code] += 1
        self.events_left -= 1
        self.events_placed += 1
        if self.events_placed > 1:
            self.ad_used = True  # 広告代理店の努力 was needed for a second event
        if code == PROMOTER:
            self.held_promoter, self.phase = card, PH_PROMO_SLOT
        else:
            self.place_event(p, card, action[2])

    def _opt_promo_slot(self):
        """プロモーターの介入: any slot of any player still in the game, own included (◆5, Q&A)."""
        slots = range(len(self.data.slot_kind))
        return [("promo", q, s) for q in range(self.num_players) if not self.released[q] for s in slots]

    def _do_promo_slot(self, action) -> None:
        self.promoter_target, self.phase = (action[1], action[2]), PH_PROMO_NUMBER

    def _opt_promo_number(self):
        """The number it stands for (the numbers role cards have)."""
        return [("number", n) for n in self.data.numbers]

    def _do_promo_number(self, action) -> None:
        q, s = self.promoter_target
        if self.slots[q][s] != EMPTY:  # Q&A: a placed role is overwritten
            self._clear_slot(q, s)
        self.slots[q][s] = self.held_promoter
        self.declared[self.held_promoter] = (self.actor, action[1])
        self.held_promoter, self.phase = EMPTY, PH_ACTION
        self.revalue(q)

    def _converter(self, p: int):
        """The 方針転換 p placed last turn, usable in this action phase (◆5), if any."""
        codes = self.data.codes
        for card in self.placed_events[p]:
            if codes[card] == CONVERT and self.event_turn[card] == self.turn - 1:
                return card
        return None

    def _targets(self, p: int) -> list:
        """Every event in the 場 of a player still in the game, プロモーターの介入 in role slots included."""
        own, roles, legal = self._converter(p), self.data.roles, []
        for q in range(self.num_players):
            if not self.released[q]:
                legal += [("discard", q, c) for c in self.placed_events[q] if c != own]
                legal += [("discard", q, c) for c in self.slots[q] if c >= roles]
        return legal

    def _opt_convert(self):
        """方針転換: which event to discard."""
        return self._targets(self.actor)

    def _do_convert(self, action) -> None:
        p, q, card = self.actor, action[1], action[2]
        own = self._converter(p)
        if card in self.placed_events[q]:
            self.unplace_event(q, card)
        else:
            self._clear_slot(q, self.slots[q].index(card))
            self.revalue(q)
        self.unplace_event(p, own)
        if not self._ad_ready(p):
            self.events_left = min(self.events_left, max(0, 1 - self.events_placed))
        self.phase = PH_ACTION

    def _ad_ready(self, p: int) -> bool:
        """広告代理店の努力 placed in an earlier turn is in p's 場."""
        if not self.placed_count[p][AD]:
            return False
        codes = self.data.codes
        return any(codes[c] == AD and self.event_turn[c] < self.turn for c in self.placed_events[p])

    def place_event(self, p: int, card: int, arg: int) -> None:
        """Put an event into p's 場 (its effect starts at once)."""
        code = self.data.codes[card]
        self.placed_events[p].append(card)
        self.placed_count[p][code] += 1
        self.placed_total[code] += 1
        self.event_turn[card], self.event_target[card] = self.turn, arg
        self._board = None
        if code in AWARDS:
            self.revalue(p)

    def unplace_event(self, p: int, card: int) -> None:
        """Discard an event from p's 場."""
        code = self.data.codes[card]
        self.placed_events[p].remove(card)
        self.placed_count[p][code] -= 1
        self.placed_total[code] -= 1
        self.event_discard.append(card)
        del self.event_turn[card], self.event_target[card]
        self._board = None
        if code in AWARDS:
            self.revalue(p)

    def _clear_slot(self, q: int, s: int) -> None:
        """Discard what a role slot holds (a role card, or a プロモーターの介入 with its penalty)."""
        card = self.slots[q][s]
        if card < self.data.roles:
            self.role_discard.append(card)
        else:
            self.event_discard.append(card)
            del self.declared[card]
        self.slots[q][s] = EMPTY

    def revalue(self, p: int) -> None:
        """Each slot's number: the card's value or the declared number, +2 per 〜大賞 on that slot."""
        d, vals, slots, declared = self.data, self.slot_values[p], self.slots[p], self.declared
        self._board = None
        value, roles = d.role_value, d.roles
        vals[:] = [0 if card == EMPTY else value[card] if card < roles else declared[card][1] for card in slots]
        for card in self.placed_events[p]:
            if d.codes[card] in AWARDS and slots[self.event_target[card]] != EMPTY:
                vals[self.event_target[card]] += 2
