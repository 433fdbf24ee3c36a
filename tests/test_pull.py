"""`pnp pull`: a component's url: fetched from a local HTTP server into the project, with a note; bad answers are
one line each and write nothing; builds never fetch."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli.main import main
from pnp.data.workbook_write import write_workbook

MANIFEST = "card_data/demo/game.yaml"
CSV = "name,kind,value,text,count\nRemote,attack,9,Pulled from the sheet.,2\n"
ROUTES: dict[str, tuple[int, str, bytes]] = {}


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path == "/moved":
            self.send_response(302)
            self.send_header("Location", "ftp://example.com/cards.csv")
            self.end_headers()
            return
        status, kind, body = ROUTES.get(self.path, (404, "text/plain", b"no such sheet"))
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args) -> None:
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A local HTTP server answering from ROUTES; its base address."""
    http = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{http.server_address[1]}"
    http.shutdown()
    http.server_close()


def declare(project: Path, url: str, data: str | None = None, allow_http: bool = True) -> None:
    """Give the demo's component a url: (and a data: file), allowing plain http for the local server."""
    path = project / MANIFEST
    text = path.read_text(encoding="utf-8").replace(
        "  - name: cards ", f"  - name: cards\n    url: {url}\n" + (f"    data: {data}\n" if data else "") + "   ")
    path.write_text(("pull_http: true\n" if allow_http else "") + text, encoding="utf-8")


def pull(project: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["pull", "demo", "--project", str(project)])
    return result.exit_code, result.output


def test_pull_writes_the_csv_and_a_note_and_the_build_reads_it_offline(project, server):
    ROUTES["/sheet.csv"] = (200, "text/csv; charset=utf-8", CSV.encode())
    declare(project, server + "/sheet.csv")
    code, output = pull(project)
    assert (code, output) == (0, f"pulled card_data/demo/cards.csv (68 bytes) from {server}/sheet.csv\n")
    assert (project / "card_data/demo/cards.csv").read_text(encoding="utf-8") == CSV
    note = (project / "card_data/demo/cards.csv.source.yaml").read_text(encoding="utf-8").splitlines()
    assert note[1:3] == ['file: "cards.csv"', f'url: "{server}/sheet.csv"']
    assert note[3].startswith("pulled: 20") and note[4] == "bytes: 68" and note[5].startswith("sha256: ")
    ROUTES.pop("/sheet.csv")  # the server forgets it: a build never asks
    result = CliRunner().invoke(main, ["list", "--project", str(project)])
    assert "cards               2  card" in result.output


def test_pull_writes_a_workbook_named_by_data(project, server, tmp_path):
    write_workbook(tmp_path / "book.xlsx", "Cards", [["name", "kind", "value", "text", "count"],
                                                     ["Remote", "attack", 9, "From a workbook.", 1]])
    ROUTES["/book"] = (200, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                       (tmp_path / "book.xlsx").read_bytes())
    declare(project, server + "/book", "cards.xlsx")
    code, output = pull(project)
    assert code == 0 and output.startswith("pulled card_data/demo/cards.xlsx (")
    assert (project / "card_data/demo/cards.xlsx").read_bytes() == (tmp_path / "book.xlsx").read_bytes()
    (project / "card_data/demo/cards.csv").unlink()
    result = CliRunner().invoke(main, ["list", "--project", str(project)])
    assert "cards               1  card" in result.output


BAD = [
    ("a bad status", "/gone", None, None, "the server answered 404 Not Found for {url}; check the link; for a Google "
     "Sheet use File > Share > Publish to web, and its CSV or xlsx link"),
    ("a sign-in page", "/login", (200, "text/html; charset=utf-8", b"<!DOCTYPE html><html>Sign in</html>"), None,
     "got a web page (text/html) instead of data: a sign-in page? The sheet may not be public; check the link; for a "
     "Google Sheet use File > Share > Publish to web, and its CSV or xlsx link"),
    ("not CSV", "/picture", (200, "image/png", b"\x89PNG\r\n\x1a\n\x00\x00"), None,
     "got image/png data that is not CSV text, not CSV; use the sheet's CSV link (output=csv), or name a workbook in "
     "data:, e.g. data: cards.xlsx"),
    ("CSV where a workbook is named", "/text", (200, "text/csv", CSV.encode()), "cards.xlsx",
     "got CSV text, not an xlsx workbook as 'cards.xlsx' says; use the link that exports that format, or name the "
     "file to match in data:"),
    ("a redirect to another scheme", "/moved", None, None,
     "'ftp://example.com/cards.csv' is not a web address; write an https:// link"),
]


@pytest.mark.parametrize("name,path,route,data,message", BAD, ids=[case[0] for case in BAD])
def test_a_bad_answer_is_one_line_and_writes_nothing(project, server, name, path, route, data, message):
    if route:
        ROUTES[path] = route
    declare(project, server + path, data)
    before = (project / "card_data/demo/cards.csv").read_bytes()
    code, output = pull(project)
    where = f"{MANIFEST}: components[0].url" + (" (redirected)" if path == "/moved" else "")
    assert (code, output) == (1, f"error: {where}: {message.format(url=server + path)}\n")
    assert (project / "card_data/demo/cards.csv").read_bytes() == before
    assert sorted(p.name for p in (project / "card_data/demo").iterdir()) == [
        "README.md", "art", "cards.csv", "game.yaml"]


def test_a_body_over_the_size_bound_is_refused_as_it_is_read(project, server, monkeypatch):
    monkeypatch.setattr("pnp.pull.fetch.MAX_PULL_BYTES", 1000)
    ROUTES["/big"] = (200, "text/csv", b"a,b\n" + b"1,2\n" * 400)
    declare(project, server + "/big")
    assert pull(project) == (1, f"error: {MANIFEST}: components[0].url: {server}/big is larger than 0 MB, the limit "
                                "of a data file; split the cards over several sheets or files\n")
