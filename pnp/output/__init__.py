"""Writing output: plain names, the output folder pnp owns, atomic files and whole sets published by a swap."""
