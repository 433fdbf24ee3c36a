"""Playing simulated games: finding a game's simulation and running games in seeded chunks."""
