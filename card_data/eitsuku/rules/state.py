"""One game of Eitsuku in progress: where every card is, whose decision it is, and the checks on both."""

from __future__ import annotations

import random
from itertools import chain

from pnp.check.core import TERMINAL, InvariantViolation
from pnp.sim import shuffle

from . import score
from .data import (
    DIE_FACES,
    EMPTY,
    EVENT_SLUGS,
    INITIAL_BUDGET,
    INITIAL_EVENTS,
    INITIAL_ROLES,
    PER_TURN,
    PH_OVER,
    PH_SETUP,
    ROLE_SLUGS,
    SETUP_PER_PLAYER,
    SIZE_SLUGS,
    TURN_LIMIT,
    Data,
)
from .end import EndMixin
from .events import EventMixin
from .policy import Observation
from .turn import TurnMixin

PLAYED_KEYS = tuple(f"played.{slug}" for slug in EVENT_SLUGS)


class Eitsuku(TurnMixin, EndMixin, EventMixin):
    """A game of ◆3: one decision per choice the rules give; a choice with a single option is applied at once."""

    def __init__(self, data: Data, players: int, rng: random.Random):
        self.data, self.num_players = data, players
        slots = len(data.slot_kind)
        self.hb = [[0, 0, 0] for _ in range(players)]  # budget in hand, by size
        self.sc = [[0, 0, 0] for _ in range(players)]  # budget placed in the scout phase (4C/4D)
        self.hr = [[] for _ in range(players)]  # role cards in hand
        self.he = [[] for _ in range(players)]  # event cards in hand
        self.pe = [[] for _ in range(players)]  # event cards placed in 場
        self.slots = [[EMPTY] * slots for _ in range(players)]  # roles in 場 (or a プロモーターの介入)
        self.val = [[0] * slots for _ in range(players)]  # each slot's number with its 〜大賞
        self.cnt = [[0] * len(EVENT_SLUGS) for _ in range(players)]  # placed events by code
        self.tot = [0] * len(EVENT_SLUGS)  # the same over all players
        self.rel = [0] * players  # the turn each player released a film (0: not yet)
        self.ev_turn, self.ev_arg, self.declared = {}, {}, {}
        self.bdis, self.rdis, self.edis = [0, 0, 0], [], []
        self.turn = self.cur = self.used = self.strikes_due = self.ev_left = self.ev_placed = 0
        self.set_left = self.scout_left = 0
        self.ad_used, self.held, self.target, self.tasks = False, EMPTY, (0, 0), []
        self.exhausted: dict[str, int] = {}
        self.played = [0] * len(EVENT_SLUGS)
        self.phase, self.queue, self._legal, self._final = PH_SETUP, [], [], None
        self._board = None  # the observations' copy of everything placed, rebuilt after a change
        self._deal(rng)
        self._places = (self.rpile + [self.epile, self.rdis, self.edis] + self.hr + self.he + self.pe + self.slots)
        self._budgets = (self.bp, self.box, self.bdis, *self.hb, *self.sc)
        self._checked_turn = -1
        self._misplaced = data.misplaced * players  # by slot of every player in turn
        self._budget_count = list(data.budget_count)
        self._empties = (EMPTY,) * players  # what list.count looks for in each player's slots
        self._settle()

    def _deal(self, rng: random.Random) -> None:
        """◆3 準備: prepare the budget, shuffle the piles, deal the initial hands, roll for role piles."""
        d, players = self.data, self.num_players
        self.bp = [min(d.budget_count[k], players * SETUP_PER_PLAYER[k]) for k in range(3)]
        self.box = [d.budget_count[k] - self.bp[k] for k in range(3)]
        self.rpile = [list(ids) for ids in d.kind_ids]
        self.epile = list(range(d.roles, d.cards))
        for pile in self.rpile + [self.epile]:
            shuffle(rng, pile)
        for p in range(players):
            for k in range(3):
                take = min(INITIAL_BUDGET[k], self.bp[k])
                self.hb[p][k], self.bp[k] = take, self.bp[k] - take
            self.he[p] += [self.epile.pop() for _ in range(min(INITIAL_EVENTS, len(self.epile)))]
            for _ in range(INITIAL_ROLES):
                kind = d.die_kind[rng.choice(DIE_FACES)]  # the draw of randint(1, 6)
                if kind is None or not self.rpile[kind]:
                    self.queue.append(p)  # a 6 (or an empty pile): the player chooses the pile
                else:
                    self.hr[p].append(self._draw_role(kind))
        for k in range(3):
            if not self.bp[k]:
                self._ran_out(SIZE_SLUGS[k])
        self.cur = self.queue[0] if self.queue else 0
        if not self.queue:
            self._begin()

    def _begin(self) -> None:
        """Turn 1 starts with the first seat (seats are numbered in the turn order the die decided)."""
        self.turn, self.cur = 1, 0
        self._start_turn()

    # --- the State protocol -------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, or TERMINAL."""
        return TERMINAL if self.phase == PH_OVER else self.cur

    def legal_actions(self, player: int) -> list:
        """The current choice's options (empty for any other seat)."""
        return self._legal if player == self.cur else []

    def apply_action(self, action) -> None:
        """Apply a legal action, then run on to the next real choice."""
        if action not in self._legal:
            raise InvariantViolation(f"illegal action {action!r} in phase {self.phase}")
        DO[self.phase](self, action)
        self._settle()

    def apply_actions(self, actions: list) -> None:
        """Eitsuku has no simultaneous moves."""
        raise InvariantViolation("Eitsuku has no simultaneous moves")

    def is_terminal(self) -> bool:
        """All films released or turn 12 over."""
        return self.phase == PH_OVER

    def ended_by_rules(self) -> bool:
        """The game ended the way the rules end it."""
        return self.phase == PH_OVER

    def scores(self) -> list[float]:
        """A+B+C+D per player (◆4)."""
        return [float(total) for total in (self._final or score.totals(self))]

    def winners(self) -> list[int]:
        """The players with the highest score."""
        totals = self.scores()
        return [p for p, total in enumerate(totals) if total == max(totals)]

    def observation(self, player: int) -> Observation:
        """What player may see (see Observation)."""
        return Observation(self, player)

    def describe(self, player: int, action) -> str:
        """An action as a line of the replay log."""
        from .text import describe
        return describe(self, player, action)

    def rounds(self) -> int:
        """Turns played: the last turn that started, at most 12."""
        return min(self.turn, TURN_LIMIT)

    def _settle(self) -> None:
        """Run the game on to the next choice with more than one option."""
        while self.phase != PH_OVER:
            legal = OPTIONS[self.phase](self)
            if legal is None:
                continue
            if len(legal) > 1:
                self._legal = legal
                return
            DO[self.phase](self, legal[0])
        self._legal = []
        self._final = score.totals(self)

    # --- invariants and figures ------------------------------------------------------------------

    def check_invariants(self) -> None:
        """No card created or lost, budget conserved by size, the turn's limits kept, final scores right."""
        # After every move the cards in all places are counted (minus the empty role slots) and the
        # mover's budget is checked; at each new turn and at the end every id is checked to be in
        # exactly one place and every budget count non-negative.
        filled = sum(map(len, self._places)) - sum(map(list.count, self.slots, self._empties))
        if filled + (self.held != EMPTY) != self.data.cards:
            raise InvariantViolation(f"turn {self.turn}: a role or event card was created or lost")
        if [*map(sum, zip(*self._budgets))] != self._budget_count:
            raise InvariantViolation(f"turn {self.turn}: budget cards created or lost")
        cur = self.cur
        if min(*self.hb[cur], *self.sc[cur], *self.bp) < 0:
            raise InvariantViolation(f"turn {self.turn}: a negative number of budget cards")
        if self.used > PER_TURN:
            raise InvariantViolation(f"turn {self.turn}: player {self.cur + 1} used {self.used} budget cards")
        if self.turn != self._checked_turn or self.phase == PH_OVER:
            self._check_every_card()
            if self.phase == PH_OVER:
                score.recheck(self)

    def _check_every_card(self) -> None:
        """Every role and event id in exactly one place, roles in slots of their kind, no negative budget."""
        self._checked_turn, d = self.turn, self.data
        cards = set().union((self.held,), *self._places)  # with the count checked before: each id once
        cards.discard(EMPTY)
        if cards != d.id_set:
            raise InvariantViolation(f"turn {self.turn}: a role or event card is in two places or in none")
        if any(map(frozenset.__contains__, self._misplaced, chain.from_iterable(self.slots))):
            p = next(p for p, slots in enumerate(self.slots) if any(map(frozenset.__contains__, d.misplaced, slots)))
            raise InvariantViolation(f"turn {self.turn}: player {p + 1} has a role in another role's slot")
        if min(chain.from_iterable(self._budgets)) < 0:
            raise InvariantViolation(f"turn {self.turn}: a negative number of budget cards")

    def figures(self) -> dict[str, float]:
        """Releases, bonus hands, events played and what they did to scores, and when piles ran out."""
        out = score.figures(self)
        out["events_played"] = float(sum(self.played))
        out.update(zip(PLAYED_KEYS, map(float, self.played)))
        for pile, turn in self.exhausted.items():
            out["exhausted." + pile] = float(turn)
        return out

    def _ran_out(self, pile: str) -> None:
        """Note the turn a pile first ran out (0: at setup)."""
        if pile not in self.exhausted:
            self.exhausted[pile] = self.turn

    def _draw_role(self, kind: int) -> int:
        """Take the top card of a role pile."""
        pile = self.rpile[kind]
        card = pile.pop()
        if not pile:
            self._ran_out(ROLE_SLUGS.get(self.data.kinds[kind], f"role_{kind}"))
        return card

    def _draw_event(self) -> int:
        """Take the top card of the event pile."""
        card = self.epile.pop()
        if not self.epile:
            self._ran_out("event")
        return card


OPTIONS = (Eitsuku._opt_setup, Eitsuku._opt_strike, Eitsuku._opt_action, Eitsuku._opt_promo_slot,
           Eitsuku._opt_promo_number, Eitsuku._opt_convert, Eitsuku._opt_set, Eitsuku._opt_scout,
           Eitsuku._opt_info, Eitsuku._opt_end)
DO = (Eitsuku._do_setup, Eitsuku._do_strike, Eitsuku._do_action, Eitsuku._do_promo_slot,
      Eitsuku._do_promo_number, Eitsuku._do_convert, Eitsuku._do_set, Eitsuku._do_scout,
      Eitsuku._do_info, Eitsuku._do_end)
