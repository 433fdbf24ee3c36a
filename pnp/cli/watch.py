"""`pnp watch`: the command line of the live preview."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.build.options import PAPERS
from pnp.cli.common import project_option
from pnp.errors import PnpError, UsageError
from pnp.output.names import is_plain


@click.command("watch")
@click.argument("game", required=False)
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port of the preview page on 127.0.0.1 (0: any free port).")
@click.option("--lang", default=None, metavar="CODE", help="Preview this language edition, as pnp build --lang.")
@click.option("--since", default=None, metavar="REF",
              help="Also mark the cards that differ from REF (a git revision or an earlier project folder).")
@click.option("--open", "open_page", is_flag=True, help="Open the page in the web browser once it is served.")
@click.option("--paper", type=click.Choice(PAPERS), default=None,
              help="Paper of the sheet view [default: $PNP_PAPER, else paper: in game.yaml, else a4].")
@project_option
def watch_command(game: str | None, port: int, lang: str | None, since: str | None, open_page: bool,
                  paper: str | None, project_dir: Path) -> None:
    """Rebuild GAME's changed cards into PNG previews on every save, shown on a local page (GAME may be left out
    when the project has one game)."""
    import signal
    import threading

    from pnp.project.games import find_project
    from pnp.watch.loop import Watcher
    project = find_project(project_dir)
    game = game or _only_game(project.game_names(), project.label(project.root / "card_data"))
    if not is_plain(game) or not (project.root / "card_data" / game).is_dir():
        project.load_game(game)  # names the known games, or says why the name is not one
    if since is not None:
        from pnp.watch.baseline import baseline
        from pnp.watch.preview import PREVIEW_DPI
        earlier = baseline(project, game, since, PREVIEW_DPI, lang)
    try:
        watcher = Watcher(project.root, game, port, lang=lang, since=earlier if since is not None else None,
                          paper=paper)
    except OSError as exc:
        raise UsageError(f"cannot listen on 127.0.0.1:{port}: {exc.strerror or exc}", where="pnp watch --port",
                         fix="choose another port, or --port 0 for any free one") from None
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())  # stopped like Ctrl+C: the preview folder is removed
    try:
        watcher.start(click.echo)
        click.echo(f"Preview of {game} at {watcher.url} (Ctrl+C to stop)")
        if open_page:
            import webbrowser
            webbrowser.open(watcher.url)
        watcher.run(stop, click.echo)
    except KeyboardInterrupt:
        pass  # Ctrl+C (or SIGTERM) is how a watch ends
    except (OSError, RuntimeError) as exc:  # the system refused to watch the folders (too many, or gone)
        raise PnpError(f"cannot watch the project's folders: {exc}", where="pnp watch",
                       fix="raise the system's limit on watched folders, or watch a smaller project") from None
    finally:
        watcher.close()
    click.echo(f"Stopped watching {game}; the preview images are removed")


def _only_game(names: list[str], where: str) -> str:
    """The project's one game, for a watch that names none."""
    if len(names) == 1:
        return names[0]
    if not names:
        raise PnpError("no games in card_data/", where=where, fix="start one with 'pnp new NAME'")
    raise UsageError(f"the project has {len(names)} games ({', '.join(names)})", where="pnp watch",
                     fix=f"name the one to preview, e.g. pnp watch {names[0]}")
