"""`pnp watch --since REF`: the preview images of the game as it was at REF, to mark the cards that differ."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from pnp.project.games import Project
from pnp.project.lang import localize_game
from pnp.revision.source import earlier_project
from pnp.text.fonts import FontBook
from pnp.watch.preview import render_previews


@dataclass(frozen=True)
class Baseline:
    """The REF a watch compares with and the names of its preview images (a name is its component and pixels)."""

    ref: str
    images: frozenset[str]


def baseline(project: Project, game: str, ref: str, dpi: int, lang: str | None = None) -> Baseline:
    """Render the game at REF as the preview renders it (nothing when it did not exist then), keeping the names."""
    with earlier_project(project, ref, project.root / "output") as earlier:
        old = earlier.load_game(game)
        if old is None:
            return Baseline(ref, frozenset())
        old = localize_game(old, lang) if lang else old
        with tempfile.TemporaryDirectory(prefix="pnp-since-") as scratch:
            cards = render_previews(list(old.components), Path(scratch), earlier.project.root, FontBook(), dpi)
    return Baseline(ref, frozenset(card.image for shown in cards.values() for card in shown))
