"""Component kinds and reuse: from/where/vars across games, size overrides, tokens, page documents."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import poppler
from pypdf import PdfReader

from pnp.build.builder import BuildOptions, build
from pnp.errors import PnpError
from pnp.project.games import Project
from pnp.sheet.grid import impose
from pnp.sheet.marks import sheet_marks
from pnp.units import MM, Size

DECK_CSV = "suit,rank,count\nspade,A,1\nheart,K,1\njoker,JOKER,1\n"
DECK_FRONT = """size: poker
elements:
  - {type: text, x: 5, y: 5, w: 40, h: 10, text: "{{ suit }} {{ rank }}"}
"""
DECK_BACK = """size: poker
vars: {back: red}
elements:
  - {type: text, x: 5, y: 5, w: 40, h: 10, text: "back {{ back }}"}
"""
TOKEN = """size: [25, 25]
elements:
  - {type: ellipse, area: trim, fill: "#336699"}
  - {type: text, x: 5, y: 9, w: 15, h: 7, text: "{{ mark }}", align: center}
"""
PAGE = """size: paper-landscape
bleed: 0
elements:
  - {type: text, x: 10, y: 10, w: 150, h: 12, text: "{{ title }}"}
"""


def write(root: Path, files: dict[str, str]) -> Project:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return Project(root)


@pytest.fixture
def two_games(tmp_path) -> Project:
    return write(tmp_path, {
        "card_data/deck/cards.csv": DECK_CSV,
        "layouts/deck/cards.yaml": DECK_FRONT,
        "layouts/deck/cards-back.yaml": DECK_BACK,
        "card_data/party/game.yaml": """components:
  - {name: deck_blue, from: deck/cards, where: "suit != 'joker'", vars: {back: blue}}
  - {name: tokens, kind: token, cut: circle, size: [30, 30]}
  - {name: sheet, kind: page}
""",
        "card_data/party/tokens.csv": "mark,count\n○,6\n●,6\n",
        "layouts/party/tokens.yaml": TOKEN,
        "card_data/party/sheet.csv": "title,count\n得点表,1\n",
        "layouts/party/sheet.yaml": PAGE,
    })


def texts(path: Path) -> list[str]:
    return poppler("pdftotext", "-enc", "UTF-8", str(path), "-").split("\f")[:-1]


def test_reused_deck_is_filtered_and_gets_its_own_back(two_games, tmp_path):
    build(two_games, [two_games.load_game("party")], BuildOptions(tmp_path / "out"))
    shop = tmp_path / "out" / "party" / "print-shop"
    assert [t.split() for t in texts(shop / "deck_blue.pdf")] == [["spade", "A"], ["heart", "K"]]
    assert [t.strip() for t in texts(shop / "deck_blue-back.pdf")] == ["back blue", "back blue"]
    own = two_games.load_game("deck").components[0]
    assert own.card_count == 3 and own.back.vars["back"] == "red"


def test_token_size_override_scales_the_design(two_games, tmp_path):
    build(two_games, [two_games.load_game("party")], BuildOptions(tmp_path / "out"))
    page = PdfReader(tmp_path / "out" / "party" / "print-shop" / "tokens.pdf").pages[0]
    assert float(page.mediabox.width) == pytest.approx(36 * MM)
    assert float(page.trimbox.width) == pytest.approx(30 * MM, abs=1e-3)
    assert len(PdfReader(tmp_path / "out" / "party" / "print-shop" / "tokens.pdf").pages) == 12


def test_page_document_fills_the_paper(two_games, tmp_path):
    for paper, size in (("a4", (297, 210)), ("letter", (279.4, 215.9))):
        build(two_games, [two_games.load_game("party")], BuildOptions(tmp_path / paper, paper=paper))
        pdf = tmp_path / paper / "party" / f"party-{paper}.pdf"
        last = PdfReader(pdf).pages[-1]
        assert (float(last.mediabox.width), float(last.mediabox.height)) == pytest.approx((size[0] * MM, size[1] * MM))
        assert "得点表" in texts(pdf)[-1]
        assert not (tmp_path / paper / "party" / "print-shop" / "sheet.pdf").exists()


def test_circle_tokens_get_round_guides_not_crop_lines():
    imp = impose(Size(25, 25), 3.0, Size(210, 297))
    marks = sheet_marks(imp, "jp", cut="circle")
    assert marks.lines == () and len(marks.circles) == imp.per_sheet
    assert all(c.w == 25 and c.h == 25 for c in marks.circles)
    assert sheet_marks(imp, "none", cut="circle").circles == ()


@pytest.mark.parametrize("entry,message", [
    ("{name: d, from: nowhere/cards}", "card_data/party/game.yaml: components[0].from: from: 'nowhere/cards' names no "
                                       "component; write from: GAME/COMPONENT, e.g. from: standard_deck/cards"),
    ("{name: d, from: deck/dice}", "card_data/party/game.yaml: components[0].from: from: 'deck/dice': game deck has "
                                   "no component dice; check the component name in that game's game.yaml"),
    ("{name: d, from: deck/cards, size: [63, 63]}", "card_data/party/game.yaml: components[0].size: size 63x63 mm "
                                                    "changes the proportions of layouts/deck/cards.yaml"),
    ("{name: d, from: deck/cards, where: \"colour == 'red'\"}", "card_data/party/game.yaml: components[0].where: "
                                                                "unknown column 'colour'"),
    ("{name: d, from: deck/cards, kind: tile}", "card_data/party/game.yaml: components[0].kind: unknown kind 'tile'"),
])
def test_bad_component_entries(two_games, entry, message):
    (two_games.root / "card_data/party/game.yaml").write_text(f"components:\n  - {entry}\n", encoding="utf-8")
    with pytest.raises(PnpError) as err:
        Project(two_games.root).load_game("party")
    assert str(err.value).startswith(message)


STANDEE = """size: [25, 40]
bleed: 1
safe: 1
elements:
  - {type: text, x: 2, y: 24, w: 21, h: 8, text: "{{ name }}", align: center}
"""


def test_standee_strip_holds_figure_twice_with_base_tabs(tmp_path):
    from pnp.units import standee_size
    project = write(tmp_path, {
        "card_data/g/game.yaml": "components:\n  - {name: piece, kind: standee, base: 12}\n",
        "card_data/g/piece.csv": "name,count\nメンバー,3\n",
        "layouts/g/piece.yaml": STANDEE,
    })
    game = project.load_game("g")
    assert game.components[0].piece_size() == standee_size(Size(25, 40), 12) == Size(25, 104)
    build(project, [game], BuildOptions(tmp_path / "out"))
    page = texts(tmp_path / "out/g/g-a4.pdf")[0]
    assert page.count("メンバー") == 6  # each of the 3 strips shows the figure on both halves
    reader = PdfReader(tmp_path / "out/g/g-a4.pdf")
    assert len(reader.pages) == 1 and not (tmp_path / "out/g/print-shop").exists()


def test_standee_back_half_is_mirrored_or_turned():
    from pnp.face.parts import Face
    from pnp.face.standee import standee_face
    front = Face(100.0, 200.0, 3.0, ())
    strip = standee_face(front, None, 10)
    nested = [op for op in strip.ops if op.kind == "face"]
    fold = 10 * MM + 200.0
    assert nested[0].matrix == (1, 0, 0, 1, 0, 10 * MM)
    assert nested[1].matrix == pytest.approx((1, 0, 0, -1, 0, fold + 200.0))  # mirrored across the fold
    turned = [op for op in standee_face(front, Face(100.0, 200.0, 3.0, ()), 10).ops if op.kind == "face"][1]
    assert turned.matrix == pytest.approx((-1, 0, 0, -1, 100.0, fold + 200.0))
    assert strip.height == pytest.approx(400.0 + 20 * MM)
