"""Jinja2 templating over CSV rows: sandboxed, StrictUndefined, columns checked up front.

Jinja2 itself is loaded when a template is first checked or rendered: a command that only lists a project's games
reads its layouts within `unchecked_templates()`, where templates are kept as text and checked by the build.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pnp.errors import PnpError
from pnp.layout.budget import WorkBudget
from pnp.layout.shortcuts import compared, comparison_of, fields_of, names_in, printed
from pnp.layout.steps import metered

BUILTIN_NAMES = {"card", "vars", "range", "loop", "dict", "lipsum", "cycler", "joiner", "namespace"}
_CHECKED: ContextVar[bool] = ContextVar("templates_checked", default=True)


@contextmanager
def unchecked_templates() -> Iterator[None]:
    """Within: layouts keep their templates as text, unparsed (no column checked): Jinja2 is not loaded for them."""
    token = _CHECKED.set(False)
    try:
        yield
    finally:
        _CHECKED.reset(token)


def _env():
    """The sandboxed Jinja2 environment every template is compiled in (Jinja2 loaded on first use)."""
    from pnp.layout.jinjaenv import ENV
    return ENV


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
        fields = fields_of(self.source)
        if fields is not None and (text := printed(fields, context)) is not None:
            return text
        from pnp.layout.sandbox import render_bounded
        with _row_errors("template", self.where, row_where), _counted(budget):
            return render_bounded(_from_string(self.source), context)


@dataclass(frozen=True)
class Expression:
    """A compiled Jinja expression, used for visibility and other computed values."""

    source: str
    where: str
    compiled: Any = None  # None when read unchecked or a plain comparison: compiled when first needed

    def evaluate(self, context: dict[str, Any], row_where: str, budget: WorkBudget | None = None) -> Any:
        """Evaluate the expression over a row, its steps counted to the budget."""
        comparison = comparison_of(self.source)
        if comparison is not None and (result := compared(comparison, context)) is not None:
            return result
        compiled = self.compiled if self.compiled is not None else _compiled_expression(self.source, self.where)
        with _row_errors("expression", self.where, row_where), _counted(budget):
            return compiled(**context)


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
    from jinja2 import TemplateError

    from pnp.layout.sandbox import TemplateLimit, TemplatePrint
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


@lru_cache(maxsize=4096)
def _from_string(source: str):
    """Compile a template once per process, from the tree its check parsed (the same code as from the source)."""
    return _env().from_string(_parse(source))


@lru_cache(maxsize=4096)
def _expression(source: str):
    """Compile an expression once per process."""
    return _env().compile_expression(source, undefined_to_none=False)


def compile_template(source: str, where: str) -> Template:
    """Compile a text template; plain strings without {{ or {% stay constants."""
    if "{{" not in source and "{%" not in source:
        return Template(source, where, constant=True)
    if not _CHECKED.get() or fields_of(source) is not None:  # text and {{ name[key].attribute }}: sound syntax
        return Template(source, where)
    from jinja2 import TemplateError
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
    sound = comparison_of(text) is not None  # name == 'text' needs no Jinja2 to check, nor mostly to evaluate
    return Expression(text, where, _compiled_expression(text, where) if _CHECKED.get() and not sound else None)


def _compiled_expression(text: str, where: str) -> Any:
    """An expression compiled (once per process); a one-line PnpError when it is not valid Jinja2."""
    from jinja2 import TemplateError
    try:
        return _expression(text)
    except TemplateError as exc:
        raise PnpError(f"invalid expression: {exc}", where=where, fix="fix the Jinja2 syntax") from None


@lru_cache(maxsize=4096)
def _parse(source: str):
    """Parse a template once per process (raises TemplateError on bad syntax)."""
    return _env().parse(source)


def names_used(source: str) -> frozenset[str]:
    """Top-level names a template or expression reads (none known while templates are read unchecked)."""
    if not _CHECKED.get():
        return frozenset()
    fields, comparison = fields_of(source), comparison_of(source)
    if fields is not None:
        return names_in(fields)
    return frozenset({comparison[0]}) if comparison is not None else _names_used(source)


@lru_cache(maxsize=4096)
def _names_used(source: str) -> frozenset[str]:
    """Top-level names a template or expression reads."""
    from jinja2 import TemplateError, meta
    text = source.strip()
    if not ("{{" in text or "{%" in text):
        text = "{{ " + text + " }}"
    try:
        tree = _parse(text)
    except TemplateError:
        return frozenset()
    names = _names_read(tree)
    return names if names is not None else frozenset(meta.find_undeclared_variables(tree))


def _names_read(tree) -> frozenset[str] | None:
    """The names a template whose only scopes are plain `for` loops reads (no block, macro, `set`, loop `else` or
    recursive loop: each name it reads is then one the context gives, unless a loop around it binds it), as Jinja's
    own analysis finds, without its pass over the compiled code; None for any other template."""
    from jinja2 import nodes
    if any(type(node) is not nodes.For or node.recursive or node.else_ for node in tree.find_all(_scopes())):
        return None
    names = frozenset(_loaded(tree, frozenset(), nodes))
    return None if "self" in names else names - _env().globals.keys()  # `self`: Jinja's reference to the template


def _loaded(node, bound: frozenset[str], nodes) -> Iterator[str]:
    """The names a node reads that no loop around it binds (a loop binds its target in its test and body, and `loop`
    in its body; its iterable is read outside it)."""
    if isinstance(node, nodes.Name):
        if node.ctx == "load" and node.name not in bound:
            yield node.name
    elif isinstance(node, nodes.For):
        targets = [node.target, *node.target.find_all(nodes.Name)]  # a name, or a tuple of names
        filtered = bound | {target.name for target in targets if isinstance(target, nodes.Name)}
        yield from _loaded(node.iter, bound, nodes)
        if node.test is not None:
            yield from _loaded(node.test, filtered, nodes)
        for part in node.body:
            yield from _loaded(part, filtered | {"loop"}, nodes)
    else:
        for child in node.iter_child_nodes():
            yield from _loaded(child, bound, nodes)


@lru_cache(maxsize=1)
def _scopes() -> tuple[type, ...]:
    """The kinds of node that declare names or bring in another template's."""
    from jinja2 import nodes
    return (nodes.For, nodes.Macro, nodes.CallBlock, nodes.FilterBlock, nodes.With, nodes.Assign, nodes.AssignBlock,
            nodes.Block, nodes.Scope, nodes.OverlayScope, nodes.ScopedEvalContextModifier, nodes.Import,
            nodes.FromImport, nodes.Include, nodes.Extends)


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

