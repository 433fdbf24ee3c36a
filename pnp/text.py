"""Rich text: inline markup, Japanese line breaking with kinsoku, and shrink-to-fit."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.fonts import Font

OBJECT = "\ufffc"  # stands for an inline image in a run's text

# Characters that may not start a line (行頭禁則) and may not end one (行末禁則).
NO_LINE_START = set("、。，．,.:;!?！？：；・ー―‐〜～…‥゠ゝゞヽヾ々〻"
                    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
                    ")]}）］｝」』】〕〉》〙〗”’%％°′″℃")
NO_LINE_END = set("([{（［｛「『【〔〈《〘〖“‘¥￥$＄#＃")


@dataclass(frozen=True)
class InlineImage:
    """A picture drawn inline in text, one text size high: a raster file or SVG art."""

    name: str
    path: Path
    aspect: float  # width over height
    art: Any = None  # the SVG drawing, None for a raster image


@dataclass(frozen=True)
class Run:
    """A piece of text in one font and colour, or an inline image."""

    text: str
    font: Font
    color: str
    image: InlineImage | None = None

    @property
    def width(self) -> float:
        """Width at 1 pt."""
        return self.image.aspect if self.image is not None else self.font.width(self.text)


@dataclass(frozen=True)
class Atom:
    """An unbreakable piece of a line: its runs and its width at 1 pt."""

    runs: tuple[Run, ...]
    width: float
    space: bool = False
    split: bool = False  # made by splitting a piece wider than the line


@dataclass(frozen=True)
class Line:
    """One laid-out line: its atoms and width at 1 pt."""

    atoms: tuple[Atom, ...]
    width: float


@dataclass(frozen=True)
class TextBlock:
    """Text laid out at a chosen size."""

    lines: tuple[Line, ...]
    size: float
    leading: float


class MissingGlyph(Exception):
    """A character the font cannot draw."""

    def __init__(self, char: str, font: Font):
        self.char = char
        self.font = font
        super().__init__(f"character '{char}' (U+{ord(char):04X}) is not in font '{font.key}'")


class Overflow(Exception):
    """Text that does not fit its box even at the minimum size."""


@dataclass(frozen=True)
class Symbol:
    """An inline symbol a layout defines, written :name: in text."""

    char: str
    font: Font
    color: str | None
    image: InlineImage | None = None


_TOKEN = re.compile(r"\\[\\*{}|:n]|\*\*|\{[^{}|\s]+\||\}|:[A-Za-z_][A-Za-z0-9_-]*:", re.S)


def parse_markup(text: str, regular: Font, bold: Font, color: str,
                 palette: dict[str, str], symbols: dict[str, Symbol]) -> list[Run]:
    """Split marked-up text into runs: **bold**, {colour|text}, :symbol:, \\n for a new line."""
    runs: list[Run] = []
    is_bold, colors, pos = False, [color], 0
    for match in _TOKEN.finditer(text):
        _append(runs, text[pos:match.start()], bold if is_bold else regular, colors[-1])
        token, pos = match.group(), match.end()
        if token == "**":
            is_bold = not is_bold
        elif token.startswith("{"):
            colors.append(palette.get(token[1:-1], token[1:-1]))
        elif token == "}" and len(colors) > 1:
            colors.pop()
        elif token.startswith(":") and token[1:-1] in symbols:
            sym = symbols[token[1:-1]]
            _append(runs, OBJECT if sym.image else sym.char, sym.font, sym.color or colors[-1], sym.image)
        elif token.startswith("\\"):
            _append(runs, "\n" if token == "\\n" else token[1], bold if is_bold else regular, colors[-1])
        else:
            _append(runs, token, bold if is_bold else regular, colors[-1])
    _append(runs, text[pos:], bold if is_bold else regular, colors[-1])
    return runs


def _append(runs: list[Run], text: str, font: Font, color: str, image: InlineImage | None = None) -> None:
    """Add text to the run list, merging with the previous run when the style matches (never an image)."""
    if not text:
        return
    if runs and image is None and runs[-1].image is None and runs[-1].font is font and runs[-1].color == color:
        runs[-1] = Run(runs[-1].text + text, font, color)
    else:
        runs.append(Run(text, font, color, image))


def plain_text(runs: list[Run]) -> str:
    """The characters of the runs without markup."""
    return "".join(f":{run.image.name}:" if run.image else run.text for run in runs)


def check_glyphs(runs: list[Run]) -> None:
    """Raise MissingGlyph for the first character a run's font cannot draw."""
    missing = missing_glyphs(runs)
    if missing:
        raise MissingGlyph(*missing[0])


def missing_glyphs(runs: list[Run]) -> list[tuple[str, Font]]:
    """Every distinct (character, font) pair the font cannot draw, in order of appearance."""
    missing: dict[tuple[str, str], tuple[str, Font]] = {}
    for run in runs:
        for char in "" if run.image else run.text:
            if char not in "\n\t" and not run.font.has_glyph(char):
                missing.setdefault((char, run.font.key), (char, run.font))
    return list(missing.values())


def _is_wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in "WF"


def _chars(runs: list[Run]):
    """Yield (char, run) pairs."""
    for run in runs:
        for char in run.text:
            yield char, run


def paragraphs(runs: list[Run]) -> list[list[Atom]]:
    """Break runs into paragraphs of atoms, with kinsoku characters glued to their neighbours."""
    result: list[list[Atom]] = []
    pieces: list[list[tuple[str, Run]]] = []
    for char, run in _chars(runs):
        if char == "\n":
            result.append(_atoms(pieces))
            pieces = []
        elif char in " \t":
            pieces.append([(" ", run)])
        elif pieces and _glues(pieces[-1], char):
            pieces[-1].append((char, run))
        else:
            pieces.append([(char, run)])
    result.append(_atoms(pieces))
    return result


def _glues(previous: list[tuple[str, Run]], char: str) -> bool:
    """Tell whether char must stay on the same line as the piece before it."""
    last = previous[-1][0]
    if last == " ":
        return False
    if char in NO_LINE_START or last in NO_LINE_END:
        return True
    return not _is_wide(char) and not _is_wide(last) and char != " "


def _atoms(pieces: list[list[tuple[str, Run]]], split: bool = False) -> list[Atom]:
    """Turn character groups into measured atoms."""
    atoms = []
    for piece in pieces:
        runs: list[Run] = []
        for char, run in piece:
            _append(runs, char, run.font, run.color, run.image)
        width = sum(r.width for r in runs)
        atoms.append(Atom(tuple(runs), width, space=piece[0][0] == " ", split=split))
    return atoms


def break_lines(paras: list[list[Atom]], max_width: float) -> list[Line]:
    """Fill lines greedily up to max_width (in 1 pt units); spaces vanish at line ends."""
    lines: list[Line] = []
    for atoms in paras:
        current: list[Atom] = []
        width = 0.0
        for atom in atoms:
            for part in _split_wide(atom, max_width):
                if current and not part.space and (width + part.width > max_width + 1e-9
                                                   or _closing_line(current) and not _starts_closing(part)):
                    lines.append(_finish(current))
                    current, width = [], 0.0
                if part.space and not current:
                    continue
                current.append(part)
                width += part.width
        lines.append(_finish(current))
    return lines


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


def _finish(atoms: list[Atom]) -> Line:
    """Close a line, dropping trailing spaces."""
    while atoms and atoms[-1].space:
        atoms = atoms[:-1]
    return Line(tuple(atoms), sum(a.width for a in atoms))


def fit(paras: list[list[Atom]], width: float, height: float, size: float,
        min_size: float, leading: float, step: float = 0.25) -> TextBlock:
    """Lay out at the largest size from size down to min_size that fits the box, else Overflow.

    Words are split across lines only when no size down to min_size keeps them whole.
    """
    first = _try(paras, width, height, size, leading, split=False)
    if first is not None:
        return first
    sizes = [size]
    while sizes[-1] - step >= min_size - 1e-9:
        sizes.append(round(sizes[-1] - step, 4))
    for split in (False, True):
        best = _largest(paras, width, height, sizes, leading, split)
        if best is not None:
            return best
    raise Overflow(f"does not fit {width / 2.8346:.1f} x {height / 2.8346:.1f} mm even at {min_size:g} pt")


def _largest(paras, width: float, height: float, sizes: list[float], leading: float, split: bool):
    """The layout at the largest of the sizes that fits (binary search after trying the first)."""
    first = _try(paras, width, height, sizes[0], leading, split)
    if first is not None:
        return first
    lo, hi, best = 1, len(sizes) - 1, None
    while lo <= hi:
        mid = (lo + hi) // 2
        block = _try(paras, width, height, sizes[mid], leading, split)
        if block is not None:
            best, hi = block, mid - 1
        else:
            lo = mid + 1
    return best


def _try(paras: list[list[Atom]], width: float, height: float, size: float, leading: float,
         split: bool = True) -> TextBlock | None:
    """Lay out at one size; None when it does not fit (or, unless split, when a word is wider than the box)."""
    if not split and any(atom.width * size > width + 1e-6 for atoms in paras for atom in atoms):
        return None
    lines = break_lines(paras, width / size)
    if any(line.width * size > width + 1e-6 for line in lines):
        return None
    if (len(lines) - 1) * size * leading + size > height + 1e-6:
        return None
    return TextBlock(tuple(lines), size, leading)
