"""Every row accounted for: a short row, a row two components print, a where: that keeps nothing, a game with no
cards and markup left open in a cell each stop the build with one line naming the file and the row or key."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pnp.cli.main import main
from pnp.data.read import read_table
from pnp.data.workbook_write import write_workbook
from pnp.project.games import Project

CSV = "card_data/demo/cards.csv"
MANIFEST = "card_data/demo/game.yaml"
SPARK = "Spark,attack,1,Deal **1** damage.,4"
SHIELD = "Shield,defence,2,Prevent the next {blue|2} damage.,3"
CARDS = "  - name: cards "
ATTACKS = "  - {name: attacks, data: cards.csv, layout: cards.yaml, where: \"kind == 'attack'\"%s}\n"
TWICE = ("give each row to one component with a where: on each, or write shares_rows: true on a component that "
         "prints them again on purpose")
SHORT = ("4 cells but 5 columns (name, kind, value, text, count): 1 cell is missing, so the cells after it would sit "
         "under the wrong columns; write every cell with its comma, an empty one too: 4 commas a row")
NO_COMPONENTS = "lists no components, and the folder holds no CSV file; list them under components:, e.g. " \
                "'- {name: cards, data: cards.csv}'"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def edit(root, name: str, old: str, new: str) -> None:
    path = root / name
    text = path.read_text(encoding="utf-8")
    assert old in text, (name, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def add_component(root, line: str) -> None:
    """List one more component after the demo's cards."""
    edit(root, MANIFEST, "check:", f"{line}check:")


def empty_game(root, manifest: str | None = None, book: bool = False) -> None:
    """A card_data/empty/ folder: nothing in it, a game.yaml, or a workbook the naming conventions do not read."""
    folder = root / "card_data" / "empty"
    folder.mkdir()
    if manifest is not None:
        (folder / "game.yaml").write_text(manifest, encoding="utf-8")
    if book:
        write_workbook(folder / "cards.xlsx", "Cards", [["name", "count"], ["Spark", 2]])


CASES = [
    ("a row with a cell left out", "demo", lambda p: edit(p, CSV, SPARK, "Spark,attack,1,4"), f"{CSV}: row 2: {SHORT}"),
    ("a row with two cells left out", "demo", lambda p: edit(p, CSV, SHIELD, "Shield,defence,3"),
     f"{CSV}: row 4: 3 cells but 5 columns (name, kind, value, text, count): 2 cells are missing, so the cells "
     "after them would sit under the wrong columns; write every cell with its comma, an empty one too: 4 commas a row"),
    ("a row with more cells than columns", "demo", lambda p: edit(p, CSV, SPARK, SPARK + ",x"),
     f"{CSV}: row 2: 6 cells but only 5 columns; quote cells that contain commas, or add a column name"),
    ("a where: beside a component that prints every row", "demo", lambda p: add_component(p, ATTACKS % ""),
     f"{CSV}: rows 2, 3: printed twice, by components cards (every row) and attacks (where: kind == 'attack'); "
     f"{TWICE}"),
    ("two where:s that overlap", "demo", lambda p: (
        edit(p, MANIFEST, CARDS, "  - name: cards\n    where: \"kind != 'item'\"\n   "),
        add_component(p, "  - {name: items, data: cards.csv, layout: cards.yaml, where: \"value < 1 or name == "
                         "'Shield'\"}\n")),
     f"{CSV}: row 4: printed twice, by components cards (where: kind != 'item') and items (where: value < 1 or "
     f"name == 'Shield'); {TWICE}"),
    ("a where: with a typo", "demo", lambda p: add_component(
        p, "  - {name: attacks, data: cards.csv, layout: cards.yaml, where: \"kind == 'atack'\", shares_rows: true}\n"),
     f"{MANIFEST}: components[1].where: the where: of component attacks, kind == 'atack', keeps none of the 4 rows "
     f"of {CSV} (kind holds 'attack', 'defence', 'item'); did you mean 'attack'?"),
    ("a where: no value is close to", "demo", lambda p: edit(
        p, MANIFEST, CARDS, "  - name: cards\n    where: \"value > 5 and kind == 'spell'\"\n   "),
     f"{MANIFEST}: components[0].where: the where: of component cards, value > 5 and kind == 'spell', keeps none of "
     f"the 4 rows of {CSV} (kind holds 'attack', 'defence', 'item'; value holds 1, 3, 2, 0); test values the rows "
     "hold, or leave the component out of game.yaml"),
    ("an empty game folder named", "empty", empty_game,
     "card_data/empty: the game has no cards: the folder holds no game.yaml and no CSV file; add a CSV file with a "
     "header row and a row per card, or remove the folder"),
    ("a game.yaml that lists no components", "empty", lambda p: empty_game(p, "title: Empty\n"),
     f"card_data/empty/game.yaml: {NO_COMPONENTS}"),
    ("a workbook without a game.yaml", "empty", lambda p: empty_game(p, book=True),
     "card_data/empty: no component reads cards.xlsx: without components listed in game.yaml, only files named "
     "*.csv are read; list it in game.yaml: 'components: [{name: cards, data: cards.xlsx}]'"),
    ("a workbook without a game.yaml, every game built", "", lambda p: empty_game(p, book=True),
     "card_data/empty: no component reads cards.xlsx: without components listed in game.yaml, only files named "
     "*.csv are read; list it in game.yaml: 'components: [{name: cards, data: cards.xlsx}]'"),
    ("bold left open", "demo", lambda p: edit(p, CSV, "Deal **1** damage.", "Deal **1 damage."),
     f"{CSV}: row 2, column text: bold '**' opens at character 6 and never closes, so the rest of the text prints "
     "bold; close it with '**', or write \\** for asterisks"),
    ("a colour left open", "demo", lambda p: edit(p, CSV, "{blue|2}", "{blue|2"),
     f"{CSV}: row 4, column text: colour '{{blue|' opens at character 18 and never closes, so the rest of the text "
     "prints in that colour; close it with '}', or write \\{ for a brace"),
    ("a colour left open around a closed one", "demo", lambda p: edit(p, CSV, "{blue|2}", "{blue|2 {red|x}"),
     f"{CSV}: row 4, column text: colour '{{blue|' opens at character 18 and never closes, so the rest of the text "
     "prints in that colour; close it with '}', or write \\{ for a brace"),
]


@pytest.mark.parametrize("game,change,message", [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_a_build_stops_with_one_line(project, game, change, message):
    change(project)
    result = run("build", *([game] if game else []), "--project", str(project))
    assert (result.exit_code, result.stderr.splitlines()) == (1, [f"error: {message}"])
    assert "Traceback" not in result.output and not (project / "output").exists()


GOOD = [
    ("empty cells written after the last column", lambda p: edit(p, CSV, SPARK, SPARK + ",,"), 10),
    ("a component that shares rows on purpose", lambda p: add_component(p, ATTACKS % ", shares_rows: true"), 16),
    ("escaped markup", lambda p: edit(p, CSV, "Deal **1** damage.", "Deal \\** and \\{blue| 1 damage."), 10),
    ("a stray closing brace", lambda p: edit(p, CSV, "{blue|2}", "{blue|2}}"), 10),
    ("an empty folder beside the game, every game built", empty_game, 10),
]


@pytest.mark.parametrize("change,cards", [case[1:] for case in GOOD], ids=[case[0] for case in GOOD])
def test_what_is_meant_still_builds(project, tmp_path_factory, change, cards):
    change(project)
    result = run("build", "--project", str(project), "--out", str(tmp_path_factory.mktemp("out")))
    assert result.exit_code == 0, result.output
    assert f"{cards} cards" in result.output


def test_shares_rows_must_be_true_or_false(project):
    add_component(project, ATTACKS % ", shares_rows: maybe")
    result = run("build", "--project", str(project))
    assert result.stderr.splitlines() == [f"error: {MANIFEST}: components[1].shares_rows: must be true or false, "
                                          "got 'maybe'; write shares_rows: true or shares_rows: false"]


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_a_workbook_row_without_its_trailing_empty_cells_reads_whole(tmp_path, suffix):
    """A spreadsheet stores no empty cells after a row's last value: such rows are whole, not short."""
    path = tmp_path / f"cards{suffix}"
    write_workbook(path, "Cards", [["name", "kind", "text", "count"], ["Spark", "attack", "Deal 1.", 2],
                                   ["Blaze", "attack"], ["Owl"]])
    table = read_table(path, path.name)
    assert [(row.values["name"], row.values["kind"], row.values["text"], row.count) for row in table.rows] == [
        ("Spark", "attack", "Deal 1.", 2), ("Blaze", "attack", "", 1), ("Owl", "", "", 1)]


def test_proof_lists_open_markup_and_doubled_rows(project):
    edit(project, CSV, "Deal **1** damage.", "Deal **1 damage.")
    add_component(project, ATTACKS % "")
    result = run("proof", "demo", "--project", str(project))
    lines = result.stdout.splitlines()
    assert f"{CSV}:2: text: bold '**' opens at character 6 and never closes, so the rest of the text prints bold" \
           in lines
    assert f"{CSV}:2: where: printed twice, by components cards (every row) and attacks (where: kind == 'attack') " \
           "(also row 3)" in lines


@pytest.mark.parametrize("game", ["eitsuku", "eleusis", "ghost_couple", "promotion", "standard_deck", "torite4to6"])
def test_every_shipped_game_loads_as_a_build_reads_it(repo, game):
    """A build stops at each of these; the shipped games print every row once, with no markup left open."""
    loaded = Project(repo.root).load_game(game)
    assert loaded.problems == () and sum(c.card_count for c in loaded.components) > 0


def test_a_shipped_game_still_builds(repo, tmp_path):
    result = run("build", "standard_deck", "--project", str(repo.root), "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "Built 1 game(s): 54 cards" in result.output
