"""`pnp watch` on an error keeps the last good cards with the card at fault marked; GAME may be left out; --open."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from click.testing import CliRunner

from pnp.cli.main import main
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold
from pnp.watch.loop import Watcher
from pnp.watch.session import PreviewSession, faults


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_an_error_keeps_the_last_good_cards_and_marks_the_row_at_fault(project):
    session = PreviewSession(project, "demo", project / "preview")
    good = session.rebuild()
    csv = project / "card_data/demo/cards.csv"
    edit(csv, "{blue|2} damage.,3", "{blue|2} damage.,x")
    broken = session.rebuild({csv}).to_json()
    assert broken["error"].startswith("card_data/demo/cards.csv: row 4, column count: ")
    cards = broken["components"][0]["cards"]
    assert [c["image"] for c in cards] == [c.image for c in good.components["cards"]]
    assert [(c["row"], c["side"]) for c in cards if c["fault"]] == [(4, "front")]
    edit(csv, ",x", ",3")
    assert not any(c["fault"] for c in session.rebuild({csv}).to_json()["components"][0]["cards"])


def test_faults_read_the_rows_a_message_names_in_its_data_file_only():
    labels = {"cards": "card_data/g/cards.csv", "items": "card_data/g/cards.csv",
              "mat": "card_data/g/mat.xlsx: sheet A"}
    assert faults("card_data/g/cards.csv: rows 2, 3 and 7: printed twice", labels) == {
        ("cards", 2), ("cards", 3), ("cards", 7), ("items", 2), ("items", 3), ("items", 7)}
    assert faults("card_data/g/mat.xlsx: sheet A: row 12, column count: bad", labels) == {("mat", 12)}
    assert faults("layouts/g/cards.yaml: elements[0] (name).text: row 2", labels) == frozenset()


def test_the_page_asks_for_news_in_a_few_bytes_and_draws_the_cards_dimmed_under_an_error(project):
    watcher = Watcher(project, "demo", port=0)
    try:
        watcher.start()
        with urllib.request.urlopen(watcher.url + "state.json?after=1", timeout=10) as response:
            assert json.loads(response.read()) == {"version": 1}
        with urllib.request.urlopen(watcher.url + "state.json?after=0", timeout=10) as response:
            assert len(json.loads(response.read())["components"][0]["cards"]) == 5
        with urllib.request.urlopen(watcher.url, timeout=10) as response:
            page = response.read().decode("utf-8")
        assert '#cards.stale figure { opacity: 0.4; }' in page and 'card.fault ? "fault"' in page
    finally:
        watcher.close()


def run_watch(monkeypatch, project: Path, *args: str) -> tuple[object, list[str]]:
    """`pnp watch` on the command line, its loop returning at once; the addresses it opened in a browser."""
    opened: list[str] = []
    monkeypatch.setattr("pnp.watch.loop.Watcher.run", lambda self, stop, report: None)
    monkeypatch.setattr("webbrowser.open", lambda url: opened.append(url) or True)
    result = CliRunner().invoke(main, ["watch", *args, "--port", "0", "--project", str(project)])
    return result, opened


def test_watch_without_a_game_previews_the_only_one_and_open_shows_it(project, monkeypatch):
    result, opened = run_watch(monkeypatch, project, "--open")
    assert result.exit_code == 0, result.output
    assert "Preview of demo at http://127.0.0.1:" in result.output
    assert len(opened) == 1 and opened[0].startswith("http://127.0.0.1:")
    result, opened = run_watch(monkeypatch, project)
    assert result.exit_code == 0 and opened == []


def test_watch_without_a_game_in_a_project_of_two_names_them(project, monkeypatch):
    scaffold(Project(project), "other")
    result, _ = run_watch(monkeypatch, project)
    assert result.exit_code == 2
    assert result.output == ("error: pnp watch: the project has 2 games (demo, other); name the one to preview, "
                             "e.g. pnp watch demo\n")


def test_a_one_cell_edit_draws_only_that_rows_face_and_a_layout_edit_draws_all(project, monkeypatch):
    from pnp.face.render import Renderer
    drawn: list[int] = []
    face = Renderer.face
    monkeypatch.setattr(Renderer, "face", lambda self, layout, table, row, *rest: drawn.append(row.number)
                        or face(self, layout, table, row, *rest))
    session = PreviewSession(project, "demo", project / "preview")
    first = session.rebuild()
    assert sorted(set(drawn)) == [2, 3, 4, 5]
    drawn.clear()
    csv = project / "card_data/demo/cards.csv"
    edit(csv, "Spark,attack,1", "Sparkle,attack,1")
    second = session.rebuild({csv})
    assert drawn == [2, 2] and second.changed == ("cards",)  # its front and its back, no other row
    assert [c.image for c in second.components["cards"]][1:] == [c.image for c in first.components["cards"]][1:]
    drawn.clear()
    layout = project / "layouts/demo/cards-back.yaml"
    edit(layout, "#34495e", "#123456")
    session.rebuild({layout})
    assert sorted(set(drawn)) == [2, 3, 4, 5]
