"""`pnp check`: integrity first, then every run of games (and the deal-and-draw shuffles) on one pool."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.check.count import Setting, count_runs
from pnp.check.deal.deck import empty_components
from pnp.check.deal.section import DealPlan, deal_counts, deal_spec_for, plan_deal_check
from pnp.check.discovery.find import find_simulation, game_folder, simulation_names
from pnp.check.discovery.registry import spec_for, unknown_game
from pnp.check.figures.compare import Comparison
from pnp.check.figures.deal import DealSection
from pnp.check.figures.jsonform import to_json
from pnp.check.ladder import ladder_plan
from pnp.check.options import CheckOptions
from pnp.check.play.chunks import policies_for
from pnp.check.play.game import BrokenRule, GameRecord, GameSpec, play
from pnp.check.play.schedule import Status, run_all
from pnp.check.printed import lenient, print_findings
from pnp.check.report import CheckReport, DealOnlyReport, Report, with_sweeps
from pnp.check.sweep.runs import plan_sweeps, shared_variants, sweep_runs, variants_data
from pnp.check.sweep.vary import parse_vary
from pnp.check.text.commands import rerun_command, rerun_deal_only_command
from pnp.errors import PnpError, UsageError
from pnp.output.root import named_file
from pnp.pool import Pool
from pnp.project.games import Project, find_project


def check(project: Project, options: CheckOptions,
          progress: Callable[[Status], None] = lambda status: None) -> CheckReport:
    """Run the whole check on one pool (or a Dask cluster) and return the report (the same figures for any number
    of workers)."""
    against = lenient(find_project(options.against)) if options.against is not None else None
    project = lenient(project)  # rows a build stops at are findings here, and the games play the rows as read
    game, target = options.game, options.target
    spec = spec_for(game, project)
    counts = player_counts(project, game, list(options.players))
    data = spec.load(project)  # the games play what integrity checked, read once
    integrity = _printed(project, game) + [str(f) for f in spec.integrity(data, counts)]
    comparison, their_data = None, None
    if against is not None:
        theirs = against_spec(game, against)
        their_data = theirs.load(against)
        comparison = Comparison(str(against.root), _printed(against, game) +
                                [str(f) for f in theirs.integrity(their_data, counts)])
    ladder = ladder_plan(spec, data, counts[0], options.policy, options.search_budget, options.probe)  # bad usage:
    deal = deal_plan(project, game, list(options.players), options.seed)  # ... and so does a bad check: section
    sweeps = plan_sweeps(project, game, [parse_vary(text) for text in options.vary], target.games)  # ... a bad --vary
    variants = variants_data(project, spec, sweeps)
    with check_pool(options.processes, options.scheduler) as pool:
        setting = Setting(game, spec, job_root(pool, project, game), pool.share(data), options.seed, ladder, target,
                          job_root(pool, against, game) if against is not None else None,
                          pool.share(their_data) if against is not None else None)
        runs = {count: count_runs(setting, count) for count in counts}
        shared = [shared_variants(pool, data) for data in variants]
        swept = {count: [sweep_runs(setting.headline_plan(count, sweep.games), setting.data, sweep, data, pool.workers)
                        for sweep, data in zip(sweeps, shared)] for count in counts}
        run_all([run for runs_of in runs.values() for run in runs_of.first] +
                [run for runs_of in runs.values() for run in runs_of.beside] + (deal.runs if deal else []) +
                [run for of_count in swept.values() for sweep in of_count for run in sweep.all], pool, progress)
    figures = {count: with_sweeps(runs_of.figures(spec), [sweep.figures(options.balance) for sweep in swept[count]])
               for count, runs_of in runs.items()}
    return CheckReport(game, target.games, options.seed, options.policy, rerun_command(options), target.to_precision,
                       target.cap, integrity, figures, comparison,
                       DealSection.of(deal.counted()) if deal else None).corrected()


def refuse_misuse(project: Project, options: CheckOptions) -> None:
    """The usage errors of options that do not go together, and of output paths, before anything is read or
    played; bad --vary syntax too."""
    if options.scheduler is not None:
        _cluster_usage(options)
    for path in filter(None, (options.json_path, options.report_path)):
        named_file(path, project.root)  # no link of the project's on the way: refused before the games are played
    if options.report_path is not None:
        from pnp.check.charts.pages import check_report_path  # reportlab only when a report is drawn
        check_report_path(options.report_path, options.replay is not None)
    if options.vary and options.replay is not None:
        raise UsageError("--vary sweeps many games; --replay plays one", where="pnp check --vary",
                         fix="give one of them")
    for text in options.vary:
        parse_vary(text)
    if options.seats and options.replay is None:
        raise UsageError("--seats names the players of one replayed game", where="pnp check --seats",
                         fix="give it with --replay SEED, or leave it out")


def _cluster_usage(options: CheckOptions) -> None:
    """Refuse --scheduler with options it cannot go with; one line when dask.distributed is not installed."""
    from pnp.check.play.cluster import LOCAL, distributed_module
    if options.replay is not None:
        raise UsageError("--scheduler runs the games of a check; a replay plays one game here",
                         where="pnp check --scheduler", fix="leave out --scheduler or --replay")
    if options.workers is not None and options.scheduler != LOCAL:
        raise UsageError("--workers sets the processes of this machine; a cluster's workers are those started "
                         "with 'dask worker'", where="pnp check --workers",
                         fix="leave it out, or use --scheduler local")
    distributed_module()


def check_pool(workers: int, scheduler: str | None) -> Pool:
    """The pool a check runs on: `workers` processes here, or the Dask cluster at `scheduler` ('local': one here)."""
    if scheduler is None:
        return Pool(workers, where="pnp check")
    from pnp.check.play.cluster import ClusterPool
    return ClusterPool(scheduler, workers)


def job_root(pool: Pool, project: Project, game: str) -> str:
    """The project folder as the chunks' jobs name it; on a cluster, what a worker needs of it travels with them."""
    ship = getattr(pool, "ship", None)
    return ship(project, game) if ship is not None else str(project.root)


def _printed(project: Project, game: str) -> list[str]:
    """What a build of the game folder the simulation reads would stop at: lost rows, unknown symbols."""
    folder = game_folder(project, game)
    return print_findings(project, folder) if folder is not None else []


def deal_plan(project: Project, game: str, players: list[int], seed: int, strict: bool = False) -> DealPlan | None:
    """The deal-and-draw check when game.yaml declares one under check: (strict: every count asked is listed)."""
    spec = deal_spec_for(project, game)
    if spec is None:
        return None
    return plan_deal_check(project, game, spec, deal_counts(spec, players, game, strict), seed)


def deal_only_report(project: Project, options: CheckOptions) -> DealOnlyReport:
    """The whole report of a game without a rules simulation: integrity, then the deal-and-draw check if declared."""
    project = lenient(project)  # rows a build stops at are findings here
    game = options.game
    project.load_game(game)  # every component must load, as for a build
    integrity = print_findings(project, game) + empty_components(project, game)
    deal = deal_plan(project, game, list(options.players), options.seed, strict=True)
    if deal is not None:
        with check_pool(options.processes, options.scheduler) as pool:
            run_all(deal.runs, pool)
    return DealOnlyReport(game, options.seed, rerun_deal_only_command(options), integrity,
                          deal=DealSection.of(deal.counted()) if deal else None)


def against_spec(game: str, against: Project) -> GameSpec:
    """The simulation the --against project plays for GAME (its own code checks its own data)."""
    if find_simulation(against, game) is None:
        raise PnpError(f"no rules simulation for '{game}' in {against.root}", where="pnp check --against",
                       fix="compare against a project folder whose game has a simulation")
    return spec_for(game, against)


def has_simulation(project: Project, game: str) -> bool:
    """Whether the game has a rules simulation; a game without one that is not in card_data/ is an error."""
    if find_simulation(project, game) is not None:
        return True
    if not (project.root / "card_data" / game).is_dir():
        raise unknown_game(game, simulation_names(project))
    return False


def player_counts(project: Project, game: str, players: list[int]) -> list[int]:
    """The player counts to simulate: those asked for, or every count the game supports."""
    spec = spec_for(game, project)
    for count in players:
        if count not in spec.player_counts:
            raise UsageError(f"{game} is for {', '.join(map(str, spec.player_counts))} players, not {count}",
                             where="pnp check --players", fix="choose a supported player count")
    return players or list(spec.player_counts)


def replay(project: Project, options: CheckOptions) -> tuple[GameRecord, str]:
    """Play the game of seed `options.replay` again, move by move, at the first player count asked for (else the
    game's first): `options.seats` plays each seat, else `options.policy` every seat."""
    assert options.replay is not None
    spec = spec_for(options.game, project)
    players = options.players[0] if options.players else spec.player_counts[0]
    player_counts(project, options.game, [players])
    seats = options.seats
    if seats and len(seats) != players:
        raise UsageError(f"--seats names {len(seats)} of {players} seats", where="pnp check --seats",
                         fix="name one player (greedy, random, search or search:N) for each seat, separated by commas")
    data = spec.load(project)
    headline = ladder_plan(spec, data, players, options.policy, options.search_budget).headline_player
    names = seats or (headline,) * players
    try:
        record = play(spec, data, players, options.replay, policies_for(spec, names), log=True)
    except BrokenRule as broken:
        raise broken.played_by(str(project.root), names) from None
    ending = "ended by the rules" if record.ended_by_rules else f"stopped at the safety cap ({spec.max_moves} moves)"
    return record, numbered_moves(record.log) + (f"{ending} after {record.moves} moves; scores {record.scores}; "
                                                 f"winners {[w + 1 for w in record.winners]}\n")


def numbered_moves(moves: list[str] | tuple[str, ...]) -> str:
    """The lines of a replay, numbered from 1."""
    return "".join(f"{i + 1:4d}. {line}\n" for i, line in enumerate(moves))


def write_outputs(report: Report, options: CheckOptions) -> list[Path]:
    """Write the --json and --report files asked for; the report's pages drawn (none without --report)."""
    if options.json_path is not None:
        write_json(options.json_path, report)
    if options.report_path is None:
        return []
    from pnp.check.charts.pages import write_report  # the charts only when a report is drawn
    return write_report(options.report_path, report)


def write_json(path: Path, report: Report) -> None:
    """Write the JSON report atomically: a failed write leaves any earlier report as it was."""
    from pnp.output.atomic import AtomicFiles
    files = AtomicFiles()
    try:
        files.temp_for(path).write_text(to_json(report), encoding="utf-8", newline="\n")
        files.commit()
    except BaseException as exc:
        files.abort()
        if not isinstance(exc, OSError):
            raise
        raise PnpError(f"cannot write the report: {exc.strerror}", where=str(path),
                       fix="choose a writable path") from None
