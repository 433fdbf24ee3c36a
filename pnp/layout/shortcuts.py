"""Templates and expressions simple enough to evaluate without Jinja2, giving exactly what Jinja2 gives.

Most of a layout's templates are `{{ column }}`, `{{ palette[column] }}` or a label around one, as in
`Cost {{ cost }}` or `art/{{ art[name].file }}.svg`, and most of its visibility tests are `column == 'text'`.
Evaluated here they cost a few dictionary lookups, and Jinja2 never compiles them; anything this module cannot
settle for certain (a name missing, a container that is not a plain dict, an attribute a dict has as a method, a
value that is not a string or a number) returns None, and the caller asks Jinja2, which then gives its own result
or error.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

from pnp.limits import MAX_TEMPLATE_CHARS

NAME = r"([A-Za-z_][A-Za-z0-9_]*)"
NUMBER = r"(\d+\.\d+|[1-9]\d*|0)"  # a float or an integer as Jinja2 reads it
REFERENCE = NAME + r"\s*(?:\[\s*" + NAME + r"\s*\])?((?:\.[A-Za-z_][A-Za-z0-9_]*)*)"
FIELD = r"\{\{\s*(?:" + NUMBER + r"\s*([-+])\s*)?" + REFERENCE + r"(?:\s*([-+])\s*" + NUMBER + r")?\s*\}\}"
LITERAL = r"[^{}\r\n]*"  # text Jinja2 prints as it stands (no tag, no comment, no newline it would change)
FIELDS = re.compile(FIELD)
SIMPLE = re.compile(f"(?:{LITERAL}{FIELD})+{LITERAL}")
COMPARISON = re.compile(r"\s*" + NAME + r"\s*(==|!=)\s*(?:'([^'\\]*)'|\"([^\"\\]*)\")\s*")
JINJA_WORDS = frozenset({"true", "false", "none", "True", "False", "None", "and", "or", "not", "in", "is", "if",
                         "else"})  # constants and operators to Jinja2, never names
PRINTABLE = (str, int, float)  # what a template may print (bool is an int); the sandbox's SCALARS
COMPARABLE = (str, int, float, bool)  # types whose == Jinja2 leaves to Python as it is
_MISSING = object()


class Field(NamedTuple):
    """`{{ name }}`, `{{ name[key] }}` or either with `.attribute`s after it, a number perhaps added or taken away:
    what a simple template prints."""

    name: str
    key: str | None = None  # the name whose value is looked up in the name's dict
    attributes: tuple[str, ...] = ()
    offset: tuple[str, float | int, bool] | None = None  # `2.5 + field` or `field - 1`: (operator, number, before)


@lru_cache(maxsize=4096)
def fields_of(source: str) -> tuple[str | Field, ...] | None:
    """The texts and fields of a template that is only plain text and fields, in order; None for any other."""
    if SIMPLE.fullmatch(source) is None:
        return None
    parts: list[str | Field] = []
    end = 0
    for match in FIELDS.finditer(source):
        before, operator, name, key, attributes, operator_after, after = match.groups()
        attributes = tuple(attributes.split(".")[1:])
        if not JINJA_WORDS.isdisjoint((name, key, *attributes)) or (before and after):
            return None
        offset = _number_offset(operator or operator_after, before or after, bool(before))
        parts += [source[end:match.start()], Field(name, key, attributes, offset)]
        end = match.end()
    return tuple(part for part in parts + [source[end:]] if part != "")


def _number_offset(operator: str | None, number: str | None, before: bool) -> tuple[str, float | int, bool] | None:
    """A field's number to add or take away, read as Jinja2 reads it (None: none)."""
    if operator is None or number is None:
        return None
    return operator, float(number) if "." in number else int(number), before


def names_in(fields: tuple[str | Field, ...]) -> frozenset[str]:
    """The names a simple template reads."""
    return frozenset(name for part in fields if type(part) is Field for name in (part.name, part.key) if name)


def printed(fields: tuple[str | Field, ...], context: dict[str, Any]) -> str | None:
    """The text Jinja2 prints for a simple template over a context, or None where Jinja2 must tell."""
    texts = []
    for part in fields:
        text = part if isinstance(part, str) else _field_text(part, context)
        if text is None:
            return None
        texts.append(text)
    joined = "".join(texts)
    return joined if len(joined) <= MAX_TEMPLATE_CHARS else None


def _field_text(field: Field, context: dict[str, Any]) -> str | None:
    """What Jinja2 prints for one field, or None where it must tell."""
    value = context.get(field.name, _MISSING)
    if field.key is not None:
        index = context.get(field.key, _MISSING)
        if type(value) is not dict or type(index) not in (str, int):
            return None
        value = value.get(index, _MISSING)
    for attribute in field.attributes:  # Jinja2 reads a dict's key where the dict has no such attribute
        if type(value) is not dict or hasattr(dict, attribute):
            return None
        value = value.get(attribute, _MISSING)
    if field.offset is not None:
        value = _offset(value, *field.offset)
    if not isinstance(value, PRINTABLE):
        return None
    return value if type(value) is str else str(value)


def _offset(value: Any, operator: str, number: float | int, before: bool) -> float | int | None:
    """A number plus or minus the field's number, as Python and Jinja2 work it out; None for any other value."""
    if type(value) not in (int, float):
        return None
    left, right = (number, value) if before else (value, number)
    result = left + right if operator == "+" else left - right
    return result if abs(result) < 2.0 ** 53 else None  # within the sandbox's limits, and finite


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
