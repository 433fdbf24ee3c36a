"""Card data in .xlsx and .ods workbooks: read like CSV, with counts, from:, where:, sheets and exact messages."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import poppler
from conftest import replace_once as edit
from hypothesis import given, settings
from hypothesis import strategies as st
from python_calamine import CalamineWorkbook

from pnp.cli.main import main
from pnp.data.read import read_table
from pnp.data.workbook import cell_text
from pnp.data.workbook_write import write_workbook
from pnp.errors import PnpError
from pnp.project.games import Project
from pnp.scaffold.writer import example_rows, scaffold

MANIFEST = "card_data/demo/game.yaml"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def build(project: Path, *args: str):
    result = run("build", "demo", *args, "--project", str(project))
    assert result.exit_code == 0, result.output
    return project / "output" / "demo"


def workbook_project(tmp_path: Path, data_format: str) -> Path:
    scaffold(Project(tmp_path), "demo", data_format)
    return tmp_path


@pytest.mark.parametrize("data_format", ["xlsx", "ods"])
def test_a_workbook_scaffold_prints_the_same_pdfs_as_the_csv_one(tmp_path, data_format):
    csv_out = build(workbook_project(tmp_path / "csv", "csv"))
    book = workbook_project(tmp_path / data_format, data_format)
    assert (book / f"card_data/demo/cards.{data_format}").exists() and not (book / "card_data/demo/cards.csv").exists()
    book_out = build(book)
    for name in ("demo-a4.pdf", "print-shop/cards.pdf", "print-shop/cards-back.pdf"):
        assert (book_out / name).read_bytes() == (csv_out / name).read_bytes(), name


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_the_named_sheet_is_read_and_rows_are_numbered_as_the_spreadsheet_shows(tmp_path, suffix):
    path = tmp_path / f"cards{suffix}"
    write_workbook(path, "Cards", [["name", "count", "text"], ["A", 2, "two\nlines"], ["", "", ""], ["B", "", 7]])
    table = read_table(path, path.name)
    assert table.label == f"cards{suffix}: sheet Cards" and table.columns == ("name", "count", "text")
    assert [(row.number, row.count, row.values) for row in table.rows] == [
        (2, 2, {"name": "A", "count": 2, "text": "two\nlines"}), (4, 1, {"name": "B", "count": "", "text": 7})]
    with pytest.raises(PnpError) as error:
        read_table(path, path.name, sheet="Other")
    assert error.value.render() == (f"cards{suffix}: no sheet 'Other'; "
                                    "name one of its sheets in game.yaml (sheet: Cards)")


def test_a_manifest_names_the_sheet_and_where_and_from_work_as_with_csv(tmp_path):
    project = workbook_project(tmp_path, "xlsx")
    import xlsxwriter
    workbook = xlsxwriter.Workbook(str(project / "card_data/demo/cards.xlsx"))
    workbook.add_worksheet("notes").write(0, 0, "design notes, not cards")
    sheet = workbook.add_worksheet("cards")
    for number, row in enumerate(example_rows()):
        sheet.write_row(number, 0, row)
    workbook.close()
    edit(project / MANIFEST, "    sheet: cards",
         "    sheet: cards\n    where: \"kind == 'attack'\"\n    selection: true")
    out = build(project)
    assert poppler("pdfinfo", str(out / "print-shop/cards.pdf")).count("Pages:           6") == 1  # 4 Spark, 2 Blaze
    scaffold(Project(project), "other")
    edit(project / "card_data/other/game.yaml", "  - name: cards", "  - name: deck\n    from: demo/cards")
    result = run("list", "--project", str(project))
    assert "  deck                6  card    63x88 mm  with back" in result.output.splitlines()


BAD_CELLS = [
    ("count", lambda rows: rows[3].__setitem__(4, "three"),
     "card_data/demo/cards.xlsx: sheet cards: row 4, column count: count 'three' is not a whole number of copies; "
     "write 0 or a positive whole number"),
    ("header", lambda rows: rows[0].__setitem__(1, "name"),
     "card_data/demo/cards.xlsx: sheet cards: row 1: column 'name' appears twice; rename one of them"),
    ("extra cell", lambda rows: rows[2].append("stray"),
     "card_data/demo/cards.xlsx: sheet cards: row 3: a value in column F, which has no name in row 1; "
     "name the column in row 1, or clear the cell"),
]


@pytest.mark.parametrize("name,mutate,message", BAD_CELLS, ids=[case[0] for case in BAD_CELLS])
def test_errors_name_the_workbook_the_sheet_and_the_cell(tmp_path, name, mutate, message):
    project = workbook_project(tmp_path, "xlsx")
    rows = example_rows()
    mutate(rows)
    write_workbook(project / "card_data/demo/cards.xlsx", "cards", rows)
    result = run("build", "demo", "--project", str(project))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == f"error: {message}"


@pytest.mark.parametrize("setup,message", [
    (lambda p: edit(p / MANIFEST, "sheet: cards", "sheet: Cards"),
     "error: card_data/demo/cards.xlsx: no sheet 'Cards'; name one of its sheets in game.yaml (sheet: cards)"),
    (lambda p: (p / "card_data/demo/cards.xlsx").unlink(),
     "error: card_data/demo/cards.xlsx: file not found; create the workbook or fix its name in game.yaml"),
    (lambda p: (p / "card_data/demo/cards.xlsx").write_bytes(b"not a zip"),
     "error: card_data/demo/cards.xlsx: cannot read the workbook: "),
])
def test_bad_workbooks(tmp_path, setup, message):
    project = workbook_project(tmp_path, "xlsx")
    setup(project)
    result = run("build", "demo", "--project", str(project))
    assert result.exit_code == 1
    line = result.output.splitlines()[-1]
    assert line.startswith(message) and line.endswith("; save it again as .xlsx or .ods, or as CSV UTF-8") \
        if message.endswith("workbook: ") else line == message


def test_a_sheet_spanning_a_huge_grid_is_refused_before_it_is_read(tmp_path):
    import xlsxwriter
    project = workbook_project(tmp_path, "xlsx")
    workbook = xlsxwriter.Workbook(str(project / "card_data/demo/cards.xlsx"))  # a few kB on disk
    sheet = workbook.add_worksheet("cards")
    sheet.write_row(0, 0, ["name", "count"])
    sheet.write_row(1, 0, ["A", 1])
    sheet.write_string(1048575, 16383, "x")  # the last cell: read as a grid, 17 billion cells
    workbook.close()
    result = run("build", "demo", "--project", str(project))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        "error: card_data/demo/cards.xlsx: a sheet spans 16384 columns by 1048576 rows, more than the limit of "
        "1000000 cells; clear the cells far right of or below the cards (select them, Delete)")


def test_an_ods_table_repeating_a_filled_row_into_a_huge_grid_is_refused(tmp_path):
    import zipfile

    from pnp.data.workbook_write import FIXED_TIME, ODS_MANIFEST, ODS_MIME, ODS_NAMESPACES
    project = workbook_project(tmp_path, "ods")
    cell = '<table:table-cell office:value-type="string"{}><text:p>{}</text:p></table:table-cell>'
    rows = ("<table:table-row>" + cell.format("", "name") + "</table:table-row>"
            '<table:table-row table:number-rows-repeated="9000">'
            + cell.format(' table:number-columns-repeated="10000"', "x") + "</table:table-row>"
            '<table:table-row table:number-rows-repeated="1048000"><table:table-cell/></table:table-row>')
    content = (f"<office:document-content {ODS_NAMESPACES}><office:body><office:spreadsheet>"
               f'<table:table table:name="cards">{rows}</table:table></office:spreadsheet></office:body>'
               "</office:document-content>")
    with zipfile.ZipFile(project / "card_data/demo/cards.ods", "w") as archive:
        for name, data in (("mimetype", ODS_MIME), ("META-INF/manifest.xml", ODS_MANIFEST), ("content.xml", content)):
            archive.writestr(zipfile.ZipInfo(name, FIXED_TIME), data)
    result = run("build", "demo", "--project", str(project))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (  # the empty rows after the last filled one do not count
        "error: card_data/demo/cards.ods: a sheet spans 10000 columns by 9001 rows, more than the limit of "
        "1000000 cells; clear the cells far right of or below the cards (select them, Delete)")


def test_a_sheet_named_for_a_csv_file_is_an_error(project):
    (project / MANIFEST).write_text("components:\n  - {name: cards, sheet: Cards}\n", encoding="utf-8")
    result = run("build", "demo", "--project", str(project))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        "error: card_data/demo/game.yaml: components[0].sheet: sheet: names a sheet of a workbook, but "
        "card_data/demo/cards.csv is not one; remove sheet:, or name an .xlsx or .ods file under data:")


def test_proof_text_writes_the_table_as_xlsx_too(project):
    assert run("proof", "demo", "--project", str(project), "--text", str(project / "text.csv")).exit_code == 0
    assert run("proof", "demo", "--project", str(project), "--text", str(project / "text.xlsx")).exit_code == 0
    expected = list(csv.reader(io.StringIO((project / "text.csv").read_text(encoding="utf-8-sig"), newline="")))
    workbook = CalamineWorkbook.from_path(str(project / "text.xlsx"))
    assert workbook.sheet_names == ["text"]
    got = [[cell_text(cell) for cell in row] for row in workbook.get_sheet_by_name("text").to_python()]
    assert got == expected and len(got) == 20  # a header and 19 texts (the item card has no value badge)
    first = (project / "text.xlsx").read_bytes()
    assert run("proof", "demo", "--project", str(project), "--text", str(project / "text.xlsx")).exit_code == 0
    assert (project / "text.xlsx").read_bytes() == first  # the same input gives the same bytes


def test_column_letters():
    from pnp.data.workbook import column_letter
    assert [column_letter(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == [
        "A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]


text = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=30)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(text, st.integers(0, 10 ** 9), text), min_size=1, max_size=8),
       st.sampled_from([".xlsx", ".ods"]))
def test_what_is_written_is_read_back_as_from_a_csv(tmp_path_factory, rows, suffix):
    folder = tmp_path_factory.mktemp("book")
    header = ["a", "b", "c"]
    write_workbook(folder / f"data{suffix}", "s", [header] + [list(row) for row in rows])
    with open(folder / "data.csv", "w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows([header] + [list(row) for row in rows])
    from_book, from_csv = read_table(folder / f"data{suffix}", "book"), read_table(folder / "data.csv", "csv")
    assert [(r.number, r.values) for r in from_book.rows] == [(r.number, r.values) for r in from_csv.rows]
