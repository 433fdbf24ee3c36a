"""The preview's notes beside their cards (what `pnp proof` finds), and its sheet view on the paper chosen."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path

from PIL import Image

from pnp.watch.loop import Watcher
from pnp.watch.page import PAGE
from pnp.watch.session import PreviewSession

CSV = "card_data/demo/cards.csv"
BRACKET = "text: unbalanced brackets: '「' is never closed (… damage 「see 【Bla…)"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def notes(state) -> dict[tuple[int, str], list[str]]:
    return {(card["row"], card["side"]): card["notes"] for c in state.to_json()["components"] for card in c["cards"]
            if card["notes"]}


def test_a_finding_shows_beside_its_card_and_only_the_changed_card_is_proofed_again(project, monkeypatch):
    from pnp.watch import notes as notes_module
    proofed: list[int] = []
    card = notes_module.proof_card
    monkeypatch.setattr(notes_module, "proof_card", lambda component, rows, *rest: proofed.append(rows[0].number)
                        or card(component, rows, *rest))
    edit(project / CSV, "Deal **1** damage.", "Deal **1** damage 「see 【Blaze】.")
    session = PreviewSession(project, "demo", project / "preview")
    first = session.rebuild()
    assert notes(first) == {(2, "front"): [BRACKET]} and sorted(proofed) == [2, 3, 4, 5]
    proofed.clear()
    edit(project / CSV, "Heal 2.", "Heal 3.")
    second = session.rebuild({project / CSV})
    assert notes(second) == {(2, "front"): [BRACKET]} and proofed == [5]
    edit(project / CSV, "「see 【Blaze】.", "「see 【Blaze】」.")
    assert notes(session.rebuild({project / CSV})) == {}
    assert 'card.notes.length' in PAGE and 'ul.notes' in PAGE


def test_a_card_drawn_below_the_readable_size_is_noted_on_its_side(project):
    edit(project / "layouts/demo/cards-back.yaml", "size: 18", "size: 4")
    state = PreviewSession(project, "demo", project / "preview").rebuild()
    found = notes(state)
    assert list(found) == [(2, "back")]  # the back every row shares is shown once, with the first row
    assert found[(2, "back")] == ["#1: text at 4 pt is below the readable size 6 pt "
                                  "(layouts/demo/cards-back.yaml: elements[1])"]


def wait_for_sheets(session: PreviewSession, cards: int) -> dict:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        session.want_sheets()
        sheets = session.state.to_json()["sheets"]
        if sheets and sheets["current"] and session.state.cards == cards:
            return sheets
        time.sleep(0.05)
    raise AssertionError("no sheets within 60 s")


def test_the_sheet_view_shows_the_cards_imposed_on_the_paper_chosen(project, monkeypatch):
    monkeypatch.delenv("PNP_PAPER", raising=False)
    session = PreviewSession(project, "demo", project / "preview")
    first = session.rebuild()
    assert first.to_json()["sheets"] is None  # drawn only once the page asks
    sheets = wait_for_sheets(session, first.cards)
    assert sheets["paper"] == "a4" and sheets["error"] is None and len(sheets["pages"]) == 4  # 10 cards, 8 a side
    with Image.open(project / "preview" / sheets["pages"][0]) as page:
        assert page.size == (468, 331)  # A4 landscape at 40 dpi
    edit(project / CSV, "Spark,attack,1", "Sparkle,attack,1")
    second = session.rebuild({project / CSV})
    assert second.to_json()["sheets"]["current"] is False  # the old sheets stay until the new ones are drawn
    again = wait_for_sheets(session, second.cards)
    assert again["pages"][0] != sheets["pages"][0] and again["pages"][1] == sheets["pages"][1]  # the backs are as
    edit(project / "card_data/demo/game.yaml", "title: demo", "title: demo\npaper: letter")
    third = session.rebuild({project / "card_data/demo/game.yaml"})
    assert not (project / "preview" / sheets["pages"][0]).exists()  # a page no state shows any more is removed
    assert wait_for_sheets(session, third.cards)["paper"] == "letter"
    monkeypatch.setenv("PNP_PAPER", "a4")
    fourth = session.rebuild({project / "card_data/demo/game.yaml"})
    assert wait_for_sheets(session, fourth.cards)["paper"] == "a4"


def test_the_page_asks_for_the_sheets_only_in_the_sheet_view(project):
    watcher = Watcher(project, "demo", port=0, paper="letter")
    try:
        watcher.start()
        for query in ("after=1", "after=0"):
            with urllib.request.urlopen(watcher.url + "state.json?" + query, timeout=10) as response:
                json.loads(response.read())
        time.sleep(0.2)
        assert watcher.session.state.sheets is None
        with urllib.request.urlopen(watcher.url + "state.json?after=1&sheets=1", timeout=10) as response:
            assert json.loads(response.read()) == {"version": 1}
        sheets = wait_for_sheets(watcher.session, 1)
        assert sheets["paper"] == "letter" and len(sheets["pages"]) == 4
        with urllib.request.urlopen(watcher.url + "img/" + sheets["pages"][0], timeout=10) as response:
            assert response.headers["Content-Type"] == "image/png"
        assert 'location.hash === "#sheets"' in PAGE and '"&sheets=1"' in PAGE
    finally:
        watcher.close()


def test_the_cards_are_shown_before_they_are_proofread(project, monkeypatch):
    from pnp.watch import session as session_module
    session = PreviewSession(project, "demo", project / "preview")
    shown: list[tuple[int, int]] = []
    proofread = session_module.game_notes
    monkeypatch.setattr(session_module, "game_notes", lambda game, *rest: shown.append(
        (session.state.cards, session.state.version)) or proofread(game, *rest))
    first = session.rebuild()
    edit(project / CSV, "Deal **1** damage.", "Deal **1** damage 「see 【Blaze】.")
    second = session.rebuild({project / CSV})
    assert shown == [(1, 1), (2, 2)]  # the cards of each rebuild were published when the proof began
    assert (first.version, second.version) == (1, 3) and notes(second) == {(2, "front"): [BRACKET]}


def test_watch_takes_the_paper_of_its_sheet_view(project, monkeypatch):
    from click.testing import CliRunner

    from pnp.cli.main import main
    papers: list[str | None] = []
    monkeypatch.setattr("pnp.watch.loop.Watcher.run", lambda self, stop, report: papers.append(self.session.paper))
    result = CliRunner().invoke(main, ["watch", "--paper", "letter", "--port", "0", "--project", str(project)])
    assert result.exit_code == 0, result.output
    assert papers == ["letter"]
    result = CliRunner().invoke(main, ["watch", "--paper", "b5", "--port", "0", "--project", str(project)])
    assert result.exit_code == 2 and "'b5' is not one of" in result.output
