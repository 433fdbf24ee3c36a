"""The text report: every figure as the lines pnp check prints, and the commands it tells a user to run."""
