"""The names a template reads, found by walking a template with no scope of its own, as Jinja's analysis finds them."""

from __future__ import annotations

from pathlib import Path

import pytest
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


@pytest.mark.parametrize("source", CRAFTED + shipped_sources())
def test_a_template_s_names_are_those_jinja_finds_undeclared(source):
    text = source.strip() if "{{" in source or "{%" in source else "{{ " + source.strip() + " }}"
    tree = _parse(text)
    expected = frozenset(meta.find_undeclared_variables(tree))
    walked = _names_read(tree)
    assert walked is None or walked == expected
    assert _names_used(source) == expected  # walked or, for a template with scopes, Jinja's own analysis


def test_only_templates_without_a_scope_of_their_own_are_walked():
    walked = [source for source in CRAFTED if _names_read(_parse(source)) is not None]
    assert "{{ a + b[c].d }}" in walked and "{% if a %}{{ b }}{% else %}{{ c }}{% endif %}" in walked
    assert "{{ self }}" not in walked and not any("{% for" in source or "{% set" in source for source in walked)
    assert len(shipped_sources()) > 50
