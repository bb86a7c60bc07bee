"""Scenario tests of earthbend (engine/ops/earthbend.py; XMage EarthbendTargetEffect): the
land becomes a 0/0 creature with haste that's still a land (layers 4, 6, 7b; 613.1d, 613.4b),
gets N +1/+1 counters (7c, 613.4c), and "when it dies or is exiled, return it to the
battlefield tapped" (a delayed trigger about that object, 603.7a, 603.7c, 400.7).
Boards before and after, fields not wording. Stdlib + engine: runs under Pyodide.
"""

from __future__ import annotations

from engine import AutoPolicy, Scenario
from engine.lang import effects
from engine.lang.vocabulary import validate_ops

from boards import board, zone


def _card(name: str, ops: list[dict], what: str, flt: dict | None = None) -> dict:
    spec: dict = {"what": what, "count": 1}
    if flt:
        spec["filter"] = flt
    return {
        "name": name,
        "mana_cost": "{1}",
        "type_line": "Instant",
        "effects": {"spell": ops, "targets": [spec]},
    }


EARTHBEND = _card(
    "Test Earthbend", [{"op": "earthbend", "n": 3, "what": "target"}], "land", {"controller": "you"}
)
EARTHBEND_X = _card(
    "Test Earthbend X",
    [{"op": "earthbend", "n": {"dv": "cards_in_hand", "who": "you"}, "what": "target"}],
    "land",
    {"controller": "you"},
)
KILL = _card("Test Kill", [{"op": "destroy", "what": "target"}], "creature")
BANISH = _card("Test Banish", [{"op": "exile", "what": "target"}], "creature")
BOUNCE = _card("Test Bounce", [{"op": "return_to_hand", "what": "target"}], "creature")
FROGIFY = _card(
    "Test Frogify",
    [
        {
            "op": "set_base_pt",
            "what": "target",
            "power": 1,
            "toughness": 1,
            "duration": "end_of_turn",
        }
    ],
    "creature",
)
CARDS = [EARTHBEND, EARTHBEND_X, KILL, BANISH, BOUNCE, FROGIFY]


def _run(*spells: str, battlefield=("Forest",), hand=(), **kw):
    d = board(
        hand=[*spells, *hand],
        battlefield=list(battlefield),
        actions=[{"do": "cast", "card": s} for s in spells],
        cards=CARDS,
        **kw,
    )
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished, tl.text()
    return tl


def _forest(tl, player: int = 0) -> int:
    state = tl.final
    [oid] = [o for o in state.players[player].battlefield if state.objects[o].name == "Forest"]
    return oid


def _not_simulated(tl) -> list:
    return [e for e in tl.events if e.kind == "not_simulated"]


def test_the_op_validates_and_its_check_refuses_what_it_cannot_do() -> None:
    ops = [{"op": "earthbend", "n": 3, "what": "target"}]
    assert validate_ops(ops) == [] and effects.problem(ops[0]) is None
    assert effects.problem({"op": "earthbend", "n": 3, "what": "self"})
    assert effects.problem({"op": "earthbend", "n": {"dv": "no_such_value"}, "what": "target"})
    assert validate_ops([{"op": "earthbend_return"}]) == []


def test_earthbend_makes_a_land_a_0_0_haste_creature_with_counters_cr_613_1d_613_4() -> None:
    tl = _run("Test Earthbend")
    oid = _forest(tl)
    ch = tl.final.characteristics(oid)
    assert "Creature" in ch.types and "Land" in ch.types  # still a land (layer 4)
    assert "Forest" in ch.subtypes and ch.has_keyword("Haste")  # layer 6
    assert (ch.base_power, ch.base_toughness) == (0, 0)  # layer 7b
    assert (ch.power, ch.toughness) == (3, 3)  # + three +1/+1 counters, 7c
    assert tl.final.objects[oid].counter("+1/+1") == 3
    [effect] = tl.final.continuous
    assert (effect.kind, effect.duration, effect.objects) == (
        "become_creature",
        "permanent",
        (oid,),
    )
    [watch] = [e for e in tl.events if e.kind == "delayed"]  # 603.7a: it waits for the land
    assert watch.objects == (oid,) and watch.data["when"] == "earthbend_dies_or_exiled"
    assert not _not_simulated(tl)


def test_a_later_base_pt_effect_overrides_the_0_0_and_counters_still_apply_cr_613_7() -> None:
    # 7b in timestamp order: earthbend's 0/0 first, then the later 1/1; 7c counters on top.
    tl = _run("Test Earthbend", "Test Frogify")
    ch = tl.final.characteristics(_forest(tl))
    assert (ch.base_power, ch.base_toughness, ch.power, ch.toughness) == (1, 1, 4, 4)


def test_earthbend_x_counts_the_cards_in_hand_on_resolution() -> None:
    tl = _run("Test Earthbend X", hand=("Island", "Island"))
    ch = tl.final.characteristics(_forest(tl))
    assert (ch.power, ch.toughness) == (2, 2)


def test_when_it_dies_it_returns_to_the_battlefield_tapped_cr_603_7c() -> None:
    tl = _run("Test Earthbend", "Test Kill")
    oid = _forest(tl)  # back on the battlefield, a new object (400.7)
    obj = tl.final.objects[oid]
    assert obj.tapped and obj.counter("+1/+1") == 0
    assert not tl.final.characteristics(oid).is_creature  # the old effect is gone
    assert zone(tl, "graveyard") == ["Test Earthbend", "Test Kill"]
    returns = [e for e in tl.events if e.kind == "to_battlefield" and e.rule == "603.7c"]
    assert [e.amount for e in returns] == [1]


def test_when_it_is_exiled_it_returns_to_the_battlefield_tapped() -> None:
    tl = _run("Test Earthbend", "Test Banish")
    obj = tl.final.objects[_forest(tl)]
    assert obj.tapped and zone(tl, "exile") == []


def test_it_triggers_only_once_a_second_death_stays_dead_cr_603_7c() -> None:
    tl = _run("Test Earthbend", "Test Kill", "Test Earthbend", "Test Kill", hand=())
    # the second earthbend made the returned Forest a creature again and watches it anew
    assert "Forest" in zone(tl, "battlefield")
    returns = [e for e in tl.events if e.kind == "to_battlefield" and e.rule == "603.7c"]
    assert [e.amount for e in returns] == [1, 1]


def test_returned_to_hand_it_does_not_trigger_and_the_watch_ends_cr_400_7() -> None:
    tl = _run("Test Earthbend", "Test Bounce")
    assert "Forest" in zone(tl, "hand") and "Forest" not in zone(tl, "battlefield")
    assert not [e for e in tl.events if e.kind == "to_battlefield" and e.rule == "603.7c"]


def test_the_creature_land_and_its_watch_last_through_the_next_turns_cr_611_2a() -> None:
    # the turn passes (cleanup 514.2, the opponent's turn, steps with delayed abilities): the
    # land stays a creature, and dying in a later turn still brings it back
    d = board(
        hand=["Test Earthbend", "Test Kill"],
        battlefield=["Forest"],
        library=["Island", "Island"],
        opponent_library=["Island"],
        cards=CARDS,
        actions=[
            {"do": "cast", "card": "Test Earthbend"},
            {"do": "next_main"},
            {"do": "cast", "card": "Test Kill"},
        ],
    )
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished and tl.final.turn == 3, tl.text()
    obj = tl.final.objects[_forest(tl)]
    assert obj.tapped and obj.counter("+1/+1") == 0
    returns = [e for e in tl.events if e.kind == "to_battlefield" and e.rule == "603.7c"]
    assert [e.amount for e in returns] == [1]
