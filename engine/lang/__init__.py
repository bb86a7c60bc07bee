"""The effect vocabulary: the op registry and runner, its schema as data, and its parts:
targets, filters, values, conditions, costs, modes, references, the mana spent to cast a
spell as they read it."""
