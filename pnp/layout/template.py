"""Jinja2 templating over CSV rows: sandboxed, StrictUndefined, columns checked up front."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from jinja2 import StrictUndefined, TemplateError, meta

from pnp.errors import PnpError
from pnp.layout.budget import WorkBudget
from pnp.layout.sandbox import BoundedEnvironment, TemplateLimit, TemplatePrint, is_printable, render_bounded
from pnp.layout.steps import metered


class _Undefined(StrictUndefined):
    """StrictUndefined whose message for a missing key of a mapping lists the keys it has."""

    __slots__ = ()

    @property
    def _undefined_message(self) -> str:
        table, name = self._undefined_obj, self._undefined_name
        if self._undefined_hint or not isinstance(table, dict) or not table:
            return super()._undefined_message
        keys = sorted(str(key) for key in table)
        close = difflib.get_close_matches(str(name), keys, n=1)
        hint = f"did you mean '{close[0]}'? " if close else ""
        shown = ", ".join(keys[:20]) + (f" and {len(keys) - 20} more" if len(keys) > 20 else "")
        return f"no key {name!r} ({hint}the keys are: {shown})"


# Jinja comments are {## ... ##} so that colour markup like {#c0392b|text} stays text.
ENV = BoundedEnvironment(undefined=_Undefined, autoescape=False, keep_trailing_newline=False,
                           comment_start_string="{##", comment_end_string="##}")
BUILTIN_NAMES = {"card", "vars", "range", "loop", "dict", "lipsum", "cycler", "joiner", "namespace"}


@dataclass(frozen=True)
class Template:
    """A checked text template (compiled on first use), or a constant when it has no Jinja syntax."""

    source: str
    where: str
    constant: bool = False

    def render(self, context: dict[str, Any], row_where: str, budget: WorkBudget | None = None) -> str:
        """Render with the row's values, its steps counted to the budget; errors name the layout key and the row."""
        if self.constant:
            return self.source
        simple = _simple_name(self.source)
        if simple is not None and simple in context and is_printable(context[simple]):
            value = context[simple]
            return value if isinstance(value, str) else str(value)
        with _row_errors("template", self.where, row_where), _counted(budget):
            return render_bounded(_from_string(self.source), context)


@dataclass(frozen=True)
class Expression:
    """A compiled Jinja expression, used for visibility and other computed values."""

    source: str
    where: str
    compiled: Any

    def evaluate(self, context: dict[str, Any], row_where: str, budget: WorkBudget | None = None) -> Any:
        """Evaluate the expression over a row, its steps counted to the budget."""
        with _row_errors("expression", self.where, row_where), _counted(budget):
            return self.compiled(**context)


@contextmanager
def _counted(budget: WorkBudget | None) -> Iterator[None]:
    """Count one evaluation's steps, within its own limit and what the build has left; add them to the build."""
    limit, build_bound = budget.allowance() if budget is not None else (None, False)
    with metered(limit, build_bound) as meter:
        try:
            yield
        finally:
            if budget is not None:
                budget.spend(meter.used)


@contextmanager
def _row_errors(kind: str, where: str, row_where: str):
    """Turn a failure while evaluating over a row into a PnpError naming the layout key and the row."""
    try:
        yield
    except TemplateError as exc:
        raise PnpError(f"{kind} error in {where}: {exc}", where=row_where,
                       fix=f"check the {kind} against the CSV columns") from None
    except TemplateLimit as exc:
        raise PnpError(f"{kind} {where} goes over a limit: {exc}", where=row_where,
                       fix="simplify the template; the limits guard against runaway templates") from None
    except MemoryError:
        raise PnpError(f"{kind} {where} goes over a limit: it needs more memory than there is", where=row_where,
                       fix="simplify the template; the limits guard against runaway templates") from None
    except TemplatePrint as exc:
        raise PnpError(f"{kind} {where} {exc}", where=row_where,
                       fix="print only strings, numbers and booleans (join a list with |join(', '))") from None
    except (ArithmeticError, TypeError, ValueError, LookupError, RecursionError) as exc:
        raise PnpError(f"{kind} {where} failed: {exc}", where=row_where, fix="check the values in this row") from None


SIMPLE = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


@lru_cache(maxsize=4096)
def _simple_name(source: str) -> str | None:
    """The column name when a template is just {{ name }}, rendered without Jinja."""
    match = SIMPLE.fullmatch(source)
    return match.group(1) if match else None


@lru_cache(maxsize=4096)
def _from_string(source: str):
    """Compile a template once per process."""
    return ENV.from_string(source)


@lru_cache(maxsize=4096)
def _expression(source: str):
    """Compile an expression once per process."""
    return ENV.compile_expression(source, undefined_to_none=False)


def compile_template(source: str, where: str) -> Template:
    """Compile a text template; plain strings without {{ or {% stay constants."""
    if "{{" not in source and "{%" not in source:
        return Template(source, where, constant=True)
    try:
        _parse(source)
        return Template(source, where)
    except TemplateError as exc:
        raise PnpError(f"invalid template: {exc}", where=where, fix="fix the Jinja2 syntax") from None


def compile_expression(source: str, where: str) -> Expression:
    """Compile an expression; a value wrapped in {{ }} is accepted too."""
    text = source.strip()
    if text.startswith("{{") and text.endswith("}}"):
        text = text[2:-2].strip()
    try:
        return Expression(text, where, _expression(text))
    except TemplateError as exc:
        raise PnpError(f"invalid expression: {exc}", where=where, fix="fix the Jinja2 syntax") from None


@lru_cache(maxsize=4096)
def _parse(source: str):
    """Parse a template once per process (raises TemplateError on bad syntax)."""
    return ENV.parse(source)


@lru_cache(maxsize=4096)
def names_used(source: str) -> frozenset[str]:
    """Top-level names a template or expression reads."""
    text = source.strip()
    if not ("{{" in text or "{%" in text):
        text = "{{ " + text + " }}"
    try:
        return frozenset(meta.find_undeclared_variables(_parse(text)))
    except TemplateError:
        return frozenset()


def check_columns(source: str, where: str, columns: set[str], names: set[str], csv_name: str,
                  read: frozenset[str] | None = None, reader: str | None = None) -> None:
    """Fail when a template reads a name that is neither a column nor a layout var. Where the nearest column is one
    no template reads (`read`: every name the layout's templates read), the data file is blamed, unless the
    element's id (`reader`) is spelt as that column: then the template is."""
    data = "the sheet" if csv_name.lower().endswith((".xlsx", ".ods")) else "the CSV"
    for name in sorted(names_used(source) - columns - names - BUILTIN_NAMES):
        close = difflib.get_close_matches(name, sorted(columns | names), n=1)
        if read is not None and close and close[0] in columns and close[0] not in read and reader != close[0]:
            raise PnpError(f"no column '{name}', which {where} reads; the header has '{close[0]}', which no template "
                           "reads", where=csv_name, fix=f"if the header is misspelt, rename '{close[0]}' to '{name}' "
                           f"in it; if the template is, write '{close[0]}' there")
        hint = f"did you mean '{close[0]}'? " if close else ""
        known = ", ".join(sorted(columns)) or "none"
        raise PnpError(f"unknown column '{name}' (columns in {csv_name}: {known})", where=where,
                       fix=f"{hint}add the column to {data} or fix the template")


def is_template(value: object) -> bool:
    """Tell whether a layout value is a string with Jinja syntax."""
    return isinstance(value, str) and ("{{" in value or "{%" in value)

