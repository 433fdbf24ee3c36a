"""The report's figures: dataclasses computed from the runs of games, each field a key of --json (jsonform)."""
