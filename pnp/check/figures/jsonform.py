"""How a report dataclass becomes JSON and back: each field is a key, unless it is flattened or left out when None."""

from __future__ import annotations

import dataclasses
import functools
import json
import types
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

FLATTEN = "flatten"
FLAT = {FLATTEN: True}  # field(metadata=FLAT): the field's own keys are written into the enclosing object
OMIT_NONE = "omit_none"  # set by optional(): the key is left out while the field is None

T = TypeVar("T")


def optional() -> Any:
    """A field the JSON leaves out while it is None (a baseline, an exact value)."""
    return dataclasses.field(default=None, metadata={OMIT_NONE: True})


def jsonable(value: object) -> object:
    """Dataclasses as objects, dictionary keys as strings, tuples as lists; numbers and strings as they are."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, object] = {}
        for field in dataclasses.fields(value):
            item = getattr(value, field.name)
            if item is None and field.metadata.get(OMIT_NONE):
                continue
            if field.metadata.get(FLATTEN):
                out.update(jsonable(item))  # type: ignore[call-overload]
            else:
                out[field.name] = jsonable(item)
        return out
    if isinstance(value, dict):
        return {str(key): jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(item) for item in value]
    return value


def to_json(value: object) -> str:
    """A report (or any part of one) as JSON with sorted keys: the same figures give the same bytes."""
    return json.dumps(jsonable(value), sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def from_jsonable(kind: type[T], data: object) -> T:
    """Read back what jsonable wrote, as the dataclass `kind` (whole numbers stay whole, as in the file)."""
    return _read(kind, data)


@functools.cache
def _hints(kind: Any) -> dict[str, Any]:
    """A dataclass's field types, resolved once."""
    return get_type_hints(kind)


def _read(kind: Any, data: Any) -> Any:
    """One value of the given type from its JSON form."""
    if dataclasses.is_dataclass(kind):
        return _read_dataclass(kind, data)
    origin, args = get_origin(kind), get_args(kind)
    if origin in (Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        return _read(next(option for option in args if _fits(option, data)), data)
    if origin is list:
        return [_read(args[0], item) for item in data]
    if origin is tuple:
        parts = [args[0]] * len(data) if args[-1] is Ellipsis else args
        return tuple(_read(part, item) for part, item in zip(parts, data))
    if origin is dict:
        return {_read(args[0], key): _read(args[1], item) for key, item in data.items()}
    if kind is int and isinstance(data, str):  # a player count, as a JSON key
        return int(data)
    return data


def _fits(option: Any, data: Any) -> bool:
    """Whether data can be read as this member of a union: a dataclass needs an object whose literal fields agree."""
    if option is type(None):
        return data is None
    if not (isinstance(option, type) and dataclasses.is_dataclass(option)):
        return not isinstance(data, dict)
    return isinstance(data, dict) and all(data.get(name) in get_args(hint)
                                          for name, hint in _hints(option).items() if get_origin(hint) is Literal)


def _read_dataclass(kind: Any, data: dict) -> Any:
    """A dataclass from its object: flattened fields read from the same object, left-out fields keep their default."""
    hints, values = _hints(kind), {}
    for field in dataclasses.fields(kind):
        if field.metadata.get(FLATTEN):
            values[field.name] = _read(hints[field.name], data)
        elif field.name in data:
            values[field.name] = _read(hints[field.name], data[field.name])
    return kind(**values)
