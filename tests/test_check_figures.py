"""Figures a designer can trust: intervals on every figure, symmetry flags, --precision and --against."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from click.testing import CliRunner
from conftest import copy_games, edit_rows
from hypothesis import given
from hypothesis import strategies as st

from pnp.check.checker import check, to_json
from pnp.check.options import CheckOptions, Target
from pnp.check.play.precision import games_needed
from pnp.check.report import CheckReport, report_from_json
from pnp.check.stats.inference import Moments, difference, holm, mean_interval, moments_of, t95
from pnp.check.text.report import render_text
from pnp.cli.main import main
from pnp.project.games import Project

PROMOTION_GAMES = 1000


@pytest.fixture(autouse=True)
def toy_registered(toy_entry_point):
    """Every test here can check the toy game, found through its entry point."""


def every_suit(rows):
    """Side 1 of the postcard names every suit on rows 2-4."""
    rows[0].update(side1_row2="♠♥♣♦", side1_row3="♠♥♣♦", side1_row4="♠♥♣♦")
    return rows


@pytest.fixture(scope="module")
def planted(repo, tmp_path_factory) -> Project:
    """A copy of Promotion whose postcard side 1 names every suit on rows 2-4."""
    scratch = copy_games(tmp_path_factory.mktemp("planted"), "promotion", "standard_deck")
    edit_rows(scratch, "promotion/postcard.csv", every_suit)
    return Project(scratch.root)


@pytest.fixture(scope="module")
def unedited(repo) -> CheckReport:
    return check(repo, CheckOptions("promotion", players=(4,), target=Target(PROMOTION_GAMES), seed=3,
                                    policy="random", workers=1))


@pytest.fixture(scope="module")
def compared(repo, planted) -> CheckReport:
    """The planted copy checked against the shipped game, on the same seeds."""
    return check(planted, CheckOptions("promotion", players=(4,), target=Target(PROMOTION_GAMES), seed=3,
                                       policy="random", workers=1, against=repo.root))


# --- the statistics, against hand-computed values -------------------------------------------------------------

def test_t_quantiles_and_mean_interval_match_tables():
    assert t95(4) == pytest.approx(2.7764451, abs=1e-6) and t95(15) == pytest.approx(2.1314495, abs=1e-6)
    assert t95(100_000) == pytest.approx(1.9599877, abs=1e-6)
    interval = mean_interval(moments_of([1.0, 2.0, 3.0, 4.0, 6.0]))  # mean 3.2, sd 1.9235, se 0.86023
    assert interval.value == pytest.approx(3.2)
    assert interval.low == pytest.approx(3.2 - 2.7764 * 0.86023, abs=1e-3)
    assert interval.high == pytest.approx(3.2 + 2.7764 * 0.86023, abs=1e-3)
    share = mean_interval(moments_of([0.0, 1.0] * 50))  # every value in [0, 1]: a Wilson interval
    assert (share.low, share.high) == (pytest.approx(0.4038, abs=1e-4), pytest.approx(0.5962, abs=1e-4))


def test_newcombe_welch_and_holm_match_hand_computation():
    d = difference(Moments(40, 40, 100, True), Moments(60, 60, 100, True))  # Newcombe's hybrid score interval
    assert d.value == pytest.approx(0.2)
    assert (d.low, d.high) == (pytest.approx(0.0614, abs=1e-4), pytest.approx(0.3281, abs=1e-4))
    assert d.p_value == pytest.approx(0.00468, abs=1e-4)  # pooled two-proportion z = 2.828
    welch = difference(moments_of([1.0, 2.0, 3.0] * 10), moments_of([2.0, 3.0, 4.0] * 10))
    se = (2 * (2 / 3 * 30 / 29) / 30) ** 0.5  # equal variances and sizes: Welch-Satterthwaite gives 58 dof
    assert (welch.low, welch.high) == (pytest.approx(1 - 2.0017175 * se), pytest.approx(1 + 2.0017175 * se))
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert difference(moments_of([2.0, 5.0]), moments_of([2.0, 5.0])).p_value == 1.0


@given(st.lists(st.floats(0, 1), min_size=1, max_size=30))
def test_holm_never_lowers_a_p_value_and_keeps_their_order(p_values):
    adjusted = holm(p_values)
    assert all(raw <= adj <= 1 for raw, adj in zip(p_values, adjusted))
    ranked = sorted(range(len(p_values)), key=lambda i: p_values[i])
    assert all(adjusted[a] <= adjusted[b] for a, b in zip(ranked, ranked[1:]))


@given(st.lists(st.integers(-50, 50), min_size=2, max_size=60))
def test_a_mean_lies_inside_its_interval(values):
    interval = mean_interval(moments_of([float(v) for v in values]))
    assert interval.low - 1e-9 <= sum(values) / len(values) <= interval.high + 1e-9


def test_games_needed_for_a_share_to_a_precision():
    assert games_needed([Moments(250, 250, 1000, True)], 0.02) == 1801  # 1.96² · 0.25 · 0.75 / 0.02²
    assert games_needed([Moments(500, 500, 1000, True), Moments(100, 100, 1000, True)], 0.05) == 385


# --- every figure with its interval -----------------------------------------------------------------------------

def test_every_figure_carries_its_interval(unedited):
    fig = unedited.players[4]
    play = fig.play
    assert set(play.figure_intervals) == set(play.figures)
    for key, value in play.figures.items():
        bounds = play.figure_intervals[key]
        assert bounds.low <= value <= bounds.high, key
        if key.startswith(("win_side.", "row_chosen.")):
            assert bounds.kind == "share" and 0 <= bounds.low and bounds.high <= 1
    assert play.figure_intervals["rounds"].kind == play.figure_intervals["batting"].kind == "mean"
    spread = play.score_spread
    for stats in (play.length_rounds, play.length_moves, spread.scores, spread.margin, *spread.by_seat):
        assert stats.mean_low < stats.mean < stats.mean_high
    for item in (play.termination.ended, fig.ladder.rungs[0].won, *(seat.won for seat in play.seat_advantage.seats)):
        assert item.low <= item.share <= item.high
    text = render_text(unedited)
    assert "win_side.1: 0.2" in text and "Game figures (mean per game, 95% interval):" in text


# --- symmetric groups ----------------------------------------------------------------------------------------

def test_a_planted_uneven_postcard_side_is_flagged_and_the_shipped_one_is_not(unedited, compared):
    shipped, edited = unedited.players[4], compared.players[4]
    assert [t.group for t in shipped.symmetry] == ["seats", "win_side.*"]
    assert not any(t.flagged for t in shipped.symmetry)
    sides = next(t for t in edited.symmetry if t.group == "win_side.*")
    assert sides.flagged and sides.p_adjusted < 0.01 and sides.test == "chi-square"
    assert edited.flags() == ["uneven win_side.*"] and edited.uneven == {"win_side.*"}
    assert shipped.play.figures["win_side.1"] == pytest.approx(0.24, abs=0.02)
    assert edited.play.figures["win_side.1"] == pytest.approx(0.31, abs=0.02)
    assert edited.play.figure_intervals["win_side.1"].low > shipped.play.figure_intervals["win_side.1"].high
    assert "Flags: uneven win_side.*" in render_text(compared)
    flags = next(line for line in render_text(unedited).splitlines() if line.startswith("Flags: "))
    cards = [f"{card.name} (held)" for card, _ in shipped.cards.flagged()]  # the Flags line names what is flagged
    assert shipped.flags() == [] and flags == f"Flags: {len(cards)} cards beyond noise: " + ", ".join(cards[:5]) + (
        f" and {len(cards) - 5} more" if len(cards) > 5 else "")


# --- --against ----------------------------------------------------------------------------------------------

def test_against_reports_the_planted_change_beyond_noise(compared):
    rows = compared.players[4].against
    side = rows["figure.win_side.1"]
    assert side.changed and side.high < 0  # the shipped side 1 wins less than the planted one
    assert side.base == pytest.approx(0.31, abs=0.02) and side.other == pytest.approx(0.24, abs=0.02)
    assert side.low <= side.difference <= side.high
    assert "4 players: figure.win_side.1" in compared.against.changed
    assert not rows["figure.effect_used.SPIN90°"].changed
    figures = [name for name in compared.against.changed if not name.startswith("4 players: card ")]
    assert f"4 players: {len(figures)} of {len(rows)} figures changed" in render_text(compared)


def test_an_identical_copy_changes_nothing(repo, tmp_path):
    copy = copy_games(tmp_path, "promotion", "standard_deck")
    report = check(repo, CheckOptions("promotion", players=(4,), target=Target(200), seed=3, policy="random",
                                      workers=1, against=copy.root))
    rows = report.players[4].against
    assert report.against.changed == [] and len(rows) > 20
    assert all(row.difference == 0 and row.p_adjusted == 1 and not row.changed for row in rows.values())


def test_cli_against_and_bad_usage(repo, planted):
    args = ["check", "promotion", "--games", "400", "--seed", "3", "--policy", "random", "--project", str(planted.root)]
    result = CliRunner().invoke(main, args + ["--against", str(repo.root)])
    assert result.exit_code == 0, result.output
    assert f"== Against {repo.root}: the same seeds and games, other minus this" in result.output
    assert "4 players: 4 of 25 figures changed beyond noise" in result.output  # compared game by game
    batting = "  figure.batting: 3.724 -> 2.899, difference -0.8249 [-0.9283 to -0.7216], corrected p < 1e-6"
    assert batting in result.output
    assert "  cards: 0 of 52 card impacts changed beyond noise" in result.output
    both = CliRunner().invoke(main, ["check", "toy", "--games", "10", "--precision", "0.1",
                                     "--project", str(repo.root)])
    assert both.exit_code == 2
    assert both.output == "error: pnp check: --games and --precision both say when to stop; give one of them\n"
    nowhere = CliRunner().invoke(main, args + ["--against", str(repo.root / "pnp")])
    assert nowhere.exit_code == 1 and "no card_data/ folder in" in nowhere.output


def test_against_a_project_without_the_simulation_names_that_project(repo, tmp_path):
    other = copy_games(tmp_path, "promotion", "standard_deck")
    shutil.rmtree(other.root / "card_data" / "promotion" / "rules")
    result = CliRunner().invoke(main, ["check", "promotion", "--games", "200", "--project", str(repo.root),
                                       "--against", str(other.root)])
    assert result.exit_code == 1
    assert result.output == (f"error: pnp check --against: no rules simulation for 'promotion' in {other.root}; "
                             "compare against a project folder whose game has a simulation\n")


# --- --precision ---------------------------------------------------------------------------------------------

def test_with_a_fine_precision_the_runs_beside_the_headline_stop_at_their_own(repo):
    report = check(repo, CheckOptions("toy", players=(2,), target=Target(precision=0.015), seed=5, policy="greedy",
                                      workers=1))
    fig = report.players[2]
    assert fig.play.games > 4_000 and fig.baseline is not None
    assert fig.baseline.precision == fig.ladder.rungs[0].precision == 0.03
    assert fig.baseline.play.games < fig.play.games / 3 and fig.ladder.rungs[0].games < fig.play.games / 3
    assert to_json(report_from_json(json.loads(to_json(report)))) == to_json(report)


def test_a_fixed_number_of_games_plays_every_run_to_it(repo):
    fig = check(repo, CheckOptions("toy", players=(3,), target=Target(450), seed=5, policy="greedy",
                                   workers=1)).players[3]
    assert fig.baseline is not None and fig.baseline.precision is None and fig.ladder.rungs[0].precision is None
    assert (fig.play.games, fig.baseline.play.games, fig.ladder.rungs[0].games) == (450, 450, 450)
    assert "precision" not in to_json(fig.baseline) and "precision" not in to_json(fig.ladder)


def test_precision_runs_until_every_seat_share_is_narrow_enough(repo):
    loose = check(repo, CheckOptions("toy", players=(3,), target=Target(precision=0.05), seed=5, policy="random",
                                     workers=1)).players[3].play
    tight = check(repo, CheckOptions("toy", players=(3,), target=Target(precision=0.02), seed=5, policy="random",
                                     workers=1)).players[3].play
    for play, precision in ((loose, 0.05), (tight, 0.02)):
        assert play.games % 200 == 0
        assert all((s.won.high - s.won.low) / 2 <= precision for s in play.seat_advantage.seats)
    assert 200 <= loose.games < tight.games <= 200_000


def test_same_seed_same_json_for_one_and_two_workers_in_both_modes(repo, planted):
    for target in (Target(450), Target(precision=0.04)):
        one = check(repo, CheckOptions("toy", players=(2, 3), target=target, seed=5, policy="greedy", workers=1))
        two = check(repo, CheckOptions("toy", players=(2, 3), target=target, seed=5, policy="greedy", workers=2))
        assert to_json(one) == to_json(two)
        assert one.players[2].baseline is not None
    one = check(repo, CheckOptions("toy", players=(3,), target=Target(precision=0.05), seed=3, policy="greedy",
                                   workers=1, against=planted.root))
    two = check(repo, CheckOptions("toy", players=(3,), target=Target(precision=0.05), seed=3, policy="greedy",
                                   workers=2, against=planted.root))
    assert to_json(one) == to_json(two) and one.players[3].against is not None


def test_default_run_stops_at_the_default_precision_and_labels_the_baseline(repo, tmp_path):
    out = tmp_path / "toy.json"
    result = CliRunner().invoke(main, ["check", "toy", "--players", "2", "--json", str(out),
                                       "--project", str(repo.root)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["precision"] == 0.03 and report["games"] is None and report["policy"] == "greedy"
    fig = report["players"]["2"]
    assert all((s["high"] - s["low"]) / 2 <= 0.03 for s in fig["seat_advantage"]["seats"])
    baseline, skill = fig["baseline"], fig["ladder"]["rungs"][0]
    assert baseline["policy"] == "random" and baseline["precision"] == skill["precision"] == 0.03
    assert all((s["high"] - s["low"]) / 2 <= 0.03 for s in baseline["seat_advantage"]["seats"])
    assert skill["player"] == "greedy" and (skill["won"]["high"] - skill["won"]["low"]) / 2 <= 0.03
    assert f"baseline: random play (not the headline), {baseline['games']:,} games to +-3 pt --" in result.output
    assert re.search(rf"greedy \(1 seat\) vs random \(1 seat\): wins .* of {skill['games']:,} games "
                     r"\(fair 50.0%; played to \+-3 pt\)", result.output)
    assert "--precision 0.03 --seed 1 --policy greedy" in result.output


def test_the_report_draws_intervals_flags_and_the_comparison(compared, tmp_path):
    from conftest import poppler

    from pnp.check.charts.pages import write_report
    out = tmp_path / "compared.pdf"
    write_report(out, compared)
    texts = poppler("pdftotext", "-layout", str(out), "-").split("\f")[:-1]
    assert "uneven win_side.*" in texts[0] and "uneven win_side.*" in texts[1]
    cards = sum(": card " in name for name in compared.against.changed)
    assert (f"{len(compared.against.changed) - cards} figure(s) and {cards} card impact(s) changed against the other "
            "project") in texts[0]
    figures, cards, changes = texts[2], texts[3], texts[4]
    assert "Win side: uneven" in figures and "mean per game, 95% intervals · win_side.*" in figures
    assert "promotion: 4 players, per-card impact" in cards and "King of Hearts · cards 27" in cards
    assert "what changed against the other project" in changes
    assert "figure.win_side.1" in changes and "corrected p" in changes and "95% interval" in changes
