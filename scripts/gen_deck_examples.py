"""Write ``examples/scenarios/deck_<deck>.json``: one example scenario per reference deck.

The decisions are answered as ``engine.AutoPolicy`` would (cast every castable hit), so
each example plays to its end; the page lets you change any answer. Each example plays a
real decklist from ``examples/decks/``: the deck's commander (if it has one) is the
player's ``commander``, and the deck's main deck is
split between the library (shuffled with the seed) and the cards the story starts with
(lands on the battlefield, the spell in hand, creatures in the graveyard), so the cards
of the example are exactly the deck's (tests/engine/test_reference_decks.py checks it).

    python scripts/gen_deck_examples.py          # rewrites the ten files
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import AutoPolicy, Scenario  # noqa: E402
from engine.cards.decklist import parse_decklist  # noqa: E402

DECKS = ROOT / "examples" / "decks"
OUT = ROOT / "examples" / "scenarios"

# Which cards start where (you), the opponent's board, the actions, and the words.
STORIES: dict[str, dict] = {
    "bloodbraid_jund": {
        "title": "Jund: Bloodbraid Elf cascades from a real 60-card deck",
        "description": "Bloodbraid Elf (mana value 4) cascades into the deck itself: a "
        "discard spell, a removal spell, Tarmogoyf or a planeswalker.",
        "seed": 4,
        "hand": ["Bloodbraid Elf"],
        "battlefield": ["Blood Crypt", "Overgrown Tomb", "Stomping Ground", "Swamp"],
        "opponent": {
            "battlefield": ["Grizzly Bears", "Island", "Island"],
            "hand": ["Counterspell", "Opt"],
        },
        "actions": [{"do": "cast", "card": "Bloodbraid Elf"}],
    },
    "carnosaur_dinos": {
        "title": "Dinosaurs: Trumpeting Carnosaur discovers 5",
        "description": "Trumpeting Carnosaur enters and discovers 5 from a real 60-card "
        "Dinosaur deck: cast the card found for free or put it into your hand.",
        "seed": 3,
        "hand": ["Trumpeting Carnosaur"],
        "battlefield": ["Forest", "Forest", "Forest", "Mountain", "Mountain", "Mountain"],
        "opponent": {"battlefield": ["Grizzly Bears"]},
        "actions": [{"do": "cast", "card": "Trumpeting Carnosaur"}],
    },
    "crashing_footfalls": {
        "title": "Crashing Footfalls: Shardless Agent cascades into a suspend card",
        "description": "Shardless Agent (mana value 3) can only hit Crashing Footfalls or "
        "Violent Outburst in this deck; either way two 4/4 Rhinos arrive.",
        "seed": 2,
        "hand": ["Shardless Agent"],
        "battlefield": ["Breeding Pool", "Stomping Ground", "Island"],
        "opponent": {"battlefield": ["Grizzly Bears"]},
        "actions": [{"do": "cast", "card": "Shardless Agent"}],
    },
    "discover_appraiser": {
        "title": "Discover: Geological Appraiser from a real 60-card deck",
        "description": "Geological Appraiser enters and discovers 3: the deck's spells of "
        "mana value 3 or less (Fable, Bonecrusher Giant, burn) can be found.",
        "seed": 5,
        "hand": ["Geological Appraiser"],
        "battlefield": ["Mountain", "Mountain", "Forest", "Karplusan Forest"],
        "opponent": {"battlefield": ["Grizzly Bears"]},
        "actions": [{"do": "cast", "card": "Geological Appraiser"}],
    },
    "living_end": {
        "title": "Living End: Violent Outburst from a real 60-card deck",
        "description": "Violent Outburst cascades into Living End, the deck's only spell with "
        "mana value below 2: every creature is sacrificed and the cyclers in "
        "the graveyard come back.",
        "seed": 1,
        "hand": ["Violent Outburst"],
        "battlefield": ["Stomping Ground", "Blooming Marsh"],
        "graveyard": [
            "Architects of Will",
            "Striped Riverwinder",
            "Curator of Mysteries",
            "Street Wraith",
        ],
        "opponent": {"battlefield": ["Grizzly Bears", "Grizzly Bears"]},
        "actions": [{"do": "cast", "card": "Violent Outburst"}],
    },
    "maelstrom_nexus_edh": {
        "title": "Maelstrom Nexus Commander: the first spell cascades twice",
        "description": "Arcane Signet taps for a color of the commander's identity (The "
        "First Sliver: any of the five). With Maelstrom Nexus out, Bloodbraid "
        "Elf is the turn's first spell: two cascade triggers (its own and the "
        "Nexus's) dig a 99-card library.",
        "seed": 6,
        "hand": ["Bloodbraid Elf"],
        "battlefield": [
            "Maelstrom Nexus",
            "Arcane Signet",
            "Command Tower",
            "Breeding Pool",
            "Blood Crypt",
            "Temple Garden",
            "Savage Lands",
        ],
        "opponent": {"battlefield": ["Grizzly Bears"]},
        "actions": [
            {"do": "activate", "card": "Arcane Signet", "mana": True},
            {"do": "cast", "card": "Bloodbraid Elf"},
        ],
    },
    "restore_balance": {
        "title": "Restore Balance: cascade into a spell with no mana cost",
        "description": "Violent Outburst cascades into Restore Balance (mana value 0): every "
        "player ends with the fewest lands, cards in hand and creatures.",
        "seed": 1,
        "hand": ["Violent Outburst", "Ancestral Vision"],
        "battlefield": ["Arid Mesa", "Sacred Foundry", "Steam Vents"],
        "opponent": {
            "battlefield": [
                "Island",
                "Island",
                "Island",
                "Swamp",
                "Swamp",
                "Grizzly Bears",
                "Grizzly Bears",
            ],
            "hand": ["Counterspell", "Opt", "Opt", "Divination"],
        },
        "actions": [{"do": "cast", "card": "Violent Outburst"}],
    },
    "saga_tempo": {
        "title": "Saga tempo: Fable of the Mirror-Breaker over three turns",
        "description": "Fable of the Mirror-Breaker makes a Goblin Shaman, loots on your "
        "next turn (after the opponent's) and becomes Reflection of Kiki-Jiki "
        "on the turn after.",
        "seed": 2,
        "hand": ["Fable of the Mirror-Breaker // Reflection of Kiki-Jiki", "Thoughtseize"],
        "battlefield": ["Blood Crypt", "Sacred Foundry", "Sulfurous Springs"],
        "opponent": {"library": {"Island": 10}},
        "actions": [
            {"do": "cast", "card": "Fable of the Mirror-Breaker // Reflection of Kiki-Jiki"},
            {"do": "next_main"},
            {"do": "next_main"},
        ],
    },
    "temur_cascade_standard": {
        "title": "Temur cascade: Annoyed Altisaur cascades from a real deck",
        "description": "Annoyed Altisaur (mana value 7) cascades into anything cheaper in a "
        "Standard Temur deck: Quantum Riddler, Brazen Borrower or a burn spell.",
        "seed": 3,
        "hand": ["Annoyed Altisaur"],
        "battlefield": [
            "Forest",
            "Forest",
            "Forest",
            "Island",
            "Island",
            "Mountain",
            "Karplusan Forest",
        ],
        "opponent": {"battlefield": ["Grizzly Bears"]},
        "actions": [{"do": "cast", "card": "Annoyed Altisaur"}],
    },
    "urzas_saga_hammer": {
        "title": "Urza's Saga reaches chapter III in a real Hammer deck",
        "description": "Urza's Saga with two lore counters gets its third on your next turn: "
        "chapter III searches for an artifact with mana cost {0} or {1}.",
        "seed": 2,
        "hand": [],
        "battlefield": [
            {"name": "Urza's Saga", "counters": {"lore": 2}},
            "Plains",
            "Seachrome Coast",
        ],
        "opponent": {"library": {"Island": 10}},
        "actions": [{"do": "next_main"}],
    },
}


def _name(entry: str | dict) -> str:
    return entry if isinstance(entry, str) else entry["name"]


def scenario(stem: str) -> dict:
    """The example for one deck: the deck's main split between library and zones."""
    story = STORIES[stem]
    deck = parse_decklist((DECKS / f"{stem}.txt").read_text(encoding="utf-8"))
    left = Counter({name: count for count, name in deck.main})
    for zone in ("hand", "battlefield", "graveyard"):
        for entry in story.get(zone, []):
            name = _name(entry)
            if left[name] < 1:
                raise SystemExit(f"{stem}: {name!r} is not (or no more) in the deck")
            left[name] -= 1
    library = [{"name": n, "count": c} for n, c in left.items() if c > 0]
    opp = story.get("opponent", {})
    you: dict = {}
    if deck.commander:  # CR 903.3: the deck's commander, in the command zone (903.6)
        if len(deck.commander) != 1 or deck.commander[0][0] != 1:
            raise SystemExit(f"{stem}: one commander per scenario player (no partners yet)")
        you["commander"] = deck.commander[0][1]
    data = {
        "version": 1,
        "title": story["title"],
        "seed": story["seed"],
        "description": story["description"] + f" (Deck: examples/decks/{stem}.txt.)",
        "players": [
            {
                "name": "You",
                "life": 20,
                "library": {"order": "random", "cards": library},
                "hand": list(story.get("hand", [])),
                "battlefield": list(story.get("battlefield", [])),
                "graveyard": list(story.get("graveyard", [])),
                "exile": [],
                **you,
            },
            {
                "name": "Opponent",
                "life": 20,
                "library": {
                    "order": "random",
                    "cards": [{"name": n, "count": c} for n, c in opp.get("library", {}).items()],
                },
                "hand": list(opp.get("hand", [])),
                "battlefield": list(opp.get("battlefield", [])),
                "graveyard": [],
                "exile": [],
            },
        ],
        "actions": story["actions"],
        "choices": [],
    }
    scn = Scenario.from_dict(data)  # checked, and in the engine's own shape
    # The answers: AutoPolicy's (cast every castable hit, else the first option), recorded
    # so the example plays to its end like every other example file.
    answers = [key for _, _, key in scn.run(policy=AutoPolicy()).answered]
    return scn.with_choices(answers).to_dict()


def main() -> int:
    for stem in STORIES:
        path = OUT / f"deck_{stem}.json"
        Scenario.from_dict(scenario(stem)).save(path)
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
