"""`pnp check`: integrity first, then simulated play per player count, then skill sensitivity."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.check.core import GameRecord, GameSpec, play, random_policy, unknown_game
from pnp.check.deal.deck import empty_components
from pnp.check.deal.section import deal_counts, deal_spec_for, run_deal_check
from pnp.check.play.chunks import Results, jobs_for, keep_data, run_jobs
from pnp.check.play.find import find_simulation, game_folder, simulation_names
from pnp.check.play.paired import SKILL, figure_pairs, merged_pairs, run_pairs
from pnp.check.play.precision import DEFAULT_PRECISION, Target, run_to_target
from pnp.check.play.registry import spec_for
from pnp.check.printed import lenient, print_findings
from pnp.check.report import compare, symmetry
from pnp.check.report.card_changes import CardChange, card_changes
from pnp.check.report.cards import CardImpacts
from pnp.check.report.compare import Comparison, FigureChange
from pnp.check.report.deal import DealSection
from pnp.check.report.jsonform import to_json
from pnp.check.report.model import Baseline, CheckReport, CountFigures, DealOnlyReport, Report, Skill
from pnp.check.report.play import PlayFigures
from pnp.check.stats.inference import Moments
from pnp.errors import PnpError, UsageError
from pnp.project.games import Project


def check(project: Project, game: str, players: list[int], games: int | None, seed: int, policy: str, workers: int,
          command: str, progress: Callable[[int], None] = lambda n: None, precision: float | None = None,
          against: Project | None = None) -> CheckReport:
    """Run the whole check and return the report (the same figures for any number of workers)."""
    project = lenient(project)  # rows a build stops at are findings here, and the games play the rows as read
    spec = spec_for(game, project)
    counts = player_counts(project, game, players)
    data = spec.load(project)
    keep_data(project.root, game, data)  # the games play what integrity checked, read once
    target = Target(games, precision or DEFAULT_PRECISION) if games is None else Target(games)
    integrity = _printed(project, game) + [str(f) for f in spec.integrity(data, counts)]
    comparison = None
    if against is not None:
        against = lenient(against)
        theirs = against_spec(game, against)
        their_data = theirs.load(against)
        keep_data(against.root, game, their_data)
        comparison = Comparison(str(against.root), _printed(against, game) +
                                [str(f) for f in theirs.integrity(their_data, counts)])
    deal = deal_section(project, game, players, seed, workers)  # first: a bad check: section stops at once
    figures = {count: _one_count(project, game, spec, count, seed, policy, target, workers, progress, against)
               for count in counts}
    return CheckReport(game, games, seed, policy, command, None if games is not None else target.precision,
                       target.cap, integrity, figures, comparison, deal).corrected()


def _printed(project: Project, game: str) -> list[str]:
    """What a build of the game folder the simulation reads would stop at: lost rows, unknown symbols."""
    folder = game_folder(project, game)
    return print_findings(project, folder) if folder is not None else []


def deal_section(project: Project, game: str, players: list[int], seed: int, workers: int,
                 strict: bool = False) -> DealSection | None:
    """The deal-and-draw check when game.yaml declares one under check: (strict: every count asked is listed)."""
    spec = deal_spec_for(project, game)
    if spec is None:
        return None
    return DealSection.of(run_deal_check(project, game, spec, deal_counts(spec, players, game, strict), seed, workers))


def deal_only_report(project: Project, game: str, players: list[int], seed: int, workers: int,
                     command: str) -> DealOnlyReport:
    """The whole report of a game without a rules simulation: integrity, then the deal-and-draw check if declared."""
    project = lenient(project)  # rows a build stops at are findings here
    project.load_game(game)  # every component must load, as for a build
    integrity = print_findings(project, game) + empty_components(project, game)
    return DealOnlyReport(game, seed, command, integrity, deal=deal_section(project, game, players, seed, workers,
                                                                            strict=True))


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


def _one_count(project: Project, game: str, spec: GameSpec, count: int, seed: int, policy: str, target: Target,
               workers: int, progress: Callable[[int], None], against: Project | None) -> CountFigures:
    """Every figure of one player count: play, symmetry tests, skill, the random baseline and any comparison."""
    def watch(results: Results) -> list[Moments]:
        return symmetry.watched_shares(results, count, spec.symmetric)
    results = run_to_target(project.root, game, count, seed, policy, target, workers, watch, progress)
    games = len(results.records)
    play = PlayFigures.of(results, count, spec.piles)
    by_seat = _skill_runs(project, game, count, games, seed, policy, workers, progress)
    baseline = None
    if policy != "random":
        random_play = run_jobs(jobs_for(project.root, game, count, games, seed, "random"), workers, progress)
        baseline = Baseline("random", PlayFigures.of(random_play, count, spec.piles))
    changes, cards = (None, None) if against is None else \
        paired_changes(project, against, game, count, games, seed, policy, workers, progress)
    return CountFigures(play, symmetry.symmetry_tests(play, results, spec.symmetric), Skill.of(by_seat, count),
                        baseline, changes, card_impacts(results), cards)


def paired_changes(project: Project, against: Project, game: str, count: int, games: int, seed: int, policy: str,
                   workers: int, progress: Callable[[int], None]
                   ) -> tuple[dict[str, FigureChange], list[CardChange] | None]:
    """Both projects on the same seeds, compared game by game: every figure's change, and every card's."""
    play = run_pairs(jobs_for(project.root, game, count, games, seed, policy, cards=True), against.root, workers,
                     progress)
    skill = [run_pairs(jobs_for(project.root, game, count, max(1, games // count), seed, policy, seat), against.root,
                       workers, progress) for seat in range(count)]
    mine = {**compare.play_moments(play.mine, count), SKILL: compare.skill_moments([s.mine for s in skill])}
    theirs = {**compare.play_moments(play.theirs, count), SKILL: compare.skill_moments([s.theirs for s in skill])}
    pairs = {**figure_pairs(play), SKILL: merged_pairs([figure_pairs(s)[SKILL] for s in skill])}
    cards = None
    if play.mine.cards is not None and play.theirs.cards is not None:
        cards = card_changes(play.mine.cards, play.theirs.cards, play.cards)
    return compare.differences(mine, theirs, pairs), cards


def card_impacts(results: Results) -> CardImpacts | None:
    """Every card's impact in the headline games, when the game declares card events (corrected with the report)."""
    return CardImpacts.of(results.cards) if results.cards is not None else None


def _skill_runs(project: Project, game: str, count: int, games: int, seed: int, policy: str, workers: int,
                progress: Callable[[int], None]) -> list[Results]:
    """Greedy in each seat in turn against random players: games // count games per seat."""
    return [run_jobs(jobs_for(project.root, game, count, max(1, games // count), seed, policy, seat),
                     workers, progress) for seat in range(count)]


def player_counts(project: Project, game: str, players: list[int]) -> list[int]:
    """The player counts to simulate: those asked for, or every count the game supports."""
    spec = spec_for(game, project)
    for count in players:
        if count not in spec.player_counts:
            raise UsageError(f"{game} is for {', '.join(map(str, spec.player_counts))} players, not {count}",
                             where="pnp check --players", fix="choose a supported player count")
    return players or list(spec.player_counts)


def replay_game(project: Project, game: str, players: int | None, seed: int, policy: str) -> str:
    """Play one game again, move by move, as text."""
    spec = spec_for(game, project)
    return replay(project, game, players or spec.player_counts[0], seed, policy)[1]


def replay(project: Project, game: str, players: int, seed: int, policy: str) -> tuple[GameRecord, str]:
    """Play one game again, move by move."""
    spec = spec_for(game, project)
    player_counts(project, game, [players])
    data = spec.load(project)
    policies = [spec.greedy if policy == "greedy" else random_policy] * players
    record = play(spec, data, players, seed, policies, log=True)
    lines = [f"{i + 1:4d}. {line}" for i, line in enumerate(record.log)]
    ending = "ended by the rules" if record.ended_by_rules else f"stopped at the safety cap ({spec.max_moves} moves)"
    lines.append(f"{ending} after {record.moves} moves; scores {record.scores}; winners "
                 f"{[w + 1 for w in record.winners]}")
    return record, "\n".join(lines) + "\n"


def write_json(path: Path, report: Report) -> None:
    """Write the JSON report atomically: a failed write leaves any earlier report as it was."""
    from pnp.output.atomic import AtomicFiles
    files = AtomicFiles()
    try:
        files.temp_for(path).write_text(to_json(report), encoding="utf-8")
        files.commit()
    except BaseException as exc:
        files.abort()
        if not isinstance(exc, OSError):
            raise
        raise PnpError(f"cannot write the report: {exc.strerror}", where=str(path),
                       fix="choose a writable path") from None
