"""Art: SVG images drawn as vectors, inline image symbols in text, the resolution check, where image paths resolve."""

from __future__ import annotations

import os
import re

import pytest
from click.testing import CliRunner
from conftest import replace_once
from PIL import Image
from pypdf import PdfReader

from pnp.cli.main import main
from pnp.face import paint
from pnp.face.render import Renderer
from pnp.face.resolution import effective_dpi
from pnp.project.games import Project
from pnp.text.fonts import FontBook
from pnp.units import pt

FRONT = "layouts/demo/cards.yaml"
BASE = "layouts/demo/_base.yaml"
CSV = "card_data/demo/cards.csv"
ART = "card_data/demo/art"
# An SVG with a colour no other part of the example card uses: its fill must reach the PDF as a vector fill.
SUN = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60" width="100" height="60">'
       '<rect width="100" height="60" fill="#0000ff"/><circle cx="50" cy="30" r="20" fill="#00ff00"/></svg>')
COIN = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10" width="20" height="10">'
        '<ellipse cx="10" cy="5" rx="9" ry="4" fill="#ff00ff"/></svg>')


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def add_image(project, src: str, fit: str = "contain", box: str = "x: 5, y: 22, w: 53, h: 26") -> None:
    """Add an image element at the end of the example's front layout."""
    path = project / FRONT
    path.write_text(path.read_text(encoding="utf-8") + f"  - {{type: image, {box}, src: {src}, fit: {fit}}}\n",
                    encoding="utf-8")


def write_art(project, name: str, text: str) -> None:
    (project / ART).mkdir(parents=True, exist_ok=True)
    (project / ART / name).write_text(text, encoding="utf-8")


def _streams(resources, seen=None):
    """(form contents, image count) below a resources dictionary, through nested forms."""
    contents, images = [], 0
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if xobject["/Subtype"] == "/Image":
            images += 1
        elif xobject["/Subtype"] == "/Form":
            contents.append(xobject.get_data().decode("latin-1"))
            inner, count = _streams(xobject.get("/Resources") or {})
            contents += inner
            images += count
    return contents, images


def page_content(pdf) -> str:
    """The first page's drawing operators, with the forms it draws."""
    page = PdfReader(pdf).pages[0]
    return "\n".join([page.get_contents().get_data().decode("latin-1")] + _streams(page["/Resources"])[0])


def image_xobjects(pdf) -> int:
    return _streams(PdfReader(pdf).pages[0]["/Resources"])[1]


def test_svg_image_is_drawn_as_vector_paths(project):
    write_art(project, "sun.svg", SUN)
    add_image(project, "art/sun.svg")
    result = run("build", "--project", str(project))
    assert result.exit_code == 0, result.output
    shop = project / "output/demo/print-shop/cards.pdf"
    content = page_content(shop)
    assert re.search(r"\b0 0 1 rg\b", content) and re.search(r"\b0 1 0 rg\b", content)  # both fills, as vectors
    assert " re" in content and " c\n" in content or " c " in content  # a rectangle and the circle's curves
    assert image_xobjects(shop) == 0
    again = project / "again"
    run("build", "--project", str(project), "--out", str(again))
    assert (again / "demo/print-shop/cards.pdf").read_bytes() == shop.read_bytes()


def test_svg_is_fitted_to_its_box(project):
    """A 100x60 SVG contained in a 53x26 mm box is scaled by the box height and centred across."""
    write_art(project, "sun.svg", SUN)
    add_image(project, "art/sun.svg")
    calls = []
    original = paint.draw_svg

    def spy(canvas, drawing, x, y, w, h, fit):
        calls.append((x, y, w, h, fit))
        original(canvas, drawing, x, y, w, h, fit)
    faces = _faces(project)
    from reportlab.pdfgen.canvas import Canvas
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(paint, "draw_svg", spy)
        paint.paint_face(Canvas(os.devnull), faces[0])
    assert calls[-1:] == [(pytest.approx(pt(5)), pytest.approx(pt(88 - 22 - 26)), pytest.approx(pt(53)),
                      pytest.approx(pt(26)), "contain")]


@pytest.mark.parametrize("content,message", [
    ("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect", "not a valid SVG file: "),
    ("<html><body/></html>", "not an SVG file: the root element is <html>; save the art as SVG"),
    ("<svg xmlns='http://www.w3.org/2000/svg'/>", "SVG has no size; give the <svg> element width and height, "
                                                  "or a viewBox"),
])
def test_bad_svg_is_one_line(project, content, message):
    write_art(project, "bad.svg", content)
    add_image(project, "art/bad.svg")
    result = run("build", "--project", str(project))
    assert result.exit_code == 1
    errors = result.stderr.splitlines()
    assert len(errors) == 1 and "Traceback" not in result.output
    assert errors[0].startswith("error: card_data/demo/cards.csv: row 2: art/bad.svg: " + message)


def test_svg_size_is_bounded(project):
    write_art(project, "huge.svg", SUN[:-6] + "<!--" + "x" * (5 * 1024 * 1024) + "--></svg>")
    add_image(project, "art/huge.svg")
    result = run("build", "--project", str(project))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        "error: card_data/demo/cards.csv: row 2: art/huge.svg: SVG file is 5.0 MB, more than the 4 MB allowed; "
        "simplify the art or save it as an optimised SVG")


def _faces(project):
    """The example's front faces, one per row."""
    proj = Project(project)
    component = proj.load_game("demo").components[0]
    renderer = Renderer(FontBook(), proj.root)
    return [renderer.face(component.front, component.table, row) for row in component.table.rows]


def _use_coin(project, text: str, symbol: str = "{image: art/coin.svg}") -> None:
    write_art(project, "coin.svg", COIN)
    replace_once(project / BASE, "\nsymbols:", f"\nsymbols:\n  coin: {symbol}")
    replace_once(project / CSV, "Deal **1** damage.", text)


def _inline_pictures(face):
    """(text box, size, picture boxes) of each text element, the pictures from a spying painter."""
    from reportlab.pdfgen.canvas import Canvas
    found = []
    for op in face.ops:
        if op.kind != "text":
            continue
        drawn = []
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(paint, "_picture",
                       lambda canvas, path, art, box, fit, drawn=drawn: drawn.append((path.name, box)))
            paint.paint_face(Canvas(os.devnull), type(face)(face.width, face.height, face.bleed, (op,)))
        found.append((op.box, op.text.size, drawn))
    return found


def test_inline_svg_icon_is_drawn_in_the_text_at_its_size(project):
    _use_coin(project, "Gain :coin: now.")
    box, size, drawn = [t for t in _inline_pictures(_faces(project)[0]) if t[2]][0]
    assert len(drawn) == 1
    name, icon = drawn[0]
    assert name == "coin.svg"
    assert icon.h == pytest.approx(size) and icon.w == pytest.approx(2 * size)  # 20x10 art, one text size high
    assert box.x < icon.x and icon.x + icon.w < box.x + box.w
    assert box.y < icon.y and icon.y + icon.h <= box.y + box.h + 1e-6
    result = run("build", "--project", str(project))
    assert result.exit_code == 0, result.output
    assert re.search(r"\b1 0 1 rg\b", page_content(project / "output/demo/print-shop/cards.pdf"))


def test_inline_icons_wrap_and_shrink_with_the_text(project):
    words = " ".join(["word :coin:"] * 22)
    _use_coin(project, words)
    box, size, drawn = [t for t in _inline_pictures(_faces(project)[0]) if t[2]][0]
    assert len(drawn) == 22
    assert size < 9  # shrunk from the body's size to fit
    rows = sorted({round(icon.y, 3) for _, icon in drawn})
    assert len(rows) > 3  # the icons flow onto several lines
    for _, icon in drawn:
        assert icon.h == pytest.approx(size)
        assert box.x - 1e-6 <= icon.x and icon.x + icon.w <= box.x + box.w + 1e-6
        assert box.y - 0.2 * size <= icon.y and icon.y + icon.h <= box.y + box.h + 1e-6


def test_inline_png_icon_is_an_image_in_the_pdf(project):
    (project / ART).mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (64, 64), (255, 0, 0)).save(project / ART / "gem.png")
    _use_coin(project, "Gain :gem:.", "{image: art/gem.png}\n  gem: {image: art/gem.png}")
    result = run("build", "--project", str(project))
    assert result.exit_code == 0, result.output
    assert image_xobjects(project / "output/demo/print-shop/cards.pdf") == 1
    proof = run("proof", "demo", "--project", str(project), "--text", str(project / "t.md"))
    assert proof.exit_code == 0
    assert "Gain :gem:." in (project / "t.md").read_text(encoding="utf-8")


def test_symbol_needs_char_or_image(project):
    replace_once(project / BASE, "\nsymbols:", "\nsymbols:\n  coin: {image: a.svg, char: x}")
    result = run("build", "--project", str(project))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        "error: layouts/demo/_base.yaml: symbols.coin: a symbol needs char: or image: (one of them); write for "
        "example coin: {char: ●, color: '#d4a017'} or coin: {image: art/coin.svg}")


@pytest.mark.parametrize("pixels,box,fit,dpi", [
    ((40, 30), (55, 30), "stretch", 40 / (55 / 25.4)),  # the example: 18.5 dpi across
    ((600, 300), (50.8, 50.8), "contain", 300),  # 2 in wide: 600 px across
    ((600, 300), (50.8, 50.8), "cover", 150),  # 2 in high: 300 px down
    ((600, 600), (50.8, 50.8), "contain", 300),
])
def test_effective_dpi(pixels, box, fit, dpi):
    assert effective_dpi(pixels, pt(box[0]), pt(box[1]), fit) == pytest.approx(dpi)
    assert effective_dpi(pixels, pt(box[0]), pt(box[1]), fit, scale=2.0) == pytest.approx(dpi / 2)


def test_low_resolution_is_a_proof_finding_and_a_build_warning(project):
    (project / ART).mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (40, 30), (200, 50, 50)).save(project / ART / "low.png")
    Image.new("RGB", (400, 300), (200, 50, 50)).save(project / ART / "mid.png")  # 184 dpi: proof only
    Image.new("RGB", (1000, 600), (200, 50, 50)).save(project / ART / "fine.png")  # 462 dpi
    add_image(project, "art/low.png", "stretch", "x: 4, y: 22, w: 55, h: 30")
    add_image(project, "art/mid.png", "stretch", "x: 4, y: 22, w: 55, h: 30")
    add_image(project, "art/fine.png", "stretch", "x: 4, y: 22, w: 55, h: 30")
    result = run("build", "--project", str(project))
    assert result.exit_code == 0
    warnings = [line.strip() for line in result.output.splitlines() if "warning" in line]
    assert warnings == ["warning: card_data/demo/cards.csv: rows 2, 3, 4, 5: image 'card_data/demo/art/low.png' "
                        "(40x30 px) prints at 18 dpi, below 150 dpi; use an image of at least 300 dpi at its "
                        "printed size"]
    proof = run("proof", "demo", "--project", str(project))
    lines = [line for line in proof.output.splitlines() if ": image: " in line]
    assert lines == [
        "card_data/demo/cards.csv:2: image: image 'card_data/demo/art/low.png' (40x30 px) prints at 18 dpi, below "
        "300 dpi; use an image of at least 300 dpi at its printed size (also rows 3, 4, 5)",
        "card_data/demo/cards.csv:2: image: image 'card_data/demo/art/mid.png' (400x300 px) prints at 185 dpi, "
        "below 300 dpi; use an image of at least 300 dpi at its printed size (also rows 3, 4, 5)"]


def test_game_folder_path_wins_over_the_project_path(project):
    write_art(project, "sun.svg", SUN)
    (project / "art").mkdir()
    (project / "art" / "sun.svg").write_text(SUN.replace("#0000ff", "#ff0000"), encoding="utf-8")
    add_image(project, "art/sun.svg")
    assert _faces(project)[0].ops[-1].image == (project / ART / "sun.svg").resolve()
    (project / ART / "sun.svg").unlink()
    assert _faces(project)[0].ops[-1].image == (project / "art" / "sun.svg").resolve()
    add_image(project, "card_data/demo/art/../../../art/sun.svg")  # project-relative path, still inside
    assert run("build", "--project", str(project)).exit_code == 0


def test_symlink_out_of_the_project_is_refused(project, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    (outside / "sun.svg").write_text(SUN, encoding="utf-8")
    (project / ART).mkdir(parents=True, exist_ok=True)
    (project / ART / "sun.svg").symlink_to(outside / "sun.svg")  # the game-folder reading leaves the project
    add_image(project, "art/sun.svg")
    result = run("build", "--project", str(project))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        "error: card_data/demo/cards.csv: row 2: layouts/demo/cards.yaml: elements[7].src: 'art/sun.svg' is a link "
        "that leads outside the project folder; copy the file into the project and name it by a path inside it")


def test_every_ghost_couple_piece_is_finished(repo):
    """No placeholder left: every image on every Ghost Couple piece draws art, each ghost a figure per side."""
    renderer = Renderer(FontBook(), repo.root)
    figures: dict[str, set] = {}
    for component in repo.load_game("ghost_couple").components:
        for layout in filter(None, (component.front, component.back)):
            for row in component.table.rows:
                for op in renderer.face(layout, component.table, row).ops:
                    if op.kind != "image":
                        continue
                    assert op.image is not None, f"{component.name}: row {row.number} draws a placeholder"
                    if component.name == "cards":
                        assert op.art is not None  # vector art
                        figures.setdefault(row.values["ghost"], set()).add((row.values["side"], op.image.name))
    assert len(figures) == 27
    for ghost, drawn in figures.items():
        assert drawn == {(0, f"{ghost}-0.svg"), (1, f"{ghost}-1.svg")}


def test_the_example_game_uses_svg_art_and_an_inline_icon(project):
    faces = _faces(project)
    pictures = [op.image.name for face in faces for op in face.ops if op.kind == "image" and op.art is not None]
    assert pictures == ["attack.svg", "attack.svg", "defence.svg", "item.svg"]
    potion = [drawn for _, _, drawn in _inline_pictures(faces[3]) if drawn]
    assert [name for name, _ in potion[0]] == ["star.svg"]


def test_court_cards_and_candidate_backs_draw_art(repo):
    renderer = Renderer(FontBook(), repo.root)
    deck = repo.load_game("standard_deck").components[0]
    for row in deck.table.rows:
        art = sorted({op.image.name for op in renderer.face(deck.front, deck.table, row).ops if op.kind == "image"})
        expected = [f"{row.values['rank'].lower()}-{row.values['color']}.svg"] if row.values["value"] > 10 else []
        assert art == expected
    candidates = [c for c in repo.load_game("torite4to6").components if c.name == "candidates"][0]
    back = renderer.face(candidates.back, candidates.table, candidates.table.rows[0])
    assert [op.image.name for op in back.ops if op.kind == "image" and op.art is not None] == ["candidate-back.svg"]


def test_svg_art_shows_in_the_png_export(project):
    write_art(project, "sun.svg", SUN)
    add_image(project, "art/sun.svg")
    result = run("export", "demo", "--png", "--dpi", "60", "--component", "cards", "--workers", "1",
                 "--project", str(project))
    assert result.exit_code == 0, result.output
    image = Image.open(project / "output/demo/png/cards/001-front.png").convert("RGB")
    colours = {colour for _, colour in image.getcolors(1 << 16)}
    assert (0, 0, 255) in colours and (0, 255, 0) in colours  # the SVG's blue sky and green disc


def _use_bomb(levels: int) -> str:
    """An SVG of a few hundred bytes whose nested <use> references draw 10 ** levels circles."""
    defs = ['<circle id="l0" r="1"/>'] + [
        f'<g id="l{n}">' + f'<use href="#l{n - 1}"/>' * 10 + "</g>" for n in range(1, levels + 1)]
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs>' + "".join(defs)
            + f'</defs><use href="#l{levels}"/></svg>')


@pytest.mark.parametrize("content", [
    _use_bomb(9),
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g id="a"><use href="#a"/></g></svg>',
], ids=["nested uses", "a use inside itself"])
def test_svg_that_would_never_finish_drawing_is_refused(project, content):
    write_art(project, "bomb.svg", content)
    add_image(project, "art/bomb.svg")
    result = run("build", "--project", str(project))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        "error: card_data/demo/cards.csv: row 2: art/bomb.svg: SVG draws more than 200000 elements once its <use> "
        "references are expanded; simplify the art")
