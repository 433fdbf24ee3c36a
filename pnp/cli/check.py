"""`pnp check`: the command line of the rules-checker, a thin layer that builds pnp.check.options.CheckOptions
and hands them to pnp.check.checker."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.check.options import BALANCES, CAP, DEFAULT_PRECISION, POLICIES, CheckOptions, Target, seat_list
from pnp.cli.common import project_option
from pnp.cli.common import shown as _shown
from pnp.errors import PnpError, UsageError

if TYPE_CHECKING:
    from pnp.check.play.game import BrokenRule
    from pnp.check.play.schedule import Status
    from pnp.check.report import Report
    from pnp.project.games import Project


def _progress() -> Callable[[Status], None]:
    """A progress line on a terminal's stderr, at most a few times a second; nothing when it is not a terminal."""
    if not sys.stderr.isatty():
        return lambda status: None
    last = [0.0]

    def update(status: Status) -> None:
        now = time.monotonic()
        if now - last[0] >= 0.2:
            last[0] = now
            click.echo("\r" + progress_line(status) + "\x1b[K", nl=False, err=True)
    return update


def progress_line(status: Status, width: int = 20) -> str:
    """A bar of the games played among those expected, the precision reached and the time left."""
    expected = max(status.expected, status.games, 1)
    filled = round(width * status.games / expected)
    parts = [f"[{'#' * filled}{'-' * (width - filled)}] {status.games:,} of ~{expected:,} games"]
    if status.precision is not None and status.precision[0] != float("inf"):
        parts.append(f"+-{status.precision[0] * 100:.1f} pt of +-{status.precision[1] * 100:.1f}")
    if status.seconds_left is not None:
        parts.append(f"about {_duration(status.seconds_left)} left")
    return ", ".join(parts)


def _duration(seconds: float) -> str:
    """Seconds as a person reads them: 8 s, 2 min 10 s, 1 h 5 min."""
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60} min"


def _clear_progress() -> None:
    """Take the progress line away before the report is printed (on a terminal only)."""
    if sys.stderr.isatty():
        click.echo("\r\x1b[K", nl=False, err=True)


@click.command("check")
@click.argument("game")
@click.option("--players", "players", type=int, multiple=True, help="Player count; repeat for several [default: all].")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=None,
              help="Exactly N games per player count [default: as many as --precision needs].")
@click.option("--precision", type=click.FloatRange(0.002, 0.5), default=None,
              help=f"Simulate until every seat's win share is within +-P (95%) [default: {DEFAULT_PRECISION:g}; "
                   f"at most {CAP:,} games].")
@click.option("--against", "against_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Also run GAME from this project folder on the same seeds and report what changed.")
@click.option("--seed", type=int, default=CheckOptions.seed, show_default=True, help="Master seed.")
@click.option("--policy", type=click.Choice(POLICIES), default=CheckOptions.policy, show_default=True,
              help="Who plays the headline games (greedy: players who play to win; search: players who search with "
                   "the greedy player, much slower; random is also run as a baseline).")
@click.option("--search-budget", type=click.IntRange(2, 10_000), default=None,
              help="The search player's games played out per decision [default: the game's own, 16 unless it says].")
@click.option("--probe/--no-probe", default=True,
              help="Measure the headline players against a search player, the skill ladder's last rung [default: "
                   "on]. It takes about as long as the headline, several times as long in a short check: leave it "
                   "out for a quicker look, and keep it for a finding you report.")
@click.option("--workers", type=click.IntRange(1), default=None,
              help="Processes to use [default: every core this process may run on].")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Run the games on the Dask cluster of this scheduler (tcp://host:8786), or on a local one "
                   "of --workers processes ('local'); needs pnpkit[cluster].")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write every figure as JSON.")
@click.option("--report", "report_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also draw the report as charts: FILE.pdf, or FILE.png (more pages: FILE-2.png ...).")
@click.option("--replay", type=int, default=None, help="Play the game with this seed again, move by move.")
@click.option("--seats", default=None, metavar="P,P,...",
              help="With --replay: who plays each seat, in seat order (greedy, random, search or search:N), "
                   "instead of --policy.")
@click.option("--vary", "vary", multiple=True, metavar="FILE:ROW:COLUMN=V,V,...",
              help="Sweep: play the game with the cell at each value (A..B a range; ROW * with +-N: every row's "
                   "value minus and plus N), on the same seeds; repeat for several.")
@click.option("--balance", type=click.Choice(BALANCES), default=CheckOptions.balance, show_default=True,
              help="With --vary: the balance the report names a value for (fair: the card's holders win their fair "
                   "share; seats: the seats' win shares most even).")
@project_option
def check_command(game: str, players: tuple[int, ...], games: int | None, precision: float | None,
                  against_dir: Path | None, seed: int, policy: str, search_budget: int | None, probe: bool,
                  workers: int | None,
                  scheduler: str | None, json_path: Path | None, report_path: Path | None, replay: int | None,
                  seats: str | None, vary: tuple[str, ...], balance: str, project_dir: Path) -> None:
    """Shuffle-test GAME: check the deck, then simulate whole games from the printed CSV data."""
    from pnp.check.checker import has_simulation, refuse_misuse
    from pnp.project.games import find_project
    project = find_project(project_dir)
    options = CheckOptions(game, players=players, target=Target.asked(games, precision), seed=seed, policy=policy,
                           search_budget=search_budget, probe=probe, workers=workers, scheduler=scheduler,
                           against=against_dir, vary=vary, balance=balance, json_path=json_path,
                           report_path=report_path, replay=replay, seats=seat_list(seats), project_dir=str(project_dir))
    refuse_misuse(project, options)
    if replay is not None:
        _replay(project, options)
    elif not has_simulation(project, game):
        _refuse_without_simulation(game, {"--games": games, "--precision": precision, "--against": against_dir,
                                          "--vary": vary or None})
        _deal_only(project, options)
    else:
        _simulate(project, options)


def _simulate(project: Project, options: CheckOptions) -> None:
    """Play the whole check, print its report and write the files asked for; a broken rule is one line."""
    from pnp.check.checker import check
    from pnp.check.play.game import BrokenRule, InvariantViolation
    from pnp.check.text.report import render_text
    game = options.game
    try:
        report = check(project, options, _progress())
    except BrokenRule as broken:
        theirs = options.against is not None and Path(broken.root).resolve() == options.against.resolve()
        folder = str(options.against) if theirs else options.project_dir
        raise PnpError(f"rule broken in a simulated game: {broken}", where=f"pnp check {game}",
                       fix=f"replay it with: {_replay_of(game, broken, options.policy, folder)}") from None
    except InvariantViolation as exc:
        raise PnpError(f"rule broken: {exc}", where=f"pnp check {game}",
                       fix="correct the rules simulation where it breaks this rule") from None
    finally:
        _clear_progress()
    click.echo(render_text(report), nl=False)
    _write_outputs(report, options)


def _replay(project: Project, options: CheckOptions) -> None:
    """Print one game move by move; a rule it breaks ends it with the moves so far and one error line."""
    from pnp.check.checker import numbered_moves, replay
    from pnp.check.play.game import BrokenRule
    try:
        click.echo(replay(project, options)[1], nl=False)
    except BrokenRule as broken:
        click.echo(numbered_moves(broken.moves), nl=False)
        when = f"after move {len(broken.moves)}" if broken.moves else "before the first move"
        raise PnpError(f"rule broken {when}: {broken.problem}", where=f"pnp check {options.game} --replay "
                       f"{options.replay}", fix="the moves above lead to it: correct the rules simulation (or the "
                                                "check) that breaks there") from None


def _replay_of(game: str, broken: BrokenRule, policy: str, project_dir: str) -> str:
    """The command that replays the game that broke a rule."""
    from pnp.check.text.commands import replay_command
    return replay_command(game, broken.players, broken.seats or (policy,), broken.seed, project_dir)


def _refuse_without_simulation(game: str, options: dict[str, object]) -> None:
    """A usage error for an option only a simulated check reads, given for a game without a simulation."""
    given = [name for name, value in options.items() if value is not None]
    if given:
        raise UsageError(f"{given[0]} needs a rules simulation, and {game} has none", where="pnp check",
                         fix="leave it out: the deal-and-draw check takes its shuffles from check: in game.yaml")


def _write_outputs(report: Report, options: CheckOptions) -> None:
    """Write the --json and --report files asked for, naming the report's files on stderr."""
    from pnp.check.checker import write_outputs
    names = [_shown(path) for path in write_outputs(report, options)]
    if names:
        shown = ", ".join(names) if len(names) < 4 else f"{names[0]} ... {names[-1]} ({len(names)} pages)"
        click.echo(f"Report: {shown}", err=True)


def _deal_only(project: Project, options: CheckOptions) -> None:
    """`pnp check` for a game without a rules simulation: deck integrity and the deal-and-draw check."""
    from pnp.check.checker import deal_only_report
    from pnp.check.text.report import render_text
    report = deal_only_report(project, options)
    click.echo(render_text(report), nl=False)
    _write_outputs(report, options)
