"""Combat triggers of blocking and attacking alone (CR 506.5, 509.3a-d, 509.3g): "whenever ~
attacks alone", "whenever a creature you control attacks alone", "attacks and isn't
blocked", "blocks a creature", "becomes blocked by a creature", "blocks or becomes blocked
(by a creature)". Zones, life, counts and the trigger ids in the events, never wording."""

from __future__ import annotations

from test_rules_combat import attack, fight, user

from boards import answered, finished, of_kind, opp, you, zone


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


def test_one_or_more_creatures_deal_combat_damage_triggers_once_for_the_player_cr_510_3a() -> None:
    """XMage's OneOrMoreCombatDamagePlayerTriggeredAbility: once for each damaged player, however
    many creatures dealt it; "that much" is what the creatures its filter takes dealt."""
    banner = user(
        "Raid Banner",
        "0/1",
        effects=trig(
            "one_or_more_combat_damage_to_player",
            {"op": "gain_life", "n": {"dv": "event_amount"}},
            filter={"types": ["Creature"], "controller": "you", "subtypes": ["Bear"]},
        ),
    )
    tl = finished(
        fight(
            ["Raid Banner", "Grizzly Bears", "Grizzly Bears", "Hill Giant"],
            [],
            attack("Grizzly Bears", "Grizzly Bears", "Hill Giant"),
            cards=[banner],
        )
    )
    assert fired(tl) == ["one_or_more_combat_damage_to_player"]  # once, not once per Bear
    assert opp(tl)["life"] == 20 - 2 - 2 - 3
    assert you(tl)["life"] == 20 + 4  # the two Bears' damage, not the Giant's


def test_one_or_more_creatures_you_control_is_not_the_opponents_attack_cr_510_3a() -> None:
    banner = user(
        "Raid Banner",
        "0/1",
        effects=trig(
            "one_or_more_combat_damage_to_player",
            DRAW,
            filter={"types": ["Creature"], "controller": "you"},
        ),
    )
    d = fight(
        ["Grizzly Bears"], ["Raid Banner"], attack("Grizzly Bears", blocks=[]), cards=[banner]
    )
    tl = finished(d)
    assert fired(tl) == [] and opp(tl)["hand"] == []


def test_deals_damage_to_an_opponent_combat_or_not() -> None:
    """ "Whenever ~ deals (combat) damage to an opponent" (XMage's
    DealsDamageToOpponentTriggeredAbility): that player discards."""
    any_damage = user(
        "Pinger",
        "1/1",
        effects={
            "activated": [
                {
                    "cost": "{T}",
                    "costs": [{"cost": "tap"}],
                    "ops": [{"op": "damage", "amount": 1, "to": "target"}],
                    "targets": [{"what": "player", "count": 1}],
                }
            ],
            **trig("self_damage_to_opponent", {"op": "discard", "n": 1, "who": "trigger_player"}),
        },
    )
    only_combat = {**any_damage, "name": "Combat Pinger"}
    only_combat["effects"] = {
        **any_damage["effects"],
        "triggers": [{**any_damage["effects"]["triggers"][0], "combat": True}],
    }
    for card, discards in ((any_damage, True), (only_combat, False)):
        tl = finished(
            fight(
                [card["name"]],
                [],
                {"do": "activate", "card": card["name"], "targets": [{"player": 1}]},
                cards=[card],
                opp_hand=["Island"],
            )
        )
        assert opp(tl)["life"] == 19
        assert (opp(tl)["graveyard"] == ["Island"]) is discards, card["name"]
    combat = finished(
        fight(
            ["Combat Pinger"], [], attack("Combat Pinger"), cards=[only_combat], opp_hand=["Island"]
        )
    )
    assert fired(combat) == ["self_damage_to_opponent"] and opp(combat)["graveyard"] == ["Island"]


def test_bundled_cards_read_from_xmage_block_and_attack_alone_cr_509_3b_506_5() -> None:
    """The importer's reading of XMage's block / attacks-alone classes, on bundled cards:
    Alaborn Zealot ("when it blocks a creature, destroy that creature and Alaborn Zealot")
    and Foriysian Interceptor ("can block an additional creature each combat", 509.1a)."""
    d = fight(
        ["Hill Giant"],
        ["Alaborn Zealot"],
        attack("Hill Giant", blocks=[{"blocker": "Alaborn Zealot", "attacker": "Hill Giant"}]),
    )
    tl = finished(d)
    assert fired(tl) == ["self_blocks_creature"]
    assert zone(tl, "graveyard") == ["Hill Giant"] and opp(tl)["graveyard"] == ["Alaborn Zealot"]
    assert not of_kind(tl, "not_simulated")
    wide = fight(
        ["Grizzly Bears", "Llanowar Elves"],
        ["Foriysian Interceptor"],
        attack("Grizzly Bears", "Llanowar Elves"),
    )
    tl = answered(wide, "blocks Grizzly Bears", "also blocks Llanowar Elves")
    [blk] = of_kind(tl, "block")
    assert len(blk.data["blocks"][0]["blocking"]) == 2
    assert opp(tl)["life"] == 20 and opp(tl)["battlefield"] == ["Foriysian Interceptor"]
