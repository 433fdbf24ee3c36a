"""Tuck boxes: `kind: tuckbox` sized from its deck, its net's numbers checked by hand, a built box read back (page,
dashed folds, the solid cut along the net, the faces' text), and the one-line errors of a box that fits no paper."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import replace_once
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.cli.main import main
from pnp.project.games import Project
from pnp.project.tucknet import tuck_net
from pnp.units import Size, pt

BOX = """
  - {name: box, kind: tuckbox, deck: cards, thickness: 0.5, clearance: 2}
check:"""
FRONT = """size: poker
elements:
  - {type: text, x: 5, y: 40, w: 53, h: 10, text: "{{ title }}", size: 14}
"""
SIDE = """size: [10, 88]
safe: 0
elements:
  - {type: text, x: -39, y: 40, w: 88, h: 8, rotate: -90, text: "{{ line }}", size: 8}
"""


def test_a_poker_deck_box_net_checked_by_hand():
    net = tuck_net(Size(63, 88), 54, 0.3, 1.0)
    assert (net.width, net.height, net.depth) == (64.0, 89.0, pytest.approx(17.2))  # card + clearance, 54 x 0.3 + 1
    # side, front, side, back, glue tab (10 mm); bottom glue tab 10, bottom 17.2, body 89, lid 17.2, tuck flap 15
    assert net.size.width == pytest.approx(17.2 + 64 + 17.2 + 64 + 10)
    assert net.size.height == pytest.approx(10 + 17.2 + 89 + 17.2 + 15)
    front, back, top = net.panels["front"], net.panels["back"], net.panels["top"]
    assert (front.x, front.y, front.w, front.h) == (pytest.approx(17.2), pytest.approx(27.2), 64.0, 89.0)
    assert (back.x, top.x, top.y, top.h) == (pytest.approx(98.4), pytest.approx(98.4), pytest.approx(116.2),
                                             pytest.approx(17.2))
    assert net.panels["left"].w == net.panels["right"].w == pytest.approx(17.2)
    xs, ys = [x for x, _ in net.outline], [y for _, y in net.outline]
    assert (min(xs), max(xs), min(ys), max(ys)) == (0.0, pytest.approx(net.size.width), 0.0,
                                                     pytest.approx(net.size.height))
    assert len(net.folds) == 9  # four down the body, the dust flaps', the lid's, the tuck flap's, the bottom's two


def test_a_thin_deck_gets_a_narrower_glue_tab_and_flap():
    net = tuck_net(Size(44, 63), 10, 0.3, 1.0)  # depth 4 mm: the glue tab is 0.8 of it, the flap a third of 64
    assert net.depth == pytest.approx(4.0)
    assert net.size.width == pytest.approx(4 + 45 + 4 + 45 + 3.2)
    assert net.size.height == pytest.approx(3.2 + 4 + 64 + 4 + 15)


def _box_project(root: Path, box: str = BOX) -> Path:
    from pnp.scaffold.writer import scaffold
    scaffold(Project(root), "demo")
    replace_once(root / "card_data/demo/game.yaml", "check:", box)
    (root / "card_data/demo/box.csv").write_text("title,line,count\nDemo Box,A deck of demo cards,1\n",
                                                 encoding="utf-8")
    (root / "layouts/demo/box.yaml").write_text(FRONT, encoding="utf-8")
    (root / "layouts/demo/box-side.yaml").write_text(SIDE, encoding="utf-8")
    return root


def _strokes(reader: PdfReader, stream, resources) -> list[tuple[bool, int]]:
    """Each stroked path of a content stream and the forms it draws: whether it is dashed, how many points it has."""
    dash, stack, points, found = False, [], 0, []
    for operands, op in ContentStream(stream, reader).operations:
        if op == b"Do":
            form = resources["/XObject"][operands[0]].get_object()
            found += _strokes(reader, form, form.get("/Resources", resources))
        elif op == b"q":
            stack.append(dash)
        elif op == b"Q":
            dash = stack.pop()
        elif op == b"d":
            dash = len(operands[0]) > 0
        elif op in (b"m", b"l"):
            points += 1
        elif op == b"c":
            points += 3
        elif op in (b"S", b"s"):
            found.append((dash, points))
            points = 0
        elif op in (b"n", b"f", b"f*", b"B", b"b", b"W"):
            points = 0 if op != b"W" else points
    return found


def test_a_new_project_builds_its_tuck_box_with_dashed_folds_and_a_solid_cut(tmp_path):
    root = _box_project(tmp_path)
    result = CliRunner().invoke(main, ["build", "demo", "-q", "--project", str(root), "--out", str(root / "out")])
    assert result.exit_code == 0, result.output
    game = Project(root).load_game("demo")
    cards, box = game.components[0].card_count, game.components[-1]
    assert box.piece_size() == tuck_net(Size(63, 88), cards, 0.5, 2.0).size
    assert len(PdfReader(root / "out/demo/demo-a4.pdf").pages) == 4  # the cards' sheets keep to themselves
    reader = PdfReader(root / "out/demo/demo-box-a4-tuckbox.pdf")
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((pt(210), pt(297)), abs=0.01)
    text = page.extract_text()
    assert "Demo Box" in text and text.count("A deck of demo cards") == 2  # the front, and both sides
    strokes = _strokes(reader, page.get_contents(), page["/Resources"])
    assert sum(1 for dashed, points in strokes if dashed and points == 2) == 9  # the fold lines
    outline = [points for dashed, points in strokes if not dashed and points == len(box.box.net.outline)]
    assert len(outline) == 1  # the cut along the whole net, one solid line


def test_a_deck_too_deep_for_a4_is_boxed_on_a3(tmp_path):
    root = _box_project(tmp_path, BOX.replace("thickness: 0.5", "thickness: 1"))
    replace_once(root / "card_data/demo/cards.csv", "damage.,4", "damage.,40")  # 46 cards, 48 mm deep
    result = CliRunner().invoke(main, ["build", "demo", "-q", "--project", str(root), "--out", str(root / "out"),
                                       "--paper", "letter"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (root / "out/demo").glob("*tuckbox.pdf")) == ["demo-box-a3-tuckbox.pdf"]
    page = PdfReader(root / "out/demo/demo-box-a3-tuckbox.pdf").pages[0]
    assert sorted((float(page.mediabox.width), float(page.mediabox.height))) == pytest.approx([pt(297), pt(420)],
                                                                                              abs=0.01)


def test_a_deck_too_thick_for_a3_is_one_line_and_nothing_is_written(tmp_path):
    root = _box_project(tmp_path, BOX.replace("thickness: 0.5", "thickness: 2"))
    replace_once(root / "card_data/demo/cards.csv", "damage.,4", "damage.,40")  # 46 cards, 94 mm deep
    result = CliRunner().invoke(main, ["build", "demo", "-q", "--project", str(root), "--out", str(root / "out")])
    assert result.exit_code == 1
    assert result.output == (
        "error: card_data/demo/game.yaml: components[1].deck: the tuck box for 46 cards is 334.0x309.0 mm with its "
        "bleed, larger than the 287x410 mm A3 paper prints; split the deck over two boxes, or lower thickness: or "
        "clearance:\n")
    assert not (root / "out" / "demo").exists()


def test_a_deck_that_names_no_cards_is_one_line(tmp_path):
    root = _box_project(tmp_path, BOX.replace("deck: cards", "deck: [cards, crads]"))
    result = CliRunner().invoke(main, ["build", "demo", "-q", "--project", str(root), "--out", str(root / "out")])
    assert result.exit_code == 1
    assert result.output == ("error: card_data/demo/game.yaml: components[1].deck: deck: 'crads' names no card or "
                             "token component of this game; use one of cards\n")


def test_the_shipped_boxes_fit_their_paper(repo):
    sizes = {name: repo.load_game(name).components[-1].piece_size() for name in ("standard_deck", "ghost_couple")}
    assert sizes["standard_deck"] == tuck_net(Size(63, 88), 54, 0.3, 1.0).size  # on A4 and Letter
    assert sizes["ghost_couple"] == tuck_net(Size(44, 63), 100, 0.3, 1.0).size
    eitsuku = repo.load_game("eitsuku").components[-1]
    assert eitsuku.box.cards == 108 + 60 + 60 and eitsuku.box.deck == ("budget", "role", "event")  # on A3


def test_a_print_shop_box_gets_the_net_as_its_die_line(tmp_path):
    from test_die_lines import die_paths
    root = _box_project(tmp_path, BOX.replace("clearance: 2", "clearance: 2, print_shop: true"))
    result = CliRunner().invoke(main, ["build", "demo", "-q", "--project", str(root), "--out", str(root / "out"),
                                       "--die-line"])
    assert result.exit_code == 0, result.output
    reader = PdfReader(root / "out/demo/print-shop/box.pdf")
    net = Project(root).load_game("demo").components[-1].box.net
    trim = reader.pages[0].trimbox
    assert (float(trim.width), float(trim.height)) == pytest.approx((pt(net.size.width), pt(net.size.height)))
    (path,) = die_paths(reader, 0)
    assert len(path) == len(net.outline)
    assert all(abs(a - b) < 0.01 for point, corner in zip(path, net.outline) for a, b in zip(point, corner))
