"""The check report: figures from simulated games, comparisons, symmetry tests, and the text."""
