"""A greedy Ghost Couple player with a perfect memory of every card it has seen (a good 神経衰弱 player)."""

from __future__ import annotations

import random
from typing import NamedTuple

from .deck import (
    BLOCK,
    BURN_PICK,
    CARD_BITS,
    CENTRE_SWAP,
    COUPLE,
    CROSS,
    CROSSES,
    DRAW,
    FLIP,
    FLIP_UP,
    LEADER,
    PASS,
    PEEK_CARD,
    PEEK_WHO,
    PLACE,
    RETURN,
    REVEAL,
    SKIP,
    SQUARES,
    STEAL,
    STEAL_PICK,
    STOP,
    TAKE,
    TARGET,
    VANISH_PICK,
    Deck,
    Effect,
)
from .effects import TREASURE

HIDDEN = -2  # a face-down card this player has not seen (an empty slot is -1)
EFFECT_VALUE = {FLIP: 0.5, DRAW: 1.0, SKIP: 1.0, STEAL: 2.0, LEADER: 0.0, REVEAL: 0.5}
KNOWN_BIT = tuple(1 << c for c in range(1022)) + (0, 0)  # a card's bit; HIDDEN (-2) and an empty slot (-1) give 0

# What each decision looks at beyond the hand: the field as this player remembers it, or the other players' points.
LOOKS_AT_FIELD = frozenset({PLACE, FLIP_UP, CENTRE_SWAP, BLOCK, TAKE, RETURN, VANISH_PICK})
LOOKS_AT_POINTS = frozenset({TARGET, PEEK_WHO, STEAL_PICK, BURN_PICK})


class Observation(NamedTuple):
    """What one player knows that the decision at hand can use: own hand and the public zones; the field as
    they remember it when the decision is about field cards; everyone's points when it is about the others."""

    player: int
    phase: int
    hand: tuple
    view: tuple  # per slot: the card, HIDDEN, or -1 for an empty slot (() when the decision is not about the field)
    known: int  # the cards in `view` (a bit per card)
    face_up: int  # face-up slots
    face_up_cards: int  # the cards lying face up (a bit per card)
    locked: bool
    hand_sizes: tuple
    points: tuple  # everyone's treasure points now (() when the decision is not about the other players)
    treasures: tuple  # everyone's treasure (() as for points)
    vanish: tuple
    draw_pile: int  # cards left in it
    peek: tuple  # the other player's hand while choosing a card to vanish from it
    vacated: int
    effect: Effect | None
    deck: Deck


def observe(state, me: int) -> Observation:
    """The observation of player `me` for the decision at hand."""
    phase, view, known, points, treasures = state.phase, (), 0, (), ()
    if phase in LOOKS_AT_FIELD:
        # A card lying face up has been seen by everyone (the engine marks it so as it turns it up).
        bit = 1 << me
        view = tuple([c if seen & bit or c < 0 else HIDDEN for c, seen in zip(state.field, state.seen)])
        known = sum(map(KNOWN_BIT.__getitem__, view))
    if phase in LOOKS_AT_POINTS:
        points = tuple(state.points_now(p) for p in range(state.num_players))
        treasures = tuple(map(tuple, state.treasure))
    peek = tuple(state.hands[state.victim]) if phase == PEEK_CARD else ()
    return Observation(me, phase, tuple(state.hands[me]), view, known, state.face_up, state.face_up_cards,
                       state.locked, tuple(map(len, state.hands)), points, treasures, tuple(state.vanish),
                       len(state.draw_pile), peek, len(state.vacated), state.effect, state.data)


def greedy(obs: Observation, legal, rng: random.Random):
    """The legal action that looks best; ties broken at random."""
    values = WORTH[obs.phase](obs, legal)
    best = max(values)
    ties = [a for a, v in zip(legal, values) if v >= best - 1e-9]
    return ties[0] if len(ties) == 1 else ties[int(rng.random() * len(ties))]


def each(worth):
    """A phase's values from a per-action valuation."""
    return lambda obs, legal: [worth(obs, action) for action in legal]


def _face_up(obs: Observation) -> list[int]:
    """The cards lying face up, lowest first."""
    return _cards(obs.face_up_cards)


def _cards(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    cards, rest = [], mask
    while rest:
        lowest = rest & -rest
        cards.append(lowest.bit_length() - 1)
        rest ^= lowest
    return cards


def _targets(obs: Observation) -> int:
    """The cards that would complete a couple now: partners of the usable hand and the face-up cards."""
    partners = obs.deck.partners
    mask = 0
    for c in _face_up(obs) + ([] if obs.locked else list(obs.hand)):
        mask |= partners[c]
    return mask


def _flips(obs: Observation, legal) -> list[float]:
    """Turn a remembered card that completes a couple; else an unseen one; a useless remembered one last."""
    targets, partners, points = _targets(obs), obs.deck.partners, obs.deck.points
    down = obs.known & ~obs.face_up_cards  # the remembered cards lying face down: the only cards a flip can show
    worth = {HIDDEN: 1.0}
    for card in _cards(down):
        if targets >> card & 1:
            worth[card] = 10.0 + points[card]
        else:  # a remembered pair lying face down: turn one now, its partner next
            worth[card] = 5.0 if partners[card] & down & ~(1 << card) else 0.0
    declined = legal[-1] == PASS
    values = list(map(worth.__getitem__, map(obs.view.__getitem__, legal[:-1] if declined else legal)))
    return values + [0.5] if declined else values  # 0.5: decline an optional flip


def _couple(obs: Observation, action: int) -> float:
    """Points, a hand card spent (the way out), and what the effect brings."""
    if action == STOP:
        return 0.0
    deck = obs.deck
    a, b = action >> CARD_BITS, action & ((1 << CARD_BITS) - 1)
    value = deck.points[a] + deck.points[b] + (1.5 if a in obs.hand else 0.0)
    for bonus in deck.couple_bonus:
        if (bonus.first | bonus.second) >> a & 1 and (bonus.first | bonus.second) >> b & 1:
            value += bonus.points
    effect = deck.effect[a] or deck.effect[b]
    if effect is not None and not (deck.mute >> a & 1 or deck.mute >> b & 1):
        value += EFFECT_VALUE.get(effect.kind, 0.2) * max(1, effect.n if effect.kind == FLIP else 1)
        if effect.ends_turn or effect.lock:
            value -= 3.0  # take the other couples first
    return value + 2.0


def _gives(obs: Observation, legal) -> list[float]:
    """Give away (to the centre, the field or the deck) the hand card least worth keeping."""
    deck, known = obs.deck, obs.known
    return [-(3.0 * bool(deck.partners[obs.hand[i]] & known) + max(deck.points[obs.hand[i]], 0)
              + 0.5 * bool(deck.abilities[obs.hand[i]])) for i in legal]


def _block(obs: Observation, index: int) -> float:
    """The block with the most unseen cards, and remembered cards that couple with the face-up ones."""
    cells = (CROSSES if obs.effect.kind == CROSS else SQUARES)[index]
    face_up = _face_up(obs)
    partners = obs.deck.partners
    value = 0.0
    for s in cells:
        card = obs.view[s]
        if card == HIDDEN:
            value += 1.0
        elif card >= 0 and not obs.face_up >> s & 1 and any(partners[card] >> c & 1 for c in face_up):
            value += 3.0
    return value


def _take(obs: Observation, s: int) -> float:
    """Take a remembered card that couples with a face-up one, else an unseen one."""
    card = obs.view[s]
    if card == HIDDEN:
        return 1.0
    return 5.0 + obs.deck.points[card] if _targets(obs) >> card & 1 else 0.0


def _target(obs: Observation, player: int) -> float:
    """Make the player nearest to going out draw."""
    if player == obs.player:
        return -100.0
    return -obs.hand_sizes[player] + 0.01 * obs.points[player]


def _vanish(obs: Observation, s: int) -> float:
    """Vanish a card that pairs with one of my hand cards (both leave: my hand shrinks), else deny points."""
    card = obs.view[s]
    if card < 0:
        return 0.5
    if any(obs.deck.basic[card] >> c & 1 for c in obs.hand):
        return 5.0
    return 1.0 + obs.deck.points[card] if obs.face_up >> s & 1 else 0.2


def _peek_who(obs: Observation, player: int) -> float:
    return obs.points[player] + 0.1 * obs.hand_sizes[player]


def _peek_card(obs: Observation, index: int) -> float:
    """Vanish their card that pairs with one of mine (both leave), else their best."""
    card = obs.peek[index]
    if any(obs.deck.basic[card] >> c & 1 for c in obs.hand):
        return 10.0
    return float(obs.deck.points[card])


def _treasure(obs: Observation, choice: int) -> float:
    owner, card = divmod(choice, TREASURE)
    return obs.deck.points[card] + 0.1 * obs.points[owner]


WORTH = {PLACE: _gives, FLIP_UP: _flips, COUPLE: each(_couple), CENTRE_SWAP: _gives, BLOCK: each(_block),
         TAKE: each(_take), RETURN: _gives, TARGET: each(_target), VANISH_PICK: each(_vanish),
         PEEK_WHO: each(_peek_who), PEEK_CARD: each(_peek_card), STEAL_PICK: each(_treasure),
         BURN_PICK: each(_treasure)}
