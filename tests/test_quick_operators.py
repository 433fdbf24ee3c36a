"""pnp's quick ways through reportlab (colours, texts shown again, known character codes, pages like the one before)
write the very bytes reportlab writes by itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.colors import CMYKColor, Color
from reportlab.pdfgen.canvas import Canvas

from pnp.build import workers
from pnp.build.builder import BuildOptions, build
from pnp.face import paint, quickops, svgpaint
from pnp.face.quickops import ShownTexts, quick_rgb
from pnp.pdf import pagebytes
from pnp.pdf.rgbpaint import RgbPaint
from pnp.text import fonts as font_module
from pnp.text.fonts import FontBook
from pnp.text.knowncodes import known_split


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*.pdf"))}


def _reportlab_only(monkeypatch) -> None:
    """Every quick way turned off: reportlab writes each operator and page itself."""
    monkeypatch.setattr(paint, "quick_rgb", lambda target, color, stroke: False)
    monkeypatch.setattr(svgpaint, "quick_rgb", lambda target, color, stroke: False)
    monkeypatch.setattr(ShownTexts, "operators", lambda self, text_object, text: text_object._formatText(text))
    monkeypatch.setattr(font_module, "known_split", lambda font, text, doc: None)
    monkeypatch.setattr(pagebytes, "settled_key", lambda page: None)


def test_eitsuku_builds_byte_for_byte_as_reportlab_writes_it_in_rgb_and_in_cmyk(repo, tmp_path, monkeypatch):
    monkeypatch.setattr(workers, "every_core", lambda: 1)  # every file written here, under this test's patches
    builds = [("eitsuku", "rgb"), ("eitsuku", "cmyk")]
    for game, color in builds:
        build(repo, [repo.load_game(game)], BuildOptions(tmp_path / f"quick-{color}", color=color))
    _reportlab_only(monkeypatch)
    for game, color in builds:
        build(repo, [repo.load_game(game)], BuildOptions(tmp_path / f"plain-{color}", color=color))
    for _, color in builds:
        quick, plain = _files(tmp_path / f"quick-{color}"), _files(tmp_path / f"plain-{color}")
        assert len(quick) >= 10 and any("print-shop" in name for name in quick) and quick == plain


def _canvas(tmp_path: Path, fonts: FontBook | None = None) -> Canvas:
    canvas = Canvas(str(tmp_path / "x.pdf"), invariant=1, enforceColorSpace=RgbPaint(),
                    initialFontName=fonts.default.pdf_name if fonts else "Helvetica")
    return canvas


unit = st.floats(min_value=0, max_value=1, allow_nan=False)


@settings(max_examples=60)
@given(red=unit, green=unit, blue=unit, alpha=st.sampled_from([1, 1.0, None, 0.5]), stroke=st.booleans(),
       page_alpha=st.sampled_from([1, 0.5]), on_text=st.booleans())
def test_a_quick_colour_sets_what_reportlab_sets(tmp_path_factory, red, green, blue, alpha, stroke, page_alpha,
                                                 on_text):
    tmp_path = tmp_path_factory.mktemp("colour")
    color = Color(red, green, blue, alpha=alpha)
    written, took_quick_way = [], False
    for quick in (True, False):
        canvas = _canvas(tmp_path)
        canvas.setFillAlpha(page_alpha)
        canvas.setStrokeAlpha(page_alpha)
        target = canvas.beginText() if on_text else canvas
        took_quick_way |= quick and quick_rgb(target, color, stroke)
        if not (quick and took_quick_way):
            (target.setStrokeColor if stroke else target.setFillColor)(color)
        attribute = "_strokeColorObj" if stroke else "_fillColorObj"
        written.append((list(target._code), getattr(target, attribute, None), canvas._doc._pdfVersion))
    assert written[0] == written[1]
    assert took_quick_way == (alpha in (None, page_alpha) or (on_text and stroke))  # the common case is quick


@pytest.mark.parametrize("text", ["#336699", "#fff", "red", "cmyk(0, 100, 100, 0)", "cmyk(100,100,100,100)"])
@pytest.mark.parametrize("stroke", [False, True])
def test_a_colour_given_as_text_sets_what_reportlab_sets(tmp_path, text, stroke):
    written = []
    for quick in (True, False):
        canvas = _canvas(tmp_path)
        target = canvas.beginText()
        if not (quick and quick_rgb(target, text, stroke)):
            (target.setStrokeColor if stroke else target.setFillColor)(text)
        written.append((list(target._code), repr(getattr(target, "_strokeColorObj" if stroke else "_fillColorObj")),
                        canvas._doc._pdfVersion))
    assert written[0] == written[1]
    assert quick_rgb(_canvas(tmp_path), text, stroke) == (text != "cmyk(100,100,100,100)")  # registration stays CMYK


def test_a_cmyk_colour_or_a_cmyk_document_goes_through_reportlab(tmp_path):
    canvas = _canvas(tmp_path)
    assert not quick_rgb(canvas.beginText(), Color(0, 0, 0, alpha=2), stroke=True)  # reportlab says what is wrong
    assert not quick_rgb(canvas, CMYKColor(0, 1, 1, 0), stroke=False)
    canvas._enforceColorSpace = None
    assert not quick_rgb(canvas, Color(1, 0, 0), stroke=False) and canvas._code == []


JAPANESE = "".join(chr(c) for c in range(0x3041, 0x3097)) + "".join(chr(c) for c in range(0x4E00, 0x4F40))
texts = st.text(alphabet=st.sampled_from(list(JAPANESE + "ABC xyz\xa0\U0001F600")), max_size=40)


@settings(max_examples=40, deadline=None)
@given(shown=st.lists(st.tuples(texts, st.sampled_from(["regular", "bold"]), st.sampled_from([7, 9.5])),
                      min_size=1, max_size=60))
def test_texts_shown_again_and_known_codes_give_reportlabs_operators(tmp_path_factory, shown):
    tmp_path, fonts = tmp_path_factory.mktemp("texts"), FontBook()
    codes = []
    for quick in (True, False):
        canvas = _canvas(tmp_path, fonts)
        kept = ShownTexts()
        for font in fonts.fonts():
            font.ttf.state.pop(canvas._doc, None)
        text_object, operators = canvas.beginText(), []
        for text, key, size in shown + shown:  # each text shown again
            text_object.setFont(fonts.get(key, "test").pdf_name, size)
            if quick:
                operators.append(kept.operators(text_object, text))
            else:
                with _no_known_codes():
                    operators.append(text_object._formatText(text))
        codes.append((operators, [font.ttf.state[canvas._doc].subsets for font in fonts.fonts()
                                  if canvas._doc in font.ttf.state]))
    assert codes[0] == codes[1]


class _no_known_codes:
    """Within: reportlab gives every text its codes itself."""

    def __enter__(self):
        self._kept = font_module.known_split
        font_module.known_split = lambda font, text, doc: None

    def __exit__(self, *exc):
        font_module.known_split = self._kept


@settings(max_examples=40, deadline=None)
@given(first=st.lists(texts, max_size=30), again=texts)
def test_known_codes_are_the_codes_reportlab_gives(tmp_path_factory, first, again):
    tmp_path, fonts = tmp_path_factory.mktemp("codes"), FontBook()
    ttf, doc = fonts.default.ttf, _canvas(tmp_path, fonts)._doc
    for text in first + [again]:
        with _no_known_codes():
            ttf.splitString(text, doc)
    known = known_split(ttf, again, doc)
    with _no_known_codes():
        expected = ttf.splitString(again, doc)
    assert known is None or known == expected
    if again and "\xa0" not in again and all(ord(char) in ttf.face.charToGlyph for char in again):
        assert known == expected  # every character of it has its code by now


def test_every_first_subset_code_and_a_later_subset_are_split_as_reportlab_splits_them(tmp_path):
    fonts = FontBook()
    ttf, doc = fonts.default.ttf, _canvas(tmp_path, fonts)._doc
    drawn = "".join(char for char in JAPANESE if ord(char) in ttf.face.charToGlyph)
    with _no_known_codes():
        ttf.splitString(drawn, doc)  # more than one subset's worth of characters
    text = drawn[::7] + "A" + drawn[-3:]
    with _no_known_codes():
        expected = ttf.splitString(text, doc)
    assert len({subset for subset, _ in expected}) > 1 and known_split(ttf, text, doc) == expected


def test_a_page_like_the_one_before_reuses_its_bytes_around_its_own_contents(tmp_path, monkeypatch):
    from reportlab.pdfbase import pdfdoc

    from pnp.pdf.document import Document
    made = []
    original = pdfdoc.PDFPage.format
    monkeypatch.setattr(pdfdoc.PDFPage, "format", lambda page, document: made.append(page) or original(page, document))

    def write(name: str) -> bytes:
        doc = Document(tmp_path / name, FontBook(), "pages")
        for form in ("card", "other"):
            doc.canvas.beginForm(form)
            doc.canvas.drawString(10, 10, form)
            doc.canvas.endForm()
        for form in ("card", "other", "card", "other", None, None):  # as print-shop pages draw their cards
            doc.canvas.drawString(10, 10, "a page")
            if form:
                doc.canvas.doForm(form)
            doc.canvas.showPage()
        doc.save()
        return (tmp_path / name).read_bytes()
    quick = write("quick.pdf")
    assert len(made) == 2  # a page with a form and one without formatted; the others their bytes around their own
    monkeypatch.setattr(pagebytes, "settled_key", lambda page: None)
    assert write("plain.pdf") == quick and len(made) == 8


def test_a_page_holding_anything_but_plain_values_and_pdf_objects_is_formatted_afresh():
    from reportlab.pdfbase import pdfdoc
    page = pdfdoc.PDFPage()
    page.Annots = []
    assert pagebytes.settled_key(page) is not None
    page.Annots = [pdfdoc.PDFDictionary({})]
    assert pagebytes.settled_key(page) is None
    assert quickops.MAX_KEPT > 0


def test_a_builds_workers_get_their_next_job_quickly_and_the_interval_is_restored_after():
    import sys
    from contextlib import ExitStack
    before = sys.getswitchinterval()
    with ExitStack() as stack:
        workers.Workers(stack)  # as a build makes them
        assert sys.getswitchinterval() <= workers.HANDOFF_SECONDS < before
    assert sys.getswitchinterval() == before
    sys.setswitchinterval(0.0001)  # a caller's own shorter interval stays
    own = sys.getswitchinterval()
    try:
        with workers.quick_handoffs():
            assert sys.getswitchinterval() == pytest.approx(own, abs=2e-6)  # kept to the microsecond
    finally:
        sys.setswitchinterval(before)
