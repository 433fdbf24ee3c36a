"""SVG art as a user gets it: text drawn with the project's fonts (embedded, subset), what pnp cannot draw named in a
warning and a proof finding, and art in CMYK files printed as the rest of the card is."""

from __future__ import annotations

import base64
import io
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import poppler, replace_once
from PIL import Image
from pypdf import PdfReader
from reportlab.graphics.shapes import String

from pnp.cli.main import main
from pnp.face.render import Renderer
from pnp.project.games import Project
from pnp.proof.collect import collect
from pnp.text.fonts import FontBook

ART = "card_data/demo/art"
SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 100" ' \
      'width="200" height="100">'
WARNING = "warning: card_data/demo/art/attack.svg: SVG features left out or drawn otherwise: "


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def _attack(project: Path, body: str) -> None:
    (project / ART / "attack.svg").write_text(SVG + body + "</svg>", encoding="utf-8")


FEATURES = {
    "pattern fill": ('<defs><pattern id="p" width="4" height="4"><rect width="2" height="2"/></pattern></defs>'
                     '<rect width="50" height="50" fill="url(#p)"/>', "pattern fill on <rect>"),
    "pattern stroke in style": ('<defs><pattern id="p" width="4" height="4"/></defs>'
                                '<circle r="9" cx="20" cy="20" style="stroke: url(#p)"/>',
                                "pattern stroke on <circle>"),
    "filter": ('<defs><filter id="f"><feGaussianBlur stdDeviation="2"/></filter></defs>'
               '<g filter="url(#f)"><rect width="5" height="5"/></g>', "filter on <g>"),
    "mask": ('<defs><mask id="m"><rect width="9" height="9" fill="white"/></mask></defs>'
             '<rect width="50" height="50" mask="url(#m)"/>', "mask on <rect>"),
    "markers": ('<path d="M0 0 L50 50" stroke="black" marker-end="url(#a)"/>', "markers on <path>"),
    "group opacity": ('<g opacity="0.5"><rect width="5" height="5"/></g>', "opacity on <g>"),
    "gradient stroke": ('<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>'
                        '<rect width="50" height="50" fill="none" stroke="url(#g)"/>', "gradient stroke on <rect>"),
    "repeating gradient": ('<defs><linearGradient id="g" spreadMethod="repeat"><stop offset="0"/></linearGradient>'
                           '</defs><rect width="5" height="5" fill="url(#g)"/>', 'spreadMethod="repeat" gradients'),
    "foreignObject": ('<foreignObject width="9" height="9"><p xmlns="http://www.w3.org/1999/xhtml">hi</p>'
                      '</foreignObject>', "<foreignObject> (HTML inside SVG)"),
    "textPath": ('<path id="c" d="M0 50 L200 50"/><text><textPath href="#c">arc</textPath></text>',
                 "text on a path (<textPath>)"),
    "vertical text": ('<text x="10" y="10" writing-mode="tb">縦</text>', "vertical text on <text>"),
    "blend mode in a style sheet": ('<style>.x { mix-blend-mode: multiply }</style><rect class="x" width="5" '
                                    'height="5"/>', "mix-blend-mode in <style>"),
    "a family the project lacks": ('<text x="1" y="20" font-family="Helvetica Neue">A</text>',
                                   "font-family Helvetica Neue (not a font of the project: drawn with BIZ UDPGothic)"),
    "a colour svglib cannot read": ('<rect width="5" height="5" fill="oklch(70% 0.1 200)"/>',
                                    "colour oklch(70% 0.1 200) on <rect>"),
    "a reference pnp does not follow": ('<linearGradient id="g" href="other.svg#g"/>',
                                        "a reference on <linearGradient> to 'other.svg#g', which pnp does not follow"),
}


@pytest.mark.parametrize("case", sorted(FEATURES))
def test_what_pnp_cannot_draw_is_a_warning_naming_file_and_feature(project, case):
    body, feature = FEATURES[case]
    _attack(project, body)
    result = run("build", "--project", str(project))
    assert result.exit_code == 0, result.output
    assert [line.strip() for line in result.output.splitlines() if "warning" in line] == [WARNING + feature]


def test_features_are_a_proof_finding_and_shipped_art_has_none(project, repo):
    _attack(project, FEATURES["filter"][0] + FEATURES["mask"][0])
    lines = [line for line in run("proof", "demo", "--project", str(project)).output.splitlines() if ": svg: " in line]
    assert lines == ["card_data/demo/art/attack.svg: svg: SVG features left out or drawn otherwise: filter on <g>; "
                     "mask on <rect>"]
    for game in ("ghost_couple", "standard_deck", "torite4to6"):  # the findings `pnp proof` prints, its PDF not drawn
        assert [f.line() for f in collect(repo, game, FontBook()).findings if ": svg: " in f.line()] == []


def test_svg_text_is_drawn_with_the_projects_fonts(project):
    """Layout font names, family names and weights choose among the project's fonts; each is embedded as a subset."""
    shutil.copy(Path(__file__).parent.parent / "fonts" / "BIZUDPGothic-Bold.ttf", project / "Display.ttf")
    replace_once(project / "layouts/demo/_base.yaml", "vars:", "fonts: {display: Display.ttf}\nvars:")
    _attack(project, '<text x="5" y="30" font-size="20">普通の文字</text>'
                     '<text x="5" y="60" font-family="BIZ UDPGothic" font-weight="bold">太字</text>'
                     '<text x="5" y="90" font-family="display, serif">表示</text>')
    result = run("build", "--project", str(project))
    assert result.exit_code == 0 and "warning" not in result.output, result.output
    shop = project / "output/demo/print-shop/cards.pdf"
    text = poppler("pdftotext", "-f", "1", "-l", "1", str(shop), "-")
    assert "普通の文字" in text and "太字" in text and "表示" in text
    fonts = poppler("pdffonts", str(shop)).splitlines()[2:]
    assert all(row.split()[-5:-3] == ["yes", "yes"] for row in fonts)  # embedded and subset
    game = Project(project).load_game("demo")
    component = game.components[0]
    face = Renderer(FontBook(), project).face(component.front, component.table, component.table.rows[0])
    art = next(op.art for op in face.ops if op.art is not None)
    assert [s.fontName for s in _strings(art.drawing)] == ["pnp-BIZUDPGothic-Regular", "pnp-BIZUDPGothic-Bold",
                                                           "pnp-Display"]


def _strings(node):
    if isinstance(node, String):
        yield node
    for child in getattr(node, "contents", ()):
        yield from _strings(child)


def test_svg_pictures_and_black_in_cmyk_files(project):
    """A picture inside SVG art is CMYK in a CMYK file; near-black art prints K100, thin lines overprinting."""
    picture = io.BytesIO()
    Image.new("RGB", (6, 6), (30, 160, 90)).save(picture, "PNG")
    data = base64.b64encode(picture.getvalue()).decode()
    _attack(project, f'<image href="data:image/png;base64,{data}" width="50" height="50"/>'
                     '<path d="M60 10 L190 10" stroke="#1E1B2E" stroke-width="1"/>')
    result = run("build", "--project", str(project), "--color", "cmyk")
    assert result.exit_code == 0, result.output
    reader = PdfReader(project / "output/demo/print-shop/cards.pdf")
    images, content = [], b""
    for xobject in reader.pages[0]["/Resources"]["/XObject"].values():
        form = xobject.get_object()
        content += form.get_data()
        for inner in (form["/Resources"].get("/XObject") or {}).values():
            images.append(inner.get_object())
    assert images and all(image["/ColorSpace"] == "/DeviceCMYK" for image in images)
    assert b"0 0 0 1 K" in content and b" rg" not in content and b" RG" not in content
