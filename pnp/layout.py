"""Layout files (YAML): `extends` inheritance, checked keys, compiled templates."""

from __future__ import annotations

import dataclasses
import difflib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from pnp.errors import PnpError
from pnp.template import Expression, Template, compile_expression, compile_template, is_template
from pnp.units import Size, parse_size

PAPER_LAYOUTS = {"paper": "portrait", "paper-landscape": "landscape"}
COMMON_PAPER = {"portrait": Size(210.0, 279.4), "landscape": Size(279.4, 210.0)}  # fits A4 and Letter
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
TOP_KEYS = {"extends", "size", "bleed", "safe", "fonts", "vars", "colors", "styles", "symbols",
            "background", "elements"}
STYLE_KEYS = {"font", "bold_font", "size", "min_size", "color", "align", "valign", "leading"}
SYMBOL_KEYS = {"char", "font", "color"}
COMMON_KEYS = {"id", "type", "visible", "rotate"}
BOX_KEYS = {"x", "y", "w", "h", "area"}
PAINT_KEYS = {"fill", "stroke", "stroke_width", "dash"}
ELEMENT_KEYS = {
    "rect": COMMON_KEYS | BOX_KEYS | PAINT_KEYS | {"radius"},
    "ellipse": COMMON_KEYS | BOX_KEYS | PAINT_KEYS,
    "line": COMMON_KEYS | {"x1", "y1", "x2", "y2", "stroke", "stroke_width", "dash"},
    "text": COMMON_KEYS | BOX_KEYS | STYLE_KEYS | {"text", "style"},
    "image": COMMON_KEYS | BOX_KEYS | {"src", "fit"},
    "icon": COMMON_KEYS | BOX_KEYS | PAINT_KEYS | {"shape"},
}
REQUIRED = {"rect": {"x", "y", "w", "h"}, "ellipse": {"x", "y", "w", "h"}, "line": {"x1", "y1", "x2", "y2"},
            "text": {"x", "y", "w", "h", "text"}, "image": {"x", "y", "w", "h", "src"},
            "icon": {"x", "y", "w", "h", "shape"}}
DEFAULT_STYLE = {"font": "regular", "bold_font": "bold", "size": 9.0, "min_size": 6.0, "color": "#000000",
                 "align": "left", "valign": "top", "leading": 1.3}
CHOICES = {"align": {"left", "center", "right"}, "valign": {"top", "middle", "bottom"},
           "fit": {"contain", "cover", "stretch"}, "area": {"bleed", "trim", "safe"}}


@dataclass(frozen=True)
class Element:
    """One element of a layout: its type, geometry and properties (constants or templates)."""

    id: str
    type: str
    where: str
    props: dict[str, Any]
    visible: Expression | None = None

    def get(self, key: str, default: Any = None) -> Any:
        return self.props.get(key, default)


@dataclass(frozen=True)
class Layout:
    """A parsed layout: card size, bleed, safe zone, styles and elements."""

    path: Path
    label: str
    size: Size
    bleed: float
    safe: float
    fonts: dict[str, str]
    vars: dict[str, Any]
    colors: dict[str, str]
    styles: dict[str, dict[str, Any]]
    symbols: dict[str, dict[str, Any]]
    elements: tuple[Element, ...]
    names: frozenset[str] = field(default_factory=frozenset)
    scale: float = 1.0
    paper: str | None = None

    def on_paper(self, paper: Size) -> Layout:
        """A page layout sized to the chosen paper; other layouts unchanged."""
        if self.paper is None:
            return self
        landscape = self.paper == "landscape"
        size = Size(max(paper.width, paper.height), min(paper.width, paper.height)) if landscape else paper
        return dataclasses.replace(self, size=size)


def load_layout(path: Path, root: Path, label_of) -> Layout:
    """Read a layout file, resolve `extends`, check keys, compile templates."""
    data = _merged(path, label_of, seen=())
    label = label_of(path)
    check_keys(data, TOP_KEYS, label)
    paper = PAPER_LAYOUTS.get(str(data.get("size")))
    size = COMMON_PAPER[paper] if paper else parse_size(data.get("size", "poker"), f"{label}: size")
    bleed = _number(data.get("bleed", 3.0), f"{label}: bleed", minimum=0)
    safe = _number(data.get("safe", 3.0), f"{label}: safe", minimum=0)
    styles = _styles(data.get("styles") or {}, label)
    symbols = _symbols(data.get("symbols") or {}, label)
    elements = _elements(data, label, styles, size, safe)
    names: set[str] = set()
    for element in elements:
        names |= _element_names(element)
    return Layout(path, label, size, bleed, safe, dict(data.get("fonts") or {}), dict(data.get("vars") or {}),
                  {str(k): str(v) for k, v in (data.get("colors") or {}).items()}, styles, symbols,
                  tuple(elements), frozenset(names), paper=paper)


def _read_yaml(path: Path, label: str) -> dict[str, Any]:
    """Parse one YAML file into a mapping (a fresh copy; parsed files are cached by content)."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise PnpError("layout file not found", where=label, fix="create it or fix the name in game.yaml") from None
    return dict(_parse_yaml(text, label))  # merging copies what it changes below the top level


@lru_cache(maxsize=256)
def _parse_yaml(text: str, label: str) -> dict[str, Any]:
    """Parse YAML text with the C loader when available."""
    try:
        data = yaml.load(text, Loader=SAFE_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f" at line {mark.line + 1}" if mark else ""
        raise PnpError(f"invalid YAML{line}: {getattr(exc, 'problem', exc)}", where=label,
                       fix="fix the YAML syntax") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise PnpError("a layout must be a mapping of keys", where=label, fix="start with keys like size: and elements:")
    return data


def _merged(path: Path, label_of, seen: tuple[Path, ...]) -> dict[str, Any]:
    """Read a layout and merge it over the layout it extends."""
    label = label_of(path)
    if path.resolve() in seen:
        raise PnpError("layout extends itself in a loop", where=f"{label}: extends", fix="break the cycle")
    data = _read_yaml(path, label)
    parent = data.pop("extends", None)
    if parent is None:
        return data
    if not isinstance(parent, str):
        raise PnpError("extends must name a layout file", where=f"{label}: extends", fix="write extends: _base.yaml")
    base = _merged(path.parent / parent, label_of, seen + (path.resolve(),))
    return merge_layouts(base, data, label)


def merge_layouts(base: dict[str, Any], child: dict[str, Any], label: str) -> dict[str, Any]:
    """Child keys win; tables merge key by key; elements with the same id merge in place."""
    out = dict(base)
    for key, value in child.items():
        if key == "elements":
            out[key] = _merge_elements(base.get("elements") or [], value or [], label)
        elif key == "styles" and isinstance(value, dict):
            styles = dict(base.get("styles") or {})
            for name, style in value.items():
                styles[name] = {**(styles.get(name) or {}), **(style or {})}
            out[key] = styles
        elif key in ("vars", "colors", "symbols", "fonts") and isinstance(value, dict):
            out[key] = {**(base.get(key) or {}), **value}
        else:
            out[key] = value
    return out


def _merge_elements(base: list, child: list, label: str) -> list:
    """Append child elements; one whose id matches a base element updates it instead."""
    if not isinstance(child, list):
        raise PnpError("elements must be a list", where=f"{label}: elements", fix="start each element with '- type:'")
    merged = [dict(e) if isinstance(e, dict) else e for e in base]
    index = {e.get("id"): i for i, e in enumerate(merged) if isinstance(e, dict) and e.get("id")}
    for element in child:
        if isinstance(element, dict) and element.get("id") in index:
            merged[index[element["id"]]].update(element)
        else:
            merged.append(element)
    return merged


def check_keys(mapping: dict[str, Any], allowed: set[str], where: str) -> None:
    """Reject unknown keys, suggesting the closest known one."""
    for key in mapping:
        if key not in allowed:
            close = difflib.get_close_matches(str(key), sorted(allowed), n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"known keys: {', '.join(sorted(allowed))}"
            raise PnpError(f"unknown key '{key}'", where=where, fix=hint)


def _number(value: Any, where: str, minimum: float | None = None) -> float:
    """Read a number, optionally bounded below."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PnpError(f"expected a number, got {value!r}", where=where, fix="write a number in mm or pt")
    if minimum is not None and value < minimum:
        raise PnpError(f"must be at least {minimum}, got {value}", where=where, fix="use a larger number")
    return float(value)


def _styles(raw: Any, label: str) -> dict[str, dict[str, Any]]:
    """Check named styles and fill in defaults."""
    if not isinstance(raw, dict):
        raise PnpError("styles must be a mapping of names", where=f"{label}: styles", fix="write styles: {name: {...}}")
    styles = {}
    for name, style in raw.items():
        where = f"{label}: styles.{name}"
        if not isinstance(style, dict):
            raise PnpError("a style must be a mapping", where=where, fix="write for example {size: 9, font: bold}")
        check_keys(style, STYLE_KEYS, where)
        styles[str(name)] = style
    return styles


def _symbols(raw: Any, label: str) -> dict[str, dict[str, Any]]:
    """Check inline symbol definitions (:name: in text)."""
    symbols = {}
    for name, symbol in (raw or {}).items():
        where = f"{label}: symbols.{name}"
        if isinstance(symbol, str):
            symbol = {"char": symbol}
        if not isinstance(symbol, dict) or "char" not in symbol:
            raise PnpError("a symbol needs char:", where=where, fix="write for example coin: {char: ●, color: '#d4a017'}")
        check_keys(symbol, SYMBOL_KEYS, where)
        symbols[str(name)] = symbol
    return symbols


def _elements(data: dict[str, Any], label: str, styles: dict[str, dict[str, Any]], size: Size,
              safe: float) -> list[Element]:
    """Parse the element list, with an optional background element first."""
    raw = data.get("elements") or []
    if not isinstance(raw, list):
        raise PnpError("elements must be a list", where=f"{label}: elements", fix="start each element with '- type:'")
    elements = [_element(item, index, label, styles, size, safe) for index, item in enumerate(raw)]
    if data.get("background") is not None:
        fill = {"id": "background", "type": "rect", "area": "bleed", "fill": data["background"]}
        elements.insert(0, _element(fill, -1, label, styles, size, safe))
    return elements


def _element(item: Any, index: int, label: str, styles: dict, size: Size, safe: float) -> Element:
    """Parse and check one element."""
    name = item.get("id") if isinstance(item, dict) else None
    where = f"{label}: background" if index < 0 else f"{label}: elements[{index}]" + (f" ({name})" if name else "")
    if not isinstance(item, dict) or "type" not in item:
        raise PnpError("an element needs a type", where=where, fix=f"use one of {', '.join(ELEMENT_KEYS)}")
    kind = item["type"]
    if kind not in ELEMENT_KEYS:
        close = difflib.get_close_matches(str(kind), list(ELEMENT_KEYS), n=1)
        raise PnpError(f"unknown element type '{kind}'", where=where,
                       fix=f"did you mean '{close[0]}'?" if close else f"use one of {', '.join(ELEMENT_KEYS)}")
    check_keys(item, ELEMENT_KEYS[kind], where)
    props = dict(item)
    if kind == "text":
        props = _text_props(props, styles, where)
    if "area" in props:
        props.update(_area(props["area"], size, safe, where))
    missing = sorted(REQUIRED[kind] - set(props))
    if missing:
        raise PnpError(f"missing key '{missing[0]}'", where=where, fix=f"a {kind} needs {', '.join(sorted(REQUIRED[kind]))}")
    compiled = {key: _compile(value, f"{where}.{key}") for key, value in props.items() if key not in ("visible", "type", "id")}
    _check_values(compiled, where)
    visible = compile_expression(str(props["visible"]), f"{where}.visible") if "visible" in props else None
    element = Element(str(name or f"#{index}"), kind, where, compiled, visible)
    if kind == "text" and safe > 0:
        _check_safe(element, size, safe)
    return element


def _text_props(props: dict[str, Any], styles: dict, where: str) -> dict[str, Any]:
    """Resolve a text element's style: defaults, then the named style, then its own keys."""
    style_name = props.pop("style", None)
    if style_name is not None and style_name not in styles:
        close = difflib.get_close_matches(str(style_name), list(styles), n=1)
        raise PnpError(f"unknown style '{style_name}'", where=f"{where}.style",
                       fix=f"did you mean '{close[0]}'?" if close else "define it under styles:")
    merged = {**DEFAULT_STYLE, **(styles.get(style_name) or {}), **props}
    if "min_size" not in props and "min_size" not in (styles.get(style_name) or {}):
        merged["min_size"] = min(DEFAULT_STYLE["min_size"], merged["size"])
    return merged


def _area(area: Any, size: Size, safe: float, where: str) -> dict[str, float]:
    """Box for area: bleed, trim or safe (the bleed area is resolved at draw time)."""
    if area not in CHOICES["area"]:
        raise PnpError(f"unknown area '{area}'", where=f"{where}.area", fix="use bleed, trim or safe")
    if area == "safe":
        return {"x": safe, "y": safe, "w": size.width - 2 * safe, "h": size.height - 2 * safe}
    return {"x": 0.0, "y": 0.0, "w": size.width, "h": size.height}


def _compile(value: Any, where: str) -> Any:
    """Compile template strings; keep other values as they are."""
    if is_template(value):
        return compile_template(value, where)
    return value


def _check_values(props: dict[str, Any], where: str) -> None:
    """Check constant values: numbers where numbers go, known choices."""
    for key in ("x", "y", "w", "h", "x1", "y1", "x2", "y2", "size", "min_size", "leading", "radius",
                "stroke_width", "rotate"):
        if key in props and not isinstance(props[key], Template):
            _number(props[key], f"{where}.{key}")
    for key, choices in CHOICES.items():
        value = props.get(key)
        if value is not None and not isinstance(value, Template) and value not in choices:
            raise PnpError(f"unknown {key} '{value}'", where=f"{where}.{key}", fix=f"use one of {', '.join(sorted(choices))}")


def _check_safe(element: Element, size: Size, safe: float) -> None:
    """Keep text boxes inside the safe zone, where a cutting error cannot clip them."""
    box = [element.get(k) for k in ("x", "y", "w", "h")]
    if any(isinstance(v, Template) for v in box) or element.get("rotate") not in (None, 0, 180):
        return  # a quarter turn moves the box; a half turn keeps it in place
    x, y, w, h = (float(v) for v in box)
    eps = 1e-6
    if x < safe - eps or y < safe - eps or x + w > size.width - safe + eps or y + h > size.height - safe + eps:
        raise PnpError(f"text box ({x:g}, {y:g}, {w:g} x {h:g} mm) leaves the safe zone {safe:g} mm inside the trim",
                       where=element.where, fix="move or shrink the box, or set safe: to a smaller value")


def _element_names(element: Element) -> set[str]:
    """Columns and names an element's templates read."""
    from pnp.template import names_used
    names: set[str] = set()
    for value in element.props.values():
        if isinstance(value, Template):
            names |= names_used(value.source)
    if element.visible is not None:
        names |= names_used(element.visible.source)
    return names
