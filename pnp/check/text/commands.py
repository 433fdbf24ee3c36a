"""The commands a report or an error tells a user to run: the check again, one game's replay, named in full."""

from __future__ import annotations

import shlex
from collections.abc import Sequence

from pnp.check.options import CheckOptions


def replay_command(game: str, players: int, seats: Sequence[str], seed: int | str = "SEED",
                   project: str = ".") -> str:
    """`pnp check GAME --players N --policy P --replay SEED [--project DIR]`; --seats when the seats differ."""
    who = f"--seats {','.join(seats)}"
    if len(set(seats)) == 1:
        kind, _, budget = seats[0].partition(":")
        who = f"--policy {kind}" + (f" --search-budget {budget}" if budget else "")
    return " ".join([f"pnp check {game} --players {players} {who} --replay {seed}", *project_option(project)])


def project_option(project: str) -> list[str]:
    """The --project option naming a project folder on a command line (none for the current folder)."""
    return [] if project in ("", ".") else [f"--project {shlex.quote(project)}"]


def project_of(command: str) -> str:
    """The --project folder of a command line that reproduces a report ('.' when it names none)."""
    words = shlex.split(command)
    return next((words[i + 1] for i, word in enumerate(words[:-1]) if word == "--project"), ".")


def report_replay(game: str, players: int, policy: str, command: str, seed: int | str = "SEED") -> str:
    """The replay of one headline game of a report, in the report's project folder."""
    return replay_command(game, players, (policy,), seed, project_of(command))


def rerun_command(options: CheckOptions) -> str:
    """The command line that runs a simulated check again: every option that decides its figures."""
    target = options.target
    stop = f"--games {target.games}" if target.games is not None else f"--precision {target.precision:g}"
    budget = [f"--search-budget {options.search_budget}"] if options.search_budget is not None else []
    against = [f"--against {shlex.quote(str(options.against))}"] if options.against is not None else []
    sweeps = [f"--vary {shlex.quote(text)}" for text in options.vary]
    balance = [f"--balance {options.balance}"] if options.vary and options.balance != "fair" else []
    probe = [] if options.probe else ["--no-probe"]
    return _command(options, [stop, f"--seed {options.seed}", f"--policy {options.policy}", *budget, *probe,
                              *against, *sweeps, *balance])


def rerun_deal_only_command(options: CheckOptions) -> str:
    """The command line that runs the check of a game without a simulation again."""
    return _command(options, [f"--seed {options.seed}"])


def _command(options: CheckOptions, given: list[str]) -> str:
    """`pnp check GAME`, its player counts, the options given and its project folder."""
    return " ".join(["pnp check", options.game, *[f"--players {n}" for n in options.players], *given,
                     *project_option(options.project_dir)])
