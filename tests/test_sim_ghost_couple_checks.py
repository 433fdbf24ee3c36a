"""Ghost Couple's invariants in whole games: a card lost or duplicated mid-turn stops the game that did it
(at the next full count, every FULL_CHECK turns, or at the end of the game)."""

from __future__ import annotations

import dataclasses

import pytest
from conftest import ROOT
from shipped.ghost_couple import SPEC, GhostCouple, load
from shipped.ghost_couple.deck import FLIP_UP

from pnp.check.play.game import play
from pnp.project.games import Project
from pnp.sim import InvariantViolation, random_policy

DECK = load(Project(ROOT))


def faulty(plant):
    """A game spec whose engine calls plant(state) once, after the first flip of turn 3 (mid-turn)."""
    class Faulty(GhostCouple):
        planted = False

        def apply_action(self, action) -> None:
            super().apply_action(action)
            if not self.planted and self.turn >= 3 and self.phase == FLIP_UP and self.steps_left == 1:
                self.planted = True
                plant(self)
    return dataclasses.replace(SPEC, new_game=Faulty)


def lose_a_card(state) -> None:
    state.draw_pile.pop(0)


def duplicate_a_card(state) -> None:
    state.draw_pile[0] = state.draw_pile[1]  # as many cards as before, one of them twice


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_card_lost_mid_turn_stops_the_game(seed):
    with pytest.raises(InvariantViolation, match=f"seed {seed}: turn \\d+: a card was lost: .+ is in no zone"):
        play(faulty(lose_a_card), DECK, 2, seed, [random_policy] * 2)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_card_in_two_places_stops_the_game(seed):
    doubled = f"seed {seed}: turn \\d+: .+ is in two places: draw pile and draw pile"
    with pytest.raises(InvariantViolation, match=doubled):
        play(faulty(duplicate_a_card), DECK, 2, seed, [random_policy] * 2)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_same_games_without_a_fault_play_through(seed):
    record = play(faulty(lambda state: None), DECK, 2, seed, [random_policy] * 2)
    assert record.ended_by_rules
