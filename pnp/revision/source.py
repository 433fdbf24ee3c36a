"""The earlier version `--since REF` names: a project folder as it is, or a git revision taken into the output."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import PnpError
from pnp.output.root import OutputRoot
from pnp.output.temps import Temp
from pnp.project.games import Game, Project
from pnp.revision.gitread import commit_of, tree_files, write_tree


@dataclass(frozen=True)
class Earlier:
    """The earlier project and how messages name it (the REF as given)."""

    project: Project
    ref: str

    def load_game(self, name: str) -> Game | None:
        """The game as it was, None when it did not exist yet; its rows are read as a proof reads them."""
        if not (self.project.root / "card_data" / name).is_dir():
            return None
        try:
            return self.project.load_game(name)
        except PnpError as exc:
            raise PnpError(exc.problem, where=f"{self.ref}: {exc.where}" if exc.where else self.ref,
                           fix=f"{exc.fix or 'fix it'} (in the earlier version, or compare with another)") from None


@contextmanager
def earlier_project(project: Project, ref: str, out: Path) -> Iterator[Earlier]:
    """The project at REF: a folder holding card_data/, else a revision of the project's git repository.

    A revision's files are written into a temporary folder of the output folder and removed afterwards.
    """
    folder = Path(ref)
    if ref and folder.is_dir():
        if not (folder / "card_data").is_dir():
            raise PnpError(f"'{ref}' is not a project folder: it holds no card_data/", where="--since",
                           fix="name the folder that holds card_data/ and layouts/, or a git revision")
        yield Earlier(Project(folder.resolve(), lenient=True), ref)
        return
    commit, prefix = commit_of(project.root, ref)
    files = tree_files(project.root, commit, prefix, ref)
    root = OutputRoot.checked(out, project.root)
    root.make()
    temp = Temp.folder(root.path, "since")
    try:
        write_tree(project.root, files, temp.path, ref)
        yield Earlier(Project(temp.path, lenient=True), ref)
    finally:
        temp.remove()
