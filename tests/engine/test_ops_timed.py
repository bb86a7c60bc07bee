"""The timed op family: lasting_trigger, delayed triggered abilities with a duration
(CR 603.7c; they end in the cleanup step, 514.2, or as your next turn begins, 611.2b).

Boards before and after; fields, not wording. Stdlib + engine: runs under Pyodide.
"""

from __future__ import annotations

import pytest

from engine import AutoPolicy, Scenario
from engine.base.errors import ScenarioError
from engine.lang import effects

from boards import board, finished, of_kind, opp, you


def _saga(name: str, ops: list[dict], count: int = 2) -> dict:
    """A user Saga whose chapter I is ``ops`` (its final chapter is ``count``: it stays on
    the battlefield until then, 714.4)."""
    abilities = [{"chapters": [n], "ops": []} for n in range(1, count + 1)]
    return {
        "name": name,
        "mana_cost": "{1}",
        "type_line": "Enchantment — Saga",
        "chapters": {"count": count, "abilities": abilities},
        "effects": {"chapters": [{"chapters": [1], "ops": ops}]},
    }


DRAW_ON_INSTANT = {
    "op": "lasting_trigger",
    "when": "you_cast_spell",
    "filter": {"types_any": ["Instant", "Sorcery"]},
    "duration": "end_of_turn",
    "effect": [{"op": "draw", "n": 1}],
}


def _run(d: dict):
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished, tl.pending
    return tl


def _delayed_triggers(tl) -> list:
    return [e for e in of_kind(tl, "trigger") if e.rule == "603.7c"]


def test_whenever_you_cast_this_turn_triggers_each_time_then_ends_cr_603_7c() -> None:
    saga = _saga("Test Storm Saga", [DRAW_ON_INSTANT])
    tl = _run(
        board(
            ["Island"] * 6,
            hand=["Lightning Bolt", "Shock", "Grizzly Bears", "Lightning Bolt"],
            battlefield=[{"name": "Test Storm Saga", "counters": {"lore": 0}}],
            opponent_battlefield=["Grizzly Bears"],
            actions=[
                {"do": "add_lore", "card": "Test Storm Saga", "n": 1},
                {"do": "cast", "card": "Lightning Bolt"},
                {"do": "cast", "card": "Grizzly Bears"},  # not an instant or sorcery
                {"do": "cast", "card": "Shock"},
                {"do": "precombat_main", "player": 1},  # this turn ends (514.2)
                {"do": "cast", "card": "Lightning Bolt"},
            ],
            cards=[saga],
        )
    )
    assert len(of_kind(tl, "delayed")) == 1
    # two instants this turn: two triggers, two cards drawn; none on the next turn
    assert len(_delayed_triggers(tl)) == 2
    assert len(you(tl)["library"]) == 4
    ends = [e for e in of_kind(tl, "effect_ends") if e.rule == "603.7c"]
    assert len(ends) == 1 and ends[0].amount == 1
    assert of_kind(tl, "not_simulated") == []


def test_until_your_next_turn_lasts_through_the_opponents_turn_cr_611_2b() -> None:
    mill = {
        "op": "lasting_trigger",
        "when": "you_cast_spell",
        "filter": {"types_any": ["Instant", "Sorcery"]},
        "duration": "until_your_next_turn",
        "targets": [{"what": "player", "count": 1}],
        "effect": [{"op": "mill", "n": {"dv": "trigger_object_mv"}, "who": "target_player"}],
    }
    tl = finished(
        board(
            ["Island"] * 3,
            hand=["Lightning Bolt", "Shock"],
            battlefield=[{"name": "Test Mill Saga", "counters": {"lore": 0}}],
            opponent_library=["Forest"] * 8,
            actions=[
                {"do": "add_lore", "card": "Test Mill Saga", "n": 1},
                {"do": "precombat_main", "player": 1},  # the opponent's turn: still there
                {"do": "cast", "card": "Lightning Bolt"},
                {"do": "precombat_main", "player": 0},  # your next turn: it ends
                {"do": "cast", "card": "Shock"},
            ],
            # Bolt's target, the delayed ability's target player (603.3d), Shock's target
            choices=["target:p1", "target:p1", "target:p1"],
            cards=[_saga("Test Mill Saga", [mill], count=3)],
        )
    )
    assert len(_delayed_triggers(tl)) == 1
    # Lightning Bolt's mana value is 1: the targeted player milled one card, once
    milled = [e for e in of_kind(tl, "mill") if e.amount]
    assert [e.amount for e in milled] == [1]
    assert len(opp(tl)["graveyard"]) == 1 and len(opp(tl)["library"]) == 6  # 1 drawn
    assert tl.final.players[1].life == 15  # Bolt and Shock hit the opponent


def test_when_you_next_cast_triggers_only_once_cr_603_7c() -> None:
    once = {**DRAW_ON_INSTANT, "once": True}
    tl = _run(
        board(
            ["Island"] * 6,
            hand=["Lightning Bolt", "Shock"],
            battlefield=[{"name": "Test Once Saga", "counters": {"lore": 0}}],
            actions=[
                {"do": "add_lore", "card": "Test Once Saga", "n": 1},
                {"do": "cast", "card": "Lightning Bolt"},
                {"do": "cast", "card": "Shock"},
            ],
            cards=[_saga("Test Once Saga", [once])],
        )
    )
    assert len(_delayed_triggers(tl)) == 1
    assert len(you(tl)["library"]) == 5


def test_the_copy_is_of_the_spell_that_triggered_it_cr_707_10() -> None:
    copy = {
        "op": "lasting_trigger",
        "when": "you_cast_spell",
        "filter": {"types_any": ["Instant", "Sorcery"]},
        "duration": "end_of_turn",
        "effect": [{"op": "copy_spell", "what": "trigger_object", "new_targets": True}],
    }
    tl = finished(
        board(
            hand=["Lightning Bolt"],
            battlefield=[{"name": "Test Copy Saga", "counters": {"lore": 0}}],
            actions=[
                {"do": "add_lore", "card": "Test Copy Saga", "n": 1},
                {"do": "cast", "card": "Lightning Bolt"},
            ],
            choices=["target:p1", "target:p1"],  # the Bolt's target, then the copy's
            cards=[_saga("Test Copy Saga", [copy])],
        )
    )
    assert len(of_kind(tl, "copy")) == 1
    assert tl.final.players[1].life == 14  # the Bolt and its copy: 3 + 3


def test_a_creature_you_control_enters_this_turn_cr_603_7c() -> None:
    drain = {
        "op": "lasting_trigger",
        "when": "permanent_enters",
        "filter": {"types": ["Creature"], "controller": "you"},
        "duration": "end_of_turn",
        "effect": [
            {"op": "lose_life", "n": 1, "who": "each_opponent"},
            {"op": "gain_life", "n": 1},
        ],
    }
    tl = _run(
        board(
            hand=["Grizzly Bears", "Memnite"],
            battlefield=[{"name": "Test Drain Saga", "counters": {"lore": 0}}],
            actions=[
                {"do": "add_lore", "card": "Test Drain Saga", "n": 1},
                {"do": "cast", "card": "Grizzly Bears"},
                {"do": "cast", "card": "Memnite"},
            ],
            cards=[_saga("Test Drain Saga", [drain])],
        )
    )
    assert tl.final.players[0].life == 22 and tl.final.players[1].life == 18


def test_what_it_cannot_do_is_named_not_simulated() -> None:
    assert effects.is_simulated([DRAW_ON_INSTANT])
    # a duration it doesn't know, a "self" trigger, an effect outside the vocabulary
    assert not effects.is_simulated([{**DRAW_ON_INSTANT, "duration": "while_on_battlefield"}])
    assert not effects.is_simulated([{**DRAW_ON_INSTANT, "when": "self_dies"}])
    bad = {**DRAW_ON_INSTANT, "effect": [{"op": "no_such_op"}]}
    assert not effects.is_simulated([bad])
    tl = _run(
        board(
            ["Island"] * 3,
            hand=["Lightning Bolt"],
            battlefield=[{"name": "Test Bad Saga", "counters": {"lore": 0}}],
            actions=[
                {"do": "add_lore", "card": "Test Bad Saga", "n": 1},
                {"do": "cast", "card": "Lightning Bolt"},
            ],
            cards=[_saga("Test Bad Saga", [bad])],
        )
    )
    # all or nothing: the chapter changes nothing and says so; nothing waits or triggers
    assert of_kind(tl, "not_simulated")
    assert of_kind(tl, "delayed") == [] and _delayed_triggers(tl) == []
    assert len(you(tl)["library"]) == 3


# ------------------------------------------------- Sagas of the pool (hand-written chapters)
def test_the_mirari_conjecture_iii_copies_each_instant_this_turn_cr_603_7c() -> None:
    tl = finished(
        board(
            hand=["Lightning Bolt", "Shock"],
            battlefield=[{"name": "The Mirari Conjecture", "counters": {"lore": 2}}],
            actions=[
                {"do": "add_lore", "card": "The Mirari Conjecture", "n": 1},
                {"do": "cast", "card": "Lightning Bolt"},
                {"do": "cast", "card": "Shock"},
            ],
            # each spell's target, then its copy's new target (707.10c)
            choices=["target:p1"] * 4,
        )
    )
    # the Saga is gone after III (714.4), its delayed ability still copies both spells
    assert you(tl)["graveyard"].count("The Mirari Conjecture") == 1
    assert len(of_kind(tl, "copy")) == 2
    assert tl.final.players[1].life == 20 - 2 * 3 - 2 * 2


def test_thunder_of_unity_ii_drains_for_each_creature_entering_this_turn() -> None:
    tl = _run(
        board(
            hand=["Grizzly Bears", "Memnite"],
            battlefield=[{"name": "Thunder of Unity", "counters": {"lore": 1}}],
            actions=[
                {"do": "add_lore", "card": "Thunder of Unity", "n": 1},
                {"do": "cast", "card": "Grizzly Bears"},
                {"do": "cast", "card": "Memnite"},
            ],
        )
    )
    assert tl.final.players[0].life == 22 and tl.final.players[1].life == 18


def test_a_delayed_ability_combat_fires_is_simulated_not_combat_only_cr_603_7c() -> None:
    from engine.cards import carddb
    from engine.views import coverage

    card = carddb.default_pool().get("Tamiyo Meets the Story Circle")
    [ch1] = [a for a in coverage.card_coverage(card).chapters if a.label == "chapter I"]
    assert ch1.simulated and not ch1.combat_only  # combat (engine.rules.combat) fires it now
    mirari = carddb.default_pool().get("The Mirari Conjecture")
    assert all(a.simulated and not a.combat_only for a in coverage.card_coverage(mirari).chapters)


# ----------------------- player groups in token creation and "all ... target opponent controls"
def test_each_opponent_creates_a_token_they_own_and_control_cr_111_2() -> None:
    rats = {
        "op": "create_token",
        "token": "Rat Rogue",
        "pt": "1/1",
        "types": ["Creature"],
        "subtypes": ["Rat", "Rogue"],
        "colors": ["B"],
        "count": 1,
        "controller": "each_opponent",
    }
    tl = _run(
        board(
            battlefield=[{"name": "Test Rat Saga", "counters": {"lore": 0}}],
            actions=[{"do": "add_lore", "card": "Test Rat Saga", "n": 1}],
            cards=[_saga("Test Rat Saga", [rats])],
        )
    )
    assert opp(tl)["battlefield"] == ["Rat Rogue token"]
    assert "Rat Rogue token" not in you(tl)["battlefield"]
    [oid] = tl.final.players[1].zone("battlefield")
    obj = tl.final.objects[oid]
    assert obj.owner == 1 and obj.controller == 1 and obj.is_token
    assert [e.rule for e in of_kind(tl, "token")] == ["111.2"]
    assert not effects.is_simulated([{**rats, "controller": "each_creature"}])


def test_tap_all_nonland_permanents_target_opponent_controls_cr_701_26a_502_3() -> None:
    ops = [
        {
            "op": "tap",
            "what": "all",
            "filter": {"not_types": ["Land"]},
            "controlled_by": "target_player",
        },
        {
            "op": "skip_untap",
            "what": "all",
            "filter": {"not_types": ["Land"]},
            "controlled_by": "target_player",
            "duration": "next_untap_step",
        },
    ]
    saga = _saga("Test Tide Saga", ops)
    saga["effects"]["chapters"][0]["targets"] = [{"what": "opponent", "count": 1}]
    tl = _run(
        board(
            battlefield=["Grizzly Bears", {"name": "Test Tide Saga", "counters": {"lore": 0}}],
            opponent_battlefield=["Grizzly Bears", "Memnite", "Island"],
            actions=[
                {"do": "add_lore", "card": "Test Tide Saga", "n": 1},
                {"do": "precombat_main", "player": 1},  # their untap step: they stay tapped
            ],
            cards=[saga],
        )
    )
    final = tl.final
    theirs = {
        final.objects[o].name: final.objects[o].tapped for o in final.players[1].zone("battlefield")
    }
    assert theirs == {"Grizzly Bears": True, "Memnite": True, "Island": False}
    mine = [final.objects[o] for o in final.players[0].zone("battlefield")]
    assert not any(o.tapped for o in mine)  # only the target opponent's permanents
    assert not effects.is_simulated([{**ops[0], "what": "target"}])  # only with what: all


def test_it_cant_phase_in_while_you_control_the_source_cr_702_26a_611_2b() -> None:
    hold = [{"op": "phase_out", "what": "target", "duration": "while_controlled"}]
    saga = _saga("Test Phase Saga", hold, count=3)
    saga["effects"]["chapters"][0]["targets"] = [
        {"what": "permanent", "count": 1, "filter": {"not_types": ["Land"], "other": True}}
    ]
    actions = [
        {"do": "add_lore", "card": "Test Phase Saga", "n": 1},
        {"do": "precombat_main", "player": 1},  # their untap step: it stays phased out
    ]
    d = board(
        battlefield=[{"name": "Test Phase Saga", "counters": {"lore": 0}}],
        opponent_battlefield=["Serra Angel"],
        actions=actions,
        choices=["target:o2"],
        cards=[saga],
    )
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished, tl.pending
    final = tl.final
    [angel] = final.players[1].zone("battlefield")
    assert final.objects[angel].phased_out  # held while the Saga is on your battlefield
    # a plain phase out (no duration) phases in at its controller's next untap step
    plain = _saga("Test Plain Phase Saga", [{"op": "phase_out", "what": "target"}], count=3)
    plain["effects"]["chapters"][0]["targets"] = saga["effects"]["chapters"][0]["targets"]
    d2 = board(
        battlefield=[{"name": "Test Plain Phase Saga", "counters": {"lore": 0}}],
        opponent_battlefield=["Serra Angel"],
        actions=[{**actions[0], "card": "Test Plain Phase Saga"}, actions[1]],
        cards=[plain],
    )
    tl2 = Scenario.from_dict(d2).run(policy=AutoPolicy())
    [angel2] = tl2.final.players[1].zone("battlefield")
    assert not tl2.final.objects[angel2].phased_out
    assert any(e.data.get("phased_out") for e in of_kind(tl2, "phase"))
    assert not effects.is_simulated([{**hold[0], "duration": "end_of_turn"}])


def test_it_phases_in_once_the_source_is_gone_cr_611_2b() -> None:
    hold = [{"op": "phase_out", "what": "target", "duration": "while_controlled"}]
    saga = _saga("Test Short Phase Saga", hold, count=1)  # sacrificed after chapter I
    saga["effects"]["chapters"][0]["targets"] = [
        {"what": "permanent", "count": 1, "filter": {"not_types": ["Land"], "other": True}}
    ]
    tl = _run(
        board(
            battlefield=[{"name": "Test Short Phase Saga", "counters": {"lore": 0}}],
            opponent_battlefield=["Serra Angel"],
            actions=[
                {"do": "add_lore", "card": "Test Short Phase Saga", "n": 1},
                {"do": "precombat_main", "player": 1},
            ],
            cards=[saga],
        )
    )
    assert you(tl)["graveyard"] == ["Test Short Phase Saga"]
    [angel] = tl.final.players[1].zone("battlefield")
    assert not tl.final.objects[angel].phased_out


# ------------------------------------------------------------ linked abilities (CR 607)
AESIR_LIKE = {
    "name": "Test Linked Saga",
    "mana_cost": "{1}",
    "type_line": "Enchantment — Saga",
    "chapters": {"count": 3, "abilities": [{"chapters": [n], "ops": []} for n in (1, 2, 3)]},
    "effects": {
        "chapters": [
            {
                "chapters": [1],
                "ops": [
                    {
                        "op": "exile_linked",
                        "from": "graveyard",
                        "filter": {"permanent_card": True},
                        "with_it": [{"op": "gain_life", "n": {"dv": "trigger_object_mv"}}],
                    }
                ],
            },
            {
                "chapters": [2],
                "targets": [{"what": "creature", "count": 1, "filter": {"controller": "you"}}],
                "ops": [
                    {
                        "op": "add_counters",
                        "counter": "+1/+1",
                        "n": {"dv": "exiled_with_mv"},
                        "what": "target",
                    }
                ],
            },
            {
                "chapters": [3],
                "ops": [
                    {"op": "return_exiled", "to": "hand"},
                    {"op": "return_to_hand", "what": "self"},
                ],
            },
        ]
    },
}


def test_the_exiled_card_is_found_by_later_chapters_cr_607_2a() -> None:
    tl = _run(
        board(
            battlefield=["Grizzly Bears", {"name": "Test Linked Saga", "counters": {"lore": 0}}],
            graveyard=["Lightning Bolt", "Serra Angel"],  # Serra Angel: the permanent card
            actions=[
                {"do": "add_lore", "card": "Test Linked Saga", "n": 1},
                {"do": "add_lore", "card": "Test Linked Saga", "n": 1},
                {"do": "add_lore", "card": "Test Linked Saga", "n": 1},
            ],
            cards=[AESIR_LIKE],
        )
    )
    final = tl.final
    assert final.players[0].life == 25  # I: Serra Angel's mana value
    [bears] = [
        o for o in final.players[0].zone("battlefield") if final.objects[o].name == "Grizzly Bears"
    ]
    assert final.objects[bears].counter("+1/+1") == 5  # II: the exiled card's mana value
    # III: the exiled card and the Saga return to their owner's hand
    assert sorted(you(tl)["hand"]) == ["Serra Angel", "Test Linked Saga"]
    assert you(tl)["graveyard"] == ["Lightning Bolt"] and you(tl)["exile"] == []
    assert [e.rule for e in of_kind(tl, "exile")] == ["607.2a"]


def test_nothing_to_exile_gains_no_life_and_links_nothing() -> None:
    tl = _run(
        board(
            battlefield=["Grizzly Bears", {"name": "Test Linked Saga", "counters": {"lore": 0}}],
            graveyard=["Lightning Bolt"],
            actions=[
                {"do": "add_lore", "card": "Test Linked Saga", "n": 1},
                {"do": "add_lore", "card": "Test Linked Saga", "n": 1},
            ],
            cards=[AESIR_LIKE],
        )
    )
    assert tl.final.players[0].life == 20
    assert of_kind(tl, "exile")[0].amount == 0
    final = tl.final
    assert all(final.objects[o].counter("+1/+1") == 0 for o in final.players[0].zone("battlefield"))
    assert not effects.is_simulated([{"op": "exile_linked", "from": "library"}])


def test_you_may_play_the_top_cards_of_target_opponents_library_this_turn() -> None:
    steal = _saga(
        "Test Thief Saga",
        [{"op": "impulse", "n": 3, "duration": "end_of_turn", "from": "target_player"}],
    )
    steal["effects"]["chapters"][0]["targets"] = [{"what": "opponent", "count": 1}]
    tl = _run(
        board(
            ["Island"] * 2,
            battlefield=[{"name": "Test Thief Saga", "counters": {"lore": 0}}],
            opponent_library=["Grizzly Bears", "Shock", "Forest", "Mountain"],
            actions=[
                {"do": "add_lore", "card": "Test Thief Saga", "n": 1},
                {"do": "cast", "card": "Grizzly Bears"},  # from exile, owned by the opponent
            ],
            cards=[steal],
        )
    )
    final = tl.final
    assert sorted(opp(tl)["exile"]) == ["Forest", "Shock"]
    assert opp(tl)["library"] == ["Mountain"] and len(you(tl)["library"]) == 2
    [bears] = final.players[0].zone("battlefield")[1:] or [None]
    assert bears is not None and final.objects[bears].name == "Grizzly Bears"
    assert final.objects[bears].owner == 1 and final.objects[bears].controller == 0


# ------------------------------------- "when you next cast a creature spell this turn"
NEXT_CREATURE_COUNTER = {
    "op": "lasting_trigger",
    "when": "you_cast_spell",
    "duration": "end_of_turn",
    "once": True,
    "filter": {"types": ["Creature"]},
    "effect": [
        {"op": "spell_enters_with_counters", "counter": "+1/+1", "n": 1, "what": "trigger_object"}
    ],
}


def test_the_next_creature_spell_enters_with_an_additional_counter_cr_614_1c() -> None:
    tl = _run(
        board(
            hand=["Lightning Bolt", "Grizzly Bears", "Memnite"],
            battlefield=[{"name": "Test Growth Saga", "counters": {"lore": 0}}],
            actions=[
                {"do": "add_lore", "card": "Test Growth Saga", "n": 1},
                {"do": "cast", "card": "Lightning Bolt"},  # not a creature spell
                {"do": "cast", "card": "Grizzly Bears"},  # the next creature spell
                {"do": "cast", "card": "Memnite"},  # only once
            ],
            cards=[_saga("Test Growth Saga", [NEXT_CREATURE_COUNTER])],
        )
    )
    final = tl.final
    counters = {
        final.objects[o].name: final.objects[o].counter("+1/+1")
        for o in final.players[0].zone("battlefield")
    }
    assert counters["Grizzly Bears"] == 1 and counters["Memnite"] == 0
    assert [e.rule for e in of_kind(tl, "counters") if e.counter == "+1/+1"] == ["614.1c"]
    assert not effects.is_simulated([{**NEXT_CREATURE_COUNTER["effect"][0], "what": "target"}])


# ----------------------------------------------- "exile it; you may cast it this turn"
HEAVEN_LIKE = [
    {"op": "damage", "amount": 1, "to": "each_opponent"},
    {
        "op": "if",
        "cond": {"cond": "life", "who": "each_opponent", "cmp": ["<=", 0]},
        "then": [{"op": "draw", "n": 7}],
        "else": [{"op": "exile", "what": "self", "playable": "end_of_turn"}],
    },
]


def test_exiled_and_castable_this_turn_only_cr_601_2() -> None:
    saga = _saga("Test Sent Saga", HEAVEN_LIKE, count=1)
    tl = _run(
        board(
            ["Island"] * 8,
            battlefield=[{"name": "Test Sent Saga", "counters": {"lore": 0}}],
            actions=[
                {"do": "add_lore", "card": "Test Sent Saga", "n": 1},
                {"do": "cast", "card": "Test Sent Saga"},  # from exile, this turn
            ],
            cards=[saga],
        )
    )
    # cast from exile, it enters with a lore counter (714.3a) and chapter I happens again
    assert len(of_kind(tl, "cast")) == 1
    assert tl.final.players[1].life == 18
    assert you(tl)["exile"] == ["Test Sent Saga"] and len(you(tl)["library"]) == 8
    # on a later turn the permission is gone (the cast action can't find it)
    d = board(
        ["Island"] * 8,
        battlefield=[{"name": "Test Sent Saga", "counters": {"lore": 0}}],
        opponent_library=["Island"] * 3,
        actions=[
            {"do": "add_lore", "card": "Test Sent Saga", "n": 1},
            {"do": "precombat_main", "player": 1},
            {"do": "cast", "card": "Test Sent Saga"},
        ],
        cards=[saga],
    )
    with pytest.raises(ScenarioError, match="Test Sent Saga.* is not in your hand"):
        Scenario.from_dict(d).run(policy=AutoPolicy())


def test_an_opponent_at_zero_life_draws_seven_instead() -> None:
    tl = _run(
        board(
            ["Island"] * 8,
            battlefield=[{"name": "Test Sent Saga", "counters": {"lore": 0}}],
            opponent_life=1,
            actions=[{"do": "add_lore", "card": "Test Sent Saga", "n": 1}],
            cards=[_saga("Test Sent Saga", HEAVEN_LIKE, count=1)],
        )
    )
    assert len(you(tl)["library"]) == 1 and len(you(tl)["hand"]) == 7
    assert you(tl)["exile"] == []  # not exiled: the "otherwise" part did not happen


def test_cast_spells_from_among_the_cards_exiled_with_it_this_turn_cr_607_2a() -> None:
    narfi = {
        "name": "Test Betrayal Saga",
        "mana_cost": "{1}",
        "type_line": "Enchantment — Saga",
        "chapters": {"count": 3, "abilities": [{"chapters": [n], "ops": []} for n in (1, 2, 3)]},
        "effects": {
            "chapters": [
                {
                    "chapters": [1],
                    "ops": [
                        {"op": "mill", "n": 4, "who": "each_player"},
                        {
                            "op": "exile_linked",
                            "from": "each_graveyard",
                            "up_to": True,
                            "filter": {"types_any": ["Creature", "Planeswalker"]},
                        },
                    ],
                },
                {"chapters": [2, 3], "ops": [{"op": "play_linked", "duration": "end_of_turn"}]},
            ]
        },
    }
    tl = _run(
        board(
            ["Island", "Grizzly Bears", "Island", "Island", "Island"],
            battlefield=[{"name": "Test Betrayal Saga", "counters": {"lore": 0}}],
            opponent_library=["Forest", "Serra Angel", "Forest", "Forest", "Forest"],
            actions=[
                {"do": "add_lore", "card": "Test Betrayal Saga", "n": 1},
                {"do": "add_lore", "card": "Test Betrayal Saga", "n": 1},
                {"do": "cast", "card": "Serra Angel"},  # the opponent's card, exiled with it
            ],
            cards=[narfi],
        )
    )
    final = tl.final
    # I: each player milled four; a creature card from each graveyard was exiled
    assert you(tl)["exile"] == ["Grizzly Bears"] and opp(tl)["exile"] == []
    assert "Serra Angel" in you(tl)["battlefield"]  # II: cast from exile; you control it
    [angel] = [
        o for o in final.players[0].zone("battlefield") if final.objects[o].name == "Serra Angel"
    ]
    assert final.objects[angel].owner == 1 and final.objects[angel].controller == 0
    assert sorted(you(tl)["graveyard"]) == ["Island"] * 3
    assert not effects.is_simulated([{"op": "play_linked", "duration": "permanent"}])


# --------------------------------------------- "you may cast ... without paying" (118.9)
FREE_CAST = {
    "op": "cast_free",
    "from": "hand",
    "filter": {"types_any": ["Instant", "Sorcery"], "mv": ["<=", 2]},
}


def test_cast_a_matching_card_from_hand_during_the_resolution_cr_118_9() -> None:
    tl = finished(
        board(
            hand=["Serra Angel", "Lightning Bolt"],
            battlefield=[{"name": "Test Free Saga", "counters": {"lore": 0}}],
            actions=[{"do": "add_lore", "card": "Test Free Saga", "n": 1}],
            # Lightning Bolt (o2) is the only card that matches: pick it, cast it, its target
            choices=["card:o2", "cast", "target:p1"],
            cards=[_saga("Test Free Saga", [FREE_CAST])],
        )
    )
    assert you(tl)["hand"] == ["Serra Angel"]
    assert you(tl)["graveyard"] == ["Lightning Bolt"] and tl.final.players[1].life == 17
    [cast] = of_kind(tl, "cast")
    assert cast.data.get("free") or "118.9" in cast.rule


def test_nothing_matching_casts_nothing_and_says_so() -> None:
    tl = _run(
        board(
            hand=["Serra Angel"],
            battlefield=[{"name": "Test Free Saga", "counters": {"lore": 0}}],
            actions=[{"do": "add_lore", "card": "Test Free Saga", "n": 1}],
            cards=[_saga("Test Free Saga", [FREE_CAST])],
        )
    )
    assert you(tl)["hand"] == ["Serra Angel"] and of_kind(tl, "cast") == []
    assert [e.amount for e in of_kind(tl, "decline")] == [0]
    assert not effects.is_simulated([{**FREE_CAST, "from": "graveyard"}])


def test_a_cost_change_for_a_time_is_noted_with_its_duration_cr_611_2a() -> None:
    cheaper = {
        "op": "cost_change",
        "spells": {"subtypes": ["Giant"]},
        "who": "you",
        "amount": -2,
        "duration": "end_of_turn",
        "once": True,
    }
    tl = _run(
        board(
            battlefield=[{"name": "Test Cost Saga", "counters": {"lore": 0}}],
            actions=[{"do": "add_lore", "card": "Test Cost Saga", "n": 1}],
            cards=[_saga("Test Cost Saga", [cheaper])],
        )
    )
    [note] = [e for e in of_kind(tl, "note") if e.data.get("cost_change") is not None]
    assert note.rule == "611.2a" and note.data["duration"] == "end_of_turn" and note.data["once"]
    assert of_kind(tl, "not_simulated") == []
    assert not effects.is_simulated([{**cheaper, "duration": "until_end_of_combat"}])


def test_the_values_of_the_trigger_object_and_the_linked_cards() -> None:
    from engine.lang import values

    from boards import Q, game_of, ids

    game = game_of(board(battlefield=["Memnite"], graveyard=["Serra Angel", "Grizzly Bears"]))
    memnite = ids(game, "Memnite")[0]
    angel = ids(game, "Serra Angel", "graveyard")[0]
    bears = ids(game, "Grizzly Bears", "graveyard")[0]
    ctx = Q(game, source=memnite, event={"object": angel})
    assert values.value_of(ctx, {"dv": "trigger_object_mv"}) == 5
    assert values.value_missing({"dv": "trigger_object_mv"}, Q(game, source=memnite)) is not None
    assert values.value_of(ctx, {"dv": "exiled_with_mv"}) == 0  # nothing exiled with it yet
    for oid in (angel, bears):
        game.move(oid, "exile")
        game.link_exiled(memnite, oid)
    assert values.value_of(ctx, {"dv": "exiled_with_mv"}) == 5 + 2


def test_a_copy_of_a_chosen_non_saga_token_you_control_cr_707_2() -> None:
    moogle = {
        "op": "create_token",
        "token": "Moogle",
        "pt": "1/2",
        "types": ["Creature"],
        "subtypes": ["Moogle"],
        "colors": ["W"],
        "keywords": ["Lifelink"],
        "count": 1,
    }
    copy = {
        "op": "lasting_trigger",
        "when": "you_cast_spell",
        "duration": "end_of_turn",
        "filter": {"not_types": ["Creature"]},
        "effect": [
            {
                "op": "create_token_copy",
                "what": "chosen",
                "filter": {"token": True, "not_subtypes": ["Saga"], "controller": "you"},
            }
        ],
    }
    tl = finished(
        board(
            hand=["Lightning Bolt", "Grizzly Bears"],
            battlefield=[{"name": "Test Mog Saga", "counters": {"lore": 0}}],
            choices=["target:p1"],  # the Bolt at the opponent
            actions=[
                {"do": "add_lore", "card": "Test Mog Saga", "n": 1},
                {"do": "cast", "card": "Lightning Bolt"},  # noncreature: a copy
                {"do": "cast", "card": "Grizzly Bears"},  # creature: none
            ],
            cards=[_saga("Test Mog Saga", [moogle, copy])],
        )
    )
    final = tl.final
    mine = [final.objects[o] for o in final.players[0].zone("battlefield")]
    moogles = [o for o in mine if o.name.startswith("Moogle")]
    assert len(moogles) == 2 and all(o.is_token for o in moogles)
    assert [e.data.get("copy_of") for e in of_kind(tl, "token") if "copy_of" in e.data] == [
        [moogles[0].id]
    ]
    assert not effects.is_simulated([{"op": "create_token_copy", "what": "chosen"}])
