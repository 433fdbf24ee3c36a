"""`pnp check`: integrity first, then simulated play per player count, then skill sensitivity."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from pnp.check.core import GameRecord, play, random_policy
from pnp.check.registry import spec_for
from pnp.check.report import play_figures, skill_figures
from pnp.check.runner import jobs_for, run_jobs
from pnp.errors import PnpError, UsageError
from pnp.project import Project


def check(project: Project, game: str, players: list[int], games: int, seed: int, policy: str, workers: int,
          command: str, progress: Callable[[int], None] = lambda n: None) -> dict:
    """Run the whole check and return the report (JSON-ready, independent of the number of workers)."""
    spec = spec_for(game, project)
    counts = player_counts(project, game, players)
    data = spec.load(project)
    report = {"game": game, "games": games, "seed": seed, "policy": policy, "command": command,
              "integrity": [str(f) for f in spec.integrity(data, counts)], "players": {}}
    for count in counts:
        records = run_jobs(jobs_for(project.root, game, count, games, seed, policy), workers, progress)
        figures = play_figures(records, count, spec.piles)
        by_seat = [run_jobs(jobs_for(project.root, game, count, max(1, games // count), seed, policy, seat),
                            workers, progress) for seat in range(count)]
        figures["skill"] = skill_figures(by_seat, count)
        report["players"][str(count)] = figures
    return report


def player_counts(project: Project, game: str, players: list[int]) -> list[int]:
    """The player counts to simulate: those asked for, or every count the game supports."""
    spec = spec_for(game, project)
    for count in players:
        if count not in spec.player_counts:
            raise UsageError(f"{game} is for {', '.join(map(str, spec.player_counts))} players, not {count}",
                             where="pnp check --players", fix="choose a supported player count")
    return players or list(spec.player_counts)


def to_json(report: dict) -> str:
    """The report as JSON with sorted keys (the same bytes for the same seed)."""
    return json.dumps(report, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


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


def write_json(path: Path, report: dict) -> None:
    """Write the JSON report."""
    try:
        path.write_text(to_json(report), encoding="utf-8")
    except OSError as exc:
        raise PnpError(f"cannot write the report: {exc.strerror}", where=str(path), fix="choose a writable path") from None
