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


@main.command("check")
@click.argument("game")
@click.option("--players", "players", type=int, multiple=True, help="Player count; repeat for several [default: all].")
@click.option("--games", type=click.IntRange(1), default=1000, show_default=True, help="Games per player count.")
@click.option("--seed", type=int, default=1, show_default=True, help="Master seed.")
@click.option("--policy", type=click.Choice(["random", "greedy"]), default="random", show_default=True)
@click.option("--workers", type=click.IntRange(1), default=1, show_default=True, help="Processes to use.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write every figure as JSON.")
@click.option("--replay", type=int, default=None, help="Play the game with this seed again, move by move.")
@project_option
def check_command(game: str, players: tuple[int, ...], games: int, seed: int, policy: str, workers: int,
                  json_path: Path | None, replay: int | None, project_dir: Path) -> None:
    """Shuffle-test GAME: check the deck, then simulate whole games from the printed CSV data."""
    from pnp.check.core import InvariantViolation
    from pnp.check.report import render_text
    from pnp.check.run import check, replay_game, write_json
    project = find_project(project_dir)
    if replay is not None:
        click.echo(replay_game(project, game, players[0] if players else None, replay, policy), nl=False)
        return
    command = " ".join(["pnp check", game] + [f"--players {n}" for n in players] +
                       [f"--games {games}", f"--seed {seed}", f"--policy {policy}"])
    from pnp.check.run import player_counts
    counts = len(player_counts(game, list(players)))
    try:
        with click.progressbar(length=games * 2 * counts, label="Simulating", file=sys.stderr) as bar:
            report = check(project, game, list(players), games, seed, policy, workers, command, bar.update)
    except InvariantViolation as exc:
        raise PnpError(f"rule broken in a simulated game: {exc}", where=f"pnp check {game}",
                       fix=f"replay it with: pnp check {game} --replay SEED (the seed above)") from None
    click.echo(render_text(report), nl=False)
    if json_path is not None:
        write_json(json_path, report)


@main.command("list")
@project_option
def list_command(project_dir: Path) -> None:
    """Show the games and their components with card counts."""
    project = find_project(project_dir)
    broken = 0
    for name in project.game_names():
        try:
            game = project.load_game(name)
        except PnpError as exc:
            broken += 1
            click.echo(f"{name}  error: {exc.render()}")
            continue
        total = sum(c.card_count for c in game.components)
        click.echo(f"{name}  ({game.title})  {total} pieces")
        for c in game.components:
            size = c.piece_size()
            shown = f"paper ({c.front.paper})" if c.front.paper else f"{size.width:g}x{size.height:g} mm"
            back = "with back" if c.back else "no back"
            click.echo(f"  {c.name:<16} {c.card_count:>4}  {c.kind:<7} {shown}  {back}")
    if broken:
        sys.exit(1)


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
