"""Atoms, the pieces lines are filled with; a phrase's parts are made only when a line breaker reads them.

A paragraph is cut into pieces that must stay together (a character with its kinsoku marks, a Latin word), and the
pieces are joined into phrases. A phrase wider than its line breaks into groups of pieces at the paragraph's
fallback levels, and those into smaller groups at the next. Most phrases fit their line and are never broken: a
phrase is measured as joining its parts would add them up, and its parts are made when first read.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from pnp.text.markup import Run


class Atom(NamedTuple):
    """A piece of a line, its runs and its width at 1 pt: a phrase, broken into its parts only when too wide (a named
    tuple, as Run)."""

    runs: tuple[Run, ...]
    width: float
    space: bool = False
    split: bool = False  # made by splitting a piece wider than the line
    parts: Sequence[Atom] = ()  # a phrase: the smaller pieces it breaks into when it is wider than the line
    cuts: str = ""  # the bracketed name or quotation that a line break before this atom would cut
    widest: float = 0.0  # the widest piece that is never broken (a word, a character with its kinsoku marks)


class Plain(NamedTuple):
    """A paragraph whose runs never merge with their neighbours (as markup gives them): its text with tabs shown as
    spaces, where each run's piece of it starts, and the runs."""

    shown: str
    starts: list[int]
    runs: list[Run]

    def runs_in(self, start: int, end: int) -> tuple[Run, ...]:
        """The runs of the characters from start to end, as merging their characters' runs one by one gives them."""
        return tuple(Run(text, run.font, run.color, run.image) for run, text in self._pieces(start, end))

    def width_in(self, start: int, end: int) -> float:
        """The width at 1 pt of the characters from start to end, added up as their runs' widths are."""
        index = bisect_right(self.starts, start) - 1
        if index + 1 == len(self.starts) or self.starts[index + 1] >= end:  # most pieces: inside one run
            run = self.runs[index]
            return run.image.aspect if run.image is not None else run.font.width(self.shown[start:end])
        widths = [run.image.aspect if run.image is not None else run.font.width(text)
                  for run, text in self._pieces(start, end)]
        return sum(widths)

    def _pieces(self, start: int, end: int) -> list[tuple[Run, str]]:
        """Each run from start to end, with its characters there."""
        if len(self.runs) == 1:
            return [(self.runs[0], self.shown[start:end])]
        index, pieces = bisect_right(self.starts, start) - 1, []
        while index < len(self.runs) and self.starts[index] < end:
            stop = self.starts[index + 1] if index + 1 < len(self.runs) else len(self.shown)
            pieces.append((self.runs[index], self.shown[max(start, self.starts[index]):min(end, stop)]))
            index += 1
        return pieces


def plain(pieces: list[tuple[str, Run]], shown: str) -> Plain | None:
    """The paragraph of these pieces of runs (shown: their text, tabs as spaces), when no run would merge with its
    neighbour and each inline image stands for one character; else None."""
    runs = [run for _, run in pieces]
    for before, after in zip(runs, runs[1:]):
        if before.image is None and after.image is None and before.font is after.font and before.color == after.color:
            return None
    if any(run.image is not None and len(text) != 1 for text, run in pieces):
        return None
    starts, offset = [], 0
    for text, _ in pieces:
        starts.append(offset)
        offset += len(text)
    return Plain(shown, starts, runs)


class Pieces(NamedTuple):
    """A plain paragraph's pieces: their [start, end] offsets, widths at 1 pt and the names a break before each cuts."""

    paragraph: Plain
    spans: list[list[int]]
    widths: list[float]
    cuts: list[str]


def pieces_of(paragraph: Plain, spans: list[list[int]], cuts: list[str]) -> Pieces:
    """The paragraph's pieces, measured."""
    if len(paragraph.runs) == 1 and paragraph.runs[0].image is None:
        width, shown = paragraph.runs[0].font.width, paragraph.shown
        return Pieces(paragraph, spans, [width(shown[start:end]) for start, end in spans], cuts)
    return Pieces(paragraph, spans, [paragraph.width_in(start, end) for start, end in spans], cuts)


def phrase(group: list[int], levels: list[set[int]], pieces: Pieces) -> Atom:
    """The pieces of a group (their indices) as one atom whose parts break at the first level's offsets, their parts
    at the next level's."""
    first, paragraph = group[0], pieces.paragraph
    start, end = pieces.spans[first][0], pieces.spans[group[-1]][1]
    if len(group) == 1:
        width = pieces.widths[first]
        return Atom(paragraph.runs_in(start, end), width, space=paragraph.shown[start] == " ", cuts=pieces.cuts[first],
                    widest=width)
    width, widest = _measured(group, levels, pieces)
    return Atom(paragraph.runs_in(start, end), width, parts=Parts(group, levels, pieces), cuts=pieces.cuts[first],
                widest=widest)


class Parts(Sequence[Atom]):
    """A phrase's parts, made when first read (a tuple once pickled)."""

    __slots__ = ("_group", "_levels", "_pieces", "_made")

    def __init__(self, group: list[int], levels: list[set[int]], pieces: Pieces) -> None:
        self._group, self._levels, self._pieces = group, levels, pieces
        self._made: tuple[Atom, ...] | None = None

    def _parts(self) -> tuple[Atom, ...]:
        if self._made is None:
            groups, below = split_group(self._group, self._levels, self._pieces.spans)
            self._made = tuple(phrase(group, below, self._pieces) for group in groups)
        return self._made

    def __getitem__(self, index):  # an index or a slice, as a tuple's
        return self._parts()[index]

    def __len__(self) -> int:
        return len(self._parts())

    def __iter__(self) -> Iterator[Atom]:
        return iter(self._parts())

    def __eq__(self, other: object) -> bool:
        return self._parts() == tuple(other) if isinstance(other, Parts | tuple) else NotImplemented

    def __hash__(self) -> int:
        return hash(self._parts())

    def __repr__(self) -> str:
        return repr(self._parts())

    def __reduce__(self) -> tuple:
        return tuple, (self._parts(),)


def split_group(group: list[int], levels: list[set[int]], spans: list[list[int]]) -> tuple[list[list[int]],
                                                                                        list[set[int]]]:
    """A group of pieces (indices into spans) in groups at the first level that splits them, and the levels below
    it; at none, each piece alone."""
    for index, breaks in enumerate(levels):
        if any(spans[piece][0] in breaks for piece in group[1:]):
            groups: list[list[int]] = []
            for piece in group:
                if not groups or spans[piece][0] in breaks:
                    groups.append([])
                groups[-1].append(piece)
            return groups, levels[index + 1:]
    return [[piece] for piece in group], []


def _measured(group: list[int], levels: list[set[int]], pieces: Pieces) -> tuple[float, float]:
    """The width and widest unbroken piece of the atom a group makes: the sum and the most of its parts'."""
    if len(group) == 1:
        return pieces.widths[group[0]], pieces.widths[group[0]]
    groups, below = split_group(group, levels, pieces.spans)
    if len(groups) == len(group):  # each piece a part of its own
        widths = [pieces.widths[piece] for piece in group]
        return sum(widths), max(widths)
    sizes = [_measured(part, below, pieces) for part in groups]
    return sum(width for width, _ in sizes), max(widest for _, widest in sizes)
