"""Combat (CR 506-511): the `attack` action, declaring attackers and blockers, combat damage.

Each test sets a board, attacks, answers the blocks and damage divisions, and checks life,
zones, damage, counters and the events' fields (never the log's words)."""

from __future__ import annotations

import pytest

from engine import ScenarioError
from engine.core.events import DecisionKind, EventKind

from boards import answered, board, finished, of_kind, opp, play, you, zone

LIB = ["Forest"] * 5


def user(
    name: str,
    pt: str,
    *keywords: str,
    types: str = "Creature — Beast",
    effects: dict | None = None,
    colors: list[str] | None = None,
) -> dict:
    """A user creature card with these keyword abilities."""
    p, _, t = pt.partition("/")
    d = {
        "name": name,
        "mana_cost": "{3}",
        "type_line": types,
        "power": p,
        "toughness": t,
        "keywords": list(keywords),
        "effects": effects or {"vanilla": True},
    }
    if colors:
        d["colors"] = colors
    return d


def attack(*attackers, blocks=None, player=None) -> dict:
    a: dict = {"do": "attack", "attackers": list(attackers)}
    if blocks is not None:
        a["blocks"] = blocks
    if player is not None:
        a["player"] = player
    return a


def fight(mine, theirs, *actions, cards=(), choices=(), hand=(), opp_hand=()) -> dict:
    return board(
        LIB,
        battlefield=list(mine),
        opponent_battlefield=list(theirs),
        opponent_library=LIB,
        actions=list(actions),
        cards=list(cards),
        choices=list(choices),
        hand=list(hand),
        opponent_hand=list(opp_hand),
    )


def damage_events(tl):
    return [e for e in of_kind(tl, "damage") if e.data.get("combat")]


# --------------------------------------------------------------------- declare attackers
def test_unblocked_attacker_deals_its_power_to_the_player_cr_510_1b():
    tl = finished(fight(["Grizzly Bears"], [], attack("Grizzly Bears")))
    assert opp(tl)["life"] == 18
    [e] = damage_events(tl)
    assert e.amount == 2 and e.data["players"] == [1] and e.rule == "510.2"


def test_the_combat_steps_come_in_order_and_the_game_ends_in_the_postcombat_main_cr_506_1():
    tl = finished(fight(["Grizzly Bears"], [], attack("Grizzly Bears")))
    steps = [e.data.get("step") for e in of_kind(tl, "step")]
    assert steps[0] == "beginning of combat step" and steps[-1] == "postcombat main phase"
    order = [
        e.kind
        for e in tl.events
        if e.kind in (EventKind.ATTACK, EventKind.BLOCK, EventKind.DAMAGE, "removed_from_combat")
    ]
    assert order == ["attack", "block", "damage", "removed_from_combat"]
    assert tl.final.phase == "postcombat main" and not tl.final.combat


def test_attacking_taps_the_attacker_without_vigilance_cr_508_1f_702_20b():
    tl = finished(
        fight(["Grizzly Bears", "Serra Angel"], [], attack("Grizzly Bears", "Serra Angel"))
    )
    objs = {tl.final.objects[o].name: tl.final.objects[o] for o in tl.final.players[0].battlefield}
    assert objs["Grizzly Bears"].tapped and not objs["Serra Angel"].tapped
    assert opp(tl)["life"] == 14


def test_a_creature_that_came_under_your_control_this_turn_cant_attack_cr_302_6():
    d = fight(
        [],
        [],
        {"do": "cast", "card": "Grizzly Bears"},
        attack("Grizzly Bears"),
        hand=["Grizzly Bears"],
    )
    with pytest.raises(ScenarioError, match="302.6"):
        play(d)


def test_haste_lets_a_creature_attack_the_turn_it_came_cr_702_10b():
    d = fight(
        [],
        [],
        {"do": "cast", "card": "Raging Goblin"},
        attack("Raging Goblin"),
        hand=["Raging Goblin"],
    )
    tl = finished(d)
    assert opp(tl)["life"] == 19


def test_a_tapped_creature_cant_attack_cr_508_1a():
    d = fight([{"name": "Grizzly Bears", "tapped": True}], [], attack("Grizzly Bears"))
    with pytest.raises(ScenarioError, match="508.1a"):
        play(d)


def test_defender_cant_attack_cr_702_3b():
    with pytest.raises(ScenarioError, match="702.3b"):
        play(fight(["Wall of Stone"], [], attack("Wall of Stone")))


def test_attack_is_taken_only_in_the_attackers_own_turn_cr_506_1():
    with pytest.raises(ScenarioError, match="506.1"):
        play(fight([], ["Grizzly Bears"], attack("Grizzly Bears", player=1)))


def test_the_opponent_attacks_in_their_own_turn_cr_506_1():
    d = fight(
        ["Grizzly Bears"],
        ["Hill Giant"],
        {"do": "next_main", "player": 1},
        attack("Hill Giant", player=1),
        choices=["block:none"],
    )
    tl = finished(d)
    assert you(tl)["life"] == 17
    [e] = of_kind(tl, "attack")
    assert e.player == 1 and e.data["attackers"][0]["attacks"] == "p0"


def test_attacking_a_planeswalker_removes_its_loyalty_cr_508_1b_120_3c():
    d = fight(
        ["Grizzly Bears"],
        [{"name": "Jace Beleren", "counters": {"loyalty": 5}}],
        attack({"card": "Grizzly Bears", "attacks": {"card": "Jace Beleren"}}),
    )
    tl = finished(d)
    [jace] = [tl.final.objects[o] for o in tl.final.players[1].battlefield]
    assert jace.counter("loyalty") == 3 and opp(tl)["life"] == 20


def test_a_creature_cant_attack_its_own_controller_cr_508_1b():
    d = fight(["Grizzly Bears"], [], attack({"card": "Grizzly Bears", "attacks": {"player": 0}}))
    with pytest.raises(ScenarioError, match="508.1b"):
        play(d)


# ---------------------------------------------------------------------- declare blockers
def test_the_defending_player_declares_each_block_as_a_decision_cr_509_1a():
    tl = play(fight(["Grizzly Bears"], ["Hill Giant"], attack("Grizzly Bears")))
    dec = tl.pending
    assert dec.kind == DecisionKind.DECLARE_BLOCKER and dec.player == 1 and dec.rule == "509.1a"
    assert dec.options[0].key == "block:none"
    tl = answered(fight(["Grizzly Bears"], ["Hill Giant"], attack("Grizzly Bears")), "blocks")
    assert zone(tl, "graveyard") == ["Grizzly Bears"] and opp(tl)["life"] == 20
    giant = tl.final.objects[tl.final.players[1].battlefield[0]]
    assert giant.damage == 2  # marked until the cleanup step (514.2)
    [_, back] = damage_events(tl)
    assert back.amount == 3


def test_blocks_given_in_the_action_need_no_decision_cr_509_1a():
    d = fight(
        ["Grizzly Bears"],
        ["Hill Giant"],
        attack("Grizzly Bears", blocks=[{"blocker": "Hill Giant", "attacker": "Grizzly Bears"}]),
    )
    tl = finished(d)
    assert zone(tl, "graveyard") == ["Grizzly Bears"]
    assert not tl.decision_frames


def test_a_blocked_creature_deals_no_damage_to_the_player_cr_509_1h_510_1c():
    d = fight(
        ["Hill Giant"],
        ["Grizzly Bears"],
        attack("Hill Giant", blocks=[{"blocker": "Grizzly Bears", "attacker": "Hill Giant"}]),
    )
    tl = finished(d)
    assert opp(tl)["life"] == 20 and zone(tl, "graveyard", 1) == ["Grizzly Bears"]
    assert tl.final.objects[tl.final.players[0].battlefield[0]].damage == 2


def test_flying_is_blocked_only_by_flying_or_reach_cr_702_9b_702_17b():
    tl = play(fight(["Serra Angel"], ["Grizzly Bears", "Giant Spider"], attack("Serra Angel")))
    assert tl.pending.subject == "Giant Spider"  # the Bears can't block: not asked
    d = fight(
        ["Serra Angel"],
        ["Grizzly Bears"],
        attack("Serra Angel", blocks=[{"blocker": "Grizzly Bears", "attacker": "Serra Angel"}]),
    )
    with pytest.raises(ScenarioError, match="702.9b"):
        play(d)


def test_menace_cant_be_blocked_by_one_creature_cr_702_111b():
    d = fight(
        ["Boggart Brute"],
        ["Grizzly Bears", "Hill Giant"],
        attack("Boggart Brute", blocks=[{"blocker": "Grizzly Bears", "attacker": "Boggart Brute"}]),
    )
    with pytest.raises(ScenarioError, match="702.111b"):
        play(d)
    two = [
        {"blocker": "Grizzly Bears", "attacker": "Boggart Brute"},
        {"blocker": "Hill Giant", "attacker": "Boggart Brute"},
    ]
    tl = answered(
        fight(
            ["Boggart Brute"], ["Grizzly Bears", "Hill Giant"], attack("Boggart Brute", blocks=two)
        ),
        "damage:2",
    )
    assert zone(tl, "graveyard") == ["Boggart Brute"] and zone(tl, "graveyard", 1) == [
        "Grizzly Bears"
    ]


def test_a_creature_that_cant_block_is_not_offered_cr_509_1b():
    card = user(
        "Timid Ox",
        "2/2",
        effects={
            "static": [{"op": "cant_block", "what": "self", "duration": "while_on_battlefield"}]
        },
    )
    tl = finished(fight(["Grizzly Bears"], ["Timid Ox"], attack("Grizzly Bears"), cards=[card]))
    assert opp(tl)["life"] == 18 and not tl.decision_frames


def test_cant_be_blocked_except_by_n_creatures_cr_509_1b():
    card = user(
        "Lone Hunter",
        "3/3",
        effects={
            "static": [
                {"op": "min_blockers", "what": "self", "n": 3, "duration": "while_on_battlefield"}
            ]
        },
    )
    d = fight(
        ["Lone Hunter"],
        ["Grizzly Bears", "Hill Giant"],
        attack(
            "Lone Hunter",
            blocks=[
                {"blocker": "Grizzly Bears", "attacker": "Lone Hunter"},
                {"blocker": "Hill Giant", "attacker": "Lone Hunter"},
            ],
        ),
        cards=[card],
    )
    with pytest.raises(ScenarioError, match="509.1b"):
        play(d)


def test_protection_from_a_color_cant_be_blocked_by_that_color_and_prevents_its_damage_cr_702_16():
    knight = user("Test Knight", "2/2", "Protection from red", types="Creature — Human Knight")
    d = fight(["Test Knight"], ["Hill Giant"], attack("Test Knight"), cards=[knight])
    tl = finished(d)  # the red Hill Giant can't block it: no decision
    assert opp(tl)["life"] == 18 and not tl.decision_frames
    d = fight(
        ["Hill Giant"],
        ["Test Knight"],
        attack("Hill Giant", blocks=[{"blocker": "Test Knight", "attacker": "Hill Giant"}]),
        cards=[knight],
    )
    tl = finished(d)
    assert zone(tl, "battlefield", 1) == ["Test Knight"]  # 3 damage from red: prevented (702.16e)
    assert [e.rule for e in of_kind(tl, "prevent")] == ["702.16e"]


# -------------------------------------------------------------------------- combat damage
def test_two_blockers_the_attacking_player_divides_the_damage_as_they_choose_cr_510_1c():
    two = [
        {"blocker": "Grizzly Bears", "attacker": "Craw Wurm"},
        {"blocker": "Hill Giant", "attacker": "Craw Wurm"},
    ]
    d = fight(["Craw Wurm"], ["Grizzly Bears", "Hill Giant"], attack("Craw Wurm", blocks=two))
    tl = play(d)
    dec = tl.pending
    assert dec.kind == DecisionKind.ASSIGN_DAMAGE and dec.player == 0 and dec.rule == "510.1c"
    assert dec.options[0].key == "damage:2"  # lethal first; no order: any split is legal
    assert {o.key for o in dec.options} == {f"damage:{n}" for n in range(7)}
    tl = answered(d, "damage:0")  # all 6 to the Hill Giant: allowed under the current rule
    assert zone(tl, "graveyard", 1) == ["Hill Giant"]


def test_one_blocker_blocking_takes_all_the_damage_without_a_decision_cr_510_1c():
    d = fight(
        ["Craw Wurm"],
        ["Grizzly Bears"],
        attack("Craw Wurm", blocks=[{"blocker": "Grizzly Bears", "attacker": "Craw Wurm"}]),
    )
    tl = finished(d)
    hits = damage_events(tl)[0].data["hits"]
    assert hits == [{"obj": hits[0]["obj"], "damage": 6}]


def test_trample_assigns_lethal_to_the_blocker_and_the_rest_to_the_player_cr_702_19b():
    d = fight(
        ["Colossal Dreadmaw"],
        ["Grizzly Bears"],
        attack(
            "Colossal Dreadmaw",
            blocks=[{"blocker": "Grizzly Bears", "attacker": "Colossal Dreadmaw"}],
        ),
    )
    tl = play(d)
    keys = [o.key for o in tl.pending.options]
    assert keys[0] == "damage:2" and "damage:1" not in keys  # lethal at least (702.19b)
    tl = answered(d, "damage:2")
    assert opp(tl)["life"] == 16 and zone(tl, "graveyard", 1) == ["Grizzly Bears"]


def test_trample_with_deathtouch_one_damage_is_lethal_cr_702_19c_702_2c():
    beast = user("Test Trampler", "4/4", "Trample", "Deathtouch")
    d = fight(
        ["Test Trampler"],
        ["Hill Giant"],
        attack("Test Trampler", blocks=[{"blocker": "Hill Giant", "attacker": "Test Trampler"}]),
        cards=[beast],
    )
    tl = answered(d, "damage:1")
    assert opp(tl)["life"] == 17 and zone(tl, "graveyard", 1) == ["Hill Giant"]


def test_trample_blocked_with_its_blocker_gone_deals_all_to_the_player_cr_702_19e():
    # a first striker kills the blocker first: the trampler's damage all goes through
    beast = user("Striking Trampler", "4/4", "Trample", "Double strike")
    d = fight(
        ["Striking Trampler"],
        ["Grizzly Bears"],
        attack(
            "Striking Trampler",
            blocks=[{"blocker": "Grizzly Bears", "attacker": "Striking Trampler"}],
        ),
        cards=[beast],
    )
    tl = answered(d, "damage:2")
    assert opp(tl)["life"] == 20 - 2 - 4


def test_deathtouch_destroys_the_creature_it_damages_cr_702_2b_704_5h():
    d = fight(
        ["Typhoid Rats"],
        ["Craw Wurm"],
        attack("Typhoid Rats", blocks=[{"blocker": "Craw Wurm", "attacker": "Typhoid Rats"}]),
    )
    tl = finished(d)
    assert zone(tl, "graveyard", 1) == ["Craw Wurm"] and zone(tl, "graveyard") == ["Typhoid Rats"]
    assert "704.5h" in [e.rule for e in tl.events]


def test_first_strike_deals_damage_in_its_own_step_first_cr_510_4_702_7b():
    d = fight(
        ["Anaba Bodyguard"],
        ["Grizzly Bears"],
        attack(
            "Anaba Bodyguard", blocks=[{"blocker": "Grizzly Bears", "attacker": "Anaba Bodyguard"}]
        ),
    )
    tl = finished(d)
    dmg = damage_events(tl)
    assert [e.data["first_strike"] for e in dmg] == [True]  # the Bears died before dealing any
    guard = tl.final.objects[tl.final.players[0].battlefield[0]]
    assert guard.damage == 0 and zone(tl, "graveyard", 1) == ["Grizzly Bears"]


def test_double_strike_deals_damage_in_both_steps_cr_702_4b():
    tl = finished(fight(["Boros Swiftblade"], [], attack("Boros Swiftblade")))
    assert opp(tl)["life"] == 18
    assert [e.data["first_strike"] for e in damage_events(tl)] == [True, False]


def test_lifelink_gains_the_damage_dealt_cr_702_15b():
    tl = finished(fight(["Aardvark Sloth"], [], attack("Aardvark Sloth")))
    assert you(tl)["life"] == 23 and opp(tl)["life"] == 17


def test_indestructible_survives_lethal_combat_damage_cr_702_12b():
    d = fight(
        ["Darksteel Myr"],
        ["Hill Giant"],
        {"do": "next_main", "player": 1},
        attack(
            "Hill Giant", player=1, blocks=[{"blocker": "Darksteel Myr", "attacker": "Hill Giant"}]
        ),
    )
    tl = finished(d)
    assert zone(tl, "battlefield") == ["Darksteel Myr"]


def test_infect_deals_damage_as_poison_and_minus_counters_cr_702_90b():
    tl = finished(fight(["Blighted Agent"], [], attack("Blighted Agent")))
    assert opp(tl)["life"] == 20 and tl.final.players[1].counters.get("poison") == 1


def test_combat_damage_prevention_fog_cr_615_1():
    d = fight(
        ["Grizzly Bears"],
        [],
        {"do": "cast", "card": "Holy Day"},
        attack("Grizzly Bears"),
        hand=["Holy Day"],
    )
    tl = finished(d)
    assert opp(tl)["life"] == 20 and of_kind(tl, "prevent")


def test_a_blocker_with_zero_power_deals_no_damage_cr_510_1a():
    d = fight(
        ["Grizzly Bears"],
        ["Wall of Stone"],
        attack("Grizzly Bears", blocks=[{"blocker": "Wall of Stone", "attacker": "Grizzly Bears"}]),
    )
    tl = finished(d)
    assert len(damage_events(tl)) == 1 and zone(tl, "battlefield") == ["Grizzly Bears"]


# ------------------------------------------------------------------- requirements, goad
def test_a_creature_that_attacks_each_combat_must_be_declared_cr_508_1d():
    brute = user(
        "Eager Brute",
        "3/3",
        effects={
            "static": [{"op": "must_attack", "what": "self", "duration": "while_on_battlefield"}]
        },
    )
    d = fight(["Eager Brute", "Grizzly Bears"], [], attack("Grizzly Bears"), cards=[brute])
    with pytest.raises(ScenarioError, match="508.1d"):
        play(d)
    tl = finished(
        fight(
            ["Eager Brute", "Grizzly Bears"],
            [],
            attack("Grizzly Bears", "Eager Brute"),
            cards=[brute],
        )
    )
    assert opp(tl)["life"] == 15


def test_a_goaded_creature_must_attack_cr_701_15b():
    goad = {
        "name": "Goad Spell",
        "mana_cost": "{1}",
        "type_line": "Sorcery",
        "effects": {
            "spell": [{"op": "goad", "what": "target"}],
            "targets": [{"count": 1, "what": "creature"}],
        },
    }
    d = fight(
        ["Hill Giant"],
        ["Grizzly Bears"],
        {"do": "next_main", "player": 1},
        attack(player=1),
        cards=[goad],
    )
    d["players"][0]["hand"] = ["Goad Spell"]
    d["actions"].insert(
        0, {"do": "cast", "card": "Goad Spell", "targets": [{"card": "Grizzly Bears", "owner": 1}]}
    )
    with pytest.raises(ScenarioError, match="701.15b"):
        play(d)


# --------------------------------------------------------------------------- triggers
def test_whenever_this_attacks_triggers_and_tokens_enter_attacking_cr_508_3a_508_4():
    d = fight(["Hero of Bladehold"], [], attack("Hero of Bladehold"))
    # its own trigger and battle cry (702.91a) trigger together: battle cry put first
    # resolves last, when the Soldiers are already attacking (508.4) and get +1/+0
    tl = answered(d, "Put first: Battle cry")
    assert [e.data.get("trigger") for e in of_kind(tl, "trigger")] == ["self_attacks"] * 2
    assert opp(tl)["life"] == 20 - 3 - 2 - 2
    assert zone(tl, "battlefield").count("Soldier token") == 2
    assert not [e for e in tl.events if e.kind == "not_simulated"]


def test_raid_is_true_after_you_attacked_this_turn_cr_508_1():
    spell = {
        "name": "Raid Test",
        "mana_cost": "{1}",
        "type_line": "Instant",
        "effects": {
            "spell": [{"op": "if", "cond": {"cond": "raid"}, "then": [{"op": "draw", "n": 1}]}]
        },
    }
    before = finished(
        fight(
            ["Grizzly Bears"],
            [],
            {"do": "cast", "card": "Raid Test"},
            hand=["Raid Test"],
            cards=[spell],
        )
    )
    after = finished(
        fight(
            ["Grizzly Bears"],
            [],
            attack("Grizzly Bears"),
            {"do": "cast", "card": "Raid Test"},
            hand=["Raid Test"],
            cards=[spell],
        )
    )
    assert len(you(before)["hand"]) == 0 and len(you(after)["hand"]) == 1


def test_becomes_blocked_and_combat_damage_to_a_player_trigger_cr_509_3c_510_3a():
    blocked = user(
        "Shy Beast",
        "2/2",
        effects={"triggers": [{"when": "self_becomes_blocked", "ops": [{"op": "draw", "n": 1}]}]},
    )
    hitter = user(
        "Sly Beast",
        "1/1",
        effects={
            "triggers": [{"when": "self_combat_damage_to_player", "ops": [{"op": "draw", "n": 1}]}]
        },
    )
    d = fight(
        ["Shy Beast", "Sly Beast"],
        ["Wall of Stone"],
        attack(
            "Shy Beast", "Sly Beast", blocks=[{"blocker": "Wall of Stone", "attacker": "Shy Beast"}]
        ),
        cards=[blocked, hitter],
    )
    tl = finished(d)
    assert [e.data.get("trigger") for e in of_kind(tl, "trigger")] == [
        "self_becomes_blocked",
        "self_combat_damage_to_player",
    ]
    assert len(you(tl)["hand"]) == 2 and opp(tl)["life"] == 19


def test_until_end_of_combat_effects_end_and_creatures_leave_combat_cr_511_3():
    pump = {
        "name": "Combat Pump",
        "mana_cost": "{1}",
        "type_line": "Instant",
        "effects": {
            "spell": [
                {
                    "op": "pump",
                    "power": 3,
                    "toughness": 0,
                    "who": "target",
                    "duration": "end_of_combat",
                }
            ],
            "targets": [{"count": 1, "what": "creature"}],
        },
    }
    d = fight(
        ["Grizzly Bears"],
        [],
        {"do": "cast", "card": "Combat Pump"},
        attack("Grizzly Bears"),
        hand=["Combat Pump"],
        cards=[pump],
    )
    tl = finished(d)
    assert opp(tl)["life"] == 15
    [end] = of_kind(tl, "removed_from_combat")
    assert end.rule == "511.3" and end.data["effects"]
    bears = tl.final.players[0].battlefield[0]
    assert tl.final.characteristics(bears).power == 2 and not tl.final.combat


# ------------------------------------------------ one blocker on several (509.1a, 510.1d)
WIDE = user(
    "Wide Blocker",
    "3/6",
    effects={
        "static": [
            {
                "op": "can_block_additional",
                "what": "self",
                "n": 1,
                "duration": "while_on_battlefield",
            }
        ]
    },
)


def test_a_creature_that_can_block_an_additional_creature_blocks_two_cr_509_1a():
    d = fight(
        ["Grizzly Bears", "Hill Giant"],
        ["Wide Blocker"],
        attack("Grizzly Bears", "Hill Giant"),
        cards=[WIDE],
    )
    tl = answered(d, "blocks Grizzly Bears", "also blocks Hill Giant", "damage:2")
    [blk] = of_kind(tl, "block")
    assert len(blk.data["blocks"][0]["blocking"]) == 2
    assert opp(tl)["life"] == 20 and zone(tl, "graveyard") == ["Grizzly Bears"]


def test_a_blocker_of_two_divides_its_damage_as_its_controller_chooses_cr_510_1d():
    blocks = [{"blocker": "Wide Blocker", "attacker": ["Grizzly Bears", "Hill Giant"]}]
    d = fight(
        ["Grizzly Bears", "Hill Giant"],
        ["Wide Blocker"],
        attack("Grizzly Bears", "Hill Giant", blocks=blocks),
        cards=[WIDE],
    )
    tl = play(d)
    assert tl.pending.kind == DecisionKind.ASSIGN_DAMAGE and tl.pending.player == 1
    tl = answered(d, "damage:0")  # all 3 to the Hill Giant
    assert zone(tl, "graveyard") == ["Hill Giant"]


def test_a_creature_blocks_only_one_attacker_without_such_an_effect_cr_509_1a():
    blocks = [{"blocker": "Craw Wurm", "attacker": ["Grizzly Bears", "Hill Giant"]}]
    d = fight(
        ["Grizzly Bears", "Hill Giant"],
        ["Craw Wurm"],
        attack("Grizzly Bears", "Hill Giant", blocks=blocks),
    )
    with pytest.raises(ScenarioError, match="509.1a"):
        play(d)


# ------------------------------------------------------------- more attack triggers
def test_whenever_you_attack_with_n_or_more_creatures_cr_508_3a():
    leader = user(
        "Test Leader",
        "1/1",
        effects={
            "triggers": [
                {"when": "you_attack", "min_attackers": 2, "ops": [{"op": "draw", "n": 1}]}
            ]
        },
    )
    one = finished(
        fight(["Test Leader", "Grizzly Bears"], [], attack("Grizzly Bears"), cards=[leader])
    )
    two = finished(
        fight(
            ["Test Leader", "Grizzly Bears"],
            [],
            attack("Grizzly Bears", "Test Leader"),
            cards=[leader],
        )
    )
    assert len(you(one)["hand"]) == 0 and len(you(two)["hand"]) == 1


def test_attacking_creatures_filter_reads_the_combat_cr_506_4():
    # "whenever you attack, attacking creatures you control get +1/+0 until end of turn"
    mine = {"attacking": True, "controller": "you", "types": ["Creature"]}
    rally = user(
        "Test Rally",
        "0/4",
        effects={
            "triggers": [
                {
                    "when": "you_attack",
                    "ops": [
                        {
                            "op": "pump",
                            "power": 1,
                            "toughness": 0,
                            "who": "all",
                            "duration": "end_of_turn",
                            "filter": mine,
                        }
                    ],
                }
            ]
        },
    )
    tl = finished(
        fight(
            ["Test Rally", "Grizzly Bears", "Hill Giant"],
            [],
            attack("Grizzly Bears", "Hill Giant"),
            cards=[rally],
        )
    )
    assert opp(tl)["life"] == 20 - 3 - 4


def test_whenever_a_creature_attacks_you_cr_508_3a():
    watch = user(
        "Test Watcher",
        "0/4",
        effects={
            "triggers": [
                {
                    "when": "creature_attacks",
                    "attacks_you": True,
                    "filter": {"types": ["Creature"]},
                    "ops": [{"op": "gain_life", "n": 1}],
                }
            ]
        },
    )  # noqa: E501
    d = fight(
        ["Grizzly Bears"],
        ["Test Watcher"],
        attack("Grizzly Bears"),
        cards=[watch],
        choices=["block:none"],
    )
    tl = finished(d)
    assert opp(tl)["life"] == 20 - 2 + 1


def test_discover_on_attack_caparocti_sunborn_cr_508_3a_701_57a():
    d = board(
        ["Forest", "Lightning Bolt", "Forest"],
        battlefield=["Caparocti Sunborn", "Memnite", "Ornithopter"],
        opponent_library=LIB,
        actions=[attack("Caparocti Sunborn")],
    )
    tl = answered(d, "pay", "hand")
    assert [e.data.get("trigger") for e in of_kind(tl, "trigger")] == ["self_attacks"]
    assert you(tl)["hand"] == ["Lightning Bolt"] and opp(tl)["life"] == 16
    assert of_kind(tl, "discover")


# ------------------------------------------------------------------------- the board view
def test_the_board_shows_attackers_blockers_and_marked_damage_cr_506_4():
    from engine.views.board_html import board_html

    d = fight(["Hill Giant"], ["Grizzly Bears", "Grizzly Bears"], attack("Hill Giant"))
    tl = answered(d, "blocks Hill Giant", "doesn't block")
    [blk] = [i for i, f in enumerate(tl.frames) if f.event and f.event.kind == "block"]
    html = board_html(tl, blk)
    assert html.count('data-testid="combat"') == 2
    assert "attacking Opponent (blocked)" in html and "blocking Hill Giant" in html
    [dmg] = [i for i, f in enumerate(tl.frames) if f.event and f.event.kind == "damage"][-1:]
    assert '<span class="badge" data-testid="damage">2 damage</span>' in board_html(tl, dmg)
    assert 'data-testid="combat"' not in board_html(tl, len(tl.frames) - 1)  # 511.3


def test_a_spell_cast_only_during_combat_can_be_cast_in_a_combat_step_cr_601_3_506_1():
    trick = {
        "name": "Combat Trick",
        "mana_cost": "{1}",
        "type_line": "Instant",
        "effects": {
            "cast_only": {"cond": "phase", "phase": "combat"},
            "spell": [{"op": "draw", "n": 1}],
        },
    }
    in_main = fight(
        ["Grizzly Bears"],
        [],
        {"do": "cast", "card": "Combat Trick"},
        hand=["Combat Trick"],
        cards=[trick],
    )
    with pytest.raises(ScenarioError):
        play(in_main)
    # a response while Hero of Bladehold's attack trigger is on the stack (declare attackers)
    d = fight(
        ["Hero of Bladehold"],
        [],
        attack("Hero of Bladehold"),
        {"do": "cast", "card": "Combat Trick", "when": "Hero of Bladehold"},
        hand=["Combat Trick"],
        cards=[trick],
        choices=["first:Battle cry of Hero of Bladehold"],
    )
    tl = finished(d)
    assert you(tl)["hand"] == ["Forest"] and zone(tl, "graveyard") == ["Combat Trick"]


def test_the_defending_players_creatures_filter_cr_506_2():
    # "whenever this attacks, tap target creature defending player controls"
    tapper = user(
        "Test Tapper",
        "2/2",
        effects={
            "triggers": [
                {
                    "when": "self_attacks",
                    "targets": [
                        {
                            "count": 1,
                            "what": "creature",
                            "filter": {"controller": "defending_player"},
                        }
                    ],
                    "ops": [{"op": "tap", "what": "target"}],
                }
            ]
        },
    )  # noqa: E501
    d = fight(
        ["Test Tapper", "Grizzly Bears"], ["Hill Giant"], attack("Test Tapper"), cards=[tapper]
    )
    tl = finished(d)  # the only creature defending player controls is the Hill Giant
    giant = tl.final.objects[tl.final.players[1].battlefield[0]]
    assert giant.tapped and opp(tl)["life"] == 18


def test_deathtouch_damage_dealt_as_infect_counters_still_destroys_cr_704_5h():
    viper = user("Test Viper", "1/1", "Infect", "Deathtouch")
    d = fight(
        ["Test Viper"],
        ["Craw Wurm"],
        attack("Test Viper", blocks=[{"blocker": "Craw Wurm", "attacker": "Test Viper"}]),
        cards=[viper],
    )
    tl = finished(d)
    assert zone(tl, "graveyard", 1) == ["Craw Wurm"]


def test_one_combat_a_turn_and_the_turn_goes_on_after_it_cr_500_1():
    again = fight(
        ["Grizzly Bears", "Hill Giant"], [], attack("Grizzly Bears"), attack("Hill Giant")
    )
    with pytest.raises(ScenarioError, match="506.1"):
        play(again)
    d = fight(
        ["Grizzly Bears"], [], attack("Grizzly Bears"), {"do": "next_main"}, attack("Grizzly Bears")
    )
    tl = finished(d)
    assert opp(tl)["life"] == 16 and tl.final.turn == 3
    # after the combat the turn goes on from the postcombat main: no second combat step
    steps = [e.data.get("step") for e in of_kind(tl, "step")]
    assert steps.count("beginning of combat step") == 2


def test_an_additional_combat_phase_is_a_second_attack_cr_500_8():
    raider = user(
        "Test Raider",
        "2/2",
        effects={
            "triggers": [
                {
                    "when": "self_combat_damage_to_player",
                    "ops": [{"op": "untap", "what": "self"}, {"op": "additional_combat"}],
                }
            ]
        },
    )
    d = fight(["Test Raider"], [], attack("Test Raider"), attack("Test Raider"), cards=[raider])
    tl = finished(d)
    assert opp(tl)["life"] == 16 and len(of_kind(tl, "attack")) == 2


def test_an_exerted_creature_doesnt_untap_in_its_controllers_next_untap_step_cr_701_43a():
    d = board(
        LIB,
        battlefield=["Fervent Paincaster"],
        opponent_battlefield=["Grizzly Bears"],
        opponent_library=LIB,
        choices=["target:card=Grizzly Bears"],
        actions=[
            {"do": "activate", "card": "Fervent Paincaster", "ability": 1},
            {"do": "next_main"},
        ],
    )
    tl = finished(d)
    [caster] = [tl.final.objects[o] for o in tl.final.players[0].battlefield]
    assert caster.tapped and [e.rule for e in tl.events if e.rule == "701.43a"]
    tl = finished({**d, "actions": [*d["actions"], {"do": "next_main"}]})  # the turn after
    assert not tl.final.objects[tl.final.players[0].battlefield[0]].tapped


def test_a_static_ability_for_attacking_creatures_applies_while_they_attack_cr_611_3a():
    banner = user(
        "Test Banner",
        "0/1",
        effects={
            "static": [
                {
                    "op": "pump",
                    "power": 1,
                    "toughness": 0,
                    "who": "all",
                    "duration": "while_on_battlefield",
                    "filter": {"attacking": True, "controller": "you", "types": ["Creature"]},
                }
            ]
        },
    )
    tl = finished(
        fight(["Test Banner", "Grizzly Bears"], [], attack("Grizzly Bears"), cards=[banner])
    )
    assert opp(tl)["life"] == 17
    bears = [
        o for o in tl.final.players[0].battlefield if tl.final.objects[o].name == "Grizzly Bears"
    ]
    assert tl.final.characteristics(bears[0]).power == 2  # not attacking any more (511.3)


def test_battle_cry_pumps_each_other_attacking_creature_cr_702_91a():
    d = fight(
        ["Hero of Bladehold", "Grizzly Bears"], [], attack("Hero of Bladehold", "Grizzly Bears")
    )
    tl = answered(d, "Put first: Hero of Bladehold's")  # the tokens come after battle cry
    assert "702.91a" in [e.rule for e in of_kind(tl, "trigger")]
    assert opp(tl)["life"] == 20 - 3 - (2 + 1) - 1 - 1  # Bears pumped; Soldiers too late


def test_exalted_pumps_a_creature_that_attacks_alone_cr_702_83a():
    d = fight(["Akrasan Squire", "Akrasan Squire", "Grizzly Bears"], [], attack("Grizzly Bears"))
    tl = answered(d, "Put first")  # two exalted instances: one trigger each
    assert opp(tl)["life"] == 20 - 4
    tl = finished(
        fight(["Akrasan Squire", "Grizzly Bears"], [], attack("Grizzly Bears", "Akrasan Squire"))
    )
    assert opp(tl)["life"] == 20 - 3  # not alone: no exalted trigger


def test_skulk_and_horsemanship_restrict_blockers_cr_702_118b_702_31b():
    sneak = user("Test Sneak", "1/1", "Skulk")
    tl = finished(fight(["Test Sneak"], ["Hill Giant"], attack("Test Sneak"), cards=[sneak]))
    assert opp(tl)["life"] == 19 and not tl.decision_frames  # the 3-power Giant can't block
    rider = user("Test Rider", "2/2", "Horsemanship")
    tl = finished(fight(["Test Rider"], ["Giant Spider"], attack("Test Rider"), cards=[rider]))
    assert opp(tl)["life"] == 18 and not tl.decision_frames


def test_a_combat_keyword_not_simulated_is_named_in_the_log_cr_506_1():
    flanker = user("Test Flanker", "2/2", "Flanking")
    vague = user("Vague Knight", "2/2", "Protection")  # no quality in its data (702.16a)
    tl = finished(
        fight(
            ["Test Flanker", "White Knight", "Vague Knight"],
            [],
            attack("Test Flanker", "White Knight", "Vague Knight"),
            cards=[flanker, vague],
        )
    )
    notes = [e for e in of_kind(tl, "not_simulated") if e.rule == "506.1"]
    assert [n.data["missing"] for n in notes] == [
        ["Flanking"],
        ["Protection (its quality is not in the card data)"],
    ]
