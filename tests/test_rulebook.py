"""Rulebooks: card_data/<game>/rules.md set on A5 pages, one per page for print shops and imposed as a booklet."""

from __future__ import annotations

import re
import shutil

import pytest
from click.testing import CliRunner
from conftest import ROOT, made_once, poppler
from pypdf import PdfReader

from pnp.book.booklet import booklet_sides
from pnp.cli.main import main

SECTIONS = 11
TEXT = ("手番のプレイヤーは山札から1枚引き、場に裏向きになっている札を2枚表向けます。"
        "手札と、場に表向きになっているカードのなかで、カップリングが成立していたのならゲットできます。")


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def rules_text() -> str:
    """A rulebook of several pages: headings, paragraphs, a list, a table, a symbol and a picture."""
    parts = ["# デモのルール", "", "![場の配置図](art/layout.svg)", ""]
    for number in range(1, SECTIONS + 1):
        parts += [f"## 第{number}節", "", f"{TEXT}{TEXT}", "", "- 一つ目の項目 :star:", "- **二つ目**の項目", "",
                  "| 役 | 得点 |", "|---|--:|", f"| 役{number} | +{number * 10} |", ""]
    return "\n".join(parts)


@pytest.fixture
def book(project, tmp_path_factory):
    """The demo project with a rules.md (and its picture), built on A4 (once per test run, copied into project)."""
    shutil.copytree(made_once(tmp_path_factory, "rulebook-built", _built_book), project, symlinks=True,
                    dirs_exist_ok=True)
    return project / "output" / "demo" / "rulebook"


def _built_book(project) -> None:
    """Write the demo project with a rules.md and its picture into project, and build it on A4."""
    from pnp.project.games import Project
    from pnp.scaffold.writer import scaffold
    scaffold(Project(project), "demo")
    folder = project / "card_data" / "demo"
    (folder / "art").mkdir(exist_ok=True)
    (folder / "art" / "layout.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="60"><rect x="5" y="5" width="90" height="50" '
        'fill="#dde"/></svg>', encoding="utf-8")
    (folder / "rules.md").write_text(rules_text(), encoding="utf-8")
    result = run("build", "--project", str(project))
    assert result.exit_code == 0, result.output


def page_text(path, page: int, crop: tuple[int, int, int, int] | None = None) -> str:
    """A page's text as pdftotext reads it, without white space (a crop: x, y, width, height in points)."""
    box = [arg for key, value in zip("xyWH", crop) for arg in (f"-{key}", str(value))] if crop else []
    return re.sub(r"\s+", "", poppler("pdftotext", *box, "-f", str(page), "-l", str(page), str(path), "-"))


def test_an_eight_page_booklet_is_imposed_8_1_2_7_6_3_4_5():
    assert booklet_sides(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]
    assert booklet_sides(5) == booklet_sides(8) and booklet_sides(1) == [(4, 1), (2, 3)]
    assert booklet_sides(12)[:2] == [(12, 1), (2, 11)]


def test_the_print_shop_file_holds_every_rule_in_order_on_a5_pages_with_boxes(book):
    shop = book / "demo-rules.pdf"
    reader = PdfReader(shop)
    pages = len(reader.pages)
    assert 4 < pages <= 8
    for page in reader.pages:
        assert [round(float(v) / 72 * 25.4, 2) for v in page.trimbox] == [3, 3, 151, 213]
        assert [round(float(v) / 72 * 25.4, 2) for v in page.bleedbox] == [0, 0, 154, 216]
    text = "".join(page_text(shop, number).removesuffix(str(number)) for number in range(1, pages + 1))
    expected = ["デモのルール", "場の配置図"] + [piece for number in range(1, SECTIONS + 1) for piece in
                                         (f"第{number}節", TEXT + TEXT, "一つ目の項目", "二つ目の項目", "役得点",
                                          f"役{number}+{number * 10}")]
    at = 0
    for piece in expected:  # every block, whole, in order: lines broken, never a character lost
        found = text.find(piece, at)
        assert found >= 0, piece
        at = found + len(piece)
    assert [page_text(shop, number)[-1:] for number in range(1, pages + 1)] == [str(n)[-1] for n in range(1, pages + 1)]
    fonts = poppler("pdffonts", str(shop)).splitlines()[2:]
    assert fonts and all(line.split()[-5] == "yes" for line in fonts)  # every font embedded


def test_the_booklet_pairs_the_pages_for_saddle_stitching_on_both_sides_of_a4(book):
    shop, booklet = book / "demo-rules.pdf", book / "demo-rules-booklet-a4.pdf"
    pages = len(PdfReader(shop).pages)
    reader = PdfReader(booklet)
    assert len(reader.pages) == 4  # padded to 8 pages: 2 sheets, both sides
    assert [round(float(v)) for v in reader.pages[0].mediabox] == [0, 0, 842, 595]
    for side, (left, right) in enumerate(booklet_sides(pages), 1):
        for number, crop in ((left, (0, 0, 421, 595)), (right, (421, 0, 421, 595))):
            expected = page_text(shop, number) if number <= pages else ""
            assert page_text(booklet, side, crop) == expected, (side, number)


def test_letter_gets_half_letter_pages_and_keeps_the_a4_booklet(book, tmp_path):
    project = book.parents[2]
    result = run("build", "--paper", "letter", "--project", str(project))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in book.iterdir()) == ["demo-rules-booklet-a4.pdf", "demo-rules-booklet-letter.pdf",
                                                      "demo-rules.pdf"]
    page = PdfReader(book / "demo-rules-booklet-letter.pdf").pages[0]
    assert [round(float(v)) for v in page.mediabox] == [0, 0, 792, 612]
    assert re.search(r"demo/rulebook: \d A5 pages; the booklet on 2 sheet\(s\)", result.output)


@pytest.mark.parametrize("rules, message", [
    ("# 題\n\n本文\n![図](art/none.png)\n",
     "error: card_data/demo/rules.md: line 4: image 'art/none.png' not found; add the file or fix the path "
     "(relative to the game's card_data folder or the project)"),
    ("# 題\n\n![図](../../../x.png)\n",
     "error: card_data/demo/rules.md: line 3: '../../../x.png' is outside the project folder; copy the file into "
     "the project and name it by a path inside it"),
    ("# 題\n\n:sta: です\n",
     "error: card_data/demo/rules.md: line 3: unknown symbol :sta:; did you mean :star:? the game's layouts' symbols "
     "are :star:; write \\: for a colon that starts no symbol"),
    ("# 題\n\n一\U0001F600\n",
     "error: card_data/demo/rules.md: line 3: character '\U0001F600' (U+1F600) is not in font 'regular'; use another "
     "character, or a font that has it"),
])
def test_a_rulebook_that_cannot_be_set_is_one_line_and_nothing_is_written(project, rules, message):
    (project / "card_data" / "demo" / "rules.md").write_text(rules, encoding="utf-8")
    result = run("build", "--project", str(project))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == message
    assert not (project / "output" / "demo").exists()


def test_a_rulebook_that_is_not_utf8_is_refused(project):
    (project / "card_data" / "demo" / "rules.md").write_bytes(b"# \xff\n")
    result = run("build", "--project", str(project))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == ("error: card_data/demo/rules.md: is not UTF-8 text (byte 2); "
                                              "save it as UTF-8")


def test_removing_rules_md_removes_the_rulebook_at_the_next_build(book):
    project = book.parents[2]
    (project / "card_data" / "demo" / "rules.md").unlink()
    assert run("build", "--project", str(project)).exit_code == 0
    assert not book.exists() or not any(book.iterdir())


def test_the_shipped_rulebooks_name_only_files_that_exist():
    for path in sorted((ROOT / "card_data").glob("*/rules.md")):
        for source in re.findall(r"!\[[^\]]*\]\(([^)\s]+)", path.read_text(encoding="utf-8")):
            assert (path.parent / source).is_file() or (ROOT / source).is_file(), (path, source)


SHIPPED = ["eitsuku", "eleusis", "ghost_couple", "promotion", "torite4to6"]


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_rulebook_sets_every_block_of_its_rules_whole_and_in_order(repo, name):
    from pnp.book.booklet import typeset
    from pnp.book.job import rules_path
    from pnp.book.markdown import parse_rules
    from pnp.text.fit import line_text
    from pnp.text.fonts import FontBook

    path = rules_path(repo.root, name)
    book = typeset(repo.root, repo.load_game(name), FontBook(), path)
    assert 3 <= len(book.pages) <= 12
    text = "".join(line_text(line) for face in book.pages for op in face.ops[:-1] if op.text  # the folio left out
                   for line in op.text.lines).replace(" ", "")
    at = 0
    for block in parse_rules(path.read_text(encoding="utf-8")):
        cells = [block.marker + block.text] if block.text else [cell for row in block.rows for cell in row]
        for cell in cells:
            plain = re.sub(r"\\(.)", r"\1", cell.replace("**", "").replace("\\n", "")).replace(" ", "")
            found = text.find(plain, at)
            assert found >= 0, (block.line, plain)
            at = found + len(plain)
