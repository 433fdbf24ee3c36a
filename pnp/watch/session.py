"""A watched game's preview: which components a change touches, rebuilding them, and the state the page shows."""

from __future__ import annotations

import dataclasses
import re
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path

from pnp.build.options import chosen_paper
from pnp.errors import PnpError
from pnp.project.component import Component
from pnp.project.games import Game, Project
from pnp.project.lang import localize_game
from pnp.text.fonts import FontBook
from pnp.watch.baseline import Baseline
from pnp.watch.notes import NoteCache, Notes, game_notes, general_notes
from pnp.watch.preview import PREVIEW_DPI, Card, FaceCache, render_previews
from pnp.watch.sheets import Sheets, draw_rulebook, draw_sheets

DATA_SUFFIXES = {".csv", ".xlsx", ".ods"}
LAYOUT_SUFFIXES = {".yaml", ".yml"}


@dataclass(frozen=True)
class State:
    """What the preview page shows: a version that grows with every rebuild, the cards, or the build's error."""

    version: int
    game: str
    components: dict[str, list[Card]] = field(default_factory=dict)
    changed: tuple[str, ...] = ()
    error: str | None = None
    new_images: frozenset[str] = frozenset()
    since: Baseline | None = None  # --since REF: the cards whose image REF's preview lacks are marked
    faults: frozenset[tuple[str, int]] = frozenset()  # (component, row) of the cards the error names
    notes: Notes = field(default_factory=dict)  # what `pnp proof` finds on each card, by (component, row, side)
    general: tuple[str, ...] = ()  # the notes of no one card
    cards: int = 0  # the number of the rebuild that drew the cards shown
    sheets: Sheets | None = None  # the sheets, once the page has asked for them (of earlier cards while redrawn)

    def to_json(self) -> dict:
        """The state as the page's JSON endpoint serves it."""
        return {"version": self.version, "game": self.game, "error": self.error, "changed": list(self.changed),
                "since": self.since.ref if self.since else None, "notes": list(self.general),
                "sheets": self.sheets.to_json(self.cards) if self.sheets else None,
                "components": [{"name": name, "cards": [{**asdict(card), "changed": card.image in self.new_images,
                                                          "differs": self._differs(card),
                                                          "fault": (name, card.row) in self.faults,
                                                          "notes": list(self.notes.get((name, card.row, card.side),
                                                                                       ()))}
                                                         for card in cards]}
                               for name, cards in self.components.items()]}

    def _differs(self, card: Card) -> bool:
        return self.since is not None and card.image not in self.since.images


def faults(message: str, labels: dict[str, str]) -> frozenset[tuple[str, int]]:
    """The (component, row) pairs an error names: its data file's label followed by `row N` or `rows N, M`."""
    found: set[tuple[str, int]] = set()
    for name, label in labels.items():
        if message.startswith(label + ": row"):
            numbers = re.match(r"rows? ((?:\d+(?:, | and )?)+)", message[len(label) + 2:])
            found.update((name, int(n)) for n in re.findall(r"\d+", numbers.group(1) if numbers else ""))
    return frozenset(found)


def affected(game: Game, changed: set[Path]) -> set[str]:
    """The components a set of changed files touches: their own CSV or layout, or every one for anything else."""
    names: set[str] = set()
    for path in changed:
        owners = [c.name for c in game.components if _owns(c, path)]
        if not owners:
            return {c.name for c in game.components}
        names.update(owners)
    return names


def _owns(component: Component, path: Path) -> bool:
    """Tell whether a file is this component's own data or front or back layout (not a shared base)."""
    own = [component.table.path] + [layout.path for layout in component.layouts()]
    resolved = path.resolve()
    return any(resolved == p.resolve() for p in own)


class PreviewSession:
    """Rebuilds a game's previews into a folder and keeps the latest state, safe to read from another thread."""

    def __init__(self, root: Path, game: str, folder: Path, dpi: int = PREVIEW_DPI, lang: str | None = None,
                 since: Baseline | None = None, paper: str | None = None):
        self.root, self.game, self.folder, self.dpi, self.lang, self.since = root, game, folder, dpi, lang, since
        self.paper = paper  # the sheets' paper; None: as pnp build chooses it (PNP_PAPER, paper: in game.yaml, a4)
        self._lock = threading.Lock()  # held to read or publish the state
        self._drawing = threading.Lock()  # held by a rebuild or by drawing the sheets: one draws at a time
        self._sheets_busy = self._closed = False  # a sheets thread runs; the watch has stopped
        self._state = State(0, game)
        self._pending: set[Path] | None = None  # None: everything must be rebuilt
        self._fonts = FontBook()
        self._faces = FaceCache()  # the faces of unchanged rows, kept while only data files change
        self._proofed = NoteCache()  # and what the proof found on them
        self._sources = {game}  # the games whose files this one reads (itself, and those of `from:`)
        self._labels: dict[str, str] = {}  # each component's data file as messages name it

    @property
    def state(self) -> State:
        with self._lock:
            return self._state

    def rebuild(self, changed: set[Path] | None = None) -> State:
        """Rebuild what the changed files touch (everything when None); an error replaces the cards until fixed."""
        with self._drawing:
            return self._rebuild(changed)

    def _rebuild(self, changed: set[Path] | None) -> State:
        if changed is not None:
            changed = {path for path in changed if not self._elsewhere(path)}
            if not changed:
                return self.state  # only other games' files changed
        if changed is None:
            self._pending = None
        elif self._pending is not None:
            self._pending |= changed
        if changed is not None and any(p.suffix.lower() not in DATA_SUFFIXES | LAYOUT_SUFFIXES for p in changed):
            _forget_cached_files()
            self._fonts = FontBook()
        if changed is None or any(p.suffix.lower() not in DATA_SUFFIXES for p in changed):
            self._faces.clear()
            self._proofed.clear()
        old = self.state
        try:
            game = Project(self.root).load_game(self.game)
            game = localize_game(game, self.lang) if self.lang else game
            names = {c.name for c in game.components if self._pending is None or c.name not in old.components}
            if self._pending:
                names |= affected(game, self._pending)
            fresh = render_previews([c for c in game.components if c.name in names], self.folder, self.root,
                                    self._fonts, self.dpi, self._faces)
        except PnpError as exc:
            message = exc.render()
            return self._publish(State(old.version + 1, self.game, old.components, (), message, since=self.since,
                                       faults=faults(message, self._labels), notes=old.notes, general=old.general,
                                       cards=old.cards, sheets=old.sheets))
        except Exception as exc:  # a file read while being saved, or a bug: one line, and the watch goes on
            message = PnpError(f"unexpected {type(exc).__name__}: {exc}", where=f"pnp watch {self.game}",
                               fix="save the file again; if this stays, please report it").render()
            return self._publish(State(old.version + 1, self.game, old.components, (), message, since=self.since,
                                       notes=old.notes, general=old.general, cards=old.cards, sheets=old.sheets))
        self._pending = set()
        self._sources = {self.game} | {c.table.path.parent.name for c in game.components}
        self._labels = {c.name: c.table.label for c in game.components}
        cards = {c.name: fresh[c.name] if c.name in fresh else old.components.get(c.name, [])
                 for c in game.components}
        changed_names = tuple(n for n in cards if n in fresh and fresh[n] != old.components.get(n))
        before = {card.image for shown in old.components.values() for card in shown}
        new_images = frozenset(card.image for shown in fresh.values() for card in shown) - before if before \
            else frozenset()  # the first cards shown are not news
        notes = {key: lines for key, lines in old.notes.items() if key[0] in cards}  # until worked out again
        new = self._publish(State(old.version + 1, self.game, cards, changed_names, None, new_images, self.since,
                                  notes=notes, general=old.general, cards=old.cards + 1, sheets=old.sheets))
        _prune(self.folder, (old, new))
        return self._noted(new, game, names)

    def _noted(self, state: State, game: Game, names: set[str]) -> State:
        """The state with the notes of the components just drawn, published again when they differ (the cards are
        shown first: proof-reading them does not hold them back)."""
        try:
            notes = {key: lines for key, lines in state.notes.items() if key[0] not in names}
            notes.update(game_notes(game, names, Project(self.root), self._fonts, self._proofed))
            general = general_notes(self._proofed)
        except Exception as exc:  # the cards are shown; what stops the proof is a note of its own
            notes, general = state.notes, (f"pnp proof stopped: {exc}",)
        if notes == state.notes and general == state.general:
            return state
        return self._publish(dataclasses.replace(state, notes=notes, general=general))

    def _elsewhere(self, path: Path) -> bool:
        """Tell whether a file lies outside the project or in another game's folder that this game reads nothing of."""
        try:
            parts = path.resolve().relative_to(self.root.resolve()).parts
        except ValueError:
            return True
        return len(parts) > 2 and parts[0] in ("card_data", "layouts") and parts[1] not in self._sources

    def _publish(self, state: State) -> State:
        """Show a state, numbered after the one shown (the sheets are published from their own thread)."""
        with self._lock:
            self._state = state = dataclasses.replace(state, version=self._state.version + 1)
        return state

    def close(self) -> None:
        """Wait for the sheets being drawn, if any, and draw no more."""
        with self._drawing:
            self._closed = self._sheets_busy = True

    def want_sheets(self) -> None:
        """Draw the sheets of the cards shown, in the background, unless they are drawn or being drawn."""
        with self._lock:
            state = self._state
            if self._sheets_busy or not state.components or (state.sheets and state.sheets.cards == state.cards):
                return
            self._sheets_busy = True
        threading.Thread(target=self._draw_sheets, name="pnp-sheets", daemon=True).start()

    def _draw_sheets(self) -> None:
        """Build the sheets of the cards shown and publish them; what stops the build is shown in their place."""
        try:
            with self._drawing:
                cards, project, paper = self.state.cards, Project(self.root), self.paper or ""
                try:
                    game = project.load_game(self.game)
                    game = localize_game(game, self.lang) if self.lang else game
                    asked, own = chosen_paper(self.paper)
                    paper = game.paper if own and game.paper else asked
                    sheets = Sheets(paper, draw_sheets(project, game, paper, self.folder, self._fonts), cards)
                except PnpError as exc:
                    sheets = Sheets(paper, (), cards, exc.render())
                except Exception as exc:  # a file read while being saved, or a bug: one line in the sheets' place
                    sheets = Sheets(paper, (), cards, f"unexpected {type(exc).__name__}: {exc}")
                sheets = self._with_rulebook(sheets, project)
                self._publish(dataclasses.replace(self.state, sheets=sheets))
        finally:
            with self._lock:
                self._sheets_busy = self._closed


    def _with_rulebook(self, sheets: Sheets, project: Project) -> Sheets:
        """The sheets with the rulebook's pages after them, or what stops the rulebook in their place."""
        try:
            game = project.load_game(self.game)
            pages, notes = draw_rulebook(project, game, self.folder, self._fonts)
            return dataclasses.replace(sheets, rules=pages, rules_notes=notes)
        except PnpError as exc:
            return dataclasses.replace(sheets, rules_error=exc.render())
        except Exception as exc:  # as for the sheets: one line in the rulebook's place
            return dataclasses.replace(sheets, rules_error=f"unexpected {type(exc).__name__}: {exc}")


def _prune(folder: Path, states: tuple[State, ...]) -> None:
    """Remove the images no state shows (the previous state's stay for a page that has not caught up yet)."""
    keep = {card.image for state in states for cards in state.components.values() for card in cards}
    keep |= {page for state in states if state.sheets for page in state.sheets.pages + state.sheets.rules}
    for image in folder.glob("*.png"):
        if image.name not in keep:
            image.unlink(missing_ok=True)


def _forget_cached_files() -> None:
    """Drop the per-process caches of images and fonts read by path, so an edited file is read again."""
    from pnp.face import images
    from pnp.text import fonts
    images.image_reader.cache_clear()
    fonts._load.cache_clear()
    fonts._reread.cache_clear()
