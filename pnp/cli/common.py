"""What the command line's commands share: the --project option, progress bars, paths as a user types them."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import click

project_option = click.option("--project", "project_dir", type=click.Path(file_okay=False, path_type=Path),
                              default=".", show_default=True, help="Project folder holding card_data/ and layouts/.")


def bar(length: int, label: str):
    """A progress bar on a terminal; nothing at all in a log or a pipe, where stderr is for errors."""
    return click.progressbar(length=length, label=label, file=sys.stderr if sys.stderr.isatty() else io.StringIO())


def shown(path: Path) -> str:
    """A path as the user would type it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix() or "."
    except ValueError:
        return path.as_posix()
