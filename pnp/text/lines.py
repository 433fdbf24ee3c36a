"""Filling lines: greedy up to the width, kinsoku kept when a piece must be split, no stranded last syllable."""

from __future__ import annotations

from typing import NamedTuple

from pnp.text.breaking import NO_LINE_END, NO_LINE_START, Atom, atoms_of, chars_of
from pnp.text.markup import Run
from pnp.text.phrases import is_short_last

# ぶら下げ: a comma or full stop that may hang past the end of a line, where otherwise a name would be split.
HANGING = set("、。，．")


class Line(NamedTuple):
    """One laid-out line: its atoms and width at 1 pt (a named tuple, as Run)."""

    atoms: tuple[Atom, ...]
    width: float
    ends_paragraph: bool = False
    hang: float = 0.0  # the width of a last 、 or 。 set past the line's end (ぶら下げ), part of width


NARROWING = 0.04  # a paragraph ending on a lone syllable: its next-to-last line is narrowed up to NARROWING_STEPS times
NARROWING_STEPS = 12


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
        parts = atoms_of(_kinsoku_groups(atom.runs, keep_line_start), split=True)
        if len(parts) > 1 and all(part.width <= max_width + 1e-9 for part in parts):
            return parts
    return atoms_of([[pair] for pair in chars_of(atom.runs)], split=True)


def _kinsoku_groups(runs: tuple[Run, ...], keep_line_start: bool) -> list[list[tuple[str, Run]]]:
    """The characters in groups that must not be broken apart: after an opening bracket, before a closing mark."""
    groups: list[list[tuple[str, Run]]] = []
    for char, run in chars_of(runs):
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
