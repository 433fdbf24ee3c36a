"""`pnp watch`: rebuild a game's changed components into PNG previews and serve them on a local page."""
