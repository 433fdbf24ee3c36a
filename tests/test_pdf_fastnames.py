"""reportlab's serialiser with pnp's kept short texts and shared boxes writes the very bytes it writes without them."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfbase import pdfdoc

from pnp.build import workers
from pnp.build.builder import BuildOptions, build
from pnp.pdf import fastnames, lightpages
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold


def pdf_bytes(project: Project, out: Path) -> dict[str, bytes]:
    """Every PDF a build of the demo writes, by its path inside out."""
    build(project, [project.load_game("demo")], BuildOptions(out))
    return {path.relative_to(out).as_posix(): path.read_bytes() for path in sorted(out.rglob("*.pdf"))}


def test_a_build_writes_the_same_bytes_as_with_reportlabs_own_routines(tmp_path, monkeypatch):
    scaffold(Project(tmp_path), "demo")
    project = Project(tmp_path)
    monkeypatch.setattr(workers, "every_core", lambda: 1)  # every file written here, under this test's patches
    kept = pdf_bytes(project, tmp_path / "kept")
    monkeypatch.setattr(pdfdoc, "PDFName", fastnames._escaped_name.__wrapped__)
    monkeypatch.setattr(pdfdoc, "pdfdocEnc", fastnames._ENCODE)
    monkeypatch.setattr(lightpages, "_kept", lambda array: array)
    plain = pdf_bytes(project, tmp_path / "plain")
    assert len(plain) >= 3 and any("print-shop" in name for name in plain)
    assert kept == plain


def test_only_short_texts_are_kept():
    before = fastnames._encoded_short.cache_info().currsize
    assert fastnames._encoded("x" * (fastnames.SHORT + 1)) == b"x" * (fastnames.SHORT + 1)
    assert fastnames._encoded_short.cache_info().currsize == before
    assert fastnames._encoded("/MediaBox") == b"/MediaBox" and fastnames._encoded(b"raw") == b"raw"
    assert pdfdoc.PDFName("A B") == "/A#20B"  # escaped as reportlab escapes it


def test_a_box_shared_by_pages_is_formatted_once():
    settle = lightpages.PageSettler()
    boxes = [settle._share(pdfdoc.PDFArray([0, 0, 100.5, 200])) for _ in range(3)]
    assert boxes[0] is boxes[1] is boxes[2] and isinstance(boxes[0], lightpages.KeptArray)
    with_reference = settle._share(pdfdoc.PDFArray([pdfdoc.PDFObjectReference("F1")]))
    assert not isinstance(with_reference, lightpages.KeptArray)


def test_a_long_text_is_encoded_as_reportlabs_codec_encodes_it_character_by_character():
    pad = "q 1 0 0 1 10 10 cm " * 4  # past SHORT: page content
    for code in range(0x180):
        text = pad + chr(code) + pad
        try:
            expected: bytes | type = fastnames._ENCODE(text)
        except UnicodeEncodeError:
            expected = UnicodeEncodeError
        try:
            found: bytes | type = fastnames._encoded(text)
        except UnicodeEncodeError:
            found = UnicodeEncodeError
        assert found == expected, hex(code)
