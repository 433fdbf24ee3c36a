"""A search player for any simulation that can re-deal what a seat cannot see: Monte Carlo over re-deals.

At each decision the greedy player's choice and a few other legal actions are each played out on fresh re-deals
of the hidden cards (State.redeal: determinization), every seat then played by the greedy player to the end of the
game (or for the game's horizon of rounds). All candidates play on the same re-deals with the same draws (common
random numbers); sequential halving drops the worse half after each round of tries; another action replaces the
greedy choice only when it wins more than the greedy choice on the same re-deals, beyond their noise.
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

CONFIDENCE = 1.0  # another action replaces the greedy choice when it wins more by this many standard errors
PER_CANDIDATE = 4  # playouts per action considered, at least: more actions than that are sampled
PLAYOUT_COST = 30  # what setting up a playout costs (a re-deal, a copy), counted as moves played


class Seat:
    """What a searching player is given instead of an observation: its seat, what it sees, and re-deals."""

    __slots__ = ("_state", "player")

    def __init__(self, state: State, player: int):
        self._state = state
        self.player = player

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
        if len(legal) == 1:
            return legal[0]
        seat: Seat = observation
        first = self.greedy(seat.observation(), legal, rng)
        own = random.Random(rng.getrandbits(64))  # one draw of the game's generator per decision
        rest = [action for action in legal if action != first]
        own.shuffle(rest)  # the other actions tried, when there are more than the budget allows, are left to chance
        candidates = [first, *rest][:max(2, self.playouts // PER_CANDIDATE)]
        return candidates[self._halving(seat, candidates, own)]

    def _halving(self, seat: Seat, candidates: list, rng: random.Random) -> int:
        """Sequential halving on common re-deals, the greedy choice (0) kept to the end; then another action is
        taken only when it beats the greedy choice on the same re-deals by more than their noise."""
        alive = list(range(len(candidates)))
        rewards: list[list[float]] = [[] for _ in candidates]  # per action, one reward per re-deal it was played on
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        for _ in range(rounds):
            for _ in range(max(1, self.playouts // (len(alive) * rounds))):
                world, seed = seat.sample(rng), rng.getrandbits(64)
                for k in alive:  # common random numbers: the same world and the same rollout draws for each
                    copy = world.clone() if k != alive[-1] else world  # the last plays on the world itself
                    rollout = random.Random(seed)
                    _act(copy, seat.player, candidates[k], self._rollout_policy(), rollout)
                    rewards[k].append(self._play_out(copy, seat.player, rollout))
            ranked = sorted(alive[1:], key=lambda k: (-sum(rewards[k]), k))
            alive = [0, *ranked[:max(1, len(alive) // 2) - 1]] if len(alive) > 2 else alive
        challengers = sorted(alive[1:], key=lambda k: (-sum(rewards[k]), k))
        return challengers[0] if challengers and _beats(rewards[challengers[0]], rewards[0]) else 0

    def _rollout_policy(self) -> Policy:
        """The player every seat of a playout is."""
        return self.greedy if self.rollout == "greedy" else random_policy

    def _play_out(self, world: State, me: int, rng: random.Random) -> float:
        """Play a copy to the end with the rollout players: my share of the win (ties share it). Stopped at the
        horizon, where a lead need not last: the share of the others I am ahead of on the scores as they stand."""
        chooser = self._rollout_policy()
        blind = getattr(chooser, "blind", False)
        moves, rounds = self.max_moves, self.rounds
        last = rounds(world) + self.horizon if self.horizon else math.inf
        while moves > 0 and rounds(world) < last:
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
        if self.horizon and not world.is_terminal():
            return _standing(world.scores(), me)
        winners = world.winners()
        return 1.0 / len(winners) if me in winners else 0.0


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


def _beats(mine: list[float], greedy: list[float]) -> bool:
    """Whether an action won more than the greedy choice on the same re-deals, beyond their noise (one-sided)."""
    differences = [a - b for a, b in zip(mine, greedy)]
    n = len(differences)
    mean = sum(differences) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / max(1, n - 1))
    return mean > 0 and mean * math.sqrt(n) > CONFIDENCE * spread


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
