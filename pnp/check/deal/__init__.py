"""The deal-and-draw check: the `check:` section of game.yaml, shuffled, dealt and counted."""
