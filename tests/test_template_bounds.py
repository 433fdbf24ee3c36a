"""Template work bounded by steps counted in the sandbox: the same stop, at the same step, on every run and thread;
a whole build bounded too, and by the time the user allows; each stop one line."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp import limits
from pnp.cli.main import main
from pnp.errors import PnpError
from pnp.layout import budget as budget_module
from pnp.layout.budget import WorkBudget
from pnp.layout.template import compile_expression, compile_template

ROW = "card_data/slow/cards.csv: row 2"
KEY = "layouts/slow/cards.yaml: elements[0] (work).text"
RUNAWAY = "simplify the template; the limits guard against runaway templates"
FEWER = "simplify the templates, or build fewer cards (--component)"
NESTED = "{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}"
DEEP = "macros or a recursive loop nest more than 40 levels deep"


def steps_message(limit: int) -> str:
    return f"more than {limit:,} steps of work (loop turns, calls and the sizes of the values they handle)"


STEPS = "more than 5,000 steps of work (loop turns, calls and the sizes of the values they handle)"


def evaluate(source: str, values: dict | None = None) -> tuple[str, int]:
    """The one-line error a template gives over a row, and the steps it had taken when it stopped."""
    budget = WorkBudget()
    with pytest.raises(PnpError) as stopped:
        compile_template(source, KEY).render(values or {"name": "Spark"}, ROW, budget)
    return stopped.value.render(), budget.used


def in_thread(source: str) -> tuple[str, int]:
    """evaluate() on another thread, where no signal ever arrives."""
    found: list = []
    worker = threading.Thread(target=lambda: found.append(evaluate(source)))
    worker.start()
    worker.join()
    return found[0]


def test_a_loop_for_hours_stops_at_the_same_step_on_every_run_and_thread():
    message = f"{ROW}: template {KEY} goes over a limit: {steps_message(limits.MAX_TEMPLATE_STEPS)}; {RUNAWAY}"
    first = evaluate(NESTED)
    # range(100000) is 10 + 1 + 100,000; each turn of the outer loop 1 + 100,011 + 100,000: the fifth one's range
    # takes the count past the limit.
    assert first == (message, 100_011 + 4 * 200_012 + 1 + 100_011 + limits.MAX_TEMPLATE_STEPS - 1_000_000)
    assert evaluate(NESTED) == first
    assert in_thread(NESTED) == first


RUNAWAYS = [  # (name, template, message after "goes over a limit: ", steps taken when it stops) at a limit of 5,000
    ("nested ranges", "{% for a in range(999) %}{% for b in range(999) %}{% endfor %}{% endfor %}", STEPS, 5001),
    ("strings", "{% for a in 'x' * 999 %}{% for b in 'y' * 999 %}{% endfor %}{% endfor %}", STEPS, 5001),
    ("dict items", "{% set d = dict(a=1, b=2) %}{% for a in range(999) %}{% for k, v in d.items() %}{% endfor %}"
                   "{% endfor %}", STEPS, 5002),
    ("a branching recursive macro", "{% macro f(n) %}{{ f(n - 1) }}{{ f(n - 1) }}{% endmacro %}{{ f(30) }}", DEEP,
     11 + 39 * 24 + 24),  # the first call 11; each level deeper n - 1 (13) and the call (11)
    ("fibonacci", "{% macro f(n) %}{% if n > 1 %}{{ f(n - 1) }}{{ f(n - 2) }}{% endif %}{% endmacro %}{{ f(30) }}",
     STEPS, 5003),
    ("an endless macro", "{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}", DEEP, 41 * 10),
    ("a recursive loop over a list holding itself",
     "{% set l = [1] %}{% set _ = l.append(l) %}{% for x in l recursive %}{% if x is iterable %}{{ loop(x) }}"
     "{% endif %}{% endfor %}", DEEP, 1701),
    ("a wide recursive loop",
     "{% set ns = namespace(t=[1]) %}{% for i in range(20) %}{% set ns.t = [ns.t, ns.t] %}{% endfor %}"
     "{% for x in ns.t recursive %}{% if x is iterable %}{{ loop(x) }}{% endif %}{% endfor %}", STEPS, 5009),
    ("sorting a long list again and again", "{% for a in range(999) %}{{ range(999)|list|sort|length }}{% endfor %}",
     STEPS, 1010 + 1 + 1010 + 2008 + 2008),  # range(999), a turn, range(999) again, |list, |sort
    ("a filter over a huge list", "{{ (['y' * 99999] * 100000)|map('upper')|list }}", STEPS, 12 + 99999),
    ("a test in a loop", "{% for a in range(999) %}{% for b in range(999) %}{% if b is divisibleby 3 %}{% endif %}"
                         "{% endfor %}{% endfor %}", STEPS, 2021 + 229 * 13 + 13),  # ranges and a turn; turns and tests
    ("a list grown in a loop", "{% set l = [] %}{% for a in range(999) %}{% set _ = l.append(a) %}{% endfor %}",
     STEPS, 5041),
    ("slices in a loop", "{% set l = range(999)|list %}{% for a in range(999) %}{% set x = l[1:] %}{% endfor %}",
     STEPS, 3018 + 1010 + 1 + 1 + 998),  # l, range(999), a turn, the slice and its copy
    ("membership in a loop", "{% set l = range(999)|list %}{% for a in range(999) %}{% if a in l %}{% endif %}"
                             "{% endfor %}", STEPS, 3018 + 1010 + 1 + 1 + 1998),  # l, range(999), a turn, a, l
]


@pytest.mark.parametrize("name,source,message,steps", RUNAWAYS, ids=[case[0] for case in RUNAWAYS])
def test_runaway_templates_stop_the_same_way_everywhere(monkeypatch, name, source, message, steps):
    monkeypatch.setattr(limits, "MAX_TEMPLATE_STEPS", 5000)
    first = evaluate(source)
    assert first == (f"{ROW}: template {KEY} goes over a limit: {message}; {RUNAWAY}", steps)
    assert evaluate(source) == first
    assert in_thread(source) == first


def test_an_expression_is_bounded_as_a_template_is(monkeypatch):
    monkeypatch.setattr(limits, "MAX_TEMPLATE_STEPS", 5000)
    expression = compile_expression("range(999)|select('odd')|list|length > 0", "layouts/slow/cards.yaml: visible")
    budget = WorkBudget()
    with pytest.raises(PnpError) as stopped:
        expression.evaluate({}, ROW, budget)
    assert stopped.value.render() == (f"{ROW}: expression layouts/slow/cards.yaml: visible goes over a limit: "
                                      f"{steps_message(5000)}; {RUNAWAY}")
    assert budget.used == 1010 + 1012 + 1 + 271 * 11  # range(999), |select, its generator, 271 tests of odd


# Counted by hand from the rule in pnp/layout/steps.py (a call or operator 10, plus sizes and the result's length):
HAND_COUNTED = [
    ("{{ name }}", 0),  # a column alone is printed without Jinja
    ("{{ name|upper }}", 10 + 5 + 5),  # 'Spark' in, 'SPARK' out
    ("{{ 'a,b'.split(',')[0] }}", 1 + (10 + 3 + 1 + 2) + 1),  # .split, the call, [0]: constants, counted as they
    # are worked out while the template renders (Jinja's optimizer, off, would work part out as it compiles: 22)
    ("{% for w in words %}{{ w }}{% endfor %}", 2),  # two turns
    ("{% for w in words %}{{ w|upper }}{% endfor %}", 2 + (10 + 2 + 2) + (10 + 1 + 1)),
    ("{% if card.row > 1 %}{{ card.row + 1 }}{% endif %}", 1 + 2 + 1 + (10 + 1 + 1 + 1)),  # lookups 1, comparison 2
    ("{{ name[1:] }}", 1 + 4),  # a slice: 1 and what it copies
    ("{{ name ~ '!' }}", 10 + 5 + 1 + 6),  # a join is an operator
    ("{% macro m(x) %}{{ x }}{% endmacro %}{{ m(name) }}", 10 + 5 + 5),
    ("{{ words|join(', ') }}", 10 + (2 + 2 + 1) + 2 + 5),  # the list: 2 items, their 3 characters
    ("{{ 'a' in words }}", 1 + 5),
    ("{% for i in range(3) %}{{ i }}{% endfor %}", (10 + 1 + 3) + 3),
]


@pytest.mark.parametrize("source,steps", HAND_COUNTED, ids=[case[0] for case in HAND_COUNTED])
def test_steps_counted_by_hand(source, steps):
    budget = WorkBudget()
    compile_template(source, KEY).render({"name": "Spark", "words": ["ab", "c"], "card": {"row": 2}}, ROW, budget)
    assert budget.used == steps


def slow_project(root: Path, rows: int = 600, work: str = "{% for a in range(10) %}{% for b in range(490) %}"
                 "{% endfor %}{% endfor %}", second: bool = False) -> Path:
    """A project whose one component has `rows` cards, each card's text template doing `work` (9,941 steps)."""
    (root / "card_data/slow").mkdir(parents=True)
    (root / "layouts/slow").mkdir(parents=True)
    components = "  - name: cards\n" + ("  - name: more\n" if second else "")
    (root / "card_data/slow/game.yaml").write_text(f"title: slow\ncomponents:\n{components}", encoding="utf-8")
    names = "".join(f"c{number}\n" for number in range(1, rows + 1))
    layout = ("size: poker\nelements:\n  - {id: work, type: text, x: 5, y: 5, w: 50, h: 10, "
              f"text: \"{work}{{{{ name }}}}\"}}\n")
    for name in ("cards", "more") if second else ("cards",):
        (root / f"card_data/slow/{name}.csv").write_text("name\n" + names, encoding="utf-8")
        (root / f"layouts/slow/{name}.yaml").write_text(layout, encoding="utf-8")
    return root


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture
def small_limits(monkeypatch):
    """Limits a hundred times smaller, so a build reaches them in a moment."""
    monkeypatch.setattr(limits, "MAX_TEMPLATE_STEPS", 10_000)
    monkeypatch.setattr(limits, "MAX_BUILD_TEMPLATE_STEPS", 100_000)


def build_over(rows: str, total: str = "100,001", where: str = "card_data/slow/cards.csv",
               component: str = "cards") -> str:
    return (f"error: {where}: the build's templates did {total} steps, over the limit of 100,000 (most in component "
            f"'{component}', {rows}); {FEWER}")


BUILDS = [  # (name, project, command after "build"/"export"/"proof", message)
    ("600 cards near the template limit", lambda root: slow_project(root), ["build", "slow"],
     build_over("rows 2, 3 and 4: 9,941 steps each")),
    ("the same, exported", lambda root: slow_project(root), ["export", "slow", "--png"],
     build_over("rows 2, 3 and 4: 9,941 steps each")),
    ("the same, proofed", lambda root: slow_project(root), ["proof", "slow"],
     build_over("rows 2, 3 and 4: 9,941 steps each").replace("component 'cards'", "card_data/slow/cards.csv")),
    ("two components, the second over", lambda root: slow_project(root, rows=8, second=True), ["build", "slow"],
     build_over("rows 2, 3 and 4: 9,941 steps each", total="100,001", where="card_data/slow/more.csv")),
    ("cards doing more and more", lambda root: slow_project(root, work="{% for a in range(card.row * 100) %}"
                                                             "{% endfor %}"), ["build", "slow"],
     # row r takes 25 + 200 r steps; rows 2 to 31 take 99,750, and row 32's range(3200) passes the limit
     build_over("rows 31 (6,225 steps), 30 (6,025) and 29 (5,825)", total="102,975")),
    ("one card over the template limit", lambda root: slow_project(root, work="{% for a in range(99999) %}"
                                                                    "{% endfor %}"), ["build", "slow"],
     f"error: {ROW}: template {KEY} goes over a limit: {steps_message(10_000)}; {RUNAWAY}"),
]


@pytest.mark.parametrize("name,make,command,message", BUILDS, ids=[case[0] for case in BUILDS])
def test_a_build_stops_at_its_bound_with_one_line(small_limits, tmp_path, name, make, command, message):
    root = make(tmp_path / "project")
    result = run(*command, "--project", str(root), "--out", str(tmp_path / "out"))
    assert (result.exit_code, result.stderr.splitlines()) == (1, [message])
    assert not (tmp_path / "out" / "slow").exists() or not any((tmp_path / "out" / "slow").rglob("*.pdf"))


def test_a_build_within_the_bound_is_built(small_limits, tmp_path):
    root = slow_project(tmp_path / "project", rows=10)  # 99,410 steps: within 100,000
    result = run("build", "slow", "--project", str(root), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output


class Clock:
    """A clock that moves on a second each time the build reads it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_the_time_limit_is_checked_between_cards(monkeypatch, tmp_path):
    monkeypatch.setattr(budget_module, "_clock", Clock())
    root = slow_project(tmp_path / "project", rows=20, work="{% for a in range(card.row) %}{% endfor %}")
    result = run("build", "slow", "--time-limit", "4.5", "--project", str(root), "--out", str(tmp_path / "out"))
    assert (result.exit_code, result.stderr.splitlines()) == (1, [
        "error: card_data/slow/cards.csv: the build took longer than its time limit of 4.5 s (--time-limit), "
        "stopping before row 6 of component 'cards' (most template work in component 'cards', rows 5 (22 steps), "
        "4 (20) and 3 (18)); allow more time, simplify the templates, or build fewer cards (--component)"])


@pytest.mark.parametrize("value", ["soon", "0", "-5", "nan", "inf", "1e9"])
def test_a_time_limit_must_be_seconds(project, value):
    result = run("build", "--time-limit", value, "--project", str(project))
    assert (result.exit_code, result.output) == (2, f"error: --time-limit: '{value}' is not a number of seconds "
                                                    "above 0 and at most 604800; write e.g. --time-limit 300 to stop "
                                                    "a build after 5 minutes\n")
