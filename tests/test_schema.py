"""JSON Schemas for editors: made from the loaders' key tables, shipped in the package, written by `pnp schema`,
named by the files `pnp new` writes; every shipped layout and game.yaml passes, every known bad key fails."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT
from jsonschema import Draft7Validator

from pnp.cli.main import main
from pnp.data.yamlfile import load_yaml
from pnp.errors import PnpError
from pnp.layout.files import load_layout
from pnp.project.games import Project
from pnp.scaffold.schema import schema_texts
from pnp.scaffold.writer import scaffold

SHIPPED = ROOT / "pnp" / "scaffold" / "schemas"
LAYOUT = Draft7Validator(json.loads(schema_texts()["layout.schema.json"]))
GAME = Draft7Validator(json.loads(schema_texts()["game.schema.json"]))
BAD_LAYOUTS = [
    {"nmae": 1}, {"colours": {}}, {"elements": [{"type": "text", "colour": "red"}]},
    {"elements": [{"type": "rect", "text": "x"}]}, {"elements": [{"type": "line", "w": 3}]},
    {"styles": {"body": {"bold": True}}}, {"symbols": {"coin": {"char": "●", "colour": "red"}}},
    {"extends": "_base.yaml", "elements": [{"id": "a", "drop": True, "x": 1}]},
    {"elements": [{"type": "picture"}]},
    {"elements": [{"type": "text", "x": 5, "y": 5, "w": 9, "h": 9, "text": "a", "align": "centre"}]},
]
BAD_GAMES = [
    {"titel": "x"}, {"components": [{"name": "a", "layouts": "x.yaml"}]},
    {"components": [{"name": "a", "kind": "deck"}]},
    {"check": {"hands": 3}}, {"check": {"questions": [{"name": "q", "hand_hass": "x"}]}}, {"paper": "a5"},
    {"check": {"deck": [{"component": "a", "wher": "x"}]}},
]


def _yaml(path: Path):
    return load_yaml(path.read_text(encoding="utf-8"), path.name)


def test_the_shipped_schemas_are_the_generated_ones():
    assert {path.name: path.read_text(encoding="utf-8") for path in SHIPPED.glob("*.json")} == schema_texts()
    for text in schema_texts().values():
        Draft7Validator.check_schema(json.loads(text))


def test_every_shipped_layout_and_manifest_passes(tmp_path):
    scaffold(Project(tmp_path), "demo", rules=True)
    layouts = sorted((ROOT / "layouts").rglob("*.yaml")) + sorted((tmp_path / "layouts").rglob("*.yaml"))
    manifests = sorted((ROOT / "card_data").glob("*/game.yaml")) + [tmp_path / "card_data/demo/game.yaml"]
    assert len(layouts) > 40 and len(manifests) == 7
    for path in layouts:
        assert [error.message for error in LAYOUT.iter_errors(_yaml(path))] == [], path
    for path in manifests:
        assert [error.message for error in GAME.iter_errors(_yaml(path))] == [], path


@pytest.mark.parametrize("data", BAD_LAYOUTS, ids=[json.dumps(d, ensure_ascii=False) for d in BAD_LAYOUTS])
def test_a_bad_layout_key_fails_the_schema(data):
    assert list(LAYOUT.iter_errors(data))


@pytest.mark.parametrize("data", BAD_LAYOUTS, ids=[json.dumps(d, ensure_ascii=False) for d in BAD_LAYOUTS])
def test_the_loader_refuses_the_same_keys(tmp_path, data):
    (tmp_path / "_base.yaml").write_text("elements: [{id: a, type: rect, x: 0, y: 0, w: 1, h: 1}]", encoding="utf-8")
    (tmp_path / "x.yaml").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(PnpError, match="unknown|drop: true"):
        load_layout(tmp_path / "x.yaml", tmp_path, lambda path: path.name)


@pytest.mark.parametrize("data", BAD_GAMES, ids=[json.dumps(d) for d in BAD_GAMES])
def test_a_bad_manifest_key_fails_the_schema(data):
    assert list(GAME.iter_errors(data))


def test_pnp_schema_writes_them_and_pnp_new_names_them(tmp_path):
    scaffold(Project(tmp_path), "demo")
    assert (tmp_path / "layouts/demo/cards.yaml").read_text(encoding="utf-8").startswith(
        "# yaml-language-server: $schema=../../schemas/layout.schema.json\n")
    assert (tmp_path / "card_data/demo/game.yaml").read_text(encoding="utf-8").startswith(
        "# yaml-language-server: $schema=../../schemas/game.schema.json\n")
    assert {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "schemas").iterdir()} == schema_texts()
    (tmp_path / "schemas/game.schema.json").write_text("old", encoding="utf-8")
    result = CliRunner().invoke(main, ["schema", "--project", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "schemas").iterdir()} == schema_texts()
    result = CliRunner().invoke(main, ["schema", "--project", str(tmp_path), "--out", str(tmp_path / "layouts/x")])
    assert result.exit_code == 2 and "is inside the project's layouts/ folder" in result.output
    assert not (tmp_path / "layouts/x").exists()
