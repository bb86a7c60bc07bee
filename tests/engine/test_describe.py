"""engine.views.describe: plain-English sentences from the effect data, missing parts named."""

from __future__ import annotations

from engine.cards.definitions import CardDef
from engine.lang import effects
from engine.views.describe import NOT_SIMULATED, describe, ops_text


def card(entry: dict | None, type_line: str = "Instant", **extra) -> CardDef:
    d = {"name": "Test Card", "mana_cost": "{R}", "type_line": type_line, **extra}
    if entry is not None:
        d["effects"] = entry
    return CardDef.from_dict(d)


def test_damage_to_any_target() -> None:
    entry = {
        "spell": [{"op": "damage", "amount": 3, "to": "target"}],
        "targets": [{"what": "any", "count": 1}],
    }
    assert describe(card(entry)) == ["Deals 3 damage to any target."]


def test_enter_trigger_draws_a_card() -> None:
    entry = {"etb": [{"op": "draw", "n": 1}]}
    assert describe(card(entry, "Creature — Elf", power="1", toughness="1")) == [
        "When this enters, draw a card."
    ]


def test_ops_text_players_and_amounts() -> None:
    assert ops_text([{"op": "draw", "n": 2, "who": "target_player"}]) == (
        "Target player draws two cards."
    )
    assert ops_text([{"op": "gain_life", "n": 4}]) == "Gain 4 life."


def test_saga_chapters_are_numbered() -> None:
    saga = {"count": 2, "abilities": [{"chapters": [1, 2], "ops": [{"op": "draw", "n": 1}]}]}
    lines = describe(card(None, "Enchantment — Saga", chapters=saga))
    assert lines[0].startswith("Chapter I, II: Draw a card")


def test_unknown_part_is_named_not_simulated() -> None:
    assert "zz_desc_unknown" not in effects.OPS
    entry = {"spell": [{"op": "zz_desc_unknown"}]}
    (line,) = describe(card(entry))
    assert "(not simulated: op: zz_desc_unknown)" in line


def test_no_data_says_not_simulated_and_text_is_not_escaped_here() -> None:
    assert describe(card(None)) == [NOT_SIMULATED]
    entry = {"spell": [{"op": "other", "hint": "<b>x</b>"}]}
    assert "<b>x</b>" in describe(card(entry))[0]  # views escape at render time


def test_modal_spell_lists_its_modes() -> None:
    entry = {"choose": 2, "modes": [[{"op": "draw", "n": 1}], [{"op": "gain_life", "n": 2}]]}
    lines = describe(card(entry))
    assert lines[0] == "Choose two —"
    assert lines[1].startswith("Mode 1: Draw a card") and lines[2].startswith("Mode 2: Gain 2")


def test_pump_all_and_plural_subjects() -> None:
    flt = {"types": ["Creature"], "controller": "you"}
    pump = {
        "op": "pump",
        "power": 1,
        "toughness": 0,
        "who": "all",
        "filter": flt,
        "duration": "end_of_turn",
    }
    assert ops_text([pump]) == "Each creature you control gets +1/+0 until end of turn."
    words = {**pump, "who": "creatures you control"}
    assert ops_text([words]) == "Creatures you control get +1/+0 until end of turn."
