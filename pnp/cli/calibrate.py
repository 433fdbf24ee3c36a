"""`pnp calibrate`: the duplex calibration sheet that measures a printer's --back-offset."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.build.options import PAPERS, chosen_paper
from pnp.cli.common import quiet_option, shown


@click.command("calibrate")
@click.option("--paper", type=click.Choice(PAPERS), default=None, help="Paper size [default: $PNP_PAPER, else a4].")
@click.option("--duplex", type=click.Choice(["long", "short"]), default="long", show_default=True,
              help="How the printer turns the sheet.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="PDF to write [default: calibration-PAPER-DUPLEX.pdf].")
@quiet_option
def calibrate_command(paper: str | None, duplex: str, out: Path | None) -> None:
    """Write a two-page duplex calibration sheet to measure the --back-offset of a printer."""
    from pnp.build.calibrate import write_calibration
    paper = chosen_paper(paper)[0]
    path = write_calibration(out or Path(f"calibration-{paper}-{duplex}.pdf"), paper, duplex)
    click.echo(f"Wrote {shown(path)}: print it double-sided ({duplex} edge) at 100% and follow the steps on it")
