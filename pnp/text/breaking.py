"""Line breaking: phrases (BudouX), kinsoku, names kept whole, no stranded last syllable."""

from __future__ import annotations

import unicodedata
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.text.markup import Run, append_run
from pnp.text.phrases import Phrasing, is_short_last, phrasing

# Characters that may not start a line (行頭禁則) and may not end one (行末禁則).
NO_LINE_START = set("、。，．,.:;!?！？：；・ー―‐〜～…‥゠ゝゞヽヾ々〻"
                    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
                    ")]}）］｝」』】〕〉》〙〗”’%％°′″℃")
NO_LINE_END = set("([{（［｛「『【〔〈《〘〖“‘¥￥$＄#＃")
# ぶら下げ: a comma or full stop that may hang past the end of a line, where otherwise a name would be split.
HANGING = set("、。，．")


@dataclass(frozen=True)
class Atom:
    """A piece of a line, its runs and its width at 1 pt: a phrase, broken into its parts only when too wide."""

    runs: tuple[Run, ...]
    width: float
    space: bool = False
    split: bool = False  # made by splitting a piece wider than the line
    parts: tuple[Atom, ...] = ()  # a phrase: the smaller pieces it breaks into when it is wider than the line
    cuts: str = ""  # the bracketed name or quotation that a line break before this atom would cut
    widest: float = 0.0  # the widest piece that is never broken (a word, a character with its kinsoku marks)


@dataclass(frozen=True)
class Line:
    """One laid-out line: its atoms and width at 1 pt."""

    atoms: tuple[Atom, ...]
    width: float
    ends_paragraph: bool = False
    hang: float = 0.0  # the width of a last 、 or 。 set past the line's end (ぶら下げ), part of width


NARROWING = 0.04  # a paragraph ending on a lone syllable: its next-to-last line is narrowed up to NARROWING_STEPS times
NARROWING_STEPS = 12


def _is_wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in "WF"


def _chars(runs: Sequence[Run]):
    """Yield (char, run) pairs."""
    for run in runs:
        for char in run.text:
            yield char, run


def paragraphs(runs: list[Run]) -> list[list[Atom]]:
    """Break runs into paragraphs of phrases (BudouX), with kinsoku characters glued to their neighbours."""
    result: list[list[Atom]] = []
    chars: list[tuple[str, Run]] = []
    for char, run in _chars(runs):
        if char == "\n":
            result.append(_phrases(chars))
            chars = []
        else:
            chars.append((char, run))
    result.append(_phrases(chars))
    return result


def _pieces(chars: list[tuple[str, Run]], phrasing_: Phrasing) -> list[tuple[int, list[tuple[str, Run]]]]:
    """Group characters that must stay together (kinsoku, Latin words), each group with its offset.

    A closing mark after a space ("word 、") joins the word before the space, so no line starts with it.
    """
    opening = {first for first, _ in phrasing_.spans}
    closed = {end for _, end in phrasing_.spans}
    pieces: list[tuple[int, list[tuple[str, Run]]]] = []
    for offset, (char, run) in enumerate(chars):
        if char in " \t":
            pieces.append((offset, [(" ", run)]))
        elif char in NO_LINE_START and offset not in opening and len(pieces) > 1 and pieces[-1][1][0][0] == " ":
            pieces[-2][1].extend(pieces.pop()[1] + [(char, run)])
        elif pieces and _joins(pieces[-1], offset, char, opening, closed):
            pieces[-1][1].append((char, run))
        else:
            pieces.append((offset, [(char, run)]))
    return pieces


def _joins(piece: tuple[int, list[tuple[str, Run]]], offset: int, char: str, opening: set[int],
           closed: set[int]) -> bool:
    """Tell whether char must stay with the piece before it; a quote mark that opens a span opens, not closes."""
    if offset in opening:  # a span starts its own piece, unless what comes before may not end a line
        return piece[1][-1][0] in NO_LINE_END
    if piece[0] + len(piece[1]) - 1 in opening:
        return True
    if offset in closed:  # after a name: a break is allowed unless kinsoku forbids it
        return char in NO_LINE_START
    return _glues(piece[1], char)


def _phrases(chars: list[tuple[str, Run]]) -> list[Atom]:
    """The paragraph's phrases: pieces joined where BudouX sees no phrase boundary or a name must stay whole."""
    phrasing_ = phrasing("".join(char for char, _ in chars))
    groups: list[list[tuple[int, Atom]]] = []
    previous: Atom | None = None
    for offset, piece in _pieces(chars, phrasing_):
        span = phrasing_.span_at(offset)
        cuts = "".join(char for char, _ in chars[span[0]:span[1]]) if span else ""
        atom = _atoms([piece], cuts=cuts)[0]
        if previous is None or span is None and (atom.space or previous.space or offset in phrasing_.starts):
            groups.append([])
        groups[-1].append((offset, atom))
        previous = atom
    spaces = {offset + step for offset, (char, _) in enumerate(chars) if char in " \t" for step in (0, 1)}
    starts = sorted(offset for group in groups for offset, _ in group)
    return [_nested(group, _fallbacks(phrasing_, spaces, starts)) for group in groups]


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


def _nested(items: list[tuple[int, Atom]], levels: list[set[int]]) -> Atom:
    """The items as one atom whose parts break at the first level's offsets, their parts at the next level's."""
    if len(items) == 1:
        return items[0][1]
    for index, breaks in enumerate(levels):
        groups: list[list[tuple[int, Atom]]] = []
        for offset, atom in items:
            if not groups or offset in breaks:
                groups.append([])
            groups[-1].append((offset, atom))
        if len(groups) > 1:
            return _joined([_nested(group, levels[index + 1:]) for group in groups])
    return _joined([atom for _, atom in items])


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


def _glues(previous: list[tuple[str, Run]], char: str) -> bool:
    """Tell whether char must stay on the same line as the piece before it."""
    last = previous[-1][0]
    if last == " ":
        return False
    if char in NO_LINE_START or last in NO_LINE_END:
        return True
    return not _is_wide(char) and not _is_wide(last) and char != " "


def _atoms(pieces: list[list[tuple[str, Run]]], split: bool = False, cuts: str = "") -> list[Atom]:
    """Turn character groups into measured atoms."""
    atoms = []
    for piece in pieces:
        runs: list[Run] = []
        for char, run in piece:
            append_run(runs, char, run.font, run.color, run.image)
        width = sum(r.width for r in runs)
        atoms.append(Atom(tuple(runs), width, space=piece[0][0] == " ", split=split, cuts=cuts, widest=width))
    return atoms


def break_lines(paras: list[list[Atom]], max_width: float, room: float = 0.0) -> list[Line]:
    """Fill lines up to max_width (in 1 pt units), each paragraph's last line not left with a lone syllable.

    room: how far past max_width a last 、 or 。 may hang (ぶら下げ), used only where a name would be split.
    """
    return [line for atoms in paras for line in _balanced(atoms, max_width, room)]


def _balanced(atoms: list[Atom], max_width: float, room: float) -> list[Line]:
    """Fill a paragraph's lines; when its last line is short, narrow the line before it to pull a phrase down."""
    lines = _fill(atoms, max_width, room)
    for step in range(1, NARROWING_STEPS + 1):
        if not _short_last(lines):
            break
        narrower = _fill(atoms, max_width, room, (len(lines) - 2, max_width * (1 - NARROWING * step)))
        if len(narrower) != len(lines) or _names_cut(narrower) > _names_cut(lines):
            break
        if not _short_last(narrower):
            return narrower
    return lines


def _short_last(lines: list[Line]) -> bool:
    """Tell whether a paragraph of several lines ends on a line holding only a syllable or two."""
    return len(lines) > 1 and is_short_last(line_text(lines[-2]), line_text(lines[-1]))


def _names_cut(lines: list[Line]) -> int:
    """How many line breaks cut a bracketed name or quotation."""
    return sum(1 for line in lines[1:] if line.atoms and line.atoms[0].cuts)


def line_text(line: Line) -> str:
    """The characters of a laid-out line."""
    return "".join(run.text for atom in line.atoms for run in atom.runs)


def _fill(atoms: list[Atom], max_width: float, room: float, narrow: tuple[int, float] = (-1, 0.0)) -> list[Line]:
    """Fill lines greedily up to max_width (line narrow[0] up to narrow[1]); spaces vanish at line ends."""
    lines: list[Line] = []
    current: list[Atom] = []
    width = 0.0
    for atom in atoms:
        for part in _split_wide(atom, max_width):
            limit = narrow[1] if len(lines) == narrow[0] else max_width
            if current and not part.space and (_over(width, part, limit, room)
                                               or _closing_line(current) and not _starts_closing(part)):
                lines.append(_finish(current, max_width))
                current, width = [], 0.0
            if part.space and not current:
                continue
            current.append(part)
            width += part.width
    lines.append(_finish(current, max_width, ends_paragraph=True))
    return lines


def _over(width: float, part: Atom, limit: float, room: float) -> bool:
    """Tell whether the part goes past the line's end; a break that would split a name lets its 、。 hang."""
    if width + part.width <= limit + 1e-9:
        return False
    hang = _hang(part)
    return not (part.cuts and 0 < hang <= room + 1e-9 and width + part.width - hang <= limit + 1e-9)


def _hang(atom: Atom) -> float:
    """The width of the atom's last character when it may hang past the line's end (、。), else 0."""
    run = atom.runs[-1]
    return run.font.width(run.text[-1]) if run.image is None and run.text[-1] in HANGING else 0.0


def _starts_closing(atom: Atom) -> bool:
    """Tell whether the atom starts with a character that may not start a line."""
    return atom.runs[0].text[0] in NO_LINE_START


def _closing_line(atoms: list[Atom]) -> bool:
    """Tell whether a split left closing marks at the start of this line: it then holds only closing marks."""
    return atoms[0].split and _starts_closing(atoms[0])


def _split_wide(atom: Atom, max_width: float) -> list[Atom]:
    """Split an atom wider than the line (a last resort), keeping as much of kinsoku as the width allows."""
    if atom.width <= max_width + 1e-9 or len(atom.runs) == 1 and len(atom.runs[0].text) == 1:
        return [atom]
    if atom.parts:
        return [piece for part in atom.parts for piece in _split_wide(part, max_width)]
    for keep_line_start in (True, False):  # at worst a line may start with 、。ー, but never end with 「(
        parts = _atoms(_kinsoku_groups(atom.runs, keep_line_start), split=True)
        if len(parts) > 1 and all(part.width <= max_width + 1e-9 for part in parts):
            return parts
    return _atoms([[pair] for pair in _chars(atom.runs)], split=True)


def _kinsoku_groups(runs: tuple[Run, ...], keep_line_start: bool) -> list[list[tuple[str, Run]]]:
    """The characters in groups that must not be broken apart: after an opening bracket, before a closing mark."""
    groups: list[list[tuple[str, Run]]] = []
    for char, run in _chars(runs):
        if groups and (groups[-1][-1][0] in NO_LINE_END or keep_line_start and char in NO_LINE_START):
            groups[-1].append((char, run))
        else:
            groups.append([(char, run)])
    return groups


def _finish(atoms: list[Atom], max_width: float, ends_paragraph: bool = False) -> Line:
    """Close a line, dropping trailing spaces; a line wider than max_width ends on a hanging 、 or 。."""
    while atoms and atoms[-1].space:
        atoms = atoms[:-1]
    width = sum(a.width for a in atoms)
    hang = _hang(atoms[-1]) if atoms and width > max_width + 1e-9 else 0.0
    return Line(tuple(atoms), width, ends_paragraph, hang)
