"""Permanents entering from a cascade: planeswalker loyalty (CR 306.5b) and its SBA (704.5i)."""

from __future__ import annotations

from engine import Scenario

from boards import scenario, zone


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
