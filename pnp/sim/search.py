"""A search player for any simulation that can re-deal what a seat cannot see: Monte Carlo over re-deals.

At each decision the greedy player's choice and a few other legal actions are each played out on fresh re-deals
of the hidden cards (State.redeal: determinization), every seat then played by the greedy player to the end of the
game (or for the game's horizon of rounds). All candidates play on the same re-deals with the same draws (common
random numbers), and sequential halving drops the worse half after each round of tries: this screening only picks
one challenger, the best of the others. The challenger replaces the greedy choice only when it passes a test of
its own on fresh re-deals, every try played to the end of the game: an exact one-sided sign test at ALPHA (5%) on
CONFIRM pairs (doing better: a larger share of the win, or as large a share and a larger lead on the scores; of
the pairs whose results differ, the challenger must do better on so many that an even coin would give as many in
at most 5% of decisions). One test per decision, on re-deals the screening never saw, so however
many actions were screened, a challenger that is no better than the greedy choice (as likely to do worse as
better on a re-deal) replaces it in at most 5% of decisions: the family-wise error of the screening's comparisons,
per decision, is ALPHA. The test stops early once its verdict is known, which changes no verdict.

Its re-deals and playouts draw from a generator of its own (Seat.thinking, which the checker seeds per game and
seat): from the game's generator it draws only what the greedy player draws, so a game with a search seat is the
same game as greedy's until search first chooses otherwise (the ladder's probe pairs the two).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from pnp.sim.spec import Policy, random_policy, state_rounds
from pnp.sim.state import CHANCE, SIMULTANEOUS, Action, State

if TYPE_CHECKING:
    from pnp.sim.spec import GameSpec

ALPHA = 0.05  # a challenger no better than the greedy choice replaces it in at most this share of decisions
CONFIRM = 8  # the confirming test's pairs of tries (challenger and greedy choice on one fresh re-deal), at most
PER_CANDIDATE = 4  # playouts per action considered, at least: more actions than that are sampled
PLAYOUT_COST = 30  # what setting up a playout costs (a re-deal, a copy), counted as moves played


class Seat:
    """What a searching player is given instead of an observation: its seat, what it sees, and re-deals."""

    __slots__ = ("_state", "player", "thinking")

    def __init__(self, state: State, player: int, thinking: random.Random | None = None):
        self._state = state
        self.player = player
        self.thinking = thinking  # the generator of its re-deals and playouts, apart from the game's (None: one
        # draw of the game's generator a decision seeds them)

    def observation(self) -> Any:
        """What this seat sees, as any other player is given it."""
        return self._state.observation(self.player)

    def sample(self, rng: random.Random) -> State:
        """A copy of the game to play on, in which what this seat cannot see is dealt again with `rng`."""
        return self._state.redeal(self.player, rng)


@dataclass(frozen=True)
class SearchPolicy:
    """Monte Carlo search over re-deals: `playouts` games played out per decision, by `rollout` players."""

    greedy: Policy
    playouts: int = 32
    rollout: str = "greedy"  # who plays the playouts on: "greedy" (every seat) or "random" (cheap)
    max_moves: int = 2000  # a playout still running after this many moves counts as it stands
    horizon: int = 0  # rounds to play out before the scores as they stand decide (0: to the end of the game)
    rounds: Callable[[State], int] = state_rounds  # the game's count of rounds, for the horizon
    moves: list[int] = field(default_factory=lambda: [0], compare=False, repr=False)  # its cost so far, in moves
    searches: ClassVar[bool] = True  # the checker passes a Seat, not an observation

    def __call__(self, observation: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """The action to play: `observation` is a Seat (the checker passes one, as `searches` asks)."""
        seat: Seat = observation
        first = self.greedy(seat.observation(), legal, rng)  # drawing from the game's generator as greedy would
        if len(legal) == 1:
            return first
        own = seat.thinking or random.Random(rng.getrandbits(64))
        rest = [action for action in legal if action != first]
        own.shuffle(rest)  # the other actions tried, when there are more than the budget allows, are left to chance
        candidates = [first, *rest][:max(2, self.playouts // PER_CANDIDATE)]
        challenger = self._halving(seat, candidates, own)
        if challenger is not None and self._confirmed(seat, candidates[challenger], first, own):
            return candidates[challenger]
        return first

    def _halving(self, seat: Seat, candidates: list, rng: random.Random) -> int | None:
        """Sequential halving on common re-deals, the greedy choice (0) kept to the end: the best other action,
        when it did better than the greedy choice on the same re-deals (else None: no test is worth playing)."""
        alive = list(range(len(candidates)))
        rewards = [0.0] * len(candidates)  # per action, its rewards summed over the re-deals it was played on
        tried = [0] * len(candidates)
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        for _ in range(rounds):
            for _ in range(max(1, self.playouts // (len(alive) * rounds))):
                for k, (reward, _) in zip(alive, self._tries(seat, [candidates[k] for k in alive], rng, self.horizon)):
                    rewards[k] += reward
                    tried[k] += 1
            ranked = sorted(alive[1:], key=lambda k: (-rewards[k] / tried[k], k))
            alive = [0, *ranked[:max(1, len(alive) // 2 - 1)]]  # at least one challenger is kept
        best = min(alive[1:], key=lambda k: (-rewards[k] / tried[k], k))
        return best if rewards[best] / tried[best] > rewards[0] / tried[0] else None

    def _confirmed(self, seat: Seat, challenger: Action, first: Action, rng: random.Random) -> bool:
        """The exact one-sided sign test on up to CONFIRM fresh re-deals played to the end: whether the challenger
        did better than the greedy choice on significantly more of them than it did worse (at ALPHA): a larger
        share of the win, or as large a share and a larger lead on the scores."""
        better = worse = 0
        for played in range(1, CONFIRM + 1):
            mine, greedy = self._tries(seat, [challenger, first], rng, 0)
            better, worse = better + (mine > greedy), worse + (mine < greedy)
            left = CONFIRM - played
            if _sign_tail(worse, better + worse + left) > ALPHA:  # even winning every pair left would not do
                return False
            if _sign_tail(worse + left, better + worse + left) <= ALPHA:  # even losing every pair left would
                return True
        return False

    def _tries(self, seat: Seat, actions: list, rng: random.Random, horizon: int) -> list[tuple[float, float]]:
        """Each action played out on one fresh re-deal with the same rollout draws (common random numbers)."""
        world, seed = seat.sample(rng), rng.getrandbits(64)
        rewards = []
        for index, action in enumerate(actions):
            copy = world.clone() if index < len(actions) - 1 else world  # the last plays on the world itself
            rollout = random.Random(seed)
            _act(copy, seat.player, action, self._rollout_policy(), rollout)
            rewards.append(self._play_out(copy, seat.player, rollout, horizon))
        return rewards

    def _rollout_policy(self) -> Policy:
        """The player every seat of a playout is."""
        return self.greedy if self.rollout == "greedy" else random_policy

    def _play_out(self, world: State, me: int, rng: random.Random, horizon: int) -> tuple[float, float]:
        """Play a copy to the end with the rollout players: my share of the win (ties share it), and my lead on the
        scores (over the best other seat). Stopped at the horizon, where a lead need not last: the share of the
        others I am ahead of on the scores as they stand, and that lead."""
        chooser = self._rollout_policy()
        blind = getattr(chooser, "blind", False)
        moves, rounds = self.max_moves, self.rounds
        last = rounds(world) + horizon if horizon else None  # None: to the end, no need to count rounds
        while moves > 0 and (last is None or rounds(world) < last):
            player = world.current_player()
            if player >= CHANCE:
                legal = world.legal_actions(player)
                if blind or player == CHANCE:
                    action = legal[int(rng.random() * len(legal))]
                else:
                    action = chooser(world.observation(player), legal, rng)
                world.apply_action(action)
            elif player == SIMULTANEOUS:
                world.apply_actions([_choose(world, seat, chooser, blind, rng) for seat in range(world.num_players)])
            else:
                break
            moves -= 1
        self.moves[0] += self.max_moves - moves + PLAYOUT_COST
        scores = world.scores()
        lead = scores[me] - max((score for seat, score in enumerate(scores) if seat != me), default=0.0)
        if horizon and not world.is_terminal():
            return _standing(scores, me), lead
        winners = world.winners()
        return (1.0 / len(winners) if me in winners else 0.0), lead


def search_policy(spec: GameSpec, playouts: int | None = None) -> SearchPolicy:
    """The search player of a game: its greedy player searched, `playouts` per decision (default: the game's own)."""
    return SearchPolicy(spec.greedy, playouts or spec.search_playouts, "greedy", spec.max_moves, spec.search_horizon,
                        spec.rounds)


def can_redeal(state: State) -> bool:
    """Whether a game's state re-deals what a seat cannot see (the search player needs it)."""
    return type(state).redeal is not State.redeal


def _standing(scores: list[float], me: int) -> float:
    """Where a player stands on the scores: the share of the others it is ahead of (a tie counts half)."""
    mine = scores[me]
    ahead = sum(1.0 if mine > score else 0.5 if mine == score else 0.0 for score in scores)
    return (ahead - 0.5) / (len(scores) - 1)


def _sign_tail(k: int, n: int) -> float:
    """P(X <= k) for X ~ Binomial(n, 1/2), exactly: the sign test's p-value (sim cannot import check's stats)."""
    return 1.0 if k >= n else sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n


def _act(world: State, me: int, action: Action, others: Policy, rng: random.Random) -> None:
    """Play my action on a copy (at a simultaneous step the others choose as the rollout players would)."""
    if world.current_player() == SIMULTANEOUS:
        blind = getattr(others, "blind", False)
        world.apply_actions([action if seat == me else _choose(world, seat, others, blind, rng)
                             for seat in range(world.num_players)])
    else:
        world.apply_action(action)


def _choose(world: State, seat: int, policy: Policy, blind: bool, rng: random.Random) -> Action:
    """One seat's choice on a copy."""
    legal = world.legal_actions(seat)
    if blind:
        return legal[int(rng.random() * len(legal))]
    return policy(world.observation(seat), legal, rng)
