"""The game state and its one writer: events and decisions, the state record, continuous-effect
records, the kernel, ``Game``, the hook registry, policies, response points."""
