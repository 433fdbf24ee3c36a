"""`python -m pnp`: the same as the `pnp` command."""

from pnp.cli.entry import run

if __name__ == "__main__":
    run()
