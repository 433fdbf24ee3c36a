"""Each layout file's own values checked against what their keys mean, so a mistake names the file that holds it.

A value written as a template (`{{ ... }}`) is checked when it is rendered for a row; every other value is
checked here, before files are merged with `extends`: lengths and sizes are finite numbers within the limits,
text is a string, `visible` an expression, colours are colour strings or CMYK lists, `dash` positive lengths.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from pnp.errors import PnpError
from pnp.layout.elements import parse_number
from pnp.layout.template import is_template
from pnp.limits import MAX_BLEED_MM, MAX_FONT_PT, MAX_LENGTH
from pnp.units import parse_size

LENGTHS = {"x", "y", "w", "h", "x1", "y1", "x2", "y2", "radius", "stroke_width", "rotate"}
FONT_SIZES = {"size", "min_size"}
COLOURS = {"fill", "stroke", "color"}
NAMES = {"type", "style", "font", "bold_font", "fit", "align", "valign", "area", "shape"}
PAPER = {"paper", "paper-landscape"}
MAX_LEADING = 10.0


def check_layout_values(data: dict[str, Any], label: str) -> None:
    """Check one layout file's own top-level values, styles, symbols and elements."""
    if "size" in data and not (isinstance(data["size"], str) and data["size"] in PAPER):
        parse_size(data["size"], f"{label}: size")
    for key, low, high in (("bleed", 0, MAX_BLEED_MM), ("safe", 0, MAX_LENGTH), ("readable_size", 0, MAX_FONT_PT)):
        if key in data:
            parse_number(data[key], f"{label}: {key}", minimum=low, maximum=high)
    if "extends" in data and not isinstance(data["extends"], str):
        raise PnpError(f"must name a layout file, got {shown(data['extends'])}", where=f"{label}: extends",
                       fix="write extends: _base.yaml")
    for key in ("fonts", "vars", "colors", "styles", "symbols"):
        if key in data and not isinstance(data[key], dict | None):
            raise PnpError(f"must be a mapping of names, got {shown(data[key])}", where=f"{label}: {key}",
                           fix=f"write {key}: {{name: ...}}, one entry a name")
    _check_entries(data.get("fonts"), f"{label}: fonts", _font_file)
    _check_entries(data.get("colors"), f"{label}: colors", _named_colour)
    _check_entries(data.get("styles"), f"{label}: styles", _style)
    _check_entries(data.get("symbols"), f"{label}: symbols", _symbol)
    if data.get("background") is not None:
        _colour(data["background"], f"{label}: background")
    elements = data.get("elements")
    for index, item in enumerate(elements if isinstance(elements, list) else ()):
        if isinstance(item, dict):
            name = item.get("id")
            check_element_values(item, f"{label}: elements[{index}]" + (f" ({name})" if isinstance(name, str) else ""))


def check_element_values(item: dict[str, Any], where: str) -> None:
    """Check an element's (or a style's) own values, key by key."""
    for key, value in item.items():
        if is_template(value):
            continue
        at = f"{where}.{key}"
        if key in LENGTHS:
            parse_number(value, at)
        elif key in FONT_SIZES:
            _positive(value, at, MAX_FONT_PT)
        elif key == "leading":
            _positive(value, at, MAX_LEADING)
        elif key in COLOURS:
            _colour(value, at)
        elif key in NAMES and not isinstance(value, str):
            raise PnpError(f"must be a name, got {shown(value)}", where=at,
                           fix=quote_it(key, value, f"write {key}: followed by a name"))
        elif key == "text" and (isinstance(value, bool) or not isinstance(value, str | int | float | None)):
            raise PnpError(f"must be a string, got {shown(value)}", where=at,
                           fix=quote_it(key, value, 'write the text in quotes, e.g. text: "Deal 2 damage."'))
        elif key == "src" and not isinstance(value, str | None):
            raise PnpError(f"must be a file path, got {shown(value)}", where=at, fix="write src: art/picture.png")
        elif key == "visible" and not isinstance(value, str | bool | int | float):
            raise PnpError(f"must be an expression, got {shown(value)}", where=at,
                           fix="write an expression over the row, e.g. visible: \"value >= 4\", or true/false")
        elif key == "dash":
            dash_lengths(value, at)
        elif key == "id" and (isinstance(value, bool) or not isinstance(value, str | int)):
            raise PnpError(f"must be a name, got {shown(value)}", where=at,
                           fix=quote_it(key, value, "write for example id: title"))


def dash_lengths(value: Any, where: str) -> tuple[float, ...]:
    """A dash pattern in mm: one length or a list of lengths, each above 0; 0 or nothing means a solid line."""
    if value is None or value == 0 and not isinstance(value, bool):
        return ()
    lengths = value if isinstance(value, list | tuple) else [value]
    if lengths and all(_number(v) and 0 < v <= MAX_LENGTH for v in lengths):
        return tuple(float(v) for v in lengths)
    raise PnpError(f"{shown(value)} is not a dash pattern", where=where,
                   fix=f"write lengths in mm above 0 and at most {MAX_LENGTH:g}, e.g. dash: 2 or dash: [2, 1]")


def _check_entries(mapping: Any, where: str, check: Callable[[Any, str], None]) -> None:
    """Check each entry of a mapping of names."""
    for name, value in (mapping or {}).items():
        if not isinstance(name, str | int) or isinstance(name, bool):
            raise PnpError(f"{shown(name)} is not a name", where=where, fix="use plain names as keys")
        check(value, f"{where}.{name}")


def _font_file(value: Any, where: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise PnpError(f"a font must be a .ttf file path, got {shown(value)}", where=where,
                       fix="write for example title: fonts/MyTitleFont.ttf")


def _style(value: Any, where: str) -> None:
    if not isinstance(value, dict):
        raise PnpError(f"a style must be a mapping, got {shown(value)}", where=where,
                       fix="write for example {size: 9, font: bold}")
    check_element_values(value, where)


def _symbol(value: Any, where: str) -> None:
    """A symbol: a character, or a mapping with char: or image: (one of them), font: and color:."""
    spec = {"char": value} if isinstance(value, str) else value
    if not isinstance(spec, dict) or ("char" in spec) == ("image" in spec):
        raise PnpError("a symbol needs char: or image: (one of them)", where=where,
                       fix="write for example coin: {char: ●, color: '#d4a017'} or coin: {image: art/coin.svg}")
    for key in ("char", "image", "font"):
        if key in spec and (not isinstance(spec[key], str) or not spec[key].strip()):
            raise PnpError(f"a symbol's {key} must be text, got {shown(spec[key])}", where=f"{where}.{key}",
                           fix="write for example coin: {char: ●} or coin: {image: art/coin.svg}")
    if "color" in spec:
        _colour(spec["color"], f"{where}.color")


def _named_colour(value: Any, where: str) -> None:
    """An entry of colors:, a colour {name|...} markup prints in: neither empty nor none."""
    if value is None or isinstance(value, str) and value.strip().lower() in ("", "none"):
        raise PnpError(f"a named colour must be a colour, got {shown(value)}", where=where,
                       fix="write #rrggbb, a colour name or [C, M, Y, K] in percent, or remove the name")
    _colour(value, where)


def _colour(value: Any, where: str) -> None:
    """A colour: a string (#rrggbb, a name, cmyk(...), none) or [C, M, Y, K] in percent."""
    if isinstance(value, str) or value is None:
        return
    if isinstance(value, list) and len(value) == 4 and all(_number(v) and 0 <= v <= 100 for v in value):
        return
    raise PnpError(f"expected a colour, got {shown(value)}", where=where,
                   fix="write #rrggbb, a colour name, a name from colors:, or [C, M, Y, K] in percent")


def _positive(value: Any, where: str, maximum: float) -> None:
    """A number above 0 and at most maximum."""
    number = parse_number(value, where, minimum=0, maximum=maximum)
    if number == 0:
        raise PnpError("must be more than 0, got 0", where=where, fix="use a larger number")


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def shown(value: Any) -> str:
    """A value as a message shows it: true, false and null as YAML writes them, anything else its repr, shortened."""
    if isinstance(value, bool | date) or value is None:
        return written(value)
    text = "{" + ", ".join(sorted(map(repr, value))) + "}" if isinstance(value, set | frozenset) else repr(value)
    return text if len(text) <= 60 else text[:50] + "..." + text[-6:]


def written(value: Any) -> str:
    """A plain YAML value as the file spells it: true, false, null, a number or a date."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return value.isoformat() if isinstance(value, date) else repr(value)


def quote_it(key: str, value: Any, fix: str) -> str:
    """The fix for a plain value YAML read as something other than text (a number, true/false, null, a date)."""
    if not (isinstance(value, int | float | date) or value is None):
        return fix
    kind = "true or false" if isinstance(value, bool) else "null" if value is None else \
        "a date" if isinstance(value, date) else "a number"
    return f'YAML reads {written(value)} as {kind}; to mean the text, write it in quotes: {key}: "{written(value)}"'
