"""Japanese line breaks that read well: phrases, names kept whole, no stranded last syllable."""

from __future__ import annotations

import re

import pytest
from conftest import poppler
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pnp.build.builder import BuildOptions, build
from pnp.project.games import Project
from pnp.proof.breaks import awkward_breaks
from pnp.text.fit import NO_LINE_END, NO_LINE_START, fit, paragraphs, parse_markup
from pnp.text.fonts import FontBook
from pnp.text.phrases import is_short_last, phrasing

FONTS = FontBook()
REGULAR, BOLD = FONTS.get("regular", ""), FONTS.get("bold", "")
EM = REGULAR.width("あ")  # a full-width character at 1 pt


def layout(text: str, chars: float, size: float = 10, min_size: float | None = None, height: float = 10000,
           room: float = 0.0, names: frozenset[str] = frozenset()):
    """Text laid out in a box `chars` full-width characters wide; room: how many may hang past its edge."""
    runs = parse_markup(text, REGULAR, BOLD, "#000000", {}, {})
    return fit(paragraphs(runs, names), chars * EM * size, height, size, min_size or size, 1.2, room * EM * size)


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


BRACKETED = ("『御影さくら』", "”ほにゅう”", "【2枚】", "「カードを引く」")


def names_in(text: str, chars: float) -> list[tuple[int, int, bool]]:
    """Each bracketed name's (start, end), and whether it fits a line with the marks that may not begin one after it."""
    found = []
    for name in BRACKETED:
        for match in re.finditer(re.escape(name), text):
            end = match.end()
            while end < len(text) and text[end] in NO_LINE_START and not text.startswith("”ほにゅう”", end):
                end += 1
            found.append((match.start(), match.end(), REGULAR.width(text[match.start():end]) <= chars * EM + 1e-9))
    return found


@settings(max_examples=150, deadline=None)
@given(pieces=spans, chars=st.floats(8, 40))
@example(pieces=["「カードを引く」", "、", "の"], chars=8.0)  # the 、 after the name once cut the name
@example(pieces=["「カードを引く」", "、", "、", "、"], chars=8.0)  # name and marks wider than the line: kinsoku wins
def test_any_text_keeps_kinsoku_every_character_and_its_names(pieces, chars):
    text = "".join(pieces).replace(" ", "")
    lines = [line.replace(" ", "") for line in lines_of(layout("".join(pieces), chars))]
    assert "".join(lines) == text
    for line in lines[1:]:  # ” opens a name here, so it may start a line
        assert line[0] not in NO_LINE_START or line.startswith("”ほにゅう”") or all(c in NO_LINE_START for c in line)
    for line in lines[:-1]:
        assert line[-1] not in NO_LINE_END or all(c in NO_LINE_END for c in line)
    line_ends = [sum(len(line) for line in lines[:i + 1]) for i in range(len(lines))]
    names = names_in(text, chars)
    for start, end, fits in names:  # a name is split only where it and its closing marks are wider than a line
        assert not fits or sum(start < cut < end for cut in line_ends) == 0, (text[start:end], lines)
    splits = {problem for problem in awkward_breaks(layout("".join(pieces), chars)) if "a line break splits" in problem}
    assert len(splits) <= sum(not fits for _, _, fits in names)


def test_a_name_and_the_comma_after_it_move_to_the_next_line_together():
    lines = lines_of(layout("「カードを引く」、の", 8))
    assert lines == ["「カードを引く」、", "の"]  # not 「カードを / 引く」、の


NAME = "「カードを引く」"  # 6.7 full-width characters wide; with its 、 7.3


@pytest.mark.parametrize("room,lines,hang", [
    (0.0, ["「カードを", "引く」、その後"], 0.0),  # no room past the box: the name is split, as the proof reports
    (0.3, ["「カードを", "引く」、その後"], 0.0),  # too little room for the 、
    (0.7, ["「カードを引く」、", "その後"], REGULAR.width("、")),  # ぶら下げ: the 、 hangs past the box
])
def test_a_comma_hangs_past_the_line_end_only_to_keep_a_name_whole_and_only_within_its_room(room, lines, hang):
    block = layout(NAME + "、その後", 7, room=room)
    assert lines_of(block) == lines
    assert block.lines[0].hang == pytest.approx(hang)
    assert (block.lines[0].width - block.lines[0].hang) * 10 <= 7 * EM * 10 + 1e-6  # the rest stays in the box
    assert (awkward_breaks(block) == []) == (hang > 0)


def test_text_without_a_name_never_hangs():
    plain = "カードを引くことが出来る、その後で"
    for chars in range(4, 17):
        assert all(line.hang == 0 for line in layout(plain, chars, room=1).lines)
        assert lines_of(layout(plain, chars, room=1)) == lines_of(layout(plain, chars))


def hanging_card(project, right_edge: float, min_size: float = 6) -> list[tuple[str, float]]:
    """Build `pnp new demo` with the name, its 、 and more text right-aligned in a 7-character box ending right_edge
    mm from the trim's left edge (the safe zone ends at 60); each printed line with its right edge in mm."""
    width = 7 * EM * 10 / 2.834645669
    card = (f"extends: _base.yaml\nelements:\n  - type: text\n    x: {right_edge - width:.3f}\n    y: 10\n"
            f"    w: {width:.3f}\n    h: 30\n    size: 10\n    min_size: {min_size}\n    align: right\n"
            f"    text: \"{NAME}、その後\"\n")
    for name in ("cards.yaml", "item.yaml"):
        (project / "layouts" / "demo" / name).write_text(card, encoding="utf-8")
    build(Project(project), [Project(project).load_game("demo")], BuildOptions(project / "out"))
    words = poppler("pdftotext", "-f", "1", "-l", "1", "-bbox", str(project / "out/demo/print-shop/cards.pdf"), "-")
    return [(text, float(right) / 2.834645669 - 3)  # less the 3 mm of bleed
            for right, text in re.findall(r'<word [^>]*xMax="([\d.]+)"[^>]*>([^<]+)</word>', words)]


def test_a_printed_comma_hangs_past_the_box_but_stays_in_the_safe_zone(project):
    hanging = hanging_card(project, 57.5)  # 2.5 mm to the safe zone's edge: room for the 、
    assert [text for text, _ in hanging] == [NAME + "、", "その後"]
    assert hanging[1][1] == pytest.approx(57.5, abs=0.05)  # right-aligned to the box
    assert 57.6 < hanging[0][1] <= 60  # its 、 past the box, inside the safe zone
    shrunk = hanging_card(project, 59.5)  # 0.5 mm: no room at 10 pt, so the text is set smaller, the name whole
    assert [text for text, _ in shrunk] == [NAME + "、", "その後"]
    assert shrunk[0][1] <= 60
    split = hanging_card(project, 59.5, min_size=10)  # no smaller size allowed: split, as the proof reports
    assert [text for text, _ in split] == ["「カードを", "引く」、その後"]


@pytest.mark.parametrize("text, bound", [
    ("・このカードが『場』に配置されている間、最終得点に【+10】点追加する。", "間"),  # Eitsuku's events: 〜ている間、
    ("プレイヤーは下記【AとB】の2つの内【どちらか1つ】を自分の【スタートフェイズ】に行う。", "内"),  # ストライキ
    ("リードプレイヤーがメンバーカードを1枚表向きに出す。再び表向きカードを並べる。", "向き"),  # 鳥手板4to6
    ("山札が無くなった場合、「山札から1枚ひく」という行動をおきかえる。", "いう"),  # Ghost Couple's reference
])
def test_a_word_bound_to_the_one_before_never_begins_a_line(text, bound):
    for chars in range(10, 30):  # boxes that hold the bound phrase (a narrower one breaks inside it, as it must)
        lines = lines_of(layout(text, chars, height=10000))
        assert not [line for line in lines[1:] if line.startswith(bound)], (chars, lines)


def test_the_bound_words_are_those_the_rules_name():
    text = "配置されている間、最終得点に"
    assert text.index("間") not in phrasing(text).starts  # BudouX offers it; the rule takes it back
    assert "".join(lines_of(layout(text, 9))).startswith("配置されている間、")
    assert lines_of(layout("・【次のターン】に、自分のカードを破棄する。", 12))[0] == "・【次のターン】に、自分の"


def test_awkward_breaks_name_a_line_that_begins_with_a_word_bound_to_the_one_before():
    narrow = layout("・このカードが『場』に配置されている間、最終得点に", 6)  # too narrow for されている間、
    assert "間、" in lines_of(narrow)
    assert "a line begins with a word bound to the line before ('れている' / '間、')" in awkward_breaks(narrow)
    assert awkward_breaks(layout("・このカードが『場』に配置されている間、最終得点に", 12)) == []


MAT = "・変なうにゅう、キモいゆうか:(−1点)"  # Ghost Couple's treasure mat


@pytest.mark.parametrize("chars", range(8, 20))
def test_a_name_from_the_game_s_data_is_never_split(chars):
    names = frozenset({"キモいゆうか", "変なうにゅう"})
    lines = lines_of(layout(MAT, chars, names=names))
    assert any("キモいゆうか" in line for line in lines) and any("変なうにゅう" in line for line in lines), lines


def test_a_name_too_wide_for_its_box_is_split_and_named():
    block = layout(MAT, 4, names=frozenset({"キモいゆうか"}))
    assert any(problem.startswith("a line break splits キモいゆうか") for problem in awkward_breaks(block))


def test_without_the_names_the_same_box_splits_one():
    assert lines_of(layout(MAT, 11)) == ["・変なうにゅう、キモい", "ゆうか:(−1点)"]  # what the mat printed
    assert lines_of(layout(MAT, 11, names=frozenset({"キモいゆうか"}))) == ["・変なうにゅう、", "キモいゆうか:(−1点)"]


EVENT = ("・【次のターンのアクションフェイズ】に、自分または他のプレイヤーの『場』に"
         "設置された『イベント』カードを破棄する。")


def test_a_name_is_shrunk_before_it_is_broken():
    # 17 full-width characters at 10 pt hold the name but not its particle: the next line would begin 「に、」
    kept = layout(EVENT, 17, size=10, min_size=8)
    assert kept.size == 9.75 and lines_of(kept)[0] == "・【次のターンのアクションフェイズ】に、"
    assert awkward_breaks(kept) == []
    forced = layout(EVENT, 17, size=10, min_size=10)  # no smaller size allowed: the break stays, and is named
    assert lines_of(forced)[:2] == ["・【次のターンのアクションフェイズ】", "に、自分または他のプレイヤーの"]
    assert "a line begins with a word bound to the line before ('ェイズ】' / 'に、自分')" in awkward_breaks(forced)


def test_a_list_item_s_bullet_never_stands_alone_on_its_line():
    for chars in range(14, 24):
        lines = lines_of(layout(EVENT, chars, size=10, min_size=7))
        assert lines[0] != "・" and lines[0].startswith("・【"), (chars, lines)


def test_the_shipped_cards_named_by_the_proof_read_whole(repo):
    from pnp.face.render import Renderer

    renderer = Renderer(FONTS, repo.root)

    def body(game: str, component: str, row: int) -> list[str]:
        part = next(c for c in repo.load_game(game).components if c.name == component)
        face = renderer.face(part.front, part.table, part.table.rows[row], names=part.names)
        return max((lines_of(op.text) for op in face.ops if op.kind == "text"), key=len)

    assert body("ghost_couple", "treasure_mat", 0)[1:4] == [  # was 「キモい / ゆうか:(−1点)」
        "・¥0側に書かれた得点の合計", "・変なうにゅう、キモいゆうか:", "(−1点)"]
    assert body("eitsuku", "event", 14) == [
        "・【次のターンのアクションフェイズ】に、", "自分または他のプレイヤーの『場』に",
        "設置された『イベント』カードを【1枚】", "破棄する事が出来る、その時この", "カードを破棄する。"]


def test_known_paragraphs_give_what_paragraphs_gives_and_work_each_text_out_once(monkeypatch):
    from pnp.text import breaking
    from pnp.text.fonts import FontBook
    from pnp.text.markup import Run
    font = FontBook().default
    runs = [Run("「影の女王」を場に出す。", font, "black"), Run("\n次のターン", font, "black")]
    calls: list[int] = []
    plain = breaking.paragraphs
    monkeypatch.setattr(breaking, "paragraphs", lambda r, n=frozenset(): calls.append(1) or plain(r, n))
    known = breaking.KnownParagraphs()
    first = known(runs, frozenset({"影の女王"}))
    first[0].clear()  # a caller changing its lists changes nothing kept
    again = known(list(runs), frozenset({"影の女王"}))
    assert again == plain(runs, frozenset({"影の女王"})) and calls == [1]
    assert known(runs) == plain(runs) and calls == [1, 1]  # other names, worked out again
