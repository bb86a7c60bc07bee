"""Cards: printed definitions, the bundled pool and its lookup, mana costs, card names,
creature types and changeling (a card fact, 702.73a), decklists. The data files stay in
engine/data/."""
