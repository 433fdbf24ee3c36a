"""The deal-and-draw check: closed forms by hand, simulated figures against them, game.yaml errors, the CLI."""

from __future__ import annotations

import dataclasses
import json
from math import comb

import pytest
from click.testing import CliRunner
from conftest import poppler, replace_once
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from pnp.check.checker import check, deal_only_report, to_json
from pnp.check.deal.section import deal_spec_for, run_deal_check
from pnp.check.deal.shuffle import Deal, first_turns, longest_run
from pnp.check.figures.deal import DealSection, DeckFigures, DeckPart
from pnp.check.options import CheckOptions, Target
from pnp.check.report import report_from_json
from pnp.check.stats import exact
from pnp.cli.main import main
from pnp.errors import PnpError
from pnp.project.games import Project

GAME_YAML = "card_data/demo/game.yaml"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def write_check(project, check_yaml: str) -> None:
    """Replace the scaffold's check: section."""
    text = (project / GAME_YAML).read_text(encoding="utf-8")
    (project / GAME_YAML).write_text(text[:text.index("check:")] + check_yaml, encoding="utf-8")


def exact_figures(node):
    """Every figure carrying an exact value, anywhere in the report's JSON."""
    if isinstance(node, dict):
        if "exact" in node and "low" in node:
            yield node
        for value in node.values():
            yield from exact_figures(value)
    elif isinstance(node, list):
        for value in node:
            yield from exact_figures(value)


def test_closed_forms_against_hand_arithmetic():
    # 3 cards from the scaffold's 10, 6 of them attacks: no attack = C(4,3)/C(10,3) = 4/120
    assert exact.hand_at_most(10, 6, 3, 0) == pytest.approx(4 / 120)
    # Eitsuku's events: 2 from 60 with 8 得点追加系: 1 - C(52,2)/C(60,2) = 1 - 1326/1770
    assert exact.hand_at_least(60, 8, 2, 1) == pytest.approx(1 - 1326 / 1770)
    # 鳥手板 at 4 players: 10 from 60 with 12 purple, none: C(48,10)/C(60,10)
    assert exact.hand_at_most(60, 12, 10, 0) == pytest.approx(6540715896 / 75394027566)
    # 4 タイアップ among 60; by turn 1 a player has seen 3 cards: 1 - C(56,3)/C(60,3) = 1 - 27720/34220
    assert exact.seen_by(60, 4, 3) == pytest.approx(1 - 27720 / 34220)
    # one matching card of two, one card seen per turn: turn 0 or 1 alike, mean 0.5
    assert exact.first_seen_mean(2, 1, [1, 2]) == pytest.approx(0.5)
    assert exact.first_seen_mean(5, 0, [1, 2]) is None


@given(st.integers(1, 40), st.data())
def test_hypergeometric_tails_add_up(deck, data):
    matching = data.draw(st.integers(0, deck))
    hand = data.draw(st.integers(0, deck))
    k = data.draw(st.integers(0, hand + 1))
    assert sum(exact.hand_pmf(deck, matching, hand, j) for j in range(hand + 1)) == pytest.approx(1)
    assert exact.hand_at_least(deck, matching, hand, k) + exact.hand_at_most(deck, matching, hand, k - 1) \
        == pytest.approx(1)
    assert exact.hand_pmf(deck, matching, hand, min(k, hand)) == pytest.approx(
        comb(matching, min(k, hand)) * comb(deck - matching, hand - min(k, hand)) / comb(deck, hand))


def test_first_sightings_and_runs_by_hand():
    # 2 players, hands of 2 (dealt alternately: seat 1 gets places 0 and 2), then 1 card each per turn
    flags = [False, False, False, True, False, False, True, True]
    assert first_turns(flags, Deal(2, 2, 1, 2, ())) == [2, 0]
    assert first_turns(flags, Deal(2, 2, 1, 1, ())) == [None, 0]
    assert first_turns(flags, Deal(2, 2, 2, 2, ())) == [None, 0]  # 2 each per turn: places 4-5, then 8-9
    assert first_turns([False, False, False, True, False, True, False, True], Deal(2, 2, 2, 1, ())) == [1, 0]
    assert [longest_run(text) for text in ("", "a", "abc", "aabbbcb", "bbbb")] == [0, 1, 1, 3, 4]


def test_scaffold_deal_matches_the_exact_values(project):
    report = deal_only_report(Project(project), CheckOptions("demo", seed=7, workers=1))
    deal = report.deal
    assert deal.deck == DeckFigures(10, [DeckPart("cards", 10)])
    assert set(deal.players) == {2, 3, 4} and report.integrity == [] == deal.integrity
    two = deal.players[2]
    assert (two.hand, two.dealt, two.draw_pile, two.deals_evenly, two.left_if_all_dealt) == (3, 6, 4, True, 0)
    assert (deal.players[3].deals_evenly, deal.players[3].left_if_all_dealt) == (False, 1)
    no_attack = two.questions[0]
    assert no_attack.kind == "hand_has" and no_attack.player.exact == pytest.approx(4 / 120, abs=1e-6)
    defence = two.questions[1]
    assert defence.kind == "seen" and [t.cards_seen for t in defence.player.by_turn] == [3, 4, 5]
    figures = list(exact_figures(json.loads(to_json(deal))))
    assert len(figures) == 16
    for figure in figures:
        assert figure["low"] <= figure["exact"] <= figure["high"], figure
    run_mean = two.questions[2].mean
    assert run_mean.low < run_mean.mean < run_mean.high and run_mean.exact is None
    assert report_from_json(json.loads(to_json(report))) == report  # every question kind reads back


def test_same_json_for_one_and_two_workers(project, tmp_path):
    write_check(project, "check:\n  deck: [cards]\n  hand: 2\n  players: [3]\n  draw: 1\n  shuffles: 2500\n"
                         "  questions:\n    - {name: seen a Blaze, seen: \"name == 'Blaze'\"}\n"
                         "    - {name: runs, longest_run: kind, at_least: 3}\n")
    outs = []
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}.json"
        result = run("check", "demo", "--workers", workers, "--json", str(out), "--project", str(project))
        assert result.exit_code == 0, result.output
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    report = json.loads(outs[0])
    assert report["deal"]["shuffles"] == 2500 and report["deal"]["players"]["3"]["questions"][1]["mean"]["n"] == 2500


def test_new_project_is_checked_out_of_the_box(tmp_path):
    assert run("new", "probe", "--project", str(tmp_path)).exit_code == 0
    out = tmp_path / "out.json"
    result = run("check", "probe", "--project", str(tmp_path), "--json", str(out))
    assert result.exit_code == 0, result.output
    assert "no rules simulation; deck integrity and the deal-and-draw check" in result.output
    assert "a starting hand with no attack card (at most 0 of 6 cards matching, in a hand):" in result.output
    assert f"Reproduce: pnp check probe --seed 1 --project {tmp_path}" in result.output
    report = json.loads(out.read_text(encoding="utf-8"))
    kinds = [q["kind"] for q in report["deal"]["players"]["2"]["questions"]]
    assert kinds == ["hand_has", "seen", "longest_run"] and report["simulation"] is False


def test_a_component_with_no_cards_stops_the_check_as_it_stops_the_build(project):
    (project / "card_data/demo/extra.csv").write_text("name,kind,value,text,count\nx,item,1,-,0\n",
                                                          encoding="utf-8")
    (project / "layouts/demo/extra.yaml").write_text("extends: cards.yaml\n", encoding="utf-8")
    replace_once(project / GAME_YAML, "  - name: cards ", "  - name: extra\n  - name: cards ")
    with pytest.raises(PnpError) as error:
        deal_only_report(Project(project), CheckOptions("demo", seed=1, workers=1))
    assert error.value.render() == ("card_data/demo/extra.csv: the component has no cards (no rows, or every count "
                                    "is 0); add rows below the header, or leave the component out of game.yaml")


def test_findings_for_what_cannot_be_dealt(project):
    write_check(project, "check:\n  deck: [cards, {component: cards, where: \"value > 5\"}]\n  hand: {2: 5, 3: 4}\n"
                         "  questions:\n    - {name: none, hand_has: \"kind == 'spell'\"}\n")
    report = deal_only_report(Project(project), CheckOptions("demo", seed=1, workers=1))
    assert report.integrity == []
    assert report.deal.integrity == [
        "card_data/demo/game.yaml: check.deck[1]: cards gives no card to the deck",
        "card_data/demo/game.yaml: check.hand: 3 players x 4 cards = 12, but the deck has 10 cards",
        "card_data/demo/game.yaml: check.questions[0].hand_has: no card in the deck matches, so the answer is certain"]
    assert list(report.deal.players) == [2]


@pytest.mark.parametrize("section,message", [
    ("check:\n  deck: [cards]\n  hand: 2\n  players: [2]\n  shufles: 100\n",
     "check: unknown key 'shufles'; did you mean 'shuffles'?"),
    ("check:\n  deck: [cards]\n  hand: 2\n", "check: players is missing; add players: [2, 3, 4], or give hand: per "
                                             "player count"),
    ("check:\n  hand: 2\n  players: [2]\n", "check: deck is missing; add deck: (see the README, "
                                            "'Deal-and-draw check')"),
    ("check:\n  deck: [card]\n  hand: 2\n  players: [2]\n",
     "check.deck[0].component: no component 'card' in this game; components: cards"),
    ("check:\n  deck: [{component: cards, wher: x}]\n  hand: 2\n  players: [2]\n",
     "check.deck[0]: unknown key 'wher'; did you mean 'where'?"),
    ("check:\n  deck: [cards]\n  hand: 2\n  players: [2]\n  shuffles: 5000000\n",
     "check.shuffles: must be a whole number from 100 to 100000, got 5000000; write a number from 100 to 100000"),
    ("check:\n  deck: [cards]\n  hand: 2\n  players: [2, 40]\n",
     "check.players: must be a whole number from 1 to 12, got 40; write a number from 1 to 12"),
    ("check:\n  deck: [cards]\n  hand: {2: 3}\n  players: [2, 3]\n",
     "check.hand: the player counts of hand and players differ; give a hand size for every player count in "
     "players:, or leave players: out"),
    ("check:\n  deck: [cards]\n  hand: 2\n  players: [2]\n  questions:\n    - {name: q, hand_hs: \"x\"}\n",
     "check.questions[0]: unknown key 'hand_hs'; did you mean 'hand_has'?"),
    ("check:\n  deck: [cards]\n  hand: 2\n  players: [2]\n  questions:\n    - {name: q, seen: \"kind == 1\", "
     "at_least: 2}\n", "check.questions[0].at_least: seen takes no bound; drop this key"),
    ("check:\n  deck: [cards]\n  hand: 2\n  players: [2]\n  questions:\n    - {name: q, seen: \"kinds == 1\"}\n",
     "check.questions[0].seen: unknown column 'kinds' (columns in the deck: count, kind, name, text, value); "
     "did you mean 'kind'? add the column to the CSV or fix the template"),
    ("check:\n  deck: [cards]\n  hand: 2\n  players: [2]\n  questions:\n    - {name: q, seen: \"kind ==\"}\n",
     "check.questions[0].seen: invalid expression: unexpected 'end of template'; fix the Jinja2 syntax"),
    ("check:\n  deck: [cards]\n  hand: 2\n  players: [2]\n  questions:\n    - {name: q, seen: x}\n"
     "    - {name: q, hand_has: x}\n", "check.questions[1].name: the name 'q' is used twice; give every question "
                                       "its own name"),
])
def test_bad_check_sections(project, section, message):
    write_check(project, section)
    result = run("check", "demo", "--project", str(project))
    assert result.exit_code == 1
    assert result.output == f"error: {GAME_YAML}: {message}\n"


@pytest.mark.parametrize("option", [["--games", "500"], ["--precision", "0.01"], ["--against", "."]])
def test_simulation_options_are_refused_without_a_simulation(project, option):
    result = run("check", "demo", *option, "--project", str(project))
    assert result.exit_code == 2
    assert result.output == (f"error: pnp check: {option[0]} needs a rules simulation, and demo has none; leave it "
                             "out: the deal-and-draw check takes its shuffles from check: in game.yaml\n")


def test_deal_only_usage(project, tmp_path):
    bad = run("check", "demo", "--players", "5", "--project", str(project))
    assert bad.exit_code == 2
    assert bad.output == ("error: pnp check --players: demo deals for 2, 3, 4 players, not 5; choose a player count "
                          "listed under check:\n")
    chart = run("check", "demo", "--report", str(tmp_path / "r.pdf"), "--project", str(project))
    assert chart.exit_code == 0, chart.output
    assert len(PdfReader(tmp_path / "r.pdf").pages) == 1
    text = poppler("pdftotext", "-layout", str(tmp_path / "r.pdf"), "-")
    assert "demo: deal-and-draw" in text and "deck integrity OK" in text
    assert "a starting hand with no attack card" in text and "exact 3.3%" in text
    assert f"Reproduce: pnp check demo --seed 1 --project {project}" in text
    write_check(project, "")
    plain = run("check", "demo", "--project", str(project))
    assert plain.exit_code == 0 and "Deck integrity: OK" in plain.output
    assert "No deal-and-draw check: add a check: section to game.yaml" in plain.output


def test_a_simulated_game_gets_its_deal_section_too(repo):
    report = check(repo, CheckOptions("torite4to6", players=(4,), target=Target(20), seed=3, policy="random",
                                      workers=1))
    assert report.players[4].play.games == 20
    four = report.deal.players[4]
    assert (four.hand, four.draw_pile, four.deals_evenly) == (10, 20, True)
    no_trump = four.questions[0]
    assert no_trump.matching == 12
    assert no_trump.player.exact == pytest.approx(comb(48, 10) / comb(60, 10), abs=1e-6)
    assert list(report.deal.players) == [4]
    eitsuku = dataclasses.replace(deal_spec_for(repo, "eitsuku"), shuffles=2500)
    section = DealSection.of(run_deal_check(repo, "eitsuku", eitsuku, [3], 2, 1))
    seen = section.players[3].questions[2].player
    assert [t.cards_seen for t in seen.by_turn] == list(range(2, 15))
    assert section == DealSection.of(run_deal_check(repo, "eitsuku", eitsuku, [3], 2, 2))


def test_hand_all_deals_the_whole_deck_and_work_is_bounded(project):
    write_check(project, "check:\n  deck: [cards]\n  hand: all\n  players: [3, 5]\n  shuffles: 200\n"
                         "  questions:\n    - {name: two attacks, hand_has: \"kind == 'attack'\", at_least: 2}\n")
    deal = deal_only_report(Project(project), CheckOptions("demo", seed=1, workers=1)).deal.players
    assert [(f.hand, f.dealt, f.draw_pile, f.left_if_all_dealt) for f in deal.values()] == \
        [(3, 9, 1, 1), (2, 10, 0, 0)]
    # 5 players get 2 of the 10 cards, 6 of them attacks; both attacks: C(6,2) / C(10,2) = 15/45
    assert deal[5].questions[0].player.exact == pytest.approx(15 / 45, abs=1e-6)
    (project / "card_data/demo/cards.csv").write_text("name,kind,value,text,count\nx,item,1,-,1000\n",
                                                      encoding="utf-8")
    write_check(project, "check:\n  deck: [cards]\n  hand: 2\n  players: [2]\n  shuffles: 50000\n")
    result = run("check", "demo", "--project", str(project))
    assert result.exit_code == 1
    assert result.output == ("error: card_data/demo/game.yaml: check.shuffles: 50000 shuffles of 1000 cards is more "
                             "than 20,000,000 cards to shuffle; use at most 20000 shuffles for this deck\n")
