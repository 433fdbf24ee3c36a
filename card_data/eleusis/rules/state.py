"""New Eleusis as a state machine: each player deals one round; children play, prophets judge, the dealer hints."""

from __future__ import annotations

import random
from typing import NamedTuple

from pnp.sim import CHANCE, TERMINAL, CardEvents, PnpError

from . import hidden, score
from .data import GAME, HAND, EleusisData
from .plays import Plays, decode
from .round import DECLARE, HINT, JUDGE, OVER, PLAY, RULE, Round
from .text import describe

VERDICTS = (0, 1, 2)  # a prophet's secret judgement: ○, ●, ○● (mixed)
YES_NO = (0, 1)
NONE: tuple = ()


class Observation(NamedTuple):
    """What one player sees: the row, public hand sizes, their own hand; the rule only if they deal."""

    player: int
    phase: int
    actor: int
    dealer: int
    hand: tuple
    hand_sizes: tuple
    end: int  # face of the main line's last card
    played: int
    deck: int
    known: tuple  # every judgement and hint so far: see Round.known
    topic: str  # the first hint's text ("" before it)
    seers: tuple  # per seat: a prophet still in the round
    out: tuple  # per seat: not playing (the dealer, or a child out of the round)
    pending: tuple  # (player, declaration, cards) while prophets judge, else ()
    rule: int  # the secret rule's index for the dealer, -1 for everyone else
    data: EleusisData


class Eleusis(Round):
    """A game of New Eleusis: rounds 1..N, seat r-1 deals round r; scores are the vpt totals."""

    def __init__(self, data: EleusisData, players: int, rng: random.Random):
        if data.cards < HAND * (players - 1) + 1:
            raise PnpError(f"{data.cards} cards cannot deal {HAND} to each of {players - 1} children and turn a "
                           "starter", where=f"card_data/{GAME}/game.yaml", fix="print both decks (トランプ2組)")
        super().__init__(data, players, rng)
        self.round_index, self.phase, self.actor = 0, RULE, CHANCE
        self.rule_actions = tuple(range(len(data.library.rules)))
        self.totals = [0] * players
        self.results: list[score.RoundResult] = []
        self.pending: tuple = ()
        self.judges: list[int] = []
        self.guesses: list[tuple[int, int]] = []
        self.tally = score.Tally()
        # clockwise from the seat after p, ending with p itself
        self.order = [[(p + i) % players for i in range(1, players + 1)] for p in range(players)]

    # -- the interface the checker drives ---------------------------------------------------------
    def current_player(self) -> int:
        return self.actor

    def legal_actions(self, player: int):
        if player != self.actor:
            return NONE
        phase = self.phase
        if phase == PLAY:
            return Plays(self.hands[player])
        if phase == JUDGE:
            return VERDICTS
        if phase == RULE:
            return self.rule_actions
        return NONE if phase == OVER else YES_NO

    def apply_action(self, action) -> None:
        phase = self.phase
        if phase == PLAY:
            self._play(action)
        elif phase == JUDGE:
            self._judge(action)
        elif phase == DECLARE:
            self._declare(action)
        elif phase == HINT:
            self._hint(action)
        elif phase == RULE:
            self._start_round(action)
        else:
            raise ValueError("the game is over")

    def scores(self) -> list[float]:
        return [float(s) for s in self.totals]

    def rounds(self) -> int:
        return self.round_index

    def observation(self, player: int) -> Observation:
        hands = self.hands
        return Observation(player, self.phase, self.actor, self.dealer, tuple(hands[player]), tuple(map(len, hands)),
                           self.end, self.played, len(self.deck), tuple(self.known), self.topic,
                           tuple(p and not f for p, f in zip(self.prophet, self.failed)), tuple(map(bool, self.out)),
                           self.pending if self.phase == JUDGE else (),
                           self.rule if player == self.dealer else -1, self.data)

    def redeal(self, observer: int, rng: random.Random) -> Eleusis:
        """A copy with the deck, the other hands and (for a child) the secret rule dealt again: see hidden.py."""
        return hidden.redeal(self, observer, rng)

    def check_invariants(self) -> None:
        score.check(self)

    def zones(self) -> dict:
        """Where a card can be: the deck, a hand, the main line (starter and accepted cards), the side line."""
        return {"deck": self.deck, "hand": self.hands, "main line": self.main, "side line": self.side}

    def card_count(self) -> int:
        return self.data.cards

    def card_events(self) -> CardEvents:
        """Per seat: the cards dealt to it or drawn (held) and laid down (played); a dealer holds its secret rule."""
        return self.card_log.events(self.data.printed)

    def card_name(self, card: int) -> str:
        return self.data.label(card)

    def figures(self) -> dict[str, float | None]:
        return score.figures(self)

    def describe(self, player: int, action) -> str:
        return describe(self, player, action)

    # -- the turn ---------------------------------------------------------------------------------
    def _start_round(self, rule: int) -> None:
        """The dealer writes the rule (a chance draw from the library); the cards are dealt."""
        self.deal(rule, HAND, self.rng.random)
        self.tally.start(self)
        self._turn(self.dealer)

    def _play(self, action: int) -> None:
        """The child lays down 1-4 cards with a declaration; prophets judge first, if there are any."""
        player = self.actor
        hand = self.hands[player]
        declared, cards = decode(action)
        for card in cards:
            hand.remove(card)
        self.card_log.played(player, *cards)
        self.pending = (player, declared, cards)
        if self.seers:
            prophet, out = self.prophet, self.out
            self.judges = [q for q in self.order[player][:-1] if prophet[q] and not out[q]]
            if self.judges:
                self.guesses = []
                self.phase, self.actor = JUDGE, self.judges[0]
                return
        self.guesses = []
        self._resolve()

    def _judge(self, guess: int) -> None:
        """A prophet's secret verdict; the last one lets the dealer judge."""
        self.guesses.append((self.actor, guess))
        if len(self.guesses) < len(self.judges):
            self.actor = self.judges[len(self.guesses)]
        else:
            self._resolve()

    def _resolve(self) -> None:
        """The dealer's verdict: cards into the row, prophets scored, the penalty, then the round's end or on."""
        player, declared, cards = self.pending
        before = self.played
        verdict = self.place(cards)
        for prophet, guess in self.guesses:
            if guess == verdict:
                self.hits[prophet] += 1
            else:
                self.fail_prophet(prophet)
                self.unseated[player] += 1
        drawn = -1 if declared == verdict else self.penalty(player, len(cards))
        self.tally.play(self, verdict, declared, len(cards), drawn)
        if not self.out[player] and not self.hands[player]:
            return self._end_round(player)
        if not self.live:
            return self._end_round(-1)
        if self.hint_time(before):
            self.phase, self.actor = HINT, self.dealer
            return
        self._offer_prophecy(player)

    def _hint(self, give: int) -> None:
        """The dealer gives a hint at a hint time, or not; then the player's turn ends."""
        if give:
            self.give_hint()
        self._offer_prophecy(self.pending[0])

    def _offer_prophecy(self, player: int) -> None:
        """At the end of the turn a child still in the round (and no prophet yet) may declare prophet."""
        if self.out[player] or self.prophet[player]:
            self._turn(player)
        else:
            self.phase, self.actor = DECLARE, player

    def _declare(self, declare: int) -> None:
        """The child declares prophet (1) or not (0); the next child plays."""
        player = self.actor
        if declare:
            self.prophet[player] = True
            self.seers += 1
        self._turn(player)

    def _turn(self, player: int) -> None:
        """The next child clockwise who is still in the round plays."""
        out = self.out
        for q in self.order[player]:
            if not out[q]:
                self.phase, self.actor = PLAY, q
                return
        raise ValueError("no child left to play")  # the round ends before this can happen

    def _end_round(self, went_out: int) -> None:
        """Score the round; the next seat deals, or the game is over after everyone has dealt once."""
        result = score.score_round(self, went_out)
        self.count_due = True
        self.results.append(result)
        for p, points in enumerate(result.scores):
            self.totals[p] += points
        self.tally.finish(self, result)
        self.round_index += 1
        self.pending = ()
        if self.round_index == self.num_players:
            self.phase, self.actor = OVER, TERMINAL
        else:
            self.dealer = self.round_index
            self.phase, self.actor = RULE, CHANCE

    def deck_ran_out(self) -> None:
        """The last card was drawn: noted for the figures."""
        self.tally.ran_out(self)
