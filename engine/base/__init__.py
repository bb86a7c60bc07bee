"""What every layer may use: the typed errors for bad input, every numeric limit on untrusted
input, the input formats as data (scenario, card, Scryfall schemas), the notebook display
hook the views fill in, and the handler tables the card data's languages register their
kinds in (dynamic values, conditions, filter keys, costs)."""
