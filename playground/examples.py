"""The example picker's catalogue: the built-in starter boards and EVERY example file.

The example files are ``examples/scenarios/*.json``; ``playground/scenarios`` is a link
to that folder, shipped as package data, so a served app, a notebook and the hosted
(Pyodide) page all list the same files. Each entry has a one-line description of what
it shows, kept here (the scenario format's own ``description`` is a paragraph, and the
files must round-trip through the engine unchanged).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from playground.defaults import PRESETS

__all__ = [
    "EXAMPLE_DIR",
    "FILE_LINES",
    "PRESET_LINES",
    "catalogue",
    "description_of",
    "example_files",
    "picker_groups",
    "scenario_of",
]

EXAMPLE_DIR = Path(__file__).resolve().parent / "scenarios"

# One line per example file (by file name): what the example shows.
FILE_LINES: dict[str, str] = {
    "apex_devastator": "Four cascade triggers from one spell, each resolving on its own.",
    "basic_cascade": "Cascade step by step: exile until a cheaper nonland card, cast it free, "
    "the rest to the bottom.",
    "cascade_adventure": "Cascade hits an adventurer: the creature may be cast, its Adventure "
    "(mana value 3) may not.",
    "cascade_chain": "A hit with its own cascade: both cascades resolve before the first spell.",
    "cascade_mdfc": "A modal double-faced card off the stack has only its front face's mana value.",
    "cascade_paid_with_lands": "Real mana: lands tap for Shardless Agent's {1}{G}{U}; its "
    "cascade hit is cast free, no land tapped.",
    "cascade_split_card": "A split card's mana value is the sum of its halves; cast either "
    "half, never both.",
    "cascade_split_not_a_hit": "Fire // Ice (mana value 4) is not a hit for a mana value 4 "
    "cascade.",
    "cascade_whiff": "Nothing qualifies: cascade exiles the whole library and casts nothing.",
    "cascade_x_spell": "Cascade into an X spell: cast without paying its cost, X is 0.",
    "combat_bloodbraid_haste": "Bloodbraid Elf cascades into Lightning Bolt, then attacks the "
    "same turn: it has haste.",
    "combat_discover_on_attack": "Caparocti Sunborn attacks: tap two creatures to discover 3 "
    "before blockers.",
    "combat_living_end_attack": "Living End returns the creatures; next turn they attack an "
    "empty board.",
    "combat_saga_history_of_benalia": "History of Benalia III pumps the Knights, then they "
    "attack through a blocker.",
    "countered_cascade": "The cascading spell is countered; its cascade trigger still resolves.",
    "counter_cascaded_spell": "The opponent counters the spell you cascaded into; the Elf still "
    "resolves.",
    "deck_bloodbraid_jund": "A real Jund deck: Bloodbraid Elf cascades into the deck itself.",
    "deck_carnosaur_dinos": "A real Dinosaur deck: Trumpeting Carnosaur discovers 5.",
    "deck_crashing_footfalls": "A real Rhinos deck: Shardless Agent can only hit Crashing "
    "Footfalls or Violent Outburst.",
    "deck_discover_appraiser": "A real discover deck: Geological Appraiser discovers 3.",
    "deck_living_end": "A real Living End deck: Violent Outburst into Living End, the "
    "cyclers return.",
    "deck_maelstrom_nexus_edh": "A 99-card Commander deck: with Maelstrom Nexus out, Bloodbraid "
    "Elf cascades twice.",
    "deck_restore_balance": "A real Restore Balance deck: cascade into a spell with no mana "
    "cost that evens the board.",
    "deck_saga_tempo": "A real Saga deck: Fable of the Mirror-Breaker over three of your turns.",
    "deck_temur_cascade_standard": "A real Standard deck: Annoyed Altisaur (mana value 7) "
    "cascades.",
    "deck_urzas_saga_hammer": "A real Hammer deck: Urza's Saga III searches for a {0} or {1} "
    "artifact.",
    "discover_cast_or_hand": "Discover 3: cast the card found for free, or put it into your hand.",
    "discover_nothing_found": "Discover 5 finds nothing: every exiled card goes back on "
    "the bottom.",
    "first_eruption": "The First Eruption from cast through chapters I, II and III to its "
    "sacrifice.",
    "first_eruption_turns": "The First Eruption over real turns (the opponent's between yours), "
    "chapters I to III, then sacrificed.",
    "hidden_volcano": "Hidden Volcano is sacrificed as a cost; discover 4 happens as its "
    "ability resolves.",
    "history_of_benalia": "Chapters I and II make Knight tokens; chapter III is shown as "
    "not simulated.",
    "living_end_cyclers": "Street Wraith cycled for 2 life; Grief evoked: you order its "
    "discard and its sacrifice.",
    "maelstrom_nexus": "Maelstrom Nexus gives the first spell each turn cascade.",
    "proliferate_saga": "Proliferate adds a lore counter to a Saga, which triggers its "
    "next chapter.",
    "read_ahead": "Read ahead: a Saga entering at chapter III never triggers chapters I and II.",
    "saga_counters_removed": "A chapter triggers again only after lore counters were "
    "removed and put back.",
    "urzas_saga_played": "Urza's Saga played as your land (no stack), then chapters II and III "
    "in your next turns.",
    "violent_outburst_living_end": "Violent Outburst cascades into Living End (no mana cost, "
    "mana value 0).",
}

# One line per built-in starter board (by its name in the picker).
PRESET_LINES: dict[str, str] = {
    "Bloodbraid Elf cascades": "Cast Bloodbraid Elf over a shuffled 57-card library "
    "(the default board).",
    "Cascade into a split card (Fire // Ice)": "Enlisted Wurm cascades into Fire // Ice: "
    "choose a half to cast.",
    "Discover 3 (Geological Appraiser)": "Geological Appraiser enters and discovers 3.",
    "Activate a discover land (Hidden Volcano)": "Hidden Volcano's ability: sacrifice it, "
    "then discover 4.",
    "The First Eruption reaches chapter III": "A Saga with two lore counters gets its third "
    "in the precombat main phase.",
    "Maelstrom Nexus gives the first spell cascade": "Tarmogoyf cascades because it is the "
    "first spell this turn.",
    "Opponent counters the cascade spell": "Counterspell answers Bloodbraid Elf; the cascade "
    "trigger still resolves.",
    "Two Sagas: order their chapter triggers": "Two chapter abilities trigger at once: you "
    "choose their order.",
    "Proliferate a Saga": "Proliferate puts a lore counter on The First Eruption.",
}

STARTERS = "Starter boards"
FILES = "Example files"


@functools.cache
def example_files() -> dict[str, tuple[str, dict[str, Any]]]:
    """Picker label -> (file name, scenario) for every example file, in file-name order.

    The label is the scenario's title; where that is already a starter board's name, the
    file name is added so both stay pickable.
    """
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    for path in sorted(EXAMPLE_DIR.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        label = str(data.get("title") or path.stem)
        if label in PRESETS or label in out:
            label = f"{label} ({path.name})"
        out[label] = (path.stem, data)
    return out


def catalogue() -> dict[str, dict[str, Any]]:
    """Every scenario the picker offers, label -> scenario dict (starters first)."""
    return {**PRESETS, **{label: data for label, (_, data) in example_files().items()}}


def picker_groups() -> dict[str, list[str]]:
    return {STARTERS: list(PRESETS), FILES: list(example_files())}


def scenario_of(label: str) -> dict[str, Any]:
    """The scenario behind a picker label (KeyError if there is none)."""
    if label in PRESETS:
        return PRESETS[label]
    return example_files()[label][1]


def description_of(label: str) -> str:
    """The one-line description of a picker entry ("" for an unknown label)."""
    if label in PRESET_LINES:
        return PRESET_LINES[label]
    entry = example_files().get(label)
    return FILE_LINES.get(entry[0], "") if entry else ""
