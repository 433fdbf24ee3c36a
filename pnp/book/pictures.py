"""A rulebook's pictures and inline symbols: files inside the project, bounded, checked before any page is set."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from pnp.colors import parse_color
from pnp.data.confine import confined
from pnp.data.files import check_regular
from pnp.errors import PnpError
from pnp.face.images import image_pixels, image_problem
from pnp.face.svgkept import is_svg
from pnp.limits import MAX_IMAGE_BYTES
from pnp.project.games import Game
from pnp.text.fit import InlineImage, Symbol
from pnp.text.fonts import FontBook


class Picture(NamedTuple):
    """A picture to draw: its file, its SVG drawing (None for PNG or JPEG) and its proportions."""

    path: Path
    art: Any
    aspect: float  # width over height


class Pictures:
    """Finds the files a rulebook names, relative to the game's folder, else to the project."""

    def __init__(self, root: Path, game_folder: Path, fonts: FontBook):
        self.root, self.game_folder, self.fonts = root, game_folder, fonts

    def picture(self, src: str, where: str) -> Picture:
        """The picture a rulebook names; a one-line error naming where it is named when it cannot be drawn."""
        named_by = where
        candidates = [confined(self.root, folder / src, named_by, src) for folder in (self.game_folder, self.root)]
        path = next((p for p in candidates if p.is_file()), None)
        if not src or path is None:
            raise PnpError(f"image '{src}' not found", where=where,
                           fix="add the file or fix the path (relative to the game's card_data folder or the project)")
        check_regular(path, named_by, MAX_IMAGE_BYTES, "picture", "name a PNG, JPEG or SVG file saved in the project")
        if is_svg(path):
            from pnp.face.svgart import load_svg  # svglib and lxml: only for a rulebook that shows SVG art
            from pnp.face.svgfonts import svg_fonts
            art = load_svg(path, self.root, named_by, svg_fonts(self.fonts))
            return Picture(path, art, art.aspect)
        problem = image_problem(path)
        pixels = image_pixels(path)
        if problem or pixels is None:
            raise PnpError(f"image '{src}' {problem or 'is empty'}", where=where,
                           fix="use a PNG, JPEG or SVG file within the pixel limit")
        return Picture(path, None, pixels[0] / pixels[1])


class SymbolSpec(NamedTuple):
    """An inline symbol as a layout defines it, under the label of that layout."""

    name: str
    spec: dict[str, Any]
    label: str


def symbol_specs(game: Game) -> list[SymbolSpec]:
    """The inline symbols the game's layouts define (the first definition of a name wins), for :name: in rules."""
    specs: dict[str, SymbolSpec] = {}
    for component in game.components:
        for layout in component.layouts():
            for name, spec in layout.symbols.items():
                specs.setdefault(name, SymbolSpec(name, spec, layout.label))
    return list(specs.values())


def resolved_symbols(specs: list[SymbolSpec], fonts: FontBook, pictures: Pictures) -> dict[str, Symbol]:
    """The symbols with their fonts and pictures, by name."""
    return {s.name: _symbol(s.name, s.spec, s.label, fonts, pictures) for s in specs}


def _symbol(name: str, spec: dict[str, Any], label: str, fonts: FontBook, pictures: Pictures) -> Symbol:
    """One layout symbol: a character in a font and colour, or a picture."""
    where = f"{label}: symbols.{name}"
    color = parse_color(str(spec["color"])) if spec.get("color") else None
    image = None
    if "image" in spec:
        picture = pictures.picture(str(spec["image"]), where)
        image = InlineImage(name, picture.path, picture.aspect, picture.art)
    return Symbol(str(spec.get("char", "")), fonts.get(spec.get("font", "regular"), where), color, image)
