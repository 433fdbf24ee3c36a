"""`pnp watch` save to picture: the time from a one-cell edit saved to the new card shown in headless Chromium.

For Ghost Couple (its cards.csv) and for the example project `pnp new --data xlsx` writes (its workbook), each
edit changes one text cell of another row; the page is read through Chromium's DevTools protocol (over a pipe) and
the time is taken when the page shows the new version with every image loaded. With `--other CHECKOUT` the same
edits are timed on another checkout too (for example the commit before a change, made with `git worktree add`), the
two taking turns edit by edit, so figures before and after come from one run. Goal: a median of at most 0.25 s.

    python bench/bench_watch.py [--edits N] [--other CHECKOUT] [--quick]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
GOAL = 0.25  # s
WAIT = 120.0  # s: the longest wait for a page or a rebuild before the bench gives up
SHOWN = """new Promise(resolve => {{
  const check = () => {{
    const images = [...document.querySelectorAll('#cards img')];
    if (+document.body.dataset.version > {version} && images.length &&
        images.every(image => image.complete && image.naturalWidth > 0)) {{
      resolve(performance.timeOrigin + performance.now());
    }} else {{ setTimeout(check, 2); }}
  }};
  check();
}})"""



def _above(fd: int, lowest: int) -> int:
    """A copy of fd numbered `lowest` or more, made with os.dup alone (no fcntl, which Windows lacks)."""
    spare = []
    copy = os.dup(fd)
    while copy < lowest:
        spare.append(copy)
        copy = os.dup(fd)
    for number in spare:
        os.close(number)
    return copy

class Browser:
    """Headless Chromium driven through its DevTools protocol on a pipe (messages ended by a NUL byte)."""

    def __init__(self, executable: str, profile: Path):
        to_browser, self._write = os.pipe()
        self._read, from_browser = os.pipe()

        def pipes() -> None:  # the browser reads commands on fd 3 and writes answers on fd 4
            high = [_above(fd, 5) for fd in (to_browser, from_browser)]  # off 3 and 4 first
            for target, fd in zip((3, 4), high):
                os.dup2(fd, target, inheritable=True)

        self.process = subprocess.Popen([executable, "--headless", "--no-sandbox", "--disable-gpu",
                                         "--disable-dev-shm-usage", "--remote-debugging-pipe", "--no-first-run",
                                         "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                                         "--disable-backgrounding-occluded-windows",  # a tab behind times as in front
                                         f"--user-data-dir={profile}", "about:blank"],
                                        preexec_fn=pipes, close_fds=False,  # fds 3 and 4 kept
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser)
        os.close(from_browser)
        self._buffer, self._next = b"", 0

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> int:
        self._next += 1
        message = {"id": self._next, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        return self._next

    def answer(self, number: int) -> dict:
        """The result of the command numbered `number` (events and other answers are passed over)."""
        while True:
            while b"\0" not in self._buffer:
                chunk = os.read(self._read, 1 << 16)
                if not chunk:
                    raise RuntimeError("Chromium closed its pipe")
                self._buffer += chunk
            text, self._buffer = self._buffer.split(b"\0", 1)
            message = json.loads(text)
            if message.get("id") == number:
                if "error" in message:
                    raise RuntimeError(message["error"])
                return message["result"]

    def call(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        return self.answer(self.send(method, params, session))

    def tab(self, url: str) -> str:
        """A new tab showing `url`: the session to talk to it."""
        target = self.call("Target.createTarget", {"url": url})["targetId"]
        return self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def evaluate(self, session: str, expression: str) -> int:
        """Start evaluating an expression in a tab (a promise is awaited): the number its answer will carry."""
        return self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True},
                         session)

    def close(self) -> None:
        self.process.kill()
        self.process.wait()
        os.close(self._write)
        os.close(self._read)


@dataclass
class Watch:
    """One checkout's `pnp watch` of one project, shown in a tab of the browser."""

    checkout: Path
    project: Path
    edit: object  # (project, n) -> None: the n-th one-cell edit, written whole
    process: subprocess.Popen
    session: str = ""

    def version(self, browser: Browser) -> int:
        found = browser.call("Runtime.evaluate", {"expression": "+document.body.dataset.version",
                                                  "returnByValue": True}, self.session)
        return int(found["result"].get("value") or 0)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_watch(checkout: Path, project: Path, game: str, edit) -> tuple[Watch, str]:
    """`pnp watch GAME` of that checkout on a free port, once its first build is served: the watch and its URL."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    process = subprocess.Popen([sys.executable, "-m", "pnp", "watch", game, "--port", str(port), "--project",
                                str(project)], cwd=checkout, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return Watch(checkout, project, edit, process), url
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(f"pnp watch stopped: {process.stdout.read() if process.stdout else ''}") from None
            time.sleep(0.1)
    raise RuntimeError("pnp watch did not answer")


def ghost_couple(folder: Path) -> tuple[Path, str, object]:
    """A copy of the shipped Ghost Couple, and its edit: one card's text cell, another row each time."""
    project = folder / "ghost_couple"
    for part in ("card_data/ghost_couple", "layouts/ghost_couple", "card_data/standard_deck",
                 "layouts/standard_deck", "fonts"):  # its playing cards come from the standard deck
        shutil.copytree(HERE / part, project / part)
    data = project / "card_data" / "ghost_couple" / "cards.csv"
    lines = data.read_text(encoding="utf-8").splitlines(keepends=True)
    texts = [(n, row[10]) for n, row in enumerate(csv.reader(lines)) if n and len(row) > 10 and row[10]]

    def edit(n: int) -> None:  # edits pile up, as a designer's do: each save changes one more cell
        row, text = texts[n % len(texts)]
        lines[row] = lines[row].replace(text, text + "!", 1)
        _replace(data, "".join(lines).encode("utf-8"))
    return project, "ghost_couple", edit


def xlsx_project(folder: Path, checkout: Path) -> tuple[Path, str, object]:
    """The example project `pnp new demo --data xlsx` writes, and its edit: one text cell, another row each time."""
    sys.path.insert(0, str(HERE))
    from pnp.data.workbook import read_workbook
    from pnp.data.workbook_write import write_xlsx
    project = folder / "xlsx"
    subprocess.run([sys.executable, "-m", "pnp", "new", "demo", "--data", "xlsx", "--quiet", "--project",
                    str(project)], cwd=checkout, env={**os.environ, "PYTHONPATH": str(checkout)}, check=True)
    data = project / "card_data" / "demo" / "cards.xlsx"
    table = read_workbook(data, "cards.xlsx")
    rows: list[list[str | int]] = [list(table.columns)] + [[_cell(row.values[c]) for c in table.columns]
                                                          for row in table.rows]
    text = table.columns.index("text")

    def edit(n: int) -> None:  # edits pile up, as a designer's do: each save changes one more cell
        row = rows[1 + n % (len(rows) - 1)]
        row[text] = f"{row[text]}!"
        scratch = data.with_name(".edit.xlsx")
        write_xlsx(scratch, "cards", rows)
        os.replace(scratch, data)
    return project, "demo", edit


def _cell(value: object) -> str | int:
    """A cell as the workbook writer takes it: whole numbers stay numbers."""
    return value if isinstance(value, int) else int(value) if str(value).isdigit() else str(value)


def _replace(path: Path, data: bytes) -> None:
    """Write a file whole, as an editor's save does."""
    scratch = path.with_name("." + path.name + ".edit")
    scratch.write_bytes(data)
    os.replace(scratch, path)


def first_build(browser: Browser, watch: Watch) -> None:
    """Wait for the tab to show the first build (asking again while the page is still loading)."""
    deadline = time.monotonic() + WAIT
    while True:
        try:
            browser.answer(browser.evaluate(watch.session, SHOWN.format(version=0)))
            return
        except RuntimeError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def save_to_picture(browser: Browser, watch: Watch, n: int) -> float:
    """Seconds from the n-th edit saved to the page showing its cards, every image loaded."""
    waiting = browser.evaluate(watch.session, SHOWN.format(version=watch.version(browser)))
    time.sleep(0.3)  # the watch and the page at rest
    saved = time.time()
    watch.edit(n)  # type: ignore[operator]
    shown = browser.answer(waiting)["result"]["value"] / 1000
    return shown - saved


def run(checkouts: list[tuple[str, Path]], edits: int, projects: list[str], browser_path: str) -> None:
    # Chromium's helper processes may still write to its profile as the folder is removed: that is no failure
    with tempfile.TemporaryDirectory(prefix="bench-watch-", ignore_cleanup_errors=True) as scratch:
        root = Path(scratch)
        browser = Browser(browser_path, root / "browser")
        watches: list[Watch] = []
        try:
            for name in projects:
                times: dict[str, list[float]] = {label: [] for label, _ in checkouts}
                started = []
                for label, checkout in checkouts:
                    folder = root / label
                    project, game, edit = ghost_couple(folder) if name == "ghost_couple" else \
                        xlsx_project(folder, checkout)
                    watch, url = start_watch(checkout, project, game, edit)
                    watches.append(watch)
                    watch.session = browser.tab(url)
                    first_build(browser, watch)
                    started.append((label, watch))
                for n in range(edits):  # the checkouts take turns, edit by edit
                    for label, watch in started:
                        times[label].append(save_to_picture(browser, watch, n))
                report(name, times, edits)
        finally:
            for watch in watches:
                watch.process.terminate()
                watch.process.wait(timeout=30)
            browser.close()


def report(name: str, times: dict[str, list[float]], edits: int) -> None:
    for label, found in times.items():
        median = statistics.median(found)
        verdict = "met" if median <= GOAL else "NOT met"
        print(f"{name} [{label}]: save to picture median {median:.3f} s ({min(found):.3f}-{max(found):.3f} s) over "
              f"{edits} one-cell edits (goal {GOAL} s: {verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=6)
    parser.add_argument("--other", type=Path, help="another checkout, timed in turn (its figures come first)")
    parser.add_argument("--quick", action="store_true", help="two edits of the xlsx example only (for the tests)")
    args = parser.parse_args()
    browser = next((shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome")
                    if shutil.which(name)), None)
    if browser is None:
        sys.exit("bench_watch.py needs Chromium (chromium, chromium-browser or google-chrome on PATH)")
    checkouts = ([("other", args.other.resolve())] if args.other else []) + [("this", HERE)]
    projects = ["xlsx"] if args.quick else ["ghost_couple", "xlsx"]
    run(checkouts, 2 if args.quick else args.edits, projects, browser)


if __name__ == "__main__":
    main()
