"""`pnp export`: PNG faces at a resolution or a print service's size, and Tabletop Simulator deck sheets."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from pnp.build.builder import BuildOptions, build
from pnp.cli.main import main
from pnp.export.presets import PRESETS
from pnp.export.source import write_pages
from pnp.export.tts import MAX_COLUMNS, MAX_ROWS, MAX_SIDE, grids, slot_size
from pnp.project.games import Project
from pnp.text.fonts import FontBook

MM = 1 / 25.4  # inches per millimetre


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def export(project: Path, *args: str):
    result = run("export", "demo", *args, "--project", str(project))
    assert result.exit_code == 0, result.output
    return project / "output" / "demo"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def quantities(folder: Path) -> list[dict[str, str]]:
    with open(folder / "quantities.csv", encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def add_edge_game(project: Path) -> None:
    """A one-card poker game: red bleed, white trim, so the cut line can be found in the pixels."""
    (project / "card_data" / "edge").mkdir()
    (project / "card_data" / "edge" / "cards.csv").write_text("name,count\nA,1\n", encoding="utf-8")
    (project / "layouts" / "edge").mkdir()
    (project / "layouts" / "edge" / "cards.yaml").write_text(
        'size: poker\nbackground: "#ff0000"\nelements:\n'
        '  - {type: rect, x: 0, y: 0, w: 63, h: 88, fill: "#ffffff"}\n', encoding="utf-8")


def white_box(image: Image.Image) -> tuple[int, int, int, int]:
    """The bounding box of the pure-white pixels."""
    mask = image.convert("L").point(lambda v: 255 if v == 255 else 0)
    return mask.getbbox()


@pytest.mark.parametrize("preset", ["mpc", "tgc"])
def test_preset_images_have_the_service_size_rgb_and_300_dpi(project, preset):
    folder = export(project, "--png", "--preset", preset) / f"png-{preset}" / "cards"
    images = sorted(folder.glob("*.png"))
    assert [p.name for p in images] == ["001-front.png", "002-front.png", "003-front.png", "004-front.png",
                                        "back.png"]
    for path in images:
        with Image.open(path) as image:
            assert image.size == PRESETS[preset].image == {"mpc": (822, 1122), "tgc": (825, 1125)}[preset]
            assert image.mode == "RGB"
            assert [round(v) for v in image.info["dpi"]] == [300, 300]


def test_quantities_pair_each_distinct_face_with_its_back_count_and_row(project):
    folder = export(project, "--png", "--dpi", "72") / "png" / "cards"
    assert quantities(folder) == [
        {"front": "001-front.png", "back": "back.png", "count": "4", "row": "2"},
        {"front": "002-front.png", "back": "back.png", "count": "2", "row": "3"},
        {"front": "003-front.png", "back": "back.png", "count": "3", "row": "4"},
        {"front": "004-front.png", "back": "back.png", "count": "1", "row": "5"}]


def test_plain_png_is_the_page_with_its_bleed_at_the_dpi(project):
    folder = export(project, "--png", "--dpi", "100") / "png" / "cards"
    with Image.open(folder / "001-front.png") as image:
        assert image.size == (round(69 * MM * 100), round(94 * MM * 100))
        assert [round(v) for v in image.info["dpi"]] == [100, 100]
        assert image.mode == "RGB"


@pytest.mark.parametrize("preset", ["mpc", "tgc"])
def test_card_trim_lands_on_the_service_cut_line_and_the_bleed_is_extended(project, preset):
    add_edge_game(project)
    result = run("export", "edge", "--png", "--preset", preset, "--project", str(project))
    assert result.exit_code == 0, result.output
    with Image.open(project / "output" / "edge" / f"png-{preset}" / "cards" / "001-front.png") as image:
        left, top, right, bottom = PRESETS[preset].trim_rect()
        box = white_box(image)
        assert all(abs(found - wanted) <= 1.5 for found, wanted in zip(box, (left, top, right, bottom))), box
        width, height = image.size
        for corner in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1), (0, height // 2)):
            assert image.getpixel(corner) == (255, 0, 0), corner


def test_plain_png_keeps_the_layout_bleed(project):
    add_edge_game(project)
    run("export", "edge", "--png", "--dpi", "300", "--project", str(project))
    with Image.open(project / "output" / "edge" / "png" / "cards" / "001-front.png") as image:
        bleed = 3 * MM * 300
        box = white_box(image)
        wanted = (bleed, bleed, image.size[0] - bleed, image.size[1] - bleed)
        assert all(abs(found - edge) <= 1.5 for found, edge in zip(box, wanted)), box


def test_pages_come_from_the_same_pdf_the_print_shop_gets(project, tmp_path):
    root = Project(project)
    game = root.load_game("demo")
    build(root, [game], BuildOptions(tmp_path / "built"))
    pages = write_pages(list(game.components), tmp_path, project, FontBook())[0]
    shop = tmp_path / "built" / "demo" / "print-shop"
    assert pages.front.pdf.read_bytes() == (shop / "cards.pdf").read_bytes()
    assert pages.back.pdf.read_bytes() == (shop / "cards-back.pdf").read_bytes()


def parse_note(text: str) -> list[dict[str, str]]:
    """The fields of each deck in a tts.txt note."""
    decks = []
    for block in re.split(r"\nDeck \d+ ", text)[1:]:
        decks.append(dict(re.findall(r"^  ([A-Za-z ]+):\s+(.+)$", block, re.MULTILINE)))
    return decks


def test_tts_sheets_respect_the_grid_and_size_limits_and_end_with_the_hidden_card(project):
    edit(project / "card_data" / "demo" / "cards.csv", "Spark,attack,1,Deal **1** damage.,4",
         "Spark,attack,1,Deal **1** damage.,64")
    folder = export(project, "--tts") / "tts" / "cards"
    decks = parse_note((folder / "tts.txt").read_text(encoding="utf-8"))
    assert [(d["Width"], d["Height"], d["Number"]) for d in decks] == [("10", "7", "69"), ("2", "2", "1")]
    assert {d["Back"] for d in decks} == {"cards-back.png"} and {d["Unique backs"] for d in decks} == {"off"}
    with Image.open(folder / "cards-back.png") as back:
        slot = back.size
        back_pixels = back.convert("RGB").tobytes()
    for deck in decks:
        columns, rows = int(deck["Width"]), int(deck["Height"])
        with Image.open(folder / deck["Face"]) as sheet:
            assert sheet.mode == "RGB"
            assert sheet.size == (columns * slot[0], rows * slot[1])
            assert max(sheet.size) <= MAX_SIDE and columns <= MAX_COLUMNS and rows <= MAX_ROWS
            last = ((columns - 1) * slot[0], (rows - 1) * slot[1])
            hidden = sheet.crop((*last, last[0] + slot[0], last[1] + slot[1]))
            assert hidden.tobytes() == back_pixels


def test_tts_unique_backs_get_back_sheets_and_png_gets_each_back(project):
    edit(project / "layouts" / "demo" / "cards-back.yaml", 'text: "demo"', 'text: "{{ kind }}"')
    out = export(project, "--tts", "--png", "--dpi", "72")
    decks = parse_note((out / "tts" / "cards" / "tts.txt").read_text(encoding="utf-8"))
    assert [(d["Unique backs"], d["Back"]) for d in decks] == [("on", "cards-back-1.png")]
    with Image.open(out / "tts" / "cards" / "cards-1.png") as face, \
            Image.open(out / "tts" / "cards" / "cards-back-1.png") as back:
        assert face.size == back.size
    rows = quantities(out / "png" / "cards")
    assert [row["back"] for row in rows] == ["back-001.png", "back-001.png", "back-002.png", "back-003.png"]


@given(st.integers(min_value=1, max_value=3000))
def test_grids_hold_every_card_within_tts_limits(cards):
    sheets = grids(cards)
    assert sum(grid.cards for grid in sheets) == cards
    for grid in sheets:
        assert 2 <= grid.columns <= MAX_COLUMNS and 2 <= grid.rows <= MAX_ROWS
        assert grid.cards <= grid.slots - 1  # the last slot is the hidden card


@given(st.integers(min_value=1, max_value=3000), st.floats(min_value=20, max_value=5000),
       st.floats(min_value=20, max_value=5000))
def test_slots_keep_every_sheet_within_4096_px(cards, width, height):
    for grid in grids(cards):
        slot = slot_size((width, height), grid)
        assert grid.columns * slot[0] <= MAX_SIDE and grid.rows * slot[1] <= MAX_SIDE
        assert slot[0] <= width + 1 and slot[1] <= height + 1


def test_export_replaces_stale_files_and_a_failed_export_leaves_the_last_one(project):
    folder = export(project, "--png", "--dpi", "72") / "png" / "cards"
    assert (folder / "004-front.png").exists()
    csv_path = project / "card_data" / "demo" / "cards.csv"
    edit(csv_path, "Potion,item,0,Heal 2. :star: cards heal 1 more.,1", "Potion,item,0,Heal 2.,0")
    export(project, "--png", "--dpi", "72")
    assert not (folder / "004-front.png").exists() and (folder / "003-front.png").exists()
    edit(csv_path, "Spark,attack,1,Deal **1** damage.,4", "Spark,attack,1," + "Deal **1** damage. " * 80 + ",4")
    result = run("export", "demo", "--png", "--dpi", "72", "--project", str(project))
    assert result.exit_code == 1
    assert (folder / "003-front.png").exists()
    assert not list((project / "output" / "demo").glob(".export-*"))


def test_one_worker_and_two_give_the_same_files(project, tmp_path):
    one = tmp_path / "one"
    two = tmp_path / "two"
    for out, workers in ((one, "1"), (two, "2")):
        result = run("export", "demo", "--png", "--tts", "--dpi", "72", "--workers", workers,
                     "--out", str(out), "--project", str(project))
        assert result.exit_code == 0, result.output
    files = sorted(p.relative_to(one) for p in one.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(two) for p in two.rglob("*") if p.is_file())
    assert all((one / f).read_bytes() == (two / f).read_bytes() for f in files)


def test_preset_leaves_out_pieces_that_are_not_cards_with_a_note(tmp_path):
    root = Path(__file__).resolve().parent.parent
    result = CliRunner().invoke(main, ["export", "eitsuku", "--png", "--preset", "tgc", "--component", "budget",
                                       "--component", "turn_track", "--out", str(tmp_path),
                                       "--project", str(root)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "note: turn_track: a sheet, not a card: left out of the tgc preset" in result.output
    assert sorted(p.name for p in (tmp_path / "eitsuku" / "png-tgc").iterdir()) == ["budget"]
    with Image.open(tmp_path / "eitsuku" / "png-tgc" / "budget" / "001-front.png") as image:
        assert image.size == (825, 1125)


@pytest.mark.parametrize("args,code,message", [
    (["--png", "--preset", "moo"], 2, None),
    (["--png", "--preset", "mpc", "--dpi", "150"], 2,
     "error: pnp export: the mpc preset is 300 dpi; drop --dpi, or drop --preset\n"),
    ([], 2, "error: pnp export: nothing to export; add --png, --tts or both\n"),
    (["--tts", "--preset", "tgc"], 2,
     "error: pnp export: --preset sizes the PNG images; add --png, or drop --preset\n"),
    (["--png", "--dpi", "5"], 2, "error: pnp export: --dpi 5 is out of range; use 50 to 600\n"),
    (["--png", "--component", "nope"], 2,
     "error: pnp export --component: demo has no component 'nope'; use one of cards\n"),
])
def test_bad_usage_is_one_line(project, args, code, message):
    result = run("export", "demo", *args, "--project", str(project))
    assert result.exit_code == code
    assert "Traceback" not in result.output
    if message is not None:
        assert result.output == message
    else:
        assert result.output.count("\n") <= 4 and "moo" in result.output


def test_a_card_that_is_not_poker_size_is_refused_by_a_preset(project):
    edit(project / "layouts" / "demo" / "_base.yaml", "size: poker", "size: [63, 100]")
    result = run("export", "demo", "--png", "--preset", "mpc", "--project", str(project))
    assert result.exit_code == 1
    assert result.output == (
        "error: pnp export demo --preset mpc: cards is 63x100 mm, but the mpc preset is for MakePlayingCards poker "
        "cards (63.0x87.9 mm); choose the poker-size components with --component NAME, or drop --preset to "
        "export cards at its own size\n")
    assert not (project / "output" / "demo" / "png-mpc").exists()
