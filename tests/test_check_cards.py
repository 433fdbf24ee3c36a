"""Per-card impact: sums and tests by hand, what the games declare, planted cards found, the error rate kept."""

from __future__ import annotations

import dataclasses
import json
import math

import pytest
from cardtoy import CARDS
from cardtoy import SPEC as LOTTERY
from click.testing import CliRunner
from conftest import copy_games, edit_rows, poppler

from pnp.check.checker import check, to_json
from pnp.check.discovery.registry import spec_for
from pnp.check.figures import card_changes
from pnp.check.figures.cards import ALPHA, CardImpacts, card_impact, corrected, moments
from pnp.check.figures.compare import play_moments
from pnp.check.options import CheckOptions, Target
from pnp.check.play.cardsums import NW, SKEW, SPREAD, CardSums, H, N, card_sums, draw_skew, draw_variance
from pnp.check.play.chunks import reduce_figures
from pnp.check.play.game import game_seed, play
from pnp.check.play.paired import play_pairs
from pnp.check.play.runs import Plan, play_plan
from pnp.check.report import report_from_json
from pnp.check.stats.impact import contrast, draw_p, estimate, quadratic
from pnp.check.stats.inference import difference, holm
from pnp.check.stats.paired import mcnemar_p
from pnp.check.text.report import render_text
from pnp.cli.main import main
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold
from pnp.sim import CardEvents, CardLog, PrintedCard, printed_cards, random_policy, read_component

A, B, C = (PrintedCard("card_data/x/cards.csv", row, name) for row, name in ((2, "A"), (3, "B"), (4, "C")))


# --- the sums and the statistics, by hand ---------------------------------------------------------------------

def test_card_sums_and_impact_by_hand():
    # game 1: seat 1 holds A and B, seat 2 holds B, seat 1 wins; game 2: seat 1 holds A, seat 2 C, a tie.
    sums = card_sums([(CardEvents(held=[[A, B, B], [B]]), [0]), (CardEvents(held=[[A], [C]]), [0, 1])], 2)
    a = sums.cards[("held", A)]
    assert (a[N], a[H], sums.games, sums.won, sums.seen[A], sums.seen[B]) == (2, 1.5, 2, 2.0, 2, 1)  # B once a seat
    impact = card_impact(sums, A).events["held"]
    # holders win 1.5 of 2 seats, the others 0.5 of 2; per game d = +-0.25, so the variance is 2 x 0.125 = 0.25.
    assert (impact.with_card.share, impact.without_card.share, impact.difference) == (0.75, 0.25, 0.5)
    assert impact.low == pytest.approx(0.5 - 1.959964 * 0.5, abs=1e-5)
    assert impact.high == pytest.approx(0.5 + 1.959964 * 0.5, abs=1e-5)
    # within game 1 a random seat of two wins 1 or 0: variance 0.25; game 2's tie leaves no spread; no skew at 2.
    assert (a[SPREAD], a[SKEW], a[H] - a[NW] / 2) == (0.25, 0.0, 0.5)
    assert impact.p_value == pytest.approx(math.erfc(1 / math.sqrt(2)), abs=1e-6)
    assert not impact.tested and impact.flagged is None  # two games are too few to test
    c = card_impact(sums, C).events["held"]  # half a win in its one seat; 1.5 wins in the other 3
    assert (c.with_card.share, c.without_card.share, c.difference) == (0.5, 0.5, 0.0)


def test_drawn_seat_moments_match_the_hypergeometric():
    # one winner among 4 seats, 1 seat drawn: Bernoulli(1/4), variance 3/16, third cumulant 3/16 x 1/2.
    spread, skew = 3 / 16, (0.75 ** 3 + 3 * (-0.25) ** 3) / 4
    assert draw_variance(1, 4, spread) == pytest.approx(3 / 16)
    assert draw_skew(1, 4, skew) == pytest.approx(3 / 32)
    assert draw_skew(2, 4, skew) == 0 and draw_variance(4, 4, spread) == 0  # half the seats: symmetric; all: fixed
    assert draw_p(0.0, 1.0, 0.0) == 1.0 and draw_p(1.96, 1.0, 0.0) == pytest.approx(0.05, abs=1e-4)
    assert draw_p(3.0, 1.0, 0.3) > draw_p(3.0, 1.0, 0.0) > draw_p(-3.0, 1.0, 0.3)  # a long right tail: more likely


def test_mcnemar_exact_by_hand():
    assert mcnemar_p(5, 0) == pytest.approx(2 / 32)
    assert mcnemar_p(2, 10) == pytest.approx(2 * (1 + 12 + 66) / 4096)
    assert mcnemar_p(0, 0) == 1.0 and mcnemar_p(7, 7) == 1.0


def test_card_log_names_cards_by_file_and_row(tmp_path):
    project = copy_games(tmp_path, "ghost_couple")
    table = read_component(project, "ghost_couple", "cards")
    printed = printed_cards(table)
    assert len(printed) == 100 and printed[0] == printed[1]  # さくら is printed twice: one card, two ids
    assert str(printed[0]) == "さくら (card_data/ghost_couple/cards.csv row 2)"
    log = CardLog(2, ("held", "scored"))
    log.held(0, 0, 1, 2)
    log.scored(1, 2)
    events = log.events(printed, holding=[[], [3]])
    assert [set(seat) for seat in events.held] == [{printed[0], printed[2]}, {printed[3]}]
    assert events.scored == [[], [printed[2]]] and events.played is None
    with pytest.raises(ValueError, match="'held' and any of played, scored"):
        CardLog(2, ("played",))


# --- every game declares what every seat held -----------------------------------------------------------------

def _hands(game: str, state) -> list[list[int]]:
    """The card ids in each seat's hand (or in front of it) now."""
    if game == "eitsuku":
        return [roles + events for roles, events in zip(state.hand_roles, state.hand_events)]
    if game == "promotion":
        ids = state.data.value_ids
        return [[ids[suit][state.cards[p * 4 + suit]] for suit in range(4) if state.cards[p * 4 + suit]]
                for p in range(state.num_players)]
    return [list(hand) for hand in state.hands]


@pytest.mark.parametrize("game, players", [("eitsuku", 4), ("promotion", 4), ("eleusis", 4), ("ghost_couple", 3),
                                           ("ghost_couple_cards", 2), ("torite4to6", 4)])
def test_every_card_a_seat_had_in_hand_is_declared_held(repo, game, players):
    spec = spec_for(game, repo)
    data = spec.load(repo)
    for seed in range(4):
        seen: list[set[int]] = [set() for _ in range(players)]

        def watched(data, count, rng, seen=seen):
            state = spec.new_game(data, count, rng)
            check = state.check_invariants

            def look(state=state, check=check, seen=seen):
                for seat, hand in enumerate(_hands(game, state)):
                    seen[seat].update(hand)
                check()
            look()
            state.check_invariants = look
            return state
        game_record = play(dataclasses.replace(spec, new_game=watched), data, players, seed, [random_policy] * players)
        held = game_record.cards.held
        assert all({data.printed[card] for card in cards} <= set(held[seat]) for seat, cards in enumerate(seen))
        assert all(isinstance(card, PrintedCard) for seat in held for card in seat)


def one_deal(root) -> Project:
    """A `pnp new demo --rules` project whose match is a single deal: the luck of the deal decides."""
    scaffold(Project(root), "demo", rules=True)
    state = root / "card_data" / "demo" / "rules" / "state.py"
    text = state.read_text(encoding="utf-8")
    assert text.count("DEALS = 6 ") == 1
    state.write_text(text.replace("DEALS = 6 ", "DEALS = 1 "), encoding="utf-8")
    return Project(root)


def test_the_scaffold_declares_held_and_scored(tmp_path):
    scaffold(Project(tmp_path), "demo", rules=True)
    report = check(Project(tmp_path), CheckOptions("demo", players=(2,), target=Target(300), seed=1, policy="greedy",
                                                   workers=1))
    table = report.players[2].cards
    # The Potion, an item, stays out of every deal: no seat holds or scores it.
    assert table.kinds == ["held", "scored"] and [card.name for card in table.cards] == ["Spark", "Blaze", "Shield"]
    assert table.flagged() == []  # over the six deals of a match the luck of the deal evens out


def test_in_a_single_deal_the_card_that_takes_the_tricks_is_flagged(tmp_path):
    report = check(one_deal(tmp_path), CheckOptions("demo", players=(2,), target=Target(300), seed=1,
                                                    policy="greedy", workers=1))
    table = report.players[2].cards
    assert [card.name for card in table.ranked("held")] == ["Blaze", "Shield", "Spark"]
    assert table.ranked("held")[0].events["held"].flagged  # the highest card takes the tricks


# --- planted cards in a copy of Ghost Couple --------------------------------------------------------------------

def _planted(tmp_path_factory, points: str) -> Project:
    """A copy of Ghost Couple whose 墨染 (printed once, 2 points) is worth `points`."""
    project = copy_games(tmp_path_factory.mktemp("planted"), "ghost_couple", "standard_deck")

    def plant(rows):
        for row in rows:
            if row["id"] == "kasuri_0":
                row["points"] = points
        return rows
    edit_rows(project, "ghost_couple/cards.csv", plant)
    return Project(project.root)


def _impacts(project: Project, games: int) -> CardImpacts:
    """Per-card impact of greedy Ghost Couple games at 3 players, corrected."""
    results = play_plan(Plan(str(project.root), "ghost_couple", 3, 1, "greedy", games=games, cards=True), 1)
    table = corrected([CardImpacts.of(results.cards)])[0]
    assert table is not None
    return table


def test_a_planted_over_powered_card_ranks_first_and_is_flagged(tmp_path_factory):
    table = _impacts(_planted(tmp_path_factory, "7"), 600)  # 2 points raised to 7
    first = table.ranked("scored")[0]
    assert (first.name, first.row) == ("墨染", 13) and first.events["scored"].flagged
    assert first.events["scored"].difference > 0.3 and ("墨染" in dict((c.name, k) for c, k in table.flagged()))


def test_a_planted_useless_card_ranks_last(tmp_path_factory):
    table = _impacts(_planted(tmp_path_factory, "0"), 600)  # worth nothing, no event, no ability
    last = table.ranked("scored")[-1]
    assert (last.name, last.row) == ("墨染", 13) and last.events["scored"].difference < 0


# --- the error rate on cards that do nothing --------------------------------------------------------------------

def _binomial_upper_tail(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p)."""
    return sum(math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k, n + 1))


def test_cards_that_do_nothing_are_flagged_no_more_than_the_stated_rate():
    runs, games, flagged, p_values = 200, 200, 0, []
    for run in range(runs):
        results = reduce_figures([play(LOTTERY, None, 3, game_seed(run, i), [random_policy] * 3)
                                  for i in range(games)])
        table = CardImpacts.of(results.cards)
        p_values += [event.p_value for card in table.cards for event in card.events.values() if event.tested]
        flagged += bool(corrected([table])[0].flagged())
    assert len(p_values) > 40 * runs  # most of the 24 cards x 2 events are tested
    # Runs with any flag: no more than ALPHA (not significantly more, at the 1% level, in 200 runs).
    assert _binomial_upper_tail(flagged, runs, ALPHA) > 0.01, flagged
    # Each test's p-value is calibrated down to the tails Holm reaches.
    for level in (0.01, 0.001):
        share = sum(p < level for p in p_values) / len(p_values)
        assert share <= level + 3 * math.sqrt(level * (1 - level) / len(p_values)), (level, share)
    assert {PrintedCard(card.file, card.row, card.name) for card in table.cards} == set(CARDS)


# --- paired --against ---------------------------------------------------------------------------------------------

def test_paired_analysis_finds_a_planted_change_with_fewer_games_than_unpaired(repo, tmp_path_factory):
    planted = _planted(tmp_path_factory, "4")  # 2 points raised to 4: a small change
    games = 400
    plan = Plan(str(repo.root), "ghost_couple", 3, 1, "greedy", games=games, cards=True)
    pairs = play_pairs(plan, str(planted.root), 1)
    mine, theirs = pairs.mine.cards, pairs.theirs.cards
    rows = card_changes.corrected([card_changes.card_changes(mine, theirs, pairs.cards)])[0]
    found = [row for row in rows if row.changed]
    assert [(row.name, row.row, row.event) for row in found] == [("墨染", 13, "scored")]
    # The same games analysed as two independent samples: the change is not beyond noise.
    unpaired = []
    for row in rows:
        key = (row.event, PrintedCard(row.file, row.row, row.name))
        a, b = mine.cards[key], theirs.cards[key]
        ours, other = (estimate(s[N], s[H], 3, games, sums.won) for s, sums in ((a, mine), (b, theirs)))
        variance = (quadratic(ours.coef, moments(mine, a), ours.coef)
                    + quadratic(other.coef, moments(theirs, b), other.coef)) * games / (games - 1)
        unpaired.append((row, variance))
    tested = [(row, contrast(row.difference, variance).p_value) for row, variance in unpaired if row.tested]
    adjusted = dict(zip((id(row) for row, _ in tested), holm([p for _, p in tested])))
    planted_row = found[0]
    assert adjusted[id(planted_row)] > ALPHA  # unpaired: not found in these games
    paired_se = (planted_row.high - planted_row.low) / (2 * 1.959964)
    unpaired_se = math.sqrt(next(v for row, v in unpaired if row is planted_row))
    assert paired_se < unpaired_se / 1.3  # games needed go with the variance: under 0.6 of the unpaired games
    # A figure too: the mean score, paired t against Welch's two-sample interval on the same games.
    score = difference(play_moments(pairs.mine, 3)["score"], play_moments(pairs.theirs, 3)["score"])
    paired_score = pairs.figures["score"]
    n = games - int(paired_score[0])
    mean = paired_score[1] / n
    paired_score_se = math.sqrt((paired_score[2] - n * mean * mean) / (n - 1) / n)
    assert paired_score_se < (score.high - score.low) / (2 * 1.959964) / 2


def test_an_identical_copy_changes_no_card(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    one_deal(tmp_path / "a")  # cards a single deal tests
    one_deal(tmp_path / "b")
    report = check(Project(tmp_path / "a"), CheckOptions("demo", players=(2, 3), target=Target(300), seed=2,
                                                         policy="greedy", workers=1, against=tmp_path / "b"))
    for fig in report.players.values():
        assert fig.card_changes and all(row.difference == 0 and not row.changed for row in fig.card_changes)
        assert all(row.difference == 0 and row.p_value == 1 for row in fig.against.values())
    assert report.against.changed == []


# --- the report: text, JSON, PDF, and the same bytes for any workers ---------------------------------------------

@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Project:
    return one_deal(tmp_path_factory.mktemp("demo"))  # a single deal: cards beyond noise to report


def test_cards_in_text_json_and_pdf(demo, tmp_path):
    report = check(demo, CheckOptions("demo", players=(2,), target=Target(400), seed=1, policy="greedy", workers=1))
    text = render_text(report)
    assert "Cards: 3 printed cards, 3 beyond noise (every card in the JSON and the PDF report); " in text
    assert "  strongest (held):\n    Shield (card_data/demo/cards.csv row 4): held " in text
    assert "weakest" not in text  # three cards (the Potion is never dealt): every one is in the strongest five
    data = json.loads(to_json(report))
    cards = data["players"]["2"]["cards"]
    assert [card["row"] for card in cards["cards"]] == [2, 3, 4] and cards["kinds"] == ["held", "scored"]
    assert set(cards["cards"][0]["events"]["held"]) >= {"with_card", "without_card", "difference", "low", "high",
                                                        "p_value", "p_adjusted", "flagged", "tested"}
    assert report_from_json(data) == report
    out = tmp_path / "report.pdf"
    result = CliRunner().invoke(main, ["check", "demo", "--players", "2", "--games", "400", "--project",
                                       str(demo.root), "--report", str(out)])
    assert result.exit_code == 0, result.output
    pages = poppler("pdftotext", "-layout", str(out), "-").split("\f")
    cards_page = next(page for page in pages if "per-card impact" in page)
    assert all(f"{name} · cards {row}" in cards_page for name, row in (("Spark", 2), ("Shield", 4)))


def test_card_figures_are_the_same_bytes_for_one_and_two_workers(demo, tmp_path):
    scaffold(Project(tmp_path), "demo", rules=True)
    one = check(demo, CheckOptions("demo", players=(2, 3), target=Target(450), seed=4, policy="greedy", workers=1,
                                   against=tmp_path))
    two = check(demo, CheckOptions("demo", players=(2, 3), target=Target(450), seed=4, policy="greedy", workers=2,
                                   against=tmp_path))
    assert to_json(one) == to_json(two) and one.players[3].cards is not None


def test_one_chosen_cards_impact_is_the_tables(demo):
    results = play_plan(Plan(str(demo.root), "demo", 3, 1, "greedy", games=400, cards=True), 1)
    table = CardImpacts.of(results.cards)
    blaze = next(card for card in table.cards if card.name == "Blaze")
    assert card_impact(results.cards, PrintedCard(blaze.file, blaze.row, blaze.name)) == blaze


def test_games_without_card_events_report_none(repo, toy_entry_point):
    sums = CardSums(2)
    sums.add_game(None, [0])
    assert CardImpacts.of(sums) is None and sums.games == 1
    report = check(repo, CheckOptions("toy", players=(2,), target=Target(200), seed=1, policy="greedy", workers=1))
    assert report.players[2].cards is None and "cards" not in json.loads(to_json(report))["players"]["2"]
    assert "Cards:" not in render_text(report)
