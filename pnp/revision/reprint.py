"""`pnp build GAME --only-changed-since REF`: just the changed and added cards, and a list of what to replace."""

from __future__ import annotations

import dataclasses

from pnp.build.builder import BuildReport, Progress, build
from pnp.build.options import BuildOptions
from pnp.project.games import Game, Project
from pnp.revision.compare import Changes
from pnp.revision.errata import reprint_markdown
from pnp.revision.run import changes_since

REPRINT_LIST = "reprint.md"


def reprint_name(game: str) -> str:
    """The output folder of a game's reprint."""
    return f"{game}-reprint"


def reprint_game(found: Changes) -> Game:
    """The game with only the rows of cards changed (in their cells or their looks) or added, in print order."""
    keep = {(c.component, c.new.number) for c in found.changes if c.new is not None}
    name = reprint_name(found.game.name)
    components = []
    for component in found.game.components:
        rows = tuple(row for row in component.table.rows if (component.name, row.number) in keep)
        if rows:
            table = component.table._replace(rows=rows)
            components.append(dataclasses.replace(component, game=name, table=table))
    return found.game._replace(name=name, components=tuple(components))


def build_reprint(project: Project, name: str, ref: str, options: BuildOptions,
                  progress: Progress = lambda n: None) -> tuple[BuildReport, Changes]:
    """Build OUT/<game>-reprint/: the cards that differ from REF (with their backs) and reprint.md."""
    with changes_since(project, name, ref, options.out, options.components) as since:
        game = reprint_game(since.found)
        report = build(project, [game], options._replace(components=()), progress,
                       extra={REPRINT_LIST: reprint_markdown(since.found)})
    return report, since.found
