"""Ghost Couple's shortcuts against the plain ways they replace: the deal, the slot cache, the couples on offer."""

from __future__ import annotations

import random

import pytest
from conftest import ROOT
from shipped.ghost_couple import GhostCouple, load
from shipped.ghost_couple.deck import CARD_BITS, STOP
from shipped.ghost_couple.variant import load as load_variant
from shipped.ghost_couple.zones import deal, slots_of

from pnp.project.games import Project

DECKS = (load(Project(ROOT)), load_variant(Project(ROOT)))


@pytest.mark.parametrize("n", [0, 1, 5, 25, 40])
def test_dealing_takes_the_cards_pop_would(n):
    pile, expected = list(range(30)), list(range(30))
    assert deal(pile, n) == [expected.pop() for _ in range(min(n, 30))] and pile == expected


def test_slots_of_a_mask_are_its_set_bits_in_order():
    for mask in (0, 1, 1 << 12, (1 << 25) - 1, 0b1010110000011111000001011):
        assert slots_of(mask) == tuple(s for s in range(25) if mask >> s & 1)


def offered_couples(state) -> list[int]:
    """Every couple the rules allow, listed plainly: face-up card b (low to high), then its partner a."""
    deck, field = state.data, state.field
    face_up = sorted(field[s] for s in range(25) if state.face_up >> s & 1)
    hand = [] if state.locked else state.hands[state.actor]
    options = [a << CARD_BITS | b for b in face_up for a in sorted(hand + [c for c in face_up if c > b])
               if deck.partners[b] >> a & 1]
    return options + [STOP] if options else []


@pytest.mark.parametrize("deck", DECKS, ids=lambda deck: deck.game)
def test_the_couples_on_offer_are_every_couple_of_the_rules(deck):
    for seed in range(30):
        rng = random.Random(seed)
        state = GhostCouple(deck, 2 + seed % 2, rng)
        while not state.is_terminal():
            assert state.couple_options() == offered_couples(state)
            legal = state.legal_actions(state.actor)
            state.apply_action(legal[int(rng.random() * len(legal))])
