"""The runs of one player count (headline, skill, random baseline, the other project's) and the figures they make.

With --games every run plays a fixed number of games: the headline and the baseline N, the skill runs N // k
per seat. With a precision the headline plays to it, and the runs beside it (the random baseline, greedy
going round the seats against random players) play to their own, coarser precision (Target.side).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnp.check.figures import compare, symmetry
from pnp.check.figures.card_changes import CardChange, card_changes
from pnp.check.figures.cards import CardImpacts
from pnp.check.figures.compare import FigureChange
from pnp.check.figures.play import PlayFigures
from pnp.check.ladder import LadderPlan, search_probe, skill_ladder
from pnp.check.options import Target
from pnp.check.play.chunks import CHUNK, Results
from pnp.check.play.paired import SKILL, PairedGames, figure_pairs, merged_pairs
from pnp.check.play.runs import Exactly, Games, Plan, Stop, ToPrecision
from pnp.check.play.schedule import Run
from pnp.check.report import Baseline, CountFigures
from pnp.check.stats.inference import Moments
from pnp.pool import Shared
from pnp.sim import GameSpec


@dataclass(frozen=True)
class Setting:
    """What every run of a check shares: the game, its simulation and data, the seed, who plays the headline
    and the ladder, the target, and the other project's folder and data with --against."""

    game: str
    spec: GameSpec
    root: str
    data: Shared
    seed: int
    ladder: LadderPlan
    target: Target
    other_root: str | None = None
    other_data: Shared | None = None

    def headline_plan(self, players: int, games: int) -> Plan:
        """The headline players' plan of `games` games at a player count, keeping card events (a sweep's)."""
        return Plan(self.root, self.game, players, self.seed, self.ladder.headline_player, games=games, cards=True)


@dataclass(frozen=True)
class CountRuns:
    """The runs of one player count."""

    players: int
    headline: Games
    skill: list[Games]  # greedy in each seat in turn: one run per seat, or one going round the seats
    baseline: Games | None
    ladder: LadderPlan
    probe: Games | None  # search in one seat against greedy (None: the simulation cannot re-deal)
    # With --against the headline and the skill runs are PairedGames: each game played in both projects once.

    @property
    def first(self) -> list[Run]:
        """The runs the others wait for or follow: started first."""
        return [self.headline]

    @property
    def beside(self) -> list[Run]:
        """The other runs."""
        probe = [self.probe] if self.probe is not None else []
        return [*self.skill, *([self.baseline] if self.baseline else []), *probe]

    def figures(self, spec: GameSpec) -> CountFigures:
        """Every figure of the player count, once its runs are finished."""
        count, results = self.players, self.headline.results
        play = PlayFigures.of(results, count, spec.piles)
        by_seat = _by_seat(self.skill)
        baseline = None
        if self.baseline is not None:
            baseline = Baseline("random", PlayFigures.of(self.baseline.results, count, spec.piles),
                                self.baseline.stop.precision)
        paired = isinstance(self.headline, PairedGames)
        changes, cards = self.paired_changes(by_seat) if paired else (None, None)
        return CountFigures(play, symmetry.symmetry_tests(play, results, spec.symmetric),
                            skill_ladder(self.ladder, count, by_seat, self.skill[0].stop.precision, self.probe),
                            baseline, changes,
                            CardImpacts.of(results.cards) if results.cards is not None else None, cards)

    def paired_changes(self, by_seat: list[Results]) -> tuple[dict[str, FigureChange], list[CardChange] | None]:
        """Both projects on the same seeds, compared game by game: every figure's change, and every card's."""
        assert isinstance(self.headline, PairedGames)
        skill = [run for run in self.skill if isinstance(run, PairedGames)]
        count, play = self.players, self.headline.pairs
        mine = {**compare.play_moments(self.headline.results, count), SKILL: compare.skill_moments(by_seat)}
        theirs = {**compare.play_moments(play.theirs, count), SKILL: compare.skill_moments(_theirs_by_seat(skill))}
        skill_pairs = [figure_pairs(run.pairs) for run in skill]
        pairs = {**figure_pairs(play), SKILL: merged_pairs([p[SKILL] for p in skill_pairs if SKILL in p])}
        cards = None
        if self.headline.results.cards is not None and play.theirs.cards is not None:
            cards = card_changes(self.headline.results.cards, play.theirs.cards, play.cards)
        return compare.differences(mine, theirs, pairs), cards


def count_runs(setting: Setting, players: int) -> CountRuns:
    """The runs of one player count, for exactly --games games or to the precision asked for."""
    target, spec, policy = setting.target, setting.spec, setting.ladder.headline_player

    def plan(root: str, policy: str, **how) -> Plan:
        return Plan(root, setting.game, players, setting.seed, policy, **how)

    def watch(run: Games) -> list[Moments]:
        return symmetry.watched_shares(run.results, players, spec.symmetric)

    def games(plan: Plan, stop: Stop) -> Games:  # with --against, each game in both projects
        if setting.other_root is None or setting.other_data is None:
            return Games(plan, setting.data, stop)
        return PairedGames(plan, setting.data, stop, setting.other_root, setting.other_data)

    headline_stop: Stop = Exactly() if target.games is not None else ToPrecision(target.precision, watch, shown=True)
    headline = games(plan(setting.root, policy, games=target.games or target.cap, cards=True), headline_stop)
    skill = _skill_runs(setting.root, games, plan, players, target)
    baseline = None
    if policy != "random":
        stop = Exactly() if target.games is not None else ToPrecision(target.side, watch)
        baseline = Games(plan(setting.root, "random", games=target.games or target.cap), setting.data, stop)
    budget = setting.ladder.budget
    probe = None  # the probe measures greedy players: not played for a random headline
    if budget is not None and policy != "random" and setting.ladder.probe:
        probe = search_probe(setting.root, setting.game, players, setting.seed, budget, setting.data, headline)
    return CountRuns(players, headline, skill, baseline, setting.ladder, probe)


def _skill_runs(root: str, games: Callable[[Plan, Stop], Games], plan, players: int, target: Target) -> list[Games]:
    """Greedy in one seat against random players: N // k games in each seat, or going round the seats (a
    round is about one chunk of games) until greedy's win share over every seat reaches the side precision."""
    if target.games is not None:
        each = max(1, target.games // players)
        return [games(plan(root, "greedy", games=each, greedy_seat=seat), Exactly()) for seat in range(players)]
    size = max(1, CHUNK // players)
    return [games(plan(root, "greedy", games=target.cap // players, size=size, rotate=True),
                  ToPrecision(target.side, _greedy_share, step=players))]


def _by_seat(skill: list[Games]) -> list[Results]:
    """The skill games of each seat's greedy player, seat by seat."""
    if len(skill) == 1 and skill[0].plan.rotate:
        return skill[0].by_seat()
    return [run.results for run in skill]


def _theirs_by_seat(skill: list[PairedGames]) -> list[Results]:
    """The other project's skill games of each seat's greedy player, seat by seat."""
    if len(skill) == 1 and skill[0].plan.rotate:
        return skill[0].theirs_by_seat()
    return [run.pairs.theirs for run in skill]


def _greedy_share(run: Games) -> list[Moments]:
    """The greedy player's win share over every seat, the share the skill line reports."""
    return [compare.skill_moments(run.by_seat())]
