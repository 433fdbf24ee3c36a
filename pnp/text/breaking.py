"""Break opportunities: a paragraph's phrases (BudouX) as atoms, kinsoku marks glued, names kept whole."""

from __future__ import annotations

import unicodedata
from bisect import bisect_left
from collections.abc import Sequence

from pnp.text.markup import Run, append_run
from pnp.text.phrases import Phrasing, phrasing
from pnp.text.phrasetree import Atom, phrase, pieces_of, plain, split_group

# Characters that may not start a line (行頭禁則) and may not end one (行末禁則).
NO_LINE_START = set("、。，．,.:;!?！？：；・ー―‐〜～…‥゠ゝゞヽヾ々〻"
                    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
                    ")]}）］｝」』】〕〉》〙〗”’%％°′″℃")
NO_LINE_END = set("([{（［｛「『【〔〈《〘〖“‘¥￥$＄#＃")
LATIN_PAUSE = set(":;,")  # narrow punctuation after which an opening bracket may begin the next line
BULLETS = set("・•●○◆◇■□※")  # at a paragraph's start: a list item's mark, kept on the line of its first word


def _is_wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in "WF"


def chars_of(runs: Sequence[Run]):
    """Yield (char, run) pairs."""
    for run in runs:
        for char in run.text:
            yield char, run


def paragraphs(runs: list[Run], names: frozenset[str] = frozenset()) -> list[list[Atom]]:
    """Break runs into paragraphs of phrases (BudouX), with kinsoku characters glued to their neighbours.

    names: words kept whole like a bracketed name (the game's card and character names).
    """
    result: list[list[Atom]] = []
    pieces: list[tuple[str, Run]] = []  # the paragraph's text, in the runs it comes in
    for run in runs:
        for index, line in enumerate(run.text.split("\n")):
            if index:
                result.append(_phrases(pieces, names))
                pieces = []
            if line:
                pieces.append((line, run))
    result.append(_phrases(pieces, names))
    return result


class KnownParagraphs:
    """paragraphs() worked out once per distinct text: a build sets the same text in many boxes and layouts."""

    def __init__(self) -> None:
        self._known: dict[tuple, tuple[list[Run], list[list[Atom]]]] = {}

    def __call__(self, runs: list[Run], names: frozenset[str] = frozenset()) -> list[list[Atom]]:
        """The runs' paragraphs, as paragraphs() gives them (each a new list: the caller may change it)."""
        key = (tuple((run.text, id(run.font), run.color, run.image) for run in runs), names)
        try:
            known = self._known.get(key)
        except TypeError:  # an inline picture that cannot be hashed
            return paragraphs(runs, names)
        if known is None:  # the runs are kept with their paragraphs, so the fonts' ids stay theirs
            known = self._known[key] = (runs, paragraphs(runs, names))
        return [list(atoms) for atoms in known[1]]


def _phrases(pieces: list[tuple[str, Run]], names: frozenset[str]) -> list[Atom]:
    """The paragraph's phrases: pieces joined where BudouX sees no phrase boundary or a name must stay whole. Runs
    that would merge with their neighbours (markup never gives such) are joined character by character."""
    text = "".join([text for text, _ in pieces])
    shown = text.replace("\t", " ")  # the characters the atoms hold: a tab is a space
    spans, cuts, groups, levels = _grouped(text, shown, names)
    paragraph = plain(pieces, shown)
    if paragraph is not None:
        measured = pieces_of(paragraph, spans, cuts)
        return [phrase(group, levels, measured) for group in groups]
    chars = [(" " if char == "\t" else char, run) for text, run in pieces for char in text]
    atoms = [_atom(chars[start:end], cuts=cut) for (start, end), cut in zip(spans, cuts)]
    return [_nested(group, levels, spans, atoms) for group in groups]


def _grouped(text: str, shown: str, names: frozenset[str]) -> tuple[list[list[int]], list[str], list[list[int]],
                                                                  list[set[int]]]:
    """The paragraph's pieces ([start, end] offsets) with the names a break before each cuts, the pieces (their
    indices) in phrases, and the levels at which a phrase too wide for its line breaks."""
    phrasing_ = phrasing(text, names)
    spans = _pieces(shown, phrasing_)
    cuts: list[str] = []
    groups: list[list[int]] = []
    for index, (start, _) in enumerate(spans):
        span = phrasing_.span_at(start)
        cuts.append(text[span[0]:span[1]] if span else "")
        space = shown[start] == " "
        if not groups or span is None and (space or shown[spans[index - 1][0]] == " " or start in phrasing_.starts):
            groups.append([])
        groups[-1].append(index)
    spaces = {offset + step for offset, char in enumerate(shown) if char == " " for step in (0, 1)}
    return spans, cuts, groups, _fallbacks(phrasing_, spaces, [start for start, _ in spans])


def _pieces(shown: str, phrasing_: Phrasing) -> list[list[int]]:
    """Group characters that must stay together (kinsoku, Latin words): each group's [start, end] offsets.

    A closing mark after a space ("word 、") joins the word before the space, so no line starts with it.
    """
    opening = {first for first, _ in phrasing_.spans}
    closed = {end for _, end in phrasing_.spans} - phrasing_.bound
    pieces: list[list[int]] = []
    for offset, char in enumerate(shown):
        if char == " ":
            pieces.append([offset, offset + 1])
        elif char in NO_LINE_START and offset not in opening and len(pieces) > 1 and shown[pieces[-1][0]] == " ":
            pieces.pop()
            pieces[-1][1] = offset + 1
        elif pieces and _joins(shown, pieces[-1], offset, opening, closed):
            pieces[-1][1] = offset + 1
        else:
            pieces.append([offset, offset + 1])
    return pieces


def _joins(shown: str, piece: list[int], offset: int, opening: set[int], closed: set[int]) -> bool:
    """Tell whether the character at offset must stay with the piece before it; a quote mark that opens a span
    opens, not closes."""
    start, end = piece
    char, last = shown[offset], shown[end - 1]
    if start == 0 and end == 1 and last in BULLETS:  # a bullet never stands alone
        return True
    if offset in opening:  # a span starts its own piece, unless what comes before may not end a line
        return last in NO_LINE_END
    if end - 1 in opening:
        return True
    if offset in closed:  # after a name: a break is allowed unless kinsoku forbids it
        return char in NO_LINE_START
    return _glues(last, char)


def _fallbacks(phrasing_: Phrasing, spaces: set[int], starts: list[int]) -> list[set[int]]:
    """Where a phrase too wide for the line breaks: at a name's edges, then inside the name (phrases, spaces).

    A name's end edge is the first piece after it: closing marks that may not start a line (」、) stay with it.
    """
    edges = {offset for first, end in phrasing_.spans for offset in (first, _at_or_after(starts, end))}
    outside = {offset for offset in phrasing_.starts if phrasing_.span_at(offset) is None}
    return [outside | edges, set(phrasing_.starts) | edges | spaces]


def _at_or_after(starts: list[int], offset: int) -> int:
    """The first piece starting at or after offset (-1: none)."""
    index = bisect_left(starts, offset)
    return starts[index] if index < len(starts) else -1


def _nested(group: list[int], levels: list[set[int]], spans: list[list[int]], atoms: list[Atom]) -> Atom:
    """A group of pieces as one atom whose parts break at the first level's offsets, their parts at the next level's
    (each part joined now: see pnp.text.phrasetree for parts made when first read)."""
    if len(group) == 1:
        return atoms[group[0]]
    groups, below = split_group(group, levels, spans)
    return _joined([_nested(part, below, spans, atoms) for part in groups])


def _joined(atoms: list[Atom]) -> Atom:
    """Atoms as one unbreakable-unless-needed atom that remembers them as its parts."""
    if len(atoms) == 1:
        return atoms[0]
    runs: list[Run] = []
    for atom in atoms:
        for run in atom.runs:
            append_run(runs, run.text, run.font, run.color, run.image)
    return Atom(tuple(runs), sum(a.width for a in atoms), parts=tuple(atoms), cuts=atoms[0].cuts,
                widest=max(a.widest for a in atoms))


def leaves(paras: list[list[Atom]]) -> list[list[Atom]]:
    """The same paragraphs broken into their smallest pieces (line breaking by characters, not phrases)."""
    return [[leaf for atom in atoms for leaf in _leaves(atom)] for atoms in paras]


def _leaves(atom: Atom) -> list[Atom]:
    return [leaf for part in atom.parts for leaf in _leaves(part)] if atom.parts else [atom]


def _glues(last: str, char: str) -> bool:
    """Tell whether char must stay on the same line as the character before it (last)."""
    if last == " ":
        return False
    if char in NO_LINE_START or last in NO_LINE_END:
        return True
    if char in NO_LINE_END and last in LATIN_PAUSE:  # "name:(−1点)": a line may break before the bracket
        return False
    return not _is_wide(char) and not _is_wide(last) and char != " "


def atoms_of(pieces: list[list[tuple[str, Run]]], split: bool = False, cuts: str = "") -> list[Atom]:
    """Turn character groups into measured atoms."""
    return [_atom(piece, split, cuts) for piece in pieces]


def _atom(piece: list[tuple[str, Run]], split: bool = False, cuts: str = "") -> Atom:
    """One character group as a measured atom."""
    runs = _runs_of(piece)
    width = runs[0].width if len(runs) == 1 else sum(r.width for r in runs)
    return Atom(tuple(runs), width, space=piece[0][0] == " ", split=split, cuts=cuts, widest=width)


def _runs_of(piece: list[tuple[str, Run]]) -> list[Run]:
    """The characters as runs, as append_run merges them one by one (neighbours of one font and colour together,
    an inline image on its own), each run made once rather than once a character."""
    first = piece[0][1]
    if len(piece) == 1:  # most groups: one character (Japanese text breaks between any two)
        return [Run(piece[0][0], first.font, first.color, first.image)]
    if first.image is None and all(run is first for _, run in piece):  # most others: characters of one run
        return [Run("".join([char for char, _ in piece]), first.font, first.color)]
    runs: list[Run] = []
    start = 0
    for index in range(1, len(piece) + 1):
        first = piece[start][1]
        if index < len(piece):
            run = piece[index][1]
            if run.image is None and first.image is None and run.font is first.font and run.color == first.color:
                continue
        runs.append(Run("".join(char for char, _ in piece[start:index]), first.font, first.color, first.image))
        start = index
    return runs
