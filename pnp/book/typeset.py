"""A rulebook's blocks set as rows of drawing operations: text broken into lines as on the cards, pictures, rules."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from pnp.book.markdown import Block
from pnp.book.pictures import Pictures
from pnp.colors import parse_color
from pnp.errors import PnpError
from pnp.face.parts import Box, Op
from pnp.text.fit import Line, Symbol, TextBlock, missing_glyphs, parse_markup
from pnp.text.fonts import FontBook
from pnp.text.layoutcache import rules_lines
from pnp.text.symbols import unknown_symbol, unknown_symbols
from pnp.units import pt

PAGE_WIDTH, PAGE_HEIGHT = pt(148), pt(210)  # A5, in points
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM = pt(15), pt(15), pt(18)
BODY_WIDTH = PAGE_WIDTH - 2 * MARGIN_X
BODY_HEIGHT = PAGE_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
INK, ACCENT, GREY = "#222222", "#1F3A5F", "#6B6B6B"
MAX_PICTURE_HEIGHT = pt(85)
LIST_INDENT = pt(4.5)


@dataclass(frozen=True)
class Style:
    """How a kind of text is set: font, size in points, leading, colour and the space around it (points)."""

    size: float
    bold: bool = False
    leading: float = 1.6
    color: str = INK
    before: float = 0.0
    after: float = 0.0
    align: str = "left"


STYLES = {
    "h1": Style(17, True, 1.3, ACCENT, 0, 10),
    "h2": Style(12.5, True, 1.35, ACCENT, 11, 4),
    "h3": Style(10.5, True, 1.4, ACCENT, 7, 2),
    "paragraph": Style(9, after=4),
    "item": Style(9, after=1.5),
    "quote": Style(8.5, color="#3A3A3A", after=4),
    "code": Style(8.5, leading=1.45, color="#3A3A3A", after=4),
    "cell": Style(8.3, leading=1.4),
    "caption": Style(7.5, color=GREY, after=6, align="center"),
}


@dataclass(frozen=True)
class Row:
    """A strip of a page, set with its top at y = 0 (its operations reach down to -height)."""

    height: float
    ops: tuple[Op, ...]
    before: float = 0.0  # space above it, dropped at the top of a page
    keep: bool = False  # kept on the same page as the row after it
    new_page: bool = False  # starts a page (a first-level heading after the first)
    line: int = 0  # the Markdown line it sets (0: none)

    def placed(self, top: float) -> list[Op]:
        """The row's operations with its top at `top` on the page."""
        return [op._replace(box=Box(op.box.x, op.box.y + top, op.box.w, op.box.h)) for op in self.ops]


@dataclass
class BookTrace:
    """What proof-reading a rulebook collects instead of stopping: problems and every text's lines, by Markdown line."""

    problems: list[tuple[int, str]] = dataclasses.field(default_factory=list)
    texts: list[tuple[int, str, list[Line], float]] = dataclasses.field(default_factory=list)  # width in ems
    pages: dict[int, int] = dataclasses.field(default_factory=dict)  # the page each Markdown line starts on


class Setter:
    """Sets a rulebook's blocks: fonts, symbols and pictures of its game; errors name the Markdown line (traced
    instead, going on, when given a BookTrace)."""

    def __init__(self, fonts: FontBook, symbols: dict[str, Symbol], pictures: Pictures, label: str,
                 trace: BookTrace | None = None):
        self.fonts, self.symbols, self.pictures, self.label = fonts, symbols, pictures, label
        self.trace = trace

    def problem(self, error: PnpError, line: int) -> None:
        """Stop at a problem, or note it on its line when tracing."""
        if self.trace is None:
            raise error
        self.trace.problems.append((line, error.problem))

    def where(self, line: int) -> str:
        """How messages name a line of the rules file."""
        return f"{self.label}: line {line}"

    def lines(self, text: str, style: Style, width: float, line: int) -> list[Line]:
        """The text broken into lines of at most `width` points, at phrases, with kinsoku."""
        for name in unknown_symbols(text, self.symbols):
            problem, fix = unknown_symbol(name, self.symbols)
            self.problem(PnpError(problem, where=self.where(line), fix=fix.replace(
                "the layout's symbols", "the game's layouts' symbols")), line)
            text = text.replace(f":{name}:", f"\\:{name}:")  # traced: written as it is
        regular, bold = self.fonts.get("regular", self.label), self.fonts.get("bold", self.label)
        runs = parse_markup(text, bold if style.bold else regular, bold, style.color, {}, self.symbols)
        for char, font in missing_glyphs(runs)[:1 if self.trace is None else None]:
            self.problem(PnpError(f"character '{char}' (U+{ord(char):04X}) is not in font '{font.key}'",
                                  where=self.where(line), fix="use another character, or a font that has it"), line)
        lines = rules_lines(runs, width / style.size)
        if self.trace is not None and line:
            self.trace.texts.append((line, text, lines, width / style.size))
        return lines

    def text_rows(self, text: str, style: Style, x: float, width: float, line: int, marker: str = "") -> list[Row]:
        """A block of text as one row per line; a list item's marker beside its first line."""
        lines = self.lines(text, style, width, line)
        height = style.size * style.leading
        rows = []
        for index, laid in enumerate(lines):
            ops = [text_op(laid, style, x, width, height)]
            if index == 0 and marker:
                mark = self.lines(marker, style, LIST_INDENT * 2, line)[0]
                ops.insert(0, text_op(mark, style, x - LIST_INDENT, LIST_INDENT, height))  # read before its line
            last = index == len(lines) - 1
            rows.append(Row(height, tuple(ops), style.before if index == 0 else 0.0, keep=not last and index == 0
                            or len(lines) - index == 2, line=line))  # no line left alone at a page's top or foot
        if rows:
            rows[-1] = dataclasses.replace(rows[-1], height=rows[-1].height + style.after)
        return rows


def text_op(line: Line, style: Style, x: float, width: float, height: float) -> Op:
    """One laid-out line drawn in a box `height` high whose top is at y = 0."""
    return Op("text", Box(x, -height, width, height), text=TextBlock((line,), style.size, style.leading),
              align=style.align, valign="top")


def rule_row(before: float = 4.0, after: float = 6.0, color: str = "#B8B8B8", width: float = 0.6) -> Row:
    """A thin horizontal line across the body."""
    op = Op("line", Box(MARGIN_X, -before, BODY_WIDTH, 0), stroke=parse_color(color), stroke_width=width)
    return Row(before + after, (op,))


def picture_rows(setter: Setter, block: Block) -> list[Row]:
    """A picture at the body's width (no taller than MAX_PICTURE_HEIGHT), its alt text as a caption below."""
    try:
        picture = setter.pictures.picture(block.source, setter.where(block.line))
    except PnpError as error:
        setter.problem(error, block.line)
        return setter.text_rows(block.text, STYLES["caption"], MARGIN_X, BODY_WIDTH, block.line) if block.text else []
    width = min(BODY_WIDTH, MAX_PICTURE_HEIGHT * picture.aspect)
    height = width / picture.aspect
    op = Op("image", Box(MARGIN_X + (BODY_WIDTH - width) / 2, -height - 4, width, height), image=picture.path,
            art=picture.art)
    rows = [Row(height + 8, (op,), keep=bool(block.text), line=block.line)]
    if block.text:
        rows += setter.text_rows(block.text, STYLES["caption"], MARGIN_X, BODY_WIDTH, block.line)
    return rows
