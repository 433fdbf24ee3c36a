"""`pnp build` and `pnp calibrate`: games into home-print sheets and print-shop files."""
