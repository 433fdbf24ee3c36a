"""Gutterfold sheets: geometry (mirrored backs, fold line, gutter) and the PDFs read back."""

from __future__ import annotations

import dataclasses
import math

import pytest
from click.testing import CliRunner
from conftest import poppler, replace_once
from hypothesis import given, settings
from hypothesis import strategies as st
from marks_check import assert_every_cut_marked, box_of, inside
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from pnp.build.builder import BuildOptions, build
from pnp.cli.main import main
from pnp.sheet.grid import MARK_ROOM, PRINTER_MARGIN, Rect
from pnp.sheet.gutterfold import LABEL_HALF_HEIGHT, back_marks, fold_marks, front_marks, gutterfold
from pnp.sheet.marks import MARK_PAGE_CLEARANCE, sheet_marks
from pnp.units import CARD_SIZES, MM, PAPER_SIZES, Size

A4, LETTER = Size(*PAPER_SIZES["a4"]), Size(*PAPER_SIZES["letter"])
POKER, MINI = Size(*CARD_SIZES["poker"]), Size(*CARD_SIZES["mini"])
EPS = 1e-6


def near(a: Rect, b: Rect) -> bool:
    return all(math.isclose(p, q, abs_tol=EPS) for p, q in zip((a.x, a.y, a.w, a.h), (b.x, b.y, b.w, b.h)))


def side_of_fold(rect: Rect, fold) -> tuple[float, float]:
    """The rectangle's extent across the fold line, measured from the line."""
    lo, hi = (rect.x, rect.right) if fold.vertical else (rect.y, rect.top)
    return lo - fold.at, hi - fold.at


def test_poker_on_a4_folds_across_a_horizontal_line_with_backs_turned():
    sheet = gutterfold(POKER, 3.0, A4)
    assert sheet.page == Size(297, 210) and not sheet.fold.vertical and sheet.turn_backs
    assert sheet.per_sheet == 4 and sheet.fold.at == pytest.approx(105)
    assert sheet.fold.gutter >= 6
    assert all(s.trim.y > 105 for s in sheet.fronts) and all(s.trim.top < 105 for s in sheet.backs)


def test_mini_on_a4_folds_across_a_vertical_line_with_backs_upright():
    sheet = gutterfold(MINI, 3.0, A4)
    assert sheet.page == Size(297, 210) and sheet.fold.vertical and not sheet.turn_backs
    assert sheet.per_sheet == 9 and sheet.fold.at == pytest.approx(148.5)
    first, its_back = sheet.fronts[0], sheet.backs[0]
    assert its_back.trim.x == pytest.approx(297 - first.trim.right) and its_back.trim.y == pytest.approx(first.trim.y)


def test_nothing_folds_when_a_card_exceeds_half_the_sheet():
    assert gutterfold(Size(150, 200), 3.0, A4) is None
    assert gutterfold(Size(100, 148), 3.0, A4).per_sheet == 1  # a postcard fits an A5 half


sizes = st.tuples(st.floats(10, 200), st.floats(10, 200))


@settings(max_examples=200, deadline=None)
@given(card=sizes, bleed=st.sampled_from([0.0, 1.0, 2.0, 3.0, 5.0]), paper=st.sampled_from(["a4", "letter", "a3"]),
       spaced=st.booleans(), marks=st.booleans())
def test_backs_mirror_fronts_inside_the_printable_area(card, bleed, paper, spaced, marks):
    sheet = gutterfold(Size(*card), bleed, Size(*PAPER_SIZES[paper]), spaced=spaced, marks=marks)
    if sheet is None:  # no half of either orientation holds one card with its bleed on the fold side (and marks)
        w, h, m, r = card[0] - EPS, card[1] - EPS, PRINTER_MARGIN, MARK_ROOM if marks else 0.0
        for p in (Size(*PAPER_SIZES[paper]), Size(*PAPER_SIZES[paper][::-1])):
            assert not (w <= p.width / 2 - m - r - bleed and h <= p.height - 2 * m - 2 * r)
            assert not (w <= p.width - 2 * m - 2 * r and h <= p.height / 2 - m - r - bleed)
        return
    page, fold = sheet.page, sheet.fold
    assert fold.at == pytest.approx((page.width if fold.vertical else page.height) / 2)
    assert fold.gutter >= 2 * bleed - EPS
    assert len(sheet.fronts) == len(sheet.backs) == sheet.per_sheet >= 1
    for front, back in zip(sheet.fronts, sheet.backs):
        assert near(back.trim, fold.reflect(front.trim)) and near(back.clip, fold.reflect(front.clip))
        assert front.trim.w == pytest.approx(card[0]) and front.trim.h == pytest.approx(card[1])
        if fold.vertical:
            assert front.clip.right <= fold.at + EPS and back.clip.x >= fold.at - EPS
            assert fold.at - front.trim.right >= fold.gutter / 2 - EPS
        else:
            assert front.clip.y >= fold.at - EPS and back.clip.top <= fold.at + EPS
            assert front.trim.y - fold.at >= fold.gutter / 2 - EPS
    every = sheet.fronts + sheet.backs
    for i, slot in enumerate(every):
        clip = slot.clip
        assert clip.x >= PRINTER_MARGIN - EPS and clip.right <= page.width - PRINTER_MARGIN + EPS
        assert clip.y >= PRINTER_MARGIN - EPS and clip.top <= page.height - PRINTER_MARGIN + EPS
        assert clip.x <= slot.trim.x + EPS and clip.right >= slot.trim.right - EPS
        assert clip.x >= slot.trim.x - bleed - EPS and clip.top <= slot.trim.top + bleed + EPS
        for other in every[i + 1:]:
            assert not clip.overlaps(other.clip)


@settings(max_examples=100, deadline=None)
@given(card=sizes, bleed=st.sampled_from([0.0, 2.0, 3.0]), paper=st.sampled_from(["a4", "letter"]),
       marks=st.sampled_from(["jp", "plain"]), used=st.integers(1, 40))
def test_marks_stay_on_their_half_clear_of_every_card(card, bleed, paper, marks, used):
    sheet = gutterfold(Size(*card), bleed, Size(*PAPER_SIZES[paper]))
    if sheet is None:
        return
    used = min(used, sheet.per_sheet)
    half = sheet.half._replace(slots=sheet.half.slots[:used])
    local = sheet_marks(half, marks)
    fold, page = sheet.fold, sheet.page
    clips = [s.clip for s in sheet.fronts + sheet.backs]
    for placed, front_side in ((front_marks(local, sheet), True), (back_marks(local, sheet), False)):
        for line in placed.lines:
            box = Rect(min(line.x1, line.x2), min(line.y1, line.y2), abs(line.x2 - line.x1), abs(line.y2 - line.y1))
            assert not any(box.overlaps(c, tolerance=0.0) for c in clips)
            assert 0 <= box.x and box.right <= page.width + EPS and 0 <= box.y and box.top <= page.height + EPS
            lo, hi = side_of_fold(box, fold)
            towards = (line.y1 == line.y2) if fold.vertical else (line.x1 == line.x2)
            keep = MARK_PAGE_CLEARANCE if towards else 0.0  # a mark pointing at the fold stops short of it
            if fold.vertical == front_side:  # fronts are left of a vertical fold, above a horizontal one
                assert hi <= -keep + EPS
            else:
                assert lo >= keep - EPS
    drawn = fold_marks(sheet, front_marks(local, sheet).lines + back_marks(local, sheet).lines)
    for line in drawn.ticks + (drawn.dashed,):
        assert (line.x1 == line.x2 == fold.at) if fold.vertical else (line.y1 == line.y2 == fold.at)
    if drawn.label is not None:
        assert fold.gutter / 2 >= LABEL_HALF_HEIGHT
        assert (drawn.label[0] if fold.vertical else drawn.label[1]) == fold.at


@pytest.fixture(scope="module")
def folded(tmp_path_factory, repo):
    """Eitsuku budget and player mat, Ghost Couple cards (gutter: 0) and the standard deck, with --layout gutterfold."""
    out = tmp_path_factory.mktemp("gutterfold")
    pick = {"eitsuku": ("budget", "player_mat"), "ghost_couple": ("cards",), "standard_deck": ("cards",)}
    games = [g._replace(components=tuple(c for c in g.components if c.name in pick[g.name]))
             for g in (repo.load_game(name) for name in pick)]
    cards = games[1].components[0]  # butted as a designer asks with gutter: 0, to fold mini cards 9 a sheet
    games[1] = games[1]._replace(components=(dataclasses.replace(cards, gutter=0.0),))
    report = build(repo, games, BuildOptions(out, layout="gutterfold"))
    return out, report


def draws(page):
    """(matrix, ) of every form drawn on a page: the last cm before each Do."""
    found, last = [], None
    for operands, op in page.get_contents().operations:
        if op == b"cm":
            last = tuple(float(v) for v in operands)
        elif op == b"Do":
            found.append(last)
    return found


def dashed_lines(page):
    """Every line drawn with a dash pattern: (x1, y1, x2, y2) in points."""
    found, dashed, start = [], False, None
    for operands, op in page.get_contents().operations:
        if op == b"d":
            dashed = bool(operands[0])
        elif op == b"Q":
            dashed = False
        elif op == b"m":
            start = tuple(float(v) for v in operands)
        elif op == b"l" and dashed:
            found.append(start + tuple(float(v) for v in operands))
    return found


def test_files_pages_and_notes(folded):
    out, report = folded
    assert (out / "eitsuku" / "eitsuku-budget-a4-gutterfold.pdf").exists()
    assert len(PdfReader(out / "eitsuku" / "eitsuku-budget-a4-gutterfold.pdf").pages) == 27  # 108 cards, 4 a sheet
    assert len(PdfReader(out / "ghost_couple" / "ghost_couple-cards-a4-gutterfold.pdf").pages) == 12  # 100, 9 a sheet
    assert len(PdfReader(out / "standard_deck" / "standard_deck-cards-a4-gutterfold.pdf").pages) == 14
    assert len(PdfReader(out / "eitsuku" / "eitsuku-a4.pdf").pages) == 6  # the player mats only, no backs
    assert not (out / "ghost_couple" / "ghost_couple-a4.pdf").exists()  # nothing left for the grid
    assert not (out / "standard_deck" / "standard_deck-a4.pdf").exists()
    booklet = "the booklet on {} sheet(s) printed on both sides (flip on the short edge), folded and stapled"
    assert report.notes == ["eitsuku/player_mat: no backs, nothing to fold; printed in eitsuku-a4.pdf",
                            "eitsuku/rulebook: 10 A5 pages; " + booklet.format(3),
                            "ghost_couple/rulebook: 5 A5 pages; " + booklet.format(2)]
    assert (out / "ghost_couple" / "print-shop" / "cards-back.pdf").exists()


def test_budget_backs_are_turned_and_mirrored_across_the_fold(folded):
    out, _ = folded
    reader = PdfReader(out / "eitsuku" / "eitsuku-budget-a4-gutterfold.pdf")
    page = reader.pages[0]
    assert float(page.mediabox.width) == pytest.approx(297 * MM)
    assert float(page.mediabox.height) == pytest.approx(210 * MM)
    placed = draws(page)
    fronts = [m for m in placed if m[:4] == (1, 0, 0, 1)]
    backs = [m for m in placed if m[:4] == (-1, 0, 0, -1)]
    assert len(fronts) == len(backs) == 4 and len(placed) == 8
    fold = 105 * MM
    for front, back in zip(fronts, backs):  # a turned back's matrix starts at its trim's top-right corner
        assert back[4] == pytest.approx(front[4] + 63 * MM, abs=0.01)
        assert back[5] == pytest.approx(2 * fold - front[5], abs=0.01)
        assert front[5] - fold >= 3 * MM
    lines = dashed_lines(page)
    assert lines and all(y1 == pytest.approx(fold, abs=0.01) and y2 == pytest.approx(fold, abs=0.01)
                         for _, y1, _, y2 in lines)
    assert max(x2 for *_, x2, _ in lines) - min(x1 for x1, *_ in lines) > 270 * MM
    sheet = out / "eitsuku" / "eitsuku-budget-a4-gutterfold.pdf"
    assert "fold / 山折り" in poppler("pdftotext", "-f", "1", "-l", "1", str(sheet), "-")


def test_mini_backs_upright_beside_a_vertical_fold_and_a_part_filled_last_sheet(folded):
    out, _ = folded
    reader = PdfReader(out / "ghost_couple" / "ghost_couple-cards-a4-gutterfold.pdf")
    placed = draws(reader.pages[0])
    assert len(placed) == 18 and all(m[:4] == (1, 0, 0, 1) for m in placed)
    fold = 148.5 * MM
    fronts, backs = placed[:9], placed[9:]
    for front, back in zip(fronts, backs):
        assert back[4] == pytest.approx(2 * fold - front[4] - 44 * MM, abs=0.01)
        assert back[5] == pytest.approx(front[5], abs=0.01)
    lines = dashed_lines(reader.pages[0])
    assert lines and all(x1 == pytest.approx(fold, abs=0.01) == x2 for x1, _, x2, _ in lines)
    assert len(draws(reader.pages[-1])) == 2  # card 100: one front and its back


def render(pdf, page, dpi, box_mm):
    """A page region (x, y from the top-left, w, h in mm) rendered in grey."""
    x, y, w, h = (round(v * dpi / 25.4) for v in box_mm)
    prefix = pdf.parent / f"render-{pdf.stem}-{page}"
    poppler("pdftoppm", "-png", "-gray", "-r", str(dpi), "-f", str(page), "-l", str(page),
            "-x", str(x), "-y", str(y), "-W", str(w), "-H", str(h), "-singlefile", str(pdf), str(prefix))
    return Image.open(f"{prefix}.png").convert("L")


def difference(a, b):
    """Mean grey-level difference of two images shrunk to 5 mm cells (so a pixel of rounding does not count)."""
    size = (13, 18)
    return ImageStat.Stat(ImageChops.difference(a.resize(size, Image.BOX), b.resize(size, Image.BOX))).mean[0]


def test_a_budget_back_prints_upside_down(folded):
    out, _ = folded
    sheet = gutterfold(POKER, 3.0, A4)
    back = sheet.backs[0].trim
    printed = render(out / "eitsuku" / "eitsuku-budget-a4-gutterfold.pdf", 1, 60,
                     (back.x, 210 - back.top, back.w, back.h))
    card = render(out / "eitsuku" / "print-shop" / "budget-back.pdf", 1, 60, (3, 3, 63, 88))
    turned = difference(printed, card.rotate(180))
    upright = difference(printed, card)
    assert turned < 4 and upright > 3 * turned


def test_cli_layout_gutterfold_replaces_the_grid_file(project):
    result = CliRunner().invoke(main, ["build", "--project", str(project), "--layout", "gutterfold"])
    assert result.exit_code == 0, result.output
    out = project / "output" / "demo"
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*.pdf")) == [
        "demo-cards-a4-gutterfold.pdf", "print-shop/cards-back.pdf", "print-shop/cards.pdf"]
    assert CliRunner().invoke(main, ["build", "--project", str(project), "--layout", "fold"]).exit_code == 2


def test_switching_layouts_or_dropping_a_component_leaves_no_stale_files(project):
    out = project / "output" / "demo"

    def built(*options: str) -> list[str]:
        result = CliRunner().invoke(main, ["build", "--project", str(project), *options])
        assert result.exit_code == 0, result.output
        return sorted(p.relative_to(out).as_posix() for p in out.rglob("*.pdf"))

    assert built("--layout", "gutterfold") == [
        "demo-cards-a4-gutterfold.pdf", "print-shop/cards-back.pdf", "print-shop/cards.pdf"]
    assert built() == ["demo-a4.pdf", "print-shop/cards-back.pdf", "print-shop/cards.pdf"]
    assert built("--paper", "letter", "--layout", "gutterfold") == [
        "demo-a4.pdf", "demo-cards-letter-gutterfold.pdf", "print-shop/cards-back.pdf", "print-shop/cards.pdf"]
    (project / "card_data" / "demo" / "cards.csv").rename(project / "card_data" / "demo" / "deck.csv")
    replace_once(project / "card_data" / "demo" / "game.yaml", "- name: cards", "- name: deck")
    replace_once(project / "card_data" / "demo" / "game.yaml", "attack: cards.yaml, defence: cards.yaml",
                 "attack: deck.yaml, defence: deck.yaml")
    replace_once(project / "layouts" / "demo" / "item.yaml", "extends: cards.yaml", "extends: deck.yaml")
    for name in ("cards.yaml", "cards-back.yaml"):
        (project / "layouts" / "demo" / name).rename(project / "layouts" / "demo" / name.replace("cards", "deck"))
    assert built() == ["demo-a4.pdf", "demo-cards-letter-gutterfold.pdf",  # a Letter build owns Letter files
                       "print-shop/deck-back.pdf", "print-shop/deck.pdf"]


@settings(max_examples=100, deadline=None)
@given(w=st.floats(20, 140), h=st.floats(20, 140), bleed=st.floats(0, 5), paper=st.sampled_from([A4, LETTER]),
       style=st.sampled_from(["jp", "plain"]))
def test_every_mark_is_printable_and_every_cut_is_marked_at_the_paper_edges(w, h, bleed, paper, style):
    sheet = gutterfold(Size(w, h), bleed, paper)
    if sheet is None:
        return
    local = sheet_marks(sheet.half, style)
    vertical = sheet.fold.vertical
    assert_every_cut_marked(sheet.half, local, skip=((False, 1),) if vertical else ((True, -1),),
                            fold=sheet.half.page.width if vertical else 0.0)
    page = sheet.page
    area = Rect(PRINTER_MARGIN, PRINTER_MARGIN, page.width - 2 * PRINTER_MARGIN, page.height - 2 * PRINTER_MARGIN)
    placed = [front_marks(local, sheet), back_marks(local, sheet)]
    for side in placed:
        assert side.lines
        for line in side.lines:
            assert inside(box_of(line), area), line
    fold = fold_marks(sheet, placed[0].lines + placed[1].lines)
    for line in fold.ticks + (fold.dashed,):
        assert inside(box_of(line), area), line
