"""`pnp build --component` and `--lang`, `pnp new`'s manifest, and messages a designer meets first."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from conftest import poppler
from conftest import replace_once as edit

from pnp.cli.main import main
from pnp.data.read import read_table
from pnp.project.lang import localize_table

TWO_LANGUAGES = """name,name_en,kind,value,text,text_en,count
火花,Spark,attack,1,**1**ダメージを与える。,Deal **1** damage.,4
業火,,attack,3,**3**ダメージを与える。,Deal **3** damage.,2
盾,Shield,defence,2,次の{blue|2}ダメージを防ぐ。,,3
"""


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def pdf_text(path: Path) -> str:
    return poppler("pdftotext", "-layout", str(path), "-")


def test_new_writes_the_manifest_the_readme_describes(tmp_path):
    result = run("new", "mygame", "--project", str(tmp_path))
    assert result.exit_code == 0, result.output
    created = [line for line in result.output.splitlines() if line.startswith("created ")]
    # game.yaml, cards.csv, README, four layouts, four SVG pictures, and the two schemas the files name
    assert created[0].endswith("card_data/mygame/game.yaml") and len(created) == 13
    assert created[-2:] == [f"created {(tmp_path / 'schemas' / name).as_posix()}"
                            for name in ("layout.schema.json", "game.schema.json")]
    manifest = yaml.safe_load((tmp_path / "card_data/mygame/game.yaml").read_text(encoding="utf-8"))
    assert manifest["title"] == "mygame" and manifest["components"] == [
        {"name": "cards",
         "layout": {"by": "kind", "attack": "cards.yaml", "defence": "cards.yaml", "item": "item.yaml"}}]
    assert manifest["check"]["deck"] == ["cards"]
    base = yaml.safe_load((tmp_path / "layouts/mygame/_base.yaml").read_text(encoding="utf-8"))
    assert base["vars"]["kind_colors"] == {"attack": "#c0392b", "defence": "#2471a3", "item": "#27ae60"}
    assert run("build", "mygame", "--project", str(tmp_path)).exit_code == 0


def test_building_is_said_before_an_error(project):
    edit(project / "card_data/demo/cards.csv", "damage.,4", "damage.,four")
    result = run("build", "demo", "--project", str(project))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == "Building demo" and lines[-1].startswith("error: card_data/demo/cards.csv: row 2, column count")


@pytest.mark.parametrize("template,message", [
    ("{{ kind_colors.fier }}", "no key 'fier' (the keys are: attack, defence, item)"),
    ("{{ kind_colors['atack'] }}", "no key 'atack' (did you mean 'attack'? the keys are: attack, defence, item)"),
])
def test_an_unknown_key_lists_the_keys_there_are(project, template, message):
    edit(project / "layouts/demo/cards.yaml", "{{ name }}", template)
    result = run("build", "demo", "--project", str(project))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        "error: card_data/demo/cards.csv: row 2: template error in layouts/demo/cards.yaml: elements[0] (name).text: "
        f"{message}; check the template against the CSV columns")


def test_component_builds_one_component_into_its_own_file_and_leaves_the_rest(project):
    edit(project / "card_data/demo/game.yaml", "  - name: cards", "  - name: extra\n"  # prints cards.csv again
         "    csv: cards.csv\n    layout: cards.yaml\n    back: cards-back.yaml\n    shares_rows: true\n"
         "  - name: cards")
    assert run("build", "demo", "--project", str(project)).exit_code == 0
    out = project / "output/demo"
    full = (out / "demo-a4.pdf").read_bytes()
    edit(project / "card_data/demo/cards.csv", "Spark,", "Sparkle,")
    result = run("build", "demo", "--component", "extra", "--project", str(project))
    assert result.exit_code == 0, result.output
    assert "Built 1 game(s): 10 cards on 4 sheet pages, 3 PDF files" in result.output
    assert (out / "demo-a4.pdf").read_bytes() == full  # the whole game's sheets are left as they were
    assert "Sparkle" in pdf_text(out / "demo-extra-a4.pdf") and "Sparkle" in pdf_text(out / "print-shop/extra.pdf")
    assert "Sparkle" not in pdf_text(out / "print-shop/cards.pdf")  # the other component's files are kept


@pytest.mark.parametrize("args,code,message", [
    (["demo", "--component", "nope"], 2, "error: --component: demo has no component 'nope'; use one of cards"),
    (["demo", "other", "--component", "cards"], 2,
     "error: pnp build: --component needs exactly one GAME; name the game: pnp build GAME --component NAME"),
    (["demo", "--lang", "en"], 2, "error: --lang: no column of demo ends in _en; add columns such as text_en beside "
                                  "text in the CSV, or drop --lang"),
    (["demo", "--lang", "EN!"], 2, "error: --lang: 'EN!' is not a language code; write a code of 2 or 3 lower-case "
                                   "letters, as in the column names, e.g. --lang en"),
])
def test_bad_component_and_lang(project, args, code, message):
    run("new", "other", "--project", str(project))
    result = run("build", *args, "--project", str(project))
    assert result.exit_code == code
    assert result.output.splitlines()[-1] == message


def test_lang_prints_the_english_edition_from_the_same_csv(project):
    (project / "card_data/demo/cards.csv").write_text(TWO_LANGUAGES, encoding="utf-8")
    assert run("build", "demo", "--project", str(project)).exit_code == 0
    result = run("build", "demo", "--lang", "en", "--project", str(project))
    assert result.exit_code == 0, result.output
    japanese, english = project / "output/demo", project / "output/demo-en"
    assert sorted(p.relative_to(english).as_posix() for p in english.rglob("*.pdf")) == [
        "demo-en-a4.pdf", "print-shop/cards-back.pdf", "print-shop/cards.pdf"]
    assert (japanese / "demo-a4.pdf").exists()  # the Japanese edition is left as it was
    text = pdf_text(english / "print-shop/cards.pdf")
    assert "Spark" in text and "Deal 1 damage." in text
    assert "業火" in text and "Deal 3 damage." in text  # an empty name_en keeps the Japanese name
    assert "Shield" in text and "次の2ダメージを防ぐ。" in text  # an empty text_en keeps the Japanese text
    assert "火花" not in text and "Sparks" not in text
    ja = pdf_text(japanese / "print-shop/cards.pdf")
    assert "火花" in ja and "Spark" not in ja


def test_localize_table_replaces_only_filled_cells(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text(TWO_LANGUAGES, encoding="utf-8")
    table = read_table(path, "cards.csv")
    english = localize_table(table, "en")
    assert [(r.values["name"], r.values["text"]) for r in english.rows] == [
        ("Spark", "Deal **1** damage."), ("業火", "Deal **3** damage."),
        ("Shield", "次の{blue|2}ダメージを防ぐ。")]
    assert [r.count for r in english.rows] == [4, 2, 3] and english.columns == table.columns
    assert localize_table(table, "fr") is table
