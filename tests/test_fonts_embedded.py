"""Every font every output PDF refers to is embedded: games' sheets, print-shop files (RGB and CMYK), tuck boxes,
rulebooks, gutterfold sheets, tiles and A3 boards, proofs, a check report, the calibration sheet and a `pnp new`
project."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT, made_once, poppler
from pypdf import PdfReader
from pypdf.generic import IndirectObject

from pnp.cli.main import main
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold

# Between them every kind of piece and file a build writes: cards with and without text on their backs, tuck boxes
# on A3 and A4, boards tiled onto A4 and whole on A3, mats, rulebooks with SVG text; every game sets its text in the
# same two fonts, so the other shipped games add no font and no kind of file.
GAMES = ("eitsuku", "ghost_couple", "torite4to6")
PROOFS = ("eleusis",)  # a proof draws every game's faces the same way
FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")
SET_FONT = re.compile(rb"/([^\s/\[\]()<>{}%]+)\s+[-\d.]+\s+Tf\b")


def _run(*args: str) -> None:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def outputs(tmp_path_factory) -> list[Path]:
    """Every kind of PDF pnp writes, from the shipped games and a new project (made once for every worker)."""
    return sorted(made_once(tmp_path_factory, "all-outputs", _make_outputs).rglob("*.pdf"))


def _make_outputs(out: Path) -> None:
    """Write every kind of PDF into out."""
    root = str(ROOT)
    _run("build", *GAMES, "--color", "cmyk", "--out", str(out / "cmyk"), "--project", root)
    _run("build", "ghost_couple", "--layout", "gutterfold", "--paper", "letter", "--out", str(out / "fold"),
         "--project", root)  # gutterfold sheets and RGB print-shop files
    for game in PROOFS:
        _run("proof", game, "--out", str(out / "proof"), "--project", root)
    _run("check", "promotion", "--games", "20", "--report", str(out / "report.pdf"), "--project", root)
    _run("calibrate", "--out", str(out / "calibration.pdf"))
    new = out / "new"
    scaffold(Project(new), "demo")
    _run("build", "demo", "--color", "cmyk", "--project", str(new))
    _run("proof", "demo", "--project", str(new))


def test_every_kind_of_output_is_walked(outputs):
    names = {path.name for path in outputs}
    assert {"eitsuku-a4.pdf", "ghost_couple-a4.pdf", "cards.pdf", "event.pdf", "torite4to6-a4.pdf",
            "ghost_couple-cards-letter-gutterfold.pdf", "eleusis-proof.pdf", "demo-proof.pdf", "report.pdf",
            "calibration.pdf", "demo-a4.pdf"} <= names
    assert any(name.endswith("-a3.pdf") for name in names)  # a board tiled onto A4 is also written whole on A3
    assert len(outputs) > 60


def _fonts(resources, seen: set, where: list):
    """Every (name, font dictionary) below a resources dictionary, through forms and patterns; content streams too."""
    resources = _get(resources) or {}
    for name, font in (_get(resources.get("/Font")) or {}).items():
        yield name, _get(font)
    for xobject in (_get(resources.get("/XObject")) or {}).values():
        ref = xobject.idnum if isinstance(xobject, IndirectObject) else id(xobject)
        xobject = _get(xobject)
        if xobject.get("/Subtype") == "/Form" and ref not in seen:
            seen.add(ref)
            where.append((xobject.get_data(), xobject.get("/Resources")))
            yield from _fonts(xobject.get("/Resources"), seen, where)


def _get(value):
    return value.get_object() if isinstance(value, IndirectObject) else value


def _embedded(font) -> bool:
    """Tell whether a font's glyphs are in the file: a font program, or a Type 3 font's own drawings."""
    if font.get("/Subtype") == "/Type3":
        return True
    if font.get("/Subtype") == "/Type0":
        font = _get(_get(font["/DescendantFonts"])[0])
    descriptor = _get(font.get("/FontDescriptor"))
    return descriptor is not None and any(key in descriptor for key in FONT_FILES)


def test_every_font_resource_is_embedded(outputs):
    """Standard-14 references (no /FontDescriptor at all) count as not embedded."""
    for path in outputs:
        reader = PdfReader(path)
        for number, page in enumerate(reader.pages, 1):
            streams = [(page.get_contents().get_data() if page.get_contents() else b"", page.get("/Resources"))]
            fonts = list(_fonts(page.get("/Resources"), set(), streams))
            for name, font in fonts:
                assert _embedded(font), f"{path.name} page {number}: {name} {font.get('/BaseFont')} is not embedded"
            for content, resources in streams:  # a font set in a stream must be one the stream's resources hold
                known = set((_get((_get(resources) or {}).get("/Font")) or {}).keys())
                for used in SET_FONT.findall(content):
                    assert "/" + used.decode() in known, f"{path.name} page {number}: /{used.decode()} not in resources"


def test_pdffonts_finds_every_font_embedded(outputs):
    """Poppler's own reading agrees: no row of pdffonts says 'no' under emb."""
    for path in outputs:
        rows = poppler("pdffonts", str(path)).splitlines()[2:]
        assert all(row.split()[-5] == "yes" for row in rows), f"{path.name}:\n" + "\n".join(rows)
