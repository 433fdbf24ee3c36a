"""鳥手板4to6 as a state machine: lives of unit formations (tricks), centre and captain, overwork, evaluation."""

from __future__ import annotations

import random
from itertools import compress
from operator import add, getitem

from pnp.sim import TERMINAL, CardEvents, CardLog, State, deal_again_within

from .checks import Checks
from .data import BONUS_HIGH, BONUS_LOW, CANDIDATE, GRADUATION, OVERWORK, ToriteData, centre_owner
from .policy import Observation, observe
from .tables import CountTables
from .text import describe

# The tables a game keeps as attributes of its own (see _keep_tables); they never change, so copies share them.
TABLES = ("colour", "icons", "strength", "subcolour", "numkey", "seat_keys", "slot_keys", "slot_pieces", "discarded",
          "seat_order", "next_seat", "piece_keys", "seat_index", "deal", "member_ids", "colours",
          "candidate_ids")


class Torite(Checks, State):
    """One game for 3-5 players; seats clockwise, seat 0 leads the first formation of the first live."""

    shared = ("data", *TABLES)

    def __init__(self, data: ToriteData, players: int, rng: random.Random):
        """Set up and deal the first live; every random draw uses `rng`."""
        super().__init__(data, players, rng)
        table = data.cache.get(players) or data.cache.setdefault(players, CountTables.build(data, players))
        self._keep_tables(data, table)
        self.scores_now = [0] * players
        self.live = 0  # lives dealt so far
        self.first_lead = 0  # the seat that leads the first formation of a live
        self.over = False
        self.notes = None  # a list while a replay records what happened without a decision
        self.card_log = CardLog(players, ("held", "scored"))  # the members dealt to a seat; what it took
        self._init_figures()
        if table.short:
            self.exhausted["members"] = 1  # the deck could not deal the set-up's hands
        self._new_live()
        if len(self.legal) == 1:  # hands of one card: nothing to decide
            self.apply_action(self.legal[0])

    def _keep_tables(self, data: ToriteData, table: CountTables) -> None:
        """Keep the per-card and per-seat tables as attributes of their own: the play loop reads them every card."""
        self.hand_size = table.hand_size
        self.row_size = table.row_size
        self.pieces = table.pieces
        self.colour = data.colour
        self.icons = data.icons
        self.strength = data.strength
        self.total = data.total
        self.subcolour = table.subcolour
        self.numkey = table.numkey
        self.seat_keys = table.seat_keys
        self.slot_keys = table.slot_keys
        self.slot_pieces = table.slot_pieces
        self.discarded = table.discarded
        self.seat_order = table.seat_order
        self.next_seat = table.seat_order[1]  # [seat]: the seat that plays after it
        self.piece_keys = table.piece_keys
        self.seat_index = table.seat_index
        self.deal = table.deal
        self.member_ids = table.member_ids
        self.colours = table.colours
        self.candidate_ids = table.candidate_ids

    # -- the interface the checker drives -------------------------------------------------
    def current_player(self) -> int:
        """The player to play a card (TERMINAL once the game is over)."""
        return self.actor

    def legal_actions(self, player: int) -> tuple:
        """The cards the player may play: the led colour if they hold it, else any card."""
        return self.legal if player == self.actor else ()

    def apply_action(self, card: int) -> None:
        """Play a member card; then every play with a single legal card is made at once (ruling 3)."""
        hands = self.hands
        by_colour = self.by_colour
        trick = self.trick
        colour = self.colour
        n = self.num_players
        next_seat = self.next_seat
        player = self.actor
        led = self.led
        while True:
            if trick and colour[card] != led:  # a follower off the led colour holds none of it for this live
                self.lacks[player] |= 1 << led
            hands[player].remove(card)
            by_colour[player][colour[card]].remove(card)
            trick.append(card)
            played = len(trick)
            if played < n:
                if played == 1:
                    led = self.led = colour[card]
                player = self.actor = next_seat[player]
                legal = by_colour[player][led] or hands[player]  # must follow the led colour
            else:
                self._resolve()
                if self.over:
                    return
                hands = self.hands  # a new live deals new ones
                by_colour = self.by_colour
                trick = self.trick
                player = self.actor
                legal = hands[player]
            if len(legal) > 1:
                self.legal = tuple(legal)
                return
            card = legal[0]
            self.forced += 1
            if self.notes is not None:
                self.notes.append(("forced", player, card))

    def scores(self) -> list[float]:
        """Contribution points so far."""
        return [float(s) for s in self.scores_now]

    def rounds(self) -> int:
        """Lives played."""
        return self.live

    def redeal(self, observer: int, rng: random.Random) -> Torite:
        """A copy with the other hands and the set-aside cards dealt again, no seat given a colour it has shown it
        lacks by not following it (the candidate deck is drawn at random as the row empties, so the copy's own
        generator redraws it)."""
        world = self.clone(rng)
        others = [q for q in range(self.num_players) if q != observer]
        colour, lacks = self.colour, self.lacks
        takes = [None, *(lambda card, q=q: not lacks[q] >> colour[card] & 1 for q in others)]  # what each showed
        deal_again_within(rng, [world.aside, *(world.hands[q] for q in others)], takes)  # else: the true deal
        for q in others:
            world.by_colour[q] = self.split_by_colour(world.hands[q])
        return world

    def split_by_colour(self, hand: list[int]) -> list[list[int]]:
        """The hand's cards by colour (what must-follow reads)."""
        split: list[list[int]] = [[] for _ in self.colours]
        for card in hand:
            split[self.colour[card]].append(card)
        return split

    def observation(self, player: int) -> Observation:
        """What the player sees."""
        return observe(self, player)

    def card_events(self) -> CardEvents:
        """Per seat: the member cards dealt to it in any live (held) and the cards it took face up or face down
        (scored: their icons, or the count of face-down cards, score at each live's evaluation)."""
        return self.card_log.events(self.data.printed)

    def describe(self, player: int, action: int) -> str:
        """The move and what follows from it, for replays."""
        return describe(self, player, action)

    # -- a live ---------------------------------------------------------------------------
    def _new_live(self) -> None:
        """Gather and shuffle both decks, deal the hands, lay out the candidate row, start the first formation."""
        self.live += 1
        draw = self.rng.random
        keys = [draw() for _ in self.member_ids]  # a uniform shuffle: sort by independent random keys
        deck = sorted(self.member_ids, key=keys.__getitem__)
        self.hands = hands = [deck[seat_cards] for seat_cards in self.deal]
        for seat, hand in enumerate(hands):
            self.card_log.held(seat, *hand)
        self.aside = deck[self.num_players * self.hand_size:]
        self.by_colour = [self.split_by_colour(hand) for hand in hands]
        seats = range(self.num_players)
        self.up = [[] for _ in seats]
        self.down = [[] for _ in seats]
        self.discard, self.trick, self.row = [], [], []
        self.lacks = [0] * self.num_players  # per seat, bit c: it played off the led colour c, so holds none
        self.candidate_deck = list(self.candidate_ids)
        self.refill_row()
        self.formation, self.led = 0, -1
        self.lead = self.actor = self.first_lead
        self.legal = tuple(self.hands[self.lead])
        if self.notes is not None:
            self.notes.append(("deal", self.live, self.first_lead, [list(h) for h in self.hands], len(self.aside)))

    def refill_row(self) -> None:
        """Fill the far end of the row from the deck; the candidate pieces go to the numbers of the first slots."""
        row, deck, rnd = self.row, self.candidate_deck, self.rng.random
        while len(row) < self.row_size:
            if not deck:
                self.exhausted.setdefault("candidates", self.live)
                break
            row.append(deck.pop(int(rnd() * len(deck))))  # the top of a shuffled deck
        self.candidate_keys = [pieces[card] for pieces, card in zip(self.slot_pieces, row)]
        self.row_subcolours = [self.subcolour[card] for card in row]

    # -- a formation ----------------------------------------------------------------------
    def _resolve(self) -> None:
        """All pieces stand: choose the centre, appoint the captain, clear the stage, go on."""
        trick, lead, n = self.trick, self.lead, self.num_players
        standing = self.candidate_keys
        keys = [*map(getitem, self.piece_keys[lead], trick), *standing]
        keys.sort()  # lowest position first, the front piece first within a position
        owner = centre_owner(keys)
        strengths = list(map(self.strength[self.led].__getitem__, trick))
        if owner < CANDIDATE:
            centre = self.seat_index[lead][owner]
            self.up[owner].append(trick[centre])
            strengths[centre] = -1  # the centre card is no longer in the running for captain
        else:
            centre, owner = -1, n  # a candidate is centre: nobody takes a card, the lead stays
        self.centres[owner] += 1
        mark = len(self.notes) if self.notes is not None else 0
        best = max(strengths)
        if best >= 0:
            captain = strengths.index(best)  # the first played wins a tie
            self._appoint(self.seat_order[lead][captain], trick[captain])
        else:
            captain = -1
            self.captains[n] += 1
        self.discard += compress(trick, self.discarded[centre][captain])  # (index -1: no centre card / captain)
        self.trick = []
        self.last = (trick, lead, self.led, centre, captain)
        self.resolved = True
        self.formation += 1
        if self.notes is not None:
            following = -1 if self.formation == self.hand_size else owner if owner < n else lead
            self.notes.insert(mark, ("formation",) + self.last + (owner, tuple(standing), following))
        if self.formation == self.hand_size:
            return self._end_live()
        if owner == lead or owner == n:
            self.kept += 1
        else:
            self.lead = owner
        self.actor = self.lead

    def _appoint(self, seat: int, card: int) -> None:
        """The captain takes their card and the row's candidates of its colour face down; overwork at 7 or more."""
        self.captains[seat] += 1
        down = self.down[seat]
        down.append(card)
        colour, taken = self.colour[card], []
        if colour in self.row_subcolours:
            row, subcolours = self.row, self.row_subcolours
            taken = list(compress(row, map(colour.__eq__, subcolours)))
            down += taken
            row[:] = compress(row, map(colour.__ne__, subcolours))  # the rest move towards the deck
            self.refill_row()
        if self.notes is not None:
            self.notes.append(("captain", seat, card, tuple(taken), len(down)))
        if len(down) >= OVERWORK:
            self._overwork(seat)

    def _overwork(self, seat: int) -> None:
        """7 or more face-down cards: all face-up cards go to the other player with the fewest face-down cards."""
        n, down = self.num_players, self.down
        receiver, fewest = -1, 1 << 30
        for step in range(1, n):
            other = (seat + step) % n  # nearest clockwise wins a tie
            if len(down[other]) < fewest:
                receiver, fewest = other, len(down[other])
        self.overworks += 1
        passed = self.up[seat]
        self.passed += len(passed)
        if self.notes is not None:
            self.notes.append(("overwork", seat, receiver, tuple(passed)))
        self.up[receiver] += passed
        passed.clear()

    def _end_live(self) -> None:
        """Evaluation: face-up icons, plus face-down cards, plus the icons again with 4-6 face-down cards."""
        icons, hidden = self.icons.__getitem__, list(map(len, self.down))
        gains: list[int] = []
        for seat, (up, down) in enumerate(zip(self.up, self.down)):  # card events: what each seat took
            self.card_log.scored(seat, *up, *down)
        for up, count in zip(self.up, hidden):
            shown = sum(map(icons, up))
            if BONUS_LOW <= count <= BONUS_HIGH:
                gains.append(shown + count + shown)
                self.bonuses += 1
            else:
                gains.append(shown + count)
                self.overloaded += count >= OVERWORK
        self.hidden_total += sum(hidden)
        self.scores_now = list(map(add, self.scores_now, gains))
        self.gains.append(scored := tuple(gains))
        self.ended = (self.up, self.down, self.discard, self.aside, self.candidate_deck, self.row, scored)
        if self.notes is not None:
            self.notes.append(("evaluation", self.live, scored, tuple(hidden), tuple(self.scores_now)))
        if max(self.scores_now) > GRADUATION:
            self.over, self.actor, self.legal = True, TERMINAL, ()
            return
        self.first_lead = (self.first_lead + 1) % self.num_players
        self._new_live()
