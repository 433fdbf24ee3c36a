"""`--since REF`: the changes found inside the earlier version's lifetime, and `pnp proof --since` writing them."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from pnp.face.render import Renderer
from pnp.output.failures import writing_into
from pnp.output.publish import Publication
from pnp.output.root import OutputRoot
from pnp.output.temps import Temp
from pnp.project.games import Project, select_components
from pnp.revision.compare import Changes, compare
from pnp.revision.errata import errata_csv, errata_markdown
from pnp.revision.pages import write_changes_pdf
from pnp.revision.source import Earlier, earlier_project
from pnp.text.fonts import FontBook


@dataclass(frozen=True)
class Since:
    """The changes, the earlier project they were found against (alive while in use) and each version's fonts."""

    found: Changes
    earlier: Earlier
    fonts: tuple[FontBook, FontBook]

    def renderers(self, project: Project) -> tuple[Renderer, Renderer]:
        return Renderer(self.fonts[0], self.earlier.project.root), Renderer(self.fonts[1], project.root)


@dataclass(frozen=True)
class SinceReport:
    """What `pnp proof --since` found and wrote."""

    found: Changes
    pdf: Path
    errata: tuple[Path, Path]


@contextmanager
def changes_since(project: Project, name: str, ref: str, out: Path, components: tuple[str, ...] = ()
                  ) -> Iterator[Since]:
    """The changes of one game (or of the components named) since REF; the earlier files kept until the end."""
    game = select_components(project.load_game(name), components)
    with earlier_project(project, ref, out) as earlier:
        old = earlier.load_game(name)
        old = select_components(old, components, strict=False) if old is not None and components else old
        fonts = (FontBook(), FontBook())
        root = OutputRoot.checked(out, project.root)
        root.make()
        scratch = Temp.folder(root.path, "compare")
        try:
            found = compare(game, old, ref, (earlier.project.root, project.root), fonts, scratch.path)
            yield Since(found, earlier, fonts)
        finally:
            scratch.remove()


def run_since(project: Project, name: str, ref: str, out: Path, components: tuple[str, ...] = ()) -> SinceReport:
    """Write OUT/<game>/<game>-changes.pdf and the errata table <game>-errata.md and .csv, all or nothing."""
    with changes_since(dataclasses.replace(project, lenient=True), name, ref, out, components) as since:
        root = OutputRoot.checked(out, project.root)
        published = Publication(root)
        try:
            folder = published.folder(name)
            pdf, markdown, table = (folder / f"{name}-changes.pdf", folder / f"{name}-errata.md",
                                    folder / f"{name}-errata.csv")
            with writing_into(root.label(root.path), root.path):
                write_changes_pdf(published.temp_for(pdf), since.found, since.renderers(project), since.fonts[1])
                published.temp_for(markdown).write_bytes(errata_markdown(since.found).encode("utf-8"))
                published.temp_for(table).write_bytes(errata_csv(since.found))
            published.commit()
        except BaseException:
            published.abort()
            raise
    return SinceReport(since.found, pdf, (markdown, table))
