"""Where a simulated game's time goes: the checker's loop, setting up, the rules engine, the invariant checks.

Usage: python bench/check_breakdown.py [GAME ...] [--players N] [--count N] [--repeat K] [--quick]

For each game (default: every game with a simulation) it plays the same random
games (seeds 0 .. count-1) with the invariant checks on and off, sets up the
same games without playing them, and replays their moves on a do-nothing game
(the floor: the checker's own loop, with the same moves and legal-list sizes).
It prints microseconds per game for each part, the best of K runs. --quick
(for the test suite): 50 games, one run, Eitsuku only unless games are named.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from pnp.check.discovery.find import simulation_names  # noqa: E402
from pnp.check.discovery.registry import spec_for  # noqa: E402
from pnp.check.play.game import play  # noqa: E402
from pnp.project.games import Project  # noqa: E402
from pnp.sim import SIMULTANEOUS, TERMINAL, GameSpec, random_policy  # noqa: E402

PROJECT = Project(ROOT)

from bench_check import TARGETS  # noqa: E402


class Floor:
    """A game with no rules: it offers the recorded legal lists, in order, and ignores the moves.

    A move is a tuple of actions (one player's) or a list of such tuples (a simultaneous move, one per player).
    """

    def __init__(self, moves: list, players: int):
        self.moves, self.num_players, self.left = moves, players, len(moves)

    def current_player(self) -> int:
        if not self.left:
            return TERMINAL
        return SIMULTANEOUS if type(self.moves[-self.left]) is list else 0

    def legal_actions(self, player: int):
        move = self.moves[-self.left]
        return move[player] if type(move) is list else move

    def apply_action(self, action) -> None:
        self.left -= 1

    def apply_actions(self, actions: list) -> None:
        self.left -= 1

    def check_invariants(self) -> None:
        pass

    def is_terminal(self) -> bool:
        return not self.left

    def ended_by_rules(self) -> bool:
        return True

    def scores(self) -> list[float]:
        return [0.0] * self.num_players

    def winners(self) -> list[int]:
        return []

    def rounds(self) -> int:
        return 0

    def figures(self) -> dict[str, float]:
        return {}

    def card_events(self) -> None:
        return None


class _Actions(dict):
    """Legal-list length -> that many actions, made once: a tuple, or a range for the longest lists (New Eleusis
    offers every play of 1-4 cards, tens of thousands of actions on some moves)."""

    def __missing__(self, size: int):
        found = self[size] = tuple(range(size)) if size <= 1024 else range(size)
        return found


ACTIONS = _Actions()


def floor_moves(spec: GameSpec, data, players: int, seed: int) -> list:
    """The moves of a Floor with the legal-list lengths of one random game."""
    rng = random.Random(seed)
    state, moves = spec.new_game(data, players, rng), []
    actions = ACTIONS
    while not state.is_terminal() and len(moves) < spec.max_moves:
        player = state.current_player()
        if player == SIMULTANEOUS:
            legal = [state.legal_actions(p) for p in range(players)]
            moves.append([actions[len(options)] for options in legal])
            state.apply_actions([options[int(rng.random() * len(options))] for options in legal])
        else:
            legal = state.legal_actions(player)
            moves.append(actions[len(legal)])
            state.apply_action(legal[int(rng.random() * len(legal))])
    return moves


def best_time(run, repeat: int) -> float:
    """The fastest of `repeat` timings of run()."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def breakdown(game: str, players: int, count: int, repeat: int) -> dict[str, float]:
    """Microseconds per game: total, the checker's loop (with the game's rng), setup, engine and checks."""
    spec = spec_for(game, PROJECT)
    data = spec.load(PROJECT)
    seeds, seats = range(count), [random_policy] * players
    moves = [floor_moves(spec, data, players, seed) for seed in seeds]
    floor_spec = GameSpec("floor", (players,), lambda project: None, lambda d, p: [],
                          lambda legal, p, rng: Floor(legal, p), random_policy, spec.max_moves)
    per_game = 1e6 / count
    checked = best_time(lambda: [play(spec, data, players, s, seats) for s in seeds], repeat) * per_game
    unchecked = best_time(lambda: [play(spec, data, players, s, seats, check=False) for s in seeds], repeat) * per_game
    setup = (best_time(lambda: [spec.new_game(data, players, random.Random(s)) for s in seeds], repeat)
             - best_time(lambda: [random.Random(s) for s in seeds], repeat)) * per_game  # (the loop makes the rng)
    loop = best_time(lambda: [play(floor_spec, moves[s], players, s, seats) for s in seeds], repeat) * per_game
    return {"total": checked, "loop": loop, "setup": setup, "engine": unchecked - loop - setup,
            "checks": checked - unchecked}


def main() -> int:
    parser = argparse.ArgumentParser(description="where a simulated game's time goes")
    parser.add_argument("games", nargs="*", help="the games [default: every game with a simulation]")
    parser.add_argument("--players", type=int, default=None, help="player count [default: per game]")
    parser.add_argument("--count", type=int, default=2_000, help="games per timing")
    parser.add_argument("--repeat", type=int, default=3, help="timings per part (the best is shown)")
    parser.add_argument("--quick", action="store_true", help="50 games, one run (a check that the script works)")
    args = parser.parse_args()
    if args.quick:
        args.count, args.repeat = 50, 1
    for game in args.games or (["eitsuku"] if args.quick else simulation_names(PROJECT)):
        players = args.players or TARGETS.get(game, (spec_for(game, PROJECT).player_counts[0], 0))[0]
        parts = breakdown(game, players, args.count, args.repeat)
        print(f"{game} ({players} players): {parts['total']:.0f} us a game ({1e6 / parts['total']:,.0f} games/s) = "
              + ", ".join(f"{name} {parts[name]:.0f}" for name in ("loop", "setup", "engine", "checks")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
