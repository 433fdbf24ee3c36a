"""Japanese line breaks that read well: phrases, names kept whole, no stranded last syllable."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.proof.breaks import awkward_breaks
from pnp.text.fit import NO_LINE_END, NO_LINE_START, fit, paragraphs, parse_markup
from pnp.text.fonts import FontBook
from pnp.text.phrases import is_short_last, phrasing

FONTS = FontBook()
REGULAR, BOLD = FONTS.get("regular", ""), FONTS.get("bold", "")
EM = REGULAR.width("あ")  # a full-width character at 1 pt


def layout(text: str, chars: float, size: float = 10, min_size: float | None = None, height: float = 10000):
    runs = parse_markup(text, REGULAR, BOLD, "#000000", {}, {})
    return fit(paragraphs(runs), chars * EM * size, height, size, min_size or size, 1.2)


def lines_of(block):
    return ["".join(r.text for a in line.atoms for r in a.runs) for line in block.lines]


NAMES = "”毒子”、”薬子”、”核子”、”ほにゅう”はどの組み合わせでもゲットできる。"


@pytest.mark.parametrize("chars", range(7, 30))
def test_quoted_names_are_never_split(chars):
    lines = lines_of(layout(NAMES, chars))
    assert "".join(lines) == NAMES
    for name in ("”毒子”", "”薬子”", "”核子”", "”ほにゅう”"):
        assert any(name in line for line in lines), (name, lines)


def test_a_name_in_brackets_stays_whole_and_moves_to_the_next_line():
    text = "このカードは『御影さくら』とカップリングできる。"
    lines = lines_of(layout(text, 10))
    assert any("『御影さくら』" in line for line in lines), lines


@pytest.mark.parametrize("text", [
    "オールマイティ。ただしカードをゲットした時の効果は発揮されない。",
    "能力は起動せず、得点にもならない。",
    "めくる。以後、手札は使用できない。",
    "同じターンに公開したならば『修正は受けない』)",
])
@pytest.mark.parametrize("chars", range(6, 40))
def test_no_paragraph_ends_on_a_lone_syllable(text, chars):
    lines = lines_of(layout(text, chars))
    assert "".join(lines) == text
    if len(lines) > 1:
        assert not is_short_last(lines[-2], lines[-1]), lines


def test_lines_break_between_phrases():
    lines = lines_of(layout("このカードの効果は発揮されない。", 9))
    assert lines == ["このカードの効果は", "発揮されない。"]


def test_a_name_wider_than_the_line_breaks_at_its_own_phrases():
    lines = lines_of(layout("【次のターンのアクションフェイズ】に破棄する。", 11))
    assert lines[:2] == ["【次のターンの", "アクションフェイズ】に"]


def test_text_that_fits_only_by_characters_still_fits():
    text = "ああああああああああ" * 3  # one phrase, three lines of ten: no phrase boundary to break at
    block = layout(text, 10, height=10 * 1.2 * 2 + 10)
    assert len(block.lines) == 3 and block.size == 10


def test_phrases_are_cached_per_paragraph():
    assert phrasing("効果は発揮されない。") is phrasing("効果は発揮されない。")


def test_awkward_breaks_name_a_split_name_and_a_stranded_syllable():
    split = layout("『タイアップキャンペーン』を使う。", 6)
    assert awkward_breaks(split)[0].startswith("a line break splits 『タイアップキャンペーン』")
    stranded = layout("【ああああああああ】い。", 10)
    assert lines_of(stranded) == ["【ああああああああ】", "い。"]
    assert awkward_breaks(stranded) == ["the last line holds only 'い。'"]


def test_a_narrow_column_of_single_letters_is_not_a_stranded_line():
    block = layout("JOKER", max(REGULAR.width(c) for c in "JOKER") / EM + 0.01)
    assert lines_of(block) == ["J", "O", "K", "E", "R"]
    assert awkward_breaks(block) == []


spans = st.lists(st.sampled_from(["『御影さくら』", "”ほにゅう”", "【2枚】", "「カードを引く」", "の", "を", "、",
                                  "効果は", "発揮されない。", "プレイヤーは", "ABC ", "12"]), min_size=1, max_size=20)


@settings(max_examples=150, deadline=None)
@given(pieces=spans, chars=st.floats(8, 40))
def test_any_text_keeps_kinsoku_every_character_and_its_names(pieces, chars):
    text = "".join(pieces)
    lines = lines_of(layout(text, chars))
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for line in lines[1:]:  # ” opens a name here, so it may start a line
        assert line[0] not in NO_LINE_START or line.startswith("”ほにゅう”") or all(c in NO_LINE_START for c in line)
    for line in lines[:-1]:
        assert line[-1] not in NO_LINE_END or all(c in NO_LINE_END for c in line)
    assert not any(problem.startswith("a line break splits") for problem in awkward_breaks(layout(text, chars)))
