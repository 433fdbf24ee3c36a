"""What a greedy game costs, and the least it could cost with the same games.

Usage: python bench/greedy_floor.py [GAME ...] [--count N] [--repeat K] [--quick]

For each game (default: 鳥手板4to6 at 4 players and Ghost Couple at 3) it plays
the same seeds with greedy players, with players that build their observation
and pick at random (the engine, the checks and the view), and with no
observation at all. For 鳥手板4to6 it also plays a player that makes exactly the
greedy player's random draws (a sample of the unseen cards, a reply drawn for
each later player) and evaluates nothing: the draws that keep its games the
same cost this much whatever the player computes. Microseconds per game,
games per CPU second and moves a game (random players play longer games of
some games), the best of K runs. --quick (for the test suite): 20 games,
one run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from pnp.check.discovery.registry import spec_for  # noqa: E402
from pnp.check.play.game import game_seed, play  # noqa: E402
from pnp.project.games import Project  # noqa: E402
from pnp.sim import random_policy  # noqa: E402

PROJECT = Project(ROOT)
PLAYERS = {"torite4to6": 4, "ghost_couple": 3}


def looking(obs, legal, rng):
    """A player that is handed its observation and picks at random."""
    return legal[int(rng.random() * len(legal))]


def torite_draws_only(spec):
    """A player making 鳥手板4to6's greedy player's random draws, in its order, and nothing else."""
    policy = sys.modules[spec.greedy.__module__]

    def draws_only(obs, legal, rng):
        if len(legal) == 1:
            return legal[0]
        formation = policy.Formation(obs)
        led = (formation.led,) if formation.led >= 0 else sorted({obs.data.colour[card] for card in legal})
        for _ in range(policy.SAMPLES if formation.later else 1):
            hands = formation.sample_hands(rng)
            for _ in led:
                for _ in hands:
                    rng.random()
        return legal[int(rng.random() * len(legal))]
    return draws_only


def cpu_seconds(spec, data, players: int, policy, count: int, repeat: int) -> tuple[float, float]:
    """The fewest CPU seconds of `repeat` runs of `count` games, and the moves of a game on average."""
    best, moves = float("inf"), 0
    for _ in range(repeat):
        began, moves = time.process_time(), 0
        for index in range(count):
            moves += play(spec, data, players, game_seed(2, index), [policy] * players).moves
        best = min(best, time.process_time() - began)
    return best, moves / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(PLAYERS))
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    count, repeat = (20, 1) if args.quick else (args.count, args.repeat)
    for game in args.games:
        spec = spec_for(game, PROJECT)
        data, players = spec.load(PROJECT), PLAYERS.get(game, spec.player_counts[0])
        players_of = {"greedy": spec.greedy}
        if game == "torite4to6":
            players_of["its random draws only"] = torite_draws_only(spec)
        players_of |= {"observation only": looking, "no observation": random_policy}
        parts = []
        for name, policy in players_of.items():
            seconds, moves = cpu_seconds(spec, data, players, policy, count, repeat)
            parts.append(f"{name} {seconds / count * 1e6:,.0f} us ({count / seconds:,.0f} games/CPU s, "
                         f"{moves:,.0f} moves)")
        print(f"{game} ({players} players): " + "; ".join(parts))


if __name__ == "__main__":
    main()
