"""Card names in 【】 and 『』 that name no card of the game."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterator

from pnp.data.table import Table
from pnp.layout.files import Layout
from pnp.project.games import Game
from pnp.project.names import short_cells
from pnp.proof.findings import Finding
from pnp.proof.lint import text_cells

REFERENCE = re.compile(r"【([^【】]+)】|『([^『』]+)』")
MARKUP = re.compile(r"\*\*|\{[^{}|\s]+\||\}|:[A-Za-z_][A-Za-z0-9_-]*:")
CARD = "カード"
MIN_NAME = 4  # shorter names are not compared for misspellings: too many near misses
SIMILAR = 0.75  # how close a mention must be to a known name to count as its misspelling
OUTER = "『』「」【】"


def normal(text: str) -> str:
    """A word as compared: NFKC, no whitespace, no surrounding brackets."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text)).strip(OUTER)


class Names:
    """The words a game's cards may refer to: card names, labels and kinds, and captions printed on every card."""

    def __init__(self, cells: Iterator[str], captions: Iterator[str]):
        self.words: dict[str, str] = {}
        self.names: dict[str, str] = {}  # the cells: what a misspelt mention is compared with
        for source, words in ((cells, self.names), (captions, None)):
            for word in source:
                for part in str(word).split("|"):
                    if normal(part):
                        self.words.setdefault(normal(part), part.strip())
                        if words is not None and len(normal(part)) >= MIN_NAME and not part.strip().isdigit():
                            words.setdefault(normal(part), part.strip())

    def knows(self, term: str) -> bool:
        """Tell whether a mention names something the game has ('X' also matches 'Xカード' and back)."""
        word = normal(term)
        return word in self.words or word.removesuffix(CARD) in self.words or word + CARD in self.words

    def closest(self, term: str, any_word: bool = False) -> str | None:
        """The card name (or, with any_word, any known word) a mention most likely misspells, if one is close."""
        words = self.words if any_word else self.names
        close = difflib.get_close_matches(normal(term), list(words), n=1, cutoff=SIMILAR)
        return words[close[0]] if close else None


def game_names(game: Game) -> Names:
    """Every word the game's cards may name: short cells, printed captions, layout vars and the title."""
    def cells() -> Iterator[str]:
        for component in game.components:
            yield from short_cells(component.table)

    def captions() -> Iterator[str]:
        yield game.title
        for component in game.components:
            for layout in component.layouts():
                yield from _captions(layout)
    return Names(cells(), captions())


def _captions(layout: Layout) -> Iterator[str]:
    """Text a layout prints on every card (e.g. 'イベントカード' on a back) and the strings of its vars."""
    for element in layout.elements:
        text = element.get("text")
        if element.type == "text" and isinstance(text, str):
            yield MARKUP.sub("", text)
    yield from _strings(layout.vars)


def _strings(value) -> Iterator[str]:
    """Every string in a nested vars value, keys included."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, str):
        yield value


def dangling_names(table: Table, names: Names) -> list[Finding]:
    """Mentions in 【】/『』 naming no card: 『X』カード with an unknown X, or a near miss of a known name."""
    findings = []
    for row, column, text in text_cells(table):
        for match in REFERENCE.finditer(text):
            term = match.group(1) or match.group(2)
            if names.knows(term):
                continue
            as_card = text.startswith(CARD, match.end())
            closest = names.closest(term, any_word=as_card)
            if not as_card and closest is None:
                continue  # emphasis such as 【2枚】, not a name
            hint = f"; did you mean '{closest}'?" if closest else "; add the card or fix the name"
            findings.append(Finding(table.label, row.number, column,
                                    f"{match.group()} names no card of this game{hint}"))
    return findings
