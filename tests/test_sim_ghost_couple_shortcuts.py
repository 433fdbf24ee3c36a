"""Ghost Couple's shortcuts against the plain ways they replace: the deal, the slot cache, the couples on offer, what a
player remembers, the greedy player's turning up, the masks kept beside the zones, the copy of a game."""

from __future__ import annotations

import random

import pytest
from conftest import ROOT
from shipped.ghost_couple import GhostCouple, greedy, load
from shipped.ghost_couple.deck import CARD_BITS, COUPLE, FLIP_UP, STOP
from shipped.ghost_couple.policy import _flip_values, _flips, best_of
from shipped.ghost_couple.variant import load as load_variant
from shipped.ghost_couple.view import HIDDEN, observe
from shipped.ghost_couple.zones import deal, slots_in

from pnp.project.games import Project
from pnp.sim import random_policy

DECKS = (load(Project(ROOT)), load_variant(Project(ROOT)))


@pytest.mark.parametrize("n", [0, 1, 5, 25, 40])
def test_dealing_takes_the_cards_pop_would(n):
    pile, expected = list(range(30)), list(range(30))
    assert deal(pile, n) == [expected.pop() for _ in range(min(n, 30))] and pile == expected


def test_slots_of_a_mask_are_its_set_bits_in_order():
    for mask in (0, 1, 1 << 12, 1 << 24, (1 << 25) - 1, 0b1010110000011111000001011, 0b0101001111100000111110100):
        assert slots_in(mask) == tuple(s for s in range(25) if mask >> s & 1)


@pytest.mark.parametrize("deck", DECKS, ids=lambda deck: deck.game)
def test_cards_couple_both_ways_and_never_with_themselves(deck):
    """The greedy player reads a remembered card's partners to know whether it completes a couple."""
    for card in range(deck.size):
        assert not deck.partners[card] >> card & 1
        assert all(deck.partners[other] >> card & 1 for other in range(deck.size) if deck.partners[card] >> other & 1)


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
            if state.phase == COUPLE:  # what the engine offers, also when it kept the couples left after one
                assert list(legal) == offered_couples(state)
            state.apply_action(legal[int(rng.random() * len(legal))])


def decisions(deck, games: int):
    """Every decision of some games, greedy and random seats mixed, each with the game as it stands."""
    for seed in range(games):
        rng = random.Random(seed)
        players = 2 + seed % 3 if deck.size == 100 else 2 + seed % 2
        state = GhostCouple(deck, players, rng)
        while not state.is_terminal():
            player = state.actor
            yield state, player
            policy = greedy if (seed + player) % 2 else random_policy
            state.apply_action(policy(observe(state, player), state.legal_actions(player), rng))
            state.check_every_card()  # every mask in step with its zone after every move


def remembered(state, player: int) -> tuple:
    """What `player` remembers of the field, read slot by slot: the field as seen, and the face-down cards seen."""
    view = [card if card < 0 or state.seen[s] >> player & 1 else HIDDEN for s, card in enumerate(state.field)]
    down = [(s, card) for s, card in enumerate(view) if card >= 0 and not state.face_up >> s & 1]
    unseen = sum(1 << s for s, card in enumerate(view) if card == HIDDEN)
    return tuple(view), sum(1 << card for card in view if card >= 0), down, unseen


@pytest.mark.parametrize("deck", DECKS, ids=lambda deck: deck.game)
def test_a_players_memory_is_the_field_as_they_have_seen_it(deck):
    for state, player in decisions(deck, 12):
        view, known, down, unseen = remembered(state, player)
        assert state.known_cards(player) == known
        state.phase, phase = FLIP_UP, state.phase  # the observation of a turning-up decision, at any moment
        obs = observe(state, player)
        state.phase = phase
        assert (list(zip(obs.memory_slots, obs.memory)), obs.unseen, obs.known) == (down, unseen, known)


@pytest.mark.parametrize("deck", DECKS, ids=lambda deck: deck.game)
def test_the_greedy_player_turns_up_a_card_its_plain_values_rate_best(deck):
    seen = 0
    for state, player in decisions(deck, 30):
        if state.phase == FLIP_UP:
            obs, legal = observe(state, player), state.legal_actions(player)
            assert list(_flips(obs, legal)) == best_of(_flip_values)(obs, legal)
            seen += 1
    assert seen > 500


@pytest.mark.parametrize("deck", DECKS, ids=lambda deck: deck.game)
def test_a_copy_has_every_zone_and_counter_of_the_game_and_shares_none(deck):
    for state, _ in decisions(deck, 3):
        copy = state.clone()
        for name in GhostCouple.__slots__:
            mine, theirs = getattr(state, name), getattr(copy, name)
            assert mine == theirs, name
            assert type(mine) not in (list, dict) or mine is not theirs, name
            assert not any(type(item) is list and item is other for item, other in zip(mine, theirs)) \
                if type(mine) is list else True, name
        assert copy.rng.getstate() == state.rng.getstate() and copy.rng is not state.rng and copy.data is state.data
