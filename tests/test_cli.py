"""The command line: build, list, new, and a table of bad inputs with their exact messages."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner
from conftest import made_once, replace_once

from pnp.cli.main import main


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


edit = replace_once


def test_new_then_build_then_list(project):
    result = run("build", "--project", str(project))
    assert result.exit_code == 0, result.output
    assert "Built 1 game(s): 10 cards on 4 sheet pages, 3 PDF files" in result.output
    out = project / "output" / "demo"
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*.pdf")) == [
        "demo-a4.pdf", "print-shop/cards-back.pdf", "print-shop/cards.pdf"]
    listing = run("list", "--project", str(project))
    assert listing.output.splitlines() == ["demo  (demo)  10 pieces",
                                           "  cards              10  card    63x88 mm  with back"]


def test_build_options_and_out(project, tmp_path):
    out = tmp_path / "elsewhere"
    result = run("build", "demo", "--paper", "letter", "--marks", "plain", "--duplex", "short",
                 "--out", str(out), "--project", str(project))
    assert result.exit_code == 0, result.output
    assert (out / "demo" / "demo-letter.pdf").exists()


def test_new_refuses_to_overwrite(project):
    result = run("new", "demo", "--project", str(project))
    assert result.exit_code == 1
    assert result.output == ("error: layouts/demo: already exists; choose another name or remove it\n"
                             if not (project / "card_data" / "demo").exists() else
                             "error: card_data/demo: already exists; choose another name or remove it\n")


@pytest.mark.parametrize("args,code,message", [
    (["new", "Bad Name"], 2, "error: pnp new: 'Bad Name' is not a valid game name; use lower-case letters, "
                             "digits and underscores, starting with a letter\n"),
    (["build", "--paper", "a5"], 2, None),
    (["build", "nosuchgame"], 1, "Building nosuchgame\nerror: card_data: no game 'nosuchgame' in card_data/; "
                                 "known games: demo; start one with 'pnp new nosuchgame'\n"),
])
def test_usage_errors(project, args, code, message):
    result = run(*args, "--project", str(project))
    assert result.exit_code == code
    if message:
        assert result.output == message


def test_no_project_says_how_to_start(tmp_path):
    result = run("build", "--project", str(tmp_path))
    assert result.exit_code == 1
    assert result.output == (f"error: project: no card_data/ folder in {tmp_path.as_posix()}; run pnp in a project "
                             "folder, pass --project DIR, or start one with 'pnp new NAME'\n")


CSV = "card_data/demo/cards.csv"
FRONT = "layouts/demo/cards.yaml"
BASE = "layouts/demo/_base.yaml"

BAD_INPUTS = [
    ("missing csv", lambda p: (p / CSV).unlink() or
     (p / "card_data/demo/game.yaml").write_text("components:\n  - name: cards\n", encoding="utf-8"),
     "error: card_data/demo/cards.csv: file not found; create the CSV or fix its name in game.yaml"),
    ("missing column", lambda p: edit(p / CSV, "name,kind,value,text,count", "name,sort,value,text,count"),
     "error: layouts/demo/cards.yaml: elements[1] (value).fill: unknown column 'kind' (columns in "
     "card_data/demo/cards.csv: count, name, sort, text, value); add the column to the CSV or fix the template"),
    ("template names unknown column", lambda p: edit(p / FRONT, "{{ name }}", "{{ nmae }}"),
     "error: layouts/demo/cards.yaml: elements[0] (name).text: unknown column 'nmae' (columns in "
     "card_data/demo/cards.csv: count, kind, name, text, value); did you mean 'name'? add the column to the CSV "
     "or fix the template"),
    ("non-integer count", lambda p: edit(p / CSV, "Spark,attack,1,Deal **1** damage.,4", "Spark,attack,1,x,four"),
     "error: card_data/demo/cards.csv: row 2, column count: count 'four' is not a whole number of copies; "
     "write 0 or a positive whole number"),
    ("negative count", lambda p: edit(p / CSV, "damage.,4", "damage.,-4"),
     "error: card_data/demo/cards.csv: row 2, column count: count '-4' is not a whole number of copies; "
     "write 0 or a positive whole number"),
    ("unknown layout key", lambda p: edit(p / FRONT, "    style: title", "    styel: title"),
     "error: layouts/demo/cards.yaml: elements[0] (name): unknown key 'styel'; did you mean 'style'?"),
    ("undecodable csv", lambda p: (p / CSV).write_bytes(b"name,count\n\x81\xff\xfe,1\n"),
     "error: card_data/demo/cards.csv: cannot decode the file as UTF-8 or Shift_JIS (cp932); save it as CSV "
     "UTF-8 or declare its encoding in game.yaml"),
    ("missing glyph", lambda p: edit(p / CSV, "Deal **1** damage.", "Deal ❤ damage."),
     "error: card_data/demo/cards.csv: row 2, field text: character '❤' (U+2764) is not in font 'regular'; "
     "use a character the font has, or a font that has it"),
    ("overflowing text", lambda p: edit(p / CSV, "Deal **1** damage.", "長い文章。" * 120),
     "error: card_data/demo/cards.csv: row 2, field text: text does not fit 49.0 x 29.0 mm even at 7 pt "
     "(layouts/demo/cards.yaml: elements[4] (text)); shorten the text, enlarge the box or lower min_size"),
    ("image outside project", lambda p: edit(p / FRONT, "elements:\n", "elements:\n  - {type: image, x: 0, y: 0, "
                                             "w: 10, h: 10, src: ../secret.png}\n"),
     "error: card_data/demo/cards.csv: row 2: layouts/demo/cards.yaml: elements[0].src: '../secret.png' is outside "
     "the project folder; copy the file into the project and name it by a path inside it"),
    ("missing image", lambda p: edit(p / FRONT, "elements:\n", "elements:\n  - {type: image, x: 0, y: 0, "
                                     "w: 10, h: 10, src: art/none.png}\n"),
     "error: card_data/demo/cards.csv: row 2: image 'art/none.png' not found (layouts/demo/cards.yaml: "
     "elements[0]); add the file or fix the path (relative to the game's card_data folder or the project)"),
    ("bad colour", lambda p: edit(p / FRONT, 'fill: "#ffffff"', 'fill: "#ggg"'),
     "error: card_data/demo/cards.csv: row 2: unknown colour '#ggg' in layouts/demo/cards.yaml: elements[3].fill; "
     "use #rrggbb, a colour name, or a name from colors:"),
    ("bad yaml", lambda p: (p / FRONT).write_text("elements: [\n", encoding="utf-8"),
     "error: layouts/demo/cards.yaml: invalid YAML at line 2: did not find expected node content; "
     "fix the YAML syntax"),
    ("a base layout's element lacks a key", lambda p: edit(p / BASE, "background:", "elements:\n"
                                                          "  - {id: frame, type: rect, x: 1, y: 1, w: 3}\nbackground:"),
     "error: layouts/demo/_base.yaml: elements[0] (frame): missing key 'h'; a rect needs h, w, x, y"),
    ("a base layout's element names an unknown style",
     lambda p: edit(p / BASE, "background:", "elements:\n  - {id: frame, type: text, x: 4, y: 4, w: 9, h: 9, "
                                              "text: a, style: titel}\nbackground:"),
     "error: layouts/demo/_base.yaml: elements[0] (frame).style: unknown style 'titel'; did you mean 'title'?"),
    ("an oversized base layout", lambda p: (p / BASE).write_text("# " + "x" * 1100000 + "\n", encoding="utf-8"),
     "error: layouts/demo/_base.yaml: the file is larger than the limit of 1 MB; a layout or manifest is a few kB; "
     "split it or remove what is not needed"),
    ("a header typo", lambda p: edit(p / "card_data/demo/cards.csv", "name,", "nmae,"),
     "error: card_data/demo/cards.csv: no column 'name', which layouts/demo/cards.yaml: elements[0] (name).text "
     "reads; the header has 'nmae', which no template reads; if the header is misspelt, rename 'nmae' to 'name' in "
     "it; if the template is, write 'nmae' there"),
]


def _built(folder) -> None:
    """The demo project in folder, built (successfully)."""
    from pnp.project.games import Project
    from pnp.scaffold.writer import scaffold
    scaffold(Project(folder), "demo")
    assert run("build", "--project", str(folder)).exit_code == 0


@pytest.mark.parametrize("name,mutate,message", BAD_INPUTS, ids=[case[0] for case in BAD_INPUTS])
def test_bad_input(project, tmp_path_factory, name, mutate, message):
    shutil.copytree(made_once(tmp_path_factory, "cli-built", _built), project, symlinks=True, dirs_exist_ok=True)
    out = project / "output" / "demo"  # as the first build, made once per test run, left it
    before = {p: p.read_bytes() for p in out.rglob("*")if p.is_file()}
    mutate(project)
    result = run("build", "--project", str(project))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == message
    assert "Traceback" not in result.output
    after = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before, "a failed build must leave earlier output untouched and no partial file"


def test_template_failure_on_a_row_names_the_row(project):
    edit(project / FRONT, 'text: "{{ value }}"', 'text: "{{ 10 // (value - 1) }}"')
    result = run("build", "--project", str(project))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        "error: card_data/demo/cards.csv: row 2: template layouts/demo/cards.yaml: elements[2] (value_text).text "
        "failed: integer division or modulo by zero; check the values in this row")


def test_list_reports_a_broken_game_and_goes_on(project):
    run("new", "other", "--project", str(project))
    (project / "layouts/demo/cards.yaml").unlink()
    result = run("list", "--project", str(project))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == ("demo  error: layouts/demo/cards.yaml: layout file not found; "
                        "create it or fix the name in game.yaml")
    assert lines[1].startswith("other  (other)  10 pieces")

