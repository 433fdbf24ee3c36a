"""`pnp schema`: the JSON Schemas of layout files and game.yaml, written for editors."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.common import project_option, quiet_option, shown


@click.command("schema")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder to write them into [default: PROJECT/schemas].")
@quiet_option
@project_option
def schema_command(out: Path | None, project_dir: Path) -> None:
    """Write the JSON Schemas of layout files and game.yaml, for editors that complete keys and underline mistakes."""
    from pnp.scaffold.schema import write_schemas
    for path in write_schemas(out or project_dir / "schemas", project_dir):
        click.echo(f"wrote {shown(path)}")
