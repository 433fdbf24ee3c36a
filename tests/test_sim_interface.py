"""pnp.sim, the interface a simulation imports: the base State's defaults, its copies, reading the printed cards."""

from __future__ import annotations

import ast
import random
import sys
from string import Template

import pytest
import shipped
from conftest import ROOT
from pilegame import Piles

import pnp.sim
from pnp.check.discovery.find import find_simulation
from pnp.check.play.game import play
from pnp.errors import PnpError
from pnp.project.games import Project
from pnp.scaffold.writer import TEMPLATES, scaffold
from pnp.sim import (
    SIMULTANEOUS,
    TERMINAL,
    GameSpec,
    InvariantViolation,
    State,
    pick,
    random_policy,
    read_component,
    row_expression,
    shuffle,
    state_rounds,
)

PILES = GameSpec("piles", (2,), lambda project: None, lambda data, counts: [], Piles, random_policy)


# --- the declared interface -------------------------------------------------------------------------------

def test_the_interface_declares_what_a_simulation_imports():
    assert set(pnp.sim.__all__) >= {"GameSpec", "State", "Observation", "Policy", "random_policy", "shuffle", "pick",
                                    "read_component", "InvariantViolation", "CHANCE", "SIMULTANEOUS", "TERMINAL"}
    assert all(hasattr(pnp.sim, name) for name in pnp.sim.__all__)


def imported_modules(source: str, where: str) -> set[str]:
    """The absolute modules a Python source imports (relative imports left out)."""
    found = set()
    for node in ast.walk(ast.parse(source, where)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found.add(node.module)
    return found


def simulation_sources() -> list[tuple[str, str]]:
    """Every file of the shipped simulations and of the scaffold's, as (where, source)."""
    files = [(str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"))
             for path in sorted(ROOT.glob("card_data/*/rules/*.py"))]
    files += [(f"scaffold {entry.name}", Template(entry.read_text(encoding="utf-8")).substitute(name="demo"))
              for entry in (TEMPLATES / "rules").iterdir()]
    return files


def test_the_shipped_games_and_the_scaffold_import_only_pnp_sim_and_the_standard_library():
    allowed = set(sys.stdlib_module_names) | {"__future__", "pnp.sim"}
    sources = simulation_sources()
    assert len(sources) > 40
    for where, source in sources:
        outside = {name for name in imported_modules(source, where) if name.split(".")[0] not in allowed
                   and name != "pnp.sim"}
        assert outside == set(), where


# --- the base State's defaults ----------------------------------------------------------------------------

def test_a_state_without_its_rules_cannot_be_made():
    class Unfinished(State):
        def current_player(self) -> int:
            return TERMINAL

    with pytest.raises(TypeError, match="abstract"):
        Unfinished(None, 2, random.Random(1))


def test_defaults_end_score_and_describe_a_game():
    state = Piles(None, 2, random.Random(3))
    assert (state.is_terminal(), state.rounds(), state.figures()) == (False, 0, {})
    assert state.describe(1, "take") == "P2: 'take'" and state_rounds(state) == 0
    while not state.is_terminal():
        state.apply_action("take")
    assert state.current_player() == TERMINAL and state.ended_by_rules()
    state.hands = [[0, 5], [1, 4], [2, 3]]
    state.num_players = 3
    assert state.winners() == [0, 1, 2]  # ties share the win
    state.hands = [[0, 5, 4], [1], [2, 3]]
    assert state.winners() == [0]


def test_a_game_without_simultaneous_steps_refuses_them():
    with pytest.raises(InvariantViolation, match="Piles has no simultaneous moves, but current_player"):
        Piles(None, 2, random.Random(3)).apply_actions(["take", "take"])


def test_the_card_count_names_a_card_created_lost_or_in_two_places():
    state = Piles(None, 2, random.Random(3))
    state.apply_action("take")
    state.check_cards()
    state.pile.append(9)
    with pytest.raises(InvariantViolation, match="^a card was created: id 9 in pile is no card of the 6$"):
        state.check_invariants()
    state.pile.pop()
    lost = state.pile.pop()
    with pytest.raises(InvariantViolation, match=f"^a card was lost: card {lost} is in no zone \\(1 missing\\)$"):
        state.check_invariants()
    state.pile.append(state.hands[0][0])
    with pytest.raises(InvariantViolation, match=f"^card {state.hands[0][0]} is in two places: pile and P1's hand$"):
        state.check_invariants()
    state.check_cards({"pile": list(range(6)), "hand": [[], []]})  # a snapshot of zones, counted as given


def test_a_broken_count_stops_the_game_that_broke_it():
    class Leaky(Piles):
        def apply_action(self, action) -> None:
            self.pile.pop()  # the card falls off the table

    record = play(PILES, None, 2, 4, [random_policy] * 2)
    assert record.ended_by_rules and sorted(record.scores) != [0.0, 0.0] and record.winners
    with pytest.raises(InvariantViolation, match="^seed 4: a card was lost: card . is in no zone"):
        play(GameSpec("leaky", (2,), PILES.load, PILES.integrity, Leaky, random_policy), None, 2, 4,
             [random_policy] * 2)


def test_a_clone_is_played_on_without_touching_the_game_and_shares_the_printed_data():
    data = {"printed": "cards"}
    state = Piles(data, 2, random.Random(8))
    state.apply_action("take")
    copy = state.clone()
    pile, hands, draws = list(state.pile), [list(hand) for hand in state.hands], state.rng.getstate()
    shuffle(copy.rng, copy.pile)
    while not copy.is_terminal():
        copy.apply_action("take")
    assert (state.pile, state.hands, state.rng.getstate()) == (pile, hands, draws)
    assert copy.data is state.data and copy.rng is not state.rng
    with pytest.raises(NotImplementedError, match="Piles does not re-deal hidden cards"):
        state.redeal(0, random.Random(1))


def test_pick_draws_as_one_random_call_does():
    items = list("abcdefg")
    one, two = random.Random(5), random.Random(5)
    assert [pick(one, items) for _ in range(50)] == [items[int(two.random() * len(items))] for _ in range(50)]
    assert one.getstate() == two.getstate()


# --- every shipped simulation on the base State ----------------------------------------------------------

def playout(state: State, rng: random.Random, limit: int) -> list:
    """Random legal moves until the game ends or `limit` moves are made: (seat, action or actions) each."""
    moves = []
    while not state.is_terminal() and len(moves) < limit:
        player = state.current_player()
        if player == SIMULTANEOUS:
            chosen = [pick(rng, state.legal_actions(seat)) for seat in range(state.num_players)]
            state.apply_actions(chosen)
        else:
            chosen = pick(rng, state.legal_actions(player))
            state.apply_action(chosen)
        moves.append((player, chosen))
    return moves


@pytest.fixture(scope="module")
def example(tmp_path_factory) -> tuple[GameSpec, Project]:
    root = tmp_path_factory.mktemp("example")
    scaffold(Project(root), "demo", rules=True)
    return find_simulation(Project(root), "demo"), Project(root)


SHIPPED = ("eitsuku", "eleusis", "ghost_couple", "ghost_couple_cards", "promotion", "torite4to6", "demo")


def spec_and_data(name: str, example) -> tuple[GameSpec, object]:
    if name == "demo":
        spec, project = example
        return spec, spec.load(project)
    spec = shipped.ghost_couple.PLAYING_CARDS if name == "ghost_couple_cards" else getattr(shipped, name).SPEC
    return spec, spec.load(Project(ROOT))


@pytest.mark.parametrize("name", SHIPPED)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_clone_plays_on_as_the_game_would_and_leaves_it_alone(name, seed, example):
    spec, data = spec_and_data(name, example)
    state = spec.new_game(data, spec.player_counts[-1], random.Random(seed))
    playout(state, random.Random(seed), 25)
    copy = state.clone()
    before = (repr(state.zones()), state.current_player(), state.scores())
    rest = playout(copy, random.Random(seed + 100), spec.max_moves)
    assert copy.is_terminal() and copy.data is state.data
    assert (repr(state.zones()), state.current_player(), state.scores()) == before
    assert playout(state, random.Random(seed + 100), spec.max_moves) == rest  # the same rest of the game
    assert state.scores() == copy.scores() and state.winners() == copy.winners()
    state.check_cards()
    assert state.rounds() == spec.rounds(state) > 0


def test_a_clone_keeps_its_own_card_log_and_draws_as_the_game_would():
    spec, data = shipped.eitsuku.SPEC, shipped.eitsuku.SPEC.load(Project(ROOT))
    state = spec.new_game(data, 4, random.Random(6))
    playout(state, random.Random(6), 30)
    copy = state.clone()
    held = state.card_events()
    assert copy.card_events() == held and copy.card_log is not state.card_log
    playout(copy, random.Random(7), spec.max_moves)
    assert copy.card_events() != held and state.card_events() == held
    assert copy.rng is not state.rng and copy.rng.getstate() == state.rng.getstate()
    assert [copy.rng.random() for _ in range(3)] == [state.rng.random() for _ in range(3)]


@pytest.mark.parametrize("name", SHIPPED)
def test_every_simulation_declares_its_cards_and_counts_them_all(name, example):
    spec, data = spec_and_data(name, example)
    state = spec.new_game(data, spec.player_counts[0], random.Random(3))
    zones = state.zones()
    assert zones and state.card_count() > 0
    state.check_cards()
    assert type(state).redeal is not State.redeal  # each re-deals what a seat cannot see (tests/test_sim_redeal.py)


# --- the printed cards ---------------------------------------------------------------------------------------

def test_a_component_reads_as_the_print_reads_it(project):
    demo = Project(project)
    manifest = project / "card_data" / "demo" / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("  - name: cards      # reads cards.csv, layouts cards.yaml and cards-back.yaml",
                                     "  - name: cards\n    where: \"kind == 'attack'\"\n    selection: true"),
                        encoding="utf-8")
    table = read_component(demo, "demo", "cards")
    printed = Project(project).load_game("demo").components[0].table
    assert table.rows == printed.rows and {row.values["kind"] for row in table.rows} == {"attack"}
    assert table.where(table.rows[0]) == "card_data/demo/cards.csv: row 2"


def test_a_file_the_print_does_not_use_is_read_from_the_game_folder_and_a_missing_one_is_named(project):
    (project / "card_data" / "demo" / "setup.csv").write_text("players,hand\n2,5\n3,3\n", encoding="utf-8")
    table = read_component(Project(project), "demo", "setup")
    assert [row.values for row in table.rows] == [{"players": 2, "hand": 5}, {"players": 3, "hand": 3}]
    with pytest.raises(PnpError) as error:
        read_component(Project(project), "demo", "tiles")
    assert str(error.value) == ("card_data/demo: no component 'tiles' and no tiles.csv; add tiles.csv or list it "
                                "under components: in game.yaml (components: cards)")


def test_a_row_expression_names_what_it_reads_and_evaluates_over_rows():
    expression = row_expression("card.value > prev.value and card.suit in range(3)", "rules.csv: row 2: accept")
    assert expression.names == {"card", "prev"}
    assert expression.evaluate({"card": {"value": 5, "suit": 1}, "prev": {"value": 2}}, "row 3") is True
    with pytest.raises(PnpError, match="^rules.csv: row 2: accept: invalid expression"):
        row_expression("card.value >", "rules.csv: row 2: accept")

