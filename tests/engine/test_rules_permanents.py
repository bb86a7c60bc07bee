"""Permanents entering from a cascade: planeswalker loyalty (CR 306.5b) and its SBA (704.5i)."""

from __future__ import annotations

from engine import Scenario

from boards import board, scenario, zone


def _cascade_into(card: str) -> Scenario:
    return scenario([card], hand=("Bloodbraid Elf",), choices=("cast",), seed=1)


def test_planeswalker_hit_enters_with_printed_loyalty_cr_306_5b() -> None:
    tl = _cascade_into("Narset, Parter of Veils").run()
    assert tl.finished
    narset = [o for o in tl.final.zone(0, "battlefield") if o.name.startswith("Narset")]
    assert narset and narset[0].counter("loyalty") == 5
    assert any(e.rule == "306.5b" for e in tl.events)


def test_planeswalker_with_no_loyalty_goes_to_graveyard_cr_704_5i() -> None:
    d = _cascade_into("Lightning Bolt").to_dict()
    d["players"][1]["battlefield"] = ["Jace Beleren"]  # printed loyalty 3 by default
    tl = Scenario.from_dict(d).run()
    jace = [o for o in tl.frames[0].state.zone(1, "battlefield")][0]
    assert jace.counter("loyalty") == 3
    tl = Scenario.from_dict({**d, "choices": ["cast", f"target:o{jace.id}"]}).run()
    assert tl.finished
    assert "Jace Beleren" in zone(tl, "graveyard", 1)
    assert any(e.rule == "704.5i" for e in tl.events)


# ------------------------------------------------- 702.12b: indestructible isn't destroyed


def _myr_id(tl) -> int:
    return next(i for i, o in tl.frames[0].state.objects.items() if o.card.name == "Darksteel Myr")


def test_indestructible_permanent_is_not_destroyed_by_a_destroy_effect_cr_702_12b() -> None:
    """Murder targets Darksteel Myr (indestructible): it stays on the battlefield; Wrath of
    God's "destroy all creatures" destroys the Bears and leaves the Myr."""

    d = board(hand=("Murder",), opponent_battlefield=("Darksteel Myr",))
    myr = _myr_id(Scenario.from_dict(d).run())
    tl = Scenario.from_dict({**d, "choices": [f"target:o{myr}"]}).run()
    assert tl.finished and zone(tl, "battlefield", 1) == ["Darksteel Myr"]
    assert tl.final.objects[myr].card.name == "Darksteel Myr"
    d = board(hand=("Wrath of God",), opponent_battlefield=("Darksteel Myr", "Grizzly Bears"))
    tl = Scenario.from_dict(d).run()
    assert zone(tl, "battlefield", 1) == ["Darksteel Myr"]
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears"]


def test_indestructible_creature_with_lethal_damage_stays_cr_702_12b_704_5g() -> None:
    """Lightning Bolt deals 3 damage to Darksteel Myr (0/1): lethal damage, but the
    state-based action destroys, and an indestructible permanent isn't destroyed."""

    d = board(hand=("Lightning Bolt",), opponent_battlefield=("Darksteel Myr",))
    myr = _myr_id(Scenario.from_dict(d).run())
    tl = Scenario.from_dict({**d, "choices": [f"target:o{myr}"]}).run()
    assert tl.finished and zone(tl, "battlefield", 1) == ["Darksteel Myr"]
    assert tl.final.objects[myr].damage == 3
