"""`pnp proof --since REF`: cards added, removed, changed in their cells and changed only in how they look."""

from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT, copy_games, poppler, replace_once

from pnp.cli.main import main
from pnp.project.games import Project
from pnp.revision.run import run_since

CSV = "card_data/demo/cards.csv"
CHANGED_LINES = [
    "changed: cards: Blaze (card_data/demo/cards.csv: row 3 → row 2): text: Deal **[-3-]{+4+}** damage. Discard a "
    "card.",
    "rendering: cards: Potion (card_data/demo/cards.csv: row 5 → row 4): layout layouts/demo/item.yaml changed",
    "added: cards: Ward (card_data/demo/cards.csv: row 5): 2 copies",
    "removed: cards: Spark (card_data/demo/cards.csv: row 2): 4 copies",
]
SUMMARY = "1 changed, 1 added, 1 removed, 1 changed in rendering only"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=pnp", "-c", "user.email=pnp@example.com", *args], cwd=folder,
                          check=True, capture_output=True, text=True).stdout


def edit_demo(project: Path) -> None:
    """Blaze's text edited, Spark removed, Ward added, the item layout's name moved by 1 mm (Potion's cells kept)."""
    replace_once(project / CSV, "Deal **3** damage.", "Deal **4** damage.")
    replace_once(project / CSV, "Spark,attack,1,Deal **1** damage.,4\n", "")
    with open(project / CSV, "a", encoding="utf-8") as handle:
        handle.write("Ward,defence,1,Block 1.,2\n")
    replace_once(project / "layouts/demo/item.yaml", "x: 5, y: 5, w: 53", "x: 6, y: 5, w: 53")


@pytest.fixture
def in_git(project: Path) -> Path:
    """The `pnp new` project committed in a git repository of its own, then edited."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "first print")
    edit_demo(project)
    return project


def test_since_a_revision_lists_each_kind_of_change_and_writes_the_errata(in_git):
    result = run("proof", "demo", "--project", str(in_git), "--since", "HEAD")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:4] == CHANGED_LINES
    assert lines[4].startswith(f"Compared demo with HEAD: {SUMMARY}; wrote ")
    folder = in_git / "output/demo"
    markdown = (folder / "demo-errata.md").read_text(encoding="utf-8")
    assert "| cards | Blaze | row 3 → row 2 | text | Deal **3** damage.<br>Discard a card. | Deal **4** damage.<br>" \
           "Discard a card. | Deal **[-3-]{+4+}** damage.<br>Discard a card. |" in markdown
    assert "| cards | Potion | row 5 → row 4 | layout layouts/demo/item.yaml changed |" in markdown
    table = list(csv.DictReader(io.StringIO((folder / "demo-errata.csv").read_text(encoding="utf-8-sig"))))
    assert [(r["change"], r["card"], r["old_row"], r["new_row"], r["field"]) for r in table] == [
        ("changed", "Blaze", "3", "2", "text"), ("added", "Ward", "", "5", ""), ("removed", "Spark", "2", "", ""),
        ("rendering", "Potion", "5", "4", "")]
    pages = poppler("pdftotext", "-layout", str(folder / "demo-changes.pdf"), "-").split("\f")
    assert len([page for page in pages if page.strip()]) == 4
    assert "Blaze" in pages[0] and "was: Deal **3** damage." in pages[0] and "now: Deal **4** damage." in pages[0]
    assert "then (HEAD)" in pages[0] and "Changed since HEAD" in pages[0]
    assert "no such card" in pages[3] and "Spark" in pages[3]
    assert not [name for name in os.listdir(in_git / "output") if name.startswith(".")]  # the revision was removed


def test_since_a_folder_finds_the_same_changes_without_git(project, tmp_path_factory):
    earlier = tmp_path_factory.mktemp("earlier") / "first-print"
    shutil.copytree(project, earlier)
    edit_demo(project)
    result = run("proof", "demo", "--project", str(project), "--since", str(earlier), "--strict")
    assert result.exit_code == 1
    assert result.output.splitlines()[:4] == CHANGED_LINES
    same = run("proof", "demo", "--project", str(earlier), "--since", str(earlier), "--strict")
    assert same.exit_code == 0 and f"Compared demo with {earlier}: 0 changed, 0 added, 0 removed" in same.output


def test_bad_references_are_one_line(in_git, tmp_path_factory):
    elsewhere, no_git = tmp_path_factory.mktemp("not-a-project"), tmp_path_factory.mktemp("no-git")
    shutil.copytree(in_git / "card_data", no_git / "card_data")
    shutil.copytree(in_git / "layouts", no_git / "layouts")
    cases = [
        (in_git, "v9", "error: --since: 'v9' is no folder and no revision of the project's repository; name a commit, "
                       "branch or tag of the project's repository (git log lists them), or an earlier project folder"),
        (in_git, str(elsewhere), f"error: --since: '{elsewhere}' is not a project folder: it holds no card_data/; "
                                 "name the folder that holds card_data/ and layouts/, or a git revision"),
        (no_git, "HEAD", "error: --since: 'HEAD' is no folder, and the project is in no git repository; name an "
                         "earlier project folder, or keep the project in git to compare with a revision"),
    ]
    for folder, ref, line in cases:
        result = CliRunner().invoke(main, ["proof", "demo", "--project", str(folder), "--since", ref])
        assert (result.exit_code, result.output) == (1, line + "\n")


def test_reading_a_revision_runs_no_program_the_repository_names(in_git):
    ran = in_git / "ran"
    git(in_git, "config", "core.fsmonitor", f"touch {ran.as_posix()}")
    git(in_git, "config", "core.hooksPath", ".githooks")
    hooks = in_git / ".githooks"
    hooks.mkdir()
    for hook in ("post-checkout", "post-index-change", "reference-transaction"):
        (hooks / hook).write_text(f"#!/bin/sh\ntouch {ran.as_posix()}\n")
        (hooks / hook).chmod(0o755)
    result = run("proof", "demo", "--project", str(in_git), "--since", "HEAD")
    assert result.exit_code == 0 and SUMMARY in result.output
    assert not ran.exists()


def test_eitsuku_cells_and_a_layout_edit_since_a_revision(tmp_path):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    project = copy_games(tmp_path, "eitsuku", layouts=True).root
    shutil.copytree(ROOT / "fonts", project / "fonts")
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "first print")
    replace_once(project / "card_data/eitsuku/event.csv", "最終得点に【+10】点", "最終得点に【+12】点")
    replace_once(project / "layouts/eitsuku/event.yaml", 'type: text, x: 5.5, y: "{{ 23.8', 'type: text, x: 6.5, y: '
                                                                                          '"{{ 23.8')
    report = run_since(Project(project), "eitsuku", "HEAD", project / "output", ("event",))
    changed = [c for c in report.found.changes if c.kind == "changed"]
    assert [(c.name, c.old.number, [f.marked() for f in c.fields]) for c in changed] == [
        ("タイアップキャンペーン", 2, ["・このカードが『場』に配置されている間、"
                                 "最終得点に【+1[-0-]{+2+}】点追加する。\n(このカードが複数配置された場合、効果は重複する)"])]
    rendering = [c for c in report.found.changes if c.kind == "rendering"]
    assert len(rendering) == 14  # every other event: its text moved by 1 mm
    assert {c.cause for c in rendering} == {"layout layouts/eitsuku/event.yaml changed"}
    assert report.found.counts()["added"] == report.found.counts()["removed"] == 0


def test_only_changed_since_prints_just_the_changed_and_added_cards_and_a_reprint_list(in_git):
    result = run("build", "demo", "--project", str(in_git), "--only-changed-since", "HEAD")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1:5] == CHANGED_LINES
    folder = in_git / "output/demo-reprint"
    fronts = poppler("pdftotext", str(folder / "print-shop/cards.pdf"), "-").split("\f")
    assert [page.split("\n", 1)[0] for page in fronts if page.strip()] == ["Blaze", "Blaze", "Potion", "Ward", "Ward"]
    assert "Deal 4 damage." in fronts[0]
    assert poppler("pdfinfo", str(folder / "print-shop/cards-back.pdf")).count("Pages:           5") == 1
    assert "Pages:           2" in poppler("pdfinfo", str(folder / "demo-reprint-a4.pdf"))  # a front and a back sheet
    listed = (folder / "reprint.md").read_text(encoding="utf-8")
    assert "| cards | Blaze | row 3 → row 2 | 2 | 2 | text |" in listed
    assert "| cards | Potion | row 5 → row 4 | 1 | 1 | layout layouts/demo/item.yaml changed |" in listed
    assert "## Add\n\n| component | card | row | print |\n|---|---|---|---|\n| cards | Ward | row 5 | 2 |" in listed
    assert ("## Throw away\n\n| component | card | row | throw away |\n|---|---|---|---|\n"
            "| cards | Spark | row 2 | 4 |") in listed
    assert not (in_git / "output/demo").exists()  # the full build's folder is not touched


def test_watch_since_marks_the_cards_that_differ_from_the_revision_not_only_the_last_save(in_git):
    from pnp.watch.baseline import baseline
    from pnp.watch.preview import PREVIEW_DPI
    from pnp.watch.session import PreviewSession
    earlier = baseline(Project(in_git), "demo", "HEAD", PREVIEW_DPI)
    session = PreviewSession(in_git, "demo", in_git / "preview", since=earlier)
    first = session.rebuild().to_json()
    assert first["since"] == "HEAD"
    marked = [(card["row"], card["side"], card["differs"]) for card in first["components"][0]["cards"]]
    assert marked == [(2, "front", True), (2, "back", False), (3, "front", False), (4, "front", True),
                      (5, "front", True)]  # Blaze, the shared back, Shield, Potion (moved name), Ward (new)
    replace_once(in_git / CSV, "Prevent the next", "Stop the next")
    second = session.rebuild({in_git / CSV}).to_json()
    assert [card["differs"] for card in second["components"][0]["cards"]] == [True, False, True, True, True]
    assert not [name for name in os.listdir(in_git / "output") if name.startswith(".")]


def test_eitsuku_roles_added_removed_and_changed_since_an_earlier_folder(tmp_path):
    project = copy_games(tmp_path / "now", "eitsuku", layouts=True).root
    shutil.copytree(ROOT / "fonts", project / "fonts")
    earlier = tmp_path / "first-print"
    shutil.copytree(project, earlier)
    replace_once(project / "card_data/eitsuku/role.csv", "役者,2,4,3\n", "役者,2,4,2\n")  # a copy fewer
    replace_once(project / "card_data/eitsuku/role.csv", "役者,3,5,3\n", "")
    with open(project / "card_data/eitsuku/role.csv", "a", encoding="utf-8") as handle:
        handle.write("脚本家,9,9,1\n")
    report = run_since(Project(project), "eitsuku", str(earlier), project / "output", ("role",))
    assert [(c.kind, c.name, c.rows, [f.marked() for f in c.fields]) for c in report.found.changes] == [
        ("changed", "役者", "row 3", ["[-3-]{+2+}"]), ("added", "脚本家", "row 25", []),
        ("removed", "役者", "row 4", [])]
    pages = poppler("pdftotext", "-layout", str(report.pdf), "-").split("\f")
    assert "then (" in pages[0] and "was: 3" in pages[0] and "now: 2" in pages[0]
