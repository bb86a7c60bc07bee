"""Combat triggers of blocking and attacking alone (CR 506.5, 509.3a-d, 509.3g): "whenever ~
attacks alone", "whenever a creature you control attacks alone", "attacks and isn't
blocked", "blocks a creature", "becomes blocked by a creature", "blocks or becomes blocked
(by a creature)". Zones, life, counts and the trigger ids in the events, never wording."""

from __future__ import annotations

from boards import answered, finished, of_kind, opp, you, zone
from test_rules_combat import attack, fight, user


def fired(tl) -> list[str]:
    return [e.data.get("trigger") for e in of_kind(tl, "trigger")]


def trig(when: str, *ops: dict, **more) -> dict:
    return {"triggers": [{"when": when, "ops": list(ops), **more}]}


DRAW = {"op": "draw", "n": 1}


def test_whenever_this_attacks_alone_cr_506_5() -> None:
    loner = user("Loner", "2/2", effects=trig("self_attacks_alone", DRAW))
    alone = finished(fight(["Loner", "Grizzly Bears"], [], attack("Loner"), cards=[loner]))
    assert fired(alone) == ["self_attacks_alone"] and len(you(alone)["hand"]) == 1
    together = finished(
        fight(["Loner", "Grizzly Bears"], [], attack("Loner", "Grizzly Bears"), cards=[loner])
    )
    assert fired(together) == [] and you(together)["hand"] == []


def test_whenever_a_creature_you_control_attacks_alone_pumps_that_creature_cr_506_5() -> None:
    banner = user(
        "Lone Banner",
        "0/4",
        effects=trig(
            "creature_attacks_alone",
            {"op": "pump", "power": 2, "toughness": 2, "duration": "end_of_turn"}
            | {"who": "trigger_object"},
            filter={"types": ["Creature"], "controller": "you"},
        ),
    )
    tl = finished(
        fight(["Lone Banner", "Grizzly Bears"], [], attack("Grizzly Bears"), cards=[banner])
    )
    assert fired(tl) == ["creature_attacks_alone"]
    assert opp(tl)["life"] == 20 - 4  # Grizzly Bears 2/2 got +2/+2
    two = finished(
        fight(
            ["Lone Banner", "Grizzly Bears", "Hill Giant"],
            [],
            attack("Grizzly Bears", "Hill Giant"),
            cards=[banner],
        )
    )
    assert fired(two) == [] and opp(two)["life"] == 20 - 2 - 3


def test_attacks_and_isnt_blocked_triggers_only_for_the_unblocked_one_cr_509_3g() -> None:
    sneak = user(
        "Sneak",
        "1/1",
        effects=trig("self_attacks_unblocked", {"op": "discard", "n": 1, "who": "trigger_player"}),
    )
    free = finished(fight(["Sneak"], [], attack("Sneak"), cards=[sneak], opp_hand=["Island"]))
    assert fired(free) == ["self_attacks_unblocked"]
    assert opp(free)["hand"] == [] and opp(free)["graveyard"] == ["Island"]
    blocked = finished(
        fight(
            ["Sneak"],
            ["Wall of Stone"],
            attack("Sneak", blocks=[{"blocker": "Wall of Stone", "attacker": "Sneak"}]),
            cards=[sneak],
            opp_hand=["Island"],
        )
    )
    assert fired(blocked) == [] and opp(blocked)["hand"] == ["Island"]


def test_blocks_a_creature_names_the_attacker_cr_509_3b() -> None:
    zealot = user(
        "Zealot",
        "1/1",
        effects=trig(
            "self_blocks_creature",
            {"op": "destroy", "what": "trigger_object"},
            filter={"types": ["Creature"]},
        ),
    )
    d = fight(
        ["Hill Giant"],
        ["Zealot"],
        attack("Hill Giant", blocks=[{"blocker": "Zealot", "attacker": "Hill Giant"}]),
        cards=[zealot],
    )
    tl = finished(d)
    assert fired(tl) == ["self_blocks_creature"]
    assert zone(tl, "graveyard") == ["Hill Giant"]  # destroyed before damage: Zealot lives
    assert "Zealot" in [n for n in opp(tl)["battlefield"]]


def test_becomes_blocked_by_a_creature_triggers_once_for_each_blocker_cr_509_3d() -> None:
    stinger = user(
        "Stinger",
        "5/5",
        effects=trig(
            "self_blocked_by_creature", {"op": "damage", "amount": 1, "to": "trigger_object"}
        ),
    )
    d = fight(
        ["Stinger"],
        ["Grizzly Bears", "Llanowar Elves"],
        attack(
            "Stinger",
            blocks=[
                {"blocker": "Grizzly Bears", "attacker": "Stinger"},
                {"blocker": "Llanowar Elves", "attacker": "Stinger"},
            ],
        ),
        cards=[stinger],
    )
    tl = finished(d)  # the Elves die to their trigger: all 5 damage to the Bears, no choice
    assert fired(tl) == ["self_blocked_by_creature"] * 2
    assert sorted(opp(tl)["graveyard"]) == ["Grizzly Bears", "Llanowar Elves"]


def test_blocks_or_becomes_blocked_by_a_filtered_creature_cr_509_3b_509_3d() -> None:
    hound = user(
        "Hound",
        "2/1",
        effects=trig(
            "self_blocks_or_blocked_by_creature",
            {"op": "damage", "amount": 1, "to": "trigger_object"},
            filter={"types": ["Creature"], "colors_any": ["G"]},
        ),
    )
    # attacking: blocked by a green creature (Llanowar Elves, 1/1) -> it dies to the trigger
    d = fight(
        ["Hound"],
        ["Llanowar Elves"],
        attack("Hound", blocks=[{"blocker": "Llanowar Elves", "attacker": "Hound"}]),
        cards=[hound],
    )
    tl = finished(d)
    assert fired(tl) == ["self_blocks_or_blocked_by_creature"]
    assert opp(tl)["graveyard"] == ["Llanowar Elves"] and zone(tl, "graveyard") == []
    # blocked by a creature that isn't green: no trigger
    d2 = fight(
        ["Hound"],
        ["Wall of Stone"],
        attack("Hound", blocks=[{"blocker": "Wall of Stone", "attacker": "Hound"}]),
        cards=[hound],
    )
    assert fired(finished(d2)) == []


def test_blocks_or_becomes_blocked_triggers_once_each_combat_cr_509_3a_509_3c() -> None:
    toad = user(
        "Toad",
        "1/1",
        effects=trig(
            "self_blocks_or_becomes_blocked",
            {"op": "pump", "power": 2, "toughness": 2, "who": "self", "duration": "end_of_turn"},
        ),
    )
    d = fight(
        ["Toad"],
        ["Llanowar Elves", "Llanowar Elves"],
        attack(
            "Toad",
            blocks=[
                {"blocker": "Llanowar Elves", "attacker": "Toad"},
                {"blocker": "Llanowar Elves", "attacker": "Toad"},
            ],
        ),
        cards=[toad],
    )
    tl = answered(d, "damage:2")
    assert fired(tl) == ["self_blocks_or_becomes_blocked"]  # once, though two block it
    assert zone(tl, "battlefield") == ["Toad"]  # 3/3: survives the two Elves' 1 + 1
