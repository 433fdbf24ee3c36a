"""`pnp pull`: fetch the data files components declare with a `url:` into the project, with a note of their source."""
