"""Copies of a game in progress: what deepcopy gives, several times faster for the lists and dicts a state keeps."""

from __future__ import annotations

import copy
import random
from typing import Any

# Values a copy may share: nothing can change them.
ATOMIC = frozenset({int, float, bool, str, bytes, complex, type(None), range, frozenset, type})


def fast_copy(value: Any, memo: dict[int, Any]) -> Any:
    """A deep copy of `value` that keeps shared references shared (as deepcopy's memo does).

    Lists, dicts, sets, tuples, random generators and plain objects (nothing but a __dict__) are copied here; any
    other object is left to copy.deepcopy with the same memo, so a value reached twice is copied once wherever it
    is reached from.
    """
    cls = type(value)
    if cls in ATOMIC:
        return value
    found = memo.get(id(value), memo)
    if found is not memo:
        return found
    if cls is list:
        new: Any = []
        memo[id(value)] = new
        new += [item if type(item) in ATOMIC else fast_copy(item, memo) for item in value]
        return new
    if cls is tuple:
        if all(type(item) in ATOMIC for item in value):  # nothing in it can change: the copy is the tuple itself
            return value
        items = [item if type(item) in ATOMIC else fast_copy(item, memo) for item in value]
        new = value if all(map(_same, items, value)) else tuple(items)
        memo[id(value)] = new
        return new
    if cls is dict:
        new = {}
        memo[id(value)] = new
        for key, item in value.items():
            new[key] = item if type(item) in ATOMIC else fast_copy(item, memo)
        return new
    if cls is random.Random:  # its state copied directly: deepcopy's pickling round trip costs ten times more
        new = random.Random.__new__(random.Random)  # not seeded first: setstate() sets the whole state
        new.setstate(value.getstate())
        memo[id(value)] = new
        return new
    if cls is set and all(type(item) in ATOMIC for item in value):
        new = set(value)
        memo[id(value)] = new
        return new
    if _plain(cls):
        new = object.__new__(cls)
        memo[id(value)] = new
        new.__dict__.update(fast_copy(value.__dict__, memo))
        return new
    return copy.deepcopy(value, memo)


def _plain(cls: type) -> bool:
    """Whether a class's objects are nothing but their __dict__: no slots and no copying or pickling of their own."""
    known = _PLAIN.get(cls)
    if known is None:
        known = _PLAIN[cls] = (
            "__dict__" in dir(cls) and not any(getattr(base, "__slots__", ()) for base in cls.__mro__)
            and cls.__reduce_ex__ is object.__reduce_ex__ and cls.__reduce__ is object.__reduce__
            and not hasattr(cls, "__deepcopy__") and not hasattr(cls, "__setstate__")
            and getattr(cls, "__getstate__", None) is getattr(object, "__getstate__", None))
    return known


_PLAIN: dict[type, bool] = {}


def _same(a: Any, b: Any) -> bool:
    """Whether a copy is the original itself (nothing inside it needed copying)."""
    return a is b


def copy_object(obj: Any, shared: tuple[str, ...]) -> Any:
    """A deep copy of an object with a __dict__, its attributes named in `shared` kept as they are."""
    if not hasattr(obj, "__dict__") or any(getattr(cls, "__slots__", ()) for cls in type(obj).__mro__):
        return _deepcopy_sharing(obj, shared)
    memo: dict[int, Any] = {}
    for name in shared:
        kept = getattr(obj, name, None)
        memo[id(kept)] = kept
    new = object.__new__(type(obj))
    memo[id(obj)] = new
    new.__dict__.update(fast_copy(obj.__dict__, memo))
    return new


def _deepcopy_sharing(obj: Any, shared: tuple[str, ...]) -> Any:
    """copy.deepcopy, the `shared` attributes kept as they are."""
    memo: dict[int, Any] = {}
    for name in shared:
        kept = getattr(obj, name, None)
        memo[id(kept)] = kept
    return copy.deepcopy(obj, memo)
