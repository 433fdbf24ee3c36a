"""A game's rulebook as a job: where its rules are and what setting them needs, no Game (nothing compiled)."""

from __future__ import annotations

import glob
from pathlib import Path
from typing import NamedTuple

from pnp.book.pictures import SymbolSpec, symbol_specs
from pnp.data.confine import confined, label_in
from pnp.output.publish import Publication
from pnp.project.games import Game

RULES_FILE = "rules.md"


def rules_path(root: Path, game: str) -> Path | None:
    """The game's rules.md when it has one (inside the project), else None."""
    path = root / "card_data" / game / RULES_FILE
    if not (path.exists() or path.is_symlink()):
        return None
    return confined(root, path, label_in(root, path))


class RulebookJob(NamedTuple):
    """What setting and writing a game's rulebook needs, with no Game (its compiled templates stay behind)."""

    root: Path
    rules: Path
    game: str
    title: str
    symbols: list[SymbolSpec]
    paper: str
    pages_file: Path  # the staged files: `<game>-rules.pdf` and `<game>-rules-booklet-<paper>.pdf`
    booklet_file: Path


def rulebook_job(root: Path, game: Game, folder: Path, files: Publication, paper: str) -> RulebookJob | None:
    """The game's rulebook to write when it has a rules.md (its files otherwise go as stale)."""
    names = (f"{game.name}-rules.pdf", f"{game.name}-rules-booklet-{paper}.pdf")
    for name in names:
        files.own(folder, f"rulebook/{glob.escape(name)}")
    path = rules_path(root, game.name)
    if path is None:
        return None
    pages_file, booklet_file = (files.temp_for(folder / "rulebook" / name) for name in names)
    return RulebookJob(root, path, game.name, game.title, symbol_specs(game), paper, pages_file, booklet_file)
