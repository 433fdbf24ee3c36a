"""The search player is never worse than greedy on the same deals, and the ladder's probe tells a weak headline."""

from __future__ import annotations

import dataclasses
import json
import math
from statistics import NormalDist

import pytest
import shipped
from conftest import ROOT
from nimgame import nim_project

from pnp.check.checker import check
from pnp.check.figures.jsonform import to_json
from pnp.check.options import CheckOptions, Target
from pnp.check.play.game import game_seed, play
from pnp.check.probe import BEATEN, LEVEL, UNDECIDED, WITHIN, Z_LOOK, Gains, interval, is_look, verdict
from pnp.check.text.report import render_text
from pnp.project.games import Project
from pnp.sim import search_policy

# Take one or two tokens from a pile of ten; who takes the last one wins. The planted greedy player is the worst
# there is: it never leaves its opponent a multiple of three when it can help it, so a player who looks ahead beats it.
GREEDY = '''
def greedy(observation, legal, rng):
    pile = observation[1]
    worst = [take for take in legal if (pile - take) % 3 != 0]
    return (worst or legal)[0]
'''

DEALS = 48  # Ghost Couple deals, 2 players, seats rotated: some 20 s on one core (bench_search.py --paired)
TOLERANCE = 0.10  # the search seat's mean result may fall below greedy's by at most this (about 1.3 standard errors)


@pytest.fixture
def weak_nim(tmp_path) -> Project:
    return nim_project(tmp_path, GREEDY)


def test_search_is_not_worse_than_greedy_on_the_same_ghost_couple_deals():
    spec = shipped.ghost_couple.SPEC
    data = spec.load(Project(ROOT))
    search = search_policy(spec)
    assert search.playouts >= 16
    differences = []
    for deal in range(DEALS):
        seat, seed = deal % 2, game_seed(1, deal)
        searched = play(spec, data, 2, seed, [search if s == seat else spec.greedy for s in (0, 1)])
        greedy = play(spec, data, 2, seed, [spec.greedy] * 2)
        differences.append(searched.share(seat) - greedy.share(seat))
    assert sum(differences) / DEALS >= -TOLERANCE


def test_the_probe_flags_a_planted_weak_greedy_headline(weak_nim):
    report = check(weak_nim, CheckOptions("nim", players=(2,), target=Target(8000), seed=1, policy="greedy", workers=1))
    search = report.players[2].ladder.rung("search")
    assert search is not None and search.verdict == BEATEN and search.level == round(LEVEL, 6)
    assert search.games % 2 == 0 and search.won.low > search.fair + 0.05
    flags = report.players[2].flags()
    assert any(flag.startswith("the headline player is beaten by search by more than 5 points: ") for flag in flags)
    assert "beaten by more than 5 points" in render_text(report)
    rung = json.loads(to_json(report))["players"]["2"]["ladder"]["rungs"][1]
    assert rung["verdict"] == BEATEN and rung["games"] == search.games and rung["won"]["low"] > 0.55


def test_the_sequential_test_looks_at_powers_of_two_and_says_what_its_interval_says():
    assert [r for r in range(1, 70) if is_look(r)] == [4, 8, 16, 32, 64]
    assert LEVEL == pytest.approx(1 - 2 * 0.05 / 6)
    assert UNDECIDED == "undecided"


def test_the_paired_interval_is_agresti_and_mins_for_matched_pairs():
    # 30 pairs: search won 8 that greedy lost, lost 2 that greedy won, and 20 went alike. Adjusted (half a pair
    # each way, one pair even): 32 pairs, gain (8 - 2) / 32 = 0.1875, variance ((8.5 + 2.5) - 6 ** 2 / 32) / 32 ** 2.
    gains = Gains.of([1.0] * 8 + [0.0] * 2 + [1.0] * 5 + [0.0] * 15, [0.0] * 8 + [1.0] * 2 + [1.0] * 5 + [0.0] * 15)
    assert (gains.games, gains.total, gains.squares) == (30, 6.0, 10.0)
    spread = math.sqrt((11.0 - 36 / 32) / 32 ** 2)
    share = interval(gains, 0.25)
    assert share.value == pytest.approx(0.25 + 6 / 30)
    assert share.low == pytest.approx(0.25 + 0.1875 - Z_LOOK * spread)
    assert share.high == pytest.approx(0.25 + 0.1875 + Z_LOOK * spread)
    assert Z_LOOK == pytest.approx(NormalDist().inv_cdf(1 - 0.05 / 6))
    assert verdict(share, 0.25) is None  # [0.25 + 0.19 -+ 0.24]: reaches below 30%
    assert verdict(interval(Gains(200, 90.0, 90.0), 0.25), 0.25) == BEATEN  # 45 points of gain in 200 pairs
    assert verdict(interval(Gains(400, 0.0, 20.0), 0.25), 0.25) == WITHIN  # 20 wins and 20 losses in 400 pairs
    assert verdict(interval(Gains(0, 0.0, 0.0), 0.25), 0.25) is None  # no games: half pairs only, wide open


def test_a_searching_seat_draws_from_the_games_generator_as_greedy_does():
    # Every Ghost Couple game a search seat plays is the same game as greedy's until search first departs: the
    # game's draws are the same, so a search that never departs (budget 2 on a game it cannot tell apart) and a
    # greedy seat play the same moves.
    spec = shipped.ghost_couple.SPEC
    data = spec.load(Project(ROOT))
    seed = game_seed(3, 0)
    twin = play(spec, data, 3, seed, [spec.greedy] * 3, log=True)
    never = search_policy(spec, 2)
    object.__setattr__(never, "_halving", lambda *args: None)  # no challenger: greedy's choice every time
    searched = play(spec, data, 3, seed, [never, spec.greedy, spec.greedy], log=True)
    assert searched.log == twin.log and searched.scores == twin.scores


def test_no_probe_leaves_out_the_search_rung_and_nothing_else(weak_nim):
    options = CheckOptions("nim", players=(2,), target=Target(400), seed=1, policy="greedy", workers=1)
    probed = json.loads(to_json(check(weak_nim, options)))
    report = check(weak_nim, dataclasses.replace(options, probe=False))
    quick = json.loads(to_json(report))
    assert report.players[2].ladder.rung("search") is None
    assert not any("beaten by search" in flag for flag in report.players[2].flags())  # the weak player goes unseen
    assert quick["players"]["2"]["ladder"] == {**probed["players"]["2"]["ladder"], "rungs": [
        probed["players"]["2"]["ladder"]["rungs"][0]], "search": "the check was run with --no-probe"}
    assert quick["command"] == probed["command"].replace(" --policy greedy", " --policy greedy --no-probe")
    for figures in (quick, probed):  # every other figure is the same
        del figures["players"]["2"]["ladder"], figures["command"]
    assert quick == probed
    assert "search: not measured: the check was run with --no-probe" in render_text(report)


def test_no_probe_on_the_command_line_is_in_the_command_that_runs_it_again(weak_nim, tmp_path):
    from click.testing import CliRunner

    from pnp.cli.main import main
    out = tmp_path / "quick.json"
    result = CliRunner().invoke(main, ["check", "nim", "--players", "2", "--games", "200", "--no-probe", "--json",
                                       str(out), "--project", str(weak_nim.root)])
    assert result.exit_code == 0, result.output
    assert "search: not measured: the check was run with --no-probe" in result.output
    assert json.loads(out.read_bytes())["command"].endswith("--policy greedy --no-probe --project "
                                                            + str(weak_nim.root))
