"""`--since REF` on the command line: the changes listed, written, and printed as a reprint."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pnp.build.options import BuildOptions
from pnp.cli.common import shown
from pnp.errors import UsageError
from pnp.project.games import Project

SHOWN_FIELDS = 3


def proof_since(project: Project, game: str, ref: str, out: Path, strict: bool, text: Path | None) -> None:
    """`pnp proof GAME --since REF`: a line per card that differs, the changes PDF and the errata table."""
    from pnp.revision.run import run_since
    if text is not None:
        raise UsageError("--text and --since cannot be used together", where="pnp proof",
                         fix="run 'pnp proof GAME --text FILE' on its own")
    report = run_since(project, game, ref, out)
    for change in report.found.changes:
        click.echo(_line(change))
    click.echo(f"Compared {game} with {ref}: {report.found.summary()}; wrote {shown(report.pdf)}, "
               f"{shown(report.errata[0])} and {shown(report.errata[1])}")
    if strict and report.found.changes:
        sys.exit(1)


def _line(change) -> str:
    """One card: how it changed, where, and the cells changed (or the cause)."""
    where = f"{change.new_file or change.old_file}: {change.rows}"
    if change.kind == "changed":
        fields = change.fields[:SHOWN_FIELDS]
        more = f" and {len(change.fields) - SHOWN_FIELDS} more" if len(change.fields) > SHOWN_FIELDS else ""
        detail = "; ".join(f"{f.field}: {' '.join(f.marked().split())}" for f in fields) + more
    elif change.kind == "rendering":
        detail = change.cause
    else:
        detail = f"{(change.new or change.old).count} copies"
    return f"{change.kind}: {change.component}: {change.name} ({where}): {detail}"


def build_since(games: tuple[str, ...], lang: str | None, out: Path | None, options: BuildOptions, ref: str,
                project_dir: Path) -> None:
    """`pnp build GAME --only-changed-since REF`: the reprint of one game, and what it holds."""
    from pnp.project.games import find_project
    from pnp.revision.reprint import build_reprint
    if len(games) != 1 or lang is not None:
        raise UsageError("--only-changed-since needs exactly one GAME and no --lang", where="pnp build",
                         fix="name the game: pnp build GAME --only-changed-since REF")
    project = find_project(project_dir)
    options = options._replace(out=out or project.root / "output")
    click.echo(f"Building the cards of {games[0]} changed since {ref}")
    report, found = build_reprint(project, games[0], ref, options)
    for change in found.changes:
        click.echo(_line(change))
    click.echo(f"Built {found.summary()}: {report.cards} cards on {report.pages} sheet pages, "
               f"{len(report.files)} files in {shown(options.out)}; see reprint.md for what to replace")
    for note in report.notes:
        click.echo(f"  {note}")
