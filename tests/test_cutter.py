"""Print-then-cut sheets for home cutters, `pnp build --cutter silhouette|cricut`: the registration marks read back
from the PDF, and each sheet's SVG cut file lying on the pieces placed on that sheet within 0.01 mm."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import shapes_demo
from cut_check import placements
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.build.builder import BuildOptions, build
from pnp.cli.main import main
from pnp.project.games import Project
from pnp.sheet.cutter import best_page, cutter_imposition, cutter_page
from pnp.units import Size, pt

MANIFEST = "card_data/demo/game.yaml"
SHAPES = """
  - {name: rounded, csv: cards.csv, layout: cards.yaml, back: cards-back.yaml, cut: rounded, radius: 4,
     shares_rows: true}
  - {name: discs, csv: cards.csv, layout: cards.yaml, kind: token, cut: circle, shares_rows: true}
  - {name: leaves, csv: cards.csv, layout: cards.yaml, cut: shapes/leaf.svg, shares_rows: true}
check:"""
TOLERANCE = 0.01  # mm
A4 = Size(210, 297)
CARD = Size(63, 88)
BLEED = 3.0
# Silhouette's Type 1 marks on A4 (x, y from the bottom left, width, height; mm): the square 10 mm in from the top
# left corner, the corner marks' arms, 20 mm long and 0.5 mm thick, 10 mm in from the top right and bottom left
SILHOUETTE_A4 = [(10, 282, 5, 5), (180, 286.5, 20, 0.5), (199.5, 267, 0.5, 20), (10, 10, 20, 0.5), (10, 10, 0.5, 20)]


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """A `pnp new` project with a component of each cut."""
    root = shapes_demo(tmp_path_factory.mktemp("cutter"), SHAPES)
    return root


@pytest.fixture(scope="module")
def silhouette(project) -> Path:
    """The project built for a Silhouette, with --cut-lines."""
    loaded = Project(project)
    options = BuildOptions(project / "silhouette", cut_lines=True, cutter="silhouette")
    build(loaded, [loaded.load_game("demo")], options)
    return project / "silhouette/demo/cutter"


def filled_rects(reader: PdfReader, index: int) -> list[tuple[float, ...]]:
    """Every rectangle filled on a page (not a clip), in mm: x, y, width, height."""
    found, pending = [], []
    for operands, op in ContentStream(reader.pages[index].get_contents(), reader).operations:
        if op == b"re":
            pending.append(tuple(round(float(v) / pt(1), 4) for v in operands))
        elif op in (b"f", b"F", b"f*"):
            found += pending
            pending = []
        elif op in (b"n", b"S", b"W"):
            pending = [] if op != b"W" else pending
    return found


def svg_paths(svg: Path) -> list[list[tuple[float, float]]]:
    """The end point of each segment of every path of an SVG cut file, in mm from the bottom left (as the PDF
    counts)."""
    text = svg.read_text(encoding="utf-8")
    height = float(re.search(r'viewBox="0 0 [\d.]+ ([\d.]+)"', text).group(1))
    paths = []
    for data in re.findall(r' d="([^"]+)"', text):
        ends = [re.findall(r"-?[\d.]+", segment)[-2:] for segment in re.findall(r"[MLC][^MLCZ]+", data)]
        paths.append([(float(x), height - float(y)) for x, y in ends])
    return paths


def close(found, expected) -> bool:
    return len(found) == len(expected) and all(abs(a - c) <= TOLERANCE and abs(b - d) <= TOLERANCE
                                               for (a, b), (c, d) in zip(found, expected))


def test_every_front_sheet_has_silhouettes_three_marks_and_its_back_none(silhouette):
    reader = PdfReader(silhouette / "demo-rounded-silhouette-a4.pdf")
    assert len(reader.pages) == 6  # 10 cards, 4 a sheet: three fronts, each followed by its back
    for index, page in enumerate(reader.pages):
        assert [round(float(v) / pt(1), 2) for v in page.mediabox[2:]] == [210, 297]
        assert filled_rects(reader, index) == ([tuple(map(float, m)) for m in SILHOUETTE_A4] if index % 2 == 0 else [])
        assert (b".45 .45 .45 RG" in page.get_contents().get_data()) == (index % 2 == 0)  # --cut-lines: fronts only


def test_the_pieces_and_their_bleed_stay_clear_of_the_marks(silhouette):
    for index, corners in enumerate(placements(silhouette / "demo-cards-silhouette-a4.pdf")[::2]):
        for x, y in corners:
            assert 18 - TOLERANCE <= x - BLEED and x + 63 + BLEED <= 192 + TOLERANCE, (index, x)
            assert 18 - TOLERANCE <= y - BLEED and y + 88 + BLEED <= 279 + TOLERANCE, (index, y)


@pytest.mark.parametrize(("name", "shape"), [
    ("cards", [(0, 0), (63, 0), (63, 88), (0, 88)]),
    ("rounded", [(4, 0), (59, 0), (63, 4), (63, 84), (59, 88), (4, 88), (0, 84), (0, 4), (4, 0)]),
    ("discs", [(63, 44), (31.5, 88), (0, 44), (31.5, 0), (63, 44)]),
    ("leaves", [(0, 88), (63, 88), (0, 0)]),
])
def test_each_sheets_svg_paths_lie_on_the_pieces_printed_on_it(silhouette, name, shape):
    pdf = silhouette / f"demo-{name}-silhouette-a4.pdf"
    fronts = placements(pdf)[::2] if name in ("cards", "rounded") else placements(pdf)
    assert len(fronts) == 3 and list(silhouette.glob(f"demo-{name}-silhouette-a4-*.svg"))
    for number, corners in enumerate(fronts, 1):
        paths = svg_paths(silhouette / f"demo-{name}-silhouette-a4-{number}.svg")
        assert len(paths) == len(corners) == (4 if number < 3 else 2)
        for path, (x, y) in zip(paths, corners):
            assert close(path, [(x + px, y + py) for px, py in shape]), (name, number, path)


def test_an_svg_cut_file_is_in_millimetres(silhouette):
    text = (silhouette / "demo-cards-silhouette-a4-1.svg").read_text(encoding="utf-8")
    assert 'width="210mm" height="297mm" viewBox="0 0 210 297"' in text
    assert text.count("<path ") == 4 and text.count(' Z"') == 4


def test_cricut_gets_its_print_then_cut_image_size_without_marks_replacing_its_earlier_files(project, tmp_path):
    folder = tmp_path / "o/demo/cutter"
    folder.mkdir(parents=True)
    for stale in ("demo-cards-cricut-4.svg", "demo-cards-cricut-4.png", "demo-cards-silhouette-a4-1.svg"):
        (folder / stale).write_text("earlier", encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "demo", "--project", str(project), "--out", str(tmp_path / "o"),
                                       "--cutter", "cricut", "--component", "cards", "--paper", "letter"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == [f"demo-cards-cricut{tail}" for tail in (
        "-1.png", "-1.svg", "-2.png", "-2.svg", "-3.png", "-3.svg", ".pdf")] + ["demo-cards-silhouette-a4-1.svg"]
    reader = PdfReader(folder / "demo-cards-cricut.pdf")
    assert len(reader.pages) == 3  # fronts only: Design Space prints one side
    assert [round(float(v) / pt(1), 2) for v in reader.pages[0].mediabox[2:]] == [171.45, 234.95]  # 6.75 x 9.25 in
    assert filled_rects(reader, 0) == []  # Design Space adds its own marks
    image = Image.open(folder / "demo-cards-cricut-1.png")
    assert image.size == (2025, 2775) and round(image.info["dpi"][0]) == 300
    svg = (folder / "demo-cards-cricut-1.svg").read_text(encoding="utf-8")
    [(x, y)] = placements(folder / "demo-cards-cricut.pdf")[0][:1]
    assert f"at X {x / 25.4:.3f} in, Y {(234.95 - y - 88) / 25.4:.3f} in" in svg
    assert close(svg_paths(folder / "demo-cards-cricut-1.svg")[0][:2], [(x, y), (x + 63, y)])
    assert "demo/cards: cricut, 4 a sheet on 3 sheets" in result.output


def test_an_unknown_cutter_is_bad_usage_and_writes_nothing(project, tmp_path):
    result = CliRunner().invoke(main, ["build", "--project", str(project), "--out", str(tmp_path / "o"),
                                       "--cutter", "brother"], prog_name="pnp")
    assert result.exit_code == 2 and not (tmp_path / "o").exists()
    assert result.output.splitlines() == [
        "error: pnp build: Invalid value for '--cutter': 'brother' is not one of 'silhouette', 'cricut', 'none'; "
        "see 'pnp build --help'"]


def test_a_piece_larger_than_the_cutting_area_is_left_out():
    page = cutter_page("silhouette", A4)
    assert cutter_imposition(page, Size(170, 100), 3) is None  # 176 mm with its bleed; the area is 174 mm wide
    assert cutter_imposition(page, Size(168, 100), 3).per_sheet == 2
    assert cutter_imposition(cutter_page("cricut", A4), CARD, BLEED).per_sheet == 4


def test_a_wide_piece_gets_a_silhouette_page_turned_with_its_marks():
    page, imposition = best_page("silhouette", A4, Size(190, 130), 3)  # 196 mm wide with its bleed
    assert page.page == Size(297, 210) and imposition.per_sheet == 1
    assert [(m.x, m.y, m.w, m.h) for m in page.marks][:2] == [(10, 195, 5, 5), (267, 199.5, 20, 0.5)]
    assert best_page("cricut", A4, Size(190, 130), 3)[1] is None  # Design Space's image stays upright
