"""Templates and expressions evaluated without Jinja2 give exactly what Jinja2 gives, or are left to it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.errors import PnpError
from pnp.layout import shortcuts
from pnp.layout.calls import SCALARS
from pnp.layout.sandbox import render_bounded
from pnp.layout.template import _compiled_expression, _from_string, compile_expression, compile_template
from pnp.limits import MAX_TEMPLATE_CHARS

WHERE, ROW = "layouts/g/cards.yaml: elements[0].text", "card_data/g/cards.csv: row 2"
TEMPLATES = ["{{ role }}", "{{role}}", "{{ colors[role] }}", "{{ colors [ role ] }}", "{{ true }}", "{{ none }}",
             "{{ colors[true] }}", "{{ colors[none] }}", "{{ count }}", "{{ colors[count] }}", "{{ nested[role] }}",
             "{{ missing }}", "{{ colors[missing] }}", "{{ role[0] }}"]
LABELLED = ["コスト {{ count }}", "({{ role }}/{{ count }})", "art/{{ nested[role].a }}.svg", "{{ nested[role].a.b }}",
            "{{ nested[role].items }}", "{{ colors.役者 }}", "{{ nested[role].keys }}", "{{ role.a }}",
            "{{ colors[role] }}{{ colors[role] }}", "a {{ role }}\n", "{{ role }} }", "{ {{ role }}",
            "{{ role }} {# x #}", "{{ role.true }}", "{{ nested[role]. a }}"]
ARITHMETIC = ["{{ 21.4 + nested[role].a }}", "{{ count - 5.2 }}", "{{ 3 + count }}", "{{ count-1 }}",
              "{{ 0 - colors[role] }}", "{{ 2 + count + 1 }}", "{{ 1 + role }}", "{{ 01 + count }}",
              "{{ 1.5e3 + count }}", "{{ big + 1 }}"]
EXPRESSIONS = ["role == '役者'", "role != '役者'", 'role == "役者"', "count == '3'", "none == 'None'",
               "true == 'x'", "missing == 'x'", "colors == 'x'", "flag == 'True'", "  role  ==  '音楽家'  "]
CONTEXTS = [
    {"role": "役者", "colors": {"役者": "#112233", "音楽家": 4, 3: 1.5}, "count": 3, "nested": {"役者": {"a": 1}},
     "flag": True},
    {"role": "音楽家", "colors": {"役者": "#112233"}, "count": 2.5, "nested": {}, "flag": False, "true": "T",
     "none": "N"},
    {"role": 3, "colors": {3: "three", True: "yes"}, "count": True, "nested": [1], "flag": None},
    {"role": "x", "colors": ["a"], "count": None, "nested": None, "flag": "True"},
    {"role": "a", "colors": {"a": 2.5}, "count": 1e308, "nested": {"a": {"a": 0.1}}, "big": 2 ** 80},
]


def outcome(run, *args) -> object:
    """A call's result, or the one-line error it raises."""
    try:
        return ("value", run(*args))
    except PnpError as error:
        return ("error", error.render())


def rendered(source: str, context: dict) -> str:
    """What the template gives as pnp renders it (shortcuts first)."""
    return compile_template(source, WHERE).render(context, ROW)


def evaluated(source: str, context: dict) -> object:
    """What the expression gives as pnp evaluates it (shortcuts first)."""
    return compile_expression(source, WHERE).evaluate(context, ROW)


def through_jinja(source: str, context: dict) -> object:
    """What the template gives rendered by Jinja2 alone."""
    template = compile_template(source, WHERE)
    from pnp.layout.template import _row_errors
    with _row_errors("template", template.where, ROW):
        return render_bounded(_from_string(source), context)


def evaluated_by_jinja(source: str, context: dict) -> object:
    """What the expression gives evaluated by Jinja2 alone."""
    expression = compile_expression(source, WHERE)
    from pnp.layout.template import _row_errors
    with _row_errors("expression", expression.where, ROW):
        return _compiled_expression(expression.source, WHERE)(**context)


@pytest.mark.parametrize("source", TEMPLATES + LABELLED + ARITHMETIC)
@pytest.mark.parametrize("context", CONTEXTS, ids=range(len(CONTEXTS)))
def test_a_template_renders_as_jinja_renders_it(source: str, context: dict) -> None:
    assert outcome(rendered, source, context) == outcome(through_jinja, source, context)


@pytest.mark.parametrize("source", EXPRESSIONS)
@pytest.mark.parametrize("context", CONTEXTS, ids=range(len(CONTEXTS)))
def test_an_expression_evaluates_as_jinja_evaluates_it(source: str, context: dict) -> None:
    expected, found = outcome(evaluated_by_jinja, source, context), outcome(evaluated, source, context)
    assert found == expected and type(found[1]) is type(expected[1])


values = st.one_of(st.text(max_size=4), st.integers(-5, 5), st.floats(allow_nan=False), st.booleans(), st.none(),
                   st.dictionaries(st.sampled_from(["a", "b", 1]), st.one_of(st.text(max_size=3), st.integers())))


@given(st.dictionaries(st.sampled_from(["a", "b", "c"]), values))
def test_any_row_gives_what_jinja_gives(context: dict) -> None:
    for source in ("{{ a }}", "{{ a[b] }}", "{{ c[a] }}", "x {{ a }}{{ b.a }} y", "{{ c[a].a }}", "{{ a.b.c }}",
                   "{{ 0.1 + a }}", "{{ b - 3 }}"):
        assert outcome(rendered, source, context) == outcome(through_jinja, source, context)
    for source in ("a == 'x'", "b != ''", "c == '1'"):
        assert outcome(evaluated, source, context) == outcome(evaluated_by_jinja, source, context)


def test_the_shortcuts_take_the_common_forms_and_leave_the_rest() -> None:
    Field = shortcuts.Field
    assert shortcuts.fields_of("{{ palette[role] }}") == (Field("palette", "role"),)
    assert shortcuts.fields_of("{{ role }}") == (Field("role"),)
    assert shortcuts.fields_of("コスト{{ cost }} ({{ a[b].c.d }})") == ("コスト", Field("cost"), " (",
                                                                    Field("a", "b", ("c", "d")), ")")
    assert shortcuts.fields_of("{{ 21.4 + a[b].h }}{{ c - 5 }}") == (Field("a", "b", ("h",), ("+", 21.4, True)),
                                                                     Field("c", offset=("-", 5, False)))
    assert [shortcuts.fields_of(s) for s in ("{{ none }}", "{{ a[true] }}", "{{ a['x'] }}", "{{ a.none }}", "{{ a }}\n",
                                             "{{ a }}{", "{{ a }} {% if b %}", "{{ a|upper }}", "{{ a.0 }}",
                                             "{{ 1 + a + 1 }}", "{{ a * 2 }}")] == [None] * 11
    assert shortcuts.comparison_of("role != \"脚本家\"") == ("role", False, "脚本家")
    assert [shortcuts.comparison_of(s) for s in ("none == 'x'", "a == 'x\\'y'", "a == b", "a < 'x'")] == [None] * 4
    assert shortcuts.printed((Field("palette", "role"),), {"palette": {"a": 1}, "role": "b"}) is None
    assert shortcuts.printed((Field("a", None, ("get",)),), {"a": {"get": "x"}}) is None  # Jinja2 finds the method
    assert shortcuts.printed(("x", Field("a")), {"a": "y" * MAX_TEMPLATE_CHARS}) is None  # Jinja2's limit
    assert shortcuts.compared(("role", True, "a"), {"role": ["a"]}) is None


def test_printable_values_are_the_sandboxes() -> None:
    assert shortcuts.PRINTABLE == SCALARS


@pytest.mark.parametrize("source", TEMPLATES + LABELLED + ARITHMETIC + EXPRESSIONS + ["{{ a[b] }}", "a == 'x'",
                                                                                   "x {{ a[b].c }} {{ d }}"])
def test_the_names_a_shortcut_reads_are_those_jinja_finds(source: str) -> None:
    from pnp.layout.template import _names_used, names_used
    assert names_used(source) == _names_used(source)


def test_an_elements_constant_numbers_are_kept_and_its_templates_read_each_row() -> None:
    from pathlib import Path

    from pnp.data.table import Row, Table
    from pnp.layout.elements import Element
    from pnp.layout.resolver import Resolver, RowContext
    rows = (Row({"pos": "4"}, 2, 1), Row({"pos": "9.5"}, 3, 1), Row({"pos": "x"}, 4, 1))
    table = Table(Path("cards.csv"), "card_data/g/cards.csv", ("pos",), rows)
    props = {"x": 3, "y": compile_template("{{ pos }}", WHERE)}
    element = Element("e", "rect", "layouts/g/cards.yaml: elements[0]", props)

    def number(row: Row, key: str) -> float:
        return Resolver(element, RowContext(dict(row.values), table.where(row), table, row)).number(key, 0.0)

    assert [(number(row, "x"), number(row, "y")) for row in rows[:2]] == [(3.0, 4.0), (3.0, 9.5)]
    assert element.numbers == {("x", 0.0): 3.0}
    with pytest.raises(PnpError, match="must be a number, got 'x'"):
        number(rows[2], "y")
