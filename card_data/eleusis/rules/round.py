"""One round of New Eleusis: the deal, the dealer's verdicts, penalties, disqualification, prophets, hints."""

from __future__ import annotations

import random

from pnp.sim import CardLog, State

from .data import HINT_TIMES, LATE, NEAR_END, PENALTY, EleusisData
from .plays import CIRCLE, DOT, MIXED

# Why a seat is out of the round (0: still playing); the dealer is never a playing child.
PLAYING, AFTER_40, SHORT_DECK, EMPTY_DECK, PROPHET, DEALING = range(6)
REASONS = ("playing", "after_40", "short_deck", "empty_deck", "prophet", "dealing")
LAST_HINT = HINT_TIMES[-1]
# Phases of the game: the dealer's rule draw (chance), a child's play, prophets' judgements, the dealer's hint,
# a child's prophecy, the end.
RULE, PLAY, JUDGE, HINT, DECLARE, OVER = range(6)
PHASES = ("rule", "play", "judge", "hint", "declare", "over")


class Round(State):
    """The cards of a round and how a play is judged; the state class adds the turn order around it."""

    def __init__(self, data: EleusisData, players: int, rng: random.Random):
        super().__init__(data, players, rng)
        self.face = data.card_face
        self.faces = data.library.faces
        self.deck: list[int] = list(range(data.cards))  # before the first deal every card lies in the deck
        self.checked_rounds = 0
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.main: list[int] = []  # the main line: the starter and every accepted card, in order
        self.side: list[int] = []  # rejected cards (below the main line)
        self.known: list[int] = []  # public knowledge of the rule: (prev * faces + card) * 2 + accepted, hints
        self.dealer, self.rule, self.table, self.end, self.played = 0, -1, b"", 0, 0
        self.out = [PLAYING] * players
        self.prophet = [False] * players
        self.failed = [False] * players
        self.hits = [0] * players
        self.unseated = [0] * players
        self.live = players - 1
        self.seers = 0  # prophets still in the round
        self.hints, self.topic = 0, ""
        self.moved = True  # cards moved since the last check of the round's bookkeeping
        self.card_log = CardLog(players)  # cards dealt or drawn (held) and laid down (played); a dealer's rule: held
        self.count_due = True  # every card is counted after a deal and at the end of a round
        self.ran_out = False

    # -- the deal -----------------------------------------------------------------------------
    def deal(self, rule: int, hand: int, random) -> None:
        """Shuffle all cards, deal `hand` to each child from the dealer's left, turn the top card as starter."""
        players, dealer = self.num_players, self.dealer
        keys = [random() for _ in self.face]
        order = sorted(range(len(keys)), key=keys.__getitem__)
        for i in range(1, players):
            self.hands[(dealer + i) % players] = order[(i - 1) * hand:i * hand]
            self.card_log.held((dealer + i) % players, *self.hands[(dealer + i) % players])
        self.hands[dealer] = []
        self.card_log.held(dealer, self.data.cards + rule)  # the secret rule's slip
        self.deck = order[(players - 1) * hand:]
        starter = self.deck.pop()
        self.main, self.side, self.known = [starter], [], []
        self.rule, self.table, self.end, self.played = rule, self.data.library.tables[rule], self.face[starter], 0
        self.out = [PLAYING] * players
        self.out[dealer] = DEALING
        self.prophet, self.failed = [False] * players, [False] * players
        self.hits, self.unseated = [0] * players, [0] * players
        self.live, self.seers, self.hints, self.topic = players - 1, 0, 0, ""
        self.moved, self.count_due, self.ran_out = True, True, not self.deck

    # -- judging --------------------------------------------------------------------------------
    def verdict_of(self, cards) -> int:
        """The dealer's verdict on cards laid down in order, without placing them: ○, ● or MIXED."""
        table, faces, face, end = self.table, self.faces, self.face, self.end
        accepted = rejected = False
        for card in cards:
            f = face[card]
            if table[end * faces + f]:
                accepted, end = True, f
            else:
                rejected = True
        return MIXED if accepted and rejected else (DOT if rejected else CIRCLE)

    def place(self, cards) -> int:
        """Judge the cards in order and add them to the row: accepted ones extend the main line. The verdict."""
        table, faces, face, end = self.table, self.faces, self.face, self.end
        main, side, known = self.main, self.side, self.known
        accepted = rejected = 0
        for card in cards:
            f = face[card]
            key = end * faces + f
            if table[key]:
                main.append(card)
                known.append(key * 2 + 1)
                end = f
                accepted += 1
            else:
                side.append(card)
                known.append(key * 2)
                rejected += 1
        self.end = end
        self.played += accepted + rejected
        self.moved = True
        return MIXED if accepted and rejected else (DOT if rejected else CIRCLE)

    # -- penalties and disqualification -----------------------------------------------------------
    def penalty(self, player: int, count: int) -> int:
        """A wrong declaration: draw count x2 from the deck; the reasons to be disqualified. Cards drawn."""
        need, deck = PENALTY * count, self.deck
        if self.prophet[player]:  # a prophet's wrong declaration: the penalty, and out as a failed prophet
            drawn = self.draw(player, min(need, len(deck)))
            self.fail_prophet(player)
            return drawn
        if not deck:
            self.disqualify(player, EMPTY_DECK)
            return 0
        if len(deck) < need:
            drawn = self.draw(player, len(deck))
            self.disqualify(player, SHORT_DECK)
            return drawn
        drawn = self.draw(player, need)
        if self.played >= LATE:
            self.disqualify(player, AFTER_40)
        return drawn

    def draw(self, player: int, count: int) -> int:
        """Take `count` cards from the top of the deck into the hand."""
        if count:
            deck = self.deck
            self.hands[player] += deck[-count:]
            self.card_log.held(player, *deck[-count:])
            del deck[-count:]
            self.moved = True
            if not deck and not self.ran_out:
                self.ran_out = True
                self.deck_ran_out()
        return count

    def deck_ran_out(self) -> None:
        """Called once a round when the last card is drawn (the state records it for the figures)."""

    def disqualify(self, player: int, reason: int) -> None:
        """Out of the round: the child keeps the hand and takes no more turns."""
        self.out[player] = reason
        self.live -= 1

    def fail_prophet(self, player: int) -> None:
        """A prophet's verdict or declaration was wrong: out, the judgement points reset."""
        self.failed[player] = True
        self.hits[player] = 0
        self.seers -= 1
        self.disqualify(player, PROPHET)

    # -- hints ----------------------------------------------------------------------------------
    def hint_time(self, before: int) -> bool:
        """Did the last play lay down the 10th, 20th or 30th card, and may the dealer give a hint now?"""
        if before >= LAST_HINT or self.played // 10 == before // 10:
            return False
        if self.seers:  # not when a prophet is in and the round is about to end
            hands, out = self.hands, self.out
            if any(len(hands[p]) <= NEAR_END for p in range(self.num_players) if not out[p]):
                return False
        return True

    def example(self) -> int:
        """The face a later hint names: the first after the row's end (deck order) that the rule accepts, or -1."""
        faces, table, end = self.faces, self.table, self.end
        for step in range(1, faces + 1):
            f = (end + step) % faces
            if table[end * faces + f]:
                return f
        return -1

    def give_hint(self) -> None:
        """The first hint names what the rule looks at (the library's hint); later ones name an accepted card."""
        self.hints += 1
        if self.hints == 1:
            self.topic = self.data.library.rules[self.rule].hint
            return
        f = self.example()
        self.known.append((self.end * self.faces + f) * 2 + 1 if f >= 0 else -1 - self.end)
