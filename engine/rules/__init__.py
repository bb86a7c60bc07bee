"""The rules applied to the state: casting and the stack, resolution, triggers, state-based
actions, layers, shields, entering the battlefield, Sagas, costs of abilities, paying mana
(pools, mana sources, 601.2g-h), restrictions, replacement effects on draws and untaps, the
turn-based actions."""
