"""`pnp pull`: the command line that fetches a game's shared-sheet data into the project."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.common import project_option
from pnp.output.names import is_plain


@click.command("pull")
@click.argument("game")
@project_option
def pull_command(game: str, project_dir: Path) -> None:
    """Fetch the data files GAME's components declare with url: into the project (builds never fetch)."""
    from pnp.project.games import find_project
    from pnp.pull.pull import pull_game
    project = find_project(project_dir)
    if not is_plain(game) or not (project.root / "card_data" / game).is_dir():
        project.load_game(game)  # names the known games, or says why the name is not one
    for pulled in pull_game(project, game):
        click.echo(f"pulled {project.label(pulled.path)} ({pulled.size:,} bytes) from {pulled.url}")
