"""Resolve a layout over one CSV row into drawing operations for one card face."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reportlab.lib import colors as rl_colors

from pnp.colors import parse_color
from pnp.data.confine import confined, label_in
from pnp.data.files import check_regular
from pnp.data.markup_syntax import markup_colors
from pnp.data.table import Row, Table
from pnp.errors import PnpError
from pnp.face.images import image_pixels, image_problem
from pnp.face.parts import Box, Face, Op, TextTrace, hang_room
from pnp.face.placing import element_box, is_drawn
from pnp.face.svgkept import ArtFinder, is_svg
from pnp.layout.budget import WorkBudget
from pnp.layout.files import Element, Layout
from pnp.layout.resolver import Resolver, RowContext
from pnp.layout.template import Template, names_used
from pnp.limits import MAX_IMAGE_BYTES
from pnp.text.breaking import KnownParagraphs
from pnp.text.fit import (
    InlineImage,
    MissingGlyph,
    Overflow,
    Symbol,
    TextBlock,
    break_lines,
    check_glyphs,
    fit,
    missing_glyphs,
    paragraphs,
    parse_markup,
    plain_text,
)
from pnp.text.fonts import FontBook
from pnp.text.layoutcache import LayoutStore, laid_out
from pnp.text.symbols import unknown_symbol, unknown_symbols
from pnp.units import pt

SHAPES = {"circle", "square", "diamond", "triangle", "star", "heart", "spade", "club", "hexagon"}


class Renderer:
    """Turns (layout, row) pairs into faces, with fonts and colours checked."""

    def __init__(self, fonts: FontBook, root: Path):
        self.fonts = fonts
        self.root = root.resolve()
        self._inline_cache: dict[int, tuple] = {}
        self._blocks: dict[tuple, TextBlock] = {}
        self._fixed: dict[tuple, tuple[Element, Layout, Table, Op | None]] = {}  # constant elements' ops (_resolved)
        self._paragraphs = KnownParagraphs()  # a text's break opportunities, worked out once per build
        self.layouts: LayoutStore | None = None  # text laid out by the last build (a build's, in its output)
        self.traces: list[TextTrace] | None = None  # a list: collect text problems here instead of raising
        self._found: dict[tuple, tuple[TextBlock, str, tuple, bool]] = {}
        self.undrawn: dict[str, tuple[str, ...]] = {}  # SVG file -> the features of it that pnp leaves out
        self.arts = ArtFinder(fonts, self.root)  # SVG art, converted or (in a build) kept from the last
        self.budget = WorkBudget()  # the template work (and time) all the faces drawn may take

    def face(self, layout: Layout, table: Table, row: Row, copy: int = 1, component: str = "",
             names: frozenset[str] = frozenset()) -> Face:
        """Resolve every element of the layout for this row (names: the game's, kept whole in text)."""
        return self.face_elements(layout, table, row, copy, component, names)[0]

    def face_elements(self, layout: Layout, table: Table, row: Row, copy: int = 1, component: str = "",
                      names: frozenset[str] = frozenset()) -> tuple[Face, tuple[Element, ...]]:
        """The face, and the element each of its operations draws (its template work counted to `component`)."""
        self._register_fonts(layout)
        values = {**layout.vars, "vars": layout.vars, **row.values,
                  "card": {"row": row.number, "copy": copy, "count": row.count}}
        ctx = RowContext(values, table.where(row), table, row, self.budget, names)
        ops, drawn = [], []
        with self.budget.row(table.label, component, row.number):
            for element in layout.elements:
                if element.visible is not None and not is_drawn(element.visible, ctx):
                    continue
                ops.append(self._resolved(element, layout, ctx))
                drawn.append(element)
        face = Face(pt(layout.size.width), pt(layout.size.height), pt(layout.bleed), tuple(ops), layout.scale)
        return face, tuple(drawn)

    def _resolved(self, element: Element, layout: Layout, ctx: RowContext) -> Op:
        """An element's operation for this row. One whose every property is a constant is resolved once per build
        for its table, layout and names kept whole, and checked on the first row that draws it; where text problems
        are collected (proofs), each row's own are, so every element is resolved for every row."""
        if self.traces is not None:
            return self._op(element, layout, ctx)
        key = (id(element), id(layout), id(ctx.table), ctx.names)
        fixed = self._fixed.get(key)
        if fixed is None:
            constant = not any(isinstance(value, Template) and not value.constant for value in element.props.values())
            op = self._op(element, layout, ctx) if constant else None
            fixed = self._fixed[key] = (element, layout, ctx.table, op)
        return fixed[3] if fixed[3] is not None else self._op(element, layout, ctx)

    def _register_fonts(self, layout: Layout) -> None:
        """Add the project fonts a layout names under fonts: (files inside the project only)."""
        for key, src in layout.fonts.items():
            where = f"{layout.label}: fonts.{key}"
            path = confined(self.root, self.root / str(src), where)
            if not path.exists():
                raise PnpError(f"font file '{src}' not found inside the project", where=where,
                               fix="give a .ttf path relative to the project folder")
            self.fonts.ensure(str(key), path, label_in(self.root, path))

    def _op(self, element: Element, layout: Layout, ctx: RowContext) -> Op:
        """Resolve one element."""
        value = Resolver(element, ctx)
        box = element_box(element, value, layout)
        common: dict[str, Any] = {"rotate": value.number("rotate", 0.0)}
        if element.type in ("rect", "ellipse", "icon"):
            shape = value.text("shape", "") if element.type == "icon" else ""
            if shape and shape not in SHAPES:
                raise PnpError(f"unknown shape '{shape}' in {element.where}", where=ctx.where,
                               fix=f"use one of {', '.join(sorted(SHAPES))}")
            return Op(element.type, box, fill=self._color(value, "fill", layout, ctx),
                      stroke=self._color(value, "stroke", layout, ctx), stroke_width=value.number("stroke_width", 0.5),
                      dash=value.dash(), radius=pt(value.number("radius", 0.0)), shape=shape, **common)
        if element.type == "line":
            return Op("line", box, stroke=self._color(value, "stroke", layout, ctx) or rl_colors.black,
                      stroke_width=value.number("stroke_width", 0.5), dash=value.dash(), **common)
        if element.type == "image":
            src = value.text("src", "")
            path = self._image(src, element, ctx)
            art = self._art(path, f"{ctx.where}: {src}") if path is not None and is_svg(path) else None
            return Op("image", box, image=path, art=art, fit=value.text("fit", "contain"), **common)
        return self._text(element, value, box, layout, ctx, common)

    def _text(self, element: Element, value: Resolver, box: Box, layout: Layout, ctx: RowContext, common) -> Op:
        """Lay out a text element, raising user errors for missing glyphs and overflow."""
        source = value.text("text", "")
        regular = self.fonts.get(value.text("font", "regular"), element.where)
        bold = self.fonts.get(value.text("bold_font", "bold"), element.where)
        raw = value.text("color", "")
        shade = str(layout.colors.get(raw, raw))  # its colour's text: the same text is the same colour
        color = self._parse_color(shade, f"{element.where}.color", ctx) or rl_colors.black
        sizes = (value.number("size", 9.0), value.number("min_size", 6.0), value.number("leading", 1.3),
                 hang_room(box, layout, common["rotate"]))  # fit(..., size, min_size, leading, room)
        key = (source, regular.key, bold.key, shade, box.w, box.h, sizes, id(layout), ctx.names)  # shade: one colour
        if self.traces is not None:
            place = {"align": value.text("align", "left"), "valign": value.text("valign", "top"), **common}
            return self._traced(key, source, (regular, bold, color), box, sizes, element, layout, ctx, place)
        block = self._blocks.get(key)
        if block is None:  # the same text in the same box and style is laid out once per build
            block = self._layout_text(source, regular, bold, color, box, sizes, element, layout, ctx)
            self._blocks[key] = block
        return Op("text", box, text=block, align=value.text("align", "left"), valign=value.text("valign", "top"),
                  **common)

    def _traced(self, key, source, style, box: Box, sizes, element: Element, layout: Layout, ctx: RowContext,
                place) -> Op:
        """Collecting mode: lay out without stopping and record what a build would stop at."""
        found = self._found.get(key)
        if found is None:
            runs = self._runs(source, style, element, layout, ctx)
            found = self._collect_text(runs, box, sizes, element, ctx)
            unknown = (_symbol_error(name, layout, element, ctx) for name in unknown_symbols(source, layout.symbols))
            symbols = tuple((field, f"{message}; {fix}") for field, message, fix in unknown)
            found = self._found[key] = (found[0], found[1], symbols + found[2], found[3])
        block, shown, problems, fits = found
        op = Op("text", box, text=block, **place)
        assert self.traces is not None  # only called in collecting mode
        self.traces.append(TextTrace(element, _field(element, ctx), op, shown, problems, fits))
        return op

    def _layout_text(self, source, regular, bold, color, box: Box, sizes, element: Element, layout: Layout,
                     ctx: RowContext) -> TextBlock:
        """Parse markup, check glyphs and fit the text to its box."""
        runs = self._runs(source, (regular, bold, color), element, layout, ctx)
        for name in unknown_symbols(source, layout.symbols):
            field, message, fix = _symbol_error(name, layout, element, ctx)
            raise PnpError(message, where=f"{ctx.where}, field {field}", fix=fix)
        try:
            check_glyphs(runs)
            return laid_out(runs, ctx.names, (box.w, box.h), sizes, self._paragraphs, self.layouts)
        except MissingGlyph as exc:
            holders = [c for c in ctx.table.columns if exc.char in str(ctx.values.get(c, ""))]
            where = f"{ctx.where}, field {holders[0]}" if holders else f"{element.where}.text"  # else: the layout's
            raise PnpError(str(exc), where=where,
                           fix="use a character the font has, or a font that has it") from None
        except Overflow as exc:
            raise PnpError(f"text {exc} ({element.where})", where=f"{ctx.where}, field {_field(element, ctx)}",
                           fix="shorten the text, enlarge the box or lower min_size") from None

    def _runs(self, source: str, style: tuple[Any, Any, Any], element: Element, layout: Layout,
              ctx: RowContext) -> list:
        """The text's markup parsed into runs in (regular, bold, colour), its {colour|...} names checked."""
        palette, symbols = self._inline(layout, ctx)
        _check_markup_colors(source, palette, element, ctx)
        return parse_markup(source.replace("\r\n", "\n"), *style, palette, symbols)

    @staticmethod
    def _collect_text(runs, box: Box, sizes, element: Element, ctx: RowContext) -> tuple[TextBlock, str, tuple, bool]:
        """Lay out text without stopping: note missing characters and overflow, draw overflowing text at min_size."""
        problems = []
        for char, font in missing_glyphs(runs):
            holders = [c for c in ctx.table.columns if char in str(ctx.values.get(c, ""))]
            problems.append((holders[0] if holders else _field(element, ctx), str(MissingGlyph(char, font))))
        paras = paragraphs(runs, ctx.names)
        try:
            return fit(paras, box.w, box.h, *sizes), plain_text(runs), tuple(problems), True
        except Overflow as exc:
            problems.append((_field(element, ctx), f"text {exc} ({element.where})"))
            try:  # drawn at min_size running out of its box, so the proof shows how much is too much
                block = fit(paras, box.w, float("inf"), sizes[1], sizes[1], sizes[2])
            except Overflow:  # a box too narrow for one character: one line per paragraph
                block = TextBlock(tuple(break_lines(paras, float("inf"))), sizes[1], sizes[2])
        return block, plain_text(runs), tuple(problems), False

    def _inline(self, layout: Layout, ctx: RowContext) -> tuple[dict, dict[str, Symbol]]:
        """The layout's text palette and inline symbols, resolved once per layout."""
        cached = self._inline_cache.get(id(layout))
        if cached is None or cached[0] is not layout:
            palette = {name: self._parse_color(v, f"{layout.label}: colors.{name}", ctx)
                       for name, v in layout.colors.items()}
            cached = self._inline_cache[id(layout)] = (layout, palette, self._symbols(layout, ctx))
        return cached[1], cached[2]

    def _symbols(self, layout: Layout, ctx: RowContext) -> dict[str, Symbol]:
        """Inline symbols with fonts and colours resolved."""
        out = {}
        for name, spec in layout.symbols.items():
            where = f"{layout.label}: symbols.{name}"
            color = self._parse_color(spec["color"], where, ctx) if spec.get("color") else None
            image = self._inline_image(name, spec["image"], where, ctx) if "image" in spec else None
            out[name] = Symbol(str(spec.get("char", "")), self.fonts.get(spec.get("font", "regular"), where), color,
                               image)
        return out

    def _inline_image(self, name: str, src: str, where: str, ctx: RowContext) -> InlineImage:
        """A symbol's picture: SVG art or a raster image, with its proportions."""
        path = self._project_file(src, ctx.table.path.parent, where, "image", ctx.where)
        if is_svg(path):
            art = self._art(path, f"{where}: {src}")
            return InlineImage(name, path, art.aspect, art)
        pixels = image_pixels(path)
        if pixels is None:
            raise PnpError(f"cannot read image '{src}' ({where})", where=ctx.where, fix="save it again as PNG or JPEG")
        return InlineImage(name, path, pixels[0] / pixels[1])

    def _art(self, path: Path, label: str) -> Any:
        """SVG art, its text drawn with the build's fonts; what it cannot draw is noted for a warning."""
        art = self.arts.find(path, label)
        if art.undrawn:
            self.undrawn[art.file] = art.undrawn
        return art

    def _color(self, value: Resolver, key: str, layout: Layout, ctx: RowContext):
        """Resolve a colour property: a palette name, #rrggbb, a CSS name, or none."""
        raw = value.text(key, "")
        return self._parse_color(layout.colors.get(raw, raw), f"{value.element.where}.{key}", ctx)

    @staticmethod
    def _parse_color(raw: str, where: str, ctx: RowContext):
        """Parse one colour string."""
        text = str(raw).strip()
        if not text or text.lower() == "none":
            return None
        color = parse_color(text)
        if color is None:
            raise PnpError(f"unknown colour '{text}' in {where}", where=ctx.where,
                           fix="use #rrggbb, a colour name, or a name from colors:")
        return color

    def _image(self, src: str, element: Element, ctx: RowContext) -> Path | None:
        """Resolve an image path inside the project (links followed) and check the file; empty: a placeholder."""
        if not src.strip():
            return None
        return self._project_file(src, ctx.table.path.parent, element.where, "src", ctx.where)

    def _project_file(self, src: str, game_folder: Path, owner: str, key: str, where: str) -> Path:
        """A picture named relative to the game's data folder, else to the project, checked as a drawable file."""
        named_by = f"{where}: {owner}.{key}"
        candidates = [confined(self.root, folder / src, named_by, src) for folder in (game_folder, self.root)]
        path = next((p for p in candidates if p.is_file()), None) or next((p for p in candidates if p.exists()), None)
        if path is None:
            raise PnpError(f"image '{src}' not found ({owner})", where=where,
                           fix="add the file or fix the path (relative to the game's card_data folder or the project)")
        check_regular(path, f"{named_by}: {label_in(self.root, path)}", MAX_IMAGE_BYTES, "picture",
                      "name a PNG, JPEG or SVG file saved in the project")
        problem = None if is_svg(path) else image_problem(path)
        if problem:
            raise PnpError(f"image '{src}' {problem} ({owner})", where=where,
                           fix="use a PNG, JPEG or SVG file within the pixel limit")
        return path


def _check_markup_colors(source: str, palette: dict, element: Element, ctx: RowContext) -> None:
    """Refuse {colour|text} markup naming a colour that is neither in the layout's colors: nor a known colour."""
    for name in markup_colors(source):
        if name not in palette and parse_color(name) is None:
            known = ", ".join(sorted(palette)) or "none"
            raise PnpError(f"unknown colour {name!r} in {{{name}|...}} markup ({element.where})",
                           where=f"{ctx.where}, field {_field(element, ctx)}",
                           fix=f"use a colour from the layout's colors: ({known}), #rrggbb or a colour name") from None


def _symbol_error(name: str, layout: Layout, element: Element, ctx: RowContext) -> tuple[str, str, str]:
    """(field, message, fix) for an unknown :name: symbol: the column whose cell writes it, else the layout element."""
    holders = [c for c in ctx.table.columns if f":{name}:" in str(ctx.values.get(c, ""))]
    message, fix = unknown_symbol(name, layout.symbols)
    return (holders[0] if holders else _field(element, ctx)), f"{message} ({element.where})", fix


def _field(element: Element, ctx: RowContext) -> str:
    """Name the CSV column a text element shows, for messages."""
    template = element.props.get("text")
    if isinstance(template, Template):
        columns = sorted(names_used(template.source) & set(ctx.table.columns))
        if columns:
            return ", ".join(columns)
    return element.id
