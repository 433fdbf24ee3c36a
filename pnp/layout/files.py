"""Layout files (YAML): `extends` inheritance, checked keys, compiled templates."""

from __future__ import annotations

import difflib
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from pnp.data.confine import confined
from pnp.data.yamlcache import YAML_CACHES, YamlCache
from pnp.data.yamlfile import load_yaml, read_text
from pnp.errors import PnpError
from pnp.layout.elements import (
    ELEMENT_KEYS,
    STYLE_KEYS,
    Element,
    Placed,
    check_keys,
    element_names,
    noting_safe_zone_now,
    parse_elements,
    parse_number,
)
from pnp.layout.values import check_layout_values
from pnp.limits import MAX_BLEED_MM
from pnp.units import Size, parse_size

PAPER_LAYOUTS = {"paper": "portrait", "paper-landscape": "landscape"}
COMMON_PAPER = {"portrait": Size(210.0, 279.4), "landscape": Size(279.4, 210.0)}  # fits A4 and Letter
TOP_KEYS = {"extends", "size", "bleed", "safe", "fonts", "vars", "colors", "styles", "symbols",
            "background", "elements", "readable_size"}
READABLE_SIZE = 6.0  # pt: `pnp proof` reports text shrunk below this
SYMBOL_KEYS = {"char", "image", "font", "color"}
INHERITED = ("drop", "replace")  # an element marked so drops or replaces the inherited element of its id
class Layout(NamedTuple):
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
    names: frozenset[str] = frozenset()
    scale: float = 1.0
    paper: str | None = None
    readable_size: float = READABLE_SIZE

    def on_paper(self, paper: Size) -> Layout:
        """A page layout sized to the chosen paper; other layouts unchanged."""
        if self.paper is None:
            return self
        landscape = self.paper == "landscape"
        size = Size(max(paper.width, paper.height), min(paper.width, paper.height)) if landscape else paper
        return self._replace(size=size)


_LOADED: dict[tuple[str, str], tuple[tuple, Layout]] = {}  # the last layout of each file, and the files it read
MAX_LOADED = 512


def load_layout(path: Path, root: Path, label_of) -> Layout:
    """Read a layout file, resolve `extends`, check keys, compile templates; the layout read before is given back
    while every file it was read from holds the same text (a preview's rebuilds read only what changed)."""
    if noting_safe_zone_now():  # a lenient load notes what a strict one stops at: it neither keeps nor takes one
        return _load_layout(path, root, label_of, [])
    key = (str(path), str(root))
    known = _LOADED.get(key)
    if known is not None and _unchanged(known[0]):
        return known[1]
    read: list[tuple] = []
    layout = _load_layout(path, root, label_of, read)
    if len(_LOADED) >= MAX_LOADED:
        _LOADED.clear()
    _LOADED[key] = (tuple(read), layout)
    return layout


def _unchanged(read: tuple) -> bool:
    """Tell whether every file a layout was read from still resolves to the same file with the same text."""
    try:
        return all(path.resolve() == resolved and _yaml_text(resolved, label, named_by) == text
                   for path, resolved, label, named_by, text in read)
    except (OSError, RuntimeError, PnpError):
        return False


def _load_layout(path: Path, root: Path, label_of, read: list[tuple]) -> Layout:
    """Read a layout file and the files it extends (noting each in `read`), and check and compile it."""
    data = _merged(path, root, label_of, seen=(), named_by=None, read=read)
    label = label_of(path)
    check_keys(data, TOP_KEYS, label)
    paper = PAPER_LAYOUTS.get(str(data.get("size")))
    size = COMMON_PAPER[paper] if paper else parse_size(data.get("size", "poker"), f"{label}: size")
    bleed = parse_number(data.get("bleed", 3.0), f"{label}: bleed", minimum=0, maximum=MAX_BLEED_MM)
    safe = parse_number(data.get("safe", 3.0), f"{label}: safe", minimum=0)
    readable = parse_number(data.get("readable_size", READABLE_SIZE), f"{label}: readable_size", minimum=0)
    styles = _styles(data.get("styles") or {}, label)
    symbols = _symbols(data.get("symbols") or {}, label)
    elements = parse_elements(data, label, styles, size, safe)
    names: set[str] = set()
    for element in elements:
        names |= element_names(element)
    return Layout(path, label, size, bleed, safe, dict(data.get("fonts") or {}), dict(data.get("vars") or {}),
                  {str(k): str(v) for k, v in (data.get("colors") or {}).items()}, styles, symbols,
                  tuple(elements), frozenset(names), paper=paper, readable_size=readable)


def _yaml_text(path: Path, label: str, named_by: str | None) -> str:
    """One layout file's text."""
    if named_by is None:
        return read_text(path, label, "layout file not found", "create it or fix the name in game.yaml")
    return read_text(path, named_by, f"{label} not found", "create it or fix the extends: value", itself=label)


@lru_cache(maxsize=256)
def _parse_yaml(text: str, label: str, cache: YamlCache | None = None) -> dict[str, Any]:
    """Parse YAML text, alias expansion bounded: once a process, or once a build using a parsed-YAML cache (compared
    by identity), so that every layout the build reads goes into its cache."""
    data = load_yaml(text, label)
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise PnpError("a layout must be a mapping of keys", where=label,
                       fix="start with keys like size: and elements:")
    return data


def _merged(path: Path, root: Path, label_of, seen: tuple[Path, ...], named_by: str | None,
            read: list[tuple]) -> dict[str, Any]:
    """Read a layout (inside the project) and merge it over the layout it extends."""
    label = label_of(path)
    resolved = confined(root, path, named_by or label)
    if resolved in seen:
        raise PnpError("layout extends itself in a loop", where=f"{label}: extends", fix="break the cycle")
    text = _yaml_text(resolved, label, named_by)
    read.append((path, resolved, label, named_by, text))
    parsed = _parse_yaml(text, label, YAML_CACHES.store())
    data = dict(parsed)  # a fresh copy: merging copies what it changes below the top level
    check_own_keys(data, label)
    check_layout_values(data, label)
    if isinstance(data.get("elements"), list):  # each element remembers its file, so a mistake names where it is
        data["elements"] = [Placed(e, f"{label}: elements[{i}]") if isinstance(e, dict) else e
                            for i, e in enumerate(data["elements"])]
    for key, src in (data.get("fonts") or {}).items() if isinstance(data.get("fonts"), dict) else ():
        confined(root, root / str(src), f"{label}: fonts.{key}")  # checked here to name the file that sets it
    parent = data.pop("extends", None)
    if parent is None:
        return data
    if not isinstance(parent, str):
        raise PnpError("extends must name a layout file", where=f"{label}: extends", fix="write extends: _base.yaml")
    base = _merged(path.parent / parent, root, label_of, seen + (resolved,), f"{label}: extends", read)
    return merge_layouts(base, data, label)


def check_own_keys(data: dict[str, Any], label: str) -> None:
    """Check one file's own keys before merging, so a mistake is reported in the file that holds it."""
    check_keys(data, TOP_KEYS, label)
    for name, style in (data.get("styles") or {}).items() if isinstance(data.get("styles"), dict) else ():
        if isinstance(style, dict):
            check_keys(style, STYLE_KEYS, f"{label}: styles.{name}")
    elements = data.get("elements")
    for index, item in enumerate(elements if isinstance(elements, list) else ()):
        if not isinstance(item, dict):
            continue
        name = item.get("id")
        where = f"{label}: elements[{index}]"
        if isinstance(name, (list, dict)):
            raise PnpError(f"id must be a name, got {name!r}", where=f"{where}.id", fix="write for example id: title")
        if _inherits(item, where, "extends" in data):
            continue
        if isinstance(item.get("type"), str) and item["type"] in ELEMENT_KEYS:
            check_keys(item, ELEMENT_KEYS[item["type"]], where + (f" ({name})" if name else ""))


def _inherits(item: dict[str, Any], where: str, extends: bool) -> bool:
    """Check an element that drops or replaces an inherited one; False for any other element."""
    marks = [key for key in INHERITED if key in item]
    if not marks:
        return False
    mark = marks[0]
    if len(marks) > 1 or item[mark] is not True:
        raise PnpError(f"{mark} must be true, and an element either drops or replaces, got {item[mark]!r}",
                       where=f"{where}.{mark}", fix=f"write {{id: NAME, {mark}: true}}")
    if not extends:
        raise PnpError(f"{mark}: true changes an inherited element, but this layout extends none", where=where,
                       fix=f"remove {mark}:, or add extends: naming the layout the element comes from")
    if not isinstance(item.get("id"), (str, int)):
        raise PnpError(f"{mark}: true needs the id of the inherited element", where=where,
                       fix=f"write {{id: NAME, {mark}: true}} with the id the element has in the layout it extends")
    if mark == "drop" and set(item) != {"id", "drop"}:
        extra = sorted(str(k) for k in set(item) - {"id", "drop"})[0]
        raise PnpError(f"drop: true removes the inherited element, so it takes no key but id, got '{extra}'",
                       where=f"{where} ({item['id']})", fix="remove the other keys, or replace: true to redraw it")
    if mark == "replace":
        kind = item.get("type")
        check_keys({k: v for k, v in item.items() if k != "replace"},
                   ELEMENT_KEYS.get(kind, set(item)) if isinstance(kind, str) else set(item), f"{where} ({item['id']})")
    return True


def merge_layouts(base: dict[str, Any], child: dict[str, Any], label: str) -> dict[str, Any]:
    """Child keys win; tables merge key by key; elements with the same id merge in place."""
    out = dict(base)
    for key, value in child.items():
        if key == "elements":
            out[key] = _mergeparse_elements(base.get("elements") or [], value or [], label)
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


def _mergeparse_elements(base: list, child: list, label: str) -> list:
    """Append child elements; one whose id matches a base element updates it instead."""
    if not isinstance(child, list):
        raise PnpError("elements must be a list", where=f"{label}: elements", fix="start each element with '- type:'")
    merged = [Placed(e, getattr(e, "where", label)) if isinstance(e, dict) else e for e in base]
    index = {e.get("id"): i for i, e in enumerate(merged) if isinstance(e, dict) and e.get("id")}
    dropped = set()
    for number, element in enumerate(child):
        mark = next((key for key in INHERITED if isinstance(element, dict) and key in element), None)
        if mark is not None and element["id"] not in index:
            raise _no_inherited(element["id"], mark, index, f"{label}: elements[{number}].id")
        if mark == "drop":
            dropped.add(index[element["id"]])
        elif mark == "replace":
            merged[index[element["id"]]] = Placed({k: v for k, v in element.items() if k != "replace"},
                                                  getattr(element, "where", label))
        elif isinstance(element, dict) and element.get("id") in index:
            merged[index[element["id"]]].update(element)
            merged[index[element["id"]]].where = getattr(element, "where", label)  # the file that changed it last
        else:
            merged.append(element)
    return [element for i, element in enumerate(merged) if i not in dropped]


def _no_inherited(name: Any, mark: str, index: dict, where: str) -> PnpError:
    """The error for drop: or replace: naming an id the extended layout does not have."""
    known = sorted(str(k) for k in index)
    close = difflib.get_close_matches(str(name), known, n=1)
    hint = f"did you mean '{close[0]}'?" if close else f"its ids: {', '.join(known) or 'none'}"
    return PnpError(f"no element '{name}' in the layout this one extends, so there is nothing to {mark}", where=where,
                    fix=hint)


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
        if not isinstance(symbol, dict) or ("char" in symbol) == ("image" in symbol):
            raise PnpError("a symbol needs char: or image: (one of them)", where=where,
                           fix="write for example coin: {char: ●, color: '#d4a017'} or coin: {image: art/coin.svg}")
        check_keys(symbol, SYMBOL_KEYS, where)
        if "image" in symbol and (not isinstance(symbol["image"], str) or not symbol["image"].strip()):
            raise PnpError("a symbol's image must be a file path", where=f"{where}.image",
                           fix="write for example image: art/coin.svg")
        symbols[str(name)] = symbol
    return symbols
