"""`pnp check --report`: the visual report as PDF and PNG, read back as a user would see it."""

from __future__ import annotations

import dataclasses
import io
import json
import math

import pytest
from click.testing import CliRunner
from conftest import ROOT, poppler
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image
from pypdf import PdfReader

from pnp.check.charts.figures import figure_groups
from pnp.check.charts.kit import nice_range, wrap
from pnp.check.charts.pages import render_pdf, report_fonts, write_report
from pnp.check.checker import check, to_json
from pnp.check.discovery import registry
from pnp.check.discovery.find import simulation_names
from pnp.check.options import CheckOptions, Target
from pnp.check.report import CheckReport, report_from_json
from pnp.cli.main import main
from pnp.errors import PnpError
from pnp.project.games import Project

EITSUKU_CMD = "pnp check eitsuku --players 3 --players 4 --games 60 --seed 7 --policy random"


@pytest.fixture(scope="module")
def eitsuku(repo) -> CheckReport:
    return check(repo, CheckOptions("eitsuku", players=(3, 4), target=Target(60), seed=7, policy="random", workers=1))


@pytest.fixture(scope="module")
def promotion(repo) -> CheckReport:
    return check(repo, CheckOptions("promotion", players=(4,), target=Target(120), seed=3, policy="random", workers=1))


def page_texts(path) -> list[str]:
    """The text of every page, as pdftotext reads it."""
    return poppler("pdftotext", "-layout", str(path), "-").split("\f")[:-1]


def warn_pixels(png: bytes) -> int:
    """Pixels in the warning colour (#d9480f) on a rendered page."""
    colours = Image.open(io.BytesIO(png)).convert("RGB").getcolors(maxcolors=1 << 24)
    return sum(n for n, (r, g, b) in colours if abs(r - 0xD9) < 12 and abs(g - 0x48) < 12 and abs(b - 0x0F) < 12)


def test_pdf_pages_per_player_count_with_command_and_seed_on_every_page(eitsuku, tmp_path):
    out = tmp_path / "eitsuku-report.pdf"
    assert write_report(out, eitsuku) == [out]
    texts = page_texts(out)
    # overview, then per player count: the play page, the game's own figures and per-card impact
    assert len(texts) == 7 == len(PdfReader(out).pages)
    assert all(f"Reproduce: {EITSUKU_CMD}" in text for text in texts)
    assert all("master seed 7" in text for text in texts)
    assert "eitsuku: 3 players" in texts[1] and "eitsuku: 4 players" in texts[4]
    assert "eitsuku: 3 players, per-card impact" in texts[3] and "eitsuku: 4 players, per-card impact" in texts[6]
    assert "Seat win share" in texts[1] and "Game length" in texts[1] and "Scores by seat" in texts[1]
    assert "Piles running out" in texts[2] and "Played" in texts[2] and "Bonus" in texts[2]
    assert "Deck integrity: OK" in texts[0] and "Every player count at a glance" in texts[0]
    width, height = (float(v) for v in PdfReader(out).pages[0].mediabox.upper_right)
    assert (round(width), round(height)) == (842, 595)  # A4 landscape


def test_fonts_are_embedded_subsets_and_nothing_else(eitsuku, tmp_path):
    out = tmp_path / "r.pdf"
    write_report(out, eitsuku)
    rows = poppler("pdffonts", str(out)).splitlines()[2:]
    assert rows and all(row.split()[-5:-3] == ["yes", "yes"] for row in rows), rows
    assert all("BIZUDPGothic" in row for row in rows)


def test_same_report_gives_the_same_bytes_and_json_round_trip_agrees(eitsuku, tmp_path):
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    write_report(first, eitsuku)
    again = report_from_json(json.loads(to_json(eitsuku)))  # the report read back from what --json wrote
    assert again == eitsuku and to_json(again) == to_json(eitsuku)
    write_report(second, again)
    assert first.read_bytes() == second.read_bytes()
    assert render_pdf(eitsuku)[0] == first.read_bytes()


def test_histograms_count_every_game_and_seat(eitsuku):
    play = eitsuku.players[4].play
    spread = play.score_spread
    assert sum(n for _, _, n in spread.scores.histogram) == 4 * play.games
    assert sum(n for _, _, n in spread.margin.histogram) == play.games
    assert sum(n for _, _, n in play.length_moves.histogram) == play.games
    assert len(spread.by_seat) == 4 and all(seat.histogram is None for seat in spread.by_seat)
    assert min(s.min for s in spread.by_seat) == spread.scores.min


def test_png_one_file_per_page_at_a_readable_size(promotion, tmp_path):
    out = tmp_path / "promo.png"
    written = write_report(out, promotion)
    assert written == [out, tmp_path / "promo-2.png", tmp_path / "promo-3.png", tmp_path / "promo-4.png"]
    for path in written:
        image = Image.open(path)
        assert image.format == "PNG"
        assert 1100 <= image.width <= 2000 and math.isclose(image.width / image.height, 297 / 210, rel_tol=0.01)
    again = write_report(tmp_path / "again.png", promotion)
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in written]


def test_png_pages_left_by_a_longer_report_are_removed(promotion, eitsuku, tmp_path):
    out = tmp_path / "r.png"
    assert len(write_report(out, eitsuku)) == 7
    assert len(write_report(out, promotion)) == 4
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r-2.png", "r-3.png", "r-4.png", "r.png"]


def test_game_figures_grouped_by_prefix_with_readable_labels(promotion, tmp_path):
    out = tmp_path / "p.pdf"
    write_report(out, promotion)
    figures = page_texts(out)[2]
    for label in ("Effect used", "Wild!", "Change!", "Row chosen", "Win side", "Other figures", "effect fizzled"):
        assert label in figures, label
    assert "effect_used.Wild!" not in figures


def test_flags_are_drawn_in_the_warning_colour(promotion, tmp_path):
    data = json.loads(to_json(promotion))
    fig = data["players"]["4"]
    fig["seat_advantage"].update(p_value=0.001, p_adjusted=0.001)
    fig["symmetry"][0].update(p_value=0.001, p_adjusted=0.001, flagged=True)  # the seats' test, after correction
    fig["ladder"]["rungs"][0]["won"].update(share=0.2, low=0.15, high=0.25)  # greedy no better than random
    fig["termination"].update(capped=2, stalled_seeds=[424242, 515151])
    flagged = report_from_json(data)
    plain_png = write_report(tmp_path / "plain.png", promotion)[1].read_bytes()
    flagged_png = write_report(tmp_path / "flagged.png", flagged)[1].read_bytes()
    assert warn_pixels(plain_png) == 0
    assert warn_pixels(flagged_png) > 2000
    write_report(tmp_path / "flagged.pdf", flagged)
    overview, play = page_texts(tmp_path / "flagged.pdf")[:2]
    for text in (overview, play):
        assert "seat order matters" in text and "greedy cannot beat random" in text and "2 stalled game(s)" in text
    assert "424242" in play and "--replay SEED" in play


def test_integrity_findings_are_all_listed_over_as_many_pages_as_needed(promotion, tmp_path):
    findings = [f"card_data/promotion/cards.csv: row {n}: 役札の枚数が規則と合いません" for n in range(2, 90)]
    broken = dataclasses.replace(promotion, integrity=findings)
    out = tmp_path / "broken.pdf"
    write_report(out, broken)
    texts = page_texts(out)
    assert "88 integrity finding(s)" in texts[0] and "more finding(s) on the following page(s)" in texts[0]
    continued = texts[1:-3]  # between the overview and promotion's three pages
    assert continued and all("Deck integrity (continued)" in text for text in continued)
    joined = "\n".join(texts)
    assert all(f"row {n}: 役札の枚数が規則と合いません" in joined for n in range(2, 90))
    assert "promotion: 4 players" in texts[-2]


def test_cli_writes_the_report_and_refuses_bad_paths(repo, tmp_path):
    out = tmp_path / "report.pdf"
    args = ["check", "promotion", "--games", "40", "--seed", "5", "--project", str(repo.root)]
    result = CliRunner().invoke(main, args + ["--report", str(out)])
    assert result.exit_code == 0, result.output
    assert "Reproduce: pnp check promotion --games 40 --seed 5 --policy greedy" in page_texts(out)[0]
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    bad = CliRunner().invoke(main, args + ["--report", str(blocker / "report.pdf")])
    assert bad.exit_code == 1
    assert bad.output == (f"error: {blocker / 'report.pdf'}: '{blocker}' is a file, not a folder; "
                          "choose a path in a folder\n")
    wrong = CliRunner().invoke(main, args + ["--report", str(tmp_path / "report.svg")])
    assert wrong.exit_code == 2
    assert wrong.output == "error: pnp check --report: cannot write a report as '.svg'; name the file .pdf or .png\n"
    replay = CliRunner().invoke(main, args + ["--replay", "3", "--report", str(tmp_path / "replay.pdf")])
    assert replay.exit_code == 2 and "a replay has no report to draw" in replay.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "report.pdf"]


def test_a_folder_in_the_way_of_a_page_stops_before_anything_is_written(promotion, tmp_path):
    (tmp_path / "r-2.png").mkdir()
    with pytest.raises(PnpError, match="a folder has the name of a report file"):
        write_report(tmp_path / "r.png", promotion)
    assert [p.name for p in tmp_path.iterdir()] == ["r-2.png"]


@given(st.floats(-1e6, 1e6, allow_nan=False), st.floats(0, 1e6, allow_nan=False), st.booleans())
def test_axis_ranges_cover_the_data_on_round_steps(low, span, zero):
    high = low + span
    bottom, top, step = nice_range(low, high, zero=zero)
    tolerance = 1e-9 * max(1.0, abs(low), abs(high))
    assert bottom <= low + tolerance and top >= high - tolerance
    assert (bottom <= 0 <= top) or not zero
    mantissa = step / 10 ** math.floor(math.log10(step))
    assert any(math.isclose(mantissa, m) for m in (1, 2, 2.5, 5, 10))
    assert (top - bottom) / step <= 12


@given(st.text(alphabet=st.sampled_from("ab cdカード役札 12"), max_size=80), st.floats(30, 200))
def test_wrapped_lines_fit_and_keep_every_character(text, width):
    from reportlab.pdfbase.pdfmetrics import stringWidth
    fonts = report_fonts()
    lines = wrap(text, fonts.regular, 8, width)
    assert all(stringWidth(line, fonts.regular, 8) <= width or len(line) == 1 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


@given(st.dictionaries(st.from_regex(r"[a-z]{1,3}(\.[a-z0-9]{1,3})?", fullmatch=True), st.floats(0, 10), max_size=12))
def test_every_figure_is_shown_once(figures):
    groups, single = figure_groups(figures)
    shown = sum(len(g.values) for g in groups) + len(single)
    assert shown == len(figures)
    assert all(len(g.values) > 1 for g in groups)


SHIPPED = simulation_names(Project(ROOT))


def test_the_shipped_project_declares_six_simulations():
    assert SHIPPED == ["eitsuku", "eleusis", "ghost_couple", "ghost_couple_cards", "promotion", "torite4to6"]


@pytest.mark.parametrize("game", SHIPPED)
def test_every_simulated_game_gets_a_report(repo, game, tmp_path):
    spec = registry.spec_for(game, repo)
    players = spec.player_counts[0]
    command = f"pnp check {game} --players {players} --games 20 --seed 3 --policy random"
    report = check(repo, CheckOptions(game, players=(players,), target=Target(20), seed=3, policy="random", workers=1))
    pdf = tmp_path / f"{game}.pdf"
    write_report(pdf, report)
    texts = page_texts(pdf)
    assert len(texts) >= 2
    assert all(f"Reproduce: {command}" in text for text in texts)
    assert any(f"{game}: {players} players" in text for text in texts)
