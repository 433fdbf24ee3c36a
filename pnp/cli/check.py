"""`pnp check`: the command line of the rules-checker, a thin layer over pnp.check.checker."""

from __future__ import annotations

import shlex
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.cli.common import project_option
from pnp.cli.common import shown as _shown
from pnp.errors import PnpError, UsageError
from pnp.output.root import named_file

POLICIES = ("random", "greedy", "search")

if TYPE_CHECKING:
    from pnp.check.play.game import BrokenRule
    from pnp.check.play.schedule import Status
    from pnp.check.report import Report
    from pnp.check.sweep.vary import Vary
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
              help="Simulate until every seat's win share is within +-P (95%) [default: 0.03; at most 200,000 games].")
@click.option("--against", "against_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Also run GAME from this project folder on the same seeds and report what changed.")
@click.option("--seed", type=int, default=1, show_default=True, help="Master seed.")
@click.option("--policy", type=click.Choice(POLICIES), default="greedy", show_default=True,
              help="Who plays the headline games (greedy: players who play to win; search: players who search with "
                   "the greedy player, much slower; random is also run as a baseline).")
@click.option("--search-budget", type=click.IntRange(2, 10_000), default=None,
              help="The search player's games played out per decision [default: the game's own, 16 unless it says].")
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
@click.option("--balance", type=click.Choice(("fair", "seats")), default="fair", show_default=True,
              help="With --vary: the balance the report names a value for (fair: the card's holders win their fair "
                   "share; seats: the seats' win shares most even).")
@project_option
def check_command(game: str, players: tuple[int, ...], games: int | None, precision: float | None,
                  against_dir: Path | None, seed: int, policy: str, search_budget: int | None, workers: int | None,
                  scheduler: str | None,
                  json_path: Path | None, report_path: Path | None, replay: int | None, seats: str | None,
                  vary: tuple[str, ...], balance: str, project_dir: Path) -> None:
    """Shuffle-test GAME: check the deck, then simulate whole games from the printed CSV data."""
    from pnp.check.checker import has_simulation
    from pnp.project.games import find_project
    project = find_project(project_dir)
    if scheduler is not None:
        _cluster_usage(scheduler, workers, replay)
    if workers is None:
        from pnp.pool import every_core
        workers = every_core()
    for path in filter(None, (json_path, report_path)):
        named_file(path, project.root)  # no link of the project's on the way: refused before the games are played
    if report_path is not None:
        from pnp.check.charts.pages import check_report_path  # reportlab only when a report is drawn
        check_report_path(report_path, replay is not None)
    sweeps = _sweep_options(vary, replay)
    if replay is not None:
        _replay(project, game, players, replay, policy, _seat_list(seats), project_dir, search_budget)
        return
    if seats is not None:
        raise UsageError("--seats names the players of one replayed game", where="pnp check --seats",
                         fix="give it with --replay SEED, or leave it out")
    if games is not None and precision is not None:
        raise UsageError("--games and --precision both say when to stop", where="pnp check",
                         fix="give one of them")
    if not has_simulation(project, game):
        _refuse_without_simulation(game, {"--games": games, "--precision": precision, "--against": against_dir,
                                          "--vary": vary or None})
        _deal_only(project, game, players, seed, workers, json_path, report_path, project_dir, scheduler)
        return
    _simulate(project, Asked(game, players, games, precision, against_dir, seed, policy, search_budget, workers,
                             scheduler, vary, balance, project_dir), sweeps, json_path, report_path)


@dataclass(frozen=True)
class Asked:
    """What a simulated check was asked for on the command line."""

    game: str
    players: tuple[int, ...]
    games: int | None
    precision: float | None
    against_dir: Path | None
    seed: int
    policy: str
    search_budget: int | None
    workers: int
    scheduler: str | None
    vary: tuple[str, ...]
    balance: str
    project_dir: Path

    def command(self) -> str:
        """The command line that reproduces the report."""
        from pnp.check.play.precision import DEFAULT_PRECISION
        stop = f"--games {self.games}" if self.games is not None else \
            f"--precision {self.precision or DEFAULT_PRECISION:g}"
        return _reproduce(self.game, self.players,
                          [stop, f"--seed {self.seed}", f"--policy {self.policy}"] +
                          ([f"--search-budget {self.search_budget}"] if self.search_budget is not None else []) +
                          ([f"--against {shlex.quote(str(self.against_dir))}"] if self.against_dir is not None
                           else []) + _sweep_reproduced(self.vary, self.balance), self.project_dir)


def _simulate(project: Project, asked: Asked, sweeps: list[Vary], json_path: Path | None,
              report_path: Path | None) -> None:
    """Play the whole check, print its report and write the files asked for; a broken rule is one line."""
    from pnp.check.checker import check
    from pnp.check.play.game import BrokenRule, InvariantViolation
    from pnp.check.text.report import render_text
    from pnp.project.games import find_project
    game = asked.game
    against = find_project(asked.against_dir) if asked.against_dir is not None else None
    try:
        report = check(project, game, list(asked.players), asked.games, asked.seed, asked.policy, asked.workers,
                       asked.command(), _progress(), precision=asked.precision, against=against,
                       search_budget=asked.search_budget, vary=sweeps, balance=asked.balance,
                       scheduler=asked.scheduler)
    except BrokenRule as broken:
        theirs = against is not None and Path(broken.root).resolve() == against.root.resolve()
        folder = asked.against_dir if theirs and asked.against_dir is not None else asked.project_dir
        raise PnpError(f"rule broken in a simulated game: {broken}", where=f"pnp check {game}",
                       fix=f"replay it with: {_replay_of(game, broken, asked.policy, folder)}") from None
    except InvariantViolation as exc:
        raise PnpError(f"rule broken: {exc}", where=f"pnp check {game}",
                       fix="correct the rules simulation where it breaks this rule") from None
    finally:
        _clear_progress()
    click.echo(render_text(report), nl=False)
    _write_outputs(report, json_path, report_path)


def _sweep_options(vary: tuple[str, ...], replay: int | None) -> list[Vary]:
    """The --vary options parsed (bad syntax is a usage error before anything is read)."""
    from pnp.check.sweep.vary import parse_vary
    if vary and replay is not None:
        raise UsageError("--vary sweeps many games; --replay plays one", where="pnp check --vary",
                         fix="give one of them")
    return [parse_vary(text) for text in vary]


def _sweep_reproduced(vary: tuple[str, ...], balance: str) -> list[str]:
    """The sweep's options as the reproducing command line gives them."""
    options = [f"--vary {shlex.quote(text)}" for text in vary]
    return options + [f"--balance {balance}"] if vary and balance != "fair" else options


def _replay(project: Project, game: str, players: tuple[int, ...], seed: int, policy: str, seats: tuple[str, ...],
            project_dir: Path, search_budget: int | None) -> None:
    """Print one game move by move; a rule it breaks ends it with the moves so far and one error line."""
    from pnp.check.checker import numbered_moves, replay_game
    from pnp.check.play.game import BrokenRule
    try:
        click.echo(replay_game(project, game, players[0] if players else None, seed, policy, seats, search_budget),
                   nl=False)
    except BrokenRule as broken:
        click.echo(numbered_moves(broken.moves), nl=False)
        when = f"after move {len(broken.moves)}" if broken.moves else "before the first move"
        raise PnpError(f"rule broken {when}: {broken.problem}", where=f"pnp check {game} --replay {seed}",
                       fix="the moves above lead to it: correct the rules simulation (or the check) that "
                           "breaks there") from None


def _cluster_usage(scheduler: str, workers: int | None, replay: int | None) -> None:
    """Refuse --scheduler with options it cannot go with; one line when dask.distributed is not installed."""
    from pnp.check.play.cluster import LOCAL, distributed_module
    if replay is not None:
        raise UsageError("--scheduler runs the games of a check; a replay plays one game here",
                         where="pnp check --scheduler", fix="leave out --scheduler or --replay")
    if workers is not None and scheduler != LOCAL:
        raise UsageError("--workers sets the processes of this machine; a cluster's workers are those started "
                         "with 'dask worker'", where="pnp check --workers",
                         fix="leave it out, or use --scheduler local")
    distributed_module()


def _seat_list(seats: str | None) -> tuple[str, ...]:
    """The players named by --seats, checked."""
    if seats is None:
        return ()
    names = tuple(name.strip() for name in seats.split(","))
    for name in names:
        kind, colon, budget = name.partition(":")
        if kind not in POLICIES or colon and not (kind == "search" and budget.isdigit() and int(budget) >= 2):
            raise UsageError(f"'{name}' is not a player", where="pnp check --seats",
                             fix=f"name one of {', '.join(POLICIES)} (or search:N, N playouts a decision) for "
                                 "each seat, separated by commas")
    return names


def _replay_of(game: str, broken: BrokenRule, policy: str, project_dir: Path) -> str:
    """The command that replays the game that broke a rule."""
    from pnp.check.text.commands import replay_command
    return replay_command(game, broken.players, broken.seats or (policy,), broken.seed, str(project_dir))


def _refuse_without_simulation(game: str, options: dict[str, object]) -> None:
    """A usage error for an option only a simulated check reads, given for a game without a simulation."""
    given = [name for name, value in options.items() if value is not None]
    if given:
        raise UsageError(f"{given[0]} needs a rules simulation, and {game} has none", where="pnp check",
                         fix="leave it out: the deal-and-draw check takes its shuffles from check: in game.yaml")


def _reproduce(game: str, players: tuple[int, ...], options: list[str], project_dir: Path) -> str:
    """The command line that runs this check again."""
    from pnp.check.text.commands import project_option
    return " ".join(["pnp check", game] + [f"--players {n}" for n in players] + options +
                    project_option(str(project_dir)))


def _write_outputs(report: Report, json_path: Path | None, report_path: Path | None) -> None:
    """Write the --json and --report files asked for, naming the report's files on stderr."""
    from pnp.check.checker import write_json
    if json_path is not None:
        write_json(json_path, report)
    if report_path is not None:
        from pnp.check.charts.pages import write_report  # the charts only when a report is drawn
        names = [_shown(path) for path in write_report(report_path, report)]
        shown = ", ".join(names) if len(names) < 4 else f"{names[0]} ... {names[-1]} ({len(names)} pages)"
        click.echo(f"Report: {shown}", err=True)


def _deal_only(project: Project, game: str, players: tuple[int, ...], seed: int, workers: int,
               json_path: Path | None, report_path: Path | None, project_dir: Path, scheduler: str | None) -> None:
    """`pnp check` for a game without a rules simulation: deck integrity and the deal-and-draw check."""
    from pnp.check.checker import deal_only_report
    from pnp.check.text.report import render_text
    report = deal_only_report(project, game, list(players), seed, workers,
                              _reproduce(game, players, [f"--seed {seed}"], project_dir), scheduler)
    click.echo(render_text(report), nl=False)
    _write_outputs(report, json_path, report_path)
