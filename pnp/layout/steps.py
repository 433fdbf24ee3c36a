"""Template work counted in steps inside the sandbox, so a runaway template stops at the same step everywhere.

The counting rule (README, "Bounds"):
- one turn of a `for` loop (over anything, recursive loops too) is 1 step, and so is a lookup (.name or [key]);
- a call (function, macro, method, filter or test) is 10 steps, plus the size of each value it is given (the
  receiver of a method and the value a filter or test is applied to included), plus the length of its result;
- an operator (+ - * / // % ** and ~) is 10 steps, plus the size of each operand and the length of its result;
- a comparison (== != < <= > >= in, not in) is the size of each operand; a slice [a:b] 1 plus its length;
- a lazy sequence turned into a list for a call, or a list or dict grown in place, the items measured.
The length of a string, list, tuple, dict, set or range is its len() and of anything else 1; its size is its
length plus the size of each item, a value held again counting 1 (so a list of a thousand short words is about
twice its text, and `[s] * 1000` is 1000 and the size of s once).

A step stands for work the sandbox can see, not for time: the same template over the same row takes the same
steps on every run, machine and thread, and stops at the same step when it goes over its limit.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterable, Iterator
from typing import Any

from pnp import limits

CALL_STEPS = 10  # a call or an operator: passing the gate and the sandbox takes as long as ten lookups or so

CONTAINERS: tuple[type, ...] = (list, tuple, dict, set, frozenset, type({}.keys()), type({}.values()),
                                type({}.items()))
READ: tuple[type, ...] = (str, bytes, range, *CONTAINERS)


class TemplateLimit(Exception):
    """A template asked for more than a limit allows; the message names the limit."""


class TemplateSteps(TemplateLimit):
    """One evaluation of a template or expression took more steps than MAX_TEMPLATE_STEPS."""


class BuildStepsOver(Exception):
    """The templates of a whole build passed the build's step budget (raised inside the template that did)."""


class Meter:
    """The steps one evaluation has taken and the most it may take (its own limit, or what the build has left)."""

    __slots__ = ("used", "limit", "build_bound", "depth")

    def __init__(self, limit: int, build_bound: bool = False) -> None:
        self.used = 0
        self.depth = 0  # macro calls and recursive loop levels open now
        self.limit = limit
        self.build_bound = build_bound  # the limit is what is left of the build's budget, not the template's own

    def charge(self, steps: int) -> None:
        """Count steps; stop the evaluation once they pass the limit."""
        self.used += steps
        if self.used > self.limit:
            self.stop()

    def stop(self) -> None:
        """Stop the evaluation: over the build's budget, or over the template's own limit."""
        if self.build_bound:
            raise BuildStepsOver
        raise TemplateSteps(f"more than {self.limit:,} steps of work (loop turns, calls and the sizes of the values "
                            "they handle)")


class _Current(threading.local):
    """The meter of the evaluation running on this thread (a fresh one per thread until an evaluation starts)."""

    def __init__(self) -> None:
        self.meter = Meter(limits.MAX_TEMPLATE_STEPS)


_current = _Current()


class metered:
    """Count the steps of the evaluation inside the block with a fresh meter (this thread only)."""

    def __init__(self, limit: int | None = None, build_bound: bool = False) -> None:
        self.meter = Meter(limits.MAX_TEMPLATE_STEPS if limit is None else limit, build_bound)
        self._previous: Meter | None = None

    def __enter__(self) -> Meter:
        self._previous = _current.meter
        _current.meter = self.meter
        return self.meter

    def __exit__(self, *exc: object) -> None:
        assert self._previous is not None
        _current.meter = self._previous


class deeper:
    """One more level of macros or of a recursive loop, refused past MAX_TEMPLATE_DEPTH, before Python's own limit."""

    # Python's recursion limit counts the caller's frames too, so it would stop a template at another depth
    # on another thread or under another caller; this limit stops it at the same depth everywhere.

    def __enter__(self) -> None:
        meter = _current.meter
        if meter.depth >= limits.MAX_TEMPLATE_DEPTH:
            raise TemplateLimit(f"macros or a recursive loop nest more than {limits.MAX_TEMPLATE_DEPTH} levels deep")
        meter.depth += 1

    def __exit__(self, *exc: object) -> None:
        _current.meter.depth -= 1


def charge(steps: int) -> None:
    """Count steps against the evaluation running on this thread."""
    _current.meter.charge(steps)


def size(value: Any, cap: int = limits.MAX_TEMPLATE_STEPS) -> int:
    """The steps reading a value costs: its length plus its items' sizes, a value held again 1 (module docstring)."""
    if isinstance(value, str | bytes | range):
        return len(value)
    if not isinstance(value, CONTAINERS):
        return 1
    total, seen, stack = 0, set[int](), list[Any]([value])
    while stack and total <= cap:  # past the cap the evaluation stops anyway
        item = stack.pop()
        if not isinstance(item, READ) or id(item) in seen:
            total += 1
            continue
        seen.add(id(item))
        total += len(item)  # type: ignore[arg-type]  # every READ type has a len
        if isinstance(item, CONTAINERS):
            stack.extend(_items(item))
    return total


def _items(container: Any) -> Iterable:
    """What a container holds: its items, a dict's keys and values."""
    return itertools.chain.from_iterable(container.items()) if isinstance(container, dict) else container


def length(value: Any) -> int:
    """The steps making a value costs: the length of a string or collection (its items, not theirs), else 1."""
    return len(value) if isinstance(value, READ) else 1  # type: ignore[arg-type]  # every READ type has a len


def charge_call(receiver: Any, args: tuple, kwargs: dict) -> None:
    """Count a call before it runs: CALL_STEPS, its receiver (when there is one) and each value it is given."""
    steps = CALL_STEPS if receiver is None else CALL_STEPS + size(receiver)
    for value in args:
        steps += size(value)
    for value in kwargs.values():
        steps += size(value)
    _current.meter.charge(steps)


class Counted:
    """A loop's iterable whose every turn is a step (its length kept, so `loop.length` reads it as Jinja does)."""

    __slots__ = ("items", "meter")

    def __init__(self, items: Iterable) -> None:
        self.items = items
        self.meter = _current.meter

    def __iter__(self) -> Iterator:
        meter = self.meter
        for item in self.items:
            meter.used += 1
            if meter.used > meter.limit:
                meter.stop()
            yield item

    def __len__(self) -> int:
        return len(self.items)  # type: ignore[arg-type]  # a TypeError for an iterator, which Jinja expects
