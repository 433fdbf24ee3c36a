"""Cut shapes and die lines: `cut: rounded`, `circle` or an SVG path; `--cut-lines` on the home sheets; `--die-line`
on every print-shop page as a Separation colour that overprints, read back from the PDFs within 0.01 mm of the trim."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import replace_once, shapes_demo
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.build.builder import BuildOptions, build
from pnp.cli.main import main
from pnp.project.games import Project
from pnp.units import pt

MANIFEST = "card_data/demo/game.yaml"
SHAPES = """
  - {name: rounded, csv: cards.csv, layout: cards.yaml, back: cards-back.yaml, cut: rounded, radius: 4,
     shares_rows: true}
  - {name: discs, csv: cards.csv, layout: cards.yaml, back: cards-back.yaml, kind: token, cut: circle,
     shares_rows: true}
  - {name: leaves, csv: cards.csv, layout: cards.yaml, back: cards-back.yaml, cut: shapes/leaf.svg, shares_rows: true}
  - {name: mat, csv: cards.csv, layout: cards.yaml, kind: sheet, where: "name == 'Spark'", selection: true,
     shares_rows: true, print_shop: true}
  - {name: figure, csv: cards.csv, layout: cards.yaml, back: cards-back.yaml, kind: standee, where: "name == 'Spark'",
     selection: true, shares_rows: true, print_shop: true}
check:"""
TOLERANCE = 0.01  # mm


@pytest.fixture(scope="module")
def shapes(tmp_path_factory) -> Path:
    """A `pnp new` project with a component of each cut, built with --die-line and --cut-lines."""
    root = shapes_demo(tmp_path_factory.mktemp("shapes"), SHAPES)
    project = Project(root)
    build(project, [project.load_game("demo")], BuildOptions(root / "out", die_line="CutContour", cut_lines=True,
                                                             share=False))  # each sheet one component's
    return root / "out" / "demo"


def die_paths(reader: PdfReader, index: int, name: str = "/CutContour") -> list[list[tuple[float, float]]]:
    """The end points of every path stroked in the spot colour on a page, in mm from the trim's bottom left."""
    page = reader.pages[index]
    trim = page.trimbox
    shift, stack, paths, current, inked = (0.0, 0.0), [], [], [], False
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"q":
            stack.append((shift, inked))
        elif op == b"Q":
            shift, inked = stack.pop()
        elif op == b"cm":
            shift = (shift[0] + float(operands[4]), shift[1] + float(operands[5]))
        elif op == b"CS":
            inked = operands[0] == name
        elif op in (b"m", b"l", b"c") and inked:
            x, y = float(operands[-2]) + shift[0], float(operands[-1]) + shift[1]
            current.append(((x - float(trim.left)) / pt(1), (y - float(trim.bottom)) / pt(1)))
        elif op in (b"S", b"s") and inked:
            paths.append(current)
            current = []
        elif op in (b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*") and inked:
            raise AssertionError("the die line is stroked, never filled")
    return paths


def close(found: list[tuple[float, float]], expected: list[tuple[float, float]]) -> bool:
    """Tell whether two lists of points agree within TOLERANCE mm."""
    return len(found) == len(expected) and all(abs(a - c) <= TOLERANCE and abs(b - d) <= TOLERANCE
                                               for (a, b), (c, d) in zip(found, expected))


def test_the_die_line_is_a_separation_that_overprints_on_every_page(shapes):
    for name in ("cards", "cards-back", "rounded", "discs-back", "leaves", "mat", "figure"):
        reader = PdfReader(shapes / "print-shop" / f"{name}.pdf")
        for index, page in enumerate(reader.pages):
            resources = page["/Resources"]
            space = resources["/ColorSpace"]["/CutContour"].get_object()
            assert [str(v) for v in space[:3]] == ["/Separation", "/CutContour", "/DeviceCMYK"]
            assert {"/OP": True, "/op": True, "/OPM": 1} in [dict(g) for g in resources["/ExtGState"].values()]
            assert len(die_paths(reader, index)) == 1, (name, index)


def test_a_square_cut_lies_on_the_trim_box(shapes):
    [path] = die_paths(PdfReader(shapes / "print-shop/cards.pdf"), 0)
    assert close(path, [(0, 0), (63, 0), (63, 88), (0, 88)])


def test_a_rounded_cut_has_its_radius(shapes):
    [path] = die_paths(PdfReader(shapes / "print-shop/rounded.pdf"), 0)
    assert close(path, [(4, 0), (59, 0), (63, 4), (63, 84), (59, 88), (4, 88), (0, 84), (0, 4), (4, 0)])


def test_a_circle_cut_touches_the_trim_at_four_points(shapes):
    [path] = die_paths(PdfReader(shapes / "print-shop/discs.pdf"), 0)
    assert close(path, [(63, 44), (31.5, 88), (0, 44), (31.5, 0), (63, 44)])


def test_an_svg_cut_is_scaled_to_the_trim_and_mirrored_on_backs(shapes):
    assert close(die_paths(PdfReader(shapes / "print-shop/leaves.pdf"), 0)[0], [(0, 88), (63, 88), (0, 0)])
    assert close(die_paths(PdfReader(shapes / "print-shop/leaves-back.pdf"), 0)[0], [(63, 88), (0, 88), (63, 0)])


def test_mats_and_standees_get_print_shop_files_when_asked(shapes):
    files = sorted(path.name for path in (shapes / "print-shop").glob("*.pdf"))
    assert files == ["cards-back.pdf", "cards.pdf", "discs-back.pdf", "discs.pdf", "figure.pdf", "leaves-back.pdf",
                     "leaves.pdf", "mat.pdf", "rounded-back.pdf", "rounded.pdf"]
    strip = PdfReader(shapes / "print-shop/figure.pdf")  # a standee's whole strip: two figures and two 15 mm tabs
    assert len(strip.pages) == 4
    assert close(die_paths(strip, 0)[0], [(0, 0), (63, 0), (63, 2 * 88 + 30), (0, 2 * 88 + 30)])


def test_cut_lines_are_drawn_on_front_sheets_only(shapes):
    reader = PdfReader(shapes / "demo-a4.pdf")
    grey = [page.get_contents().get_data().count(b".45 .45 .45 RG") - 1 for page in reader.pages]  # 1: the marks'
    # 10 pieces, 8 a sheet: cards, rounded, discs (their circle guides instead), leaves, then the mat's one page
    assert grey[:17] == [1, 0, 1, 0] * 2 + [0, 0, 0, 0] + [1, 0, 1, 0] + [1]


def test_without_the_options_there_is_no_spot_colour(project, tmp_path):
    build(Project(project), [Project(project).load_game("demo")], BuildOptions(tmp_path / "out"))
    for path in (tmp_path / "out/demo").rglob("*.pdf"):
        assert b"/Separation" not in path.read_bytes() and b"CutContour" not in path.read_bytes()


def test_a_die_line_in_cmyk_files_keeps_its_spot_colour(project, tmp_path):
    result = CliRunner().invoke(main, ["build", "--project", str(project), "--out", str(tmp_path / "o"),
                                       "--color", "cmyk", "--die-line-name", "Thru-cut"])
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "o/demo/print-shop/cards.pdf")
    space = reader.pages[0]["/Resources"]["/ColorSpace"]["/Thru-cut"].get_object()
    assert [str(v) for v in space[:3]] == ["/Separation", "/Thru-cut", "/DeviceCMYK"]
    assert close(die_paths(reader, 0, "/Thru-cut")[0], [(0, 0), (63, 0), (63, 88), (0, 88)])


def test_a_bad_spot_colour_name_is_bad_usage(project, tmp_path):
    result = CliRunner().invoke(main, ["build", "--project", str(project), "--out", str(tmp_path / "o"),
                                       "--die-line-name", "Cut Contour"])
    assert result.exit_code == 2 and not (tmp_path / "o").exists()
    assert result.output.splitlines()[-1] == (
        "error: --die-line-name: 'Cut Contour' is not a spot colour name; write letters, digits, '_', '.' or '-' "
        "(at most 63), e.g. --die-line-name CutContour")


def test_the_preview_shows_a_cut_that_is_not_a_rectangle(shapes, tmp_path):
    from pnp.export.source import write_pages
    from pnp.text.fonts import FontBook
    project = Project(shapes.parent.parent)
    components = [c for c in project.load_game("demo").components if c.name in ("cards", "rounded")]
    cards, rounded = write_pages(components, tmp_path, project.root, FontBook(), shapes=True)
    assert die_paths(PdfReader(cards.front.pdf), 0) == []
    assert close(die_paths(PdfReader(rounded.front.pdf), 0)[0][:2], [(4, 0), (59, 0)])


def test_an_svg_path_with_arcs_relative_moves_and_transforms_is_read_in_mm(tmp_path):
    from pnp.face.cutpath import read_cut_path
    from pnp.sheet.cutlines import outline_points
    from pnp.units import Size
    svg = tmp_path / "tag.svg"
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><g transform="translate(10 0)">'
                   '<path transform="scale(2)" d="m0 0 h80 a10 25 0 0 1 0 50 H0 v-50 z"/></g></svg>', encoding="utf-8")
    points = outline_points(read_cut_path(svg, "tag", Size(100, 50)))
    # user space: (10,0) (170,0), an arc out to x=190 and down to (170,100), (10,100), (10,0); y turned up, halved
    assert close([points[0], points[1], *points[-3:]], [(5, 50), (85, 50), (85, 0), (5, 0), (5, 50)])
    assert max(x for x, _ in points) == pytest.approx(95, abs=TOLERANCE)


def test_cut_lines_on_gutterfold_sheets(project, tmp_path):
    replace_once(project / MANIFEST, "layout: {by: kind", "cut: rounded\n    layout: {by: kind")
    build(Project(project), [Project(project).load_game("demo")],
          BuildOptions(tmp_path / "out", layout="gutterfold", cut_lines=True))
    reader = PdfReader(tmp_path / "out/demo/demo-cards-a4-gutterfold.pdf")
    data = reader.pages[0].get_contents().get_data()
    assert data.count(b".45 .45 .45 RG") == 3  # the marks' grey on each half, and the fronts' cut lines
