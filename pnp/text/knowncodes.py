"""A text's codes in a document's font subsets, at once when every character already has one (reportlab gives
them one character at a time)."""

from __future__ import annotations

from itertools import groupby

NO_BREAK_SPACE = "\xa0"  # reportlab sets it as a space


def known_split(font, text, doc) -> list[tuple[int, bytes]] | None:
    """What `font.splitString(text, doc)` gives, when each character of the text has its code in the document's
    subsets already (the call then changes nothing); None otherwise, for reportlab to give the codes."""
    state = font.state.get(doc)
    if state is None or type(text) is not str or not text or NO_BREAK_SPACE in text:
        return None
    assignments = state.assignments
    try:
        codes = [assignments[code] for code in map(ord, text)]
    except KeyError:
        return None
    if max(codes) < 256:  # all in the first subset
        return [(0, bytes(codes))]
    return [(subset, bytes(code & 0xFF for code in run)) for subset, run in groupby(codes, key=lambda code: code >> 8)]
