"""The watch loop: build the previews, serve them, and rebuild on every save until stopped."""

from __future__ import annotations

import shutil
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

from pnp.watch.baseline import Baseline
from pnp.watch.preview import PREVIEW_DPI
from pnp.watch.server import PreviewServer
from pnp.watch.session import PreviewSession, State

Report = Callable[[str], None]
TOOL_FOLDERS = {"node_modules", "__pycache__", "venv", "env", "build", "dist"}


class _Filter:
    """The files worth a rebuild: not the output folder, hidden files, editor backups or tool folders."""

    def __init__(self, ignored: tuple[Path, ...]):
        from watchfiles import DefaultFilter
        self._default = DefaultFilter()
        self._ignored = tuple(p.resolve() for p in ignored)

    def __call__(self, change, path: str) -> bool:
        resolved = Path(path).resolve()
        if resolved.name.startswith(".") or any(resolved.is_relative_to(p) for p in self._ignored):
            return False
        return self._default(change, path)


class Watcher:
    """A game's live preview: `start` builds it and serves the page, `run` rebuilds on saves until stopped."""

    def __init__(self, root: Path, game: str, port: int = 0, dpi: int = PREVIEW_DPI, output: Path | None = None,
                 lang: str | None = None, since: Baseline | None = None, paper: str | None = None):
        self.root = root
        self.folder = Path(tempfile.mkdtemp(prefix="pnp-watch-"))
        self.session = PreviewSession(root, game, self.folder, dpi, lang, since, paper)
        self.server = PreviewServer(lambda: self.session.state, self.folder, port, self.session.want_sheets)
        self._ignored = (output or root / "output", self.folder)

    @property
    def url(self) -> str:
        return self.server.url

    def start(self, report: Report = lambda line: None) -> State:
        """Build every component once and start serving the page."""
        state = self.session.rebuild()
        self.server.start()
        report(describe(state))
        return state

    def run(self, stop: threading.Event, report: Report = lambda line: None) -> None:
        """Rebuild the components each batch of saved files touches, until `stop` is set."""
        from watchfiles import watch
        for changes in watch(*self.folders(), watch_filter=_Filter(self._ignored), stop_event=stop,
                             debounce=200, step=20, raise_interrupt=False):
            before = self.session.state.version
            state = self.session.rebuild({Path(path) for _, path in changes})
            if state.version != before:
                report(describe(state))

    def folders(self) -> list[Path]:
        """The project's folders to watch: all but the output, hidden and tool folders (not one watch per file)."""
        ignored = {p.resolve() for p in self._ignored}
        return [p for p in sorted(self.root.iterdir()) if p.is_dir() and not p.name.startswith(".")
                and p.name not in TOOL_FOLDERS and p.resolve() not in ignored]

    def close(self) -> None:
        """Stop serving and remove the preview images."""
        self.server.stop()
        self.session.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def describe(state: State) -> str:
    """One line about a rebuild for the terminal: what was rebuilt, or the build's error."""
    if state.error:
        return f"error: {state.error}"
    cards = sum(len(state.components[name]) for name in state.changed)
    rebuilt = ", ".join(state.changed) or "nothing changed"
    return f"[{state.version}] rebuilt {rebuilt} ({cards} images)" if state.changed else f"[{state.version}] {rebuilt}"
