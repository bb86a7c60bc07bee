"""The importer's "when you next cast ... this turn" delayed abilities (603.7c), read from
the committed import (data/xmage_effects.json.gz): CopyNextSpellDelayedTriggeredAbility
and AddCounterNextSpellDelayedTriggeredAbility become a ``lasting_trigger`` with ``once``,
and SpellsCostReductionControllerEffect.setDuration a cost_change with a duration."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from engine.lang import effects, vocabulary

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data" / "xmage_effects.json.gz"


def _chapter(name: str, n: int) -> dict:
    entry = json.loads(gzip.decompress(DATA.read_bytes()))["cards"][name]
    for place in [entry, *(entry.get("faces") or {}).values()]:
        for ch in place.get("chapters", []):
            if n in ch["chapters"]:
                return ch
    raise AssertionError((name, n))


def test_copy_next_spell_keeps_the_cards_filter_and_copies_amount_times() -> None:
    [gadwick] = _chapter("Gadwick's First Duel", 3)["ops"]
    assert gadwick["op"] == "lasting_trigger" and gadwick["once"] is True
    assert gadwick["when"] == "you_cast_spell" and gadwick["duration"] == "end_of_turn"
    # FilterInstantOrSorcerySpell + ManaValuePredicate(FEWER_THAN, 4)
    assert gadwick["filter"] == {"types_any": ["Instant", "Sorcery"], "mv": ["<", 4]}
    assert [o["op"] for o in gadwick["effect"]] == ["copy_spell"]
    [triple] = _chapter("Summon: G.F. Cerberus", 3)["ops"]  # "copy it twice"
    assert [o["what"] for o in triple["effect"]] == ["trigger_object", "trigger_object"]
    assert effects.is_simulated([gadwick]) and effects.is_simulated([triple])


def test_add_counter_next_spell_is_a_creature_spell_entering_with_a_counter() -> None:
    [kumano] = _chapter("Kumano Faces Kakkazan // Etching of Kumano", 2)["ops"]
    assert kumano["filter"] == {"types": ["Creature"]} and kumano["once"] is True
    assert kumano["effect"] == [
        {"op": "spell_enters_with_counters", "counter": "+1/+1", "n": 1, "what": "trigger_object"}
    ]
    assert vocabulary.validate_ops([kumano]) == [] and effects.is_simulated([kumano])


def test_cost_reduction_this_turn_keeps_its_duration() -> None:
    [armor] = _chapter("Armor Wars", 2)["ops"]
    assert armor["op"] == "cost_change" and armor["duration"] == "end_of_turn"
    assert armor["amount"] == -1 and armor["spells"] == {"types": ["Artifact"]}
