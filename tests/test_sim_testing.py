"""pnp.sim.testing, the battery a designer's test calls: every shipped game and the scaffold's example pass it, and
it names the seed and the move of a broken rule, a copy that touches its game, or a re-deal that moves what was seen."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pilegame
import pytest
import shipped
from conftest import ROOT

from pnp.check.discovery.find import find_simulation
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold
from pnp.sim import GameSpec, State, random_policy, shuffle, testing

GAMES = ("eitsuku", "eleusis", "ghost_couple", "ghost_couple_cards", "promotion", "torite4to6", "demo")


@pytest.fixture(scope="module")
def example(tmp_path_factory) -> tuple[GameSpec, Project]:
    root = tmp_path_factory.mktemp("example")
    scaffold(Project(root), "demo", rules=True)
    return find_simulation(Project(root), "demo"), Project(root)


def spec_and_project(name: str, example) -> tuple[GameSpec, Project]:
    if name == "demo":
        return example
    spec = shipped.ghost_couple.PLAYING_CARDS if name == "ghost_couple_cards" else getattr(shipped, name).SPEC
    return spec, Project(ROOT)


@pytest.mark.parametrize("name", GAMES)
def test_every_shipped_game_and_the_example_pass_the_battery(name, example):
    spec, project = spec_and_project(name, example)
    tally = testing.random_sim_test(spec, project, games=2)
    assert tally.games == 2 * len(spec.player_counts) and tally.ended == tally.games
    assert tally.redeals >= tally.games and tally.copies >= tally.games
    if name.startswith("ghost_couple"):
        assert tally.seen_kept > 0  # its seats remember cards beyond what they see now, and re-deals keep them


# --- Ghost Couple: a card a seat watched go face up into another hand stays there --------------------------

def watched_elsewhere(state) -> int:
    """How many cards the seat to act saw go face up into another seat's hand (still there)."""
    me = state.current_player()
    return sum(bin(watched & hand).count("1") for q, (watched, hand) in enumerate(zip(state.watched, state.hand_masks))
               if q != me)


def test_ghost_couple_keeps_a_card_a_seat_watched_go_into_another_hand_in_that_hand():
    spec = shipped.ghost_couple.SPEC
    data = spec.load(Project(ROOT))
    checked = 0
    for seed in range(6):
        state, rng = spec.new_game(data, 3, random.Random(seed)), random.Random(seed)
        while not state.is_terminal():
            me = state.current_player()
            if watched_elsewhere(state):
                for k in range(3):
                    world = state.redeal(me, random.Random(k))
                    for q, hand in enumerate(state.hands):
                        if q != me:
                            assert set(world.hands[q]) >= {card for card in hand if state.watched[q] >> card & 1}
                    world.check_every_card()
                checked += 1
            state.apply_action(random_policy(None, state.legal_actions(me), rng))
    assert checked > 20


def test_the_battery_names_the_seed_and_move_of_a_redeal_that_forgets_what_was_seen():
    class Forgetful(shipped.ghost_couple.GhostCouple):
        """Ghost Couple whose re-deal forgets the cards each seat watched go into a hand."""

        def redeal(self, observer, rng):
            watched, self.watched = self.watched, [0] * self.num_players
            try:
                return super().redeal(observer, rng)
            finally:
                self.watched = watched

    spec = shipped.ghost_couple.SPEC
    forgetful = GameSpec("forgetful", (3,), spec.load, spec.integrity, Forgetful, spec.greedy, spec.max_moves)
    moved = r"^forgetful, 3 players, seed \d+, before move \d+: redeal\(\d\) moved what P\d has seen: in P\d's hand, "
    with pytest.raises(testing.SimTestFailure, match=moved + r".+ is no longer there after the re-deal"):
        testing.random_sim_test(forgetful, ROOT / "card_data" / "ghost_couple" / "rules" / "test.py", games=4)


# --- the battery on a toy game, broken one way at a time ---------------------------------------------------

class Piles(pilegame.Piles):
    """The toy game with two names for its one move (so a player has a choice) and a re-deal of the pile."""

    def legal_actions(self, player: int) -> list:
        return ["take", "take too"] if player == self.current_player() else []

    def redeal(self, observer: int, rng: random.Random):
        world = self.clone(rng)
        shuffle(rng, world.pile)
        return world


def battery(game: type[State], deep_every: int = 0) -> testing.Tally:
    spec = GameSpec("piles", (2,), lambda project: None, lambda data, counts: [], game, random_policy)
    return testing.random_sim_test(spec, Project(ROOT), games=2, deep_every=deep_every)


def test_a_sound_toy_game_passes_every_check():
    tally = battery(Piles, deep_every=1)
    assert (tally.games, tally.ended, tally.moves, tally.redeals, tally.copies) == (2, 2, 12, 12, 12)


def test_a_lost_card_is_named_with_the_seed_and_move():
    class Leaky(Piles):
        def apply_action(self, action) -> None:
            if len(self.pile) == 3:
                self.pile.pop()  # the card falls off the table
            super().apply_action(action)

    with pytest.raises(testing.SimTestFailure, match=r"^piles, 2 players, seed 0, move 4: InvariantViolation: "
                                                     r"a card was lost: card \d is in no zone \(1 missing\)$"):
        battery(Leaky)


def test_a_seat_to_act_without_legal_actions_is_named():
    class Stuck(Piles):
        def legal_actions(self, player: int) -> list:
            return [] if len(self.pile) == 2 else super().legal_actions(player)

    with pytest.raises(testing.SimTestFailure, match=r"^piles, 2 players, seed 0, move 5: P1 is to act but "
                                                     r"legal_actions\(0\) is empty$"):
        battery(Stuck)


def test_a_clone_that_shares_its_zones_with_the_game_is_caught():
    class Shallow(Piles):
        redeal = State.redeal  # no re-deals: the copies are checked on their own

        def clone(self, rng=None):
            copy = super().clone(rng)
            copy.pile = self.pile  # not copied: the first copy played on takes the cards of the game and the second
            return copy

    with pytest.raises(testing.SimTestFailure, match=r"^piles, 2 players, seed 0, before move 1: a copy played on, at "
                                                     r"its end: InvariantViolation: a card was lost"):
        battery(Shallow, deep_every=1)


def test_a_redeal_that_changes_what_the_seat_sees_or_foresees_the_draws_is_caught():
    class Peeking(Piles):
        def redeal(self, observer, rng):
            world = self.clone()  # the game's own generator: the copy foresees its draws
            return world

    class Swapping(Piles):
        def redeal(self, observer, rng):
            world = super().redeal(observer, rng)
            if world.hands[observer]:
                world.hands[observer][0], world.pile[0] = world.pile[0], world.hands[observer][0]
            return world

    with pytest.raises(testing.SimTestFailure, match=r"before move 1: redeal\(0\) for P1 draws the game's own random"):
        battery(Peeking)
    with pytest.raises(testing.SimTestFailure, match=r"before move 3: redeal\(0\) for P1 changed what P1 sees"):
        battery(Swapping)


def test_an_ended_game_without_a_score_per_seat_is_caught():
    class Unscored(Piles):
        def scores(self) -> list[float]:
            return [1.0] if not self.pile else super().scores()

    unscored = r"the game is over but scores\(\) is \[1.0\]: one number per seat expected$"
    with pytest.raises(testing.SimTestFailure, match=r"^piles, 2 players, seed 0, at the end, after 6 moves: "
                                                     + unscored):
        battery(Unscored)
    with pytest.raises(testing.SimTestFailure, match=r"^piles, 2 players, seed 0, before move 1: a copy played on, at "
                                                     r"its end: the game is over but scores\(\) is \[1.0\]"):
        battery(Unscored, deep_every=1)


def test_a_designer_runs_the_scaffold_test_with_pytest(tmp_path):
    scaffold(Project(tmp_path), "demo", rules=True)
    test_file = tmp_path / "card_data" / "demo" / "rules" / "test_rules.py"
    assert "testing.random_sim_test(SPEC, __file__" in test_file.read_text(encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "1 passed" in run.stdout, run.stdout + run.stderr


def test_the_example_rules_a_designer_starts_from_are_type_checked(example, tmp_path):
    _, project = example
    rules = project.root / "card_data" / "demo" / "rules"
    mypy = [sys.executable, "-m", "mypy", "--follow-imports=silent", "--cache-dir", str(tmp_path / "cache"), str(rules)]
    done = subprocess.run(mypy, cwd=project.root, env={**os.environ, "MYPYPATH": str(ROOT)}, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stdout + done.stderr
