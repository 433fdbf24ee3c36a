"""A greedy 鳥手板4to6 player: it samples the unseen cards for the players still to play and picks the card
whose formation pays best (a centre's icons, a captain's face-down cards) without running into overwork."""

from __future__ import annotations

import random
from typing import NamedTuple

from .data import BONUS_HIGH, BONUS_LOW, CANDIDATE, OVERWORK, OWNER, POSITION, ToriteData

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
    unseen: tuple[int, ...]  # member cards this player cannot see: other hands and the set-aside cards
    data: ToriteData


def observe(state, player: int) -> Observation:
    """The observation of one player (built only for policies that look)."""
    seen = set(state.hands[player]).union(state.trick, state.discard, *state.up, *state.down)
    icons = state.icons
    return Observation(player, state.lead, tuple(state.trick), tuple(state.hands[player]), tuple(state.row),
                       tuple(state.candidate_keys), tuple(map(len, state.down)),
                       tuple(sum(icons[c] for c in up) for up in state.up), tuple(map(len, state.hands)),
                       tuple(c for c in range(state.data.members) if c not in seen), state.data)


def greedy(obs: Observation, legal, rng: random.Random):
    """The legal card with the best mean worth over a few sampled completions of the formation."""
    if len(legal) == 1:
        return legal[0]
    players = len(obs.hand_counts)
    later = [(obs.player + k) % players for k in range(1, players - len(obs.trick))]
    worth = [0.0] * len(legal)
    for _ in range(SAMPLES if later else 1):
        hands = _sample_hands(obs, later, rng)
        replies: dict[int, list[int]] = {}  # led colour -> the later players' random legal replies
        for k, card in enumerate(legal):
            trick = obs.trick + (card,)
            led = obs.data.colour[trick[0]]
            if led not in replies:
                replies[led] = _replies(obs.data.colour, led, hands, rng)
            trick += tuple(replies[led])
            worth[k] += _worth(obs, card, trick, *_outcome(obs, trick))
    best = max(worth)
    ties = [card for card, value in zip(legal, worth) if value >= best - 1e-9]
    return ties[int(rng.random() * len(ties))]


def _sample_hands(obs: Observation, later: list[int], rng: random.Random) -> list[list[int]]:
    """Hands for the players still to play, drawn from the unseen cards."""
    sizes = [obs.hand_counts[seat] for seat in later]
    drawn = rng.sample(obs.unseen, min(sum(sizes), len(obs.unseen)))
    hands, start = [], 0
    for size in sizes:
        hands.append(drawn[start:start + size] or drawn[:1])
        start += size
    return hands


def _replies(colour, led: int, hands: list[list[int]], rng: random.Random) -> list[int]:
    """A random legal card from each sampled hand (following the led colour when it can)."""
    replies = []
    for hand in hands:
        options = [c for c in hand if colour[c] == led] or hand
        replies.append(options[int(rng.random() * len(options))])
    return replies


def _outcome(obs: Observation, trick: tuple) -> tuple[int, int]:
    """(centre seat or -1, captain's index in the trick or -1), computed with the engine's piece keys."""
    data, players = obs.data, len(obs.hand_counts)
    table = data.cache[players]
    numkey = table.numkey
    keys = sorted([numkey[card] | key for card, key in zip(trick, table.seat_keys[obs.lead])] + list(obs.standing))
    third, position = 2, keys[2] >> POSITION
    while third and keys[third - 1] >> POSITION == position:
        third -= 1
    owner = keys[third] & OWNER
    strengths = [data.strength[data.colour[trick[0]]][card] for card in trick]
    centre_seat = -1
    if owner < CANDIDATE:
        centre_seat = owner
        strengths[(owner - obs.lead) % players] = -1
    best = max(strengths)
    return centre_seat, (strengths.index(best) if best >= 0 else -1)


def _worth(obs: Observation, card: int, trick: tuple, centre_seat: int, captain: int) -> float:
    """What a formation's outcome is worth to the player: a centre's icons, a captain's cards, overwork's loss."""
    me, data = obs.player, obs.data
    hidden, shown = obs.hidden[me], obs.shown[me]
    value = 0.0
    if centre_seat == me:
        value += data.icons[card] * (2.0 if BONUS_LOW <= hidden <= BONUS_HIGH else 1.5) + LEAD_WORTH
    if captain >= 0 and (obs.lead + captain) % len(obs.hand_counts) == me:
        colour = data.colour[trick[captain]]
        gained = 1 + sum(1 for c in obs.row if data.subcolour[c - data.members] == colour)
        after = hidden + gained
        value += gained
        if after >= OVERWORK:
            value -= 1 + shown * (2 if BONUS_LOW <= hidden <= BONUS_HIGH else 1)
        elif after >= BONUS_LOW > hidden:
            value += shown
    return value
