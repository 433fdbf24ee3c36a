"""The `pnp` command line: a thin click layer over the library.

Each command imports what it runs when it runs, so `pnp --help` and light commands start quickly.
"""

from __future__ import annotations

import importlib
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import NoReturn

import click

from pnp.build.options import (
    COLORS,
    CUTTER_CHOICES,
    DUPLEX,
    LAYOUTS,
    MARKS,
    PAPERS,
    BuildOptions,
    chosen_paper,
    parse_back_offset,
    parse_die_line,
    parse_gutter,
    parse_time_limit,
)
from pnp.cli.common import bar as _bar
from pnp.cli.common import is_quiet, project_option, quiet_option
from pnp.cli.common import shown as _shown
from pnp.cli.common import stopped as _stopped
from pnp.cli.stop import ended, own_process, quiet, stoppable
from pnp.errors import PnpError, UsageError, stop_within


def _fail(exc: PnpError) -> NoReturn:
    """Print a user error on one line and exit with 1 (bad input) or 2 (bad usage)."""
    code = 2 if isinstance(exc, UsageError) else 1
    with quiet():
        click.echo(f"error: {exc.render()}", err=True)
        ended(code, printed=True)
    sys.exit(code)


NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())
ELSEWHERE = {"check": ("pnp.cli.check", "check_command"), "watch": ("pnp.cli.watch", "watch_command"),
             "pull": ("pnp.cli.pull", "pull_command"), "schema": ("pnp.cli.schema", "schema_command"),
             "calibrate": ("pnp.cli.calibrate", "calibrate_command")}


class _Group(click.Group):
    """Turns PnpError and click's usage errors into one-line messages instead of tracebacks or usage blocks.

    The commands defined in modules of their own are imported only when named (or listed by --help)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *ELSEWHERE})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in ELSEWHERE and cmd_name not in self.commands:
            module, name = ELSEWHERE[cmd_name]
            self.add_command(getattr(importlib.import_module(module), name), cmd_name)
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context):
        try:
            with stoppable():
                return super().invoke(ctx)
        except (PnpError, RuntimeError) as exc:  # a library's bare `except:` may have turned Ctrl+C or SIGTERM into
            stop = stop_within(exc)  # its own error, and Python wraps one raised while a class is made (__set_name__)
            if stop is not None:
                _stopped(ctx, stop)
            if isinstance(exc, RuntimeError):
                raise
            _fail(exc)
        except click.UsageError as exc:
            _fail(_usage_error(exc))
        except KeyboardInterrupt as exc:
            _stopped(ctx, exc)

    def make_context(self, info_name, args, parent=None, **extra):
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as exc:
            if isinstance(exc, NO_ARGS_IS_HELP):
                raise  # `pnp` alone shows the help
            _fail(_usage_error(exc))


def _usage_error(exc: click.UsageError) -> UsageError:
    """click's usage error as pnp's one-line kind: the command, the problem, where to look."""
    command = exc.ctx.command_path if exc.ctx is not None else "pnp"
    problem = " ".join(exc.format_message().split()).rstrip(".")
    return UsageError(problem, where=command, fix=f"see '{command} --help'")


@click.group(cls=_Group)
@click.version_option(package_name="pnpkit")
def main() -> None:
    """pnp: turn card data in CSV and layouts in YAML into print-ready PDFs."""


@main.command("build")
@click.argument("games", nargs=-1)
@click.option("--paper", type=click.Choice(PAPERS), default=None,
              help="Home-print paper size [default: $PNP_PAPER, else paper: in game.yaml, else a4].")
@click.option("--marks", type=click.Choice(MARKS), default="jp", show_default=True,
              help="Crop marks: Japanese トンボ, plain, or none.")
@click.option("--duplex", type=click.Choice(DUPLEX), default="long", show_default=True,
              help="How the printer turns the sheet: long edge, short edge, or none (backs not mirrored).")
@click.option("--layout", type=click.Choice(LAYOUTS), default="grid", show_default=True,
              help="grid: fronts and duplex backs on alternate pages; gutterfold: both on one side, folded.")
@click.option("--back-offset", default="0,0", show_default=True, metavar="X,Y",
              help="Shift every back page by X,Y mm as seen on the back (right, up); measure with 'pnp calibrate'.")
@click.option("--gutter", default=None, metavar="MM",
              help="Gap between pieces on the sheets, 0 to butt them [default: butted only where that saves sheets "
                   "and neighbours match along every cut].")
@click.option("--component", "components", multiple=True,
              help="Build only this component of the one GAME named; repeat for several.")
@click.option("--lang", default=None, metavar="CODE",
              help="Language edition: columns such as text_CODE replace text where filled; output in <game>-CODE/.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder [default: PROJECT/output].")
@click.option("--color", type=click.Choice(COLORS), default="rgb", show_default=True,
              help="Print-shop files in RGB, or in CMYK through an ICC profile (PDF/X-4 structure).")
@click.option("--time-limit", default=None, metavar="SECONDS",
              help="Stop the build once it has run this long, checked between cards [default: no limit; the "
                   "templates' work is bounded in any case].")
@click.option("--cut-lines", is_flag=True, help="Draw each piece's cut as a thin grey line on the home-print fronts.")
@click.option("--die-line", is_flag=True,
              help="Add each piece's cut to every print-shop page as a die line in a spot colour (CutContour).")
@click.option("--die-line-name", default=None, metavar="NAME",
              help="The die line's spot colour name [default: CutContour; implies --die-line].")
@click.option("--cutter", type=click.Choice(CUTTER_CHOICES),
              help="Also write print-then-cut sheets and SVG cut files [default: game.yaml's cutter:, else none].")
@click.option("--share/--no-share", "share", default=None,
              help="--no-share starts every component on a sheet of its own [default: game.yaml's share:, else a "
                   "component's first pieces fill the free band of the part-filled sheet before].")
@click.option("--only-changed-since", "since", default=None, metavar="REF",
              help="Print only the cards changed or added since REF (a git revision or an earlier project folder), "
                   "into OUT/<game>-reprint/ with reprint.md.")
@quiet_option
@project_option
def build_command(games: tuple[str, ...], paper: str | None, marks: str, duplex: str, layout: str, back_offset: str,
                  gutter: str | None, components: tuple[str, ...], lang: str | None, out: Path | None, color: str,
                  time_limit: str | None, cut_lines: bool, die_line: bool, die_line_name: str | None,
                  since: str | None, project_dir: Path, cutter: str | None = None, share: bool | None = None) -> None:
    """Build GAMES (default: every game) into OUT/<game>/."""
    from pnp.build.collect import lean_collection
    cuts = (cut_lines, parse_die_line(die_line, die_line_name))
    if since is not None:
        from pnp.cli.since import build_since
        paper, game_paper = chosen_paper(paper)
        options = BuildOptions(Path(), paper, marks, duplex, layout, parse_back_offset(back_offset), components,
                               color, parse_gutter(gutter), parse_time_limit(time_limit), *cuts, game_paper, cutter,
                               share=share)
        build_since(games, lang, out, options, since, project_dir)
        return
    with lean_collection(final=own_process()):  # the modules and the project, read first, live to the end
        _build(games, paper, marks, duplex, layout, back_offset, gutter, components, lang, out, color, time_limit,
               project_dir, cuts, cutter, share)


def _build(games: tuple[str, ...], paper: str | None, marks: str, duplex: str, layout: str, back_offset: str,
           gutter: str | None, components: tuple[str, ...], lang: str | None, out: Path | None, color: str,
           time_limit: str | None, project_dir: Path, cuts: tuple[bool, str | None] = (False, None),
           cutter: str | None = None, share: bool | None = None) -> None:
    """Load the games named and build them, with a line on what was written."""
    from pnp.text.fonts import read_bundled_ahead
    read_bundled_ahead()  # the fonts read and hashed while the rest is imported and the games load

    from pnp.build.builder import build
    from pnp.data.yamlcache import parsed_yaml_kept
    from pnp.project.games import find_project, select_components
    from pnp.project.lang import localize_game
    shift, gap, seconds = parse_back_offset(back_offset), parse_gutter(gutter), parse_time_limit(time_limit)
    paper, game_paper = chosen_paper(paper)
    project = find_project(project_dir)
    names = list(games) or project.game_names()
    if not names:
        raise PnpError("no games in card_data/", where=project.label(project.root / "card_data"),
                       fix="start one with 'pnp new NAME'")
    if components and len(names) != 1:
        raise UsageError("--component needs exactly one GAME", where="pnp build", fix="name the game: pnp build GAME "
                         "--component NAME")
    click.echo(f"Building {', '.join(names)}")  # before loading, so that an error follows it
    options = BuildOptions(out or project.root / "output", paper, marks, duplex, layout, shift, components, color, gap,
                           seconds, *cuts, game_paper, cutter, share=share)
    with parsed_yaml_kept(options.out):  # layouts as an earlier build parsed them, and kept for the next one
        loaded = [select_components(project.load_game(name), components) for name in names]
        loaded = [localize_game(game, lang) for game in loaded] if lang else loaded
        total = sum(c.card_count for g in loaded for c in g.components)
        with _bar(total, "Rendering") as bar:
            report = build(project, loaded, options, progress=bar.update)
    click.echo(f"Built {len(loaded)} game(s): {report.cards} cards on {report.pages} sheet pages, "
               f"{len(report.files)} PDF files in {_shown(options.out)}")
    for note in report.notes:
        click.echo(f"  {note}")


@main.command("export")
@click.argument("game")
@click.option("--png", is_flag=True, help="A PNG per distinct face and back, with bleed, and quantities.csv.")
@click.option("--tts", is_flag=True, help="Tabletop Simulator deck sheets, back image and import note per deck.")
@click.option("--dpi", type=int, default=None, help="Resolution [default: 300; a preset sets its own].")
@click.option("--preset", type=click.Choice(["mpc", "tgc"]), default=None,
              help="PNG size for a print service: mpc (822x1122 px) or tgc (825x1125 px), poker cards.")
@click.option("--component", "components", multiple=True, help="Export only this component; repeat for several.")
@click.option("--workers", type=click.IntRange(1), default=None, help="Processes to use [default: every core].")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder [default: PROJECT/output].")
@quiet_option
@project_option
def export_command(game: str, png: bool, tts: bool, dpi: int | None, preset: str | None,
                   components: tuple[str, ...], workers: int | None, out: Path | None, project_dir: Path) -> None:
    """Export GAME as PNG images (--png) and Tabletop Simulator decks (--tts) into OUT/<game>/."""
    from pnp.export import PRESETS, ExportOptions, export_game
    from pnp.project.games import find_project
    project = find_project(project_dir)
    options = ExportOptions(out or project.root / "output", png, tts,
                            dpi if dpi is not None else PRESETS[preset].dpi if preset else 300, preset,
                            components, workers)
    with ExitStack() as stack:
        bars: list = []

        def progress(done: int, total: int) -> None:
            if not bars:
                bars.append(stack.enter_context(_bar(total, "Rendering")))
            bars[0].update(done - bars[0].pos)

        report = export_game(project, project.load_game(game), options, progress)
    for line in report.notes if not is_quiet() else ():
        click.echo(f"note: {line}", err=True)
    click.echo(f"Exported {game}: {report.images} images and {report.sheets} TTS sheets in "
               + ", ".join(sorted({_shown(folder.parent) for folder in report.folders})))


@main.command("proof")
@click.argument("game")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder [default: PROJECT/output].")
@click.option("--strict", is_flag=True, help="Exit with 1 when there are findings (with --since: changes).")
@click.option("--text", "text_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write every card's text in reading order to FILE.md or FILE.csv.")
@click.option("--since", "since", default=None, metavar="REF",
              help="List the cards changed since REF (a git revision or an earlier project folder) instead.")
@quiet_option
@project_option
def proof_command(game: str, out: Path | None, strict: bool, text_path: Path | None, since: str | None,
                  project_dir: Path) -> None:
    """Proof-read GAME: a proof PDF of each distinct card with its source rows and findings."""
    from pnp.project.games import find_project
    from pnp.proof.findings import grouped_lines
    from pnp.proof.proofread import run_proof
    project = find_project(project_dir)
    if since is not None:
        from pnp.cli.since import proof_since
        proof_since(project, game, since, out or project.root / "output", strict, text_path)
        return
    report = run_proof(project, game, out or project.root / "output", text_path)
    lines = grouped_lines(report.proof.findings)
    for line in lines:
        click.echo(line)
    count = len(report.proof.findings)
    grouped = f" on {len(lines)} line{'' if len(lines) == 1 else 's'}" if len(lines) != count else ""
    written = _shown(report.pdf) + (f" and {_shown(report.text)}" if report.text else "")
    rules = report.proof.rules
    book = f" and {len(rules.pages)} rulebook page{'' if len(rules.pages) == 1 else 's'}" if rules else ""
    click.echo(f"Proofed {game}: {report.pages} distinct cards{book}, {count} finding{'' if count == 1 else 's'}"
               f"{grouped}; wrote {written}")
    if strict and count:
        sys.exit(1)


@main.command("list")
@project_option
def list_command(project_dir: Path) -> None:
    """Show the games and their components with card counts."""
    from pnp.layout.template import unchecked_templates
    from pnp.project.games import find_project
    project = find_project(project_dir)
    broken = 0
    for name in project.game_names():
        try:
            with unchecked_templates():  # templates are checked by the build, not to count cards
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
@click.option("--data", "data_format", type=click.Choice(["csv", "xlsx", "ods"]), default="csv", show_default=True,
              help="Keep the example cards in a CSV file or a spreadsheet workbook.")
@click.option("--rules", is_flag=True, help="Also write a small rules simulation in card_data/NAME/rules/.")
@quiet_option
@project_option
def new_command(name: str, data_format: str, rules: bool, project_dir: Path) -> None:
    """Start a game NAME with a small example deck that builds at once (and a simulation `pnp check` plays)."""
    from pnp.project.games import Project
    from pnp.scaffold.writer import scaffold
    written = scaffold(Project(project_dir), name, data_format, rules)
    for path in written:
        click.echo(f"created {_shown(path)}")
    where = "" if project_dir == Path(".") else f" --project {_shown(project_dir)}"
    click.echo(f"Next: pnp build {name}{where}" + (f", then pnp check {name}{where}" if rules else ""))
