"""Which rules simulation a check plays: found beside the game's data or installed as a package, and loaded."""
