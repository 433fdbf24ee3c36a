"""Print-shop black in `--color cmyk` files: near-black text and thin lines print as K100 that overprints, large
black areas as the game's rich black, greys on the black plate alone; home-print files stay RGB."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from conftest import ROOT, needs_tool, replace_once
from PIL import Image, ImageChops
from pypdf import PdfReader
from pypdf.generic import ContentStream, IndirectObject
from reportlab.lib import colors as rl_colors

from pnp.build.builder import BuildOptions, build
from pnp.colors import read_color
from pnp.errors import PnpError
from pnp.pdf.black import grey_tint, near_black
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold

K100 = (0.0, 0.0, 0.0, 1.0)
OVERPRINT = {"/OP": True, "/op": True, "/OPM": 1}
PARTS = """
  - {type: rect, x: 0, y: 0, w: 63, h: 20, fill: "#111111"}
  - {type: line, x1: 5, y1: 86, x2: 58, y2: 86, stroke: "#000000", stroke_width: 0.5}
  - {type: rect, x: 5, y: 22, w: 4, h: 4, fill: "#808080"}
  - {type: rect, x: 10, y: 22, w: 4, h: 4, fill: "#7F8081"}
"""


@pytest.mark.parametrize("color, black", [
    ("#000000", True), ("#1E1B2E", True), ("#2B2420", True), ("#333333", True), ("#263238", True),
    ("#3F3F3F", True), ("#404040", False), ("#2B2350", False), ("#14204D", False), ("#1F2B45", False),
    ("#5B2A86", False), ("#FFFFFF", False),
])
def test_near_black(color, black):
    """Hand-checked: no channel above 25% and the three within 10%; navy and indigo keep their colour."""
    assert near_black(read_color(color)) is black


@pytest.mark.parametrize("color, tint", [
    ("#808080", 1 - 128 / 255), ("#7F8081", 1 - 128 / 255), ("#FFFFFF", 0.0), ("#5A5048", None), ("#C0392B", None),
])
def test_greys_are_a_black_tint(color, tint):
    assert grey_tint(read_color(color)) == (pytest.approx(tint) if tint is not None else None)
    assert grey_tint(rl_colors.CMYKColor(0, 0, 0, 0.5)) is None  # CMYK colours are printed as given


def _get(value):
    return value.get_object() if isinstance(value, IndirectObject) else value


def _paints(path: Path, page: int = 0) -> list[tuple[str, tuple, dict]]:
    """(operator, fill or stroke colour in effect, graphics state in effect) for each text, fill and stroke drawn in
    the page's card face, read back from its form's content stream and ExtGState resources."""
    reader = PdfReader(path)
    form = next(_get(x) for x in reader.pages[page]["/Resources"]["/XObject"].values())
    states = {name: dict(_get(state)) for name, state in (_get(form["/Resources"]).get("/ExtGState") or {}).items()}
    fill, stroke, state, stack, out = (), (), {}, [], []
    for operands, operator in ContentStream(form, reader).operations:
        if operator == b"k":
            fill = tuple(float(v) for v in operands)
        elif operator == b"K":
            stroke = tuple(float(v) for v in operands)
        elif operator == b"gs":
            state = {**state, **states[operands[0]]}
        elif operator == b"q":
            stack.append((fill, stroke, state))
        elif operator == b"Q":
            fill, stroke, state = stack.pop()
        elif operator in (b"Tj", b"TJ", b"f", b"F", b"f*", b"B", b"b"):
            out.append((operator.decode(), fill, state))
        elif operator in (b"S", b"s"):
            out.append((operator.decode(), stroke, state))
    return out


def _overprints(state: dict) -> bool:
    return all(state.get(key) == value for key, value in OVERPRINT.items())


def _fills_overprint(state: dict) -> bool:
    """Tell whether /op is on (pypdf's BooleanObject is always truthy itself)."""
    return bool(getattr(state.get("/op"), "value", False))


@pytest.fixture(scope="module")
def shipped(tmp_path_factory) -> Path:
    """Eleusis's reference cards and Eitsuku's event cards, built in CMYK."""
    out = tmp_path_factory.mktemp("black")
    project = Project(ROOT)
    build(project, [project.load_game("eleusis")], BuildOptions(out, color="cmyk", components=("reference",)))
    build(project, [project.load_game("eitsuku")], BuildOptions(out, color="cmyk", components=("event",)))
    return out


@pytest.mark.parametrize("file", ["eleusis/print-shop/reference.pdf", "eitsuku/print-shop/event.pdf"])
def test_shipped_black_text_is_k100_overprinting(shipped, file):
    """Eleusis's 7 pt reference text (#1E1B2E, was 64/56/13/88) and Eitsuku's event text (was 30/36/38/93)."""
    texts = [(colour, state) for page in range(3) for op, colour, state in _paints(shipped / file, page)
             if op in ("Tj", "TJ")]
    black = [(colour, state) for colour, state in texts if colour == K100]
    assert len(black) >= 3
    assert all(_overprints(state) for _, state in black)
    dark_four_colour = [colour for colour, _ in texts if colour[3] > 0.8 and min(colour[:3]) > 0]
    assert dark_four_colour == []
    assert not any(_fills_overprint(state) for colour, state in texts if colour != K100)  # coloured text knocks out


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    """The example game with #1E1B2E 7 pt body text, a large near-black band, a thin black rule and two greys."""
    root = tmp_path_factory.mktemp("black-demo")
    scaffold(Project(root), "demo")
    replace_once(root / "layouts" / "demo" / "_base.yaml", "body: {size: 10, min_size: 7,",
                 'body: {size: 7, min_size: 7, color: "#1E1B2E",')
    layout = root / "layouts" / "demo" / "cards.yaml"
    layout.write_text(layout.read_text(encoding="utf-8") + PARTS, encoding="utf-8")
    game = root / "card_data" / "demo" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "rich_black: [50, 40, 30, 100]\n", encoding="utf-8")
    project = Project(root)
    build(project, [project.load_game("demo")], BuildOptions(root / "out", color="cmyk"))
    return root / "out" / "demo"


def test_large_areas_rich_black_thin_lines_k100_greys_on_k(demo):
    paints = _paints(demo / "print-shop" / "cards.pdf")
    fills = [(colour, state) for op, colour, state in paints if op in ("f", "F", "f*", "B", "b")]
    strokes = [(colour, state) for op, colour, state in paints if op in ("S", "s")]
    assert ((0.5, 0.4, 0.3, 1.0), False) in [(colour, _fills_overprint(state)) for colour, state in fills]
    assert any(colour == K100 and _overprints(state) for colour, state in strokes)
    grey = (0.0, 0.0, 0.0, round(1 - 128 / 255, 6))
    greys = [state for colour, state in fills if tuple(round(v, 6) for v in colour) == grey]
    assert len(greys) == 2 and not any(_fills_overprint(state) for state in greys)  # #808080 and the near grey #7F8081
    texts = [(colour, state) for op, colour, state in paints if op in ("Tj", "TJ") and colour == K100]
    assert texts and all(_overprints(state) for _, state in texts)


def test_home_print_sheets_stay_rgb(demo):
    reader = PdfReader(demo / "demo-a4.pdf")
    forms = [_get(x) for x in reader.pages[0]["/Resources"]["/XObject"].values()]
    content = b"".join(form.get_data() for form in forms)
    assert b" k\n" not in content and b" rg" in content
    assert all("/ExtGState" not in _get(form["/Resources"]) for form in forms)


def test_separation_puts_text_on_the_black_plate_only(demo, tmp_path):
    """Ghostscript separates the first card into plates: the text pixels carry ink on the black plate only."""
    needs_tool("ghostscript", "gs")
    out = tmp_path / "card.tif"
    subprocess.run(["gs", "-q", "-dSAFER", "-dNOPAUSE", "-dBATCH", "-sDEVICE=tiffsep", "-r200", "-dFirstPage=1",
                    "-dLastPage=1", "-o", str(out), str(demo / "print-shop" / "cards.pdf")], check=True)
    box = tuple(round((mm + 3) / 25.4 * 200) for mm in (6, 51, 57, 82))  # inside the white text panel, bleed 3 mm
    plates = {name: Image.open(tmp_path / f"card({name}).tif", formats=["TIFF"]).crop(box)
              for name in ("Cyan", "Magenta", "Yellow", "Black")}
    text = plates["Black"].point(lambda v: 255 if v < 128 else 0)  # tiffsep: 0 is full ink, 255 none
    assert text.getbbox() is not None and sum(text.histogram()[255:]) > 200
    for name in ("Cyan", "Magenta", "Yellow"):
        ink_under_text = ImageChops.multiply(ImageChops.invert(plates[name]), text)
        assert ink_under_text.getextrema()[1] == 0, name


@pytest.mark.parametrize("value, message", [
    ("[60, 40, 40]", "card_data/demo/game.yaml: rich_black: rich_black is [60, 40, 40], not four ink percentages; "
                     "give four ink percentages C, M, Y, K from 0 to 100, such as [60, 40, 40, 100]"),
    ("[60, 40, 40, 120]", "card_data/demo/game.yaml: rich_black: rich_black is [60, 40, 40, 120], not four ink "
                          "percentages; give four ink percentages C, M, Y, K from 0 to 100, such as [60, 40, 40, 100]"),
    ("black", "card_data/demo/game.yaml: rich_black: rich_black is 'black', not four ink percentages; give four ink "
              "percentages C, M, Y, K from 0 to 100, such as [60, 40, 40, 100]"),
    ("[100, 100, 100, 100]", "card_data/demo/game.yaml: rich_black: rich_black inks add up to 400%, more than the 300% "
                             "presses accept; lower C, M or Y; [60, 40, 40, 100] is 240%"),
])
def test_bad_rich_black_is_one_line(tmp_path, value, message):
    scaffold(Project(tmp_path), "demo")
    game = tmp_path / "card_data" / "demo" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + f"rich_black: {value}\n", encoding="utf-8")
    with pytest.raises(PnpError) as error:
        Project(tmp_path).load_game("demo")
    assert error.value.render() == message


def test_rich_black_as_cmyk_text(tmp_path):
    scaffold(Project(tmp_path), "demo")
    game = tmp_path / "card_data" / "demo" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + 'rich_black: "cmyk(40, 30, 30, 100)"\n', encoding="utf-8")
    assert Project(tmp_path).load_game("demo").rich_black == (40.0, 30.0, 30.0, 100.0)
