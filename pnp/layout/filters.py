"""Jinja2's filters behind the call gate: each one's arguments checked, its result bounded before it runs."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from jinja2.utils import _PassArg

from pnp.layout.calls import (
    PLAIN,
    TemplatePrint,
    _int_arg,
    _kind,
    _text_arg,
    by_input,
    gated_call,
    joined_size,
    materialized,
    percent_size,
    printable,
    replaced_size,
)

TEXT_FILTERS = {"capitalize", "center", "escape", "e", "forceescape", "format", "indent", "lower", "replace", "safe",
                "striptags", "title", "trim", "truncate", "upper", "wordcount", "wordwrap", "string",
                "filesizeformat"}  # filters that turn their value into text
DROPPED = {"pprint", "tojson", "urlize", "urlencode", "xmlattr"}  # markup and debugging output, not card text


def _center(value: Any, args: tuple, kwargs: dict) -> int:
    return max(len(str(value)), _int_arg(args, kwargs, 0, "width", 80))


def _indent(value: Any, args: tuple, kwargs: dict) -> int:
    width = args[0] if args else kwargs.get("width", 4)
    step = len(width) if isinstance(width, str) else width if isinstance(width, int) else 0
    text = str(value)
    return len(text) + (text.count("\n") + 1) * max(0, step)


def _wordwrap(value: Any, args: tuple, kwargs: dict) -> int:
    text = str(value)
    return len(text) * (1 + len(_text_arg(args, kwargs, 2, "wrapstring", "\n") or "\n"))


def _replace(value: Any, args: tuple, kwargs: dict) -> int:
    if len(args) < 2:
        return 0
    count = args[2] if len(args) > 2 else kwargs.get("count")
    return replaced_size(str(value), str(args[0]), str(args[1]), count if isinstance(count, int) else -1)


def _join(value: Any, args: tuple, kwargs: dict) -> int:
    if len(args) > 1 or "attribute" in kwargs:
        raise TemplatePrint("|join(attribute=...) is not available; write |map(attribute='name')|join(', ')")
    return joined_size(value, _text_arg(args, kwargs, 0, "d"))


def _format(value: Any, args: tuple, kwargs: dict) -> int:
    return percent_size(str(value), kwargs or tuple(args))


def _padded(value: Any, args: tuple, kwargs: dict) -> int:
    return len(value) + abs(_int_arg(args, kwargs, 0, "linecount")) if hasattr(value, "__len__") else 0


def _sum(value: Any, args: tuple, kwargs: dict) -> int:
    start = args[1] if len(args) > 1 else kwargs.get("start", 0)
    if (args or "attribute" in kwargs) and not isinstance(start, int | float):
        raise TemplatePrint("|sum(attribute=...) adds numbers only")
    items = list(value) if isinstance(value, list | tuple) else []
    return sum(len(item) for item in [start, *items] if isinstance(item, str | bytes | list | tuple))


def _string(value: Any, args: tuple, kwargs: dict) -> int:
    return len(str(value))


FILTER_RULES: dict[str, Callable[[Any, tuple, dict], int]] = {
    "center": _center, "indent": _indent, "wordwrap": _wordwrap, "replace": _replace, "join": _join,
    "format": _format, "batch": _padded, "slice": _padded, "sum": _sum, "string": _string,
}


def gated_filters(filters: dict[str, Callable]) -> dict[str, Callable]:
    """The filters a template may use, each behind the gate."""
    return {name: _gated(name, func) for name, func in filters.items() if name not in DROPPED}


def _gated(name: str, func: Callable) -> Callable:
    """A filter whose value and arguments are checked and whose result is bounded before it runs."""
    passes = _PassArg.from_obj(func) is not None
    rule = FILTER_RULES.get(name, by_input)

    @functools.wraps(func)
    def gate(*args: Any, **kwargs: Any) -> Any:
        lead, rest = (args[:1], args[1:]) if passes else ((), args)
        value, rest = materialized(rest[0]) if rest else None, rest[1:]
        if not isinstance(value, PLAIN):
            raise TemplatePrint(f"|{name} was given {_kind(value)}; only plain values can be passed")
        if name in TEXT_FILTERS:
            printable(value, f"|{name} turns")
        return gated_call(f"|{name}", rule, lambda *a, **k: func(*lead, value, *a, **k), value, rest, kwargs)

    return gate
