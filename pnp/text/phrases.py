"""Where Japanese text may break: BudouX phrase boundaries, with names in brackets and quotes kept whole."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

from pnp.text.phrasecache import PHRASES

# A span from an opening mark to its closing mark is a name or a quotation: no line break inside it when it fits.
CLOSERS = {"『": "』", "【": "】", "「": "」", "“": "”", "”": "”", "〈": "〉", "《": "》"}
MAX_SPAN = 40  # characters: a longer bracketed passage is running text, broken at its phrases
CACHE = 4096  # distinct paragraphs whose phrases are remembered


class Phrasing(NamedTuple):
    """A paragraph's break opportunities: BudouX phrase starts, and the spans that must stay whole."""

    starts: frozenset[int]  # offsets where a phrase begins (a break is allowed before them)
    spans: tuple[tuple[int, int], ...]  # (first, end) offsets of bracketed names and quotations
    bound: frozenset[int] = frozenset()  # offsets where no line may begin (bound_to_before), a name's end too

    def span_at(self, offset: int) -> tuple[int, int] | None:
        """The span that a break before offset would cut, if any."""
        for first, end in self.spans:
            if first < offset < end:
                return first, end
        return None


# Breaks BudouX allows where a reader stumbles: the next line would begin with a word bound to the one before.
# Each rule: (what may end the line before, what may not begin the next line after it).
VERB_ENDINGS = tuple("るたてい")  # 〜ている間, 〜した後: a clause ending in a verb or adjective
BOUND_AFTER = (
    (VERB_ENDINGS + ("の",), ("間", "内", "際", "後", "前", "うち")),  # a dependent noun: 〜ている間、 〜の内【…】
    (("表", "裏"), ("向き",)),  # 表向き, 裏向き: one word BudouX splits
    (("と",), ("いう",)),  # 〜という: a quotation and the verb that quotes it
)
PARTICLE_PAUSE = tuple(f"{particle}、" for particle in "にをはがでとへもや")  # 「に、」: a particle never starts a line


def phrasing(text: str, names: frozenset[str] = frozenset()) -> Phrasing:
    """The phrases and whole spans of one paragraph (worked out once a text: card texts repeat across copies and
    sizes; a build's phrase store learns every text it sets).

    names: words kept whole as a bracketed name is, wherever they stand outside brackets.
    """
    return _phrasing(text, names, _phrase_lengths(text))


@lru_cache(maxsize=CACHE)
def _phrasing(text: str, names: frozenset[str], lengths: tuple[int, ...]) -> Phrasing:
    """The paragraph's phrasing, its phrases as long as `lengths`."""
    starts, offset = set(), 0
    for length in lengths:
        starts.add(offset)
        offset += length
    brackets = _spans(text)
    spans = tuple(sorted(brackets + _name_spans(text, names, brackets)))
    bound = frozenset(offset for offset in starts | {end for _, end in spans} if bound_to_before(text, offset))
    return Phrasing(frozenset(starts - bound), spans, bound)


def _phrase_lengths(text: str) -> tuple[int, ...]:
    """The lengths of the text's phrases as BudouX finds them, from the build's phrase store where it keeps them."""
    store = PHRASES.store()
    if store is None:
        return _budoux_lengths(text)
    found = store.lengths(text)
    if found is None:
        found = _budoux_lengths(text)
        store.remember(text, found)
    return found


@lru_cache(maxsize=CACHE)
def _budoux_lengths(text: str) -> tuple[int, ...]:
    """The lengths of the phrases BudouX finds in a text."""
    return tuple(len(chunk) for chunk in budoux_parser().parse(text))


@lru_cache(maxsize=1)
def budoux_parser() -> Any:
    """BudouX's Japanese parser, loaded at the first text the phrase store does not know (a rebuild needs none)."""
    import budoux

    return budoux.load_default_japanese_parser()


def bound_to_before(text: str, offset: int) -> bool:
    """Whether a line may not begin at offset: a dependent word bound to the one before, or a particle's pause."""
    if offset == 0:
        return False
    if text.startswith(PARTICLE_PAUSE, offset):
        return True
    return any(text.endswith(before, 0, offset) and text.startswith(after, offset) for before, after in BOUND_AFTER)


def _spans(text: str) -> list[tuple[int, int]]:
    """Outermost bracketed spans, each from its opening mark to just after its closing mark."""
    spans, index = [], 0
    while index < len(text):
        closer = CLOSERS.get(text[index])
        end = text.find(closer, index + 1) if closer else -1
        if 0 < end - index <= MAX_SPAN and "\n" not in text[index:end]:
            spans.append((index, end + 1))
            index = end + 1
        else:
            index += 1
    return spans


def _name_spans(text: str, names: frozenset[str], brackets: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Where the names stand in the text outside brackets, the longest name first where two overlap."""
    pattern = _name_pattern(names)
    if pattern is None:
        return []
    found = ((match.start(), match.end()) for match in pattern.finditer(text))
    return [(first, end) for first, end in found if not any(a < end and first < b for a, b in brackets)]


@lru_cache(maxsize=8)
def _name_pattern(names: frozenset[str]) -> re.Pattern[str] | None:
    """One expression matching any of the names, longest first (a game's set of names is compiled once)."""
    if not names:
        return None
    return re.compile("|".join(re.escape(name) for name in sorted(names, key=lambda name: (-len(name), name))))


PUNCTUATION = set("、。，．,.:;!?！？：；・…‥)]}）］｝」』】〕〉》〙〗”’")
SHORT_LAST = 3  # a paragraph's last line with fewer characters than this (punctuation aside) looks stranded
FULL_LINE = 6  # ...when the line before it holds at least this many: narrow boxes hold few characters anyway


def content_length(text: str) -> int:
    """Characters of a line that are not punctuation or spaces."""
    return sum(1 for char in text if char not in PUNCTUATION and not char.isspace())


def is_short_last(before: str, last: str) -> bool:
    """Tell whether a paragraph's last line is left with a syllable or two after a full line."""
    return 0 < content_length(last) < SHORT_LAST and content_length(before) >= FULL_LINE
