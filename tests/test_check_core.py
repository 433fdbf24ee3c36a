"""The checker's framework: statistics, determinism across workers, invariants, the CLI."""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path

import pytest
import toygame
from click.testing import CliRunner

from pnp.check.checker import check, to_json, write_json
from pnp.check.options import CheckOptions, Target
from pnp.check.play.game import TERMINAL, InvariantViolation, game_seed, play, random_policy
from pnp.check.report import DealOnlyReport
from pnp.check.stats.describe import chi_square_sf, chi_square_uniform, percentile, wilson
from pnp.cli.main import main
from pnp.errors import PnpError


@pytest.fixture(autouse=True)
def toy_registered(toy_entry_point):
    """Every test here can check the toy game, found through its entry point."""


def test_wilson_interval_matches_hand_computation():
    share = wilson(50, 100)
    assert share.value == 0.5
    assert share.low == pytest.approx(0.4038, abs=1e-4) and share.high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10).low == 0.0 and wilson(10, 10).high == pytest.approx(1.0)


@pytest.mark.parametrize("x,dof,p", [(3.841459, 1, 0.05), (7.814728, 3, 0.05), (0.5, 2, math.exp(-0.25)),
                                     (18.307038, 10, 0.05), (0.0, 4, 1.0)])
def test_chi_square_survival(x, dof, p):
    assert chi_square_sf(x, dof) == pytest.approx(p, abs=1e-5)


def test_chi_square_uniform():
    assert chi_square_uniform([25, 25, 25, 25]) == (0.0, 1.0)
    statistic, p = chi_square_uniform([40, 20, 20, 20])
    assert statistic == pytest.approx(12.0) and p == pytest.approx(chi_square_sf(12.0, 3))  # (15²+3·5²)/25


def test_percentile_interpolates():
    assert percentile([1, 2, 3, 4], 50) == 2.5 and percentile([5], 90) == 5


def test_same_seed_same_game_and_illegal_moves_refused():
    spec = toygame.SPEC
    data = {"deck": toygame.DECK, "tricks": 3}
    a = play(spec, data, 3, game_seed(7, 1), [random_policy] * 3)
    b = play(spec, data, 3, game_seed(7, 1), [random_policy] * 3)
    assert (a.scores, a.winners, a.moves) == (b.scores, b.winners, 3)
    with pytest.raises(InvariantViolation, match="illegal action"):
        play(spec, data, 2, 1, [lambda obs, legal, rng: 99] * 2)



class _StopsEarly(toygame.Duel):
    """Says TERMINAL after the first trick although the game goes on."""

    def current_player(self) -> int:
        return TERMINAL if self.round else super().current_player()


def test_loop_stops_at_terminal_and_refuses_a_terminal_player_before_the_end():
    spec = toygame.SPEC
    data = {"deck": toygame.DECK, "tricks": 3}
    assert play(spec, data, 2, 5, [random_policy] * 2).moves == 3
    early = dataclasses.replace(spec, new_game=_StopsEarly)
    with pytest.raises(InvariantViolation, match=r"seed 5: current_player\(\) is -4, but is_terminal\(\) is False"):
        play(early, data, 2, 5, [random_policy] * 2)

def test_report_is_identical_for_one_and_two_workers(repo):
    one = check(repo, CheckOptions("toy", players=(2, 3), target=Target(450), seed=5, policy="random", workers=1))
    two = check(repo, CheckOptions("toy", players=(2, 3), target=Target(450), seed=5, policy="random", workers=2))
    assert to_json(one) == to_json(two)
    assert one.players[2].play.termination.ended_by_rules == 450
    greedy = one.players[3].ladder.rung("greedy")
    assert greedy.won.share > greedy.fair and not greedy.cannot_beat and greedy.others == "random"


def test_cli_check_prints_report_and_writes_json(repo, tmp_path):
    out = tmp_path / "r.json"
    result = CliRunner().invoke(main, ["check", "toy", "--players", "2", "--games", "200", "--json", str(out),
                                       "--project", str(repo.root)])
    assert result.exit_code == 0, result.output
    assert "== 2 players ==" in result.output and "Seat win share" in result.output
    assert json.loads(out.read_text(encoding="utf-8"))["players"]["2"]["games"] == 200


def test_a_failed_json_write_leaves_the_earlier_report(tmp_path, monkeypatch):
    out = tmp_path / "r.json"
    out.write_text("earlier\n", encoding="utf-8")

    def half_then_full_disk(self, text, encoding=None, newline=None):
        with open(self, "w", encoding=encoding) as handle:
            handle.write(text[:5])
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(Path, "write_text", half_then_full_disk)
    with pytest.raises(PnpError) as error:
        write_json(out, DealOnlyReport("toy", 1, "cmd", []))
    assert str(error.value) == f"{out}: cannot write the report: No space left on device; choose a writable path"
    monkeypatch.undo()
    assert out.read_text(encoding="utf-8") == "earlier\n"
    assert [path.name for path in tmp_path.iterdir()] == ["r.json"]


def test_cli_replay_and_bad_usage(repo):
    result = CliRunner().invoke(main, ["check", "toy", "--players", "2", "--replay", "42", "--project", str(repo.root)])
    assert result.exit_code == 0 and "player 1 plays" in result.output
    bad = CliRunner().invoke(main, ["check", "toy", "--players", "7", "--project", str(repo.root)])
    assert bad.exit_code == 2
    assert bad.output == ("error: pnp check --players: toy is for 2, 3, 4 players, not 7; "
                          "choose a supported player count\n")
    unknown = CliRunner().invoke(main, ["check", "nosuch", "--project", str(repo.root)])
    assert unknown.exit_code == 1 and "no rules simulation for 'nosuch'" in unknown.output


def test_integer_histograms_have_whole_bins():
    from pnp.check.stats.describe import histogram
    assert histogram([3, 4, 4, 5, 12]) == [(3, 3, 1), (4, 4, 2), (5, 5, 1), (6, 6, 0), (7, 7, 0), (8, 8, 0),
                                           (9, 9, 0), (10, 10, 0), (11, 11, 0), (12, 12, 1)]
    wide = histogram(list(range(100)))
    assert sum(n for _, _, n in wide) == 100 and all(hi - lo == 8 for lo, hi, _ in wide)


def test_not_applicable_figures_are_left_out_of_means():
    from pnp.check.figures.play import PlayFigures
    from pnp.check.play.chunks import reduce_figures
    from pnp.check.play.game import GameRecord
    records = [GameRecord(1, 1, 1, True, [0], [0], {"turn": 4.0, "count": 1}),
               GameRecord(2, 1, 1, True, [0], [0], {"turn": None, "count": 3}),
               GameRecord(3, 1, 1, True, [0], [0], {})]
    figures = PlayFigures.of(reduce_figures(records), 1)
    assert figures.figures == {"count": pytest.approx(4 / 3, abs=1e-6), "turn": 2.0}
    assert figures.figure_intervals["turn"].games == 2 and figures.figure_intervals["count"].games == 3  # absent is 0


@pytest.mark.parametrize("game,players", [("promotion", 4), ("eitsuku", 3)])
def test_shipped_games_give_the_same_json_for_any_worker_count(repo, game, players):
    one = check(repo, CheckOptions(game, players=(players,), target=Target(240), seed=11, policy="random", workers=1))
    two = check(repo, CheckOptions(game, players=(players,), target=Target(240), seed=11, policy="random", workers=2))
    assert to_json(one) == to_json(two)
    assert one.players[players].play.termination.ended_by_rules == 240
