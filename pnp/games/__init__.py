"""Rules simulations of the shipped games, each loading its deck from the same CSV as the print."""
