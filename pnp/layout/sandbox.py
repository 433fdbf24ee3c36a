"""The Jinja2 sandbox for layouts, bounded: no huge strings or numbers, limited output and time."""

from __future__ import annotations

import math
import re
import signal
import threading
from collections.abc import Callable
from contextlib import contextmanager
from typing import Any

from jinja2.sandbox import SandboxedEnvironment

from pnp.limits import MAX_NUMBER_DIGITS, MAX_TEMPLATE_CHARS, MAX_TEMPLATE_SECONDS

MAX_BITS = int(MAX_NUMBER_DIGITS * math.log2(10)) + 1
WIDTH = re.compile(r"[0-9]{6,}")  # a field width or precision of 100000 or more in a format string


class TemplateLimit(Exception):
    """A template asked for more than a limit allows; the message names the limit."""


class TemplateTimeout(BaseException):
    """A template ran longer than MAX_TEMPLATE_SECONDS (a BaseException so no template code can swallow it)."""


class BoundedEnvironment(SandboxedEnvironment):
    """A sandbox whose *, **, + and % cannot build strings, lists or numbers past the limits."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        """Check the size a binary operator would produce before computing it."""
        if operator == "**" and _whole(left) and _whole(right) and right > 0 and abs(left) > 1:
            if right * math.log2(abs(left)) > MAX_BITS:
                raise TemplateLimit(f"{left} ** {right} has more than {MAX_NUMBER_DIGITS} digits")
        if operator == "*":
            _check_repeat(left, right)
        if operator == "%" and isinstance(left, str):
            _check_format(left, right if isinstance(right, tuple) else (right,))
        return _checked(super().call_binop(context, operator, left, right))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """str.format and format_map with every field width and precision bounded."""
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None

        def bounded(*args: Any, **kwargs: Any) -> str:
            _check_format(str(value.__self__), args + tuple(kwargs.values()))
            return _checked(wrapped(*args, **kwargs))

        return bounded


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_repeat(left: Any, right: Any) -> None:
    """Refuse a string or list repeated past the size limit."""
    for seq, times in ((left, right), (right, left)):
        if isinstance(seq, (str, list, tuple)) and _whole(times) and len(seq) * times > MAX_TEMPLATE_CHARS:
            raise TemplateLimit(f"repeating {len(seq)} items {times} times makes more than "
                                f"{MAX_TEMPLATE_CHARS} characters")


def _check_format(text: str, args: tuple) -> None:
    """Refuse a format string with a huge field width, given in the string or as an argument for *."""
    if WIDTH.search(text) or ("*" in text and any(_whole(a) and abs(a) > MAX_TEMPLATE_CHARS for a in args)):
        raise TemplateLimit(f"a format width over {MAX_TEMPLATE_CHARS} characters")


def _checked(result: Any) -> Any:
    """Refuse a result over the size limits."""
    if _whole(result) and result.bit_length() > MAX_BITS:
        raise TemplateLimit(f"a number with more than {MAX_NUMBER_DIGITS} digits")
    if isinstance(result, (str, list, tuple)) and len(result) > MAX_TEMPLATE_CHARS:
        raise TemplateLimit(f"a value of more than {MAX_TEMPLATE_CHARS} characters or items")
    return result


def render_bounded(template, context: dict[str, Any]) -> str:
    """Render a template, stopping once its output passes MAX_TEMPLATE_CHARS or it runs too long."""
    parts, size = [], 0
    with time_limit():
        for part in template.generate(context):
            size += len(part)
            if size > MAX_TEMPLATE_CHARS:
                raise TemplateLimit(f"the output is longer than {MAX_TEMPLATE_CHARS} characters")
            parts.append(part)
    return "".join(parts)


_armed = threading.local()
_previous: list = []  # the SIGALRM handler found before ours, called when ours is not armed


def _on_alarm(signum, frame) -> None:
    if getattr(_armed, "on", False):
        _armed.on = False
        raise TemplateTimeout
    if _previous and callable(_previous[0]):
        _previous[0](signum, frame)


@contextmanager
def time_limit(seconds: float = MAX_TEMPLATE_SECONDS):
    """Interrupt the block after `seconds` (on the main thread, where signals arrive; elsewhere unbounded)."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return
    if signal.getsignal(signal.SIGALRM) is not _on_alarm:  # installed once, then only the timer is set
        _previous[:] = [signal.signal(signal.SIGALRM, _on_alarm)]
    _armed.on = True
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        _armed.on = False
        signal.setitimer(signal.ITIMER_REAL, 0)
