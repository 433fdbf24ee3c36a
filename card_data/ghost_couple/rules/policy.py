"""A greedy Ghost Couple player with a perfect memory of every card it has seen (a good 神経衰弱 player)."""

from __future__ import annotations

import random
from collections.abc import Sequence

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
    bits,
)
from .effects import TREASURE
from .view import HIDDEN, Observation
from .zones import CARD_BIT, slots_in

LOW = (1 << CARD_BITS) - 1
EFFECT_VALUE = {FLIP: 0.5, DRAW: 1.0, SKIP: 1.0, STEAL: 2.0, LEADER: 0.0, REVEAL: 0.5}
UNSEEN_FLIP, DECLINE = 1.0, 0.5  # the worth of turning up a card not seen, and of declining an optional flip


def greedy(observation: Observation, legal: Sequence[int], rng: random.Random) -> int:
    """The legal action that looks best; ties broken at random."""
    ties = BEST[observation.phase](observation, legal)
    return ties[0] if len(ties) == 1 else ties[int(rng.random() * len(ties))]


def best_of(worth):
    """A phase's best actions, in legal order, from the worth of every legal action."""
    def best(obs: Observation, legal) -> list:
        values = worth(obs, legal)
        top = max(values) - 1e-9
        return [action for action, value in zip(legal, values) if value >= top]
    return best


def _face_up(obs: Observation) -> list[int]:
    """The cards lying face up, lowest first."""
    return list(bits(obs.face_up_cards))


def _targets(obs: Observation) -> int:
    """The cards that would complete a couple now: partners of the usable hand and the face-up cards."""
    partners = obs.deck.partners
    mask = 0
    for c in _face_up(obs) + ([] if obs.locked else list(obs.hand)):
        mask |= partners[c]
    return mask


def _flips(obs: Observation, legal):
    """The best flips by _flip_values without valuing every slot: a remembered card that completes a couple (10 + its
    points), else one of a remembered pair (5), else an unseen card (1), else declining (0.5). A card couples both
    ways and never with itself, so the partners of the remembered cards tell whether any of them completes a couple
    (a partner face up or in the usable hand) or has a remembered partner."""
    partners = obs.deck.partners
    slots, cards = obs.memory_slots, obs.memory
    mates = 0  # every partner of a remembered face-down card
    for card in cards:
        mates |= partners[card]
    linked = mates & (obs.face_up_cards if obs.locked else obs.face_up_cards | obs.hand_mask)
    down = obs.known & ~obs.face_up_cards  # the remembered face-down cards
    if linked:  # usable cards that couple with a remembered one: those remembered cards complete a couple
        targets = 0
        while linked:
            card = linked.bit_length() - 1
            targets |= partners[card]
            linked ^= 1 << card
        return _completing(obs, legal, targets & down)
    paired = mates & down  # the remembered face-down cards with a partner among them
    if paired:
        return [slot for slot, card in zip(slots, cards) if paired >> card & 1]
    if obs.unseen:
        return slots_in(obs.unseen)
    return [PASS] if legal[-1] == PASS else legal  # every remembered card is worth nothing


def _completing(obs: Observation, legal, hits: int) -> list:
    """The slots of the remembered cards (`hits`, at least one) that complete a couple with the most points."""
    points, slots, cards = obs.deck.points, obs.memory_slots, obs.memory
    if not hits & hits - 1:  # one card
        card = hits.bit_length() - 1
        best, most = [slots[cards.index(card)]], points[card]
    else:
        found = [(points[card], slot) for slot, card in zip(slots, cards) if hits >> card & 1]
        most = max(found)[0]
        best = [slot for worth, slot in found if worth == most]
    return best if 10.0 + most > 5.0 else best_of(_flip_values)(obs, legal)  # above a pair and an unseen card


def _flip_values(obs: Observation, legal) -> list[float]:
    """Turn a remembered card that completes a couple; else an unseen one; a useless remembered one last."""
    targets, partners, points = _targets(obs), obs.deck.partners, obs.deck.points
    down = obs.known & ~obs.face_up_cards  # the remembered cards lying face down: the only cards a flip can show
    remembered = dict(zip(obs.memory_slots, obs.memory))
    values = []
    for slot in legal:
        card = remembered.get(slot, HIDDEN)
        if slot == PASS:
            values.append(DECLINE)
        elif card == HIDDEN:
            values.append(UNSEEN_FLIP)
        elif targets >> card & 1:
            values.append(10.0 + points[card])
        else:  # a remembered pair lying face down: turn one now, its partner next
            values.append(5.0 if partners[card] & down & ~(1 << card) else 0.0)
    return values


def _best_couples(obs: Observation, legal) -> list:
    """The couples worth the most: what the deck gives each (_couple), + 1.5 for a hand card spent (the way out);
    stopping is worth nothing."""
    deck, hand = obs.deck, obs.hand_mask
    known = deck.couple_worth
    values = []
    for action in legal:
        worth = known.get(action)
        if worth is None:
            worth = known[action] = 0.0 if action == STOP else _couple(deck, action >> CARD_BITS, action & LOW)
        # the first card's bit (STOP >> CARD_BITS is -1, whose CARD_BIT is 0)
        values.append(worth + 1.5 if hand & CARD_BIT[action >> CARD_BITS] else worth)
    top = max(values) - 1e-9
    return [action for action, value in zip(legal, values) if value >= top]


def _couple(deck: Deck, a: int, b: int) -> float:
    """A couple's points, its 達成でN点 bonus, and what its effect brings, wherever its cards come from."""
    value = float(deck.points[a] + deck.points[b])
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
    """Give away (to the centre, the field or the deck) the hand card least worth keeping: not one whose partner I
    remember on the field (3), nor points, nor an ability (0.5)."""
    deck, known, hand = obs.deck, obs.known, obs.hand
    partners, keep = deck.partners, deck.keep_worth
    return [(-3.0 if partners[card] & known else 0.0) - keep[card] for card in [hand[i] for i in legal]]


def _blocks(obs: Observation, legal) -> list[float]:
    """The block with the most unseen cards (1 each), and remembered cards that couple with the face-up ones (3)."""
    blocks, partners = CROSSES if obs.effect and obs.effect.kind == CROSS else SQUARES, obs.deck.partners
    up, up_cards = obs.face_up, obs.face_up_cards
    worth = [1.0 if card == HIDDEN else 3.0 if card >= 0 and not up >> s & 1 and partners[card] & up_cards else 0.0
             for s, card in enumerate(obs.view)]  # per slot (whole numbers: a block's sum is exact in any order)
    return [sum([worth[s] for s in blocks[index]]) for index in legal]


def _takes(obs: Observation, legal) -> list[float]:
    """Take a remembered card that couples with a face-up one, else an unseen one."""
    targets, points = _targets(obs), obs.deck.points
    return [1.0 if card == HIDDEN else 5.0 + points[card] if targets >> card & 1 else 0.0
            for card in [obs.view[s] for s in legal]]


def _targets_of_draws(obs: Observation, legal) -> list[float]:
    """Make the player nearest to going out draw."""
    sizes, points = obs.hand_sizes, obs.points
    return [-100.0 if player == obs.player else -sizes[player] + 0.01 * points[player] for player in legal]


def _vanishes(obs: Observation, legal) -> list[float]:
    """Vanish a card that pairs with one of my hand cards (both leave: my hand shrinks), else deny points."""
    basic, points, hand, up, view = obs.deck.basic, obs.deck.points, obs.hand_mask, obs.face_up, obs.view
    return [0.5 if card < 0 else 5.0 if basic[card] & hand else 1.0 + points[card] if up >> s & 1 else 0.2
            for s, card in [(s, view[s]) for s in legal]]


def _peeks(obs: Observation, legal) -> list[float]:
    """Look at the hand of the player with the most points (more cards to break the tie)."""
    sizes, points = obs.hand_sizes, obs.points
    return [points[player] + 0.1 * sizes[player] for player in legal]


def _peeked(obs: Observation, legal) -> list[float]:
    """Vanish their card that pairs with one of mine (both leave), else their best."""
    basic, points, hand = obs.deck.basic, obs.deck.points, obs.hand_mask
    return [10.0 if basic[card] & hand else float(points[card]) for card in [obs.peek[i] for i in legal]]


def _treasures(obs: Observation, legal) -> list[float]:
    """Steal or vanish the treasure card with the most points, from the player with the most points."""
    points, now = obs.deck.points, obs.points
    return [points[choice % TREASURE] + 0.1 * now[choice // TREASURE] for choice in legal]


BEST = {PLACE: best_of(_gives), FLIP_UP: _flips, COUPLE: _best_couples, CENTRE_SWAP: best_of(_gives),
        BLOCK: best_of(_blocks), TAKE: best_of(_takes), RETURN: best_of(_gives), TARGET: best_of(_targets_of_draws),
        VANISH_PICK: best_of(_vanishes), PEEK_WHO: best_of(_peeks), PEEK_CARD: best_of(_peeked),
        STEAL_PICK: best_of(_treasures), BURN_PICK: best_of(_treasures)}
