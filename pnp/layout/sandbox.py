"""The Jinja2 sandbox for layouts, bounded: every call, operator and join checked; limited output and time."""

from __future__ import annotations

import math
import signal
import string
import threading
from collections.abc import Callable
from contextlib import contextmanager
from typing import Any

from jinja2.compiler import CodeGenerator
from jinja2.sandbox import SandboxedEnvironment, SandboxedEscapeFormatter, SandboxedFormatter, SecurityError
from markupsafe import Markup

from pnp.layout.calls import (
    SCALARS,
    TemplateLimit,
    TemplatePrint,
    call_rule,
    checked,
    format_spec_size,
    gated_call,
    percent_size,
    printable,
)
from pnp.layout.filters import gated_filters
from pnp.limits import MAX_NUMBER_DIGITS, MAX_TEMPLATE_CHARS, MAX_TEMPLATE_SECONDS

MAX_BITS = int(MAX_NUMBER_DIGITS * math.log2(10)) + 1
__all__ = ["BoundedEnvironment", "TemplateLimit", "TemplatePrint", "TemplateTimeout", "render_bounded", "time_limit"]


class TemplateTimeout(BaseException):
    """A template ran longer than MAX_TEMPLATE_SECONDS (a BaseException so no template code can swallow it)."""


class _BoundedCodeGenerator(CodeGenerator):
    """Compiles `a ~ b` to the environment's bounded join, and the output of blocks (set, macro, filter, call)
    into buffers that stop at the limit, where Jinja2 would use a plain join and a plain list."""

    def visit_Concat(self, node, frame) -> None:
        self.write("environment.bounded_join((")
        for part in node.nodes:
            self.visit(part, frame)
            self.write(", ")
        self.write("))")

    def buffer(self, frame) -> None:
        frame.buffer = self.temporary_identifier()
        self.writeline(f"{frame.buffer} = environment.output_buffer()")


class OutputBuffer(list):
    """The text a block writes, refused once it passes MAX_TEMPLATE_CHARS."""

    size = 0

    def append(self, part: Any) -> None:
        self._grow(part)
        super().append(part)

    def extend(self, parts: Any) -> None:
        parts = tuple(parts)
        for part in parts:
            self._grow(part)
        super().extend(parts)

    def _grow(self, part: Any) -> None:
        self.size += len(part) if isinstance(part, str) else 1
        if self.size > MAX_TEMPLATE_CHARS:
            raise TemplateLimit(f"a block's output is longer than {MAX_TEMPLATE_CHARS} characters")


class BoundedEnvironment(SandboxedEnvironment):
    """A sandbox where every call, filter, operator, join and print is checked before it can grow past the limits."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})
    code_generator_class = _BoundedCodeGenerator

    def __init__(self, **options: Any):
        super().__init__(finalize=printable, **options)
        self.filters = gated_filters(self.filters)

    def call(__self, __context, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        """Call through the gate: known callables only, their arguments checked, their results bounded."""
        if getattr(__obj, "pnp_gated", False):
            return super().call(__context, __obj, *args, **kwargs)
        known = call_rule(__obj)
        if known is None:
            raise SecurityError(f"{getattr(__obj, '__name__', type(__obj).__name__)!r} cannot be called in a template")
        name, rule, receiver = known
        return gated_call(name, rule, lambda *a, **k: SandboxedEnvironment.call(__self, __context, __obj, *a, **k),
                          receiver, args, kwargs)

    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        """Check the size a binary operator would produce before computing it."""
        if operator == "**" and _whole(left) and _whole(right) and right > 0 and abs(left) > 1:
            if right * math.log2(abs(left)) > MAX_BITS:
                raise TemplateLimit(f"{left} ** {right} has more than {MAX_NUMBER_DIGITS} digits")
        if operator == "*":
            _check_repeat(left, right)
        if operator == "%" and isinstance(left, str):
            size = percent_size(left, right)
            if size > MAX_TEMPLATE_CHARS:
                raise TemplateLimit(f"formatting would make up to {size} characters, more than {MAX_TEMPLATE_CHARS}")
        result = super().call_binop(context, operator, left, right)
        if _whole(result) and result.bit_length() > MAX_BITS:
            raise TemplateLimit(f"a number with more than {MAX_NUMBER_DIGITS} digits")
        return checked(result)

    output_buffer = OutputBuffer

    def bounded_join(self, parts: tuple) -> str:
        """`a ~ b ~ c`: strings, numbers and booleans joined, within the limit."""
        size = sum(len(str(printable(part, "joins"))) for part in parts)
        if size > MAX_TEMPLATE_CHARS:
            raise TemplateLimit(f"joining with ~ would make {size} characters, more than {MAX_TEMPLATE_CHARS}")
        return "".join(map(str, parts))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """str.format and format_map: every field a string, number or boolean, widths and the total bounded."""
        if getattr(value, "__name__", None) not in ("format", "format_map") or not isinstance(
                getattr(value, "__self__", None), str):
            return None
        text = value.__self__
        formatter = (_BoundedEscapeFormatter(self, escape=text.escape) if isinstance(text, Markup)
                     else _BoundedFormatter(self))

        def bounded(*args: Any, **kwargs: Any) -> str:
            if value.__name__ == "format_map":
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes exactly one argument")
                mapping = args[0]
                args, kwargs = (), mapping
            formatter.total = len(text)
            return type(text)(formatter.vformat(text, args, kwargs))

        bounded.__dict__["pnp_gated"] = True
        return bounded


class _Bounded(string.Formatter):
    """A formatter that refuses a field other than a string, number or boolean, and a result over the limit."""

    total = 0

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion:
            printable(value, "formats")
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> Any:
        printable(value, "formats")
        self.total += format_spec_size(format_spec) + (330 if isinstance(value, float) else len(str(value)))
        if self.total > MAX_TEMPLATE_CHARS:
            raise TemplateLimit(f"formatting would make more than {MAX_TEMPLATE_CHARS} characters")
        return super().format_field(value, format_spec)


class _BoundedFormatter(_Bounded, SandboxedFormatter):
    pass


class _BoundedEscapeFormatter(_Bounded, SandboxedEscapeFormatter):
    pass


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_repeat(left: Any, right: Any) -> None:
    """Refuse a string or list repeated past the size limit."""
    for seq, times in ((left, right), (right, left)):
        if isinstance(seq, (str, list, tuple)) and _whole(times) and len(seq) * times > MAX_TEMPLATE_CHARS:
            raise TemplateLimit(f"repeating {len(seq)} items {times} times makes more than "
                                f"{MAX_TEMPLATE_CHARS} characters")


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


def is_printable(value: Any) -> bool:
    """Tell whether a value is text a template may print as it is."""
    return isinstance(value, SCALARS)


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
