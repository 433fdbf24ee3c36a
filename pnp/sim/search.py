"""A search player for any simulation that can re-deal what a seat cannot see: flat Monte Carlo over re-deals.

At each decision it plays every legal action out many times, each time on a fresh re-deal of the hidden cards
(State.redeal: determinization) with every seat then playing on by a cheap rollout player, and takes the action
that won most often. Which action to play out next is chosen by UCB1, so the budget goes to the contenders; the
greedy player's own choice is tried first and kept unless another action wins more.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from pnp.sim.spec import Policy, random_policy
from pnp.sim.state import CHANCE, SIMULTANEOUS, Action, State

PER_CANDIDATE = 4  # playouts per action considered, at least: more actions than that are sampled


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
    searches: ClassVar[bool] = True  # the checker passes a Seat, not an observation

    def __call__(self, seat: Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        first = self.greedy(seat.observation(), legal, rng)
        own = random.Random(rng.getrandbits(64))  # one draw of the game's generator per decision
        rest = [action for action in legal if action != first]
        own.shuffle(rest)  # the other actions tried, when there are more than the budget allows, are left to chance
        candidates = [first, *rest][:max(2, self.playouts // PER_CANDIDATE)]
        return candidates[self._halving(seat, candidates, own)]

    def _halving(self, seat: Seat, candidates: list, rng: random.Random) -> int:
        """Sequential halving: each round plays every survivor out on the same re-deals, and keeps the better half."""
        alive = list(range(len(candidates)))
        wins = [0.0] * len(candidates)
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        for _ in range(rounds):
            deals = max(1, self.playouts // (len(alive) * rounds))
            for _ in range(deals):
                world, seed = seat.sample(rng), rng.getrandbits(64)
                for k in alive:  # common random numbers: the same world and the same rollout draws for each
                    copy = world.clone()
                    rollout = random.Random(seed)
                    _act(copy, seat.player, candidates[k], self._rollout_policy(), rollout)
                    wins[k] += self._play_out(copy, seat.player, rollout)
            alive.sort(key=lambda k: (-wins[k], k))  # the greedy choice (0) stays on a tie
            alive = alive[:max(1, len(alive) // 2)]
        return alive[0]

    def _rollout_policy(self) -> Policy:
        """The player every seat of a playout is."""
        return self.greedy if self.rollout == "greedy" else random_policy

    def _play_out(self, world: State, me: int, rng: random.Random) -> float:
        """Play a copy to the end with the rollout players; my share of the win (ties share it)."""
        chooser = self._rollout_policy()
        blind = getattr(chooser, "blind", False)
        moves = self.max_moves
        while moves > 0:
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
        winners = world.winners()
        return 1.0 / len(winners) if me in winners else 0.0


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
