"""Sheet geometry: grid fit, bleed clips, mirrored backs, crop marks and the scale bar."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from marks_check import assert_every_cut_marked, box_of, inside

from pnp.sheet.grid import (
    CUT_BLEED,
    MARK_ROOM,
    PRINTER_MARGIN,
    Rect,
    back_slots,
    best_spaced,
    impose,
    mirror_axis,
)
from pnp.sheet.marks import plain_marks, sheet_marks
from pnp.units import CARD_SIZES, PAPER_SIZES, Size

A4, LETTER = Size(*PAPER_SIZES["a4"]), Size(*PAPER_SIZES["letter"])
POKER = Size(*CARD_SIZES["poker"])


def test_poker_is_three_by_three_butted_on_a4():
    imp = impose(POKER, 3.0, A4)
    assert (imp.cols, imp.rows, imp.gap) == (3, 3, 0.0)
    assert not imp.landscape
    xs = sorted({s.trim.x for s in imp.slots})
    assert [round(b - a, 6) for a, b in zip(xs, xs[1:])] == [63.0, 63.0]


def test_butted_cards_have_bleed_only_on_outer_edges():
    imp = impose(POKER, 3.0, A4)
    middle = imp.slots[4]
    assert middle.clip == middle.trim
    corner = imp.slots[0]
    assert imp.outer_bleed_x == pytest.approx((200 - 189) / 2 - MARK_ROOM) == pytest.approx(2.0)
    assert corner.clip.x == pytest.approx(corner.trim.x - 2)
    assert corner.clip.top == pytest.approx(corner.trim.top + 3)
    assert corner.clip.right == pytest.approx(corner.trim.right)


def test_letter_poker_turns_landscape_so_every_mark_has_room():
    # Three rows take 264 of the 269.4 mm printable height: no room for a mark above or below them.
    imp = impose(POKER, 3.0, LETTER)
    assert (imp.cols, imp.rows, imp.landscape) == (4, 2, True)
    assert imp.outer_bleed_x == pytest.approx(3.0) and imp.outer_bleed_y == pytest.approx(3.0)


def test_without_marks_letter_outer_bleed_limited_to_the_room_inside_the_margin():
    imp = impose(POKER, 3.0, LETTER, marks=False)
    assert (imp.cols, imp.rows, imp.gap) == (3, 3, 0.0)
    assert imp.outer_bleed_y == pytest.approx((279.4 - 2 * PRINTER_MARGIN - 264) / 2)
    assert imp.outer_bleed_x == pytest.approx(3.0)


def test_cards_with_room_get_full_bleed_and_a_gap():
    imp = impose(Size(100, 148), 3.0, A4)
    assert imp.per_sheet == 2 and imp.gap == 6.0
    for slot in imp.slots:
        assert slot.clip.w == pytest.approx(106) and slot.clip.h == pytest.approx(154)


def test_oversize_component_is_centred_alone():
    imp = impose(Size(262, 190), 0.0, LETTER)
    assert imp.per_sheet == 1 and imp.landscape
    slot = imp.slots[0].trim
    assert slot.x == pytest.approx((279.4 - 262) / 2)


@pytest.mark.parametrize("duplex,axis", [("long", "x"), ("short", "y"), ("none", None)])
def test_mirror_axis_portrait(duplex, axis):
    assert mirror_axis(impose(POKER, 3.0, A4), duplex) == axis


def test_mirror_axis_swaps_for_landscape_sheets():
    imp = impose(Size(262, 190), 0.0, A4)
    assert mirror_axis(imp, "long") == "y" and mirror_axis(imp, "short") == "x"


def test_long_edge_back_of_first_card_is_top_right():
    imp = impose(POKER, 3.0, A4)
    back = back_slots(imp, "long")
    assert back[0].trim == imp.slots[2].trim
    assert back[0].clip.right == pytest.approx(back[0].trim.right + imp.outer_bleed_x)


sizes = st.tuples(st.floats(20, 300), st.floats(20, 300))


@settings(max_examples=150, deadline=None)
@given(card=sizes, bleed=st.sampled_from([0.0, 1.0, 3.0, 5.0]), paper=st.sampled_from(["a4", "letter", "a3"]),
       duplex=st.sampled_from(["long", "short", "none"]), marks=st.sampled_from(["jp", "plain", "none"]))
def test_geometry_invariants(card, bleed, paper, duplex, marks):
    imp = impose(Size(*card), bleed, Size(*PAPER_SIZES[paper]))
    page = Rect(0, 0, imp.page.width, imp.page.height)
    assert imp.per_sheet >= 1
    for i, slot in enumerate(imp.slots):
        assert slot.trim.w == pytest.approx(card[0]) and slot.trim.h == pytest.approx(card[1])
        assert slot.clip.x <= slot.trim.x + 1e-9 and slot.clip.right >= slot.trim.right - 1e-9
        assert slot.clip.x >= slot.trim.x - bleed - 1e-9
        if imp.per_sheet > 1:
            inside = PRINTER_MARGIN - 1e-6
            assert slot.trim.x >= inside and slot.trim.right <= page.w - inside
            assert slot.trim.y >= inside and slot.trim.top <= page.h - inside
        for other in imp.slots[i + 1:]:
            assert not slot.clip.overlaps(other.clip)
    backs = back_slots(imp, duplex)
    assert sorted((round(s.trim.x, 6), round(s.trim.y, 6)) for s in backs) == \
        sorted((round(s.trim.x, 6), round(s.trim.y, 6)) for s in imp.slots)
    drawn = sheet_marks(imp, marks)
    for line in drawn.lines:
        box = Rect(min(line.x1, line.x2), min(line.y1, line.y2), abs(line.x2 - line.x1), abs(line.y2 - line.y1))
        assert all(not box.overlaps(s.clip, tolerance=0.0) for s in imp.slots)
        assert 0 <= box.x and box.right <= page.w and 0 <= box.y and box.top <= page.h


def test_fewer_cards_never_fit_than_a_simple_grid():
    for name, (w, h) in CARD_SIZES.items():
        imp = impose(Size(w, h), 3.0, A4, marks=False)
        simple = int((200 + 1e-9) // w) * int((287 + 1e-9) // h)
        assert imp.per_sheet >= simple, name


def test_fewer_cards_never_fit_than_a_simple_grid_that_leaves_the_marks_room():
    for name, (w, h) in CARD_SIZES.items():
        imp = impose(Size(w, h), 3.0, A4)
        simple = int((200 - 2 * MARK_ROOM + 1e-9) // w) * int((287 - 2 * MARK_ROOM + 1e-9) // h)
        assert imp.per_sheet >= simple, name


def test_scale_bar_clear_of_marks_and_cards():
    imp = impose(POKER, 3.0, A4)
    drawn = sheet_marks(imp, "jp")
    bar = drawn.bar.box()
    assert all(not bar.overlaps(s.clip) for s in imp.slots)
    assert bar.x >= PRINTER_MARGIN - 1e-6 and bar.y >= PRINTER_MARGIN - 1e-6


def _assert_bar_printable_and_clear(imp, drawn, paper):
    """The bar lies inside the printer margin, off every card, and no mark touches it."""
    bar = drawn.bar.box()
    eps = 1e-6
    assert PRINTER_MARGIN - eps <= bar.x and bar.right <= paper.width - PRINTER_MARGIN + eps
    assert PRINTER_MARGIN - eps <= bar.y and bar.top <= paper.height - PRINTER_MARGIN + eps
    assert all(not bar.overlaps(s.clip, tolerance=0.0) for s in imp.slots)
    for line in drawn.lines:
        box = Rect(min(line.x1, line.x2), min(line.y1, line.y2), abs(line.x2 - line.x1), abs(line.y2 - line.y1))
        assert not box.overlaps(bar, tolerance=0.0), line


@pytest.mark.parametrize("style", ["jp", "plain", "none"])
@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
@pytest.mark.parametrize("card", sorted(CARD_SIZES))
def test_every_card_size_gets_a_printable_scale_bar_clear_of_marks(card, paper, style):
    imp = impose(Size(*CARD_SIZES[card]), 3.0, paper)
    _assert_bar_printable_and_clear(imp, sheet_marks(imp, style), paper)


def test_marks_crossing_the_bar_are_cut_short_from_the_block_side():
    # Mini cards on Letter, 6 x 3 as without marks: butted 44 mm columns leave no 58 mm gap between marks,
    # and no room past their ends.
    imp = impose(Size(*CARD_SIZES["mini"]), 3.0, LETTER, marks=False)
    drawn = sheet_marks(imp, "plain")
    assert drawn.bar.y == PRINTER_MARGIN  # along the band's outer edge, the marks' block side kept
    starts = {(line.x1, line.y1): line for line in drawn.lines}
    original = plain_marks(imp)
    assert len(drawn.lines) == len(original)  # every cut line keeps its mark on this side
    shortened = [line for line in original if starts[(line.x1, line.y1)] != line]
    assert len(shortened) == 2  # the two cut lines the 58 mm bar and label pass under
    for line in shortened:
        kept = starts[(line.x1, line.y1)]
        assert 0.5 <= abs(kept.y2 - kept.y1) < abs(line.y2 - line.y1)


@settings(max_examples=150, deadline=None)
@given(w=st.floats(20, 140), h=st.floats(20, 140), bleed=st.sampled_from([0.0, 2.0, 3.0, 5.0]),
       paper=st.sampled_from([A4, LETTER]), style=st.sampled_from(["jp", "plain", "none"]))
def test_scale_bar_when_placed_is_printable_and_clear(w, h, bleed, paper, style):
    imp = impose(Size(w, h), bleed, paper)
    drawn = sheet_marks(imp, style)
    if drawn.bar is not None:
        _assert_bar_printable_and_clear(imp, drawn, paper)


@settings(max_examples=150, deadline=None)
@given(w=st.floats(20, 140), h=st.floats(20, 140), bleed=st.floats(0, 5), paper=st.sampled_from([A4, LETTER]),
       style=st.sampled_from(["jp", "plain"]))
@example(w=20.0, h=20.0, bleed=3.5002030284177983, paper=A4, style="jp")  # a bleed mark 0.2 µm past the margin
def test_every_mark_is_printable_and_every_cut_has_marks_at_both_ends(w, h, bleed, paper, style):
    imp = impose(Size(w, h), bleed, paper)
    drawn = sheet_marks(imp, style)
    area = Rect(PRINTER_MARGIN, PRINTER_MARGIN, imp.page.width - 2 * PRINTER_MARGIN,
                imp.page.height - 2 * PRINTER_MARGIN)
    assert drawn.lines
    for line in drawn.lines:
        assert inside(box_of(line), area), line
        assert all(not box_of(line).overlaps(s.clip, tolerance=0.0) for s in imp.slots)
    assert_every_cut_marked(imp, drawn)


@settings(max_examples=100, deadline=None)
@given(w=st.floats(20, 140), h=st.floats(20, 140), bleed=st.floats(0, 5), paper=st.sampled_from([A4, LETTER]))
def test_spaced_grids_keep_cut_bleed_and_win_every_tie(w, h, bleed, paper):
    imp = impose(Size(w, h), bleed, paper)
    if imp.gap > 0:
        assert imp.gap / 2 >= min(bleed, CUT_BLEED) - 1e-9
        assert min(imp.outer_bleed_x, imp.outer_bleed_y) >= min(bleed, CUT_BLEED) - 1e-9
    elif bleed > 0 and imp.per_sheet > 1:
        spaced = best_spaced(Size(w, h), bleed, paper)
        assert spaced is None or spaced.count < imp.per_sheet


def test_round_pieces_keep_their_full_bleed_between_them():
    imp = impose(Size(16, 16), 3.0, A4, spaced=True, marks=False)
    assert imp.gap == pytest.approx(6.0) and imp.outer_bleed_x == pytest.approx(3.0)
    assert impose(Size(16, 16), 3.0, A4, marks=False).gap < 6.0  # square pieces trade bleed down to 1.5 mm for count
