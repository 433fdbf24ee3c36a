"""The names a template reads, found by walking a template with no scope of its own, as Jinja's analysis finds them."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jinja2 import meta

from pnp.layout.template import Expression, Template, _names_read, _names_used, _parse
from pnp.project.games import Project

ROOT = Path(__file__).resolve().parents[1]
CRAFTED = [
    "{{ a }}", "{{ a + b[c].d }}", "{{ x | replace(y, z) ~ w }}", "{{ a if b else c }}", "{{ range(n) | list }}",
    "{{ loop }}", "{{ self }}", "{{ namespace(a=b) }}", "{{ a is defined and b is none }}", "{{ [a, (b, c), {d: e}] }}",
    "{{ f(a, *b, k=c, **d) }}", "{{ a.b.c[0][d] }}", "text {{ a }} and {{ b.c(d) }}", "{{ 'x' ~ a[1:b] }}",
    "{% if a %}{{ b }}{% else %}{{ c }}{% endif %}", "{% for i in items %}{{ i }}{{ loop.index }}{% endfor %}",
    "{% set t = a %}{{ t }}{{ b }}", "{{ t }}{% set t = a %}", "{% with v = a %}{{ v }}{{ w }}{% endwith %}",
    "{% macro m(p) %}{{ p }}{{ q }}{% endmacro %}{{ m(r) }}",
    "{% for i in a if i > b %}{{ i }}{% else %}{{ c }}{% endfor %}",
    "{% filter upper %}{{ a }}{% endfilter %}", "{% block b %}{{ a }}{% endblock %}",
]
LOOPS = [  # plain loops, walked: a loop binds its target and `loop` in its test and body, not in its iterable
    "{% for i in items %}{{ i }}{% endfor %}{{ i }}", "{% for i in i %}{{ i }}{% endfor %}",
    "{% for k, v in pairs %}{{ k }}={{ v }}{{ w }}{% endfor %}",
    "{% for (a, (b, c)) in xs %}{{ a ~ b ~ c ~ d }}{% endfor %}",
    "{% for i in xs if i > limit %}{{ i }}{% endfor %}", "{% for i in xs if loop %}{{ i }}{% endfor %}",
    "{% for i in loop %}{{ loop.index }}{% endfor %}", "{{ loop }}{% for i in xs %}{{ loop.last }}{% endfor %}",
    "{% for row in rows %}{% for cell in row %}{{ cell }}{{ row }}{{ sep }}{% endfor %}{{ cell }}{% endfor %}",
    "{% for i in xs %}{% for j in i %}{{ loop.index }}{% endfor %}{{ loop.index }}{% endfor %}",
    "{% for i in xs %}{% if i %}{{ i | replace(a, b) }}{% else %}{{ c[i] }}{% endif %}{% endfor %}",
    "{% for l in text.split('\\n') if '】' in l %}{{ l.split(':')[0] }}{% if not loop.last %}\n{% endif %}{% endfor %}",
    "{{ n }}{% for n in range(n) %}{{ n }}{% endfor %}", "{% for x in xs %}{{ self }}{% endfor %}",
    "{% for x in [a, b] %}{{ x(c) }}{% endfor %}", "{% for _ in xs %}{{ _ }}{{ caller }}{% endfor %}",
]
NOT_WALKED = [
    "{% for i in a if i > b %}{{ i }}{% else %}{{ c }}{% endfor %}",
    "{% for i in xs recursive %}{{ loop(i) }}{% endfor %}",
    "{% for i in xs %}{% set t = i %}{{ t }}{% endfor %}",
]


def shipped_sources() -> list[str]:
    """Every template and expression the shipped games' layouts hold."""
    project = Project(ROOT)
    sources = set()
    for name in project.game_names():
        for component in project.load_game(name).components:
            for layout in component.layouts():
                for element in layout.elements:
                    values = [*element.props.values(), element.visible]
                    sources |= {v.source for v in values if isinstance(v, (Template, Expression))}
    return sorted(sources)


@pytest.mark.parametrize("source", CRAFTED + LOOPS + NOT_WALKED + shipped_sources())
def test_a_template_s_names_are_those_jinja_finds_undeclared(source):
    text = source.strip() if "{{" in source or "{%" in source else "{{ " + source.strip() + " }}"
    tree = _parse(text)
    expected = frozenset(meta.find_undeclared_variables(tree))
    walked = _names_read(tree)
    assert walked is None or walked == expected
    assert _names_used(source) == expected  # walked or, for a template with scopes, Jinja's own analysis


def test_only_templates_without_a_scope_but_plain_loops_are_walked():
    walked = [source for source in CRAFTED + LOOPS + NOT_WALKED if _names_read(_parse(source)) is not None]
    assert "{{ a + b[c].d }}" in walked and "{% if a %}{{ b }}{% else %}{{ c }}{% endif %}" in walked
    assert set(LOOPS) - {"{% for x in xs %}{{ self }}{% endfor %}"} <= set(walked)
    assert "{{ self }}" not in walked and not set(NOT_WALKED) & set(walked)
    assert not any("{% set" in source or "{% macro" in source or "{% with" in source for source in walked)
    assert len(shipped_sources()) > 50


NAMES = st.sampled_from(["a", "b", "i", "x", "loop", "range"])
EXPRESSIONS = st.recursive(NAMES | NAMES.map(lambda name: f"{name}.index"),
                           lambda inner: st.tuples(inner, inner).map(lambda pair: f"{pair[0]} ~ {pair[1]}")
                           | st.tuples(inner, inner).map(lambda pair: f"{pair[0]}[{pair[1]}]"), max_leaves=4)
TARGETS = NAMES.filter(lambda name: name != "loop") | st.tuples(NAMES, NAMES).filter(
    lambda pair: pair[0] != pair[1] and "loop" not in pair).map(", ".join)


def _loop(parts: tuple) -> str:
    target, iterable, test, body = parts
    return f"{{% for {target} in {iterable}{' if ' + test if test else ''} %}}{body}{{% endfor %}}"


BODIES = st.recursive(
    EXPRESSIONS.map(lambda expression: "{{ " + expression + " }}") | st.just("text"),
    lambda inner: st.lists(inner, min_size=1, max_size=3).map("".join)
    | st.tuples(TARGETS, EXPRESSIONS, st.none() | EXPRESSIONS, inner).map(_loop)
    | st.tuples(EXPRESSIONS, inner, inner).map(lambda p: f"{{% if {p[0]} %}}{p[1]}{{% else %}}{p[2]}{{% endif %}}"),
    max_leaves=8)


@settings(max_examples=300, deadline=None)
@given(BODIES)
def test_a_walked_template_s_names_are_those_jinja_finds_for_any_nesting_of_loops(source):
    tree = _parse(source)
    assert _names_read(tree) == frozenset(meta.find_undeclared_variables(tree)) - {"range"}
