"""Re-deals for the search player: every simulation's redeal() agrees with what the seat sees, and hides the rest."""

from __future__ import annotations

import random

import pytest
import shipped
from conftest import ROOT

from pnp.check.discovery.find import find_simulation
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold
from pnp.sim import CHANCE, SIMULTANEOUS, GameSpec, InvariantViolation, State, deal_again, pick

SIMULATIONS = ("eitsuku", "eleusis", "ghost_couple", "ghost_couple_cards", "promotion", "torite4to6", "demo")
NOTHING_HIDDEN = {"promotion"}  # every card lies open: a re-deal moves no card


@pytest.fixture(scope="module")
def example(tmp_path_factory) -> tuple[GameSpec, Project]:
    root = tmp_path_factory.mktemp("example")
    scaffold(Project(root), "demo", rules=True)
    return find_simulation(Project(root), "demo"), Project(root)


@pytest.fixture(scope="module")
def loaded(example) -> dict:
    """Each simulation's spec and data, loaded once."""
    found = {}
    for name in SIMULATIONS:
        if name == "demo":
            spec, project = example
        else:
            spec = shipped.ghost_couple.PLAYING_CARDS if name == "ghost_couple_cards" else getattr(shipped, name).SPEC
            project = Project(ROOT)
        found[name] = (spec, spec.load(project))
    return found


def seen(observation) -> tuple:
    """An observation as comparable values (a NamedTuple already is; a class with __slots__ is read slot by slot)."""
    if isinstance(observation, tuple):
        return tuple(observation)
    return tuple(getattr(observation, name) for name in type(observation).__slots__)


def decision(spec: GameSpec, data, players: int, seed: int, most: int = 40, least: int = 3) -> State:
    """A game played by greedy players (chance at random) up to a decision some way in (`least` to `most` moves)."""
    rng = random.Random(seed)
    state = spec.new_game(data, players, random.Random(seed))
    for _ in range(rng.randrange(least, most)):
        player = state.current_player()
        if player == SIMULTANEOUS:
            state.apply_actions([spec.greedy(state.observation(p), state.legal_actions(p), rng)
                                 for p in range(players)])
        elif player == CHANCE:
            state.apply_action(pick(rng, state.legal_actions(player)))
        elif player >= 0:
            state.apply_action(spec.greedy(state.observation(player), state.legal_actions(player), rng))
        state.check_invariants()
        if state.is_terminal():
            return decision(spec, data, players, seed + 1000, most)
    while state.current_player() == CHANCE:
        state.apply_action(pick(state.rng, state.legal_actions(CHANCE)))
    return state


def observers(state: State) -> list[int]:
    """The seats a search player asks for a re-deal: the seat to act, or every seat at a simultaneous step."""
    player = state.current_player()
    return list(range(state.num_players)) if player == SIMULTANEOUS else [player]


@pytest.mark.parametrize("name", SIMULATIONS)
@pytest.mark.parametrize("seed", range(6))
def test_a_redeal_agrees_with_what_the_seat_sees_and_loses_no_card(name, seed, loaded):
    spec, data = loaded[name]
    players = spec.player_counts[seed % len(spec.player_counts)]
    state = decision(spec, data, players, seed)
    before = repr(state.zones()), state.rng.getstate()
    for observer in observers(state):
        world = state.redeal(observer, random.Random(seed))
        assert seen(world.observation(observer)) == seen(state.observation(observer))
        assert world.current_player() == state.current_player()
        assert list(world.legal_actions(observer)) == list(state.legal_actions(observer))
        assert sorted(map(repr, _cards(world))) == sorted(map(repr, _cards(state)))
        assert world.rng.getstate() != state.rng.getstate()  # the copy cannot foresee the game's own draws
        assert world.data is state.data
        if _counted(state):  # every card in a zone now (not, say, while a play waits for its verdict)
            world.check_cards()
    assert (repr(state.zones()), state.rng.getstate()) == before  # the game itself is left alone


@pytest.mark.parametrize("name", sorted(set(SIMULATIONS) - NOTHING_HIDDEN))
def test_hidden_cards_really_are_dealt_again(name, loaded):
    spec, data = loaded[name]
    # The demo deals every trick card at 3 players: after its first trick only 4 cards are hidden, in 6 ways.
    state = decision(spec, data, spec.player_counts[-1], 11, *((1, 0) if name == "demo" else (4, 3)))
    observer = observers(state)[0]
    zones = repr(state.zones())
    dealt = {repr(state.redeal(observer, random.Random(k)).zones()) for k in range(8)}
    assert len(dealt - {zones}) >= 6  # almost every re-deal places the hidden cards otherwise


def test_nothing_is_hidden_in_promotion_so_a_redeal_moves_no_card(loaded):
    spec, data = loaded["promotion"]
    state = decision(spec, data, 4, 3)
    assert {repr(state.redeal(0, random.Random(k)).zones()) for k in range(5)} == {repr(state.zones())}


@pytest.mark.parametrize("name", SIMULATIONS)
def test_a_redealt_game_plays_on_to_its_end_by_the_rules(name, loaded):
    spec, data = loaded[name]
    for seed in range(3):
        state = decision(spec, data, spec.player_counts[0], seed + 20)
        world = state.redeal(observers(state)[0], random.Random(seed))
        rng, moves = random.Random(seed), 0
        while not world.is_terminal() and moves < spec.max_moves:
            player = world.current_player()
            if player == SIMULTANEOUS:
                world.apply_actions([pick(rng, world.legal_actions(p)) for p in range(world.num_players)])
            else:
                world.apply_action(pick(rng, world.legal_actions(player)))
            world.check_invariants()
            moves += 1
        assert world.is_terminal()
        world.check_cards()


def test_eleusis_draws_the_secret_rule_again_for_a_child_but_not_for_the_dealer(loaded):
    from shipped.eleusis.policy import candidates
    spec, data = loaded["eleusis"]
    state = next(state for seed in range(40) if (state := decision(spec, data, 4, seed)).current_player()
                 != state.dealer and candidates(state.observation(state.current_player())).bit_count() > 1)
    child = state.current_player()  # a child to whom more than one library rule still agrees
    agreeing = candidates(state.observation(child))
    rules = {state.redeal(child, random.Random(k)).rule for k in range(40)}
    assert all(agreeing >> rule & 1 for rule in rules) and len(rules) > 1
    assert {state.redeal(state.dealer, random.Random(k)).rule for k in range(10)} == {state.rule}


def test_ghost_couple_never_deals_a_card_into_a_hand_that_its_vanished_partner_would_take(loaded):
    spec, data = loaded["ghost_couple"]
    checked = 0
    for seed in range(40):
        state = decision(spec, data, 3, seed)
        if not state.vanish_partners:
            continue
        for k in range(5):
            world = state.redeal(state.current_player(), random.Random(k))
            assert not any(world.vanish_partners >> card & 1 for hand in world.hands for card in hand)
            world.check_invariants()
        checked += 1
    assert checked >= 3


def test_eitsuku_keeps_each_role_card_of_the_kind_of_the_pile_it_came_from(loaded):
    spec, data = loaded["eitsuku"]
    state = decision(spec, data, 5, 4)
    observer = state.current_player()
    kinds = [[data.role_kind[card] for card in hand] for hand in state.hand_roles]
    for k in range(6):
        world = state.redeal(observer, random.Random(k))
        assert [[data.role_kind[card] for card in hand] for hand in world.hand_roles] == kinds
        assert all(data.role_kind[card] == kind for kind, pile in enumerate(world.role_piles) for card in pile)


def test_deal_again_keeps_each_place_its_size_and_every_card():
    places = [[1, 2, 3], [], [4, 5], [6]]
    deal_again(random.Random(3), places)
    assert list(map(len, places)) == [3, 0, 2, 1]
    assert sorted(card for place in places for card in place) == [1, 2, 3, 4, 5, 6]
    shuffles = set()
    for seed in range(30):
        again = [[1, 2, 3], [], [4, 5], [6]]
        deal_again(random.Random(seed), again)
        shuffles.add(repr(again))
    assert len(shuffles) > 20


def _cards(state: State) -> list:
    """Every card id in the state's zones, wherever it lies."""
    found = []
    for zone in state.zones().values():
        if zone and isinstance(zone[0], (list, tuple)):
            for part in zone:
                found += list(part)
        else:
            found += list(zone)
    return found


def _counted(state: State) -> bool:
    """Whether the state's zones hold every card now."""
    try:
        state.check_cards()
    except InvariantViolation:
        return False
    return True
