"""The `pnp` command line: a thin click layer over the library."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pnp.build import DUPLEX, MARKS, PAPERS, BuildOptions, build
from pnp.errors import PnpError, UsageError
from pnp.project import Project, find_project

project_option = click.option("--project", "project_dir", type=click.Path(file_okay=False, path_type=Path),
                              default=".", show_default=True, help="Project folder holding card_data/ and layouts/.")


def _fail(exc: PnpError) -> None:
    """Print a user error on one line and exit with 1 (bad input) or 2 (bad usage)."""
    click.echo(f"error: {exc.render()}", err=True)
    sys.exit(2 if isinstance(exc, UsageError) else 1)


class _Group(click.Group):
    """Turns PnpError into a one-line message instead of a traceback."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except PnpError as exc:
            _fail(exc)


@click.group(cls=_Group)
@click.version_option(package_name="pnp")
def main() -> None:
    """pnp: turn card data in CSV and layouts in YAML into print-ready PDFs."""


@main.command("build")
@click.argument("games", nargs=-1)
@click.option("--paper", type=click.Choice(PAPERS), default="a4", show_default=True, help="Home-print paper size.")
@click.option("--marks", type=click.Choice(MARKS), default="jp", show_default=True,
              help="Crop marks: Japanese トンボ, plain, or none.")
@click.option("--duplex", type=click.Choice(DUPLEX), default="long", show_default=True,
              help="How the printer turns the sheet: long edge, short edge, or none (backs not mirrored).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder [default: PROJECT/output].")
@project_option
def build_command(games: tuple[str, ...], paper: str, marks: str, duplex: str, out: Path | None,
                  project_dir: Path) -> None:
    """Build GAMES (default: every game) into OUT/<game>/."""
    project = find_project(project_dir)
    names = list(games) or project.game_names()
    if not names:
        raise PnpError("no games in card_data/", where=project.label(project.root / "card_data"),
                       fix="start one with 'pnp new NAME'")
    loaded = [project.load_game(name) for name in names]
    total = sum(c.card_count for g in loaded for c in g.components)
    options = BuildOptions(out or project.root / "output", paper, marks, duplex)
    with click.progressbar(length=total, label="Building", file=sys.stderr) as bar:
        report = build(project, loaded, options, progress=bar.update)
    click.echo(f"Built {len(loaded)} game(s): {report.cards} cards on {report.pages} sheet pages, "
               f"{len(report.files)} PDF files in {_shown(options.out)}")


@main.command("list")
@project_option
def list_command(project_dir: Path) -> None:
    """Show the games and their components with card counts."""
    project = find_project(project_dir)
    for name in project.game_names():
        game = project.load_game(name)
        total = sum(c.card_count for c in game.components)
        click.echo(f"{name}  ({game.title})  {total} pieces")
        for c in game.components:
            size = c.front.size
            back = "with back" if c.back else "no back"
            click.echo(f"  {c.name:<16} {c.card_count:>4}  {c.kind:<5} {size.width:g}x{size.height:g} mm  {back}")


@main.command("new")
@click.argument("name")
@project_option
def new_command(name: str, project_dir: Path) -> None:
    """Start a game NAME with a small example deck that builds at once."""
    from pnp.scaffold import scaffold
    written = scaffold(Project(project_dir), name)
    for path in written:
        click.echo(f"created {_shown(path)}")
    click.echo(f"Next: pnp build {name}" + ("" if project_dir == Path(".") else f" --project {_shown(project_dir)}"))


def _shown(path: Path) -> str:
    """A path as the user would type it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix() or "."
    except ValueError:
        return path.as_posix()
