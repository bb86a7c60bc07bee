"""What every layer may use: the typed errors for bad input, every numeric limit on untrusted
input, the input formats as data (scenario, card, Scryfall schemas), and the notebook display
hook the views fill in."""
