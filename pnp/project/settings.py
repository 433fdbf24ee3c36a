"""The values of a game.yaml checked against what their keys mean: titles and names are text, file names
are paths, switches are true or false, an encoding is one Python reads text with, a length a finite number."""

from __future__ import annotations

import codecs
from typing import Any

from pnp.errors import PnpError
from pnp.layout.elements import parse_number
from pnp.layout.values import quote_it, shown
from pnp.limits import MAX_LENGTH
from pnp.units import CUTTERS, HOME_PAPERS

PATHS = ("csv", "data", "from")
SWITCHES = ("print_shop", "tile", "shares_rows")


def check_game_values(data: dict[str, Any], label: str) -> None:
    """A manifest's own values: the title and the encoding."""
    if "title" in data and (isinstance(data["title"], bool) or not isinstance(data["title"], str | int | float)):
        raise PnpError(f"must be text, got {shown(data['title'])}", where=f"{label}: title",
                       fix=quote_it("title", data["title"], 'write the title in quotes, e.g. title: "My Game"'))
    if "encoding" in data:
        text_encoding(data["encoding"], f"{label}: encoding")
    if "pull_http" in data and not isinstance(data["pull_http"], bool):
        raise PnpError(f"must be true or false, got {shown(data['pull_http'])}", where=f"{label}: pull_http",
                       fix="write pull_http: true to let pnp pull use plain http, or leave it out")
    if "cutter" in data and data["cutter"] not in CUTTERS:
        raise PnpError(f"unknown cutter {shown(data['cutter'])}", where=f"{label}: cutter",
                       fix=f"write cutter: {' or cutter: '.join(CUTTERS)} (the machine the print-then-cut sheets "
                       "are for), or leave it out")
    if "share" in data and not isinstance(data["share"], bool):
        raise PnpError(f"must be true or false, got {shown(data['share'])}", where=f"{label}: share",
                       fix="write share: false to print every component on sheets of its own, or leave it out")
    if "paper" in data and data["paper"] not in HOME_PAPERS:
        raise PnpError(f"unknown paper {shown(data['paper'])}", where=f"{label}: paper",
                       fix=f"write paper: {' or paper: '.join(HOME_PAPERS)} (the home-print sheets' paper)")


def check_component_values(spec: dict[str, Any], where: str) -> None:
    """A component entry's own values (its name, files, switches, sheet, encoding, where: and base)."""
    name = spec.get("name")
    if isinstance(name, bool) or not isinstance(name, str | int):
        raise PnpError(f"a component's name must be a name, got {shown(name)}", where=f"{where}.name",
                       fix=quote_it("name", name, "write for example name: cards"))
    for key in PATHS:
        if key in spec and (not isinstance(spec[key], str) or not spec[key].strip()):
            raise PnpError(f"must be a file name, got {shown(spec[key])}", where=f"{where}.{key}",
                           fix=f"write for example {key}: cards{'.yaml' if key == 'layout' else '.csv'}")
    if "layout" in spec and not isinstance(spec["layout"], dict) and (
            not isinstance(spec["layout"], str) or not spec["layout"].strip()):
        raise PnpError(f"must be a file name, or a mapping that chooses one per row, got {shown(spec['layout'])}",
                       where=f"{where}.layout", fix="write for example layout: cards.yaml")
    if "back" in spec and spec["back"] not in (None, False) and not isinstance(spec["back"], str | dict):
        raise PnpError(f"must be a layout file name (or false for none), got {shown(spec['back'])}",
                       where=f"{where}.back", fix="write for example back: cards-back.yaml")
    for key in SWITCHES:
        if key in spec and not isinstance(spec[key], bool):
            raise PnpError(f"must be true or false, got {shown(spec[key])}", where=f"{where}.{key}",
                           fix=f"write {key}: true or {key}: false")
    if "sheet" in spec and (isinstance(spec["sheet"], bool) or not isinstance(spec["sheet"], str | int)):
        raise PnpError(f"must be a sheet's name, got {shown(spec['sheet'])}", where=f"{where}.sheet",
                       fix=quote_it("sheet", spec["sheet"], "write for example sheet: Cards"))
    if "where" in spec and not isinstance(spec["where"], str | bool):
        raise PnpError(f"must be an expression, got {shown(spec['where'])}", where=f"{where}.where",
                       fix="write an expression over the row, e.g. where: \"suit != 'joker'\"")
    if "encoding" in spec:
        text_encoding(spec["encoding"], f"{where}.encoding")
    if "base" in spec:
        parse_number(spec["base"], f"{where}.base", minimum=0, maximum=MAX_LENGTH)


def text_encoding(value: Any, where: str) -> str:
    """An encoding name Python decodes text with (utf-8, cp932, shift_jis ...)."""
    fix = "write an encoding such as utf-8 or cp932 (Shift_JIS as Japanese Excel saves it)"
    if not isinstance(value, str) or not value.strip():
        raise PnpError(f"must be the name of an encoding, got {shown(value)}", where=where, fix=fix)
    try:
        codec = codecs.lookup(value)
    except LookupError:
        raise PnpError(f"unknown encoding {shown(value)}", where=where, fix=fix) from None
    if not getattr(codec, "_is_text_encoding", True):
        raise PnpError(f"{shown(value)} is not a text encoding", where=where, fix=fix)
    return value
