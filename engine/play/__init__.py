"""The game as played: the scenario actions, the wiring of every mechanic into the game, and
the timeline of a run."""
