"""YAML is read with YAML 1.2's core booleans: only true and false; yes, no, on, off, y and n are text."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pnp.cli.main import main
from pnp.data.yamlfile import load_yaml
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold


@pytest.mark.parametrize("word", ["no", "No", "NO", "yes", "Yes", "on", "On", "OFF", "off", "y", "n", "Y", "N"])
def test_yes_no_on_off_are_text(word):
    assert load_yaml(f"id: {word}\nlist: [{word}]", "x.yaml") == {"id": word, "list": [word]}


@pytest.mark.parametrize("word,value", [("true", True), ("True", True), ("TRUE", True), ("false", False),
                                        ("False", False), ("FALSE", False)])
def test_true_and_false_are_booleans(word, value):
    assert load_yaml(f"a: {word}", "x.yaml") == {"a": value}


def test_an_element_named_no_builds(tmp_path):
    scaffold(Project(tmp_path), "demo")
    front = tmp_path / "layouts/demo/cards.yaml"
    front.write_text(front.read_text(encoding="utf-8").replace("  - id: kind\n", "  - id: no\n"), encoding="utf-8")
    item = tmp_path / "layouts/demo/item.yaml"
    item.write_text(item.read_text(encoding="utf-8") + "  - {id: on, drop: true}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "--project", str(tmp_path), "--paper", "a4"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        "error: layouts/demo/item.yaml: elements[3].id: no element 'on' in the layout this one extends, so there is "
        "nothing to drop; its ids: name, no, picture, text, value, value_text")
    item.write_text(item.read_text(encoding="utf-8").replace("{id: on,", "{id: no,"), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "--project", str(tmp_path)])
    assert result.exit_code == 0, result.output
