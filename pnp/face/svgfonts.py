"""Fonts of SVG text: the build's own fonts, by layout name, family or file name; never a lookup on the system."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.graphics.shapes import Group, String
from reportlab.pdfbase import pdfmetrics

from pnp.errors import PnpError
from pnp.text.fonts import FontBook

GENERIC_FAMILIES = {"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif",
                    "ui-sans-serif", "ui-monospace", "ui-rounded", "emoji", "math", "fangsong", "inherit", "initial"}
BOLD_WEIGHTS = {"bold", "bolder", "600", "700", "800", "900"}


@dataclass(frozen=True)
class SvgFonts:
    """The fonts SVG text may name: (lower-case name, PDF font name, is bold) for each name of each build font."""

    entries: tuple[tuple[str, str, bool], ...]
    regular: str
    bold: str
    family: str  # the regular font's family name, for messages

    def knows(self, family: str) -> bool:
        """Tell whether a font-family name is one of these fonts or a generic family."""
        name = family.strip().strip("'\"").lower()
        return name in GENERIC_FAMILIES or any(entry[0] == name for entry in self.entries)


def svg_fonts(book: FontBook) -> SvgFonts:
    """The build's fonts as SVG text may name them: the layout's name, the family name, the file name."""
    entries = []
    for font in book.fonts():
        face = font.ttf.face
        style = face.styleName.decode("latin-1", "replace") if isinstance(face.styleName, bytes) else ""
        bold = font.key == "bold" or "bold" in style.lower()
        family = face.familyName.decode("latin-1", "replace") if isinstance(face.familyName, bytes) else ""
        for name in (font.key, family, Path(face.filename).stem, face.name.decode("latin-1", "replace")):
            if name:
                entries.append((name.lower(), font.pdf_name, bold))
    regular = book.get("regular", "fonts")
    family = regular.ttf.face.familyName
    return SvgFonts(tuple(dict.fromkeys(entries)), regular.pdf_name, book.get("bold", "fonts").pdf_name,
                    family.decode("latin-1", "replace") if isinstance(family, bytes) else regular.key)


class FontChooser:
    """svglib's font map for one drawing: every family is found among the build's fonts, never on the system."""

    def __init__(self, fonts: SvgFonts):
        self.fonts = fonts

    def find_font(self, family: str, weight: str = "normal", style: str = "normal") -> tuple[str, bool]:
        """(PDF font name, exact): a named build font in the asked weight where it has one, else the default font."""
        bold = str(weight).strip().lower() in BOLD_WEIGHTS
        name = family.strip().strip("'\"").lower()
        matches = [entry for entry in self.fonts.entries if entry[0] == name]
        if matches:
            return next((pdf for _, pdf, is_bold in matches if is_bold == bold), matches[0][1]), True
        return (self.fonts.bold if bold else self.fonts.regular), False


def check_text(drawing, where: str) -> None:
    """Refuse SVG text with a character its font does not draw: pnp never prints a box in its place."""
    for string in _strings(drawing):
        face = getattr(pdfmetrics.getFont(string.fontName), "face", None)
        known = getattr(face, "charToGlyph", None)
        for char in string.text:
            if known is None or (ord(char) not in known and char not in "\t\r\n"):
                font = Path(face.filename).name if face is not None and known is not None else string.fontName
                raise PnpError(f"SVG text {_quoted(string.text)} has {char!r} (U+{ord(char):04X}), which the font "
                               f"{font} does not draw", where=where,
                               fix="convert the text to outlines in your drawing program, or name a font that has "
                                   "it (one under fonts: in the layout) in font-family")


def _strings(node):
    """Every String in a drawing, groups opened."""
    if isinstance(node, String):
        yield node
    elif isinstance(node, Group) or hasattr(node, "contents"):
        for child in getattr(node, "contents", ()):
            yield from _strings(child)


def _quoted(text: str) -> str:
    """SVG text quoted and cut to fit a one-line message."""
    return repr(text if len(text) <= 30 else text[:27] + "...")
