"""The `pnp` command line: a thin click layer over the library."""
