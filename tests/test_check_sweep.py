"""`pnp check --vary`: a cell played at each value on the same seeds, its figures' response, the balance, the charts."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner
from conftest import poppler
from weighttoy import write_weights

from pnp.check.checker import check, to_json
from pnp.check.options import CheckOptions, Target
from pnp.check.play import chunks, paired
from pnp.check.report import report_from_json
from pnp.check.text.report import render_text
from pnp.cli.main import main
from pnp.project.games import Project

CELL = "card_data/weights/cards.csv:2:value=0..3"


@pytest.fixture(scope="module")
def weights(tmp_path_factory) -> Project:
    root = tmp_path_factory.mktemp("weights")
    write_weights(root)
    return Project(root)


@pytest.fixture(scope="module")
def swept(weights):
    return check(weights, CheckOptions("weights", players=(3,), target=Target(400), seed=1, policy="greedy",
                                       workers=1, vary=(CELL,)))


def test_a_card_whose_value_drives_winning_responds_monotonely_and_balances_at_its_fair_value(swept):
    sweep = swept.players[3].sweeps[0]
    cell = sweep.cells[0]
    assert (cell.name, cell.row, cell.base, cell.event, sweep.games) == ("Ace", 2, "1", "held", 400)
    assert [value.value for value in cell.values] == ["0", "1", "2", "3"]
    impacts = [value.impact for value in cell.values]
    # Hand-checked: Ace is dealt in about half the games; its holder wins v / (v + 2) of them, the others share
    # the rest, and every seat of a game without it wins 1/3. Seats without Ace win (1 - v/(v+2) + 1/3 * 3) / 5.
    for v, impact in enumerate(impacts):
        expected = v / (v + 2) - (2 / (v + 2) + 1) / 5
        assert impact.low < expected < impact.high, (v, impact)
    assert impacts[0].with_card.share == 0  # worth nothing: its holder never wins
    assert [i.difference for i in impacts] == sorted(i.difference for i in impacts)
    assert cell.values[1].impact_change.difference == 0  # 1 is the file's own value: the same games
    assert all(change.difference == 0 for change in cell.values[1].seat_changes)
    assert (cell.balance.rule, cell.balance.value, cell.balance.figure) == ("fair", "1", "held impact")
    assert cell.balance.low < 0 < cell.balance.high


def test_the_sweep_in_text_and_json(swept):
    text = render_text(swept)
    assert ("== Sweep card_data/weights/cards.csv:2:value=0..3, 3 players: 400 games a value, the same seeds for "
            "every value, each compared game by game with the file as it is ==") in text
    assert "  value = 0: seat 1 " in text and "; held -40.0 pt [" in text
    assert "  balance (fair: the card's holders win their fair share): 1, held impact " in text
    data = json.loads(to_json(swept))
    sweep = data["players"]["3"]["sweeps"][0]
    assert sweep["cells"][0]["balance"]["value"] == "1" and sweep["games"] == 400
    assert report_from_json(data) == swept


def test_seats_balance_and_every_row_by_one(weights):
    report = check(weights, CheckOptions("weights", players=(3,), target=Target(200), seed=1, policy="greedy",
                                         workers=1, vary=("card_data/weights/cards.csv:*:value=±1",), balance="seats"))
    sweep = report.players[3].sweeps[0]
    assert len(sweep.cells) == 6 and all(cell.values[0].value == "0" and cell.values[1].value == "2"
                                         for cell in sweep.cells)
    assert all(cell.balance.rule == "seats" and cell.balance.target == pytest.approx(1 / 3, abs=1e-6)
               for cell in sweep.cells)
    ranking = sweep.ranking
    assert sorted(row.row for row in ranking) == [2, 3, 4, 5, 6, 7]
    # Every card is worth 1: raised by one it wins 50% against 30% for the rest (+20 pt), lowered 0% against 40%.
    assert all(0.2 < row.impact < 0.4 for row in ranking)
    assert [abs(row.impact) for row in ranking] == sorted((abs(row.impact) for row in ranking), reverse=True)
    assert "6 rows swept (each -1 and +1); ranked by the change of the card's own impact" in render_text(report)


def test_the_users_file_is_untouched_and_the_bytes_do_not_depend_on_the_workers(tmp_path):
    cards = write_weights(tmp_path)
    before = cards.read_bytes()
    stamp = cards.stat().st_mtime_ns
    vary = (CELL, "card_data/weights/cards.csv:*:value=±1")
    one = check(Project(tmp_path), CheckOptions("weights", players=(3,), target=Target(200), seed=3, policy="greedy",
                                                workers=1, vary=vary))
    two = check(Project(tmp_path), CheckOptions("weights", players=(3,), target=Target(200), seed=3, policy="greedy",
                                                workers=2, vary=vary))
    assert to_json(one) == to_json(two)
    assert cards.read_bytes() == before and cards.stat().st_mtime_ns == stamp
    assert sorted(p.name for p in cards.parent.iterdir()) == ["cards.csv", "game.yaml", "notes.csv", "rules"]


def test_the_report_draws_a_page_per_swept_cell(weights, tmp_path):
    out = tmp_path / "report.pdf"
    result = CliRunner().invoke(main, ["check", "weights", "--games", "200", "--project", str(weights.root),
                                       "--vary", CELL, "--vary", "card_data/weights/cards.csv:*:value=+-1",
                                       "--report", str(out)])
    assert result.exit_code == 0, result.output
    pages = poppler("pdftotext", "-layout", str(out), "-").split("\f")
    cell = next(page for page in pages if "sweep of Ace (card_data/weights/cards.csv row 2, value)" in page)
    assert all(title in cell for title in ("held impact of Ace", "game length", "seat 1 win share",
                                           "seat 3 win share"))
    ranked = next(page for page in pages if "cards ranked" in page)
    assert "impact change at -1" in ranked and "impact change at +1" in ranked
    assert "--vary card_data/weights/cards.csv:2:value=0..3" in cell


BAD = [
    ("nonsense", 2, "pnp check --vary: 'nonsense' is not FILE:ROW:COLUMN=VALUES; write FILE:ROW:COLUMN=V1,V2,... "
                    "(values, A..B or ±N), e.g. card_data/mygame/cards.csv:3:points=1..7"),
    ("card_data/weights/cards.csv:*:value=1,2", 2,
     "pnp check --vary: 'card_data/weights/cards.csv:*:value=1,2': every row (*) takes ±N, each row's value minus N "
     "and plus N; write for example card_data/mygame/cards.csv:*:points=±1"),
    ("card_data/weights/cards.csv:2:value=1..60", 2,
     "pnp check --vary: '1..60' in 'card_data/weights/cards.csv:2:value=1..60' is no range of at most 50 values; "
     "write A..B with A at most B, e.g. 1..7"),
    ("card_data/weights/cards.csv:2:value=" + ",".join(map(str, range(51))), 2,
     "asks for 51 values, more than the limit of 50; sweep fewer values at once"),
    ("card_data/weights/cards.csv:2:value=1,1", 2,
     "pnp check --vary: 'card_data/weights/cards.csv:2:value=1,1' names the value 1 twice; name each value once"),
    ("card_data/weights/cards.csv:2:value=±1,2", 2, "±N stands alone, with N from 1 to 1000"),
    ("card_data/weights/nope.csv:2:value=1", 1,
     "pnp check --vary card_data/weights/nope.csv:2:value=1: no file 'card_data/weights/nope.csv' in the project; "
     "name a data file the simulation reads, relative to the project folder, e.g. card_data/weights/cards.csv"),
    ("card_data/weights/cards.csv:9:value=1", 1,
     "card_data/weights/cards.csv: no row 9 (card_data/weights/cards.csv:9:value=1); name a card's row as error "
     "messages count them (the header is row 1; the file has rows 2 to 7)"),
    ("card_data/weights/cards.csv:2:valeu=1", 1,
     "card_data/weights/cards.csv: row 1 (card_data/weights/cards.csv:2:valeu=1): no column 'valeu'; did you mean "
     "'value'? columns: name, value"),
    ("card_data/weights/cards.csv:2:name=±1", 1,
     "card_data/weights/cards.csv: row 2, column name: 'Ace' is not a whole number, so ±1 cannot vary it; vary it "
     "with a list of values instead"),
    ("card_data/weights/notes.csv:2:value=3", 1,
     "card_data/weights/notes.csv: row 2, column value: the weights simulation does not read this row; vary a row "
     "of a file the simulation reads (a card it deals)"),
    ("card_data/weights/cards.csv:2:value=x", 1,
     "card_data/weights/cards.csv: row 2, column value: the weights simulation cannot read 'x': ValueError: invalid "
     "literal for int() with base 10: 'x'; give a value the simulation reads"),
    ("../x.csv:2:value=1", 1, "'../x.csv' is outside the project folder"),
]


@pytest.mark.parametrize(("vary", "code", "message"), BAD)
def test_bad_vary_is_one_line(weights, vary, code, message):
    result = CliRunner().invoke(main, ["check", "weights", "--games", "10", "--project", str(weights.root),
                                       "--vary", vary])
    assert result.exit_code == code, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.output


def test_ghost_couple_one_card_and_every_card_by_one(repo):
    report = check(repo, CheckOptions("ghost_couple", players=(3,), target=Target(20), seed=1, policy="greedy",
                                      workers=2, vary=("card_data/ghost_couple/cards.csv:2:points=1,5",
                                                 "card_data/ghost_couple/cards.csv:*:points=±1")))
    one, every = report.players[3].sweeps
    assert one.cells[0].name == "さくら" and [v.value for v in one.cells[0].values] == ["1", "5"]
    assert one.cells[0].values[0].impact is not None and one.cells[0].balance is not None
    assert len(every.ranking) == len(every.cells) > 20 and "cards ranked" not in render_text(report)


def _count_games(monkeypatch) -> Counter:
    """Games played from here on, by the data they were played on and the run they belong to (in this process)."""
    played: Counter = Counter()
    real = chunks.play_chunk

    def counting(job, data=None):
        played[id(data.value) if data is not None else job.root, job.policy, job.greedy_seat] += job.stop - job.start
        return real(job, data)

    monkeypatch.setattr(chunks, "play_chunk", counting)
    monkeypatch.setattr(paired, "play_chunk", counting)
    return played


def test_a_sweep_plays_the_projects_games_once_for_all_its_values(weights, monkeypatch):
    played = _count_games(monkeypatch)
    check(weights, CheckOptions("weights", players=(3,), target=Target(400), seed=1, policy="greedy", workers=1,
                                vary=(CELL,)))
    headline = [games for (_, policy, seat), games in played.items() if policy == "greedy" and seat is None]
    # Each of the 4 values: 400 games. The project: the headline's 400, and the same 400 once more for the one
    # group the 4 values make on one worker (once per value, they would be 4 x 400 more).
    assert sorted(headline) == [400] * 4 + [800]


def test_against_plays_each_game_once_in_each_project(weights, tmp_path, monkeypatch):
    write_weights(tmp_path)
    played = _count_games(monkeypatch)
    check(weights, CheckOptions("weights", players=(3,), target=Target(300), seed=1, policy="greedy", workers=1,
                                against=tmp_path))
    headline = [games for (_, policy, seat), games in played.items() if policy == "greedy" and seat is None]
    skill = Counter()
    for (data, _policy, seat), games in played.items():
        if seat is not None:
            skill[data] += games
    assert headline == [300, 300] and sorted(skill.values()) == [300, 300]


@pytest.mark.parametrize("variants, chunks_, workers, size", [
    (1, 1, 1, 1), (4, 2, 1, 4), (7, 2, 2, 4), (58, 1, 2, 15), (58, 1, 8, 4), (3, 10, 8, 2), (400, 1, 64, 4)])
def test_variants_share_the_projects_games_in_groups_that_keep_every_worker_busy(variants, chunks_, workers, size):
    assert paired.variant_groups(variants, chunks_, workers) == size
