"""Eitsuku, read back from the PDFs a user gets: pages, boxes, fonts, card texts, mirrored backs."""

from __future__ import annotations

import csv
import math
import re

import pytest
from conftest import ROOT, poppler
from pypdf import PdfReader

from pnp.build.builder import BuildOptions, build
from pnp.units import MM

DATA = ROOT / "card_data" / "eitsuku"
CARD_COMPONENTS = {"budget": 108, "role": 60, "event": 60, "player_aid": 6}


def rows(name):
    with open(DATA / f"{name}.csv", encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def page_texts(path):
    """Text of every page, via poppler."""
    return poppler("pdftotext", "-enc", "UTF-8", str(path), "-").split("\f")[:-1]


def squash(text):
    return re.sub(r"\s+", "", text)


def test_card_counts_match_the_rules():
    assert sum(int(r["count"]) for r in rows("budget")) == 108
    assert {(r["size"], r["count"]) for r in rows("budget")} == {("小", "42"), ("中", "36"), ("大", "30")}
    roles = rows("role")
    assert sum(int(r["count"]) for r in roles) == 60
    for role in ("役者", "脚本家", "音楽家", "演出家"):
        assert sum(int(r["count"]) for r in roles if r["role"] == role) == 15
    assert all(int(r["cost"]) == int(r["value"]) + 2 for r in roles)
    events = rows("event")
    assert len(events) == 15 and all(r["count"] == "4" for r in events)


@pytest.mark.parametrize("component,count", CARD_COMPONENTS.items())
def test_print_shop_files_have_one_card_per_page_with_boxes(eitsuku_out, component, count):
    for suffix in ("", "-back"):
        reader = PdfReader(eitsuku_out / "print-shop" / f"{component}{suffix}.pdf")
        assert len(reader.pages) == count
        for page in reader.pages:
            media, trim, bleed = page.mediabox, page.trimbox, page.bleedbox
            assert [float(v) for v in bleed] == pytest.approx([float(v) for v in media])
            inset = pytest.approx(3 * MM, abs=1e-3)  # PDF numbers are written to 4 decimals
            assert float(trim.left) == inset and float(trim.bottom) == inset
            assert float(media.right) - float(trim.right) == inset
            assert float(media.top) - float(trim.top) == inset


def test_poker_cards_are_63_by_88_with_3mm_bleed(eitsuku_out):
    page = PdfReader(eitsuku_out / "print-shop" / "role.pdf").pages[0]
    assert float(page.mediabox.width) == pytest.approx(69 * MM)
    assert float(page.mediabox.height) == pytest.approx(94 * MM)
    assert float(page.trimbox.width) == pytest.approx(63 * MM)


def test_every_event_text_is_on_four_pages(eitsuku_out):
    pages = [squash(t) for t in page_texts(eitsuku_out / "print-shop" / "event.pdf")]
    for event in rows("event"):
        body = squash(event["text"].replace("**", ""))
        hits = [i for i, page in enumerate(pages) if squash(event["name"]) in page and body in page]
        assert len(hits) == 4, event["name"]


def test_every_role_card_shows_role_value_and_cost(eitsuku_out):
    pages = [squash(t) for t in page_texts(eitsuku_out / "print-shop" / "role.pdf")]
    index = 0
    for row in rows("role"):
        for _ in range(int(row["count"])):
            page = pages[index]
            assert row["role"] in page and row["value"] in page and row["cost"] in page
            index += 1
    assert index == len(pages) == 60


def test_role_backs_name_their_role(eitsuku_out):
    pages = page_texts(eitsuku_out / "print-shop" / "role-back.pdf")
    expected = [r["role"] for r in rows("role") for _ in range(int(r["count"]))]
    assert [next(role for role in ("役者", "脚本家", "音楽家", "演出家") if role in p) for p in pages] == expected


def test_budget_cards_in_csv_order(eitsuku_out):
    pages = page_texts(eitsuku_out / "print-shop" / "budget.pdf")
    expected = [r["name"] for r in rows("budget") for _ in range(int(r["count"]))]
    assert [next(n for n in ("予算:小(1)", "予算:中(2)", "予算:大(3)") if n in squash(p)) for p in pages] == expected


def test_fonts_are_embedded_subsets_and_nothing_else(eitsuku_out):
    for pdf in [eitsuku_out / "eitsuku-a4.pdf", *sorted((eitsuku_out / "print-shop").glob("*.pdf"))]:
        lines = poppler("pdffonts", str(pdf)).splitlines()[2:]
        assert lines, pdf
        for line in lines:
            fields = line.split()
            name, emb, sub = fields[0], fields[-5], fields[-4]
            assert re.fullmatch(r"[A-Z]{6}\+BIZUDPGothic-(Regular|Bold)", name), line
            assert (emb, sub) == ("yes", "yes"), line


def test_sheet_pages_and_scale_bar(eitsuku_out):
    reader = PdfReader(eitsuku_out / "eitsuku-a4.pdf")
    a4 = sorted([210 * MM, 297 * MM])
    for page in reader.pages:
        assert sorted([float(page.mediabox.width), float(page.mediabox.height)]) == pytest.approx(a4)
    texts = page_texts(eitsuku_out / "eitsuku-a4.pdf")
    assert all("50 mm" in t for t in texts)
    poker_sheets = sum(2 * math.ceil(n / 8) for n in (108, 60, 60))
    assert len(reader.pages) > poker_sheets


def placements(page):
    """(x, y) of every card form drawn on a sheet page, from the content stream."""
    ops = page.get_contents().operations
    found, last_cm = [], None
    for operands, op in ops:
        if op == b"cm":
            last_cm = (float(operands[4]), float(operands[5]))
        elif op == b"Do":
            found.append(last_cm)
    return found


def test_backs_are_mirrored_for_long_edge_duplex(eitsuku_out):
    reader = PdfReader(eitsuku_out / "eitsuku-a4.pdf")
    front, back = placements(reader.pages[0]), placements(reader.pages[1])
    width, height = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    assert width > height and len(front) == len(back) == 8  # 4 x 2 with gutters on landscape A4
    for (fx, fy), (bx, by) in zip(front, back):  # long edge on a landscape sheet: mirrored top to bottom
        assert bx == pytest.approx(fx, abs=0.01)
        assert by == pytest.approx(height - fy - 88 * MM, abs=0.01)


def test_same_inputs_give_identical_bytes(eitsuku_out, repo, tmp_path):
    build(repo, [repo.load_game("eitsuku")], BuildOptions(tmp_path))
    again = tmp_path / "eitsuku"
    for pdf in eitsuku_out.rglob("*.pdf"):
        assert (again / pdf.relative_to(eitsuku_out)).read_bytes() == pdf.read_bytes(), pdf.name
    assert not list(tmp_path.rglob("*.tmp"))


def test_sheets_pdf_is_small(eitsuku_out):
    assert (eitsuku_out / "eitsuku-a4.pdf").stat().st_size < 2 * 1024 * 1024


def test_letter_short_edge_plain_marks(repo, tmp_path):
    build(repo, [repo.load_game("eitsuku")], BuildOptions(tmp_path, paper="letter", marks="plain", duplex="short"))
    reader = PdfReader(tmp_path / "eitsuku" / "eitsuku-letter.pdf")
    letter = sorted([215.9 * MM, 279.4 * MM])
    for page in reader.pages:
        assert sorted([float(page.mediabox.width), float(page.mediabox.height)]) == pytest.approx(letter)
    front, back = placements(reader.pages[0]), placements(reader.pages[1])
    width, height = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    assert width > height and len(front) == 8  # 4 x 2 on landscape Letter: 3 x 3 leaves no room for marks
    for (fx, fy), (bx, by) in zip(front, back):  # short edge on a landscape sheet: mirrored left to right
        assert by == pytest.approx(fy, abs=0.01)
        assert bx == pytest.approx(width - fx - 63 * MM, abs=0.01)


def _event_art(repo) -> dict:
    """Each event's picture and frame height, as the event layout maps them."""
    event = next(c for c in repo.load_game("eitsuku").components if c.name == "event")
    return event.front.vars["event_art"]


def test_every_event_has_its_own_svg_picture_without_text_filters_or_patterns(repo):
    from lxml import etree
    art = _event_art(repo)
    assert sorted(art) == sorted(r["name"] for r in rows("event"))
    files = {entry["file"] for entry in art.values()}
    assert len(files) == 15
    for name in files:
        tree = etree.parse(str(DATA / "art" / "event" / f"{name}.svg"))
        tags = {etree.QName(element).localname for element in tree.iter() if isinstance(element.tag, str)}
        assert tags and not tags & {"text", "tspan", "filter", "pattern", "image", "foreignObject", "style"}, name
        assert tags <= {"svg", "g", "path", "rect", "circle", "ellipse"}, (name, tags)


def _event_pages(eitsuku_out):
    """The first print-shop page of each of the 15 events, at 4 px/mm (the trim's top-left 3 mm in)."""
    import pypdfium2 as pdfium
    document = pdfium.PdfDocument(str(eitsuku_out / "print-shop" / "event.pdf"))
    try:
        return [document[i].render(scale=4 * 25.4 / 72).to_pil().convert("RGB") for i in range(0, 60, 4)]
    finally:
        document.close()


def _mm(x: float) -> int:
    return round((x + 3) * 4)  # trim mm to pixels of a page with 3 mm of bleed


def test_event_pictures_are_drawn_and_fill_the_blank_the_text_left(eitsuku_out, repo):
    art = _event_art(repo)
    pictures = []
    for event, page in zip(rows("event"), _event_pages(eitsuku_out)):
        height = art[event["name"]]["h"]
        picture = page.crop((_mm(6.3), _mm(25.2), _mm(56.7), _mm(20 + height)))
        assert len(picture.getcolors(1 << 16)) > 20, event["name"]  # drawn art, not a plain tint
        pictures.append(picture.resize((50, 20)).tobytes())
        blank, longest = 0, 0  # the tallest stretch of bare white panel between the picture and the bottom
        for y in range(_mm(21), _mm(84.5)):
            low = min(page.crop((_mm(5.5), y, _mm(57.5), y + 1)).getextrema(), key=lambda e: e[0])[0]
            blank = blank + 1 if low >= 250 else 0
            longest = max(longest, blank)
        assert longest / 4 < 6, (event["name"], longest / 4)  # 20 mm above and below the text before pictures
    assert len(set(pictures)) == 15


def test_event_text_stays_readable_beside_its_picture(repo):
    from pnp.face.render import Renderer
    from pnp.text.fonts import FontBook
    event = next(c for c in repo.load_game("eitsuku").components if c.name == "event")
    renderer = Renderer(FontBook(), repo.root)
    for row in event.table.rows:
        face = renderer.face(event.front, event.table, row)
        body = next(op for op in face.ops if op.kind == "text" and len(op.text.lines) > 2)
        assert body.text.size >= 7.5, row.values["name"]


def test_no_event_line_begins_with_a_word_bound_to_the_line_before(eitsuku_out):
    # Before: 32 lines of the events' print-shop file began with 「間、」 (〜ている / 間、), and others with 「内【」.
    text = poppler("pdftotext", "-layout", "-enc", "UTF-8", str(eitsuku_out / "print-shop" / "event.pdf"), "-")
    lines = [line.strip() for line in text.splitlines()]
    assert not [line for line in lines if line.startswith(("間、", "内【", "向き", "いう"))]
    assert "配置されている間、【1ターン】早く" in lines  # 巻きを入れる, its clause on one line
    # タイアップキャンペーン opens as the other events do, its clause whole on the second line (it broke early before)
    opening = lines[lines.index("タイアップキャンペーン") + 1:][:8]
    assert "・このカードが『場』に" in opening and "配置されている間、最終得点に" in opening
