"""pnp writes only inside the output folder it owns: never through a link a project brings, never outside it."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import published
from conftest import replace_once as edit

from pnp.cli.main import main

CANARY = b"%PDF-1.4 the user's own file, not pnp's\n"
LINK = "is a symbolic link; pnp never writes through a link in its output folder; delete the link (what it " \
       "points to is not pnp's), or write elsewhere with --out"
NOT_PLAIN = "is not a plain name (letters, digits, '_' and '-' only, at most 32 characters, not starting with '-')"


@pytest.fixture
def demo(tmp_path) -> Path:
    """A scratch project in tmp_path/project; tmp_path/home stands for the user's own files."""
    from pnp.project.games import Project
    from pnp.scaffold.writer import scaffold
    root = tmp_path / "project"
    scaffold(Project(root), "demo")
    (tmp_path / "home").mkdir()
    return root


def run(*args: str):
    return CliRunner().invoke(main, list(args), prog_name="pnp", catch_exceptions=False)


def plant(path: Path, data: bytes = CANARY) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def victim_folder(p: Path) -> Path:
    """A folder of the user's that a link points at, with the files a build of demo would replace or remove."""
    home = p.parent / "home" / "victim"
    for name in ("demo-a4.pdf", "print-shop/cards.pdf", "print-shop/old.pdf", "png/cards/001-front.png", "notes.txt"):
        plant(home / name)
    return home


def link_to_victim(p: Path, where: str) -> None:
    target = victim_folder(p)
    if where.startswith("output/demo/"):  # the link stands for a folder below the game's
        target = target / Path(where).name
    (p / where).parent.mkdir(parents=True, exist_ok=True)
    os.symlink(target, p / where)


def link_file(p: Path, where: str) -> None:
    victim = plant(p.parent / "home" / "thesis.pdf")
    (p / where).parent.mkdir(parents=True, exist_ok=True)
    os.symlink(victim, p / where)


def component(p: Path, name: str) -> None:
    manifest = p / "card_data/demo/game.yaml"
    text = re.sub(r"- name: cards.*\n    layout: .*\n", f"- {{name: '{name}', csv: cards.csv, layout: cards.yaml, "
                  "back: cards-back.yaml}\n", manifest.read_text(encoding="utf-8"))
    manifest.write_text(text, encoding="utf-8")


LINKS = [
    ("output is a link", ["build"], lambda p: link_to_victim(p, "output"), f"output: {LINK}"),
    ("output/demo is a link", ["build"], lambda p: link_to_victim(p, "output/demo"), f"output/demo: {LINK}"),
    ("print-shop is a link", ["build"], lambda p: link_to_victim(p, "output/demo/print-shop"),
     f"output/demo/print-shop: {LINK}"),
    ("a sheet file is a link", ["build"], lambda p: link_file(p, "output/demo/demo-a4.pdf"),
     f"output/demo/demo-a4.pdf: {LINK}"),
    ("a print-shop file is a link", ["build"], lambda p: link_file(p, "output/demo/print-shop/cards.pdf"),
     f"output/demo/print-shop/cards.pdf: {LINK}"),
    ("an A4 file of another paper is a link", ["build", "--paper", "letter"],
     lambda p: link_file(p, "output/demo/demo-a4.pdf"), f"output/demo/demo-a4.pdf: {LINK}"),
    ("the proof is a link", ["proof", "demo"], lambda p: link_file(p, "output/demo/demo-proof.pdf"),
     f"output/demo/demo-proof.pdf: {LINK}"),
    ("png is a link", ["export", "demo", "--png"], lambda p: link_to_victim(p, "output/demo/png"),
     f"output/demo/png: {LINK}"),
    ("an export folder is a link", ["export", "demo", "--png"],
     lambda p: (p / "output/demo/png").mkdir(parents=True) or os.symlink(victim_folder(p), p / "output/demo/png/cards"),
     f"output/demo/png/cards: {LINK}"),
    ("a link deep in an earlier export", ["build"], lambda p: link_file(p, "output/demo/tts/cards/cards-1.png"),
     f"output/demo/tts/cards/cards-1.png: {LINK}"),
    ("the output folder's lock file is a link", ["build"], lambda p: link_file(p, "output/.pnp-lock"),
     f"output/.pnp-lock: {LINK}"),
    ("a fifo in the output folder", ["build"],
     lambda p: (p / "output/demo").mkdir(parents=True) or os.mkfifo(p / "output/demo/pipe"),
     "output/demo/pipe: is neither a file nor a folder; pnp's output folder holds only files and folders; delete it, "
     "or write elsewhere with --out"),
    ("a link inside --out", ["build", "--out", "{project}/output/inner"], lambda p: link_to_victim(p, "output"),
     f"output: {LINK}"),
    ("component ../../../../thesis", ["build"], lambda p: component(p, "../../../../thesis"),
     f"card_data/demo/game.yaml: components[0].name: component '../../../../thesis' {NOT_PLAIN}; it names the "
     "component's output files; write a name such as 'cards' or 'event_cards'"),
    ("absolute component name", ["build"], lambda p: component(p, "/thesis"),
     f"card_data/demo/game.yaml: components[0].name: component '/thesis' {NOT_PLAIN}; it names the "
     "component's output files; write a name such as 'cards' or 'event_cards'"),
    ("export of component ../../../../Pictures", ["export", "demo", "--png"],
     lambda p: component(p, "../../../../Pictures"),
     f"card_data/demo/game.yaml: components[0].name: component '../../../../Pictures' {NOT_PLAIN}; it names the "
     "component's output files; write a name such as 'cards' or 'event_cards'"),
]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("name,command,plant_link,message", LINKS, ids=[case[0] for case in LINKS])
def test_a_planted_link_is_refused_and_the_users_files_survive(demo, name, command, plant_link, message):
    plant_link(demo)
    (demo.parent / "home" / "Pictures").mkdir(exist_ok=True)
    plant(demo.parent / "home" / "Pictures" / "holiday.png")
    home = snapshot(demo.parent / "home")
    result = run(*[arg.replace("{project}", str(demo)) for arg in command], "--project", str(demo))
    assert result.stderr.splitlines() == [f"error: {message}"]
    assert result.exit_code == 1
    assert snapshot(demo.parent / "home") == home, "a file outside the output folder was changed"
    assert not list(demo.parent.glob("*.pdf")), "nothing is written beside the project"


OUT_INSIDE = "is inside the project's {folder}/ folder; write output to a folder outside card_data/, layouts/ and " \
             "fonts/ (the default is the project's output/ folder)"


@pytest.mark.parametrize("command", [["build"], ["proof", "demo"], ["export", "demo", "--png"]])
@pytest.mark.parametrize("out,folder", [("card_data", "card_data"), ("card_data/demo", "card_data"),
                                        ("layouts", "layouts"), ("fonts/x", "fonts")])
def test_out_inside_the_projects_own_folders_is_refused(demo, command, out, folder):
    (demo / "fonts").mkdir()
    plant(demo / "card_data/demo/print-shop/cards.pdf")
    before = snapshot(demo)
    result = run(*command, "--project", str(demo), "--out", str(demo / out))
    assert result.stderr.splitlines() == [f"error: --out: '{out}' {OUT_INSIDE.format(folder=folder)}"]
    assert result.exit_code == 2
    assert snapshot(demo) == before


def test_a_game_folder_that_would_replace_the_project_is_refused(demo):
    (demo / "card_data" / "layouts").mkdir()
    (demo / "card_data" / "layouts" / "cards.csv").write_text("name\nx\n", encoding="utf-8")
    (demo / "layouts" / "layouts").mkdir()
    (demo / "layouts" / "layouts" / "cards.yaml").write_text("size: poker\nelements: []\n", encoding="utf-8")
    result = run("build", "layouts", "--project", str(demo), "--out", str(demo))
    assert result.stderr.splitlines() == ["error: --out: 'layouts' would replace the project's layouts/ folder; "
                                          "write output to another folder"]
    assert (demo / "layouts" / "demo" / "cards.yaml").is_file()


def test_a_hard_linked_output_file_is_replaced_never_written_through(demo):
    """A hard link cannot be seen for what it is; pnp renames new files into place, so the other name keeps its data."""
    victim = plant(demo.parent / "home" / "thesis.pdf")
    (demo / "output" / "demo" / "print-shop").mkdir(parents=True)
    os.link(victim, demo / "output" / "demo" / "demo-a4.pdf")
    os.link(victim, demo / "output" / "demo" / "print-shop" / "old.pdf")
    assert run("build", "--project", str(demo)).exit_code == 0
    assert victim.read_bytes() == CANARY
    assert (demo / "output" / "demo" / "demo-a4.pdf").read_bytes().startswith(b"%PDF-1.")
    assert not (demo / "output" / "demo" / "print-shop" / "old.pdf").exists()


NAMES = [
    ("a space", "my cards"), ("a dot", "cards.v2"), ("a slash", "a/b"), ("a backslash", "a\\\\b"), ("empty", ""),
    ("a leading dash", "-cards"), ("dot dot", ".."), ("too long", "c" * 33), ("a newline", "a\\nb"),
]


@pytest.mark.parametrize("label,name", NAMES, ids=[case[0] for case in NAMES])
def test_component_names_in_game_yaml_are_plain(demo, label, name):
    (demo / "card_data/demo/game.yaml").write_text(f'components:\n  - {{name: "{name}", csv: cards.csv, '
                                                   'layout: cards.yaml}\n', encoding="utf-8")
    result = run("build", "--project", str(demo))
    shown = repr(name.encode().decode("unicode_escape"))
    assert result.stderr.splitlines() == [f"error: card_data/demo/game.yaml: components[0].name: component {shown} "
                                          f"{NOT_PLAIN}; it names the component's output files; write a name such as "
                                          "'cards' or 'event_cards'"]
    assert result.exit_code == 1
    assert not (demo / "output").exists()


def test_plain_names_in_any_script_build(demo):
    (demo / "layouts" / "demo" / "カード-2.yaml").write_text((demo / "layouts/demo/cards.yaml").read_text("utf-8"),
                                                            encoding="utf-8")
    (demo / "card_data/demo/game.yaml").write_text('components:\n  - {name: カード-2, csv: cards.csv}\n  - '
                                                   '{name: 2024, csv: cards.csv, layout: cards.yaml, '
                                                   'shares_rows: true}\n',
                                                   encoding="utf-8")
    assert run("build", "--project", str(demo)).exit_code == 0
    shop = sorted(p.name for p in (demo / "output/demo/print-shop").iterdir())
    assert shop == ["2024.pdf", "カード-2.pdf"]


def test_a_csv_named_by_convention_must_have_a_plain_name(demo):
    (demo / "card_data/demo/game.yaml").unlink()
    (demo / "card_data/demo/cards.csv").rename(demo / "card_data/demo/my cards.csv")
    result = run("build", "--project", str(demo))
    assert result.stderr.splitlines() == [
        f"error: card_data/demo/my cards.csv: component 'my cards' {NOT_PLAIN}; rename the file, or list it in "
        "game.yaml with a plain name: '- {name: cards, csv: my cards.csv}'"]


@pytest.mark.parametrize("command", [["build"], ["proof"], ["export", "--png"], ["watch"]])
def test_game_folders_must_have_plain_names(demo, command):
    (demo / "card_data" / "old cards").mkdir()
    (demo / "card_data" / "old cards" / "cards.csv").write_text("name\nx\n", encoding="utf-8")
    result = run(command[0], "old cards", *command[1:], "--project", str(demo))
    assert result.stderr.splitlines() == [f"error: card_data/old cards: game folder 'old cards' {NOT_PLAIN}; rename "
                                          "the folder: its name is the name of the game's output folder"]
    assert result.exit_code == 1


@pytest.mark.parametrize("name", ["../layouts", "demo/../demo", "/tmp"])
def test_a_game_name_that_is_a_path_names_no_game(demo, name):
    result = run("build", name, "--project", str(demo))
    assert result.stderr.splitlines() == [f"error: card_data: no game '{name}' in card_data/; known games: demo; "
                                          f"start one with 'pnp new {name}'"]
    assert not (demo / "output").exists() and not (demo / "layouts" / "layouts").exists()


def test_a_failed_export_leaves_no_empty_folder(demo):
    edit(demo / "card_data/demo/cards.csv", "Deal **1** damage.", "x" * 5000)  # fails while drawing, not loading
    result = run("export", "demo", "--png", "--project", str(demo))
    assert result.exit_code == 1
    assert not (demo / "output").exists()
    result = run("export", "demo", "--png", "--project", str(demo), "--out", str(demo.parent / "new" / "deep"))
    assert result.exit_code == 1
    assert not (demo.parent / "new").exists()


@pytest.mark.parametrize("command", [["check", "demo", "--json", "{p}/output/r.json"],
                                     ["check", "demo", "--report", "{p}/output/r.pdf"],
                                     ["proof", "demo", "--out", "{p}/../out", "--text", "{p}/output/cards.md"]])
def test_a_file_you_name_is_not_written_through_a_link_of_the_project(demo, command):
    link_to_victim(demo, "output")
    home = snapshot(demo.parent / "home")
    result = run(*[arg.replace("{p}", str(demo)) for arg in command], "--project", str(demo))
    assert result.stderr.splitlines() == [f"error: output: {LINK}"]
    assert snapshot(demo.parent / "home") == home


@pytest.mark.parametrize("kind", ["symlink", "hard link"])
def test_a_lock_file_planted_in_the_output_folder_is_never_followed_written_or_truncated(demo, kind):
    """A link named as a dead run's lock file, or as the folder's own: the user's file keeps its bytes."""
    victim = plant(demo.parent / "home" / "thesis.pdf")
    (demo / "output").mkdir()
    planted = [demo / "output" / ".demo.abcd1234.pnp-lock", demo / "output" / ".demo-a4.pdf.efgh5678.pnp-lock"]
    for link in planted:
        os.symlink(victim, link) if kind == "symlink" else os.link(victim, link)
    if kind == "hard link":
        os.link(victim, demo / "output" / ".pnp-lock")
    assert run("build", "--project", str(demo)).exit_code == 0
    assert victim.read_bytes() == CANARY and victim.stat().st_nlink == 1
    left = published(demo / "output")
    assert left == (["demo"] if kind == "hard link" else sorted(["demo", *(link.name for link in planted)]))
