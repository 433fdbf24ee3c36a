"""Many card types, one deck: a layout chosen per row, one sheet run, one print-shop file, one TTS deck."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from conftest import poppler
from market import BACK, ONE_DECK, ROWS, SPLIT, TYPES, csv_text, market

from pnp.cli.main import main
from pnp.project.games import Project

LABELS = {"goods": "GOODS", "fox": "FOX", "event": "EVENT"}


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def pages(path) -> int:
    return int(next(line.split()[-1] for line in poppler("pdfinfo", str(path)).splitlines()
                    if line.startswith("Pages:")))


def page_text(path, page: int) -> str:
    return poppler("pdftotext", "-f", str(page), "-l", str(page), str(path), "-")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_three_type_deck_is_one_component_on_five_sheets(tmp_path, paper):
    one = market(tmp_path / "one", ONE_DECK, BACK)
    split = market(tmp_path / "split", SPLIT, BACK)
    for root, sharing in ((one, ()), (split, ("--no-share",))):  # the split types each on sheets of their own
        result = run("build", "market", "--paper", paper, "--project", str(root), *sharing)
        assert result.exit_code == 0, result.output
    assert pages(one / f"output/market/market-{paper}.pdf") == 2 * 5  # front and back of 5 sheets
    assert pages(split / f"output/market/market-{paper}.pdf") == 2 * 6  # each type on sheets of its own
    listed = run("list", "--project", str(one)).output.splitlines()
    assert listed[1:] == ["  cards              40  card    63x88 mm  with back"]


def test_every_card_is_drawn_with_its_own_types_layout(tmp_path):
    root = market(tmp_path, ONE_DECK, BACK)
    assert run("build", "market", "--project", str(root)).exit_code == 0
    shop = root / "output/market/print-shop"
    assert sorted(p.name for p in shop.iterdir()) == ["cards-back.pdf", "cards.pdf"]
    copies = [row for row in ROWS for _ in range(row[4])]
    assert pages(shop / "cards.pdf") == pages(shop / "cards-back.pdf") == 40
    for page, (name, kind, value, _, _) in enumerate(copies, start=1):
        text = page_text(shop / "cards.pdf", page)
        assert name in text and LABELS[kind] in text, (page, text)
        assert (f"FOX {value}" in text) == (kind == "fox")
        assert [label for label in LABELS.values() if label in text] == [LABELS[kind]]
    assert page_text(shop / "cards-back.pdf", 17).split() == ["MARKET"]  # the inherited name and text dropped


def test_one_tts_deck_and_every_distinct_face_exported(tmp_path):
    root = market(tmp_path, ONE_DECK, BACK)
    result = run("export", "market", "--png", "--tts", "--dpi", "60", "--workers", "1", "--project", str(root))
    assert result.exit_code == 0, result.output
    tts = root / "output/market/tts"
    assert [p.name for p in tts.iterdir()] == ["cards"]
    assert sorted(p.name for p in (tts / "cards").iterdir()) == ["cards-1.png", "cards-back.png", "tts.txt"]
    assert "Tabletop Simulator: cards, 40 cards on 1 deck sheet(s)" in (tts / "cards/tts.txt").read_text()
    fronts = sorted(p.name for p in (root / "output/market/png/cards").glob("*-front.png"))
    assert len(fronts) == len(ROWS)


def test_proof_and_check_handle_the_deck(tmp_path):
    root = market(tmp_path, ONE_DECK, BACK)
    result = run("proof", "market", "--strict", "--project", str(root))
    assert result.exit_code == 0, result.output
    assert "13 distinct cards, 0 findings" in result.output
    proof = root / "output/market/market-proof.pdf"
    for page, (name, kind, *_) in enumerate(ROWS, start=1):
        text = " ".join(page_text(proof, page).split())
        assert name in text and f"layouts/market/{kind}.yaml" in text
    checked = run("check", "market", "--project", str(root))
    assert checked.exit_code == 0 and "Deck integrity: OK" in checked.output


def test_watch_previews_the_deck_and_a_types_layout_rebuilds_its_component(tmp_path):
    from pnp.watch.session import PreviewSession, affected
    root = market(tmp_path, ONE_DECK, BACK)
    state = PreviewSession(root, "market", root / "preview").rebuild()
    assert state.error is None and list(state.components) == ["cards"]
    cards = state.components["cards"]
    assert [card.side for card in cards].count("front") == len(ROWS) and len(cards) == len(ROWS) + 1
    game = Project(root).load_game("market")
    assert affected(game, {root / "layouts/market/fox.yaml"}) == {"cards"}


def test_rows_of_a_type_share_one_layout_object(tmp_path):
    root = market(tmp_path, ONE_DECK, BACK)
    cards = Project(root).load_game("market").components[0]
    by_type = {kind: {id(cards.front_for(row)) for row in cards.table.rows if row.values["type"] == kind}
               for kind in TYPES}
    assert all(len(ids) == 1 for ids in by_type.values()) and len(set.union(*by_type.values())) == 3
    assert [layout.label for layout in cards.layouts()] == [
        "layouts/market/goods.yaml", "layouts/market/fox.yaml", "layouts/market/event.yaml",
        "layouts/market/back.yaml"]


MANIFEST = "card_data/market/game.yaml: components[0]"
BAD = [
    ("a row whose type chooses no layout", ONE_DECK, {"csv": csv_text().replace("Salt,goods", "Salt,Goods")},
     "card_data/market/cards.csv: row 3: type 'Goods' chooses no layout (card_data/market/game.yaml: "
     "components[0].layout); write one of goods, fox, event in the cell, or add 'Goods: FILE' to the layout mapping"),
    ("layouts of two sizes", ONE_DECK, {"fox.yaml": "size: [63, 100]\n"},
     f"{MANIFEST}.layout: layouts/market/fox.yaml is 63x100 mm with 3 mm bleed, but layouts/market/goods.yaml is "
     "63x88 mm with 3 mm bleed; the pieces of one component share one sheet run, print-shop file and TTS deck: give "
     "their layouts one size and bleed, or make the others a component of their own"),
    ("layouts of two bleeds", ONE_DECK, {"event.yaml": "bleed: 2\n"},
     f"{MANIFEST}.layout: layouts/market/event.yaml is 63x88 mm with 2 mm bleed, but layouts/market/goods.yaml is "
     "63x88 mm with 3 mm bleed; the pieces of one component share one sheet run, print-shop file and TTS deck: give "
     "their layouts one size and bleed, or make the others a component of their own"),
    ("no by:", ONE_DECK.replace("by: type, ", ""), {},
     f"{MANIFEST}.layout: a layout chosen per row needs by: naming the column that chooses it; "
     "write {by: type, goods: goods.yaml, fox: fox.yaml}"),
    ("by: a column the data lacks", ONE_DECK.replace("by: type", "by: kind"), {},
     f"{MANIFEST}.layout: by: kind names no column of card_data/market/cards.csv; name one of its columns: "
     "name, type, value, text, count"),
    ("a layout file that is missing", ONE_DECK.replace("fox: fox.yaml", "fox: foxes.yaml"), {},
     "layouts/market/foxes.yaml: layout file not found; create it or fix the name in game.yaml"),
    ("drop an id the base lacks", ONE_DECK, {"back.yaml": BACK.replace("{id: name, drop", "{id: title_text, drop")},
     "layouts/market/back.yaml: elements[1].id: no element 'title_text' in the layout this one extends, so there is "
     "nothing to drop; its ids: frame, name, text"),
    ("drop a near miss", ONE_DECK, {"back.yaml": BACK.replace("{id: name, drop", "{id: nmae, drop")},
     "layouts/market/back.yaml: elements[1].id: no element 'nmae' in the layout this one extends, so there is "
     "nothing to drop; did you mean 'name'?"),
    ("replace an id the base lacks", ONE_DECK, {"back.yaml": BACK.replace("{id: frame, replace", "{id: fram, replace")},
     "layouts/market/back.yaml: elements[0].id: no element 'fram' in the layout this one extends, so there is "
     "nothing to replace; did you mean 'frame'?"),
    ("drop with other keys", ONE_DECK,
     {"back.yaml": BACK.replace("{id: name, drop: true}", "{id: name, drop: true, x: 4}")},
     "layouts/market/back.yaml: elements[1] (name): drop: true removes the inherited element, so it takes no key but "
     "id, got 'x'; remove the other keys, or replace: true to redraw it"),
    ("drop: false", ONE_DECK, {"back.yaml": BACK.replace("{id: name, drop: true}", "{id: name, drop: false}")},
     "layouts/market/back.yaml: elements[1].drop: drop must be true, and an element either drops or replaces, got "
     "False; write {id: NAME, drop: true}"),
    ("drop in a layout that extends none", ONE_DECK,
     {"back.yaml": "size: poker\nelements:\n  - {id: name, drop: true}\n"},
     "layouts/market/back.yaml: elements[0]: drop: true changes an inherited element, but this layout extends none; "
     "remove drop:, or add extends: naming the layout the element comes from"),
    ("replace with a key its type lacks", ONE_DECK,
     {"back.yaml": BACK.replace("type: ellipse, x: 6", "type: ellipse, radius: 2, x: 6")},
     "layouts/market/back.yaml: elements[0] (frame): unknown key 'radius'; known keys: area, dash, fill, h, id, "
     "rotate, stroke, stroke_width, type, visible, w, x, y"),
]


@pytest.mark.parametrize("manifest,files,message", [case[1:] for case in BAD], ids=[case[0] for case in BAD])
def test_bad_input_is_one_line(tmp_path, manifest, files, message):
    root = market(tmp_path, manifest, BACK, csv=files.get("csv"))
    for name, text in files.items():
        if name.endswith(".yaml"):
            path = root / "layouts/market" / name
            path.write_text(text if name == "back.yaml" else text + path.read_text(), encoding="utf-8")
    result = run("build", "market", "--project", str(root))
    assert (result.exit_code, result.stderr.splitlines()) == (1, [f"error: {message}"])


def test_replace_puts_the_new_element_in_the_old_ones_place(tmp_path):
    from pnp.layout.files import load_layout
    root = market(tmp_path, ONE_DECK, BACK)
    project = Project(root)
    back = load_layout(root / "layouts/market/back.yaml", root, project.label)
    assert [(e.id, e.type) for e in back.elements] == [("background", "rect"), ("frame", "ellipse"), ("title", "text")]


def test_values_that_share_a_file_share_one_layout(tmp_path):
    root = market(tmp_path, ONE_DECK.replace("fox: fox.yaml", "fox: goods.yaml"), BACK)
    cards = Project(root).load_game("market").components[0]
    assert [layout.label for layout in cards.layouts()] == [
        "layouts/market/goods.yaml", "layouts/market/event.yaml", "layouts/market/back.yaml"]
