"""Built-in scenarios: the default one a newcomer sees, and a few teaching examples.

Plain dicts in the engine's scenario format, so they cost nothing to import and
each session gets its own copy (the model deep-copies before editing).
"""

from __future__ import annotations

from typing import Any

__all__ = ["DEFAULT_PRESET", "DEFAULT_SCENARIO", "PRESETS", "SAMPLE_LIBRARY"]

# A Jund-ish 57-card library: the lands and cheap spells a Bloodbraid Elf deck runs.
SAMPLE_LIBRARY: list[dict[str, Any]] = [
    {"name": "Forest", "count": 8},
    {"name": "Mountain", "count": 8},
    {"name": "Stomping Ground", "count": 4},
    {"name": "Lightning Bolt", "count": 4},
    {"name": "Fire // Ice", "count": 4},
    {"name": "Tarmogoyf", "count": 4},
    {"name": "Llanowar Elves", "count": 4},
    {"name": "Kird Ape", "count": 4},
    {"name": "Maelstrom Pulse", "count": 4},
    {"name": "Blightning", "count": 4},
    {"name": "Kolaghan's Command", "count": 3},
    {"name": "Bloodbraid Elf", "count": 3},
    {"name": "Violent Outburst", "count": 3},
]


def _player(
    name: str,
    *,
    library: dict | None = None,
    hand: list | None = None,
    battlefield: list | None = None,
) -> dict[str, Any]:
    return {
        "name": name,
        "life": 20,
        "library": library or {"order": "listed", "cards": []},
        "hand": hand or [],
        "battlefield": battlefield or [],
        "graveyard": [],
        "exile": [],
    }


def _scenario(
    title: str,
    you: dict,
    actions: list[dict],
    *,
    opp: dict | None = None,
    seed: int = 7,
    description: str = "",
) -> dict[str, Any]:
    return {
        "version": 1,
        "title": title,
        "seed": seed,
        "description": description,
        "players": [you, opp or _player("Opponent")],
        "actions": actions,
        "choices": [],
    }


DEFAULT_SCENARIO: dict[str, Any] = _scenario(
    "Bloodbraid Elf cascades",
    _player(
        "You",
        library={"order": "random", "cards": SAMPLE_LIBRARY},
        hand=["Bloodbraid Elf"],
        battlefield=["Forest", "Forest", "Mountain", "Mountain"],
    ),
    [{"do": "cast", "card": "Bloodbraid Elf"}],
    description="Cast Bloodbraid Elf (cascade) over a shuffled 57-card library.",
)

PRESETS: dict[str, dict[str, Any]] = {
    "Bloodbraid Elf cascades": DEFAULT_SCENARIO,
    "Cascade into a split card (Fire // Ice)": _scenario(
        "Cascade into Fire // Ice",
        _player(
            "You",
            library={
                "order": "listed",
                "cards": [
                    {"name": "Forest", "count": 1},
                    {"name": "Mountain", "count": 1},
                    {"name": "Fire // Ice", "count": 1},
                    {"name": "Lightning Bolt", "count": 2},
                    {"name": "Forest", "count": 3},
                ],
            },
            hand=["Enlisted Wurm"],
            battlefield=["Forest", "Forest", "Forest", "Plains", "Plains", "Mountain"],
        ),
        [{"do": "cast", "card": "Enlisted Wurm"}],
        description="A split card's mana value is the sum of its halves; cast either half.",
    ),
    "Discover 3 (Geological Appraiser)": _scenario(
        "Geological Appraiser discovers",
        _player(
            "You",
            library={
                "order": "listed",
                "cards": [
                    {"name": "Forest", "count": 2},
                    {"name": "Kird Ape", "count": 1},
                    {"name": "Mountain", "count": 3},
                ],
            },
            hand=["Geological Appraiser"],
            battlefield=["Mountain", "Mountain", "Mountain", "Forest"],
        ),
        [{"do": "cast", "card": "Geological Appraiser"}],
    ),
    "Activate a discover land (Hidden Volcano)": _scenario(
        "Hidden Volcano discovers 4",
        _player(
            "You",
            library={
                "order": "listed",
                "cards": [
                    {"name": "Mountain", "count": 1},
                    {"name": "Tarmogoyf", "count": 1},
                    {"name": "Forest", "count": 2},
                ],
            },
            battlefield=["Hidden Volcano", "Mountain", "Mountain", "Forest"],
        ),
        [{"do": "activate", "card": "Hidden Volcano"}],
    ),
    "The First Eruption reaches chapter III": _scenario(
        "The First Eruption, chapter III",
        _player(
            "You",
            library={"order": "listed", "cards": [{"name": "Mountain", "count": 5}]},
            battlefield=[
                {"name": "The First Eruption", "counters": {"lore": 2}},
                "Mountain",
                "Mountain",
            ],
        ),
        [{"do": "precombat_main"}],
    ),
    "Maelstrom Nexus gives the first spell cascade": _scenario(
        "Maelstrom Nexus",
        _player(
            "You",
            library={"order": "random", "cards": SAMPLE_LIBRARY},
            hand=["Tarmogoyf"],
            battlefield=["Maelstrom Nexus", "Forest", "Mountain", "Forest"],
        ),
        [{"do": "cast", "card": "Tarmogoyf"}],
    ),
    "Opponent counters the cascade spell": _scenario(
        "Counterspell in response",
        _player(
            "You",
            library={"order": "random", "cards": SAMPLE_LIBRARY},
            hand=["Bloodbraid Elf"],
            battlefield=["Forest", "Forest", "Mountain", "Mountain"],
        ),
        [
            {"do": "cast", "card": "Bloodbraid Elf"},
            {"do": "counter", "target": "Bloodbraid Elf", "with": "Counterspell"},
        ],
        opp=_player("Opponent", hand=["Counterspell"], battlefield=["Island", "Island"]),
    ),
    "Two Sagas: order their chapter triggers": _scenario(
        "Two chapter triggers at once",
        _player(
            "You",
            library={"order": "listed", "cards": [{"name": "Mountain", "count": 5}]},
            battlefield=[
                {"name": "The First Eruption", "counters": {"lore": 1}},
                {"name": "Urza's Saga", "counters": {"lore": 1}},
            ],
        ),
        [{"do": "precombat_main"}],
        description="Simultaneous triggers: you choose the order they go on the stack.",
    ),
    "Proliferate a Saga": _scenario(
        "Proliferate",
        _player(
            "You",
            library={"order": "listed", "cards": [{"name": "Mountain", "count": 5}]},
            battlefield=[{"name": "The First Eruption", "counters": {"lore": 1}}],
        ),
        [{"do": "proliferate"}],
    ),
}

DEFAULT_PRESET = "Bloodbraid Elf cascades"
