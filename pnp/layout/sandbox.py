"""The Jinja2 sandbox for layouts, bounded: every call, operator and join checked; output and work limited."""

from __future__ import annotations

import functools
import math
import string
from collections.abc import Callable
from typing import Any

from jinja2 import nodes
from jinja2.compiler import CodeGenerator, operators, optimizeconst
from jinja2.runtime import LoopContext, Macro
from jinja2.sandbox import SandboxedEnvironment, SandboxedEscapeFormatter, SandboxedFormatter, SecurityError
from markupsafe import Markup

from pnp.layout.calls import (
    SCALARS,
    TemplatePrint,
    call_rule,
    checked,
    format_spec_size,
    gated_call,
    percent_size,
    printable,
)
from pnp.layout.filters import gated_filters
from pnp.layout.steps import CALL_STEPS, Counted, TemplateLimit, charge, charge_call, deeper, length, size
from pnp.limits import MAX_NUMBER_DIGITS, MAX_TEMPLATE_CHARS

MAX_BITS = int(MAX_NUMBER_DIGITS * math.log2(10)) + 1
__all__ = ["BoundedEnvironment", "TemplateLimit", "TemplatePrint", "render_bounded"]


class _BoundedCodeGenerator(CodeGenerator):
    """Compiles joins, block buffers, loops, comparisons and slices through the environment's bounds and counts."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.loop_iterables: set[int] = set()  # the nodes a for loop iterates over (Jinja allows no node of ours)

    def visit(self, node: Any, *args: Any, **kwargs: Any) -> Any:
        if id(node) not in self.loop_iterables:
            return super().visit(node, *args, **kwargs)
        self.write("environment.counted(")
        super().visit(node, *args, **kwargs)
        self.write(")")
        return None

    def visit_Concat(self, node, frame) -> None:
        self.write("environment.bounded_join((")
        for part in node.nodes:
            self.visit(part, frame)
            self.write(", ")
        self.write("))")

    def visit_For(self, node, frame) -> None:
        self.loop_iterables.add(id(node.iter))
        super().visit_For(node, frame)

    @optimizeconst
    def visit_Compare(self, node, frame) -> None:
        self.write("(environment.operand(")
        self.visit(node.expr, frame)
        self.write(")")
        for operand in node.ops:
            self.write(f" {operators[operand.op]} environment.operand(")
            self.visit(operand.expr, frame)
            self.write(")")
        self.write(")")

    @optimizeconst
    def visit_Getitem(self, node, frame) -> None:
        if not isinstance(node.arg, nodes.Slice):  # Jinja compiles a slice to Python's own, past getitem
            super().visit_Getitem(node, frame)
            return
        self.write("environment.sliced(")
        self.visit(node.node, frame)
        for part in (node.arg.start, node.arg.stop, node.arg.step):
            self.write(", ")
            if part is None:
                self.write("None")
            else:
                self.visit(part, frame)
        self.write(")")

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

    intercepted_binops = frozenset({"+", "-", "*", "/", "//", "%", "**"})
    code_generator_class = _BoundedCodeGenerator
    output_buffer = OutputBuffer

    def __init__(self, **options: Any):
        super().__init__(finalize=printable, **options)
        self.filters = gated_filters(self.filters)
        self.tests = {name: _counted_test(func) for name, func in self.tests.items()}

    def call(__self, __context, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        """Call through the gate: known callables only, their arguments checked and counted, their results bounded."""
        if getattr(__obj, "pnp_gated", False):
            charge_call(None, args, kwargs)
            result = super().call(__context, __obj, *args, **kwargs)
            charge(length(result))
            return result
        known = call_rule(__obj)
        if known is None:
            raise SecurityError(f"{getattr(__obj, '__name__', type(__obj).__name__)!r} cannot be called in a template")
        name, rule, receiver = known
        run = functools.partial(SandboxedEnvironment.call, __self, __context, __obj)
        if isinstance(__obj, Macro | LoopContext):
            run = functools.partial(_nested, run, isinstance(__obj, LoopContext))
        return gated_call(name, rule, run, receiver, args, kwargs)

    def getattr(self, obj: Any, attribute: str) -> Any:
        """`obj.name`: one step."""
        charge(1)
        return super().getattr(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        """`obj[key]`: one step."""
        charge(1)
        return super().getitem(obj, argument)

    @staticmethod
    def sliced(obj: Any, start: Any, stop: Any, step: Any) -> Any:
        """`obj[start:stop:step]`: one step and the size of the copy it makes."""
        charge(1)
        result = obj[start:stop:step]
        charge(length(result))
        return result

    @staticmethod
    def counted(iterable: Any) -> Counted:
        """A for loop's iterable, each turn a step."""
        return Counted(iterable)

    @staticmethod
    def operand(value: Any) -> Any:
        """A comparison's operand, counted by its size."""
        charge(size(value))
        return value

    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        """Count a binary operator, and check the size it would produce before computing it."""
        charge(CALL_STEPS + size(left) + size(right))
        if operator == "**" and _whole(left) and _whole(right) and right > 0 and abs(left) > 1:
            if right * math.log2(abs(left)) > MAX_BITS:
                raise TemplateLimit(f"{left} ** {right} has more than {MAX_NUMBER_DIGITS} digits")
        if operator == "*":
            _check_repeat(left, right)
        if operator == "%" and isinstance(left, str):
            made = percent_size(left, right)
            if made > MAX_TEMPLATE_CHARS:
                raise TemplateLimit(f"formatting would make up to {made} characters, more than {MAX_TEMPLATE_CHARS}")
        result = super().call_binop(context, operator, left, right)
        if _whole(result) and result.bit_length() > MAX_BITS:
            raise TemplateLimit(f"a number with more than {MAX_NUMBER_DIGITS} digits")
        charge(length(result))
        return checked(result)

    def bounded_join(self, parts: tuple) -> str:
        """`a ~ b ~ c`: strings, numbers and booleans joined, within the limit, counted as an operator."""
        texts = [str(printable(part, "joins")) for part in parts]
        total = sum(map(len, texts))
        charge(CALL_STEPS + sum(map(size, parts)) + total)
        if total > MAX_TEMPLATE_CHARS:
            raise TemplateLimit(f"joining with ~ would make {total} characters, more than {MAX_TEMPLATE_CHARS}")
        return "".join(texts)

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
    """Render a template, stopping once its output passes MAX_TEMPLATE_CHARS (its steps count to the meter open)."""
    parts, length = [], 0
    for part in template.generate(context):
        length += len(part)
        if length > MAX_TEMPLATE_CHARS:
            raise TemplateLimit(f"the output is longer than {MAX_TEMPLATE_CHARS} characters")
        parts.append(part)
    return "".join(parts)


def is_printable(value: Any) -> bool:
    """Tell whether a value is text a template may print as it is."""
    return isinstance(value, SCALARS)


def _nested(run: Callable, recursive_loop: bool, *args: Any, **kwargs: Any) -> Any:
    """A macro call, or loop(children) in a recursive loop (whose turns count too), one level deeper."""
    if recursive_loop and args:
        args = (Counted(args[0]), *args[1:])
    with deeper():
        return run(*args, **kwargs)


def _counted_test(func: Any) -> Callable:
    """A test (`x is odd`, `x is in list`) counted as a call."""
    @functools.wraps(func)
    def counted(*args: Any, **kwargs: Any) -> Any:
        charge_call(None, args, kwargs)
        return func(*args, **kwargs)

    return counted
