"""The whole kit everywhere: cut shapes on the proof pages, the rulebook proof-read and exported, read back."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import replace_once, shapes_demo
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.cli.main import main
from pnp.project.games import Project
from pnp.proof.proofread import run_proof
from pnp.units import pt

MANIFEST = "card_data/demo/game.yaml"
ONE = "shares_rows: true, where: \"name == 'Spark'\", selection: true"
SHAPES = f"""
  - {{name: leaves, csv: cards.csv, layout: cards.yaml, back: cards-back.yaml, cut: shapes/leaf.svg, {ONE}}}
  - {{name: rounded, csv: cards.csv, layout: cards.yaml, back: cards-back.yaml, cut: rounded, radius: 4, {ONE}}}
  - {{name: discs, csv: cards.csv, layout: cards.yaml, back: cards-back.yaml, kind: token, cut: circle, {ONE}}}
check:"""
TRIM = (0.901961, 0.0, 0.494118)  # the proof's magenta trim


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    """A `pnp new` project with a component of each cut shape."""
    return shapes_demo(tmp_path_factory.mktemp("kit"), SHAPES)


@pytest.fixture(scope="module")
def proof(kit) -> PdfReader:
    """The proof PDF of the kit project."""
    report = run_proof(Project(kit), "demo", kit / "output")
    return PdfReader(report.pdf)


def trim_paths(reader: PdfReader, index: int) -> list[list[tuple[str, tuple[float, float]]]]:
    """Every path stroked in the trim's magenta on a proof page: its segments' kinds and end points, in mm."""
    paths, current, color, stack = [], [], None, []
    for operands, op in ContentStream(reader.pages[index].get_contents(), reader).operations:
        if op == b"q":
            stack.append(color)
        elif op == b"Q":
            color = stack.pop()
        elif op == b"RG":
            color = tuple(round(float(v), 6) for v in operands)
        elif op in (b"m", b"l", b"c"):
            current.append((op.decode(), (float(operands[-2]) / pt(1), float(operands[-1]) / pt(1))))
        elif op == b"re":
            current.append(("re", (float(operands[0]) / pt(1), float(operands[1]) / pt(1))))
        elif op in (b"S", b"s", b"f", b"B", b"n", b"W"):
            if color == TRIM and op in (b"S", b"s") and current and current[0][1][1] < 270:  # not the legend
                paths.append(current)
            current = [] if op != b"W" else current
    return paths


def page_of(reader: PdfReader, component: str) -> int:
    """The first proof page of a component (its header names it)."""
    return next(i for i, page in enumerate(reader.pages) if f"demo  ·  {component}\n" in page.extract_text())


def test_the_proof_draws_a_drawn_cut_as_its_path_mirrored_on_the_back(proof):
    front, back = trim_paths(proof, page_of(proof, "leaves"))
    assert [kind for kind, _ in front] == ["m", "l", "l"] == [kind for kind, _ in back]
    (x0, y0), (x1, y1), (x2, y2) = (point for _, point in front)
    scale = (y0 - y2) / 88  # the front is drawn enlarged: the right angle at its top left, as the SVG has it
    assert abs(x0 - x2) < 0.01 and scale > 1.5 and abs(x1 - x0 - 63 * scale) < 0.01 and abs(y1 - y0) < 0.01
    (u0, _), (u1, _), (u2, _) = (point for _, point in back)
    assert abs(u0 - u2) < 0.01 and u1 < u0  # seen from the back, the right angle is on the right


def test_the_proof_draws_rounded_corners_and_circles_as_the_die_line_does(proof):
    rounded, _ = trim_paths(proof, page_of(proof, "rounded"))
    assert [kind for kind, _ in rounded].count("c") == 4 and [kind for kind, _ in rounded].count("l") == 4
    disc, _ = trim_paths(proof, page_of(proof, "discs"))
    assert [kind for kind, _ in disc] == ["m", "c", "c", "c", "c"]
    square = trim_paths(proof, page_of(proof, "cards"))
    assert all(kind == "re" for path in square for kind, _ in path)


RULES = """# デモのルール

手番のプレイヤーは山札から1枚引きます。「カップリングが成立していたのならゲットできます。

- カードを :star: よく切る
- 手札を3枚配る :moon:

![場の配置図](art/none.png)

Draw a card 😀.
"""


def test_the_proof_reads_the_rulebook_and_shows_its_pages(project):
    (project / "card_data/demo/rules.md").write_text(RULES, encoding="utf-8")
    result = CliRunner().invoke(main, ["proof", "demo", "--project", str(project)])
    assert result.exit_code == 0, result.output
    pdf = project / "output/demo/demo-proof.pdf"
    assert result.output.splitlines() == [
        "card_data/demo/rules.md:3: text: unbalanced brackets: '「' is never closed "
        "(…ら1枚引きます。「カップリングが成…)",
        "card_data/demo/rules.md:6: text: unknown symbol :moon:",
        "card_data/demo/rules.md:8: text: image 'art/none.png' not found",
        "card_data/demo/rules.md:10: text: character '😀' (U+1F600) is not in font 'regular'",
        f"Proofed demo: 4 distinct cards and 1 rulebook page, 4 findings; wrote {pdf}"]
    reader = PdfReader(project / "output/demo/demo-proof.pdf")
    assert len(reader.pages) == 5
    last = reader.pages[4].extract_text()
    assert last.startswith("demo  ·  rulebook\n5 / 5") and "Markdown lines 1 to 10" in last
    assert "line 6 unknown symbol :moon:" in last and "手番のプレイヤーは山札から1枚引きます" in last.replace("\n", "")
    assert "1 / 5" in reader.pages[0].extract_text()


def test_a_build_still_stops_at_the_rulebooks_first_problem(project):
    (project / "card_data/demo/rules.md").write_text(RULES, encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "-q", "--project", str(project)])
    assert result.exit_code == 1 and not (project / "output").exists()
    assert result.output == ("error: card_data/demo/rules.md: line 6: unknown symbol :moon:; the game's layouts' "
                             "symbols are :star:; write \\: for a colon that starts no symbol\n")


def test_export_writes_each_rulebook_page_as_a_png_with_its_bleed(project):
    (project / "card_data/demo/rules.md").write_text("# One\n\n本文です。\n\n# Two\n\n二ページ目。\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["export", "demo", "--png", "--dpi", "50", "--project", str(project)])
    assert result.exit_code == 0, result.output
    folder = project / "output/demo/png/rulebook"
    assert sorted(p.name for p in folder.iterdir()) == ["page-001.png", "page-002.png"]
    with Image.open(folder / "page-002.png") as image:  # A5 and 3 mm of bleed all round, at 50 dpi
        assert abs(image.width - 154 / 25.4 * 50) <= 1 and abs(image.height - 216 / 25.4 * 50) <= 1
    result = CliRunner().invoke(main, ["export", "demo", "--png", "--dpi", "50", "--component", "cards",
                                       "--project", str(project)])
    assert result.exit_code == 0 and (folder / "page-002.png").exists()  # a component's export leaves it alone


def test_the_sheet_view_shows_the_rulebook_and_draws_it_again_when_rules_md_changes(project):
    from test_watch_notes import wait_for_sheets

    from pnp.watch.page import PAGE
    from pnp.watch.session import PreviewSession
    rules = project / "card_data/demo/rules.md"
    rules.write_text("# One\n\n本文です。\n", encoding="utf-8")
    session = PreviewSession(project, "demo", project / "preview")
    first = wait_for_sheets(session, session.rebuild().cards)
    assert len(first["rules"]) == 1 and first["rules_error"] is None and len(first["pages"]) == 4
    with Image.open(project / "preview" / first["rules"][0]) as page:
        assert page.size == (364, 510)  # A5 and its bleed at 60 dpi
    rules.write_text("# One\n\n本文です。\n\n# Two\n\n:moon:\n", encoding="utf-8")
    broken = wait_for_sheets(session, session.rebuild({rules}).cards)
    assert broken["rules"] == [] and len(broken["pages"]) == 4 and broken["rules_error"] == (
        "card_data/demo/rules.md: line 7: unknown symbol :moon:; the game's layouts' symbols are :star:; "
        "write \\: for a colon that starts no symbol")
    rules.write_text("# One\n\n本文です。\n\n# Two\n\n「二ページ目。\n", encoding="utf-8")
    again = wait_for_sheets(session, session.rebuild({rules}).cards)
    assert len(again["rules"]) == 2 and again["rules"][0] == first["rules"][0] and again["rules_error"] is None
    assert again["rules_notes"] == ["card_data/demo/rules.md:7: text: unbalanced brackets: '「' is never closed "
                                    "(「二ページ目。)"] and first["rules_notes"] == []
    assert "drawn.rules_error" in PAGE and '"rulebook page "' in PAGE


def test_game_yaml_sets_the_cutter_and_sharing_and_the_command_line_wins(project):
    replace_once(project / MANIFEST, "title: demo", "title: demo\ncutter: cricut\nshare: false")
    replace_once(project / MANIFEST, "check:", "  - {name: more, csv: cards.csv, layout: cards.yaml, "
                 "back: cards-back.yaml, shares_rows: true}\ncheck:")

    def built(*options: str) -> tuple[int, list[str]]:
        out = project / "out" / "-".join(options or ("keys",))
        result = CliRunner().invoke(main, ["build", "-q", "--project", str(project), "--out", str(out), *options])
        assert result.exit_code == 0, result.output
        cutter = out / "demo" / "cutter"
        return len(PdfReader(out / "demo/demo-a4.pdf").pages), sorted(p.name for p in cutter.glob("*.pdf"))

    assert built() == (8, ["demo-cards-cricut.pdf", "demo-more-cricut.pdf"])  # 10 cards each, 8 a sheet, unshared
    assert built("--share", "--cutter", "silhouette") == (6, ["demo-cards-silhouette-a4.pdf",
                                                               "demo-more-silhouette-a4.pdf"])
    assert built("--cutter", "none") == (8, [])


EXTRA = {"csv": "data: cards.csv", "xlsx": "data: cards.xlsx, sheet: cards"}


@pytest.mark.parametrize("data_format, rules", [("csv", False), ("xlsx", True)])
def test_a_new_project_uses_every_item_of_the_kit_from_its_own_examples(tmp_path, data_format, rules):
    from pnp.scaffold.writer import scaffold
    scaffold(Project(tmp_path), "demo", data_format, rules)
    manifest = tmp_path / MANIFEST
    for example in ("# cutter: silhouette", "# cut: rounded", "# - {name: box"):  # the examples game.yaml shows
        replace_once(manifest, example, example.removeprefix("# "))
    replace_once(manifest, "check:", f"  - {{name: extra, {EXTRA[data_format]}, layout: cards.yaml, "
                 "back: cards-back.yaml, shares_rows: true}\ncheck:")  # 10 cards and 10: they share a sheet
    (tmp_path / "card_data/demo/box.csv").write_text("title,count\nDemo,1\n", encoding="utf-8")
    (tmp_path / "layouts/demo/box.yaml").write_text("size: poker\n", encoding="utf-8")
    (tmp_path / "card_data/demo/rules.md").write_text("# ルール\n\n:star: を集めます。\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "-q", "--die-line", "--project", str(tmp_path)])
    assert result.exit_code == 0, result.output
    out = tmp_path / "output/demo"
    assert len(PdfReader(out / "demo-a4.pdf").pages) == 6  # 3 sheets: the extra cards' first four share one
    assert b"/CutContour" in (out / "print-shop/cards.pdf").read_bytes()  # the die line's spot colour
    assert len(PdfReader(out / "demo-box-a4-tuckbox.pdf").pages) == 1
    assert len(PdfReader(out / "rulebook/demo-rules.pdf").pages) == 1
    cutter = sorted(p.name for p in (out / "cutter").iterdir())
    assert cutter[:3] == ["demo-box-silhouette-a4-1.svg", "demo-box-silhouette-a4.pdf",
                          "demo-cards-silhouette-a4-1.svg"]
    if rules:
        for command in (["proof", "demo"], ["export", "demo", "--png", "--dpi", "50"]):
            result = CliRunner().invoke(main, [*command, "--project", str(tmp_path)])
            assert result.exit_code == 0, result.output
        assert (out / "png/box/001-front.png").exists() and (out / "png/rulebook/page-001.png").exists()


def test_a_rulebook_no_page_can_be_set_of_is_a_finding_and_the_cards_are_proofed(project):
    (project / "card_data/demo/rules.md").write_bytes("# ルール\n".encode("cp932"))
    result = CliRunner().invoke(main, ["proof", "demo", "--project", str(project)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:-1] == [
        "card_data/demo/rules.md: text: is not UTF-8 text (byte 2); save it as UTF-8"]
    assert result.output.splitlines()[-1].startswith("Proofed demo: 4 distinct cards and 0 rulebook pages, 1 finding")


def test_the_sheet_view_sets_the_rulebook_once_for_its_pages_and_its_notes(project, monkeypatch, tmp_path):
    from pnp.book import booklet
    from pnp.project.games import Project
    from pnp.text.fonts import FontBook
    from pnp.watch.sheets import draw_rulebook
    (project / "card_data/demo/rules.md").write_text("# One\n\n「本文です。\n", encoding="utf-8")
    calls: list[str] = []
    set_rules = booklet.set_rules
    monkeypatch.setattr(booklet, "set_rules", lambda *args, **kwargs: calls.append("set") or set_rules(*args, **kwargs))
    repo = Project(project)
    pages, notes = draw_rulebook(repo, repo.load_game("demo"), tmp_path, FontBook())
    assert len(pages) == 1 and calls == ["set"]
    assert notes == ("card_data/demo/rules.md:3: text: unbalanced brackets: '「' is never closed (「本文です。)",)


def test_in_a_real_browser_the_sheet_view_shows_the_rulebooks_pages_and_notes(project, tmp_path_factory):
    import json
    import time

    from conftest import needs_tool
    from test_watch import browser, dump_dom, free_port, get, start_cli, stop_cli
    needs_tool("chromium", "chromium", "chromium-browser", "google-chrome")
    (project / "card_data/demo/rules.md").write_text("# One\n\n「本文です。\n", encoding="utf-8")
    port, scratch = free_port(), tmp_path_factory.mktemp("scratch")
    url = f"http://127.0.0.1:{port}/"
    process = start_cli(project, port, scratch)
    try:
        deadline = time.monotonic() + 60  # the page's sheet view asks for the sheets, drawn in the background
        while not (json.loads(get(url + "state.json?after=0&sheets=1"))["sheets"] or {}).get("rules"):
            assert time.monotonic() < deadline, "no rulebook pages within 60 s"
            time.sleep(0.1)
        dom = dump_dom(browser(), url + "#sheets")
    finally:
        stop_cli(process)
    assert 'alt="rulebook page 1"' in dom and "rulebook page 1 (A5)" in dom
    assert "card_data/demo/rules.md:3: text: unbalanced brackets" in dom
