"""What the command line's commands share: the --project option, progress bars, paths as a user types them."""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stdout
from pathlib import Path
from typing import NoReturn

import click

from pnp.cli.stop import ended, quiet, stopped_line

project_option = click.option("--project", "project_dir", type=click.Path(file_okay=False, path_type=Path),
                              default=".", show_default=True, help="Project folder holding card_data/ and layouts/.")


QUIET = "pnp.quiet"


def _be_quiet(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """With --quiet, what the command says on stdout, its notes and its progress bar are dropped: errors only."""
    if value:
        ctx.meta[QUIET] = True
        ctx.with_resource(redirect_stdout(io.StringIO()))


quiet_option = click.option("--quiet", "-q", is_flag=True, expose_value=False, callback=_be_quiet,
                            help="Print errors only.")


def is_quiet() -> bool:
    """Whether the command runs with --quiet."""
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.meta.get(QUIET))


def bar(length: int, label: str):
    """A progress bar on a terminal; nothing at all in a log or a pipe, where stderr is for errors, or with --quiet."""
    drawn = sys.stderr.isatty() and not is_quiet()
    return click.progressbar(length=length, label=label, file=sys.stderr if drawn else io.StringIO())


def shown(path: Path) -> str:
    """A path as the user would type it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix() or "."
    except ValueError:
        return path.as_posix()


def stopped(ctx: click.Context, exc: BaseException) -> NoReturn:
    """Print a stopped command's one line and exit with 128 + the signal's number (any other stop goes on up)."""
    if not isinstance(exc, KeyboardInterrupt):
        raise exc
    line, code = stopped_line(f"pnp {ctx.invoked_subcommand or ''}".strip(), exc)
    with quiet():
        click.echo(f"error: {line}", err=True)
        ended(code, printed=True)
    sys.exit(code)
