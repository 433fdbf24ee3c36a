"""Where Japanese text may break: BudouX phrase boundaries, with names in brackets and quotes kept whole."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import budoux

# A span from an opening mark to its closing mark is a name or a quotation: no line break inside it when it fits.
CLOSERS = {"『": "』", "【": "】", "「": "」", "“": "”", "”": "”", "〈": "〉", "《": "》"}
MAX_SPAN = 40  # characters: a longer bracketed passage is running text, broken at its phrases
CACHE = 4096  # distinct paragraphs whose phrases are remembered

_PARSER = budoux.load_default_japanese_parser()


@dataclass(frozen=True)
class Phrasing:
    """A paragraph's break opportunities: BudouX phrase starts, and the spans that must stay whole."""

    starts: frozenset[int]  # offsets where a phrase begins (a break is allowed before them)
    spans: tuple[tuple[int, int], ...]  # (first, end) offsets of bracketed names and quotations

    def span_at(self, offset: int) -> tuple[int, int] | None:
        """The span that a break before offset would cut, if any."""
        for first, end in self.spans:
            if first < offset < end:
                return first, end
        return None


@lru_cache(maxsize=CACHE)
def phrasing(text: str) -> Phrasing:
    """The phrases and whole spans of one paragraph (cached: card texts repeat across copies and sizes)."""
    starts, offset = set(), 0
    for chunk in _PARSER.parse(text):
        starts.add(offset)
        offset += len(chunk)
    return Phrasing(frozenset(starts), tuple(_spans(text)))


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


PUNCTUATION = set("、。，．,.:;!?！？：；・…‥)]}）］｝」』】〕〉》〙〗”’")
SHORT_LAST = 3  # a paragraph's last line with fewer characters than this (punctuation aside) looks stranded
FULL_LINE = 6  # ...when the line before it holds at least this many: narrow boxes hold few characters anyway


def content_length(text: str) -> int:
    """Characters of a line that are not punctuation or spaces."""
    return sum(1 for char in text if char not in PUNCTUATION and not char.isspace())


def is_short_last(before: str, last: str) -> bool:
    """Tell whether a paragraph's last line is left with a syllable or two after a full line."""
    return 0 < content_length(last) < SHORT_LAST and content_length(before) >= FULL_LINE
