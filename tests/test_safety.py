"""A project from a stranger: files confined to the project, work bounded, every bad input one clear line."""

from __future__ import annotations

import os
import shutil
import struct
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import made_once
from conftest import replace_once as edit

from pnp.cli.main import main
from pnp.limits import MAX_CARDS, MAX_CELL_CHARS, MAX_COUNT, MAX_CSV_BYTES, MAX_TEMPLATE_CHARS, MAX_TEMPLATE_STEPS

CSV = "card_data/demo/cards.csv"
FRONT = "layouts/demo/cards.yaml"
BASE = "layouts/demo/_base.yaml"
MANIFEST = "card_data/demo/game.yaml"
SECRET = "top secret text"


@pytest.fixture
def shared(tmp_path) -> Path:
    """A scratch project in tmp_path/project, with a private file beside it in tmp_path/elsewhere."""
    return _scratch(tmp_path)


def _scratch(tmp_path: Path) -> Path:
    """Write the scratch project and the private file beside it."""
    from pnp.project.games import Project
    from pnp.scaffold.writer import scaffold
    root = tmp_path / "project"
    scaffold(Project(root), "demo")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "x.csv").write_text(f"name,kind,value,text,count\n{SECRET},attack,1,x,1\n")
    (tmp_path / "elsewhere" / "x.yaml").write_text((root / FRONT).read_text().replace("{{ name }}", SECRET))
    return root


def _built(folder: Path) -> None:
    """The scratch project in folder, built once."""
    assert run("build", "--project", str(_scratch(folder))).exit_code == 0


@pytest.fixture
def shared_built(tmp_path, tmp_path_factory) -> Path:
    """The scratch project as a first build left it (a copy of one made once per test run)."""
    shutil.copytree(made_once(tmp_path_factory, "safety-built", _built), tmp_path, symlinks=True, dirs_exist_ok=True)
    return tmp_path / "project"


def run(*args: str):
    return CliRunner().invoke(main, list(args), prog_name="pnp", catch_exceptions=False)


def manifest(p: Path, entry: str) -> None:
    (p / MANIFEST).write_text(f"components:\n  - {{name: cards, {entry}}}\n", encoding="utf-8")


def link(p: Path, name: str, target: str) -> None:
    (p / name).unlink()
    os.symlink(p.parent / "elsewhere" / target, p / name)


def add_element(p: Path, element: str) -> None:
    edit(p / FRONT, "elements:\n", f"elements:\n  - {element}\n")


def art(p: Path, name: str, data: bytes) -> str:
    (p / "art").mkdir(exist_ok=True)
    (p / "art" / name).write_bytes(data)
    return f"{{type: image, x: 0, y: 0, w: 10, h: 10, src: art/{name}}}"


def png_header(width: int, height: int) -> bytes:
    """A PNG claiming width x height pixels: Pillow reads the size from the header alone."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")


def template(p: Path, text: str) -> None:
    edit(p / FRONT, '"{{ name }}"', f'"{text}"')


ROW2 = "card_data/demo/cards.csv: row 2"
TEMPLATE = f"{ROW2}: template layouts/demo/cards.yaml: elements[0] (name).text"
RUNAWAY = "simplify the template; the limits guard against runaway templates"
OUTSIDE = "copy the file into the project and name it by a path inside it"
ALIASES = "\n".join(["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"] +
                    [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, "
                     f"*a{i - 1}, *a{i - 1}, *a{i - 1}]" for i in range(1, 9)])

CASES = [
    # reads outside the project
    ("csv links outside", lambda p: link(p, CSV, "x.csv"),
     f"{CSV}: 'card_data/demo/cards.csv' is a link that leads outside the project folder; {OUTSIDE}"),
    ("layout links outside", lambda p: link(p, FRONT, "x.yaml"),
     f"{MANIFEST}: components[0].layout.attack: 'layouts/demo/cards.yaml' is a link that leads outside the "
     f"project folder; {OUTSIDE}"),
    ("csv: ../ in game.yaml", lambda p: manifest(p, "csv: ../../../elsewhere/x.csv"),
     f"{MANIFEST}: components[0].csv: '../elsewhere/x.csv' is outside the project folder; {OUTSIDE}"),
    ("absolute layout:", lambda p: manifest(p, f"layout: {p.parent / 'elsewhere' / 'x.yaml'}"),
     f"{MANIFEST}: components[0].layout: '../elsewhere/x.yaml' is outside the project folder; {OUTSIDE}"),
    ("extends ../", lambda p: edit(p / FRONT, "extends: _base.yaml", "extends: ../../../elsewhere/x.yaml"),
     f"{FRONT}: extends: '../elsewhere/x.yaml' is outside the project folder; {OUTSIDE}"),
    ("absolute extends", lambda p: edit(p / FRONT, "extends: _base.yaml", f"extends: {p.parent / 'elsewhere/x.yaml'}"),
     f"{FRONT}: extends: '../elsewhere/x.yaml' is outside the project folder; {OUTSIDE}"),
    ("font outside", lambda p: edit(p / BASE, "size: poker", "size: poker\nfonts: {hand: ../elsewhere/x.ttf}"),
     f"{BASE}: fonts.hand: '../elsewhere/x.ttf' is outside the project folder; {OUTSIDE}"),
    ("image links outside", lambda p: (os.symlink(p.parent / "elsewhere", p / "art"),
                                       add_element(p, "{type: image, x: 0, y: 0, w: 9, h: 9, src: art/x.png}")),
     f"{ROW2}: {FRONT}: elements[0].src: 'art/x.png' is a link that leads outside the project folder; {OUTSIDE}"),
    ("from: ..", lambda p: manifest(p, "from: ../demo"),
     f"{MANIFEST}: components[0].from: from: '../demo' names no component; write from: GAME/COMPONENT, "
     "e.g. from: standard_deck/cards"),
    # unbounded work
    ("yaml alias bomb", lambda p: edit(p / BASE, "vars:\n", f"{ALIASES}\nvars:\n"),
     f"{BASE}: the YAML expands to more than 100000 values (aliases *name repeat what &name marks); "
     "write the values out or use fewer aliases"),
    ("alias bomb in game.yaml", lambda p: (p / MANIFEST).write_text(ALIASES.replace("a8:", "title:")),
     f"{MANIFEST}: the YAML expands to more than 100000 values (aliases *name repeat what &name marks); "
     "write the values out or use fewer aliases"),
    ("huge string", lambda p: template(p, "{{ 'x' * 300000000 }}"),
     f"{TEMPLATE} goes over a limit: repeating 1 items 300000000 times makes more than {MAX_TEMPLATE_CHARS} "
     f"characters; {RUNAWAY}"),
    ("huge number", lambda p: template(p, "{{ 10**100000 }}"),
     f"{TEMPLATE} goes over a limit: 10 ** 100000 has more than 1000 digits; {RUNAWAY}"),
    ("huge output", lambda p: template(p, "{% for i in range(99999) %}{{ name }}{% endfor %}"),
     f"{TEMPLATE} goes over a limit: the output is longer than {MAX_TEMPLATE_CHARS} characters; {RUNAWAY}"),
    ("endless loop", lambda p: template(p, "{% for i in range(99999) %}{% for j in range(99999) %}"
                                            "{% endfor %}{% endfor %}"),
     f"{TEMPLATE} goes over a limit: more than {MAX_TEMPLATE_STEPS:,} steps of work (loop turns, calls and the "
     f"sizes of the values they handle); {RUNAWAY}"),
    ("huge count", lambda p: edit(p / CSV, "damage.,4", "damage.,1000000000"),
     f"{ROW2}, column count: count 1000000000 is more than the limit of {MAX_COUNT} copies; "
     f"split the row or print fewer copies (at most {MAX_COUNT})"),
    ("too many cards", lambda p: (p / CSV).write_text("name,count\n" + f"a,{MAX_COUNT}\n" * 11),
     f"{CSV}: the component has 11000 cards, more than the limit of {MAX_CARDS}; "
     "lower the counts or split the component"),
    ("huge image", lambda p: add_element(p, art(p, "big.png", png_header(20000, 20000))),
     f"{ROW2}: image 'art/big.png' has more than the limit of 89478485 pixels (layouts/demo/cards.yaml: "
     "elements[0]); use a PNG, JPEG or SVG file within the pixel limit"),
    ("large image", lambda p: add_element(p, art(p, "large.png", png_header(10000, 10000))),
     f"{ROW2}: image 'art/large.png' is 10000x10000 px, more than the limit of 89478485 pixels "
     "(layouts/demo/cards.yaml: elements[0]); use a PNG, JPEG or SVG file within the pixel limit"),
    ("50 MB cell", lambda p: (p / CSV).write_text("name,text\na,\"" + "x" * 50_000_000 + "\"\n"),
     f"{CSV}: the file is larger than the limit of {MAX_CSV_BYTES // 2**20} MB; "
     "card data is a few hundred kB at most; check that this is the right file"),
    ("long cell", lambda p: edit(p / CSV, "Deal **1** damage.", "x" * (MAX_CELL_CHARS + 1)),
     f"{ROW2}: cell 4 has {MAX_CELL_CHARS + 1} characters, more than the limit of {MAX_CELL_CHARS}; "
     "shorten the cell; card text is far shorter"),
    ("cell over the csv field limit", lambda p: edit(p / CSV, "Deal **1** damage.", "x" * 200_000),
     f"{ROW2}: a cell is longer than the limit of {MAX_CELL_CHARS} characters; shorten the cell; "
     "card text is far shorter"),
    # plain mistakes
    ("unknown markup colour", lambda p: edit(p / CSV, "{blue|2}", "{bleu|2}"),
     "card_data/demo/cards.csv: row 4, field text: unknown colour 'bleu' in {bleu|...} markup "
     "(layouts/demo/cards.yaml: elements[4] (text)); use a colour from the layout's colors: (blue), #rrggbb "
     "or a colour name"),
    ("dash not a length", lambda p: add_element(p, "{type: line, x1: 0, y1: 0, x2: 9, y2: 9, dash: [2, x]}"),
     f"{FRONT}: elements[0].dash: [2, 'x'] is not a dash pattern; write lengths in mm above 0 and at most 2000, "
     "e.g. dash: 2 or dash: [2, 1]"),
    ("negative dash", lambda p: add_element(p, "{type: rect, x: 0, y: 0, w: 9, h: 9, dash: -1}"),
     f"{FRONT}: elements[0].dash: -1 is not a dash pattern; write lengths in mm above 0 and at most 2000, "
     "e.g. dash: 2 or dash: [2, 1]"),
    ("binary layout", lambda p: (p / FRONT).write_bytes(bytes(range(256)) * 4),
     f"{FRONT}: not a text file (cannot decode it as UTF-8); save it as UTF-8 text, or name the right file"),
    ("NUL bytes in a layout", lambda p: (p / FRONT).write_bytes(b"size: poker\n\0\0\0"),
     f"{FRONT}: not a text file (it holds NUL bytes); name the YAML file, not a binary one"),
    ("png that is not an image", lambda p: add_element(p, art(p, "fake.png", b"not an image at all")),
     f"{ROW2}: image 'art/fake.png' is a file of a kind pnp cannot read, not a PNG or JPEG image "
     "(layouts/demo/cards.yaml: elements[0]); use a PNG, JPEG or SVG file within the pixel limit"),
    ("svg as art", lambda p: add_element(p, art(p, "a.svg", b'<svg xmlns="http://www.w3.org/2000/svg"/>')),
     f"{ROW2}: art/a.svg: SVG has no size; give the <svg> element width and height, or a viewBox"),
    ("damaged png", lambda p: add_element(p, art(p, "cut.png", png_header(8, 8)[:-12])),
     f"{ROW2}: image 'art/cut.png' cannot be read as an image (image file is truncated) "
     "(layouts/demo/cards.yaml: elements[0]); use a PNG, JPEG or SVG file within the pixel limit"),
    ("header-only csv", lambda p: (p / CSV).write_text("name,kind,value,text,count\n"),
     f"{CSV}: the component has no cards (no rows, or every count is 0); "
     "add rows below the header, or leave the component out of game.yaml"),
    ("unclosed quote", lambda p: edit(p / CSV, "Shield,defence,2,Prevent", 'Shield,defence,2,"Prevent'),
     "card_data/demo/cards.csv: row 4: a quote (\") opens in this row (line 5 of the file) and is never closed, "
     "so every line after it is read into one cell; add the closing quote; a cell spans several lines only when "
     "its closing quote comes on a later line, so an unclosed one is a mistake"),
    ("unclosed quote in the header", lambda p: (p / CSV).write_text('"name,count\nSpark,4\n'),
     "card_data/demo/cards.csv: row 1: a quote (\") opens in this row (line 1 of the file) and is never closed, "
     "so every line after it is read into one cell; add the closing quote; a cell spans several lines only when "
     "its closing quote comes on a later line, so an unclosed one is a mistake"),
    ("newline in a cell", lambda p: edit(p / CSV, "damage.,4", 'damage.,"4\nfour"'),
     f"{ROW2}, column count: count '4\\nfour' is not a whole number of copies; write 0 or a positive whole number"),
    ("unknown key in _base.yaml", lambda p: edit(p / BASE, "bleed: 3", "bleeed: 3"),
     f"{BASE}: unknown key 'bleeed'; did you mean 'bleed'?"),
    ("unknown element key in _base.yaml",
     lambda p: (p / BASE).write_text((p / BASE).read_text() + "elements:\n  - {type: rect, x: 0, y: 0, w: 1, h: 1, "
                                                             "fil: red}\n"),
     f"{BASE}: elements[0]: unknown key 'fil'; did you mean 'fill'?"),
    ("unknown style key in _base.yaml", lambda p: edit(p / BASE, "valign: middle}", "valgin: middle}"),
     f"{BASE}: styles.title: unknown key 'valgin'; did you mean 'valign'?"),
    ("missing extends target", lambda p: edit(p / FRONT, "extends: _base.yaml", "extends: _bsae.yaml"),
     f"{FRONT}: extends: layouts/demo/_bsae.yaml not found; create it or fix the extends: value"),
]


@pytest.mark.parametrize("name,mutate,message", CASES, ids=[case[0] for case in CASES])
def test_bad_project(shared_built, name, mutate, message):
    shared = shared_built  # built once (and successfully) before the mutation
    out = shared / "output" / "demo"
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    mutate(shared)
    result = run("build", "--project", str(shared))
    assert result.stderr.splitlines() == [f"error: {message}"]
    assert result.exit_code == 1
    assert result.stdout == "Building demo\n"  # said before loading, so the error follows it
    assert SECRET not in result.output
    after = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before, "a failed build must leave earlier output untouched and no partial file"


USAGE = [
    (["build", "--paper", "a5"], "pnp build: Invalid value for '--paper': 'a5' is not one of 'a4', 'letter'; "
                                 "see 'pnp build --help'"),
    (["build", "--bogus"], "pnp build: No such option '--bogus'. Did you mean '--out'?; see 'pnp build --help'"),
    (["bulid"], "pnp: No such command 'bulid'. Did you mean 'build'?; see 'pnp --help'"),
    (["check"], "pnp check: Missing argument 'GAME'; see 'pnp check --help'"),
    (["export", "demo", "--dpi", "many"], "pnp export: Invalid value for '--dpi': 'many' is not a valid integer; "
                                          "see 'pnp export --help'"),
]


@pytest.mark.parametrize("args,message", USAGE, ids=[" ".join(case[0]) for case in USAGE])
def test_usage_errors_are_one_line(shared, args, message):
    result = run(*args, "--project", str(shared))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"error: {message}"]


@pytest.mark.parametrize("command", [["build"], ["proof", "demo"], ["export", "demo", "--png"]])
@pytest.mark.parametrize("name", ["csv links outside", "extends ../", "huge count", "svg as art"])
def test_every_command_refuses(shared, command, name):
    mutate, message = next((m, msg) for n, m, msg in CASES if n == name)
    mutate(shared)
    result = run(*command, "--project", str(shared))
    assert (result.exit_code, result.stderr.splitlines()) == (1, [f"error: {message}"])
    assert not [p for p in (shared / "output").rglob("*") if p.is_file()]


def test_confined_follows_links(tmp_path):
    from pnp.data.confine import confined
    from pnp.errors import PnpError
    root = tmp_path / "project"
    (root / "art").mkdir(parents=True)
    (root / "art" / "a.png").write_bytes(b"x")
    os.symlink(root / "art" / "a.png", root / "inside-link.png")
    os.symlink(tmp_path, root / "up")
    assert confined(root, root / "art" / "a.png", "k") == (root / "art" / "a.png").resolve()
    assert confined(root, root / "inside-link.png", "k") == (root / "art" / "a.png").resolve()
    assert confined(root, root / "art" / "missing.png", "k") == (root / "art" / "missing.png").resolve()
    refused = {"up/project/art/a.png": None, "up/x": "'up/x' is a link that leads outside the project folder",
               "../x": "'../x' is outside the project folder", "/etc/passwd": "is outside the project folder"}
    for path, problem in refused.items():
        if problem is None:  # a link out and back in lands inside: allowed
            assert confined(root, root / path, "k") == (root / "art" / "a.png").resolve()
            continue
        with pytest.raises(PnpError) as caught:
            confined(root, root / path, "game.yaml: components[0].csv")
        assert caught.value.where == "game.yaml: components[0].csv"
        assert problem in caught.value.problem
