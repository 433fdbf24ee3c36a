"""Every call a template makes, bounded before it runs: one gate for methods, globals and filters.

The gate knows each callable a template can reach. A call that can make more than its inputs (padding,
format widths, replace, join, translate, indent, wordwrap, batch ...) has a rule that works out, from the
arguments, the most the result can hold, and the call is refused when that passes the limit; every other
call makes at most a few times what it is given, and its result is measured after. A callable the gate does
not know is refused, so nothing new slips through. Only strings, numbers and booleans become text.
"""

from __future__ import annotations

import datetime
import itertools
import re
import types
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from jinja2.runtime import LoopContext, Macro, Undefined
from jinja2.sandbox import safe_range
from jinja2.utils import Cycler, Joiner, Namespace, generate_lorem_ipsum

from pnp.layout.shortcuts import PRINTABLE as SCALARS  # what a template may print: one definition, Jinja2-free
from pnp.layout.steps import TemplateLimit, charge, charge_call, length
from pnp.limits import MAX_TEMPLATE_CHARS

PLAIN: tuple[type, ...] = (str, bytes, int, float, type(None), list, tuple, dict, set, frozenset, range, datetime.date,
         datetime.time, Undefined, type({}.keys()), type({}.values()), type({}.items()))
BUILTIN_TYPES = (str, bytes, int, float, list, tuple, dict, set, frozenset, range, datetime.date, datetime.time)
MUTATORS = {"append", "extend", "insert", "update", "setdefault", "add"}
PERCENT_SPEC = re.compile(r"%(?:\(([^)]*)\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?[hlL]?([diouxXeEfFgGcrsa%])")
DIGITS = re.compile(r"\d+")
FLOAT_CHARS = 330  # the longest plain text of a float ('%f' of 1e308)
Rule = Callable[[Any, tuple, dict], int]


class TemplatePrint(Exception):
    """A template tried to turn something other than a string, number or boolean into text."""


def printable(value: Any, what: str = "prints") -> Any:
    """The value, when it is a string, a number or a boolean (or undefined, which reports itself)."""
    if isinstance(value, SCALARS) or isinstance(value, Undefined):
        return value
    raise TemplatePrint(f"{what} {_kind(value)}, which is not text")


def _kind(value: Any) -> str:
    """What a value is, for a message: never its repr."""
    if value is None:
        return "None"
    if isinstance(value, type) or callable(value):
        return f"the {'class' if isinstance(value, type) else 'function'} {getattr(value, '__name__', '')}".rstrip()
    name = type(value).__name__
    return f"a {name}" if isinstance(value, PLAIN) else f"a {name} object"


def measure(value: Any, budget: int = MAX_TEMPLATE_CHARS) -> int:
    """Characters and items a value holds, nested values counted once each; stops counting past the budget."""
    total, seen, stack = 0, set(), [value]
    while stack and total <= budget:
        item = stack.pop()
        if isinstance(item, str | bytes):
            total += len(item)
        elif isinstance(item, list | tuple | set | frozenset | dict) and id(item) not in seen:
            seen.add(id(item))
            total += len(item)
            stack.extend(itertools.chain.from_iterable(item.items()) if isinstance(item, dict) else item)
        else:
            total += 1
    return total


def checked(result: Any) -> Any:
    """Refuse a result over the size limits (a list of the same long string counts once per item here)."""
    if isinstance(result, str | bytes | list | tuple | dict | set) and len(result) > MAX_TEMPLATE_CHARS:
        raise TemplateLimit(f"a value of more than {MAX_TEMPLATE_CHARS} characters or items")
    return result


def materialized(value: Any) -> Any:
    """An iterator (a filter's lazy output) as a list, read item by item only up to the limit."""
    if not isinstance(value, Iterator):
        return value
    items, total = [], 0
    for item in value:
        items.append(item)
        total += 1 + measure(item)
        if total > MAX_TEMPLATE_CHARS:
            raise TemplateLimit(f"a sequence of more than {MAX_TEMPLATE_CHARS} characters or items")
    charge(total)  # each item measured is a step
    return items


def gated_call(name: str, rule: Rule, func: Callable, receiver: Any, args: tuple, kwargs: dict) -> Any:
    """Count and check the arguments and the rule's bound, call, then count and measure the result."""
    args = tuple(materialized(value) for value in args)
    kwargs = {key: materialized(value) for key, value in kwargs.items()}
    for value in itertools.chain(args, kwargs.values()):
        if not isinstance(value, PLAIN) and not isinstance(value, Macro):
            raise TemplatePrint(f"{name} was given {_kind(value)}; only plain values can be passed")
    charge_call(receiver, args, kwargs)
    bound = rule(receiver, args, kwargs)
    if bound > MAX_TEMPLATE_CHARS:
        raise TemplateLimit(f"{name} would make up to {bound} characters or items, more than {MAX_TEMPLATE_CHARS}")
    result = checked(func(*args, **kwargs))
    charge(length(result))
    if name.rpartition(".")[2] in MUTATORS:
        grown = measure(receiver)
        charge(grown)  # each item measured is a step
        if grown > MAX_TEMPLATE_CHARS:
            raise TemplateLimit(f"{name} grows a value past {MAX_TEMPLATE_CHARS} characters or items")
    return result


def call_rule(obj: Any) -> tuple[str, Rule, Any] | None:
    """(name, rule, receiver) for a callable a template reaches; None for one the gate does not know."""
    owner, name = getattr(obj, "__self__", None), getattr(obj, "__name__", "")
    if isinstance(obj, types.BuiltinMethodType | types.MethodType) and owner is not None:
        if isinstance(owner, BUILTIN_TYPES) or owner in BUILTIN_TYPES:
            return f".{name}", METHOD_RULES.get(name, by_input), owner
        if isinstance(owner, Cycler | LoopContext) and name in ("next", "reset", "cycle", "changed"):
            return f".{name}", by_input, None
        return None
    if isinstance(obj, Joiner | Macro | LoopContext) or obj in (dict, Cycler, Joiner, Namespace):
        return getattr(obj, "__name__", type(obj).__name__), by_input, None
    return GLOBAL_RULES.get(obj) if isinstance(obj, types.FunctionType) else None


def by_input(receiver: Any, args: tuple, kwargs: dict) -> int:
    """A call that makes at most a few times what it is given: measured after, not before."""
    return 0


def _int_arg(args: tuple, kwargs: dict, index: int, key: str, default: int = 0) -> int:
    value = args[index] if len(args) > index else kwargs.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _text_arg(args: tuple, kwargs: dict, index: int, key: str, default: str = "") -> str | bytes:
    value = args[index] if len(args) > index else kwargs.get(key, default)
    return value if isinstance(value, str | bytes) else str(value) if isinstance(value, SCALARS) else default


def _width(receiver: Any, args: tuple, kwargs: dict) -> int:
    return max(len(receiver), _int_arg(args, kwargs, 0, "width"))


def _expandtabs(receiver: Any, args: tuple, kwargs: dict) -> int:
    return len(receiver) + receiver.count("\t" if isinstance(receiver, str) else b"\t") * \
        max(0, _int_arg(args, kwargs, 0, "tabsize", 8))


def replaced_size(text: Any, old: Any, new: Any, count: int = -1) -> int:
    """The longest text replace(old, new, count) can make."""
    same_kind = all(isinstance(part, str) for part in (text, old, new)) or all(
        isinstance(part, bytes) for part in (text, old, new))
    if not same_kind:
        return 0  # the call itself refuses other types and mixed str and bytes
    times = text.count(old) if old else len(text) + 1
    if count is not None and count >= 0:
        times = min(times, count)
    return len(text) + times * max(0, len(new) - len(old))


def _replace(receiver: Any, args: tuple, kwargs: dict) -> int:
    return replaced_size(receiver, args[0], args[1], _int_arg(args, kwargs, 2, "count", -1)) if len(args) >= 2 else 0


def joined_size(items: Any, separator: Any) -> int:
    """The length of the text joining items with separator (each item's text once)."""
    if not isinstance(items, list | tuple | set | frozenset | dict | str | range):
        return 0
    for item in items:
        printable(item, "joins")
    total = sum(len(str(item)) for item in items)
    return total + max(0, len(items) - 1) * len(separator if isinstance(separator, str | bytes) else "")


def _join(receiver: Any, args: tuple, kwargs: dict) -> int:
    return joined_size(args[0], receiver) if args else 0


def _translate(receiver: Any, args: tuple, kwargs: dict) -> int:
    table = args[0] if args else kwargs.get("table")
    values = table.values() if isinstance(table, Mapping) else table if isinstance(table, list | tuple) else ()
    longest = max((len(v) for v in values if isinstance(v, str | bytes)), default=1)
    return len(receiver) * max(1, longest)


def _to_bytes(receiver: Any, args: tuple, kwargs: dict) -> int:
    return _int_arg(args, kwargs, 0, "length", 1)


def _strftime(receiver: Any, args: tuple, kwargs: dict) -> int:
    return 32 * len(_text_arg(args, kwargs, 0, "format"))


def percent_size(fmt: str, values: Any) -> int:
    """The longest text fmt % values can make; every value it prints must be a string, number or boolean."""
    positional = list(values) if isinstance(values, tuple) else [values]
    total, index = len(fmt), 0
    for match in PERCENT_SPEC.finditer(fmt):
        key, width, precision, conversion = match.groups()
        sizes = []
        for part in (width, precision):
            if part == "*":
                sizes.append(abs(positional[index]) if index < len(positional) and isinstance(
                    positional[index], int) else 0)
                index += 1
            elif part:
                sizes.append(int(part))
        if conversion != "%":
            value = values[key] if key is not None and isinstance(values, Mapping) and key in values else \
                positional[index] if key is None and index < len(positional) else ""
            index += key is None
            total += _field_size(printable(value, "formats"), conversion)
        total += sum(sizes)
    return total


def _field_size(value: Any, conversion: str | None) -> int:
    """The most one formatted value takes, before padding."""
    size = FLOAT_CHARS if isinstance(value, float) else len(str(value)) if not isinstance(value, Undefined) else 0
    return 10 * size + 2 if conversion in ("r", "a") else size


def format_spec_size(spec: str) -> int:
    """The widths and precisions a format spec asks for, all told."""
    return sum(int(digits) for digits in DIGITS.findall(spec))


def _lipsum(receiver: Any, args: tuple, kwargs: dict) -> int:
    return _int_arg(args, kwargs, 0, "n", 5) * max(_int_arg(args, kwargs, 3, "max", 100), 1) * 20


METHOD_RULES: dict[str, Rule] = {
    "center": _width, "ljust": _width, "rjust": _width, "zfill": _width, "expandtabs": _expandtabs,
    "replace": _replace, "join": _join, "translate": _translate, "to_bytes": _to_bytes, "strftime": _strftime,
}
GLOBAL_RULES: dict[Callable, tuple[str, Rule, Any]] = {
    safe_range: ("range", by_input, None),  # the sandbox's range, at most MAX_RANGE items
    generate_lorem_ipsum: ("lipsum", _lipsum, None),
}
