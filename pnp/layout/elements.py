"""Layout elements: checked keys, resolved styles, compiled templates, the safe zone for text."""

from __future__ import annotations

import difflib
import math
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from pnp.errors import PnpError
from pnp.layout.template import Expression, Template, compile_expression, compile_template, is_template, names_used
from pnp.limits import MAX_FONT_PT, MAX_LENGTH
from pnp.units import Size

STYLE_KEYS = {"font", "bold_font", "size", "min_size", "color", "align", "valign", "leading"}
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
FONT_SIZES = {"size", "min_size"}
_SAFE_ZONE_NOTES: ContextVar[list[PnpError] | None] = ContextVar("safe_zone_notes", default=None)
CHOICES = {"align": {"left", "center", "right"}, "valign": {"top", "middle", "bottom"},
           "fit": {"contain", "cover", "stretch"}, "area": {"bleed", "trim", "safe"}}


class Placed(dict):
    """An element's mapping that remembers where it is written (the file and its index there), through extends."""

    def __init__(self, item: dict[str, Any], where: str) -> None:
        super().__init__(item)
        self.where = where


@dataclass(frozen=True)
class Element:
    """One element of a layout: its type, geometry and properties (constants or templates)."""

    id: str
    type: str
    where: str
    props: dict[str, Any]
    visible: Expression | None = None
    # constant numbers already read and checked, by key and default: the same for every row
    numbers: dict[tuple[str, float], float] = field(default_factory=dict, init=False, compare=False, repr=False)

    def get(self, key: str, default: Any = None) -> Any:
        return self.props.get(key, default)


def check_keys(mapping: dict[str, Any], allowed: set[str], where: str) -> None:
    """Reject unknown keys, suggesting the closest known one."""
    for key in mapping:
        if key not in allowed:
            close = difflib.get_close_matches(str(key), sorted(allowed), n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"known keys: {', '.join(sorted(allowed))}"
            raise PnpError(f"unknown key '{key}'", where=where, fix=hint)


def parse_number(value: Any, where: str, minimum: float | None = None, maximum: float = MAX_LENGTH) -> float:
    """Read a number, optionally bounded below, always bounded in size."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PnpError(f"expected a number, got {value!r}", where=where, fix="write a number in mm or pt")
    if isinstance(value, float) and not math.isfinite(value):
        raise PnpError(f"must be a finite number, got {value}", where=where, fix="write a number in mm or pt")
    if minimum is not None and value < minimum:
        raise PnpError(f"must be at least {minimum}, got {value}", where=where, fix="use a larger number")
    if not abs(value) <= maximum:  # also NaN
        raise PnpError(f"must be at most {maximum:g}, got {value}", where=where, fix="use a smaller number")
    return float(value)


def parse_elements(data: dict[str, Any], label: str, styles: dict[str, dict[str, Any]], size: Size,
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
    written = item.where if isinstance(item, Placed) else f"{label}: elements[{index}]"
    where = f"{label}: background" if index < 0 else written + (f" ({name})" if name else "")
    if not isinstance(item, dict) or "type" not in item:
        raise PnpError("an element needs a type", where=where, fix=f"use one of {', '.join(ELEMENT_KEYS)}")
    kind = item["type"]
    if not isinstance(kind, str) or kind not in ELEMENT_KEYS:
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
        raise PnpError(f"missing key '{missing[0]}'", where=where,
                       fix=f"a {kind} needs {', '.join(sorted(REQUIRED[kind]))}")
    compiled = {key: _compile(value, f"{where}.{key}") for key, value in props.items()
                if key not in ("visible", "type", "id")}
    _check_values(compiled, where)
    visible = compile_expression(str(props["visible"]), f"{where}.visible") if "visible" in props else None
    element = Element(str(name or f"#{index}"), kind, where, compiled, visible)
    if kind == "text" and safe > 0:
        _check_safe(element, size, safe)
    return element


def _text_props(props: dict[str, Any], styles: dict, where: str) -> dict[str, Any]:
    """Resolve a text element's style: defaults, then the named style, then its own keys."""
    style_name = props.pop("style", None)
    if style_name is not None and (not isinstance(style_name, str) or style_name not in styles):
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
            parse_number(props[key], f"{where}.{key}", maximum=MAX_FONT_PT if key in FONT_SIZES else MAX_LENGTH)
    for key, choices in CHOICES.items():
        value = props.get(key)
        if value is not None and not isinstance(value, Template) and not (isinstance(value, str) and value in choices):
            raise PnpError(f"unknown {key} '{value}'", where=f"{where}.{key}",
                           fix=f"use one of {', '.join(sorted(choices))}")


def _check_safe(element: Element, size: Size, safe: float) -> None:
    """Keep text boxes inside the safe zone, where a cutting error cannot clip them."""
    box = [element.get(k) for k in ("x", "y", "w", "h")]
    if any(isinstance(v, Template) for v in box) or element.get("rotate") not in (None, 0, 180):
        return  # a quarter turn moves the box; a half turn keeps it in place
    x, y, w, h = (float(v) for v in box)
    eps = 1e-6
    if x < safe - eps or y < safe - eps or x + w > size.width - safe + eps or y + h > size.height - safe + eps:
        error = PnpError(f"text box ({x:g}, {y:g}, {w:g} x {h:g} mm) leaves the safe zone {safe:g} mm inside the trim",
                         where=element.where, fix="move or shrink the box, or set safe: to a smaller value")
        notes = _SAFE_ZONE_NOTES.get()
        if notes is None:
            raise error
        notes.append(error)


def noting_safe_zone_now() -> bool:
    """Tell whether a load notes text boxes leaving the safe zone instead of stopping (`pnp proof`)."""
    return _SAFE_ZONE_NOTES.get() is not None


@contextmanager
def noting_safe_zone(notes: list[PnpError]):
    """Within this block, text boxes leaving the safe zone are added to notes instead of stopping the load."""
    token = _SAFE_ZONE_NOTES.set(notes)
    try:
        yield notes
    finally:
        _SAFE_ZONE_NOTES.reset(token)


def element_names(element: Element) -> set[str]:
    """Columns and names an element's templates read."""
    names: set[str] = set()
    for value in element.props.values():
        if isinstance(value, Template):
            names |= names_used(value.source)
    if element.visible is not None:
        names |= names_used(element.visible.source)
    return names
