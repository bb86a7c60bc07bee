"""Continuous effects and the layer system (CR 611, 613), with the state-based actions that
read the computed characteristics (704.5f, 704.5g) and the cleanup step (514.2).

Boards before/after: zones, counters and computed P/T (``GameState.characteristics``),
never log wording.
"""

from __future__ import annotations

from engine.core.continuous import ContinuousEffect

from boards import board, finished, game_of, ids, of_kind, play, zone


def card(
    name: str,
    type_line: str,
    effects: dict,
    *,
    pt: str | None = None,
    cost: str = "{1}",
    colors: tuple = (),
) -> dict:
    d: dict = {"name": name, "mana_cost": cost, "type_line": type_line, "effects": effects}
    if pt:
        d["power"], d["toughness"] = pt.split("/")
    if colors:
        d["colors"] = list(colors)
    return d


def chars(tl, name: str, player: int = 0):
    state = tl.final
    [oid] = [o for o in state.players[player].battlefield if state.objects[o].name == name]
    return state.characteristics(oid)


def pt(tl, name: str, player: int = 0) -> str:
    return chars(tl, name, player).pt


PUMP_TARGET = lambda n, p, t: card(  # noqa: E731
    n,
    "Instant",
    {
        "targets": [{"what": "creature", "count": 1}],
        "spell": [
            {"op": "pump", "power": p, "toughness": t, "who": "target", "duration": "end_of_turn"}
        ],
    },
)
SHRINK = PUMP_TARGET("Shrink Ray", -3, -3)
BOOST = PUMP_TARGET("Big Boost", 3, 3)
SCORCH = card(
    "Scorch",
    "Instant",
    {
        "targets": [{"what": "any", "count": 1}],
        "spell": [{"op": "damage", "amount": 4, "to": "target"}],
    },
)
ANTHEM = card(
    "Test Anthem",
    "Enchantment",
    {
        "static": [
            {
                "op": "pump",
                "power": 1,
                "toughness": 1,
                "who": "all",
                "duration": "while_on_battlefield",
                "filter": {"controller": "you", "types": ["Creature"]},
            }
        ]
    },
)
SET_BASE = card(
    "Frogify",
    "Instant",
    {
        "targets": [{"what": "creature", "count": 1}],
        "spell": [
            {
                "op": "set_base_pt",
                "what": "target",
                "power": 1,
                "toughness": 1,
                "duration": "end_of_turn",
            }
        ],
    },
)


def test_violent_outburst_pumps_your_creatures_until_end_of_turn_cr_613_4c() -> None:
    tl = finished(
        board(
            [],
            hand=("Violent Outburst",),
            battlefield=("Grizzly Bears", "Llanowar Elves"),
            opponent_battlefield=("Grizzly Bears",),
        )
    )
    assert pt(tl, "Grizzly Bears") == "3/2" and pt(tl, "Llanowar Elves") == "2/1"
    assert pt(tl, "Grizzly Bears", 1) == "2/2"  # only creatures you control (611.2c)
    [effect] = tl.final.continuous
    assert (effect.kind, effect.layer, effect.duration) == ("pump", "7c", "end_of_turn")


def test_crashing_footfalls_makes_two_4_4_green_rhinos_with_trample_cr_111_1() -> None:
    # Cast by cascade from Violent Outburst (the Rhinos deck): the library holds only it.
    tl = finished(board(["Crashing Footfalls"], hand=("Violent Outburst",), choices=("cast",)))
    rhinos = [tl.final.objects[o] for o in tl.final.players[0].battlefield]
    assert len(rhinos) == 2 and all(o.is_token for o in rhinos)
    for o in rhinos:
        c = tl.final.characteristics(o.id)
        # 4/4 tokens; Violent Outburst resolves after its cascade hit, so they get +1/+0 too
        assert (c.name, c.base_power, c.base_toughness, c.colors) == ("Rhino", 4, 4, ("G",))
        assert (c.power, c.toughness) == (5, 4)
        assert c.has_keyword("Trample") and "Rhino" in c.subtypes and c.is_creature
    assert sorted(zone(tl, "graveyard")) == ["Crashing Footfalls", "Violent Outburst"]


def test_a_creature_shrunk_to_toughness_0_dies_cr_704_5f() -> None:
    tl = finished(
        board([], hand=("Shrink Ray",), opponent_battlefield=("Grizzly Bears",), cards=(SHRINK,))
    )
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears"]
    [sba] = [e for e in of_kind(tl, "sba") if e.data.get("reason") == "toughness"]
    assert sba.rule == "704.5f"


def test_a_boosted_creature_survives_damage_that_its_printed_toughness_would_not_cr_704_5g() -> (
    None
):
    d = board(
        [],
        hand=("Big Boost", "Scorch"),
        battlefield=("Grizzly Bears",),
        cards=(BOOST, SCORCH),
        actions=[{"do": "cast", "card": "Big Boost"}, {"do": "cast", "card": "Scorch"}],
        choices=("target:o1",),
    )
    bears = game_of(d).players[0].zones["battlefield"][0]
    d["choices"] = [f"target:o{bears}", f"target:o{bears}"]
    tl = finished(d)
    assert zone(tl, "battlefield") == ["Grizzly Bears"]
    c = chars(tl, "Grizzly Bears")
    assert (c.power, c.toughness) == (5, 5)
    assert tl.final.objects[bears].damage == 4  # 4 damage, toughness 5: it lives


def test_damage_is_lethal_again_once_the_boost_ends_cr_514_2() -> None:
    """Damage wears off in the same cleanup step as the boost (514.2): the creature lives."""
    d = board(
        [],
        hand=("Big Boost", "Scorch"),
        battlefield=("Grizzly Bears",),
        cards=(BOOST, SCORCH),
        actions=[
            {"do": "cast", "card": "Big Boost"},
            {"do": "cast", "card": "Scorch"},
            {"do": "precombat_main", "player": 1, "draw": False},
        ],
    )
    bears = game_of(d).players[0].zones["battlefield"][0]
    d["choices"] = [f"target:o{bears}", f"target:o{bears}"]
    tl = finished(d)
    assert pt(tl, "Grizzly Bears") == "2/2" and tl.final.objects[bears].damage == 0
    assert tl.final.continuous == ()
    [ends] = of_kind(tl, "effect_ends")
    assert ends.rule == "514.2" and ends.data["kinds"] == ["pump"]


def test_until_end_of_turn_effects_are_gone_after_the_turn_passes_cr_514_2() -> None:
    tl = finished(
        board(
            [],
            hand=("Violent Outburst",),
            battlefield=("Grizzly Bears",),
            actions=[
                {"do": "cast", "card": "Violent Outburst"},
                {"do": "precombat_main", "player": 1, "draw": False},
            ],
        )
    )
    assert pt(tl, "Grizzly Bears") == "2/2"
    assert tl.final.continuous == () and tl.final.chars == {}
    # ... and during the turn it was there:
    during = [f.state for f in tl.frames if f.event is not None and f.event.kind == "effect"][0]
    oid = during.players[0].battlefield[0]
    assert during.characteristics(oid).pt == "3/2"


def test_an_anthem_applies_after_a_set_base_pt_effect_7b_before_7c_cr_613_4() -> None:
    """Frogify sets base P/T 1/1 (7b) later than the anthem's timestamp; the anthem's +1/+1
    (7c) still applies on top: 2/2, not 1/1 (613.4b before 613.4c, whatever the order)."""
    d = board(
        [],
        hand=("Frogify",),
        battlefield=("Test Anthem", "Grizzly Bears"),
        cards=(ANTHEM, SET_BASE),
    )
    bears = ids(game_of(d), "Grizzly Bears")[0]
    tl = finished({**d, "choices": [f"target:o{bears}"]})
    c = chars(tl, "Grizzly Bears")
    assert (c.base_power, c.base_toughness, c.power, c.toughness) == (1, 1, 2, 2)


def test_an_anthem_counts_only_its_filter_and_ends_with_its_source_cr_611_3a() -> None:
    d = board(
        [],
        battlefield=("Test Anthem", "Grizzly Bears", "Island"),
        opponent_battlefield=("Grizzly Bears",),
        hand=("Scorch",),
        cards=(ANTHEM, SCORCH),
    )
    before = play({**d, "actions": []})
    assert pt(before, "Grizzly Bears") == "3/3" and pt(before, "Grizzly Bears", 1) == "2/2"
    assert chars(before, "Island").power is None  # not a creature: no P/T (208.3)


def test_counters_and_pumps_add_in_layer_7c_and_plus_minus_counters_annihilate_cr_704_5q() -> None:
    d = board([], battlefield=[{"name": "Grizzly Bears", "counters": {"+1/+1": 2, "-1/-1": 3}}])
    tl = finished(d)
    bears = tl.final.objects[tl.final.players[0].battlefield[0]]
    assert dict(bears.counters) == {"-1/-1": 1}
    assert pt(tl, "Grizzly Bears") == "1/1"
    [e] = [e for e in of_kind(tl, "sba") if e.data.get("reason") == "counters_annihilate"]
    assert e.rule == "704.5q" and e.amount == 2


def test_a_0_1_with_a_minus_counter_dies_from_the_counter_704_5f() -> None:
    """CR 704.5f: Llanowar Elves (1/1) with a -1/-1 counter is 0/0 and goes to the graveyard."""
    d = board([], battlefield=[{"name": "Llanowar Elves", "counters": {"-1/-1": 1}}])
    tl = finished(d)
    assert zone(tl, "graveyard") == ["Llanowar Elves"]


def test_effect_records_lock_in_their_objects_cr_611_2c() -> None:
    """A creature that enters after Violent Outburst resolved doesn't get +1/+0."""
    game = game_of(board([], battlefield=("Grizzly Bears",)))
    game.first_frame() if not game.frames else None
    assert isinstance(game.continuous, list) and game.continuous == []
    eff = ContinuousEffect(
        id=99,
        kind="pump",
        layer="7c",
        controller=0,
        source=None,
        source_stamp=0,
        duration="end_of_turn",
        turn=1,
        timestamp=1,
        objects=(999,),
        stamps=(0,),
        data={"power": 5, "toughness": 5},
    )
    game.add_continuous(eff)
    bears = ids(game, "Grizzly Bears")[0]
    assert game.chars(bears).pt == "2/2"  # the effect names another object


def test_the_state_view_shows_computed_power_and_toughness() -> None:
    from engine.views.render import state_html

    tl = finished(board([], hand=("Violent Outburst",), battlefield=("Grizzly Bears",)))
    import re

    text = re.sub(r"<[^>]+>", "|", state_html(tl.final))  # the board's chip: name ... P/T
    chip = text[text.index("Grizzly Bears") :]
    assert "3/2" in chip[:80] and "2/2" not in text
    assert tl.final.characteristics(tl.final.players[0].battlefield[0]).pt == "3/2"


def test_a_characteristic_defining_ability_counts_in_layer_7a_cr_604_3_613_4a() -> None:
    goyf = card(
        "Test Goyf",
        "Creature — Lhurgoyf",
        {
            "static": [
                {
                    "op": "set_base_pt",
                    "what": "self",
                    "duration": "while_on_battlefield",
                    "power": {"dv": "count", "filter": {"types": ["Land"]}},
                    "toughness": {
                        "dv": "count",
                        "filter": {"types": ["Land"]},
                    },
                }
            ]
        },
        pt="*/1+*",
    )
    tl = finished(board([], battlefield=("Test Goyf", "Forest", "Island"), cards=(goyf,)))
    assert chars(tl, "Test Goyf").pt == "2/2"
    [e] = [e for e in tl.final.continuous] or [None]
    assert e is None  # statics are read from the battlefield, not recorded


def test_a_conditional_static_applies_only_while_its_condition_holds_cr_611_3a() -> None:
    lord = card(
        "Test Lord",
        "Creature — Elf",
        {
            "static": [
                {
                    "op": "pump",
                    "who": "self",
                    "power": 2,
                    "toughness": 2,
                    "duration": "while_on_battlefield",
                    "if": {
                        "cond": "count",
                        "filter": {"controller": "you", "types": ["Artifact"]},
                        "cmp": [">=", 1],
                    },
                }
            ]
        },
        pt="1/1",
    )
    without = finished(board([], battlefield=("Test Lord",), cards=(lord,)))
    assert chars(without, "Test Lord").pt == "1/1"
    with_one = finished(board([], battlefield=("Test Lord", "Ornithopter"), cards=(lord,)))
    assert chars(with_one, "Test Lord").pt == "3/3"


def test_granting_an_ability_is_simulated_when_the_ability_is_cr_613_1f() -> None:
    from engine.lang import effects

    ward = {
        "op": "grant",
        "who": "target",
        "duration": "end_of_turn",
        "ability": {"kind": "keyword", "keyword": "Ward"},
    }
    trig = {
        "op": "grant",
        "who": "target",
        "duration": "end_of_turn",
        "ability": {"kind": "triggered", "when": "self_dies", "ops": [{"op": "draw", "n": 1}]},
    }
    unknown_op = {**trig, "ability": {**trig["ability"], "ops": [{"op": "no_such_op"}]}}
    unknown_when = {**trig, "ability": {**trig["ability"], "when": "no_such_event"}}
    static = {**trig, "ability": {"kind": "static", "ops": []}}
    assert effects.is_simulated([ward]) and effects.is_simulated([trig])
    assert not any(effects.is_simulated([o]) for o in (unknown_op, unknown_when, static))


# ------------------------------------------------------------- real cards of the pool
def test_glorious_anthem_and_giant_growth_real_cards_cr_613_4c() -> None:
    d = board(
        [],
        hand=("Giant Growth",),
        battlefield=("Glorious Anthem", "Grizzly Bears"),
        opponent_battlefield=("Grizzly Bears",),
    )
    bears = ids(game_of(d), "Grizzly Bears")[0]
    tl = finished({**d, "choices": [f"target:o{bears}"]})
    assert pt(tl, "Grizzly Bears") == "6/6"  # 2/2 +1/+1 (anthem) +3/+3 (Giant Growth)
    assert pt(tl, "Grizzly Bears", 1) == "2/2"


def test_stomp_makes_damage_unpreventable_real_card_cr_615_12() -> None:
    shield = card(
        "Shield Up",
        "Instant",
        {
            "targets": [{"what": "creature", "count": 1}],
            "spell": [
                {"op": "prevent_damage", "to": "target", "amount": 5, "duration": "end_of_turn"}
            ],
        },
    )
    d = board(
        [],
        hand=("Shield Up", "Bonecrusher Giant"),
        opponent_battlefield=("Grizzly Bears",),
        cards=(shield,),
        actions=[
            {"do": "cast", "card": "Shield Up"},
            {"do": "cast", "card": "Bonecrusher Giant", "face": "Stomp"},
        ],
    )
    bears = ids(game_of(d), "Grizzly Bears", player=1)[0]
    tl = play({**d, "choices": [f"target:o{bears}", f"target:o{bears}"]})
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears"]  # 2 damage, not prevented
    assert [e.kind for e in tl.final.continuous] == ["prevent_damage", "damage_cant_be_prevented"]


def test_a_conditional_static_wrapped_in_if_applies_while_it_holds_cr_611_3a() -> None:
    knight = card(
        "Test Knight",
        "Creature — Knight",
        {
            "static": [
                {
                    "op": "if",
                    "cond": {"cond": "my_turn"},
                    "then": [
                        {
                            "op": "pump",
                            "who": "self",
                            "power": 2,
                            "toughness": 0,
                            "duration": "while_on_battlefield",
                        }
                    ],
                    "else": [
                        {
                            "op": "grant",
                            "who": "self",
                            "keywords": ["Vigilance"],
                            "duration": "while_on_battlefield",
                        }
                    ],
                }
            ]
        },
        pt="1/1",
    )
    mine = finished(board([], battlefield=("Test Knight",), cards=(knight,)))
    assert chars(mine, "Test Knight").pt == "3/1"
    theirs = finished(
        board(
            [],
            battlefield=("Test Knight",),
            cards=(knight,),
            actions=[{"do": "precombat_main", "player": 1, "draw": False}],
        )
    )
    c = chars(theirs, "Test Knight")
    assert c.pt == "1/1" and c.has_keyword("Vigilance")


def test_a_kicked_creature_enters_with_counters_cr_614_1c() -> None:
    drake = card(
        "Test Kicker Drake",
        "Creature — Drake",
        {
            "keyword_costs": {"Kicker": "{4}"},
            "static": [
                {
                    "op": "if",
                    "cond": {"cond": "kicked"},
                    "then": [
                        {
                            "op": "enters_with",
                            "ops": [
                                {"op": "add_counters", "what": "self", "counter": "+1/+1", "n": 2}
                            ],
                        }
                    ],
                }
            ],
        },
        pt="2/2",
    )
    for choice, expected in (("kick", "4/4"), ("no_kick", "2/2")):
        tl = finished(board([], hand=("Test Kicker Drake",), cards=(drake,), choices=(choice,)))
        assert pt(tl, "Test Kicker Drake") == expected
