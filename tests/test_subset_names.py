"""Embedded font subsets are named by their glyph sets, so merged files never mix two subsets under one name."""

from __future__ import annotations

import re
from collections import defaultdict

from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from pnp.text.fonts import subset_tag


def subsets(path) -> dict[str, bytes]:
    """BaseFont name -> the subset's ToUnicode map (its characters, code by code) for every font of a PDF."""
    found = {}
    for page in PdfReader(path).pages:
        for form in _forms(page):
            for font in form.get("/Resources", {}).get("/Font", {}).values():
                font = font.get_object()
                found[str(font["/BaseFont"])] = font["/ToUnicode"].get_object().get_data()
    return found


def _forms(page):
    yield page
    for xobject in page.get("/Resources", {}).get("/XObject", {}).values():
        yield from _forms(xobject.get_object())


def test_print_shop_files_never_share_a_subset_name_for_different_glyphs(eitsuku_out):
    seen: dict[str, set[bytes]] = defaultdict(set)
    files = sorted((eitsuku_out / "print-shop").glob("*.pdf")) + [eitsuku_out / "eitsuku-a4.pdf"]
    for path in files:
        for name, glyphs in subsets(path).items():
            assert re.fullmatch(r"/[A-Z]{6}\+BIZUDPGothic-(Regular|Bold)", name), name
            seen[name].add(glyphs)
    assert len(files) == 11 and len(seen) > 11  # 10 print-shop files (cards, their backs, the mat and the track)
    assert {name: len(sets) for name, sets in seen.items() if len(sets) > 1} == {}
    assert not any(name.startswith("/AAAAAA+") for name in seen)


def test_subset_tags_are_deterministic_and_follow_the_characters():
    assert subset_tag(b"F", [65, 66]) == subset_tag(b"F", [65, 66])
    assert subset_tag(b"F", [65, 66]) != subset_tag(b"F", [66, 65])
    assert subset_tag(b"F", [65, 66]) != subset_tag(b"G", [65, 66])
    assert subset_tag(b"F", [0x3042]) == b"MXRRGX"  # pinned: the same subset keeps its name across pnp versions


@given(st.lists(st.integers(0, 0x10FFFF), max_size=256))
def test_subset_tags_are_six_capitals(subset):
    assert re.fullmatch(rb"[A-Z]{6}", subset_tag(b"BIZUDPGothic", subset))
