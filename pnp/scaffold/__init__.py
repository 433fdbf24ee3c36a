"""`pnp new`: a small example game that builds at once."""
