"""The search player and the skill ladder: search finds what greedy misses; every report says how far to trust it."""

from __future__ import annotations

import json
import random

import pytest
import shipped
import toygame
from click.testing import CliRunner
from conftest import ROOT
from nimgame import nim_project

from pnp.check.checker import check, replay
from pnp.check.figures.jsonform import to_json
from pnp.check.ladder import PROBE_MOST, RANDOM_HEADLINE, search_probe
from pnp.check.options import CheckOptions, Target
from pnp.check.play.chunks import Results
from pnp.check.play.game import GameRecord, game_seed, play
from pnp.check.play.schedule import run_all
from pnp.check.probe import Gains
from pnp.check.text.report import render_text
from pnp.cli.main import main
from pnp.errors import UsageError
from pnp.pool import Pool
from pnp.project.games import Project
from pnp.sim import CHANCE, SIMULTANEOUS, SearchPolicy, Seat, search_policy

# Take one or two tokens from a pile of ten; who takes the last one wins. The greedy player always takes one, so
# seat 2 wins every game between greedy players; a player who looks ahead leaves a multiple of three and wins.
GREEDY = '''
def greedy(observation, legal, rng):
    return min(legal)
'''


@pytest.fixture
def nim(tmp_path) -> Project:
    return nim_project(tmp_path, GREEDY)


@pytest.fixture
def toy_registered(toy_entry_point):
    """The toy game (which cannot re-deal), found through its entry point."""


def nim_spec(project: Project):
    from pnp.check.discovery.registry import spec_for
    return spec_for("nim", project)


def test_search_finds_the_winning_take_that_greedy_misses(nim):
    spec = nim_spec(nim)
    # Played on by greedy players, who take one each, a pile left even is won by the player who left it.
    state = spec.new_game(4, 2, random.Random(1))
    assert spec.greedy(state.observation(0), state.legal_actions(0), random.Random(1)) == 1
    assert search_policy(spec)(Seat(state, 0), state.legal_actions(0), random.Random(1)) == 2
    state = spec.new_game(5, 2, random.Random(1))  # taking one is right here: search keeps greedy's choice
    assert search_policy(spec)(Seat(state, 0), state.legal_actions(0), random.Random(1)) == 1


def test_search_in_either_seat_beats_greedy(nim):
    spec = nim_spec(nim)
    search = search_policy(spec, 8)
    for seat in (0, 1):
        for game in range(3):
            record = play(spec, 10, 2, game_seed(1, game), [search if s == seat else spec.greedy for s in (0, 1)])
            assert record.winners == [seat]
    greedy_only = play(spec, 10, 2, 5, [spec.greedy] * 2)
    assert greedy_only.winners == [1]


@pytest.mark.parametrize("name", ("eitsuku", "eleusis", "ghost_couple", "ghost_couple_cards", "promotion",
                                  "torite4to6"))
def test_a_search_decision_is_legal_repeatable_and_leaves_the_game_alone(name):
    spec = shipped.ghost_couple.PLAYING_CARDS if name == "ghost_couple_cards" else getattr(shipped, name).SPEC
    data = spec.load(Project(ROOT))
    state = spec.new_game(data, spec.player_counts[0], random.Random(4))
    while state.current_player() in (CHANCE, SIMULTANEOUS) or len(state.legal_actions(state.current_player())) < 2:
        player = state.current_player()
        if player == SIMULTANEOUS:
            state.apply_actions([state.legal_actions(p)[0] for p in range(state.num_players)])
        else:
            state.apply_action(state.legal_actions(player)[0])
    player = state.current_player()
    before = repr(state.zones()), state.rng.getstate()
    search = SearchPolicy(spec.greedy, 6, max_moves=spec.max_moves, horizon=spec.search_horizon, rounds=spec.rounds)
    chosen = [search(Seat(state, player), state.legal_actions(player), random.Random(9)) for _ in range(2)]
    assert chosen[0] == chosen[1] and chosen[0] in state.legal_actions(player)
    assert (repr(state.zones()), state.rng.getstate()) == before


def test_the_ladder_flags_a_headline_that_search_beats(nim):
    report = check(nim, CheckOptions("nim", players=(2,), target=Target(8000), seed=1, policy="greedy",
                                     workers=1))  # enough headline moves for 8 rounds
    ladder = report.players[2].ladder
    greedy, search = ladder.rungs
    assert (greedy.player, greedy.others, search.player, search.others) == ("greedy", "random", "search", "greedy")
    assert search.games % 2 == 0 and 2 <= search.games <= 2 * PROBE_MOST  # rounds of one game per seat
    assert search.won.share == 1.0 and search.budget == 16
    assert search.won.low > search.fair == 0.5
    # Decided at the 8th round: greedy's own seat won half of the same games (the first player always wins), so
    # search gained 8 of 16 over it: 0.5 + 8 / 18 -+ 2.39 * 0.13 with half pairs added.
    assert search.verdict == "beaten by more than 5 points" and search.games == 16
    flag = "the headline player is beaten by search by more than 5 points: 100.0% [63.4%-100.0%] of 16 games " \
           "against a fair 50.0%"
    assert flag in report.players[2].flags()
    text = render_text(report)
    assert "search (1 seat) vs greedy (1 seat): wins 100.0% [" in text and f"<- FLAG: {flag}" in text
    data = json.loads(to_json(report))["players"]["2"]["ladder"]
    assert data["headline"] == "greedy" and [r["player"] for r in data["rungs"]] == ["greedy", "search"]
    assert data["rungs"][1]["won"]["share"] == 1.0 and data["rungs"][1]["budget"] == 16 and "skill" not in data


def test_the_search_headline_is_not_flagged_and_its_json_is_the_same_on_two_workers(nim):
    one = check(nim, CheckOptions("nim", players=(2,), target=Target(160), seed=3, policy="search", workers=1,
                                  search_budget=6))
    two = check(nim, CheckOptions("nim", players=(2,), target=Target(160), seed=3, policy="search", workers=2,
                                  search_budget=6))
    assert to_json(one) == to_json(two)
    ladder = one.players[2].ladder
    assert ladder.headline == "search" and ladder.rungs[1].budget == 6
    assert ladder.flags() == ["greedy cannot beat random"]  # taking one each time is no skill: no flag for search
    assert one.players[2].play.seat_advantage.seats[0].won.share == 1.0  # seat 1 wins a pile of 10 searching


def test_a_game_that_cannot_redeal_has_no_search_rung_and_refuses_a_search_headline(toy_registered, repo):
    report = check(repo, CheckOptions("toy", players=(2,), target=Target(200), seed=1, policy="greedy", workers=1))
    ladder = report.players[2].ladder
    assert [rung.player for rung in ladder.rungs] == ["greedy"] and "State.redeal" in ladder.search
    assert "search: not measured: the simulation does not re-deal" in render_text(report)
    with pytest.raises(UsageError, match="--policy search: the simulation does not re-deal"):
        check(repo, CheckOptions("toy", players=(2,), target=Target(200), seed=1, policy="search", workers=1))
    result = CliRunner().invoke(main, ["check", "toy", "--players", "2", "--games", "50", "--policy", "search"])
    assert result.exit_code == 2
    assert "--policy search: the simulation does not re-deal what a seat cannot see" in result.output
    assert "write redeal(observer, rng) in the game's State" in result.output
    assert toygame.SPEC.search_playouts == 16


def test_the_command_line_takes_a_search_headline_and_budget_and_replays_it(nim):
    result = CliRunner().invoke(main, ["check", "nim", "--games", "80", "--policy", "search", "--search-budget", "4",
                                       "--project", str(nim.root)])
    assert result.exit_code == 0, result.output
    assert "headline policy search" in result.output and "--policy search --search-budget 4" in result.output
    record, text = replay(nim, CheckOptions("nim", players=(2,), policy="search", replay=7, search_budget=4))
    assert record.winners == [0] and text.startswith("   1. P1: 2\n")  # a pile of 8 left: even, as above
    bad = CliRunner().invoke(main, ["check", "nim", "--search-budget", "1", "--project", str(nim.root)])
    assert bad.exit_code == 2 and "--search-budget" in bad.output


class FinishedHeadline:
    """A headline run that is over, having played `moves` moves in all."""

    def __init__(self, moves: int) -> None:
        self.results = Results([GameRecord(0, moves, 0, True, [0.0, 0.0], [0])], {})

    def finished(self) -> bool:
        return True


def probe_by_seat(nim, headline_moves: int, workers: int) -> list[Results]:
    """The search probe's games, seat by seat, after a headline of `headline_moves` moves."""
    probe = search_probe(str(nim.root), "nim", 2, 1, 8, None, FinishedHeadline(headline_moves))
    with Pool(workers) as pool:
        run_all([probe], pool)
    return probe.by_seat(probe.planned())


def test_the_probe_plays_rounds_of_one_game_a_seat_until_it_has_played_out_the_headline_s_moves(nim):
    least = probe_by_seat(nim, 0, 1)
    assert [len(seat.records) for seat in least] == [1, 1]  # at least one round
    most = probe_by_seat(nim, 10 ** 9, 1)  # search wins every game: the test says "beaten" after 8 rounds
    assert [len(seat.records) for seat in most] == [8, 8]
    some = probe_by_seat(nim, 8000, 2)  # a round costs some 2,800 moves: PROBE_WORK (2) x 8,000 moves is 6 rounds
    assert len(some[0].records) == 6
    short = probe_by_seat(nim, 1500, 1)  # FIRST_LOOK_WORK (6) x 1,500 moves is 3 rounds: short of the first look
    assert [len(seat.records) for seat in short] == [3, 3]
    assert [r.winners for r in some[1].records] == [[1]] * len(some[1].records)
    assert [len(seat.records) for seat in probe_by_seat(nim, 8000, 1)] == [len(seat.records) for seat in some]


@pytest.mark.parametrize("costs, kept", [([900, 900], 1), ([400, 400, 400], 2), ([300] * 5, 3), ([1200, 10], 1),
                                         ([100] * 10, 10), ([10] * 70, PROBE_MOST)])
def test_the_probe_keeps_the_round_count_whose_cost_comes_nearest_the_headline_s_moves(costs, kept, monkeypatch):
    from pnp.check.ladder import _ProbeStop
    monkeypatch.setattr("pnp.check.ladder.PROBE_WORK", 1.0)
    monkeypatch.setattr("pnp.check.ladder.FIRST_LOOK_WORK", 1.0)
    stop = _ProbeStop(FinishedHeadline(1000), 2)  # the headline played 1,000 moves; both budgets are 1 here
    stop.costs, stop.gains = costs, [Gains(2, 0.0, 2.0)] * len(costs)  # a game won and one lost: no verdict
    assert stop._rounds() == kept


@pytest.mark.parametrize("costs, kept", [([900] * 5, 3), ([500] * 6, 4), ([100] * 12, 10), ([900, 900], None)])
def test_the_probe_may_spend_more_to_reach_its_first_look_than_after_it(costs, kept, monkeypatch):
    from pnp.check.ladder import _ProbeStop
    monkeypatch.setattr("pnp.check.ladder.PROBE_WORK", 1.0)
    monkeypatch.setattr("pnp.check.ladder.FIRST_LOOK_WORK", 3.0)
    stop = _ProbeStop(FinishedHeadline(1000), 2)  # 3,000 moves to reach round 4, 1,000 from it on
    stop.costs, stop.gains = costs, [Gains(2, 0.0, 2.0)] * len(costs)
    assert stop._rounds() == kept


def test_a_random_headline_plays_no_search_probe(nim):
    report = check(nim, CheckOptions("nim", players=(2,), target=Target(400), seed=1, policy="random", workers=1))
    ladder = report.players[2].ladder
    assert [rung.player for rung in ladder.rungs] == ["greedy"] and ladder.search == RANDOM_HEADLINE
    assert f"search: not measured: {RANDOM_HEADLINE}" in render_text(report)
