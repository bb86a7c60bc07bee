"""Scenario tests of Role tokens (engine/ops/roles.py; XMage CreateRoleAttachedTargetEffect):
an Aura token created attached to the target creature (111.10, 303.7) whose statics apply to
the enchanted creature (613), and the state-based action 704.5y (a player's older Role on the
same permanent goes to the graveyard). Boards before and after, fields not wording. Stdlib +
engine: runs under Pyodide.
"""

from __future__ import annotations

from engine import AutoPolicy, Scenario
from engine.lang import effects
from engine.lang.vocabulary import validate_ops

from boards import board, opp, zone

_ENCHANT = {"what": "creature", "count": 1}
CURSED = {
    "token": "Cursed",
    "pt": None,
    "types": ["Enchantment"],
    "subtypes": ["Aura", "Role"],
    "abilities": {
        "enchant": _ENCHANT,
        "static": [
            {
                "op": "set_base_pt",
                "what": "attached",
                "power": 1,
                "toughness": 1,
                "duration": "while_on_battlefield",
            }
        ],
    },
}
WICKED = {
    "token": "Wicked",
    "pt": None,
    "types": ["Enchantment"],
    "subtypes": ["Aura", "Role"],
    "abilities": {
        "enchant": _ENCHANT,
        "static": [
            {
                "op": "pump",
                "power": 1,
                "toughness": 1,
                "who": "attached",
                "duration": "while_on_battlefield",
            }
        ],
        "triggers": [
            {
                "when": "self_to_graveyard_from_battlefield",
                "ops": [{"op": "lose_life", "n": 1, "who": "each_opponent"}],
            }
        ],
    },
}


def _card(name: str, ops: list[dict], what: str = "creature") -> dict:
    return {
        "name": name,
        "mana_cost": "{1}",
        "type_line": "Instant",
        "effects": {"spell": ops, "targets": [{"what": what, "count": 1}]},
    }


def _role(tok: dict) -> dict:
    return {"op": "create_role", "creates": tok, "what": "target"}


CURSE = _card("Test Curse", [_role(CURSED)])
WICKED_CARD = _card("Test Wicked", [_role(WICKED)])
SHATTER = _card("Test Disenchant", [{"op": "destroy", "what": "target"}], "enchantment")
CARDS = [CURSE, WICKED_CARD, SHATTER]


def _run(*spells: str, battlefield=("Serra Angel",)):
    d = board(
        hand=list(spells),
        battlefield=list(battlefield),
        actions=[{"do": "cast", "card": s} for s in spells],
        cards=CARDS,
    )
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished, tl.text()
    return tl


def _on(tl, name: str) -> int:
    state = tl.final
    [oid] = [o for o in state.players[0].battlefield if state.objects[o].name == name]
    return oid


def _roles(tl, player: int = 0) -> list[int]:
    state = tl.final
    return [
        o for o in state.players[player].battlefield if "Role" in state.characteristics(o).subtypes
    ]


def test_the_op_validates_and_its_check_refuses_what_it_cannot_do() -> None:
    for tok in (CURSED, WICKED):
        assert validate_ops([_role(tok)]) == [] and effects.problem(_role(tok)) is None
    assert effects.problem({"op": "create_role", "creates": {"token": "X"}, "what": "target"})
    no_enchant = {**CURSED, "abilities": {"static": CURSED["abilities"]["static"]}}
    assert effects.problem(_role(no_enchant))
    on_self = {
        **CURSED,
        "abilities": {
            "enchant": _ENCHANT,
            "static": [
                {
                    "op": "pump",
                    "power": 1,
                    "toughness": 1,
                    "who": "self",
                    "duration": "while_on_battlefield",
                }
            ],
        },
    }
    assert effects.problem(_role(on_self))
    unknown_trigger = {
        **WICKED,
        "abilities": {
            **WICKED["abilities"],
            "triggers": [{"when": "no_such_trigger", "ops": [{"op": "draw", "n": 1}]}],
        },
    }
    assert effects.problem(_role(unknown_trigger))


def test_a_cursed_role_is_an_aura_token_attached_making_it_base_1_1_cr_303_7() -> None:
    tl = _run("Test Curse")
    angel = _on(tl, "Serra Angel")
    [role] = _roles(tl)
    obj = tl.final.objects[role]
    assert obj.is_token and obj.attached_to == angel and obj.name == "Cursed Role token"
    ch = tl.final.characteristics(role)
    assert ch.types == ("Enchantment",) and set(ch.subtypes) == {"Aura", "Role"}
    assert tl.final.characteristics(angel).pt == "1/1"  # 4/4 with base 1/1 (layer 7b)
    assert "Flying" in tl.final.characteristics(angel).keywords


def test_a_second_role_of_yours_replaces_the_first_cr_704_5y() -> None:
    tl = _run("Test Curse", "Test Wicked")
    angel = _on(tl, "Serra Angel")
    [role] = _roles(tl)  # the Cursed Role went to the graveyard (a token: ceases to exist)
    assert tl.final.objects[role].name == "Wicked Role token"
    assert tl.final.characteristics(angel).pt == "5/5"  # no longer 1/1; Wicked +1/+1
    sba = [e for e in tl.events if e.kind == "sba" and e.rule == "704.5y"]
    assert len(sba) == 1 and angel in sba[0].objects and sba[0].data["kept"] == role


def test_the_replaced_wicked_role_triggers_when_put_into_a_graveyard() -> None:
    tl = _run("Test Wicked", "Test Curse")
    assert opp(tl)["life"] == 19  # Wicked went to the graveyard (704.5y): each opponent loses 1
    [role] = _roles(tl)
    assert tl.final.objects[role].name == "Cursed Role token"
    assert tl.final.characteristics(_on(tl, "Serra Angel")).pt == "1/1"


def test_destroying_the_wicked_role_drains_and_the_creature_is_itself_again() -> None:
    tl = _run("Test Wicked", "Test Disenchant")
    assert opp(tl)["life"] == 19 and not _roles(tl)
    assert tl.final.characteristics(_on(tl, "Serra Angel")).pt == "4/4"
    assert zone(tl, "graveyard") == ["Test Wicked", "Test Disenchant"]


def test_roles_of_different_players_stay_together() -> None:
    d = board(
        hand=["Test Curse"],
        battlefield=["Serra Angel"],
        opponent_hand=["Test Wicked"],
        actions=[
            {"do": "cast", "card": "Test Curse"},
            {
                "do": "cast",
                "player": 1,
                "card": "Test Wicked",
                "targets": [{"card": "Serra Angel", "owner": 0}],
            },
        ],
        cards=CARDS,
    )
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished, tl.text()
    angel = _on(tl, "Serra Angel")
    mine = _roles(tl)
    theirs = _roles(tl, 1)
    assert len(mine) == 1 and len(theirs) == 1
    assert tl.final.objects[theirs[0]].attached_to == angel
    assert tl.final.characteristics(angel).pt == "2/2"  # base 1/1, then +1/+1
