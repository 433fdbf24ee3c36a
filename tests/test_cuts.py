"""Clean cuts: gaps between pieces, butted only where a cut 1 mm off its line shows no other card's colour."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import replace_once as edit
from cut_check import Edges, measure, placements
from hypothesis import given, settings
from hypothesis import strategies as st
from marks_check import assert_every_cut_marked, box_of, inside
from pypdf import PdfReader, PdfWriter
from reportlab.lib import colors

from pnp.build.builder import BuildOptions, build
from pnp.cli.main import main
from pnp.face.parts import Box, Face, Op
from pnp.pdf.edges import CLASH, EdgeSampler, seam_step
from pnp.project.games import select_components
from pnp.sheet.grid import CUT_BLEED, NARROW_BLEED, best_spaced, fits, impose
from pnp.sheet.gutterfold import gutterfold
from pnp.sheet.marks import sheet_marks
from pnp.sheet.seams import seams
from pnp.units import CARD_SIZES, PAPER_SIZES, Size, pt

ADVICE = ("gutters: pieces are spaced so that a cut off the line shows no other card's colour, and butted where "
          "neighbours match along every cut; --gutter MM (or gutter: MM in game.yaml) sets the gap: --gutter 0 butts "
          "them, --gutter 3 spaces them")

A4, LETTER = Size(*PAPER_SIZES["a4"]), Size(*PAPER_SIZES["letter"])
POKER = Size(*CARD_SIZES["poker"])
GAMES = ("eitsuku", "ghost_couple")


def _build_one(repo, out: Path, game: str, name: str, **options):
    """Build one component into OUT/<game>/<game>-<name>-<paper>.pdf; return the report and the component."""
    picked = select_components(repo.load_game(game), (name,))
    report = build(repo, [picked], BuildOptions(out, components=(name,), **options))
    return report, picked.components[0]


def _cut_pieces(game):
    """The components of a game imposed with cuts between pieces: not page documents, not tiled boards, not tuck
    boxes (a net in a file of its own, cut along its outline)."""
    return [c for c in game.components
            if c.kind not in ("page", "tuckbox") and not c.tile and fits(c.piece_size(), c.front.bleed, A4)
            and c.front.bleed > 0]


def _edges(out: Path, component, paper: str = "a4") -> Edges:
    """Every cut edge facing a neighbour on the component's front and back sheets, measured."""
    folder = out / component.game
    sheets = folder / f"{component.game}-{component.name}-{paper}.pdf"
    size, bleed = component.piece_size(), component.front.bleed
    card = (size.width, size.height)
    backs = component.back is not None
    found = measure(sheets, folder / "print-shop" / f"{component.name}.pdf", card, bleed, "fronts", backs)
    if backs:
        found += measure(sheets, folder / "print-shop" / f"{component.name}-back.pdf", card, bleed, "backs")
    return found


@pytest.fixture(scope="module")
def default_a4(repo, tmp_path_factory):
    """Eitsuku and Ghost Couple on A4, each component on sheets of its own (one build per game, unshared: the same
    sheets as a build of each component alone), measured one file per component."""
    out = tmp_path_factory.mktemp("cuts-default")
    found = {}
    for game in GAMES:
        pieces = _cut_pieces(repo.load_game(game))
        names = tuple(component.name for component in pieces)
        build(repo, [select_components(repo.load_game(game), names)], BuildOptions(out, components=names, share=False))
        _split_sheets(out / game / f"{game}-{'-'.join(names)}-a4.pdf", pieces)
        for component in pieces:
            found[(game, component.name)] = _edges(out, component)
    return found


def _split_sheets(sheets: Path, components) -> None:
    """Write each component's pages of a build's sheets as <game>-<component>-a4.pdf beside it: a component's
    front sheets (each followed by its back sheet) until they have placed as many cards as its print-shop file."""
    reader, placed = PdfReader(sheets), placements(sheets)
    page = 0
    for component in components:
        cards = len(PdfReader(sheets.parent / "print-shop" / f"{component.name}.pdf").pages)
        writer, step = PdfWriter(), 2 if component.back is not None else 1
        while cards > 0:
            cards -= len(placed[page])
            for number in range(page, page + step):
                writer.add_page(reader.pages[number])
            page += step
        writer.write(sheets.parent / f"{component.game}-{component.name}-a4.pdf")
    assert page == len(reader.pages)


def test_no_cut_off_by_a_millimetre_shows_another_cards_colour(default_a4):
    for game in GAMES:
        edges = sum((e for (g, _), e in default_a4.items() if g == game), Edges())
        assert edges.shared > 500, game  # cut edges facing a neighbour, gutter or not
        assert edges.clashing == 0 and edges.worst < CLASH, (game, edges)


def test_butted_cards_show_their_neighbours_colour_where_the_default_leaves_gutters(repo, tmp_path):
    """What the measure sees when cards are butted anyway: the default's gutters are needed."""
    found = {}
    for game, name in (("eitsuku", "event"), ("ghost_couple", "cards")):
        _, component = _build_one(repo, tmp_path, game, name, gutter=0.0)
        found[game] = _edges(tmp_path, component)
    assert found["eitsuku"].share > 0.1 and found["eitsuku"].worst > 50  # an orange event card beside a teal one
    assert found["ghost_couple"].share > 0.1 and found["ghost_couple"].worst > 50  # navy beside red


def test_letter_keeps_eight_a_sheet_with_narrow_gutters(repo, tmp_path):
    report, component = _build_one(repo, tmp_path, "eitsuku", "budget", paper="letter")
    sheets = tmp_path / "eitsuku" / "eitsuku-budget-letter.pdf"
    assert len(PdfReader(sheets).pages) == 28  # 108 cards, 8 a sheet: 14 sheets, as butted
    assert report.notes == []  # butting would save nothing
    origins = sorted({x for x, _ in placements(sheets)[0]})
    assert [round(b - a - 63, 2) for a, b in zip(origins, origins[1:])] == [2.6] * 3  # 1.3 mm of bleed either side
    edges = _edges(tmp_path, component, "letter")
    assert edges.shared > 300 and edges.clashing == 0


def test_the_build_says_where_butting_would_save_sheets(repo, tmp_path):
    report = build(repo, [repo.load_game("eitsuku")], BuildOptions(tmp_path))
    assert report.notes == [
        f"eitsuku/{name}: gutters, 8 a sheet on {sheets} sheets; butted: 9 a sheet on {butted} sheets"
        for name, sheets, butted in (("budget", 14, 12), ("role", 8, 7), ("event", 8, 7))] + [
        "eitsuku/rulebook: 10 A5 pages; the booklet on 3 sheet(s) printed on both sides (flip on the short edge), "
        "folded and stapled", ADVICE]  # the advice once, after every component's facts
    # butted: 66, 4 sheets fewer; 74 on sheets of their own (--no-share): the first role cards join the last budget
    assert len(PdfReader(tmp_path / "eitsuku" / "eitsuku-a4.pdf").pages) == 72  # cards' sheet (Shared sheets)


def test_matching_neighbours_stay_butted_and_the_note_says_how_to_space_them(repo, tmp_path):
    report, _ = _build_one(repo, tmp_path, "standard_deck", "cards")
    assert report.notes == [
        "standard_deck/cards: butted, 9 a sheet on 6 sheets; with gutters: 8 a sheet on 7 sheets", ADVICE]
    assert len(PdfReader(tmp_path / "standard_deck" / "standard_deck-cards-a4.pdf").pages) == 12
    report, _ = _build_one(repo, tmp_path, "standard_deck", "cards", paper="letter")
    assert report.notes == []  # 8 a sheet butted, and as many with --gutter 3: nothing to say
    assert _gaps(tmp_path / "standard_deck" / "standard_deck-cards-letter.pdf") == {0.0}


def test_gutterfold_sheets_keep_gutters_too(repo, tmp_path):
    report, _ = _build_one(repo, tmp_path, "ghost_couple", "cards", layout="gutterfold")
    assert report.notes == [
        "ghost_couple/cards: gutters on its gutterfold sheets, 8 a sheet on 13 sheets; butted: 9 a sheet on 12 sheets",
        ADVICE]
    assert len(PdfReader(tmp_path / "ghost_couple" / "ghost_couple-cards-a4-gutterfold.pdf").pages) == 13


def _gaps(pdf: Path) -> set[float]:
    """The distances between horizontally neighbouring trims on the first page, in mm (poker cards)."""
    xs = sorted({round(x, 3) for x, _ in placements(pdf)[0]})
    return {round(b - a - 63, 3) for a, b in zip(xs, xs[1:])}


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_gutter_option_and_key_set_the_gap(project):
    out = project / "output" / "demo" / "demo-a4.pdf"
    assert run("build", "--project", str(project), "--gutter", "5").exit_code == 0
    assert _gaps(out) == {5.0}
    assert run("build", "--project", str(project), "--gutter", "0").exit_code == 0
    assert _gaps(out) == {0.0}
    edit(project / "card_data/demo/game.yaml", "  - name: cards", "  - name: cards\n    gutter: 4")
    assert run("build", "--project", str(project)).exit_code == 0
    assert _gaps(out) == {4.0}
    assert run("build", "--project", str(project), "--gutter", "2.5").exit_code == 0  # the command line wins
    assert _gaps(out) == {2.5}


@pytest.mark.parametrize("value", ["abc", "-1", "50.5", "nan", "inf", ""])
def test_a_bad_gutter_option_is_one_line(project, value):
    result = run("build", "--project", str(project), "--gutter", value)
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"error: --gutter: '{value}' is not a gap in mm from 0 to 50; write e.g. --gutter 3 (mm between pieces), "
        "or --gutter 0 to butt them")
    assert not (project / "output").exists()


@pytest.mark.parametrize("value,shown", [("wide", "'wide'"), ("-1", "-1"), ("true", "True"), ("60", "60"),
                                         (".nan", "nan")])
def test_a_bad_gutter_key_is_one_line(project, value, shown):
    edit(project / "card_data/demo/game.yaml", "  - name: cards", f"  - name: cards\n    gutter: {value}")
    result = run("build", "--project", str(project))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        f"error: card_data/demo/game.yaml: components[0].gutter: gutter must be a gap in mm from 0 to 50, got {shown}; "
        "write gutter: 3 (mm between pieces), or gutter: 0 to butt them")


def _face(*fills, frame=None) -> Face:
    """A poker face filled with one colour (bleed included), optionally a text-free inner panel and a frame."""
    w, h, b = pt(63), pt(88), pt(3)
    ops = [Op("rect", Box(-b, -b, w + 2 * b, h + 2 * b), fill=fills[0])]
    ops += [Op("rect", Box(pt(10), pt(10), pt(43), pt(68)), fill=fill) for fill in fills[1:]]
    if frame is not None:
        ops.append(Op("rect", Box(0, 0, w, h), stroke=frame, stroke_width=pt(1.2)))
    return Face(w, h, b, tuple(ops))


def test_edge_colours_tell_a_clash_from_a_match():
    red, navy = _face(colors.HexColor("#c0392b")), _face(colors.HexColor("#1f2d5c"))
    blue = _face(colors.white, colors.blue)
    white, framed = _face(colors.white, colors.red), _face(colors.white, frame=colors.black)
    sampler = EdgeSampler()
    e_red, e_navy, e_blue, e_white, e_framed = sampler.edges([red, navy, blue, white, framed])
    assert seam_step(e_red, e_navy, True) > 50 and seam_step(e_red, e_navy, False) > 50
    assert seam_step(e_red, e_red, True) < 1
    assert e_blue is e_white  # the panels lie far inside the trim: one edge drawn for both
    assert seam_step(e_blue, e_white, False) < 1
    assert seam_step(e_framed, e_framed, True) > CLASH  # the neighbour's frame where the card's own bleed is white


def test_seams_are_the_touching_trims():
    butted = impose(POKER, 3.0, A4)
    found = seams(butted.slots)
    assert len(found) == 12 and sum(s.vertical for s in found) == 6
    assert all(butted.slots[s.first].trim.right == pytest.approx(butted.slots[s.second].trim.x)
               for s in found if s.vertical)
    assert seams(impose(POKER, 3.0, A4, butt=False).slots) == []


@settings(max_examples=60, deadline=None)
@given(w=st.floats(20, 120), h=st.floats(20, 120), bleed=st.floats(0, 5), gutter=st.floats(0, 50),
       paper=st.sampled_from([A4, LETTER]))
def test_a_fixed_gutter_spaces_every_cut_and_keeps_every_mark_printable(w, h, bleed, gutter, paper):
    imp = impose(Size(w, h), bleed, paper, gutter=gutter)
    xs = sorted({round(s.trim.x, 6) for s in imp.slots})
    assert all(b - a == pytest.approx(w + gutter) for a, b in zip(xs, xs[1:]))
    for slot in imp.slots:  # each side of a cut keeps what bleed the gap has room for
        if slot.trim.right < imp.block.right - 1e-6:
            assert slot.clip.right - slot.trim.right == pytest.approx(min(bleed, gutter / 2))
    drawn = sheet_marks(imp, "plain")
    for line in drawn.lines:
        assert inside(box_of(line), imp.printable)
        assert all(not box_of(line).overlaps(s.clip, tolerance=0.0) for s in imp.slots)
    assert_every_cut_marked(imp, drawn)


def test_a_gutter_never_squeezes_a_round_pieces_bleed():
    imp = impose(Size(16, 16), 3.0, A4, spaced=True, marks=False, gutter=1.0)
    assert imp.gap == pytest.approx(6.0)


def test_narrow_gutters_only_where_they_save_sheets():
    assert impose(POKER, 3.0, A4, butt=False, pieces=60).gap == pytest.approx(6.0)  # 8 a sheet either way
    narrow = impose(POKER, 3.0, LETTER, butt=False, pieces=60)
    assert (narrow.per_sheet, round(narrow.gap, 3)) == (8, 2.6)  # 1.3 mm of bleed each side; 1.5 mm fit only 6


@settings(max_examples=80, deadline=None)
@given(w=st.floats(20, 140), h=st.floats(20, 140), bleed=st.floats(0.1, 5), paper=st.sampled_from([A4, LETTER]),
       pieces=st.integers(1, 120))
def test_cards_kept_apart_keep_a_millimetre_of_their_own_bleed_and_no_more_sheets_than_gutters_need(
        w, h, bleed, paper, pieces):
    imp = impose(Size(w, h), bleed, paper, butt=False, pieces=pieces)
    wide = best_spaced(Size(w, h), bleed, paper, pieces=pieces)
    if imp.gap > 0:
        assert imp.gap / 2 >= min(bleed, NARROW_BLEED) - 1e-9
        assert min(imp.outer_bleed_x, imp.outer_bleed_y) >= min(bleed, NARROW_BLEED) - 1e-9
        if wide is not None:
            assert -(-pieces // imp.per_sheet) <= -(-pieces // wide.count)
            if imp.gap / 2 < min(bleed, CUT_BLEED) - 1e-9:  # narrower than usual only to save a sheet
                assert -(-pieces // imp.per_sheet) < -(-pieces // wide.count)
    else:
        assert wide is None or imp.per_sheet == 1


def test_gutterfold_sheets_take_a_fixed_gutter():
    sheet = gutterfold(POKER, 3.0, A4, gutter=5.0)
    xs = sorted({round(s.trim.x, 6) for s in sheet.fronts})
    assert all(b - a == pytest.approx(63 + 5) for a, b in zip(xs, xs[1:])) and len(xs) > 1
    assert gutterfold(POKER, 3.0, A4, gutter=0.0).half.gap == 0.0
    backs = sorted({round(s.trim.x, 6) for s in sheet.backs})
    assert all(b - a == pytest.approx(63 + 5) for a, b in zip(backs, backs[1:]))
