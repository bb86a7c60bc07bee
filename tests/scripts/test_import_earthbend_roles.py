"""Importer classes for Saga chapters, read from the committed import
(data/xmage_effects.json.gz): a chapter's local ``Effects`` variable filled with ``.add()``,
DontUntapInControllersUntapStepTargetEffect with its duration, EarthbendTargetEffect (pool
wide) and CreateRoleAttachedTargetEffect with the Role token class it names (its enchant
ability, statics and triggers); a Role whose abilities the engine can't state stays
untranslated, never half read."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from engine.lang import effects, vocabulary

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data" / "xmage_effects.json.gz"


def _cards() -> dict:
    return json.loads(gzip.decompress(DATA.read_bytes()))["cards"]


def _chapter(cards: dict, name: str, n: int) -> dict:
    entry = cards[name]
    for place in [entry, *(entry.get("faces") or {}).values()]:
        for ch in place.get("chapters", []):
            if n in ch["chapters"]:
                return ch
    raise AssertionError((name, n))


def _ops_named(node: object, name: str) -> list[dict]:
    if isinstance(node, list):
        return [o for x in node for o in _ops_named(x, name)]
    if not isinstance(node, dict):
        return []
    here = [node] if node.get("op") == name else []
    return here + [o for v in node.values() for o in _ops_named(v, name)]


def test_a_local_effects_variable_is_read_in_order() -> None:
    cards = _cards()
    herbs = _chapter(cards, "Of Herbs and Stewed Rabbit", 1)
    assert [o["op"] for o in herbs["ops"]] == ["add_counters", "create_token"]
    assert herbs["targets"] == [{"what": "creature", "count": 1, "min": 0}]
    song = _chapter(cards, "Song of Freyalise", 3)
    assert [o["op"] for o in song["ops"]] == ["add_counters", "grant", "grant", "grant"]
    vault = _chapter(cards, "Vault 112: Sadistic Simulation", 1)
    assert [o["op"] for o in vault["ops"]] == ["tap", "add_counters", "add_player_counters"]
    assert vault["chapters"] == [1, 2]
    for ch in (herbs, song, vault):
        assert effects.is_simulated(ch["ops"])


def test_dont_untap_for_as_long_as_you_control_keeps_its_duration() -> None:
    cards = _cards()
    ice = _chapter(cards, "Time of Ice", 1)
    skip = {"op": "skip_untap", "duration": "while_controlled", "what": "target"}
    assert ice["ops"] == [{"op": "tap", "what": "target"}, skip]
    assert cards["Tidebinder Mage"]["etb"][1]["duration"] == "while_controlled"


def test_phyrexian_scriptures_i_is_the_hand_entry_with_no_duration() -> None:
    [_, types] = _chapter(_cards(), "Phyrexian Scriptures", 1)["ops"]
    assert types["op"] == "add_types" and types["duration"] == "permanent"


def test_earthbend_is_read_wherever_it_appears() -> None:
    cards = _cards()
    cave = _chapter(cards, "The Cave of Two Lovers", 3)
    assert cave["ops"] == [{"op": "earthbend", "n": 3, "what": "target"}]
    assert cave["targets"] == [{"what": "land", "count": 1, "filter": {"controller": "you"}}]
    kyoshi = _chapter(cards, "The Legend of Kyoshi // Avatar Kyoshi", 2)
    assert kyoshi["ops"][0]["n"] == {"dv": "cards_in_hand", "who": "you"}
    assert kyoshi["ops"][1] == {
        "op": "add_types",
        "subtypes": ["Island"],
        "duration": "permanent",
        "what": "target",
    }
    with_op = [n for n, e in cards.items() if _ops_named(e, "earthbend")]
    assert len(with_op) >= 20  # 31 cards of the pool earthbend
    ops = [o for name in with_op for o in _ops_named(cards[name], "earthbend")]
    assert all(vocabulary.validate_ops([o]) == [] for o in ops)
    # simulated unless its amount isn't (Toph: "the mana spent", not simulated): then the
    # check names it and the ability doesn't run (all or nothing)
    refused = [o for o in ops if effects.problem(o) is not None]
    assert all(effects.problem(o) and "mana spent" in effects.problem(o) for o in refused)
    assert len(refused) < len(ops) // 4


def test_roles_carry_their_token_and_unstatable_roles_stay_untranslated() -> None:
    cards = _cards()
    [cursed] = _chapter(cards, "Gadwick's First Duel", 1)["ops"]
    assert cursed["op"] == "create_role" and cursed["what"] == "target"
    tok = cursed["creates"]
    assert tok["subtypes"] == ["Aura", "Role"] and tok["types"] == ["Enchantment"]
    assert tok["abilities"]["enchant"] == {"what": "creature", "count": 1}
    base = {"op": "set_base_pt", "what": "attached", "power": 1, "toughness": 1}
    assert tok["abilities"]["static"] == [{**base, "duration": "while_on_battlefield"}]
    [wicked] = _chapter(cards, "The Witch's Vanity", 3)["ops"]
    assert wicked["creates"]["abilities"]["triggers"][0]["when"] == (
        "self_to_graveyard_from_battlefield"
    )
    kinds = {o["creates"]["token"] for e in cards.values() for o in _ops_named(e, "create_role")}
    assert {"Cursed", "Wicked", "Monster"} <= kinds
    # Royal (ward {1}: not simulated), Virtuous (a count the importer doesn't read) and
    # Young Hero (an intervening-if condition) are never written half
    assert not kinds & {"Royal", "Virtuous", "Young Hero", "YoungHero"}
    for e in cards.values():
        for o in _ops_named(e, "create_role"):
            assert effects.problem(o) is None
