"""One game of Eitsuku in progress: where every card is, whose decision it is, and the checks on both."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import chain

from pnp.sim import TERMINAL, CardEvents, CardLog, InvariantViolation, State, Zone, deal_again, shuffle

from . import end, events, score, turn
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
    Action,
    Data,
)
from .policy import Observation
from .text import card_name, describe

PLAYED_KEYS = tuple(f"played.{slug}" for slug in EVENT_SLUGS)


class Eitsuku(State):
    """A game of ◆3: one decision per choice the rules give; a choice with a single option is applied at once."""

    data: Data

    def __init__(self, data: Data, players: int, rng: random.Random):
        super().__init__(data, players, rng)
        slots = len(data.slot_kind)
        self.hand_budget = [[0, 0, 0] for _ in range(players)]  # budget in hand, by size
        self.staked_budget = [[0, 0, 0] for _ in range(players)]  # budget placed in the scout phase (4C/4D)
        self.hand_roles: list[list[int]] = [[] for _ in range(players)]  # role cards in hand
        self.hand_events: list[list[int]] = [[] for _ in range(players)]  # event cards in hand
        self.placed_events: list[list[int]] = [[] for _ in range(players)]  # event cards placed in 場
        self.slots = [[EMPTY] * slots for _ in range(players)]  # roles in 場 (or a プロモーターの介入)
        self.slot_values = [[0] * slots for _ in range(players)]  # each slot's number with its 〜大賞
        self.placed_count = [[0] * len(EVENT_SLUGS) for _ in range(players)]  # placed events by code
        self.placed_total = [0] * len(EVENT_SLUGS)  # the same over all players
        self.released = [0] * players  # the turn each player released a film (0: not yet)
        self.event_turn: dict[int, int] = {}  # by placed event: the turn it was placed
        self.event_target: dict[int, int] = {}  # by placed event: its slot (〜大賞) or what 独自の情報網 drew
        self.declared: dict[int, tuple[int, int]] = {}  # by placed プロモーターの介入: its placer and number
        self.budget_discard, self.role_discard, self.event_discard = [0, 0, 0], list[int](), list[int]()
        self.turn = self.actor = self.budget_used = self.strikes_due = self.events_left = self.events_placed = 0
        self.set_left = self.scout_left = 0
        self.ad_used, self.held_promoter, self.promoter_target = False, EMPTY, (0, 0)
        self.info_tasks: list[list[int]] = []  # 独自の情報網 returns and draws due: [mode, card, cards left]
        self.exhausted: dict[str, int] = {}
        self.played = [0] * len(EVENT_SLUGS)
        self.card_log = CardLog(players)  # cards taken from a hand (held) and placed or played (played)
        self.phase, self.setup_queue, self._legal = PH_SETUP, list[int](), list[Action]()
        self.final_scores: list[int] | None = None
        self._board: tuple | None = None  # the observations' copy of everything placed, rebuilt after a change
        self._deal(rng)
        self._budgets = (self.budget_piles, self.budget_box, self.budget_discard, *self.hand_budget,
                         *self.staked_budget)
        self._checked_turn = -1
        self._misplaced = data.misplaced * players  # by slot of every player in turn
        self._budget_count = list(data.budget_count)
        self.settle()

    def _deal(self, rng: random.Random) -> None:
        """◆3 準備: prepare the budget, shuffle the piles, deal the initial hands, roll for role piles."""
        d, players = self.data, self.num_players
        self.budget_piles = [min(d.budget_count[k], players * SETUP_PER_PLAYER[k]) for k in range(3)]
        self.budget_box = [d.budget_count[k] - self.budget_piles[k] for k in range(3)]
        self.role_piles = [list(ids) for ids in d.kind_ids]
        self.event_pile = list(range(d.roles, d.cards))
        for pile in self.role_piles + [self.event_pile]:
            shuffle(rng, pile)
        for p in range(players):
            for k in range(3):
                take = min(INITIAL_BUDGET[k], self.budget_piles[k])
                self.hand_budget[p][k], self.budget_piles[k] = take, self.budget_piles[k] - take
            self.hand_events[p] += [self.event_pile.pop() for _ in range(min(INITIAL_EVENTS, len(self.event_pile)))]
            for _ in range(INITIAL_ROLES):
                kind = d.die_kind[rng.choice(DIE_FACES)]  # the draw of randint(1, 6)
                if kind is None or not self.role_piles[kind]:
                    self.setup_queue.append(p)  # a 6 (or an empty pile): the player chooses the pile
                else:
                    self.hand_roles[p].append(self.draw_role(kind))
        for k in range(3):
            if not self.budget_piles[k]:
                self.ran_out(SIZE_SLUGS[k])
        self.actor = self.setup_queue[0] if self.setup_queue else 0
        if not self.setup_queue:
            self.begin()

    def begin(self) -> None:
        """Turn 1 starts with the first seat (seats are numbered in the turn order the die decided)."""
        self.turn, self.actor = 1, 0
        turn.start_turn(self)

    # --- the State protocol -------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, or TERMINAL."""
        return TERMINAL if self.phase == PH_OVER else self.actor

    def legal_actions(self, player: int) -> list:
        """The current choice's options (empty for any other seat)."""
        return self._legal if player == self.actor else []

    def apply_action(self, action) -> None:
        """Apply a legal action, then run on to the next real choice."""
        if action not in self._legal:
            raise InvariantViolation(f"illegal action {action!r} in phase {self.phase}")
        DO[self.phase](self, action)
        self.settle()

    def scores(self) -> list[float]:
        """A+B+C+D per player (◆4)."""
        return [float(total) for total in (self.final_scores or score.totals(self))]

    def redeal(self, observer: int, rng: random.Random) -> Eitsuku:
        """A copy with what `observer` cannot see dealt again: the others' roles in hand with the role piles (each
        card keeping its kind, which the pile it was drawn from shows), the others' events with the event pile."""
        world = self.clone(rng)
        others = [q for q in range(self.num_players) if q != observer]
        kind = self.data.role_kind
        for k, pile in enumerate(world.role_piles):
            places = [(pile, i) for i in range(len(pile))]
            places += [(world.hand_roles[q], i) for q in others for i, card in enumerate(world.hand_roles[q])
                       if kind[card] == k]
            cards = [place[i] for place, i in places]
            shuffle(rng, cards)
            for (place, i), card in zip(places, cards):
                place[i] = card
        deal_again(rng, [world.event_pile, *(world.hand_events[q] for q in others)])
        return world

    def observation(self, player: int) -> Observation:
        """What player may see (see Observation)."""
        return Observation(self, player)

    def describe(self, player: int, action) -> str:
        """An action as a line of the replay log."""
        return describe(self, player, action)

    def rounds(self) -> int:
        """Turns played: the last turn that started, at most 12."""
        return min(self.turn, TURN_LIMIT)

    def settle(self) -> None:
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
        self.final_scores = score.totals(self)

    # --- invariants and figures ------------------------------------------------------------------

    def check_invariants(self) -> None:
        """Budget conserved by size and the turn's limits kept after every move; at each new turn and at the end
        every role and event card in exactly one place, every role in a slot of its kind, the final scores."""
        if [*map(sum, zip(*self._budgets))] != self._budget_count:
            raise InvariantViolation(f"turn {self.turn}: budget cards created or lost")
        cur = self.actor
        if min(*self.hand_budget[cur], *self.staked_budget[cur], *self.budget_piles) < 0:
            raise InvariantViolation(f"turn {self.turn}: a negative number of budget cards")
        if self.budget_used > PER_TURN:
            raise InvariantViolation(f"turn {self.turn}: player {self.actor + 1} used {self.budget_used} budget cards")
        if self.turn != self._checked_turn or self.phase == PH_OVER:
            self._check_every_card()
            if self.phase == PH_OVER:
                score.recheck(self)

    def _check_every_card(self) -> None:
        """Every role and event card in exactly one place, roles in slots of their kind, no negative budget."""
        self._checked_turn, d = self.turn, self.data
        try:
            self.check_cards()
        except InvariantViolation as problem:
            raise InvariantViolation(f"turn {self.turn}: {problem}") from None
        if any(map(frozenset.__contains__, self._misplaced, chain.from_iterable(self.slots))):
            p = next(p for p, slots in enumerate(self.slots) if any(map(frozenset.__contains__, d.misplaced, slots)))
            raise InvariantViolation(f"turn {self.turn}: player {p + 1} has a role in another role's slot")
        if min(chain.from_iterable(self._budgets)) < 0:
            raise InvariantViolation(f"turn {self.turn}: a negative number of budget cards")

    def zones(self) -> dict[str, Zone | Sequence[Zone]]:
        """Where a role or event card can be (budget cards are counted by size, see check_invariants)."""
        piles = zip(self.data.kinds, self.role_piles)
        zones: dict[str, Zone | Sequence[Zone]] = {f"{kind} pile": pile for kind, pile in piles}
        zones.update({"event pile": self.event_pile, "role discard": self.role_discard,
                      "event discard": self.event_discard, "roles in hand": self.hand_roles,
                      "events in hand": self.hand_events, "events in 場": self.placed_events,
                      "role slots": [[card for card in slots if card != EMPTY] for slots in self.slots],
                      "プロモーターの介入 being placed": [self.held_promoter] if self.held_promoter != EMPTY else []})
        return zones

    def card_count(self) -> int:
        return self.data.cards

    def card_name(self, card: int) -> str:
        return card_name(self.data, card)

    def figures(self) -> dict[str, float | None]:
        """Releases, bonus hands, events played and what they did to scores, and when piles ran out."""
        out: dict[str, float | None] = {**score.figures(self)}
        out["events_played"] = float(sum(self.played))
        out.update(zip(PLAYED_KEYS, map(float, self.played)))
        for pile, when in self.exhausted.items():
            out["exhausted." + pile] = float(when)
        return out

    def card_events(self) -> CardEvents:
        """Per seat: the role and event cards it held (taken from its hand, or in it at the end) and played."""
        hands = [roles + events for roles, events in zip(self.hand_roles, self.hand_events)]
        return self.card_log.events(self.data.printed, hands)

    def ran_out(self, pile: str) -> None:
        """Note the turn a pile first ran out (0: at setup)."""
        if pile not in self.exhausted:
            self.exhausted[pile] = self.turn

    def draw_role(self, kind: int) -> int:
        """Take the top card of a role pile."""
        pile = self.role_piles[kind]
        card = pile.pop()
        if not pile:
            self.ran_out(ROLE_SLUGS.get(self.data.kinds[kind], f"role_{kind}"))
        return card

    def draw_event(self) -> int:
        """Take the top card of the event pile."""
        card = self.event_pile.pop()
        if not self.event_pile:
            self.ran_out("event")
        return card


OPTIONS = (turn.opt_setup, turn.opt_strike, events.opt_action, events.opt_promo_slot, events.opt_promo_number,
           events.opt_convert, turn.opt_set, turn.opt_scout, end.opt_info, end.opt_end)
DO = (turn.do_setup, turn.do_strike, events.do_action, events.do_promo_slot, events.do_promo_number,
      events.do_convert, turn.do_set, turn.do_scout, end.do_info, end.do_end)
