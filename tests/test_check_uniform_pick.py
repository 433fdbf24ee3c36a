"""The checker picks for uniformly random seats itself: the same games as through the chooser, the same refusals."""

from __future__ import annotations

import random

import pytest
from conftest import ROOT
from shipped.torite4to6 import SPEC, load

from pnp.check.play.game import CHANCE, GameSpec, InvariantViolation, game_seed, play, random_policy
from pnp.project.games import Project

DATA = load(Project(ROOT))


def through_the_chooser(observation, legal, rng):
    """random_policy, but not recognised as it: every pick goes through the chooser's legality check."""
    return random_policy(observation, legal, rng)


through_the_chooser.blind = True


@pytest.mark.parametrize("players", [3, 4, 5])
def test_uniform_seats_play_the_same_games_as_through_the_chooser(players):
    for index in range(20):
        seed = game_seed(3, index)
        fast = play(SPEC, DATA, players, seed, [random_policy] * players)
        chosen = play(SPEC, DATA, players, seed, [through_the_chooser] * players)
        assert (fast.moves, fast.scores, fast.figures) == (chosen.moves, chosen.scores, chosen.figures)


class Stuck:
    """A game whose player (or chance) is offered nothing to do on the second move."""

    num_players = 1

    def __init__(self, data, players: int, rng: random.Random):
        self.moves, self.player = 0, data

    def current_player(self) -> int:
        return self.player

    def legal_actions(self, player: int) -> list:
        return [1, 2] if self.moves == 0 else []

    def apply_action(self, action) -> None:
        self.moves += 1

    def is_terminal(self) -> bool:
        return self.moves >= 5

    def check_invariants(self) -> None:
        pass


@pytest.mark.parametrize("player,seat", [(0, "seat 1"), (CHANCE, "chance")])
def test_a_uniform_seat_with_no_legal_action_stops_the_game_with_its_seed(player, seat):
    spec = GameSpec("stuck", (1,), lambda project: None, lambda data, counts: [], Stuck, random_policy)
    with pytest.raises(InvariantViolation, match=f"^seed 41: {seat} has no legal action$"):
        play(spec, player, 1, 41, [random_policy])
