"""Templates and expressions simple enough to evaluate without Jinja2, giving exactly what Jinja2 gives.

Most of a layout's templates are `{{ column }}` or `{{ palette[column] }}`, and most of its visibility tests are
`column == 'text'`. Evaluated here they cost a dictionary lookup; anything this module cannot settle for certain
(a name missing, a container that is not a plain dict, a value that is not a string or a number) returns None,
and the caller asks Jinja2, which then gives its own result or error.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

NAME = r"([A-Za-z_][A-Za-z0-9_]*)"
LOOKUP = re.compile(r"\{\{\s*" + NAME + r"\s*(?:\[\s*" + NAME + r"\s*\])?\s*\}\}")
COMPARISON = re.compile(r"\s*" + NAME + r"\s*(==|!=)\s*(?:'([^'\\]*)'|\"([^\"\\]*)\")\s*")
JINJA_WORDS = frozenset({"true", "false", "none", "True", "False", "None", "and", "or", "not", "in", "is", "if",
                         "else"})  # constants and operators to Jinja2, never names
PRINTABLE = (str, int, float)  # what a template may print (bool is an int); the sandbox's SCALARS
COMPARABLE = (str, int, float, bool)  # types whose == Jinja2 leaves to Python as it is
_MISSING = object()


@lru_cache(maxsize=4096)
def lookup_of(source: str) -> tuple[str, str | None] | None:
    """(name, key name) when a template is just {{ name }} or {{ name[key] }} (key None for the first)."""
    match = LOOKUP.fullmatch(source)
    if match is None or not JINJA_WORDS.isdisjoint(match.groups()):
        return None
    return match.group(1), match.group(2)


def looked_up(lookup: tuple[str, str | None], context: dict[str, Any]) -> str | None:
    """The text Jinja2 prints for {{ name }} or {{ name[key] }} over a context, or None where Jinja2 must tell."""
    name, key = lookup
    value = context.get(name, _MISSING)
    if key is not None:
        index = context.get(key, _MISSING)
        if type(value) is not dict or type(index) not in (str, int):
            return None
        value = value.get(index, _MISSING)
    if not isinstance(value, PRINTABLE):
        return None
    return value if type(value) is str else str(value)


@lru_cache(maxsize=4096)
def comparison_of(source: str) -> tuple[str, bool, str] | None:
    """(name, True for == or False for !=, the quoted text) when an expression is `name == 'text'` or `!=`."""
    match = COMPARISON.fullmatch(source)
    if match is None or match.group(1) in JINJA_WORDS:
        return None
    name, operator, single, double = match.groups()
    return name, operator == "==", single if single is not None else double


def compared(comparison: tuple[str, bool, str], context: dict[str, Any]) -> bool | None:
    """What Jinja2 gives for `name == 'text'` (or `!=`) over a context, or None where Jinja2 must tell."""
    name, equal, text = comparison
    value = context.get(name, _MISSING)
    if type(value) not in COMPARABLE:
        return None
    return (value == text) is equal
