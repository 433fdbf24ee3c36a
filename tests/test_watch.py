"""`pnp watch`: a CSV edit rebuilds the changed cards, the page's JSON changes, an error shows and recovers."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import needs_tool
from PIL import Image

from pnp.project.games import Project
from pnp.scaffold.writer import scaffold
from pnp.watch.loop import Watcher
from pnp.watch.session import PreviewSession

TIMEOUT = 30.0  # s: a bounded wait for a rebuild; a passing run takes well under a second


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read()


def state(url: str) -> dict:
    return json.loads(get(url + "state.json"))


def wait_for_version(url: str, above: int) -> dict:
    """Poll the JSON endpoint until the version passes `above` (bounded)."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        current = state(url)
        if current["version"] > above:
            return current
        time.sleep(0.05)
    raise AssertionError(f"no rebuild after version {above} within {TIMEOUT} s")


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def images(current: dict, component: str = "cards") -> list[str]:
    return [card["image"] for c in current["components"] if c["name"] == component for card in c["cards"]]


@pytest.fixture
def watching(project: Path):
    """A watcher of the scaffold game on a free port, its loop in a thread; stopped and cleaned up after."""
    watcher = Watcher(project, "demo", port=0)
    watcher.start()
    stop = threading.Event()
    thread = threading.Thread(target=watcher.run, args=(stop,), daemon=True)
    thread.start()
    time.sleep(0.3)  # the file watcher is armed before the test saves anything
    yield watcher
    stop.set()
    thread.join(timeout=10)
    watcher.close()
    assert not thread.is_alive()


def test_first_build_serves_every_distinct_face_on_localhost(watching):
    url = watching.url
    assert url.startswith("http://127.0.0.1:")
    current = state(url)
    assert current["version"] == 1 and current["error"] is None
    cards = current["components"][0]["cards"]
    # the scaffold deck: 4 distinct fronts (rows 2-5) and one shared back counted for all 10 cards
    assert [(c["side"], c["row"], c["count"]) for c in cards] == [
        ("front", 2, 4), ("back", 2, 10), ("front", 3, 2), ("front", 4, 3), ("front", 5, 1)]
    png = get(url + "img/" + cards[0]["image"])
    image = Image.open(__import__("io").BytesIO(png))
    assert image.size == (round((63 + 6) / 25.4 * 100), round((88 + 6) / 25.4 * 100))  # card + bleed at 100 dpi
    page = get(url).decode("utf-8")
    assert "state.json" in page and "<title>pnp watch</title>" in page
    assert watching.server.address[0] == "127.0.0.1"
    outside = ("img/../../card_data/demo/cards.csv", "img/%2e%2e%2fx.png", "img/" + cards[0]["image"][:-4], "x")
    for path in outside:
        with pytest.raises(urllib.error.HTTPError) as error:
            get(url + path)
        assert error.value.code == 404


def test_a_page_reached_by_another_host_name_is_refused(watching):
    """A web page whose name was pointed at 127.0.0.1 (DNS rebinding) cannot read the preview."""
    request = urllib.request.Request(watching.url + "state.json", headers={"Host": "attacker.example"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 403
    port = watching.url.rsplit(":", 1)[1].rstrip("/")
    request = urllib.request.Request(watching.url + "state.json", headers={"Host": f"localhost:{port}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert json.loads(response.read())["game"] == "demo"


def test_csv_edit_rebuilds_only_the_changed_card_then_error_then_recovery(watching, project):
    url, csv = watching.url, project / "card_data" / "demo" / "cards.csv"
    before = state(url)
    edit(csv, "Spark,attack,1", "Sparkle,attack,1")
    after = wait_for_version(url, before["version"])
    assert after["error"] is None and after["changed"] == ["cards"]
    old, new = images(before), images(after)
    assert old[0] != new[0] and old[1:] == new[1:]  # only row 2's front changed; the back and other rows did not
    assert [c["changed"] for c in after["components"][0]["cards"]] == [True, False, False, False, False]

    edit(csv, "Sparkle,attack,1,Deal **1** damage.,4", "Sparkle,attack,1,Deal **1** damage.,four")
    broken = wait_for_version(url, after["version"])
    assert broken["error"] == ("card_data/demo/cards.csv: row 2, column count: count 'four' is not a whole number "
                               "of copies; write 0 or a positive whole number")
    assert images(broken) == new  # the last good cards are kept for when the error is fixed

    edit(csv, ",four", ",4")
    fixed = wait_for_version(url, broken["version"])
    assert fixed["error"] is None and images(fixed) == new


def test_a_layout_edit_rebuilds_its_component_and_a_shared_file_rebuilds_all(project):
    folder = project / "preview"
    session = PreviewSession(project, "demo", folder)
    first = session.rebuild()
    edit(project / "layouts" / "demo" / "cards-back.yaml", "#34495e", "#123456")
    second = session.rebuild({project / "layouts" / "demo" / "cards-back.yaml"})
    assert second.changed == ("cards",) and len(second.new_images) == 1  # just the back
    assert images(first.to_json())[1] != images(second.to_json())[1]
    third = session.rebuild({project / "layouts" / "demo" / "_base.yaml"})
    assert third.version == 3 and third.changed == () and not third.new_images  # rebuilt, nothing looks different
    on_disk = sorted(p.name for p in folder.glob("*.png"))
    assert on_disk == sorted(images(third.to_json()))  # the first back, shown by no state since, is gone


def test_another_games_files_rebuild_nothing_unless_a_component_comes_from_there(project):
    scaffold(Project(project), "other")
    session = PreviewSession(project, "demo", project / "preview")
    first = session.rebuild()
    assert session.rebuild({project / "card_data/other/cards.csv", project / "layouts/other/cards.yaml"}) is first
    edit(project / "card_data/demo/game.yaml", "  - name: cards", "  - name: borrowed\n    from: other/cards\n"
         "  - name: cards")
    second = session.rebuild({project / "card_data/demo/game.yaml"})
    assert second.changed == ("borrowed",) and len(images(second.to_json(), "borrowed")) == 5
    edit(project / "card_data/other/cards.csv", "Spark,", "Sparkle,")
    third = session.rebuild({project / "card_data/other/cards.csv"})
    assert third.changed == ("borrowed",) and len(third.new_images) == 1


def test_a_language_edition_is_previewed_and_an_empty_translation_keeps_the_original(project):
    edit(project / "card_data/demo/cards.csv", "name,kind", "name,name_en,kind")
    edit(project / "card_data/demo/cards.csv", "Spark,", "Spark,Sparkle,")
    for name in ("Blaze", "Shield", "Potion"):
        edit(project / "card_data/demo/cards.csv", f"{name},", f"{name},,")
    plain = PreviewSession(project, "demo", project / "plain").rebuild()
    english = PreviewSession(project, "demo", project / "english", lang="en").rebuild()
    assert english.error is None
    changed = [a != b for a, b in zip(images(plain.to_json()), images(english.to_json()))]
    assert changed == [True, False, False, False, False]  # only Spark has a name_en


def test_a_broken_first_build_shows_the_error_and_the_page_still_serves(project):
    edit(project / "layouts" / "demo" / "cards.yaml", "{{ name }}", "{{ nmae }}")
    session = PreviewSession(project, "demo", project / "preview")
    broken = session.rebuild()
    assert broken.components == {} and "unknown column 'nmae'" in broken.error
    assert broken.error.startswith("layouts/demo/cards.yaml: elements[0] (name).text: ")
    edit(project / "layouts" / "demo" / "cards.yaml", "{{ nmae }}", "{{ name }}")
    fixed = session.rebuild({project / "layouts" / "demo" / "cards.yaml"})
    assert fixed.error is None and len(images(fixed.to_json())) == 5


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_cli(project: Path, port: int, scratch: Path) -> subprocess.Popen:
    """`pnp watch demo` as a user runs it, once its page answers (bounded)."""
    command = [sys.executable, "-c", "from pnp.cli.main import main; main()", "watch", "demo", "--port", str(port),
               "--project", str(project)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env={**os.environ, "TMPDIR": str(scratch)})
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        try:
            state(f"http://127.0.0.1:{port}/")
            return process
        except OSError:
            assert process.poll() is None, process.stdout.read()
            time.sleep(0.1)
    process.kill()
    raise AssertionError("pnp watch did not answer")


def stop_cli(process: subprocess.Popen) -> str:
    process.terminate()  # pnp watch stops on SIGTERM as on Ctrl+C
    try:
        out, _ = process.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        out, _ = process.communicate()
    return out


def dump_dom(browser: str, url: str) -> str:
    """The page as headless Chromium sees it after its script ran."""
    result = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                             "--virtual-time-budget=3000", "--dump-dom", url],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def browser() -> str | None:
    return next((shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome")
                 if shutil.which(name)), None)


def test_in_a_real_browser_the_page_changes_after_a_csv_edit(project, tmp_path_factory):
    needs_tool("chromium", "chromium", "chromium-browser", "google-chrome")
    port, scratch = free_port(), tmp_path_factory.mktemp("scratch")
    url = f"http://127.0.0.1:{port}/"
    process = start_cli(project, port, scratch)
    try:
        before = state(url)
        dom = dump_dom(browser(), url)
        assert f'data-version="{before["version"]}"' in dom
        for name in images(before):
            assert f'src="img/{name}"' in dom
        assert 'alt="cards row 2 front"' in dom and "pnp watch: demo" in dom
        edit(project / "card_data" / "demo" / "cards.csv", "Spark,attack,1", "Sparkle,attack,1")
        after = wait_for_version(url, before["version"])
        dom = dump_dom(browser(), url)
        assert f'data-version="{after["version"]}"' in dom
        assert f'src="img/{images(after)[0]}"' in dom and f'src="img/{images(before)[0]}"' not in dom
        assert 'class="changed"' in dom
        edit(project / "card_data" / "demo" / "cards.csv", "Sparkle,attack,1,Deal **1** damage.,4",
             "Sparkle,attack,1,Deal **1** damage.,four")
        wait_for_version(url, after["version"])
        dom = dump_dom(browser(), url)
        assert "count 'four' is not a whole number of copies" in dom
    finally:
        output = stop_cli(process)
    assert process.returncode == 0, output
    assert list(scratch.iterdir()) == []  # the preview images are removed when the watch stops
    assert f"Preview of demo at {url}" in output
    assert "error: card_data/demo/cards.csv: row 2, column count: count 'four'" in output


def test_a_raster_image_saved_again_under_the_same_name_is_drawn_anew(project):
    art = project / "card_data" / "demo" / "art"
    for kind in ("attack", "defence", "item"):
        Image.new("RGB", (60, 30), "red").save(art / f"{kind}.png")
    edit(project / "layouts" / "demo" / "cards.yaml", 'art/{{ kind }}.svg', 'art/{{ kind }}.png')
    session = PreviewSession(project, "demo", project / "preview")
    first = session.rebuild()
    Image.new("RGB", (60, 30), "blue").save(art / "attack.png")
    second = session.rebuild({art / "attack.png"})
    assert second.changed == ("cards",) and len(second.new_images) >= 1
    assert images(first.to_json())[0] != images(second.to_json())[0]


def test_a_thousand_idle_connections_leave_a_normal_request_answered_within_a_second(project, monkeypatch):
    """Idle and half-sent requests take no thread: a page is answered at once while they are held, and they close."""
    from pnp.watch import server
    monkeypatch.setattr(server, "TIMEOUT", 3.0)
    watcher = Watcher(project, "demo", port=0)
    watcher.start()
    host, port = watcher.server.address
    threads = threading.active_count()
    idle = [socket.create_connection((host, port), timeout=10) for _ in range(1000)]
    opened = time.monotonic()
    try:
        for sock in idle[::2]:
            sock.sendall(b"GET /state.json HTTP/1.1\r\n")  # and never the rest; the others send nothing
        started = time.monotonic()
        assert state(watcher.url)["version"] == 1
        assert time.monotonic() - started < 1.0
        assert threading.active_count() == threads
        assert len(watcher.server._connections) <= server.MAX_CONNECTIONS
        idle[-1].settimeout(10)  # the newest idle one is kept, and closed once it has waited its timeout
        assert idle[-1].recv(100) == b"" and 2.9 < time.monotonic() - opened < 9.0
    finally:
        for sock in idle:
            sock.close()
        watcher.close()


def test_an_unexpected_error_in_a_rebuild_is_one_line_on_the_page(project, monkeypatch):
    session = PreviewSession(project, "demo", project / "previews")
    first = session.rebuild()

    def broken(*args, **kwargs):
        raise IndexError("list index out of range")
    monkeypatch.setattr("pnp.watch.session.render_previews", broken)
    failed = session.rebuild({project / "card_data/demo/cards.csv"})
    assert failed.error == "pnp watch demo: unexpected IndexError: list index out of range; save the file again; " \
                           "if this stays, please report it"
    assert failed.components == first.components  # the cards shown stay until a rebuild works
    monkeypatch.undo()
    assert session.rebuild({project / "card_data/demo/cards.csv"}).error is None


def test_images_are_served_whole_while_rebuilds_replace_them(watching, project):
    """Fetching every image of the current state while the CSV is saved again and again never fails or tears."""
    url, csv = watching.url, project / "card_data" / "demo" / "cards.csv"
    problems: list[str] = []
    done = threading.Event()

    def fetch() -> None:
        while not done.is_set():
            current = state(url)
            for name in images(current):
                try:
                    Image.open(__import__("io").BytesIO(get(url + "img/" + name))).load()
                except urllib.error.HTTPError as error:
                    if error.code != 404 or state(url)["version"] < current["version"] + 2:
                        problems.append(f"{name}: {error.code}")  # only an image two versions old may be gone
                except Exception as error:  # a torn image or a dropped connection
                    problems.append(f"{name}: {error!r}")
    fetchers = [threading.Thread(target=fetch) for _ in range(3)]
    for thread in fetchers:
        thread.start()
    version = state(url)["version"]
    for n in range(6):
        edit(csv, "Spark" if n == 0 else f"Spark{n - 1}", f"Spark{n}")
        version = wait_for_version(url, version)["version"]
    done.set()
    for thread in fetchers:
        thread.join(timeout=30)
    assert problems == []
