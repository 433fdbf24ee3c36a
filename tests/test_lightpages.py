"""Finished pages are settled small as they are written, and the files come out byte for byte the same."""

from __future__ import annotations

from pathlib import Path

from pnp.build.builder import BuildOptions, build
from pnp.pdf.lightpages import LightPage, PageSettler
from pnp.project.games import Project


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*.pdf"))}


def test_settled_pages_write_the_same_bytes(project, tmp_path, monkeypatch):
    demo = Project(project)
    for color in ("rgb", "cmyk"):
        build(demo, [demo.load_game("demo")], BuildOptions(tmp_path / f"settled-{color}", color=color))
    monkeypatch.setattr(PageSettler, "__call__", lambda self, page: None)
    for color in ("rgb", "cmyk"):
        build(demo, [demo.load_game("demo")], BuildOptions(tmp_path / f"plain-{color}", color=color))
    for color in ("rgb", "cmyk"):
        settled, plain = _files(tmp_path / f"settled-{color}"), _files(tmp_path / f"plain-{color}")
        assert len(settled) == 3 and settled == plain


def test_a_settled_page_keeps_only_what_it_sets_and_shares_equal_boxes():
    from reportlab.pdfbase import pdfdoc
    settle, pages = PageSettler(), []
    for _ in range(2):
        page = pdfdoc.PDFPage()
        page.setCompression(1)
        page.setStream(["0 0 m 10 10 l S"])
        page.TrimBox = pdfdoc.PDFArray([8.5, 8.5, 187.1, 258])
        settle(page)
        pages.append(page)
    first, second = pages
    assert isinstance(first, LightPage) and first.stream is None and first.Contents is not None
    assert None not in vars(first).values()
    assert first.TrimBox is second.TrimBox and first.Contents is not second.Contents


def test_a_saved_document_is_freed_without_waiting_for_a_collection(tmp_path):
    """Nothing but reference counting is needed to let a saved file's pages go: at 100 times Eitsuku's cards the
    sheets' pages held until a full collection kept some 20 MB through the rulebook and tuck box."""
    import gc
    import weakref

    from pnp.pdf.document import Document
    from pnp.text.fonts import FontBook
    doc = Document(tmp_path / "sheets.pdf", FontBook(), "sheets")
    doc.canvas.drawString(10, 10, "page")
    doc.canvas.showPage()
    canvas, pages = weakref.ref(doc.canvas), weakref.ref(doc.canvas._doc.Pages)
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        doc.save()
        del doc
        assert canvas() is None and pages() is None
    finally:
        if was_enabled:
            gc.enable()
    assert (tmp_path / "sheets.pdf").read_bytes().startswith(b"%PDF-")


def test_a_short_content_is_compressed_once_a_document_and_a_long_one_every_time(monkeypatch):
    import zlib

    from reportlab.pdfbase import pdfdoc

    from pnp.pdf import lightpages
    compressed: list[bytes] = []
    compress = zlib.compress
    monkeypatch.setattr(lightpages.zlib, "compress", lambda data: compressed.append(data) or compress(data))
    settle, pages = PageSettler(), []
    short, long = "q 1 0 0 1 8.5 8.5 cm /FormXob.F0 Do Q", "0 0 m 10 10 l S " * 40
    for code in (short, short, long, long, short + " "):
        page = pdfdoc.PDFPage()
        page.setCompression(1)
        page.setStream([code])
        settle(page)
        pages.append(page)
    assert compressed == [(code + "\n").encode() for code in (short, long, long, short + " ")]
    assert [page.Contents.content for page in pages] == [compress((code + "\n").encode()) for code in
                                                         (short, short, long, long, short + " ")]
