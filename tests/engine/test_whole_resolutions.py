"""All or nothing: a spell or ability is simulated whole, or changes nothing and
the log names what is missing; a card the engine knows nothing about is still castable."""

from __future__ import annotations

from engine.cards.carddb import default_pool
from engine.lang import effects

from boards import board, finished, of_kind, opp, you


def card(name: str, type_line: str, effects_entry: dict | None, **face) -> dict:
    d = {
        "name": name,
        "layout": "normal",
        "faces": [{"name": name, "mana_cost": "{1}", "type_line": type_line, **face}],
    }
    if effects_entry is not None:
        d["effects"] = effects_entry
    return d


def test_whole_resolutions_are_on() -> None:
    assert effects.WHOLE_RESOLUTIONS is True


def test_a_card_without_data_is_castable_and_says_it_is_not_simulated_cr_608_2() -> None:
    mystery = card("Mystery Spell", "Sorcery", None)
    tl = finished(board(hand=["Mystery Spell"], cards=[mystery]))
    assert you(tl)["graveyard"] == ["Mystery Spell"]
    (note,) = of_kind(tl, "not_simulated")
    assert note.data["missing"] == ["card data"]
    beast = card("Mystery Beast", "Creature — Beast", None, power="2", toughness="2")
    tl = finished(board(hand=["Mystery Beast"], cards=[beast]))
    assert you(tl)["battlefield"] == ["Mystery Beast"]
    (note,) = of_kind(tl, "not_simulated")
    assert note.data["missing"] == ["card data"] and note.rule == "608.3"


def test_an_untranslated_part_stops_the_whole_spell() -> None:
    """The importer left part of the spell ability untranslated: the known ops must not run
    either (an ability with an untranslated part must not run at all)."""
    half = card(
        "Half Known",
        "Instant",
        {
            "spell": [{"op": "gain_life", "n": 3}],
            "untranslated": [{"ability": "spell", "class": "SomeOddEffect", "in": "SpellAbility"}],
            "source": "xmage",
        },
    )
    tl = finished(board(hand=["Half Known"], cards=[half]))
    assert you(tl)["life"] == 20 and not of_kind(tl, "life")
    notes = of_kind(tl, "not_simulated")
    assert notes and all(n.changes == () and n.moves == () for n in notes)
    assert any("SomeOddEffect" in m for m in notes[0].data["missing"])
    # An untranslated trigger doesn't stop the spell ability.
    other = {
        **half,
        "name": "Spell Known",
        "faces": [{**half["faces"][0], "name": "Spell Known"}],
        "effects": {**half["effects"], "untranslated": [{"ability": "trigger", "class": "X"}]},
    }
    tl = finished(board(hand=["Spell Known"], cards=[other]))
    assert you(tl)["life"] == 23


def test_a_modal_spell_is_checked_whole_across_its_chosen_modes() -> None:
    """Two modes chosen, one of them outside the vocabulary: nothing of either happens."""
    modal = card(
        "Two Modes",
        "Instant",
        {
            "choose": 2,
            "modes": [[{"op": "gain_life", "n": 2}], [{"op": "unknown_thing"}]],
        },
    )
    tl = finished(board(hand=["Two Modes"], cards=[modal]))
    assert you(tl)["life"] == 20
    (note,) = of_kind(tl, "not_simulated")
    assert note.data["ops"] == ["unknown_thing"]
    assert opp(tl)["life"] == 20


def test_stomps_damage_cant_be_prevented_is_structured_data_cr_615_12() -> None:
    """Stomp's "Damage can't be prevented this turn" is the rule effect op (615.12) that the
    prevention checks honour, not free text (data/effects_overrides.json)."""
    stomp = default_pool().get("Stomp").effects_for("Stomp")
    assert stomp["spell"] == [
        {"op": "damage_cant_be_prevented", "duration": "end_of_turn"},
        {"op": "damage", "amount": 2, "to": "target"},
    ]
    assert stomp["targets"] == [{"what": "any", "count": 1}]
