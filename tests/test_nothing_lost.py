"""Nothing lost without a word: every row printed or left out on purpose, none swallowed, no :symbol: as text."""

from __future__ import annotations

import csv as csvmodule
import io
import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from market import ROWS, SPLIT, csv_text, market

from pnp.cli.main import main
from pnp.data.csvfile import read_csv
from pnp.errors import PnpError

CSV = "card_data/market/cards.csv"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def rows_with(**changes) -> str:
    """The deck's CSV with some cells changed: changes maps a card name to {column index: value}."""
    return csv_text([tuple(changes.get(row[0].replace(" ", "_"), {}).get(i, v) for i, v in enumerate(row))
                     for row in ROWS])


LEFT_OUT = ("correct the cells the where: tests, mark rows that are no cards in a skip column, or write "
            "selection: true beside a where: that leaves rows out on purpose")
OPEN_QUOTE = 'Wheat,goods,1,"Gain 1 :coin:.,4\nSalt,goods,2,"Gain 2 :coin:.",3\n'
BAD = [
    ("a type typed Goods", SPLIT, rows_with(Salt={1: "Goods"}),
     f"{CSV}: row 3: printed by no component: the where: of goods, fox and event leaves it out "
     f"(row 3: type 'Goods'); {LEFT_OUT}"),
    ("two rows typed wrong", SPLIT, rows_with(Salt={1: "Goods"}, Flood={1: "events"}),
     f"{CSV}: rows 3, 12: printed by no component: the where: of goods, fox and event leaves them out "
     f"(row 3: type 'Goods'; row 12: type 'events'); {LEFT_OUT}"),
    ("a quote left open swallows the next row", SPLIT, csv_text().replace(
        "Wheat,goods,1,Gain 1 :coin:.,4\nSalt,goods,2,Gain 2 :coin:.,3\n", OPEN_QUOTE),
     f"{CSV}: row 2: the quote (\") opening column text on line 2 of the file is not closed on that line, so line 3, "
     "which looks like a row of its own, is read into this cell; close the quote on line 2 (a cell that really "
     "spans several lines can write its line breaks as \\n)"),
    ("a quote left open swallows several rows", SPLIT, csv_text().replace("Gain 1 :coin:.", '"Gain 1 :coin:.'),
     f"{CSV}: row 2: the quote (\") opening column text on line 2 of the file is not closed on that line, so "
     "lines 3, 4, 5, 6, which look like rows of their own, are read into this cell; close the quote on line 2 (a "
     "cell that really spans several lines can write its line breaks as \\n)"),
    ("an unknown symbol", SPLIT, rows_with(Wheat={3: "Gain 1 :coins:."}),
     f"{CSV}: row 2, field text: unknown symbol :coins: (layouts/market/_base.yaml: elements[2] (text)); "
     "did you mean :coin:? the layout's symbols are :coin:; write \\: for a colon that starts no symbol"),
    ("a symbol no layout defines", SPLIT, rows_with(Flood={3: "Discard :goods: card."}),
     f"{CSV}: row 12, field text: unknown symbol :goods: (layouts/market/event.yaml: elements[2] (text)); "
     "the layout's symbols are :coin:; write \\: for a colon that starts no symbol"),
    ("selection without where", SPLIT.replace("where: \"type == 'event'\"", "selection: true"), csv_text(),
     "card_data/market/game.yaml: components[2].selection: selection: true, but there is no where: to select "
     "rows; add the where: expression that picks the rows, or remove selection:"),
    ("selection not true or false", SPLIT.replace("'event'\"", "'event'\", selection: yes please"), csv_text(),
     "card_data/market/game.yaml: components[2].selection: selection must be true or false, got 'yes please'; "
     "write selection: true beside a where: that leaves rows out on purpose"),
]


@pytest.mark.parametrize("manifest,csv,message", [case[1:] for case in BAD], ids=[case[0] for case in BAD])
def test_a_build_stops_with_one_line(tmp_path, manifest, csv, message):
    root = market(tmp_path, manifest, csv=csv)
    result = run("build", "market", "--project", str(root))
    assert (result.exit_code, result.stderr.splitlines()) == (1, [f"error: {message}"])
    assert not (root / "output").exists()


def test_the_split_deck_builds_every_row(tmp_path):
    root = market(tmp_path, SPLIT)
    result = run("build", "market", "--project", str(root))
    assert result.exit_code == 0, result.output
    assert "40 cards" in result.output


def test_a_skip_column_leaves_rows_out_of_the_print_and_the_check(tmp_path):
    skipped = csv_text([(*row, "") for row in ROWS]).replace("name,type,value,text,count", "name,type,value,text,"
                                                                                           "count,skip")
    skipped = skipped.replace("Salt,goods,2,Gain 2 :coin:.,3,", "Salt,goods,2,Gain 2 :coin:.,3,playtest only")
    skipped = skipped.replace("Silk,goods,3,Gain 3 :coin:.,3,", "Silk,goods,3,Gain 3 :coin:.,3,no")
    skipped = skipped.replace("Flood,event,0,Discard a goods card.,3,", "Flood,event,0,Discard a :typo:.,3,x")
    root = market(tmp_path, SPLIT, csv=skipped)
    result = run("build", "market", "--project", str(root))
    assert result.exit_code == 0, result.output
    assert "34 cards" in result.output  # Salt x3 and Flood x3 are not cards; a skip cell of 'no' keeps Silk
    listed = run("list", "--project", str(root)).output
    assert "  goods              13  card" in listed and "  event               9  card" in listed


def test_a_component_that_declares_a_selection_is_quiet(tmp_path):
    root = market(tmp_path, SPLIT.replace("'event'\"", "'event' and name != 'Flood'\", selection: true"))
    result = run("build", "market", "--project", str(root))
    assert result.exit_code == 0, result.output
    assert "37 cards" in result.output


def test_another_games_rows_taken_with_from_are_that_games_to_print(tmp_path):
    """A component taken with from: is a selection by nature; the shipped games reuse standard_deck this way."""
    root = market(tmp_path, SPLIT)
    (root / "card_data" / "mini").mkdir()
    (root / "card_data" / "mini" / "game.yaml").write_text(
        "components:\n  - {name: goods, from: market/goods, where: \"type == 'goods' and value > 2\"}\n")
    result = run("build", "mini", "--project", str(root))
    assert result.exit_code == 0, result.output
    assert "9 cards" in result.output  # Silk, Spice, Amber


@pytest.mark.parametrize("text", [
    'name,text,type,count\nRat,"Draw 2, then discard 1.\nIf you can\'t, lose.",goods,2\nOwl,x,fox,1\n',
    'name,count,text\nRat,2,"Line one\nLine two, more\nend"\nOwl,1,x\n',
    'name,type,value,text,count\nRat,goods,1,"One\nTwo, three, four\nfive",2\nOwl,fox,2,x,1\n',
    'name,text\nRat,"Say ""hi"",\nthen go"\nOwl,x\n',
])
def test_a_genuine_multi_line_cell_still_works(tmp_path, text):
    (tmp_path / "cards.csv").write_text(text, encoding="utf-8")
    table = read_csv(tmp_path / "cards.csv", "cards.csv")
    assert [row.values["name"] for row in table.rows] == ["Rat", "Owl"]
    assert "\n" in str(table.rows[0].values["text"]) and table.problems == ()


def test_proof_lists_all_three_and_goes_on(tmp_path):
    csv = rows_with(Salt={1: "Goods"}, Wheat={3: "Gain 1 :coins:."}).replace(
        "Flood,event,0,Discard a goods card.,3\nDrought,event,0,No one gains :coin: this turn.,3\n",
        'Flood,event,0,"Discard a goods card.,3\nDrought,event,0,"No one gains :coin: this turn.",3\n')
    root = market(tmp_path, SPLIT, csv=csv)
    result = run("proof", "market", "--project", str(root), "--strict")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert f"{CSV}:3: type: printed by no component: the where: of goods, fox and event leaves it out " \
           "(row 3: type 'Goods')" in lines
    assert f"{CSV}:12: text: the quote (\") opening column text on line 12 of the file is not closed on that line, " \
           "so line 13, which looks like a row of its own, is read into this cell" in lines
    assert f"{CSV}:2: text: unknown symbol :coins: (layouts/market/_base.yaml: elements[2] (text)); did you mean " \
           ":coin:? the layout's symbols are :coin:; write \\: for a colon that starts no symbol" in lines
    assert (root / "output/market/market-proof.pdf").exists()


def test_check_reports_all_three_instead_of_deck_integrity_ok(tmp_path):
    csv = rows_with(Salt={1: "Goods"}, Wheat={3: "Gain 1 :coins:."}).replace(
        "Flood,event,0,Discard a goods card.,3\nDrought,event,0,No one gains :coin: this turn.,3\n",
        'Flood,event,0,"Discard a goods card.,3\nDrought,event,0,"No one gains :coin: this turn.",3\n')
    root = market(tmp_path, SPLIT, csv=csv)
    result = run("check", "market", "--project", str(root), "--json", str(tmp_path / "r.json"))
    assert result.exit_code == 0, result.output
    assert "Deck integrity: 3 finding(s)" in result.stdout
    found = json.loads((tmp_path / "r.json").read_text())["integrity"]
    assert [line.split(": ")[1] for line in found] == ["row 12", "row 3", "row 2, field text"]
    assert all(f"  {line}" in result.stdout.splitlines() for line in found)


@pytest.mark.parametrize("game", ["eitsuku", "promotion", "eleusis", "ghost_couple", "torite4to6", "standard_deck"])
def test_every_row_of_the_shipped_games_is_printed(repo, game):
    """Eleusis and Promotion take standard_deck without jokers through from: and where:; that is quiet."""
    from pnp.check.printed import print_findings
    assert print_findings(repo, game) == []


def test_check_of_a_simulated_game_reports_them_before_its_own_findings(tmp_path):
    from conftest import copy_games
    project = copy_games(tmp_path, "eitsuku", layouts=True)
    path = project.root / "card_data/eitsuku/event.csv"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("最終得点", ":points:最終得点", 1), encoding="utf-8")
    result = run("check", "eitsuku", "--project", str(project.root), "--games", "10", "--players", "3", "--no-probe")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[2] == "Deck integrity: 1 finding(s)"
    assert lines[3].startswith("  card_data/eitsuku/event.csv: row ") and "unknown symbol :points: (" in lines[3]
    assert lines[3].endswith("the layout's symbols are :coin:; write \\: for a colon that starts no symbol")


WORDS = st.text("abcdefghij .!?'\"", min_size=1, max_size=12).filter(lambda w: w.strip())
PROSE = st.lists(st.lists(WORDS, min_size=1, max_size=3).map(", ".join), min_size=1, max_size=4).map("\n".join)
DECKS = st.lists(st.tuples(st.text("ABCDEFGH", min_size=1, max_size=6), PROSE, st.integers(0, 9)), min_size=1,
                 max_size=6)


def written(rows) -> str:
    out = io.StringIO()
    writer = csvmodule.writer(out, lineterminator="\n")
    writer.writerow(["name", "text", "count"])
    writer.writerows(rows)
    return out.getvalue()


@settings(max_examples=60, deadline=None)
@given(rows=DECKS)
def test_prose_written_by_a_spreadsheet_reads_back_whole(tmp_path_factory, rows):
    """Cells of several lines, commas in them: every row read back as written, nothing flagged."""
    path = tmp_path_factory.mktemp("csv") / "cards.csv"
    path.write_text(written(rows), encoding="utf-8")
    table = read_csv(path, "cards.csv")
    assert table.problems == ()
    assert [(r.values["name"], r.values["text"], r.values["count"]) for r in table.rows] == rows


@settings(max_examples=60, deadline=None)
@given(rows=DECKS.filter(lambda rows: len(rows) > 1), data=st.data())
def test_a_closing_quote_left_out_is_named_at_its_row(tmp_path_factory, rows, data):
    """Every text cell quoted; one loses its closing quote: the read stops at, or notes, the row it opens in."""
    rows = [(name, text + ", so", count) for name, text, count in rows]  # a comma: every text cell is quoted
    broken = data.draw(st.integers(0, len(rows) - 1))
    lines = written(rows).split("\n")
    start = 1 + sum(1 + row[1].count("\n") for row in rows[:broken])
    end = start + rows[broken][1].count("\n")
    lines[end] = lines[end][::-1].replace(',"', ",", 1)[::-1]  # the quote that closes the text cell
    path = tmp_path_factory.mktemp("csv") / "cards.csv"
    path.write_text("\n".join(lines), encoding="utf-8")
    try:
        problems = [problem.error() for problem in read_csv(path, "cards.csv").problems]
    except PnpError as exc:
        problems = [exc]
    assert [str(p.where) for p in problems] == [f"cards.csv: row {broken + 2}"]
    assert "quote" in problems[0].problem


def test_a_quoted_cell_of_line_breaks_alone_is_an_empty_row(tmp_path):
    (tmp_path / "cards.csv").write_text('name,kind,value,text,count\n"\n\n"\n', encoding="utf-8")
    table = read_csv(tmp_path / "cards.csv", "cards.csv")
    assert (table.rows, table.problems) == ((), ())
