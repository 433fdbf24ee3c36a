"""`pnp build --color cmyk`: print-shop files in DeviceCMYK with a PDF/X OutputIntent; home-print stays RGB."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import needs_tool
from PIL import Image, ImageCms
from pypdf import PdfReader
from pypdf.generic import ArrayObject, ContentStream, DictionaryObject, IndirectObject, NameObject, StreamObject

from pnp.build.builder import BuildOptions, build
from pnp.cli.main import main
from pnp.colors import read_color as parse_color
from pnp.pdf.cmyk import DEFAULT_PROFILE
from pnp.project.games import Project

RGB_SPACES = {"/DeviceRGB", "/CalRGB", "/RGB"}
RGB_OPERATORS = {b"rg", b"RG"}
PICTURES = """
  - {type: image, x: 5, y: 22, w: 20, h: 20, src: art/alpha.png, fit: contain}
  - {type: image, x: 26, y: 22, w: 20, h: 20, src: art/photo.jpg, fit: cover}
  - {type: image, x: 47, y: 22, w: 12, h: 12, src: art/palette.png, fit: stretch}
  - {type: rect, x: 5, y: 44, w: 53, h: 4, fill: "cmyk(0, 20, 100, 0)", stroke: "[100, 0, 0, 0]"}
"""


def _pictures(root: Path) -> None:
    """An RGBA PNG, an RGB JPEG and a palette PNG with a transparent colour, placed on the demo's fronts."""
    art = root / "art"
    art.mkdir()
    alpha = Image.new("RGBA", (32, 32), (220, 40, 30, 255))
    alpha.paste((20, 120, 200, 0), (0, 0, 16, 32))
    alpha.save(art / "alpha.png")
    Image.new("RGB", (40, 30), (30, 160, 90)).save(art / "photo.jpg", quality=90)
    palette = Image.new("P", (8, 8), 1)
    palette.putpalette([255, 255, 255, 200, 30, 120] + [0] * 762)
    palette.save(art / "palette.png", transparency=0)
    layout = root / "layouts" / "demo" / "cards.yaml"
    layout.write_text(layout.read_text(encoding="utf-8") + PICTURES, encoding="utf-8")


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    """The `pnp new` example with images and CMYK colours, built in CMYK into out/ (and again into again/)."""
    from pnp.scaffold.writer import scaffold
    root = tmp_path_factory.mktemp("cmyk")
    scaffold(Project(root), "demo")
    _pictures(root)
    project = Project(root)
    for name in ("out", "again"):
        build(project, [project.load_game("demo")], BuildOptions(root / name, color="cmyk"))
    return root


def _resolve(value):
    return value.get_object() if isinstance(value, IndirectObject) else value


def _walk(reader: PdfReader):
    """Every object reachable from the trailer, each once."""
    seen, stack = set(), [reader.trailer]
    while stack:
        obj = stack.pop()
        if isinstance(obj, IndirectObject):
            if obj.idnum in seen:
                continue
            seen.add(obj.idnum)
            obj = obj.get_object()
        yield obj
        if isinstance(obj, DictionaryObject):  # streams are dictionaries too
            stack.extend(obj.values())
        elif isinstance(obj, ArrayObject):
            stack.extend(obj)


def rgb_uses(path: Path) -> list[str]:
    """Every RGB colour space, ICC profile with 3 components, and RGB operator in a PDF."""
    reader, found = PdfReader(path), []
    for obj in _walk(reader):
        if isinstance(obj, NameObject) and obj in RGB_SPACES:
            found.append(f"colour space {obj}")
        if isinstance(obj, ArrayObject) and obj and obj[0] == "/ICCBased" and _resolve(obj[1])["/N"] != 4:
            found.append("ICC-based colour space that is not CMYK")
        if isinstance(obj, StreamObject) and obj.get("/Subtype") == "/Image":
            space = obj["/ColorSpace"]
            if space != "/DeviceCMYK" and not (space == "/DeviceGray" and _is_soft_mask(reader, obj)):
                found.append(f"image in {space}")
        if isinstance(obj, StreamObject) and (obj.get("/Subtype") == "/Form" or obj.get("/PatternType") == 1):
            found.extend(_operators(obj, reader))  # forms (annotation appearances too) and tiling patterns
        if isinstance(obj, DictionaryObject) and "/ShadingType" in obj and obj["/ColorSpace"] != "/DeviceCMYK":
            found.append(f"shading in {obj['/ColorSpace']}")
    for page in reader.pages:
        found.extend(_operators(page.get_contents(), reader))
    return found


def _operators(stream, reader: PdfReader) -> list[str]:
    """RGB fills and strokes in a content stream (rg/RG, or sc/scn with three operands)."""
    if stream is None:
        return []
    out = []
    for operands, operator in ContentStream(stream, reader).operations:
        if operator in RGB_OPERATORS or operator in (b"sc", b"SC", b"scn", b"SCN") and len(operands) == 3:
            out.append(f"operator {operator.decode()} {operands}")
        if operator == b"INLINE IMAGE" and operands.get("/CS", operands.get("/ColorSpace")) in ("/RGB", "/DeviceRGB"):
            out.append("inline RGB image")
    return out


def _is_soft_mask(reader: PdfReader, image) -> bool:
    """Tell whether a grey image is some image's /SMask (transparency, not colour)."""
    for obj in _walk(reader):
        if isinstance(obj, StreamObject) and "/SMask" in obj and obj["/SMask"].get_object() is image:
            return True
    return False


def shop_files(root: Path) -> list[Path]:
    return sorted((root / "out" / "demo" / "print-shop").glob("*.pdf"))


def test_cmyk_print_shop_files_have_no_rgb_anywhere(demo):
    files = shop_files(demo)
    assert [f.name for f in files] == ["cards-back.pdf", "cards.pdf"]
    for path in files:
        assert rgb_uses(path) == [], path.name


def test_the_walk_finds_rgb_in_the_rgb_build(demo, tmp_path):
    project = Project(demo)
    build(project, [project.load_game("demo")], BuildOptions(tmp_path))
    found = rgb_uses(tmp_path / "demo" / "print-shop" / "cards.pdf")
    assert "image in /DeviceRGB" in found and any(use.startswith("operator rg") for use in found)
    assert rgb_uses(tmp_path / "demo" / "demo-a4.pdf") != []  # home-print sheets stay RGB


def test_home_print_sheets_stay_rgb_in_a_cmyk_build(demo):
    found = rgb_uses(demo / "out" / "demo" / "demo-a4.pdf")
    assert "image in /DeviceRGB" in found and any(use.startswith("operator rg") for use in found)


def test_images_are_cmyk_with_their_transparency_kept(demo):
    reader = PdfReader(demo / "out" / "demo" / "print-shop" / "cards.pdf")
    images = [obj for obj in _walk(reader) if isinstance(obj, StreamObject) and obj.get("/Subtype") == "/Image"]
    colour = [image for image in images if image["/ColorSpace"] == "/DeviceCMYK"]
    assert len(colour) == 3  # alpha.png, photo.jpg, palette.png, each stored once
    assert sum("/SMask" in image for image in colour) == 2  # the RGBA and the palette PNG keep their transparency
    photo = next(image for image in colour if image["/Width"] == 40)
    c, m, y, k = photo.get_data()[:4]
    assert c > 150 and m < 40 and y > 100  # (30, 160, 90) green: mostly cyan and yellow


def test_output_intent_embeds_the_profile(demo):
    for path in shop_files(demo):
        reader = PdfReader(path)
        assert path.read_bytes().startswith(b"%PDF-1.6")
        intents = reader.trailer["/Root"]["/OutputIntents"]
        assert len(intents) == 1
        intent = intents[0].get_object()
        assert intent["/S"] == "/GTS_PDFX" and intent["/Type"] == "/OutputIntent"
        assert intent["/OutputConditionIdentifier"] == "FOGRA39"
        profile = intent["/DestOutputProfile"].get_object()
        assert profile["/N"] == 4 and profile.get_data() == DEFAULT_PROFILE.read_bytes()
        assert reader.trailer["/Info"]["/GTS_PDFXVersion"] == "PDF/X-4"
        xmp = reader.trailer["/Root"]["/Metadata"].get_object()
        assert "/Filter" not in xmp and b"<pdfxid:GTS_PDFXVersion>PDF/X-4<" in xmp.get_data()


def test_cmyk_pages_keep_boxes_and_embedded_fonts(demo):
    for path in shop_files(demo):
        reader = PdfReader(path)
        for page in reader.pages:
            trim, bleed = [float(v) for v in page.trimbox], [float(v) for v in page.bleedbox]
            assert round(trim[0] - bleed[0], 2) == round(3 * 72 / 25.4, 2)
        fonts = [obj for obj in _walk(reader)
                 if isinstance(obj, DictionaryObject) and obj.get("/Type") == "/FontDescriptor"]
        assert fonts and all("/FontFile2" in font for font in fonts)


def test_layout_cmyk_colours_are_written_as_given(demo):
    page = PdfReader(demo / "out" / "demo" / "print-shop" / "cards.pdf")
    ops = [(ops, op) for ops, op in ContentStream(_form_streams(page)[0], page).operations if op in (b"k", b"K")]
    assert ([0, 0.2, 1, 0], b"k") in [([float(v) for v in o], op) for o, op in ops]
    assert ([1, 0, 0, 0], b"K") in [([float(v) for v in o], op) for o, op in ops]


def _form_streams(reader: PdfReader) -> list:
    return [obj for obj in _walk(reader) if isinstance(obj, StreamObject) and obj.get("/Subtype") == "/Form"]


@pytest.mark.parametrize("text, expected", [
    ("cmyk(0,20,100,0)", (0, 0.2, 1, 0)), ("CMYK( 10, 0, 0, 100 )", (0.1, 0, 0, 1)), ("[0, 0, 0, 100]", (0, 0, 0, 1)),
    ("[12.5, 50, 0, 0]", (0.125, 0.5, 0, 0)),
])
def test_cmyk_colour_syntax(text, expected):
    color = parse_color(text)
    assert (color.cyan, color.magenta, color.yellow, color.black) == pytest.approx(expected)


@pytest.mark.parametrize("text", ["cmyk(0,20,100)", "cmyk(0,20,100,101)", "[0, -1, 0, 0]", "cmyk(a,b,c,d)",
                                  "[nan, 0, 0, 0]"])
def test_bad_cmyk_colours_are_refused(text):
    with pytest.raises(ValueError):
        parse_color(text)


@pytest.mark.parametrize("text, rgb", [("#ffffff", (1, 1, 1)), ("#fff", (1, 1, 1)), ("#F80", (1, 0x88 / 255, 0)),
                                       ("#2471a3", (0x24 / 255, 0x71 / 255, 0xA3 / 255))])
def test_hex_colours_read_as_css_reads_them(text, rgb):
    color = parse_color(text)
    assert (color.red, color.green, color.blue) == pytest.approx(rgb)


@pytest.mark.parametrize("text", ["#12345", "#ff000080", "#ggg", "#"])
def test_hex_colours_of_other_lengths_are_unknown(text):
    from pnp.colors import parse_color as layout_color
    with pytest.raises(ValueError):
        parse_color(text)
    assert layout_color(text) is None


def test_cmyk_build_is_byte_identical(demo):
    for path in shop_files(demo):
        assert path.read_bytes() == (demo / "again" / "demo" / "print-shop" / path.name).read_bytes()


def test_home_print_shows_a_cmyk_layout_colour_in_rgb(demo):
    sheet = demo / "out" / "demo" / "demo-a4.pdf"
    reader = PdfReader(sheet)
    fills = [op for form in _form_streams(reader) for _, op in ContentStream(form, reader).operations]
    assert b"k" not in fills and b"rg" in fills


def _cli(root: Path, *extra: str):
    return CliRunner().invoke(main, ["build", "demo", "--color", "cmyk", "--project", str(root),
                                     "--out", str(root / "cli"), *extra])


def test_a_game_names_its_own_profile(demo, tmp_path):
    root = tmp_path / "p"
    shutil.copytree(demo / "card_data", root / "card_data")
    shutil.copytree(demo / "layouts", root / "layouts")
    shutil.copytree(demo / "art", root / "art")
    (root / "profiles").mkdir()
    shutil.copy(DEFAULT_PROFILE, root / "profiles" / "shop.icc")
    (root / "card_data" / "demo" / "game.yaml").write_text("cmyk_profile: profiles/shop.icc\n", encoding="utf-8")
    result = _cli(root)
    assert result.exit_code == 0, result.output
    intent = PdfReader(root / "cli" / "demo" / "print-shop" / "cards.pdf").trailer["/Root"]["/OutputIntents"][0]
    assert intent.get_object()["/OutputConditionIdentifier"] == "Custom"


@pytest.mark.parametrize("value, message", [
    ("../outside.icc", "error: card_data/demo/game.yaml: cmyk_profile: '../outside.icc' is outside the project "
                       "folder; copy the file into the project and name it by a path inside it"),
    ("missing.icc", "error: card_data/demo/game.yaml: cmyk_profile: profile 'missing.icc' not found; add the .icc "
                    "file or fix the path (relative to the project folder)"),
    ("rgb.icc", "error: card_data/demo/game.yaml: cmyk_profile: not a CMYK output profile (RGB); give an ICC "
                "profile for CMYK printing (.icc), such as the print shop's"),
    ("junk.icc", "error: card_data/demo/game.yaml: cmyk_profile: cannot read ICC profile: "),
])
def test_bad_profiles_are_refused_in_one_line(project, value, message):
    (project.parent / "outside.icc").write_bytes(DEFAULT_PROFILE.read_bytes())
    ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    (project / "rgb.icc").write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    (project / "junk.icc").write_bytes(b"not a profile")
    (project / "card_data" / "demo" / "game.yaml").write_text(f"cmyk_profile: {value}\n", encoding="utf-8")
    result = _cli(project)
    assert result.exit_code == 1
    assert result.output.splitlines()[-1].startswith(message) and "Traceback" not in result.output
    assert not (project / "cli").exists() or not any((project / "cli").rglob("*.pdf"))


def test_a_language_edition_names_its_games_own_manifest_for_a_bad_profile(project):
    (project / "rgb.icc").write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    (project / "card_data" / "demo" / "game.yaml").write_text("cmyk_profile: rgb.icc\n", encoding="utf-8")
    cards = project / "card_data" / "demo" / "cards.csv"
    rows = list(csv.reader(io.StringIO(cards.read_text(encoding="utf-8"), newline="")))
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([rows[0] + ["text_en"], *(row + [""] for row in rows[1:])])
    cards.write_text(out.getvalue(), encoding="utf-8", newline="\n")  # an English column, left empty
    result = _cli(project, "--lang", "en")
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        "error: card_data/demo/game.yaml: cmyk_profile: not a CMYK output profile (RGB); give an ICC profile for "
        "CMYK printing (.icc), such as the print shop's")


def test_a_shipped_game_in_cmyk(repo, tmp_path):
    build(repo, [repo.load_game("promotion")], BuildOptions(tmp_path / "out", color="cmyk"))
    files = sorted((tmp_path / "out" / "promotion" / "print-shop").glob("*.pdf"))
    assert files and all(rgb_uses(path) == [] for path in files)


def test_qpdf_finds_no_errors(demo):
    needs_tool("qpdf")
    for path in shop_files(demo):
        result = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert result.returncode == 0 and "No syntax or stream encoding errors" in result.stdout


def test_ghostscript_reads_cmyk_ink_coverage(demo):
    needs_tool("ghostscript", "gs")
    path = demo / "out" / "demo" / "print-shop" / "cards-back.pdf"
    result = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=inkcov", "-o", "-", str(path)],
                            capture_output=True, text=True, check=True)
    pages = [line.split()[:4] for line in result.stdout.splitlines() if line.strip().endswith("OK")]
    assert len(pages) == len(PdfReader(path).pages)
    c, m, y, k = (float(v) for v in pages[0])
    assert c > 0.3 and k > 0.3  # the back's #34495e is a dark blue: cyan with black
    assert result.stderr == ""
