"""`pnp proof`: proof-reading a game's cards: findings, a proof PDF and a text export."""
