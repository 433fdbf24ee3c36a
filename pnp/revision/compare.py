"""The cards of a game added, removed and changed since an earlier version: in their cells, or only in how they look."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from pnp.data.table import Row
from pnp.project.component import Component
from pnp.project.games import Game
from pnp.revision.diff import FieldDiff, field_diffs
from pnp.revision.files import cause, changed_files
from pnp.revision.match import card_name, match_rows, printed
from pnp.revision.raster import Looks, looks
from pnp.text.fonts import FontBook

KINDS = ("changed", "added", "removed", "rendering")  # in the order lists show them
HEADINGS = {"changed": "Changed", "added": "Added", "removed": "Removed", "rendering": "Changed in rendering only"}


@dataclass(frozen=True)
class Change:
    """One card that differs: how, in which component, its rows then and now, the cells changed and why it looks so."""

    kind: str
    component: str
    name: str
    old: Row | None
    new: Row | None
    fields: tuple[FieldDiff, ...] = ()
    cause: str = ""
    old_file: str = ""
    new_file: str = ""

    @property
    def rows(self) -> str:
        """The rows in the earlier and the new file, as lists show them."""
        old = f"row {self.old.number}" if self.old else ""
        new = f"row {self.new.number}" if self.new else ""
        return f"{old} → {new}" if old and new and old != new else old or new


@dataclass
class Changes:
    """Every change of a game since REF, in the new files' order (removed cards after the rest of their component)."""

    ref: str
    game: Game
    earlier: Game | None
    changes: list[Change] = field(default_factory=list)

    def counts(self) -> Counter[str]:
        return Counter(change.kind for change in self.changes)

    def summary(self) -> str:
        """One line: how many cards of each kind."""
        counts = self.counts()
        parts = [f"{counts[kind]} {'changed in rendering only' if kind == 'rendering' else kind}" for kind in KINDS]
        return ", ".join(parts)

    def component(self, name: str, earlier: bool = False) -> Component | None:
        game = self.earlier if earlier else self.game
        return next((c for c in game.components if c.name == name), None) if game else None


def compare(game: Game, earlier: Game | None, ref: str, roots: tuple[Path, Path], fonts: tuple[FontBook, FontBook],
            scratch: Path) -> Changes:
    """Match each component's cards with the earlier version's and find what changed, rasterising both to compare."""
    found = Changes(ref, game, earlier)
    old_components = {c.name: c for c in earlier.components} if earlier else {}
    both = [c for c in game.components if c.name in old_components]
    (scratch / "old").mkdir(parents=True, exist_ok=True)
    (scratch / "new").mkdir(parents=True, exist_ok=True)
    old_looks = looks([old_components[c.name] for c in both], roots[0], fonts[0], scratch / "old")
    new_looks = looks(both, roots[1], fonts[1], scratch / "new")
    files = changed_files(*roots) if earlier else []
    for component in game.components:
        old = old_components.get(component.name)
        found.changes += _component_changes(component, old, (old_looks, new_looks), files)
    for old in (earlier.components if earlier else ()):
        if old.name not in {c.name for c in game.components}:
            found.changes += [Change("removed", old.name, card_name(row), row, None, old_file=old.table.label)
                              for row in printed(old.table)]
    return found


def _component_changes(component: Component, old: Component | None, seen: tuple[Looks, Looks],
                       files: list[str]) -> list[Change]:
    """One component's changes: every card added when it is new."""
    label = component.table.label
    if old is None:
        return [Change("added", component.name, card_name(row), None, row, new_file=label)
                for row in printed(component.table)]
    own = [layout.label for layout in component.layouts()]
    changes = []
    for pair in match_rows(old.table, component.table):
        shown = card_name(pair.new or pair.old)  # type: ignore[arg-type]
        if pair.old is None or pair.new is None:
            kind = "added" if pair.old is None else "removed"
            changes.append(Change(kind, component.name, shown, pair.old, pair.new, old_file=old.table.label,
                                  new_file=label))
            continue
        fields = field_diffs(pair.old.values, pair.new.values)
        if pair.old.count != pair.new.count and not any(f.field == "count" for f in fields):
            fields += (FieldDiff("count", str(pair.old.count), str(pair.new.count)),)
        if fields:
            changes.append(Change("changed", component.name, shown, pair.old, pair.new, fields,
                                  old_file=old.table.label, new_file=label))
        elif seen[0].get(old.name, {}).get(pair.old.number) != seen[1].get(component.name, {}).get(pair.new.number):
            changes.append(Change("rendering", component.name, shown, pair.old, pair.new,
                                  cause=cause(files, own), old_file=old.table.label, new_file=label))
    return changes
