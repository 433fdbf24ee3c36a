"""Text: markup, kinsoku line breaking, shrink-to-fit, glyph checks."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pnp.text.fit import NO_LINE_END, NO_LINE_START, MissingGlyph, Overflow, check_glyphs, fit, paragraphs, parse_markup
from pnp.text.fonts import FontBook

FONTS = FontBook()
REGULAR, BOLD = FONTS.get("regular", ""), FONTS.get("bold", "")


def runs(text, palette=None, symbols=None):
    return parse_markup(text, REGULAR, BOLD, "#000000", palette or {}, symbols or {})


def lines_of(block):
    return ["".join(r.text for a in line.atoms for r in a.runs) for line in block.lines]


def test_bold_and_colour_markup():
    parsed = runs("得点に**【+10】点**追加。{red|赤}と{#0000ff|青}")
    assert [(r.text, r.font.key, r.color) for r in parsed] == [
        ("得点に", "regular", "#000000"), ("【+10】点", "bold", "#000000"), ("追加。", "regular", "#000000"),
        ("赤", "regular", "red"), ("と", "regular", "#000000"), ("青", "regular", "#0000ff")]


def test_symbols_and_escapes():
    from pnp.text.fit import Symbol
    parsed = runs(r"A:coin:B \*\*x 予算:小(1):", symbols={"coin": Symbol("●", REGULAR, "#d4a017")})
    assert "".join(r.text for r in parsed) == "A●B **x 予算:小(1):"


def test_unknown_symbol_names_stay_literal():
    assert "".join(r.text for r in runs("3A:foo:bar")) == "3A:foo:bar"


def test_missing_glyph_names_the_character():
    with pytest.raises(MissingGlyph) as err:
        check_glyphs(runs("愛❤"))
    assert "U+2764" in str(err.value)


def test_kinsoku_keeps_closing_marks_off_line_starts():
    text = "あいうえお、かきくけこ。「さしすせそ」たちつてと"
    for width in range(2, 14):
        block = fit(paragraphs(runs(text)), width * 10.0, 1000, 10, 10, 1.2)
        for line in lines_of(block)[1:]:
            assert line[0] not in NO_LINE_START
        for line in lines_of(block):
            assert line[-1] not in NO_LINE_END


def test_latin_words_are_not_split():
    block = fit(paragraphs(runs("SPIN90° を使う Change! Wild!")), 60, 1000, 10, 10, 1.2)
    assert any(line.startswith("SPIN90°") for line in lines_of(block))
    assert all("SPIN" not in line or "SPIN90°" in line for line in lines_of(block))


def test_shrinks_to_fit_then_overflows():
    paras = paragraphs(runs("あ" * 60))
    block = fit(paras, 100, 40, 12, 4, 1.2)
    assert 4 <= block.size < 12
    with pytest.raises(Overflow):
        fit(paras, 100, 40, 12, 9, 1.2)


def test_newlines_start_new_lines():
    block = fit(paragraphs(runs("一行目\n二行目")), 200, 100, 10, 10, 1.2)
    assert lines_of(block) == ["一行目", "二行目"]


jp_text = st.text(alphabet="あいうえおかきくけこ、。「」『』（）【】ー・ABC12", min_size=1, max_size=80)


@settings(max_examples=100, deadline=None)
@given(text=jp_text, width=st.floats(40, 300))
@example(text="11111111111111『「11」", width=40.0)  # an opening mark right before a quotation stays with it
def test_line_breaking_keeps_every_character_and_kinsoku(text, width):
    block = fit(paragraphs(runs(text)), width, 10000, 10, 10, 1.2)
    lines = lines_of(block)
    assert "".join(lines) == text
    for line in lines[1:]:
        assert line[0] not in NO_LINE_START or all(c in NO_LINE_START for c in line)
    for line in lines[:-1]:
        assert line[-1] not in NO_LINE_END or all(c in NO_LINE_END for c in line)


def test_words_shrink_before_they_split():
    paras = paragraphs(runs("+40"))
    whole = REGULAR.width("+40")
    block = fit(paras, whole * 10, 100, 13, 6, 1.2)  # fits whole at 10 pt: shrink rather than split
    assert lines_of(block) == ["+40"] and block.size <= 10
    tiny = fit(paras, whole * 3, 100, 13, 6, 1.2)  # cannot fit whole even at 6 pt: split as a last resort
    assert len(lines_of(tiny)) > 1
