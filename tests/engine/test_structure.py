"""Structure ops (engine/ops/structure.py): may, if, pay, unless, delayed, reflexive,
copy_spell, each with a scenario (board before and after), citing the CR."""

from __future__ import annotations

import pytest

from engine.lang.effects import is_simulated, missing_parts

from boards import board, finished, of_kind, play, zone

DRAW = [{"op": "draw", "n": 1}]


def spell(name: str, ops: list, *, targets=None, type_line: str = "Sorcery") -> dict:
    effects: dict = {"spell": ops}
    if targets:
        effects["targets"] = targets
    return {"name": name, "mana_cost": "{1}", "type_line": type_line, "effects": effects}


def cast(ops, *, library=("Island", "Mountain"), choices=(), targets=None, **kw):
    return board(
        list(library),
        hand=("Test Spell",),
        cards=(spell("Test Spell", ops, targets=targets),),
        choices=choices,
        **kw,
    )


@pytest.mark.parametrize(("answer", "hand"), [("yes", ["Island"]), ("no", [])])
def test_may_is_the_players_choice_cr_608_2d(answer, hand):
    tl = finished(cast([{"op": "may", "ops": DRAW}], choices=(answer,)))
    assert zone(tl, "hand") == hand


@pytest.mark.parametrize(("life", "hand"), [(20, ["Island"]), (10, ["Island", "Mountain"])])
def test_if_then_else_cr_608_2c(life, hand):
    ops = [
        {
            "op": "if",
            "cond": {"cond": "life", "who": "you", "cmp": ["<=", 10]},
            "then": [{"op": "draw", "n": 2}],
            "else": DRAW,
        }
    ]
    tl = finished(cast(ops, life=life))
    assert zone(tl, "hand") == hand
    (cond,) = [e for e in of_kind(tl, "condition") if e.data.get("op") == "if"]
    assert cond.data["holds"] is (life <= 10)


@pytest.mark.parametrize(("answer", "life", "hand"), [("pay", 18, ["Island"]), ("decline", 20, [])])
def test_pay_if_you_do_cr_118_12(answer, life, hand):
    ops = [{"op": "pay", "cost": [{"cost": "pay_life", "n": 2}], "then": DRAW}]
    tl = finished(cast(ops, choices=(answer,)))
    assert tl.final.players[0].life == life and zone(tl, "hand") == hand


def test_pay_a_cost_that_cant_be_paid_is_not_offered_cr_118_12():
    ops = [
        {
            "op": "pay",
            "cost": [{"cost": "discard", "n": 2}],
            "then": DRAW,
            "else": [{"op": "gain_life", "n": 1}],
        }
    ]
    tl = finished(cast(ops))
    assert zone(tl, "hand") == [] and tl.final.players[0].life == 21
    assert [e.data.get("paid") for e in of_kind(tl, "cost")] == [False]


@pytest.mark.parametrize(("answer", "opp_life"), [("pay", 18), ("decline", 17)])
def test_unless_the_target_player_pays_cr_118_12(answer, opp_life):
    """ "Target player loses 3 life unless they pay 2 life": a decision for that player."""
    ops = [
        {
            "op": "unless",
            "who": "target_player_or_controller",
            "cost": [{"cost": "pay_life", "n": 2}],
            "ops": [{"op": "lose_life", "n": 3, "who": "target_player"}],
        }
    ]
    d = cast(ops, targets=[{"what": "player", "count": 1}], choices=("target:p1", answer))
    tl = finished(d)
    assert tl.final.players[1].life == opp_life
    pay = [dec for _, dec, _ in tl.answered if dec.kind == "pay_cost"]
    assert [dec.player for dec in pay] == [1]


def test_delayed_trigger_at_the_next_end_step_triggers_once_cr_603_7():
    ops = [{"op": "delayed", "when": "next_end_step", "ops": [{"op": "gain_life", "n": 2}]}]
    d = cast(
        ops,
        opponent_library=["Island"] * 3,
        actions=[
            {"do": "cast", "card": "Test Spell"},
            {"do": "precombat_main", "player": 1},
            {"do": "precombat_main"},
        ],
    )
    tl = finished(d)
    assert tl.final.players[0].life == 22  # once, in this turn's end step (603.7c)
    (created,) = of_kind(tl, "delayed")
    assert created.rule == "603.7a"
    (trig,) = [e for e in of_kind(tl, "trigger") if e.data.get("delayed")]
    assert trig.rule == "603.7a" and trig.data["trigger"] == "next_end_step"


def test_delayed_trigger_at_the_next_upkeep_cr_603_7():
    ops = [{"op": "delayed", "when": "your_next_upkeep", "ops": DRAW}]
    d = cast(
        ops,
        opponent_library=["Island"] * 2,
        actions=[
            {"do": "cast", "card": "Test Spell"},
            {"do": "precombat_main", "player": 1},
            {"do": "precombat_main"},
        ],
    )
    tl = finished(d)
    # turn 3 (yours): the delayed draw in the upkeep, then the draw step
    assert zone(tl, "hand") == ["Island", "Mountain"]
    assert len([e for e in of_kind(tl, "trigger") if e.data.get("delayed")]) == 1


def test_reflexive_trigger_when_you_do_cr_603_12():
    ops = [
        {
            "op": "pay",
            "cost": [{"cost": "pay_life", "n": 1}],
            "then": [
                {
                    "op": "reflexive",
                    "targets": [{"what": "any", "count": 1}],
                    "ops": [{"op": "damage", "amount": 2, "to": "target"}],
                }
            ],
        }
    ]
    tl = finished(cast(ops, choices=("pay", "target:p1")))
    assert tl.final.players[0].life == 19 and tl.final.players[1].life == 18
    (trig,) = [e for e in of_kind(tl, "trigger") if e.data.get("trigger") == "reflexive"]
    assert trig.rule == "603.12"


def test_copy_spell_copies_an_instant_with_its_targets_cr_707_10():
    """ "Whenever you cast an instant, copy it": the copy resolves first, with the same
    target; it is no card (nothing moves when it resolves)."""
    echo = {
        "name": "Echo",
        "mana_cost": "{1}",
        "type_line": "Enchantment",
        "effects": {
            "triggers": [
                {
                    "when": "you_cast_spell",
                    "filter": {"types": ["Instant"]},
                    "ops": [{"op": "copy_spell", "what": "trigger_object"}],
                }
            ]
        },
    }
    d = board(
        [], hand=("Lightning Bolt",), battlefield=("Echo",), cards=(echo,), choices=("target:p1",)
    )
    tl = finished(d)
    assert tl.final.players[1].life == 14
    (copy,) = of_kind(tl, "copy")
    assert copy.rule == "707.10" and copy.data["targets"] == ["p1"]
    assert zone(tl, "graveyard") == ["Lightning Bolt"]


def test_copy_of_a_permanent_spell_is_not_simulated():
    echo = {
        "name": "Echo",
        "mana_cost": "{1}",
        "type_line": "Enchantment",
        "effects": {
            "triggers": [
                {"when": "you_cast_spell", "ops": [{"op": "copy_spell", "what": "trigger_object"}]}
            ]
        },
    }
    tl = play(board([], hand=("Grizzly Bears",), battlefield=("Echo",), cards=(echo,)))
    assert of_kind(tl, "copy") == []
    assert any(
        "permanent spell" in p for e in of_kind(tl, "not_simulated") for p in e.data["missing"]
    )


def test_nested_ops_are_checked_with_their_parent_all_or_nothing():
    bad = [{"op": "may", "ops": [{"op": "no_such_op"}]}]
    assert missing_parts(bad) and not is_simulated(bad)
    assert is_simulated([{"op": "may", "ops": DRAW}])
    assert not is_simulated([{"op": "delayed", "when": "next_full_moon", "ops": DRAW}])
    assert not is_simulated(
        [{"op": "pay", "cost": [{"cost": "collect_evidence", "n": 2}], "then": DRAW}]
    )


@pytest.mark.parametrize("when", ["next_upkeep", "end_of_combat"])
def test_delayed_next_upkeep_and_end_of_combat_cr_603_7(when):
    """ "At the beginning of the next upkeep" (the opponent's, here) / "at end of combat"
    (this turn's combat phase passes, with no attackers, as the turn passes)."""
    ops = [{"op": "delayed", "when": when, "ops": [{"op": "gain_life", "n": 2}]}]
    d = cast(
        ops,
        opponent_library=["Island"] * 2,
        actions=[{"do": "cast", "card": "Test Spell"}, {"do": "precombat_main", "player": 1}],
    )
    tl = finished(d)
    assert tl.final.players[0].life == 22
    (trig,) = [e for e in of_kind(tl, "trigger") if e.data.get("delayed")]
    assert trig.data["trigger"] == when and trig.rule == "603.7a"
