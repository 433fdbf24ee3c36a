"""SVG features pnp cannot draw, found before drawing so that each is a warning naming it, never a silent gap."""

from __future__ import annotations

import re

from lxml import etree
from svglib.svglib import Svg2RlgAttributeConverter

from pnp.face.svgfonts import SvgFonts

UNDRAWN_ELEMENTS = {"foreignObject": "<foreignObject> (HTML inside SVG)", "textPath": "text on a path (<textPath>)",
                    "tref": "<tref> text", "font": "SVG fonts (<font>)", "mesh": "mesh gradients",
                    "meshgradient": "mesh gradients", "hatch": "hatch fills", "solidcolor": "<solidcolor> paint"}
PROPERTIES = ("fill", "stroke", "stop-color", "filter", "mask", "marker", "marker-start", "marker-mid", "marker-end",
              "opacity", "mix-blend-mode", "writing-mode", "paint-order", "vector-effect", "letter-spacing",
              "word-spacing", "text-decoration", "font-family")
CSS_PROPERTY = re.compile(r"(?<![\w-])(filter|mask|marker(?:-start|-mid|-end)?|opacity|mix-blend-mode|writing-mode|"
                          r"paint-order|vector-effect|letter-spacing|word-spacing|text-decoration)\s*:\s*([^;}]*)")
CSS_FAMILY = re.compile(r"(?<![\w-])font-family\s*:\s*([^;}]*)")
URL = re.compile(r"url\(\s*['\"]?#([^'\")]+)")
NONE_VALUES = {"", "none", "normal", "inherit", "initial", "unset", "1", "1.0", "0", "0px", "auto"}
VERTICAL = {"tb", "tb-rl", "vertical-rl", "vertical-lr"}
COLORS = Svg2RlgAttributeConverter()  # svglib's own colour reading: what it cannot read, it does not paint


def undrawn_features(svg: etree._Element, fonts: SvgFonts) -> list[str]:
    """Each feature of the art that pnp leaves out or draws otherwise, once, with the element it was found on."""
    ids = {element.get("id"): element for element in svg.iter() if isinstance(element.tag, str) and element.get("id")}
    found: dict[str, None] = {}
    for element in svg.iter():
        if not isinstance(element.tag, str):
            continue
        tag = etree.QName(element).localname
        if tag in UNDRAWN_ELEMENTS:
            found[UNDRAWN_ELEMENTS[tag]] = None
        elif tag == "style":
            _css(element.text or "", fonts, found)
        elif tag in ("linearGradient", "radialGradient"):
            _gradient(element, found)
        for name, value in _properties(element):
            feature = _feature(name, value.strip(), tag, ids, fonts)
            if feature:
                found[feature] = None
    return list(found)


def _properties(element: etree._Element):
    """(property, value) pairs of the element: presentation attributes and its style attribute."""
    for name in PROPERTIES:
        value = element.get(name)
        if value is not None:
            yield name, value
    for item in (element.get("style") or "").split(";"):
        name, _, value = item.partition(":")
        if name.strip() in PROPERTIES:
            yield name.strip(), value


def _feature(name: str, value: str, tag: str, ids: dict, fonts: SvgFonts) -> str | None:
    """The undrawn feature a property asks for, or None when pnp draws it."""
    if name in ("fill", "stroke", "stop-color") and not value.lower().startswith("url("):
        known = value.lower() in NONE_VALUES or value.lower() in ("currentcolor", "transparent")
        return None if known or COLORS.convertColor(value) is not None else f"colour {value} on <{tag}>"
    if name in ("fill", "stroke"):
        target = URL.search(value)
        kind = etree.QName(ids[target.group(1)]).localname if target and target.group(1) in ids else None
        if kind == "pattern":
            return f"pattern {name} on <{tag}>"
        if kind in ("linearGradient", "radialGradient") and name == "stroke":
            return f"gradient stroke on <{tag}>"
        return None
    if name == "font-family":
        unknown = [f.strip() for f in value.split(",") if f.strip() and not fonts.knows(f)]
        return f"font-family {unknown[0]} (not a font of the project: drawn with {fonts.family})" if unknown else None
    if value.lower() in NONE_VALUES:
        return None
    if name == "writing-mode":
        return f"vertical text on <{tag}>" if value.lower() in VERTICAL else None
    if name == "opacity":
        return f"opacity on <{tag}>" if _below_one(value) else None
    label = "markers" if name.startswith("marker") else name
    return f"{label} on <{tag}>"


def _gradient(element: etree._Element, found: dict) -> None:
    """Gradient settings svglib leaves out: repeating or reflected spreads and gradient transforms."""
    if element.get("spreadMethod", "pad") != "pad":
        found[f"spreadMethod=\"{element.get('spreadMethod')}\" gradients"] = None
    if element.get("gradientTransform"):
        found["gradientTransform"] = None


def _css(text: str, fonts: SvgFonts, found: dict) -> None:
    """Properties set by a <style> sheet."""
    for name, value in CSS_PROPERTY.findall(text):
        feature = _feature(name, value.strip(), "style", {}, fonts)
        if feature:
            found[feature.replace("on <style>", "in <style>")] = None
    for value in CSS_FAMILY.findall(text):
        feature = _feature("font-family", value, "style", {}, fonts)
        if feature:
            found[feature] = None


def _below_one(value: str) -> bool:
    """Tell whether an opacity value makes the element see-through."""
    try:
        number = float(value[:-1]) / 100 if value.endswith("%") else float(value)
    except ValueError:
        return False
    return number < 1
