"""A greedy 鳥手板4to6 player: it samples the unseen cards for the players still to play and picks the card
whose formation pays best (a centre's icons, a captain's face-down cards) without running into overwork."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from pnp.sim import sample

from .data import BONUS_HIGH, BONUS_LOW, CANDIDATE, OVERWORK, ToriteData, centre_owner

SAMPLES = 3  # completions of the formation tried per decision when others are still to play
LEAD_WORTH = 0.3  # leading the next formation is worth a little


class Observation(NamedTuple):
    """What one player sees: their hand, the stage, the candidate row and everyone's open cards."""

    player: int
    lead: int
    trick: tuple[int, ...]  # cards played this formation, in play order from the lead
    hand: tuple[int, ...]
    row: tuple[int, ...]  # candidate cards, slot ① first
    standing: tuple[int, ...]  # the candidate pieces on the stage, as the engine's piece keys
    hidden: tuple[int, ...]  # face-down cards per player
    shown: tuple[int, ...]  # face-up icons per player
    hand_counts: tuple[int, ...]
    unseen: tuple[int, ...]  # member cards this player cannot see (other hands, set-aside cards), in id order
    data: ToriteData


def observe(state, player: int) -> Observation:
    """The observation of one player (built only for policies that look)."""
    unseen = list(state.aside)  # the member cards out of this player's sight: set aside, or in another hand
    for seat, hand in enumerate(state.hands):
        if seat != player:
            unseen += hand
    unseen.sort()
    icons = state.icons.__getitem__
    return Observation(player, state.lead, tuple(state.trick), tuple(state.hands[player]), tuple(state.row),
                       tuple(state.candidate_keys), tuple(map(len, state.down)),
                       tuple(sum(map(icons, up)) for up in state.up), tuple(map(len, state.hands)),
                       tuple(unseen), state.data)


def greedy(observation: Observation, legal: Sequence[int], rng: random.Random) -> int:
    """The legal card with the best mean worth over a few sampled completions of the formation."""
    if len(legal) == 1:
        return legal[0]
    formation = Formation(observation)
    worth = [0.0] * len(legal)
    for _ in range(SAMPLES if formation.later else 1):
        hands = formation.sample_hands(rng)
        for k, value in enumerate(formation.worths(legal, hands, rng)):
            worth[k] += value
    best = max(worth)
    ties = [card for card, value in zip(legal, worth) if value >= best - 1e-9]
    return ties[int(rng.random() * len(ties))]


class Completion(NamedTuple):
    """The other plays of a formation once the later players' replies are drawn: their piece keys and candidate
    pieces (sorted), and their captain strengths by play order (the player's own play left out)."""

    led: int
    keys: list[int]
    strengths: list[tuple[int, int]]  # (play index, strength)


class Formation:
    """The formation the player is to play into, as far as they see it: what every card of theirs would bring
    once the later players' replies are sampled (the engine's rules of centre and captain, from the player's side)."""

    def __init__(self, obs: Observation) -> None:
        data, players = obs.data, len(obs.hand_counts)
        table = data.cache[players]
        self.obs, self.players, self.data = obs, players, data
        self.place = len(obs.trick)  # the player's play in the formation
        self.later = [(obs.player + k) % players for k in range(1, players - self.place)]
        self.sizes = [obs.hand_counts[seat] for seat in self.later]  # the later players' hands
        self.drawn = min(sum(self.sizes), len(obs.unseen))
        self.led = data.colour[obs.trick[0]] if obs.trick else -1
        strength = data.strength[self.led] if obs.trick else ()
        self.played = [(i, strength[card]) for i, card in enumerate(obs.trick)]  # the plays so far: (index, strength)
        self.numkey, self.seat_keys = table.numkey, table.seat_keys[obs.lead]
        self.before = [self.numkey[card] | key for card, key in zip(obs.trick, self.seat_keys)] + list(obs.standing)
        hidden = obs.hidden[obs.player]
        self.bonus = BONUS_LOW <= hidden <= BONUS_HIGH
        self.captaincy: dict[int, float] = {}  # colour -> what appointing the player with it is worth

    def sample_hands(self, rng: random.Random) -> list[list[int]]:
        """Hands for the players still to play, drawn from the unseen cards."""
        drawn = sample(rng, self.obs.unseen, self.drawn)
        hands, start = [], 0
        for size in self.sizes:
            hands.append(drawn[start:start + size] or drawn[:1])
            start += size
        return hands

    def replies(self, led: int, hands: list[list[int]], rng: random.Random) -> list[int]:
        """A random legal card from each sampled hand (following the led colour when it can)."""
        colour, replies = self.data.colour, []
        for hand in hands:
            options = [c for c in hand if colour[c] == led] or hand
            replies.append(options[int(rng.random() * len(options))])
        return replies

    def worths(self, legal, hands: list[list[int]], rng: random.Random) -> list[float]:
        """What each legal card brings when the later players hold these hands (and reply at random)."""
        completions: dict[int, Completion] = {}  # led colour -> the formation's other plays
        colour, values = self.data.colour, []
        for card in legal:
            led = self.led if self.led >= 0 else colour[card]
            if led not in completions:
                completions[led] = self.complete(led, self.replies(led, hands, rng))
            values.append(self.worth(card, completions[led]))
        return values

    def complete(self, led: int, replies: list[int]) -> Completion:
        """The formation's other plays with these replies: their keys sorted, and their strengths."""
        numkey, seat_keys, after = self.numkey, self.seat_keys, self.place + 1
        keys = self.before + [numkey[card] | seat_keys[after + i] for i, card in enumerate(replies)]
        keys.sort()
        strength = self.data.strength[led]
        others = self.played + [(after + i, strength[card]) for i, card in enumerate(replies)]
        return Completion(led, keys, others)

    def worth(self, card: int, completion: Completion) -> float:
        """What playing `card` brings: a centre's icons and the lead, or a captain's face-down cards."""
        keys = completion.keys + [self.numkey[card] | self.seat_keys[self.place]]
        keys.sort()
        owner = centre_owner(keys)
        if owner == self.obs.player:
            return self.data.icons[card] * (2.0 if self.bonus else 1.5) + LEAD_WORTH
        mine = self.data.strength[completion.led][card]
        if mine < 0:
            return 0.0
        centre = (owner - self.obs.lead) % self.players if owner < CANDIDATE else -1
        for index, strength in completion.strengths:  # the centre card is out of the running; ties go to the first
            if index != centre and (strength > mine or (strength == mine and index < self.place)):
                return 0.0
        return self._captain(self.data.colour[card])

    def _captain(self, colour: int) -> float:
        """Appointed captain with a card of this colour: its face-down cards, less overwork's loss or plus the bonus."""
        if colour not in self.captaincy:
            obs, data = self.obs, self.data
            hidden, shown = obs.hidden[obs.player], obs.shown[obs.player]
            gained = 1 + sum(1 for c in obs.row if data.subcolour[c - data.members] == colour)
            value = float(gained)
            if hidden + gained >= OVERWORK:
                value -= 1 + shown * (2 if self.bonus else 1)
            elif hidden + gained >= BONUS_LOW > hidden:
                value += shown
            self.captaincy[colour] = value
        return self.captaincy[colour]
