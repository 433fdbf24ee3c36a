"""The loop that plays one game of a simulation (the pnp.sim interface) under invariant checks."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from pnp.sim import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    CardEvents,
    GameSpec,
    InvariantViolation,
    Policy,
    State,
    random_policy,
)
from pnp.sim.search import Seat

# The interface names are also importable from here, for the checker's other modules.
__all__ = ["BrokenRule", "GameRecord", "GameSpec", "InvariantViolation", "Policy", "State", "game_seed", "play",
           "random_policy", "seat_name", "CHANCE", "SIMULTANEOUS", "TERMINAL"]


@dataclass
class GameRecord:
    """What one simulated game produced."""

    seed: int
    moves: int
    rounds: int
    ended_by_rules: bool
    scores: list[float]
    winners: list[int]
    figures: dict[str, float | None] = field(default_factory=dict)  # None: does not apply in this game
    log: list[str] = field(default_factory=list)
    cards: CardEvents | None = None  # what each seat did with which printed card, when the game declares it

    def share(self, seat: int) -> float:
        """The seat's share of the win: 1, 1/k of a k-way tie, or 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


class BrokenRule(InvariantViolation):
    """A rule broken in one simulated game: what broke, and what a replay of the game needs."""

    def __init__(self, problem: str, seed: int, players: int, seats: tuple[str, ...] = (), root: str = "",
                 moves: tuple[str, ...] = ()):
        super().__init__(problem, seed, players, seats, root, moves)  # the arguments, so it pickles whole
        self.problem, self.seed, self.players, self.seats, self.root, self.moves = \
            problem, seed, players, seats, root, moves

    def __str__(self) -> str:
        return f"seed {self.seed}: {self.problem}"

    def played_by(self, root: str, seats: tuple[str, ...]) -> BrokenRule:
        """The same break, naming the project folder and who played each seat."""
        return BrokenRule(self.problem, self.seed, self.players, seats, root, self.moves)


def seat_name(player: int) -> str:
    """A seat as reports number it (seat 1 first), or chance."""
    return "chance" if player == CHANCE else f"seat {player + 1}"


def game_seed(master: int, index: int) -> int:
    """The seed of game `index` of a run with master seed `master`."""
    return (master * 1_000_003 + index) & 0xFFFFFFFFFFFF


def play(spec: GameSpec, data: Any, players: int, seed: int, policies: list[Policy],
         check: bool = True, log: bool = False, cards: bool = True) -> GameRecord:
    """Play one game to the end (or the safety cap), checking legality and invariants after every move.

    cards: keep the game's card events (per-card impact reads them from the headline games only).
    """
    lines: list[str] = []
    try:
        return _play(spec, data, players, seed, policies, check, lines if log else None, cards)
    except (InvariantViolation, AssertionError) as exc:
        raise BrokenRule(str(exc), seed, players, moves=tuple(lines)) from None


def _play(spec: GameSpec, data: Any, players: int, seed: int, policies: list[Policy], check: bool,
          lines: list[str] | None, cards: bool) -> GameRecord:
    """The game loop of play(): every move described into `lines` when it is a list."""
    rng = random.Random(seed)
    state = spec.new_game(data, players, rng)
    moves, cap = 0, spec.max_moves
    choose = _Chooser(state, policies, rng, seed)
    # Bound methods kept in locals: this loop runs once per move of every simulated game.
    current, apply, invariants = state.current_player, state.apply_action, state.check_invariants
    legal_actions, rnd = state.legal_actions, rng.random
    # Seats (and chance, at index -1) that pick uniformly: picked here as random_policy would, from the legal list.
    uniform = [policy is random_policy for policy in policies] + [True]
    while moves < cap:
        player = current()  # TERMINAL once the game is over, as in OpenSpiel
        if player >= CHANCE:
            if uniform[player]:
                legal = legal_actions(player)
                if not legal:
                    raise InvariantViolation(f"{seat_name(player)} has no legal action")
                action = legal[int(rnd() * len(legal))]  # one of the legal actions by construction
            else:
                action = choose(player)
            if lines is not None:
                lines.append(state.describe(player, action))
            apply(action)
        elif player == SIMULTANEOUS:
            chosen = [choose(p) for p in range(players)]
            if lines is not None:
                lines += [state.describe(p, a) for p, a in enumerate(chosen)]
            state.apply_actions(chosen)
        else:
            break
        moves += 1
        if check:
            invariants()
    if (current() == TERMINAL) != state.is_terminal():
        raise InvariantViolation(f"current_player() is {current()}, but is_terminal() is {state.is_terminal()}")
    return GameRecord(seed, moves, spec.rounds(state), state.is_terminal() and state.ended_by_rules(),
                      state.scores(), state.winners() if state.is_terminal() else [], state.figures(), lines or [],
                      state.card_events() if cards else None)


class _Chooser:
    """Asks the right policy for an action and refuses anything illegal."""

    def __init__(self, state: State, policies: list[Policy], rng: random.Random, seed: int):
        self.state, self.rng = state, rng
        self.policies = policies
        self.blind = [getattr(policy, "blind", False) for policy in policies]
        # A searching seat re-deals and plays out with a generator of its own, so the game's generator draws as
        # in the same game played by greedy until search first chooses otherwise (the search probe's pairs).
        self.thinking = [random.Random(f"search {seed} {seat}") if getattr(policy, "searches", False) else None
                         for seat, policy in enumerate(policies)]

    def __call__(self, player: int):
        legal = self.state.legal_actions(player)
        if not legal:
            raise InvariantViolation(f"{seat_name(player)} has no legal action")
        if self.blind[player]:
            action = self.policies[player](None, legal, self.rng)
        elif self.thinking[player] is not None:
            action = self.policies[player](Seat(self.state, player, self.thinking[player]), legal, self.rng)
        else:
            action = self.policies[player](self.state.observation(player), legal, self.rng)
        if action not in legal:
            raise InvariantViolation(f"{seat_name(player)} chose an illegal action {action!r}")
        return action

