"""JSON Schemas of layout files and game.yaml for editors, made from the key tables the loaders check."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pnp.check.deal.spec import CHECK_KEYS, DECK_KEYS, QUESTION_KEYS
from pnp.layout.elements import CHOICES, ELEMENT_KEYS, REQUIRED, STYLE_KEYS
from pnp.layout.files import INHERITED, PAPER_LAYOUTS, SYMBOL_KEYS, TOP_KEYS
from pnp.layout.values import COLOURS, FONT_SIZES, LENGTHS, NAMES
from pnp.limits import MAX_GUTTER_MM
from pnp.output.atomic import AtomicFiles
from pnp.output.failures import writing_into
from pnp.output.root import OutputRoot
from pnp.project.component import COMPONENT_KEYS, KINDS
from pnp.project.cutspec import KINDS as CUTS
from pnp.project.games import GAME_KEYS
from pnp.project.settings import PATHS, SWITCHES
from pnp.units import CARD_SIZES, CUTTERS, HOME_PAPERS, PAPER_SIZES

DRAFT = "http://json-schema.org/draft-07/schema#"
SCHEMA_FILES = {"layout": "layout.schema.json", "game": "game.schema.json"}
TEMPLATE = {"type": "string", "pattern": r"\{\{|\{%"}  # a value written as a template, checked for each row
NUMBER = {"anyOf": [{"type": "number"}, TEMPLATE]}
TEXT = {"type": ["string", "number", "null"]}
NAME = {"type": ["string", "integer"]}
COLOUR = {"anyOf": [{"type": ["string", "null"]},
                    {"type": "array", "items": {"type": "number", "minimum": 0, "maximum": 100},
                     "minItems": 4, "maxItems": 4}]}
CUT = {"anyOf": [{"enum": sorted(CUTS)}, {"type": "string", "pattern": r"\.[sS][vV][gG][zZ]?$"}]}  # or an SVG
SIZE = {"anyOf": [{"enum": sorted([*CARD_SIZES, *PAPER_SIZES, *PAPER_LAYOUTS])},
                  {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}]}


def _names_of(value: dict[str, Any]) -> dict[str, Any]:
    """A mapping of names to values of one schema."""
    return {"type": ["object", "null"], "additionalProperties": value}


def element_value(key: str) -> dict[str, Any]:
    """The schema of one element (or style) key's value, as pnp/layout/values.py checks it."""
    if key in CHOICES:
        return {"anyOf": [{"enum": sorted(CHOICES[key])}, TEMPLATE]}
    if key in LENGTHS | FONT_SIZES or key == "leading":
        return NUMBER
    if key in COLOURS:
        return COLOUR
    if key == "type":
        return {"enum": list(ELEMENT_KEYS)}
    if key in NAMES or key == "src":
        return {"type": "string"}
    if key == "dash":
        return {"anyOf": [{"type": ["number", "null"]}, {"type": "array", "items": {"type": "number"}}, TEMPLATE]}
    if key == "visible":
        return {"type": ["string", "boolean", "number"]}
    return {"id": NAME, "text": TEXT}.get(key, {"const": True} if key in INHERITED else {})


def element_schema() -> dict[str, Any]:
    """An element: its type's keys; in a layout that extends another, a partial update, drop: or replace: by id."""
    keys = sorted({key for keys in ELEMENT_KEYS.values() for key in keys} | set(INHERITED))
    rules: list[dict[str, Any]] = [
        {"if": {"required": ["type"], "properties": {"type": {"const": kind}}},
         "then": {"propertyNames": {"enum": sorted(allowed | {"replace"})}}}
        for kind, allowed in ELEMENT_KEYS.items()]
    rules.append({"if": {"required": ["drop"]}, "then": {"propertyNames": {"enum": ["id", "drop"]}}})
    rules.append({"if": {"required": ["replace"]}, "then": {"required": ["id", "type"]}})
    return {"type": "object", "properties": {key: element_value(key) for key in keys},
            "additionalProperties": False, "allOf": rules,
            "description": "; ".join(f"{kind} needs {', '.join(sorted(REQUIRED[kind]))}" for kind in ELEMENT_KEYS)}


def layout_schema() -> dict[str, Any]:
    """The schema of a layout file (layouts/<game>/*.yaml)."""
    style = {"type": "object", "properties": {key: element_value(key) for key in sorted(STYLE_KEYS)},
             "additionalProperties": False}
    symbol = {"anyOf": [{"type": "string"}, {
        "type": "object", "additionalProperties": False,
        "properties": {key: COLOUR if key == "color" else {"type": "string"} for key in sorted(SYMBOL_KEYS)}}]}
    values: dict[str, Any] = {
        "extends": {"type": "string"}, "size": SIZE, "bleed": {"type": "number", "minimum": 0},
        "safe": {"type": "number", "minimum": 0}, "readable_size": {"type": "number", "minimum": 0},
        "fonts": _names_of({"type": "string"}), "vars": {"type": ["object", "null"]}, "colors": _names_of(COLOUR),
        "styles": _names_of(style), "symbols": _names_of(symbol), "background": COLOUR,
        "elements": {"type": ["array", "null"], "items": element_schema()}}
    assert set(values) == TOP_KEYS, "every top-level key of a layout has its schema"
    return {"$schema": DRAFT, "title": "pnp layout", "type": "object", "additionalProperties": False,
            "properties": {key: values[key] for key in sorted(TOP_KEYS)}}


def component_schema() -> dict[str, Any]:
    """One entry of game.yaml's components: a name, or a mapping of the keys pnp/project/component.py reads."""
    choose = {"type": "object", "required": ["by"], "properties": {"by": {"type": "string"}},
              "additionalProperties": {"type": "string"}}
    values: dict[str, Any] = {
        "name": NAME, "sheet": NAME, "kind": {"enum": sorted(KINDS)}, "cut": CUT,
        "layout": {"anyOf": [{"type": "string"}, choose]}, "encoding": {"type": "string"},
        "back": {"anyOf": [{"type": "string"}, {"enum": [False, None]}, choose]},
        "where": {"type": ["string", "boolean"]}, "selection": {"type": "boolean"}, "vars": {"type": "object"},
        "size": SIZE, "base": {"type": "number", "minimum": 0}, "radius": {"type": "number", "minimum": 0},
        "url": {"type": "string", "pattern": "^https?://"},
        "gutter": {"type": "number", "minimum": 0, "maximum": MAX_GUTTER_MM},
        "deck": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
        "thickness": {"type": "number", "exclusiveMinimum": 0}, "clearance": {"type": "number", "minimum": 0},
        "sides": {"type": "string"}, "top": {"type": "string"},
        **{key: {"type": "string"} for key in PATHS}, **{key: {"type": "boolean"} for key in SWITCHES}}
    assert set(values) == COMPONENT_KEYS, "every key of a component has its schema"
    entry = {"type": "object", "required": ["name"], "additionalProperties": False,
             "properties": {key: values[key] for key in sorted(COMPONENT_KEYS)}}
    return {"anyOf": [{"type": "string"}, entry]}


def check_schema() -> dict[str, Any]:
    """game.yaml's check: section, as pnp/check/deal/spec.py reads it."""
    count = {"anyOf": [{"type": "integer", "minimum": 0}, {"const": "all"}]}
    deck = {"anyOf": [{"type": "string"}, {"type": "object", "required": ["component"], "additionalProperties": False,
                                           "properties": {key: {"type": "string"} for key in sorted(DECK_KEYS)}}]}
    question = {"type": "object", "required": ["name"], "additionalProperties": False, "properties": {
        key: {"type": "integer"} if key.startswith("at_") else {"type": "string"} for key in sorted(QUESTION_KEYS)}}
    values: dict[str, Any] = {
        "players": {"type": "array", "items": {"type": "integer"}}, "deck": {"type": "array", "items": deck},
        "hand": {"anyOf": [count, {"type": "object", "additionalProperties": count}]},
        "draw": {"type": "integer", "minimum": 0}, "turns": {"type": ["integer", "null"]},
        "shuffles": {"type": "integer", "minimum": 1}, "questions": {"type": "array", "items": question}}
    assert set(values) == CHECK_KEYS, "every key of check: has its schema"
    return {"type": "object", "additionalProperties": False, "properties": {k: values[k] for k in sorted(CHECK_KEYS)}}


def game_schema() -> dict[str, Any]:
    """The schema of a game's manifest (card_data/<game>/game.yaml)."""
    values: dict[str, Any] = {
        "title": {"type": ["string", "number"]}, "encoding": {"type": "string"},
        "components": {"type": "array", "items": component_schema()}, "check": check_schema(),
        "rules": {"anyOf": [{"type": "string"}, {"type": "object", "additionalProperties": {"type": "string"}}]},
        "cmyk_profile": {"type": "string"}, "paper": {"enum": list(HOME_PAPERS)}, "pull_http": {"type": "boolean"},
        "cutter": {"enum": list(CUTTERS)}, "share": {"type": "boolean"},
        "rich_black": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "number"},
                                                      "minItems": 4, "maxItems": 4}]}}
    assert set(values) == GAME_KEYS, "every key of game.yaml has its schema"
    return {"$schema": DRAFT, "title": "pnp game.yaml", "type": ["object", "null"], "additionalProperties": False,
            "properties": {key: values[key] for key in sorted(GAME_KEYS)}}


def schema_texts() -> dict[str, str]:
    """Each schema file's name and its text, as `pnp schema` writes it and the package ships it."""
    schemas = {"layout": layout_schema(), "game": game_schema()}
    return {SCHEMA_FILES[kind]: json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
            for kind, schema in schemas.items()}


def write_schemas(folder: Path, project_root: Path) -> list[Path]:
    """Write the schema files into folder (each renamed into place whole): no link of the project's on the way,
    not inside its card_data/, layouts/ or fonts/."""
    files, folder = AtomicFiles(), OutputRoot.checked(folder, project_root).path
    with writing_into(folder.as_posix(), folder, elsewhere="write them elsewhere with --out"):
        try:
            for name, text in schema_texts().items():
                files.temp_for(folder / name).write_text(text, encoding="utf-8", newline="\n")
        except BaseException:
            files.abort()
            raise
        return files.commit()
