"""An earlier version of a project (a git revision or a folder) and the cards that changed since it."""
