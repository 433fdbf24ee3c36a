"""Playing simulated games: the one-game loop, and games run in seeded chunks on a pool or a cluster."""
