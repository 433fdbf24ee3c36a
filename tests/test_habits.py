"""Habits: the default paper from game.yaml or PNP_PAPER, --quiet, and the gutter advice said once per build."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli.main import main
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold

LETTER = (612.0, 792.0)
A4 = (595.276, 841.89)


@pytest.fixture
def demo(tmp_path) -> Path:
    scaffold(Project(tmp_path), "demo")
    return tmp_path


def run(project: Path, *args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(main, [*args, "--project", str(project)], env={"PNP_PAPER": "", **(env or {})})


def _page_size(pdf: Path) -> tuple[float, float]:
    box = PdfReader(pdf).pages[0].mediabox
    return min(round(float(box.width), 3), round(float(box.height), 3)), max(round(float(box.width), 3),
                                                                             round(float(box.height), 3))


def _set_paper(project: Path, paper: str) -> None:
    manifest = project / "card_data/demo/game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("title: demo\n", f"title: demo\npaper: {paper}\n"),
                        encoding="utf-8")


def test_paper_in_game_yaml_sets_the_default(demo):
    _set_paper(demo, "letter")
    assert run(demo, "build").exit_code == 0
    assert sorted(p.name for p in (demo / "output/demo").glob("*.pdf")) == ["demo-letter.pdf"]
    assert _page_size(demo / "output/demo/demo-letter.pdf") == LETTER
    assert run(demo, "build", "--paper", "a4").exit_code == 0  # the option wins
    assert _page_size(demo / "output/demo/demo-a4.pdf") == A4


def test_pnp_paper_sets_the_default_over_game_yaml(demo):
    _set_paper(demo, "a4")
    assert run(demo, "build", env={"PNP_PAPER": "Letter"}).exit_code == 0
    assert sorted(p.name for p in (demo / "output/demo").glob("*.pdf")) == ["demo-letter.pdf"]


def test_a_bad_paper_is_one_line(demo):
    result = run(demo, "build", env={"PNP_PAPER": "a5"})
    assert (result.exit_code, result.output) == (
        2, "error: PNP_PAPER: 'a5' is not a paper pnp prints on; set it to a4 or letter, or unset it\n")
    _set_paper(demo, "tabloid")
    result = run(demo, "build")
    assert (result.exit_code, result.output.splitlines()[-1]) == (
        1, "error: card_data/demo/game.yaml: paper: unknown paper 'tabloid'; write paper: a4 or paper: letter (the "
           "home-print sheets' paper)")


def test_quiet_prints_errors_only(demo):
    result = run(demo, "build", "--quiet")
    assert (result.exit_code, result.output) == (0, "")
    assert (demo / "output/demo/demo-a4.pdf").is_file()
    result = run(demo, "proof", "demo", "-q")
    assert (result.exit_code, result.output) == (0, "")
    result = run(demo, "build", "nosuch", "-q")
    assert (result.exit_code, result.output) == (
        1, "error: card_data: no game 'nosuch' in card_data/; known games: demo; start one with 'pnp new nosuch'\n")


def test_the_gutter_advice_is_said_once_per_build(demo):
    for name in ("one", "two"):
        scaffold(Project(demo), name)
        cards = demo / "card_data" / name / "cards.csv"  # 18 cards: 2 sheets butted, 3 with gutters
        cards.write_text(cards.read_text(encoding="utf-8").replace("damage.,4\n", "damage.,12\n"), encoding="utf-8")
    result = run(demo, "build")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert sum("--gutter" in line for line in lines) == 1, lines
    assert lines[-1].startswith("  gutters: pieces are spaced so that a cut off the line shows no other card's colour")
