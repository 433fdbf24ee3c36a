"""Every option of a check, each with its default, and how long a check plays: what `pnp check` is asked for.

The command line builds CheckOptions and reads its help's defaults here; this module imports nothing of the
check, so `pnp check --help` stays light.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.errors import UsageError

DEFAULT_PRECISION = 0.03  # the default run: every watched share to +-3 points
SIDE_PRECISION = 0.03  # the random baseline and the skill runs: +-3 points, or the headline's when coarser
CAP = 200_000  # games per player count, at most
POLICIES = ("random", "greedy", "search")  # who plays the headline games
BALANCES = ("fair", "seats")  # the balance a sweep names a value for


@dataclass(frozen=True)
class Target:
    """How long each player count plays: exactly `games` games, or (games None) until every watched share's 95%
    half-width is at most `precision`."""

    games: int | None = None
    precision: float = DEFAULT_PRECISION
    cap: int = CAP

    @classmethod
    def asked(cls, games: int | None = None, precision: float | None = None) -> Target:
        """The target of --games N or --precision P; neither: the default precision; both is a usage error."""
        if games is not None and precision is not None:
            raise UsageError("--games and --precision both say when to stop", where="pnp check",
                             fix="give one of them")
        if games is not None:
            return cls(games)
        return cls() if precision is None else cls(precision=precision)

    @property
    def to_precision(self) -> float | None:
        """The half-width the headline plays to (None: a fixed number of games)."""
        return self.precision if self.games is None else None

    @property
    def side(self) -> float:
        """The precision of the runs beside the headline (the random baseline, the skill runs): coarser."""
        return max(self.precision, SIDE_PRECISION)


@dataclass(frozen=True)
class CheckOptions:
    """Every option of a check of GAME, each with its one default."""

    game: str
    players: tuple[int, ...] = ()  # the player counts to simulate (none: every count the game supports)
    target: Target = Target()
    seed: int = 1  # the master seed
    policy: str = "greedy"  # who plays the headline games (one of POLICIES)
    search_budget: int | None = None  # the search player's playouts a decision (None: the game's own)
    probe: bool = True  # the search probe is played (the skill ladder's last rung); --no-probe: not
    workers: int | None = None  # processes to use (None: every core this process may run on)
    scheduler: str | None = None  # a Dask scheduler's address, or 'local'
    against: Path | None = None  # another project folder, played on the same seeds
    vary: tuple[str, ...] = ()  # each sweep as --vary gives it: FILE:ROW:COLUMN=V,V,...
    balance: str = "fair"  # the balance a sweep names a value for (one of BALANCES)
    json_path: Path | None = None  # where every figure is also written as JSON
    report_path: Path | None = None  # where the report is also drawn as charts (.pdf or .png)
    replay: int | None = None  # the seed of one game played again move by move, instead of a check
    seats: tuple[str, ...] = ()  # with replay: who plays each seat (greedy, random, search or search:N)
    project_dir: str = "."  # the project folder as the reproducing command line names it

    @property
    def processes(self) -> int:
        """The processes a check runs on: those asked for, or every core this process may run on."""
        from pnp.pool import every_core
        return self.workers if self.workers is not None else every_core()


def seat_list(seats: str | None) -> tuple[str, ...]:
    """The players named by --seats (P,P,...), checked."""
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
