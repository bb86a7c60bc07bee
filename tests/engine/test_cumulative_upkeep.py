"""Cumulative upkeep (CR 702.24a-b): "At the beginning of your upkeep, if this permanent is
on the battlefield, put an age counter on this permanent. Then you may pay [cost] for each
age counter on it. If you don't, sacrifice it." """

from __future__ import annotations

from boards import board, finished, of_kind, you

YOUR_NEXT_UPKEEP = [{"do": "precombat_main", "player": 1}, {"do": "precombat_main", "player": 0}]


def _card(name: str, cost: str, keywords: tuple[str, ...] = ("Cumulative upkeep",)) -> dict:
    return {
        "name": name,
        "mana_cost": "{1}",
        "type_line": "Enchantment",
        "keywords": list(keywords),
        "effects": {"keyword_costs": {"Cumulative upkeep": cost}},
    }


def _board(cards: list[dict], upkeeps: int, choices: tuple[str, ...], **kw) -> dict:
    return board(
        ["Island"] * (upkeeps + 1),
        battlefield=tuple(c["name"] for c in cards),
        opponent_library=["Island"] * (upkeeps + 1),
        cards=cards,
        actions=YOUR_NEXT_UPKEEP * upkeeps,
        choices=choices,
        **kw,
    )


def _age(tl, name: str) -> list[int]:
    state = tl.final
    ids = [i for p in state.players for i in p.battlefield]
    return [state.obj(i).counters.get("age", 0) for i in ids if state.obj(i).name == name]


def test_an_age_counter_each_upkeep_then_pay_for_each_cr_702_24a() -> None:
    """Paid twice: {1} with one age counter, {1}{1} with two; declined the third time: it is
    sacrificed."""
    tl = finished(_board([_card("Old Thing", "{1}")], 3, ("pay", "pay", "decline")))
    assert len([e for e in of_kind(tl, "counters") if e.counter == "age"]) == 3
    assert you(tl)["battlefield"] == []
    assert you(tl)["graveyard"] == ["Old Thing"]
    (sac,) = of_kind(tl, "sacrifice")
    assert sac.rule == "702.24a"


def test_the_cost_is_paid_for_each_age_counter_cr_702_24a() -> None:
    """Pay 2 life for each age counter: 2, then 4 (20 -> 18 -> 14)."""
    tl = finished(_board([_card("Old Thing", "pay 2 life")], 2, ("pay", "pay")))
    assert you(tl)["life"] == 14
    assert _age(tl, "Old Thing") == [2]


def test_a_cost_that_cant_be_paid_sacrifices_it_cr_702_24a_118_3() -> None:
    """Pay 2 life for its one age counter with 1 life: it can't be paid (119.4)."""
    thing = _card("Old Thing", "pay 2 life")
    d = _board([thing], 1, (), life=1)
    tl = finished(d)
    assert you(tl)["life"] == 1
    assert you(tl)["graveyard"] == ["Old Thing"]


def test_each_instance_counts_every_age_counter_cr_702_24b() -> None:
    """Two instances: each triggers, each puts an age counter; the second pays for two."""
    thing = _card("Old Thing", "pay 1 life", ("Cumulative upkeep", "Cumulative upkeep"))
    tl = finished(_board([thing], 1, ("pay", "pay")))
    assert _age(tl, "Old Thing") == [2]
    assert you(tl)["life"] == 20 - 1 - 2


def test_a_cost_other_than_mana_or_life_is_not_simulated_cr_702_24a() -> None:
    """ "Discard a card" for each age counter isn't paid N times over: nothing is guessed."""
    tl = finished(_board([_card("Old Thing", "discard 1 card(s)")], 1, ()))
    assert of_kind(tl, "not_simulated")
    assert _age(tl, "Old Thing") == [0]
    assert you(tl)["battlefield"] == ["Old Thing"]


def test_coverage_claims_it_only_with_a_cost_it_pays_cr_702_24a() -> None:
    from engine.cards.definitions import CardDef
    from engine.keywords import cumulative_upkeep

    ok = CardDef.from_dict(_card("A", "{G}"))
    life = CardDef.from_dict(_card("B", "pay 1 life"))
    other = CardDef.from_dict(_card("C", "sacrifice 1 land"))
    none = CardDef.from_dict({**_card("D", "{1}"), "effects": {}})
    assert cumulative_upkeep.missing(ok) is None and cumulative_upkeep.missing(life) is None
    assert cumulative_upkeep.missing(other) and cumulative_upkeep.missing(none)
