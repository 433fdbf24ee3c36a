"""Inline markup in card text: runs of one font and colour, symbols, and the glyph check."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from pnp.data.markup_syntax import TOKEN

if TYPE_CHECKING:  # the markup's syntax is read without the font machinery
    from pnp.text.fonts import Font

OBJECT = "\ufffc"  # stands for an inline image in a run's text


class InlineImage(NamedTuple):
    """A picture drawn inline in text, one text size high: a raster file or SVG art."""

    name: str
    path: Path
    aspect: float  # width over height
    art: Any = None  # the SVG drawing, None for a raster image


class Run(NamedTuple):
    """A piece of text in one font and colour, or an inline image (a named tuple: a build makes thousands, which a
    frozen dataclass makes some three times slower)."""

    text: str
    font: Font
    color: str
    image: InlineImage | None = None

    @property
    def width(self) -> float:
        """Width at 1 pt."""
        return self.image.aspect if self.image is not None else self.font.width(self.text)



class MissingGlyph(Exception):
    """A character the font cannot draw."""

    def __init__(self, char: str, font: Font):
        self.char = char
        self.font = font
        super().__init__(f"character '{char}' (U+{ord(char):04X}) is not in font '{font.key}'")



class Symbol(NamedTuple):
    """An inline symbol a layout defines, written :name: in text."""

    char: str
    font: Font
    color: str | None
    image: InlineImage | None = None




def parse_markup(text: str, regular: Font, bold: Font, color: str,
                 palette: dict[str, str], symbols: dict[str, Symbol]) -> list[Run]:
    """Split marked-up text into runs: **bold**, {colour|text}, :symbol:, \\n for a new line."""
    runs: list[Run] = []
    is_bold, colors, pos = False, [color], 0
    for match in TOKEN.finditer(text):
        append_run(runs, text[pos:match.start()], bold if is_bold else regular, colors[-1])
        token, pos = match.group(), match.end()
        if token == "**":
            is_bold = not is_bold
        elif token.startswith("{"):
            colors.append(palette.get(token[1:-1], token[1:-1]))
        elif token == "}" and len(colors) > 1:
            colors.pop()
        elif token.startswith(":") and token[1:-1] in symbols:
            sym = symbols[token[1:-1]]
            append_run(runs, OBJECT if sym.image else sym.char, sym.font, sym.color or colors[-1], sym.image)
        elif token.startswith("\\"):
            append_run(runs, "\n" if token == "\\n" else token[1], bold if is_bold else regular, colors[-1])
        else:
            append_run(runs, token, bold if is_bold else regular, colors[-1])
    append_run(runs, text[pos:], bold if is_bold else regular, colors[-1])
    return runs


def append_run(runs: list[Run], text: str, font: Font, color: str, image: InlineImage | None = None) -> None:
    """Add text to the run list, merging with the previous run when the style matches (never an image)."""
    if not text:
        return
    last = runs[-1] if runs else None
    if last is not None and image is None and last.image is None and last.font is font and (
            last.color is color or last.color == color):
        runs[-1] = Run(last.text + text, font, color)
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
