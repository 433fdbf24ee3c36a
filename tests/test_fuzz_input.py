"""Random CSV and YAML text through build, proof and check: never a traceback, never a multi-line message."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner
from conftest import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.cli.main import main
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold, template

CELLS = st.one_of(st.sampled_from(["", "1", "0", "-1", "3", "1000000", "x", '"', '""', '"a\nb"', "a\nb", "{bleu|1}",
                                   "{blue|", "**", ":star:", "\\", "１", "〜", "【", "count", "name", "\ufeff", "\x00",
                                   "\r", " ", "{{ name }}", "{% if %}"]),
                  st.text(max_size=6))
YAML = st.sampled_from(["\n", "\n  ", "\n  - ", "- ", ": ", "{", "}", "[", "]", ", ", "&a ", "*a",
                        "!!python/object:os.system ",
                        "extends: ", "_base.yaml", "../x.yaml", "/etc/passwd", "size: ", "poker", "[63, 88]",
                        "[0, 1e9]", "bleed: ", "1e308", ".nan", "-1", "elements:", "type: text", "type: image",
                        "type: rect", "x: 1", "y: 2", "w: 30", "h: 9", "src: ", "art.png", "text: ", "'{{ name }}'",
                        "'{{ 10**9 }}'", "'{{ name * 99999 }}'", "style: body", "font: ", "regular", "size: 0",
                        "size: 1e9", "visible: ", "'name ==='", "fill: ", "'#zzz'", "vars:", "colors:", "a: b",
                        "fonts:", "id: name", "\t", "'", '"', "#", "|", ">", "~", "? ", "%YAML 1.1\n", "---\n"])


VALUES = st.sampled_from(["1", "-5", "1e9", "-1e9", ".nan", ".inf", "0", "'{{ 10**999 }}'", "'{{ name }}'", "[1, 2]",
                          "{}", "x", "'#ggg'", "''", "null", "*a", "&a 1", "art/none.png", "../x.png", "circle",
                          "blob", "text", "image", "icon", "'{{ card.copy }}'", "'{{ value * 1000 }}'", "'a\\nb'",
                          "'{{ \\'x\\' * value * 99999 }}'", "'{bleu|x}'", "yes", "2000.5"])
LINES = template("layouts/cards.yaml").splitlines()
BASE_LINES = template("layouts/_base.yaml").splitlines()


def mutated(lines: list[str], changes: list[tuple[int, str]]) -> str:
    """An example layout with some values replaced."""
    lines = list(lines)
    for index, value in changes:
        index %= len(lines)
        key, sep, _ = lines[index].partition(": ")
        lines[index] = f"{key}{sep or ': '}{value}"
    return "\n".join(lines) + "\n"


def run(*args: str):
    return CliRunner().invoke(main, list(args), prog_name="pnp")


def assert_clean(result) -> None:
    """No traceback; a failure is exactly one `error:` line on stderr."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert "Traceback" not in result.output
    if result.exit_code != 0:
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    else:
        assert result.stderr == ""


def csv_text(header: list[str]):
    """Rows of random cells joined by commas with no quoting, so quotes and newlines can break the structure."""
    head = st.one_of(st.just(header), st.lists(CELLS, max_size=len(header) + 1))
    rows = st.lists(st.lists(CELLS, max_size=len(header) + 1), max_size=5)
    return st.tuples(head, rows).map(lambda hr: "\n".join(",".join(r) for r in [hr[0], *hr[1]]) + "\n")


FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def demo(tmp_path):
    scaffold(Project(tmp_path), "demo")
    return tmp_path


@FUZZ
@given(csv=csv_text(["name", "kind", "value", "text", "count"]), yaml=st.lists(YAML, max_size=24).map("".join))
def test_build_and_proof_never_crash(demo, csv, yaml):
    (demo / "card_data/demo/cards.csv").write_text(csv, encoding="utf-8")
    (demo / "layouts/demo/cards-back.yaml").write_text(yaml, encoding="utf-8")
    assert_clean(run("build", "--project", str(demo)))
    assert_clean(run("proof", "demo", "--project", str(demo)))


@FUZZ
@given(front=st.lists(st.tuples(st.integers(0, 99), VALUES), max_size=3),
       base=st.lists(st.tuples(st.integers(0, 99), VALUES), max_size=2))
def test_layout_values_never_crash(demo, front, base):
    (demo / "layouts/demo/cards.yaml").write_text(mutated(LINES, front), encoding="utf-8")
    (demo / "layouts/demo/_base.yaml").write_text(mutated(BASE_LINES, base), encoding="utf-8")
    assert_clean(run("build", "--project", str(demo)))
    assert_clean(run("proof", "demo", "--project", str(demo)))


@FUZZ
@given(yaml=st.lists(YAML, max_size=24).map("".join))
def test_manifest_never_crashes(demo, yaml):
    (demo / "card_data/demo/game.yaml").write_text(yaml, encoding="utf-8")
    assert_clean(run("build", "--project", str(demo)))


@pytest.fixture
def torite(tmp_path):
    shutil.copytree(ROOT / "card_data" / "torite4to6", tmp_path / "card_data" / "torite4to6")
    return tmp_path


@FUZZ
@given(setup=csv_text(["players", "hand_size", "dealt", "set_aside", "candidate_pieces", "candidate_row"]),
       members=csv_text(["id", "color", "color_name", "trump", "number", "contribution", "count"]))
def test_check_never_crashes(torite, setup, members):
    (torite / "card_data/torite4to6/setup.csv").write_text(setup, encoding="utf-8")
    (torite / "card_data/torite4to6/members.csv").write_text(members, encoding="utf-8")
    assert_clean(run("check", "torite4to6", "--games", "2", "--players", "3", "--project", str(torite)))
