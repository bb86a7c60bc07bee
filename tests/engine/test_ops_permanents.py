"""Scenario tests, one or more per op of the permanents family: the board before and after
(zones, counters, computed characteristics, continuous-effect records), citing the CR.
Test spells are user card data (``cards=``) carrying the op under test."""

from __future__ import annotations

import pytest

from engine.lang import effects

from boards import board, finished, game_of, ids, of_kind, play, user_spell, zone

CREATURE = {"what": "creature", "count": 1}


def spell(
    name: str, ops: list[dict], targets: list[dict] | None = None, type_line: str = "Instant"
) -> dict:
    return user_spell(name, ops, targets, type_line)


def permanent(name: str, type_line: str, entry: dict, pt: str | None = None) -> dict:
    d = {"name": name, "mana_cost": "{1}", "type_line": type_line, "effects": entry}
    if pt:
        d["power"], d["toughness"] = pt.split("/")
    return d


def run(
    hand: list[str],
    cards: list[dict],
    *,
    battlefield=(),
    opponent_battlefield=(),
    library=(),
    target: str | None = None,
    player: int = 0,
    extra=(),
    choices=(),
    actions=None,
    **kw,
):
    """Cast ``hand[0]`` (targeting the first object called ``target``) and play it out."""
    d = board(
        list(library),
        hand=hand,
        battlefield=list(battlefield),
        opponent_battlefield=list(opponent_battlefield),
        cards=tuple(cards),
        **kw,
    )
    if actions is not None:
        d["actions"] = actions
    picks = list(choices)
    if target:
        game = game_of(d)
        oid = (ids(game, target, player=player) or ids(game, target, player=1 - player))[0]
        picks = [f"target:o{oid}", *picks]
    d["choices"] = picks + list(extra)
    return play(d)


def bf(tl, player: int = 0) -> list:
    s = tl.final
    return [s.objects[o] for o in s.players[player].battlefield]


def ch(tl, name: str, player: int = 0):
    [o] = [o for o in bf(tl, player) if o.name == name]
    return tl.final.characteristics(o.id)


def test_every_op_of_the_family_is_registered_with_a_check_or_plain_fields() -> None:
    for name in (
        "pump",
        "set_base_pt",
        "grant",
        "lose_keywords",
        "set_color",
        "add_types",
        "become_creature",
        "gain_control",
        "exchange_control",
        "cost_change",
        "enters_tapped",
        "enters_with",
        "enters_with_counters",
        "add_counters",
        "remove_counters",
        "add_player_counters",
        "bolster",
        "proliferate",
        "create_token",
        "create_token_copy",
        "populate",
        "amass",
        "incubate",
        "manifest",
        "tap",
        "untap",
        "tap_or_untap",
        "skip_untap",
        "attach",
        "regenerate",
        "prevent_damage",
        "damage_cant_be_prevented",
        "transform",
        "phase_out",
        "add_mana",
        "cant_block",
        "cant_be_blocked",
        "must_attack",
        "can_block_only",
        "protection_from_chosen_color",
    ):
        assert name in effects.OPS, name


# --------------------------------------------------------------------- layers 4, 5, 6
def test_grant_gives_keywords_until_end_of_turn_cr_613_1f() -> None:
    c = spell(
        "Wings",
        [{"op": "grant", "who": "target", "keywords": ["Flying"], "duration": "end_of_turn"}],
        [CREATURE],
    )
    tl = run(["Wings"], [c], battlefield=["Grizzly Bears"], target="Grizzly Bears")
    assert ch(tl, "Grizzly Bears").has_keyword("Flying")
    assert [e.kind for e in tl.final.continuous] == ["grant"]


def test_lose_keywords_removes_a_printed_keyword_cr_613_1f() -> None:
    bird = permanent("Test Bird", "Creature — Bird", {}, "1/1")
    bird["keywords"] = ["Flying"]
    c = spell(
        "Ground",
        [
            {
                "op": "lose_keywords",
                "what": "target",
                "keywords": ["Flying"],
                "duration": "end_of_turn",
            }
        ],
        [CREATURE],
    )
    tl = run(["Ground"], [c, bird], battlefield=["Test Bird"], target="Test Bird")
    assert not ch(tl, "Test Bird").has_keyword("Flying")


def test_set_color_replaces_colors_cr_613_1e() -> None:
    c = spell(
        "Paint",
        [{"op": "set_color", "what": "target", "colors": ["U"], "duration": "end_of_turn"}],
        [CREATURE],
    )
    tl = run(["Paint"], [c], battlefield=["Grizzly Bears"], target="Grizzly Bears")
    assert ch(tl, "Grizzly Bears").colors == ("U",)


def test_add_types_and_become_creature_cr_613_1d_613_4b() -> None:
    animate = spell(
        "Animate",
        [
            {
                "op": "become_creature",
                "what": "target",
                "pt": "3/3",
                "types": ["Creature"],
                "subtypes": ["Elemental"],
                "keywords": ["Haste"],
                "duration": "end_of_turn",
            }
        ],
        [{"what": "land", "count": 1}],
    )
    tl = run(["Animate"], [animate], battlefield=["Forest"], target="Forest")
    c = ch(tl, "Forest")
    assert c.types == ("Land", "Creature") and "Elemental" in c.subtypes
    assert (c.power, c.toughness) == (3, 3) and c.has_keyword("Haste")
    artifact = spell(
        "Artify",
        [{"op": "add_types", "what": "target", "types": ["Artifact"], "duration": "permanent"}],
        [CREATURE],
    )
    tl = run(["Artify"], [artifact], battlefield=["Grizzly Bears"], target="Grizzly Bears")
    assert ch(tl, "Grizzly Bears").types == ("Creature", "Artifact")


def test_an_animated_land_dies_to_damage_like_a_creature_cr_704_5g() -> None:
    animate = spell(
        "Animate",
        [{"op": "become_creature", "what": "target", "pt": "2/2", "duration": "end_of_turn"}],
        [{"what": "land", "count": 1}],
    )
    bolt = spell(
        "Zap", [{"op": "damage", "amount": 2, "to": "target"}], [{"what": "any", "count": 1}]
    )
    d = board(
        [],
        hand=["Animate", "Zap"],
        battlefield=["Forest"],
        cards=(animate, bolt),
        actions=[{"do": "cast", "card": "Animate"}, {"do": "cast", "card": "Zap"}],
    )
    forest = ids(game_of(d), "Forest")[0]
    tl = finished({**d, "choices": [f"target:o{forest}", f"target:o{forest}"]})
    assert sorted(zone(tl, "graveyard")) == ["Animate", "Forest", "Zap"]
    assert zone(tl, "battlefield") == []


def test_protection_from_chosen_color_is_a_decision_cr_702_16a() -> None:
    c = spell(
        "Ward Off",
        [{"op": "protection_from_chosen_color", "what": "target", "duration": "end_of_turn"}],
        [CREATURE],
    )
    tl = run(["Ward Off"], [c], battlefield=["Grizzly Bears"])  # its only target
    assert tl.pending is not None and tl.pending.kind == "choose_color"
    tl = run(["Ward Off"], [c], battlefield=["Grizzly Bears"], extra=["color:R"])
    assert "Protection from red" in ch(tl, "Grizzly Bears").keywords


def test_combat_only_restrictions_are_recorded_and_shown_cr_509_1b() -> None:
    c = spell(
        "Scare", [{"op": "cant_block", "what": "target", "duration": "end_of_turn"}], [CREATURE]
    )
    tl = run(["Scare"], [c], opponent_battlefield=["Grizzly Bears"], target="Grizzly Bears")
    assert ch(tl, "Grizzly Bears", 1).rules == ("cant_block",)
    [e] = of_kind(tl, "effect")
    assert e.data["combat_only"] is True


# ------------------------------------------------------------------------- layer 2
def test_gain_control_until_end_of_turn_then_it_returns_cr_613_1b() -> None:
    treason = spell(
        "Treason",
        [
            {"op": "gain_control", "what": "target", "duration": "end_of_turn"},
            {"op": "untap", "what": "target"},
            {"op": "grant", "who": "target", "keywords": ["Haste"], "duration": "end_of_turn"},
        ],
        [CREATURE],
    )
    tapped = {"name": "Grizzly Bears", "tapped": True}
    tl = run(
        ["Treason"], [treason], opponent_battlefield=[tapped], target="Grizzly Bears", player=1
    )
    [bears] = bf(tl)
    assert bears.name == "Grizzly Bears" and bears.controller == 0 and not bears.tapped
    assert bf(tl, 1) == [] and ch(tl, "Grizzly Bears").has_keyword("Haste")
    d = board(
        [],
        hand=["Treason"],
        opponent_battlefield=[tapped],
        cards=(treason,),
        actions=[
            {"do": "cast", "card": "Treason"},
            {"do": "precombat_main", "player": 1, "draw": False},
        ],
    )
    oid = ids(game_of(d), "Grizzly Bears", player=1)[0]
    tl = finished({**d, "choices": [f"target:o{oid}"]})
    assert [o.name for o in bf(tl, 1)] == ["Grizzly Bears"] and bf(tl) == []


def test_exchange_control_of_two_permanents_cr_701_12a() -> None:
    swap = spell(
        "Swap",
        [
            {
                "op": "exchange_control",
                "a": {"target": 0},
                "b": {"target": 1},
                "duration": "permanent",
            }
        ],
        [CREATURE, CREATURE],
    )
    d = board(
        [],
        hand=["Swap"],
        battlefield=["Llanowar Elves"],
        opponent_battlefield=["Grizzly Bears"],
        cards=(swap,),
    )
    g = game_of(d)
    elf, bear = ids(g, "Llanowar Elves")[0], ids(g, "Grizzly Bears", player=1)[0]
    tl = finished({**d, "choices": [f"target:o{elf}", f"target:o{bear}"]})
    assert [o.name for o in bf(tl)] == ["Grizzly Bears"]
    assert [o.name for o in bf(tl, 1)] == ["Llanowar Elves"]


# ------------------------------------------------------------------------ counters
def test_add_counters_to_all_matching_and_remove_counters_cr_122_1() -> None:
    c = spell(
        "Grow All",
        [
            {
                "op": "add_counters",
                "what": "all",
                "counter": "+1/+1",
                "n": 2,
                "filter": {"controller": "you", "types": ["Creature"]},
            }
        ],
    )
    tl = finished(
        board(
            [],
            hand=["Grow All"],
            battlefield=["Grizzly Bears", "Llanowar Elves"],
            opponent_battlefield=["Grizzly Bears"],
            cards=(c,),
        )
    )
    assert [dict(o.counters) for o in bf(tl)] == [{"+1/+1": 2}, {"+1/+1": 2}]
    assert dict(bf(tl, 1)[0].counters) == {}
    assert ch(tl, "Grizzly Bears").pt == "4/4"
    r = spell(
        "Shrink Counters",
        [{"op": "remove_counters", "what": "target", "counter": "+1/+1", "n": "all"}],
        [CREATURE],
    )
    tl = run(
        ["Shrink Counters"],
        [r],
        battlefield=[{"name": "Grizzly Bears", "counters": {"+1/+1": 3}}],
        target="Grizzly Bears",
    )
    assert dict(bf(tl)[0].counters) == {} and ch(tl, "Grizzly Bears").pt == "2/2"


def test_add_counters_with_a_dynamic_value_cr_122_1() -> None:
    c = spell(
        "Grow By Lands",
        [
            {
                "op": "add_counters",
                "what": "target",
                "counter": "+1/+1",
                "n": {"dv": "count", "filter": {"controller": "you", "types": ["Land"]}},
            }
        ],
        [CREATURE],
    )
    tl = run(
        ["Grow By Lands"],
        [c],
        battlefield=["Grizzly Bears", "Forest", "Forest"],
        target="Grizzly Bears",
    )
    assert dict(ch(tl, "Grizzly Bears").__class__.__dict__) and bf(tl)[0].counter("+1/+1") == 2


def test_player_counters_cr_122_1() -> None:
    c = spell(
        "Energize", [{"op": "add_player_counters", "counter": "energy", "n": 2, "who": "you"}]
    )
    tl = finished(board([], hand=["Energize"], cards=(c,)))
    assert dict(tl.final.players[0].counters) == {"energy": 2}


def test_bolster_picks_the_least_toughness_cr_701_39a() -> None:
    c = spell("Bolster Two", [{"op": "bolster", "n": 2}])
    tl = finished(
        board([], hand=["Bolster Two"], battlefield=["Grizzly Bears", "Llanowar Elves"], cards=(c,))
    )
    assert {o.name: o.counter("+1/+1") for o in bf(tl)} == {"Grizzly Bears": 0, "Llanowar Elves": 2}
    tie = play(
        board([], hand=["Bolster Two"], battlefield=["Grizzly Bears", "Grizzly Bears"], cards=(c,))
    )
    assert tie.pending is not None and tie.pending.kind == "choose_permanent"


# -------------------------------------------------------------------------- tokens
def test_create_token_with_abilities_and_tapped_cr_111_1() -> None:
    c = spell(
        "Make Treasure",
        [
            {
                "op": "create_token",
                "token": "Treasure",
                "pt": None,
                "count": 2,
                "types": ["Artifact"],
                "subtypes": ["Treasure"],
                "tapped": True,
                "abilities": {
                    "activated": [
                        {
                            "cost": "{T}, sacrifice this",
                            "ops": [{"op": "add_mana", "mana": "any_color"}],
                            "mana_ability": True,
                        }
                    ]
                },
            }
        ],
    )
    tl = finished(board([], hand=["Make Treasure"], cards=(c,)))
    toks = bf(tl)
    assert len(toks) == 2 and all(o.is_token and o.tapped for o in toks)
    t = tl.final.characteristics(toks[0].id)
    assert t.types == ("Artifact",) and t.subtypes == ("Treasure",) and t.power is None
    assert toks[0].card.effects["activated"][0]["mana_ability"] is True


def test_create_token_copy_and_populate_cr_707_2_701_36a() -> None:
    c = spell(
        "Clone It",
        [{"op": "create_token_copy", "what": "target", "count": 1, "haste": True}],
        [CREATURE],
    )
    tl = run(
        ["Clone It"],
        [c],
        battlefield=[{"name": "Grizzly Bears", "counters": {"+1/+1": 1}}],
        target="Grizzly Bears",
    )
    names = [(o.name, o.is_token, dict(o.counters)) for o in bf(tl)]
    assert names == [("Grizzly Bears", False, {"+1/+1": 1}), ("Grizzly Bears", True, {})]
    assert tl.final.characteristics(bf(tl)[1].id).has_keyword("Haste")
    pop = spell("Populate", [{"op": "populate"}])
    rhino = spell(
        "Rhinos",
        [
            {
                "op": "create_token",
                "token": "Rhino",
                "pt": "4/4",
                "colors": ["G"],
                "keywords": ["Trample"],
            }
        ],
    )
    d = board(
        [],
        hand=["Rhinos", "Populate"],
        cards=(pop, rhino),
        actions=[{"do": "cast", "card": "Rhinos"}, {"do": "cast", "card": "Populate"}],
    )
    tl = finished(d)
    assert [tl.final.characteristics(o.id).pt for o in bf(tl)] == ["4/4", "4/4"]


def test_amass_and_incubate_then_transform_cr_701_47a_701_53a() -> None:
    amass = spell("Amass Two", [{"op": "amass", "n": 2, "subtype": "Zombie"}])
    tl = finished(board([], hand=["Amass Two"], cards=(amass,)))
    [army] = bf(tl)
    c = tl.final.characteristics(army.id)
    assert army.counter("+1/+1") == 2 and c.pt == "2/2" and {"Zombie", "Army"} <= set(c.subtypes)
    inc = spell("Incubate Three", [{"op": "incubate", "n": 3}])
    tl = finished(board([], hand=["Incubate Three"], cards=(inc,)))
    [incubator] = bf(tl)
    c = tl.final.characteristics(incubator.id)
    assert incubator.counter("+1/+1") == 3 and c.types == ("Artifact",) and c.power is None
    flip = spell(
        "Flip It", [{"op": "transform", "what": "target"}], [{"what": "artifact", "count": 1}]
    )
    d = board(
        [],
        hand=["Incubate Three", "Flip It"],
        cards=(inc, flip),
        actions=[{"do": "cast", "card": "Incubate Three"}, {"do": "cast", "card": "Flip It"}],
    )
    tl = finished(d)
    [token] = bf(tl)
    c = tl.final.characteristics(token.id)
    assert token.face == "Phyrexian Token" and c.is_creature and c.pt == "3/3"


def test_manifest_puts_face_down_2_2s_cr_701_40a() -> None:
    c = spell("Manifest Two", [{"op": "manifest", "n": 2}])
    tl = finished(board(["Lightning Bolt", "Island", "Forest"], hand=["Manifest Two"], cards=(c,)))
    down = bf(tl)
    assert len(down) == 2 and all(o.face_down for o in down)
    assert [tl.final.characteristics(o.id).pt for o in down] == ["2/2", "2/2"]
    assert zone(tl, "library") == ["Forest"]


# ---------------------------------------------------------------- tap, untap, skip
def test_tap_untap_and_tap_or_untap_cr_701_26() -> None:
    tap = spell(
        "Tap All",
        [{"op": "tap", "what": "all", "filter": {"controller": "opponent", "types": ["Creature"]}}],
    )
    tl = finished(
        board([], hand=["Tap All"], opponent_battlefield=["Grizzly Bears", "Forest"], cards=(tap,))
    )
    assert [o.tapped for o in bf(tl, 1)] == [True, False]
    either = spell("Flip", [{"op": "tap_or_untap", "what": "target"}], [CREATURE])
    tl = run(
        ["Flip"], [either], battlefield=[{"name": "Grizzly Bears", "tapped": True}], extra=["untap"]
    )  # its only target
    assert bf(tl)[0].tapped is False


def test_skip_untap_keeps_it_tapped_for_one_untap_step_cr_502_3() -> None:
    frost = spell(
        "Frost",
        [
            {"op": "tap", "what": "target"},
            {"op": "skip_untap", "what": "target", "duration": "next_untap_step"},
        ],
        [CREATURE],
    )
    turns = [{"do": "precombat_main", "player": 1, "draw": False}]
    d = board(
        [],
        hand=["Frost"],
        opponent_battlefield=["Grizzly Bears"],
        cards=(frost,),
        actions=[{"do": "cast", "card": "Frost"}, *turns],
    )
    oid = ids(game_of(d), "Grizzly Bears", player=1)[0]
    tl = finished({**d, "choices": [f"target:o{oid}"]})
    assert bf(tl, 1)[0].tapped is True and tl.final.continuous == ()
    again = {
        **d,
        "actions": [
            *d["actions"],
            {"do": "precombat_main", "player": 0, "draw": False},
            {"do": "precombat_main", "player": 1, "draw": False},
        ],
    }
    tl = finished({**again, "choices": [f"target:o{oid}"]})
    assert bf(tl, 1)[0].tapped is False


# ------------------------------------------------------------------------- attach
AURA = permanent(
    "Test Might",
    "Enchantment — Aura",
    {
        "enchant": {"what": "creature", "count": 1},
        "targets": [CREATURE],
        "spell": [{"op": "attach", "what": "self", "to": "target"}],
        "static": [
            {
                "op": "pump",
                "who": "attached",
                "power": 2,
                "toughness": 0,
                "duration": "while_on_battlefield",
            },
            {
                "op": "grant",
                "who": "attached",
                "keywords": ["Trample"],
                "duration": "while_on_battlefield",
            },
        ],
    },
)
KILL = spell("Kill", [{"op": "destroy", "what": "target"}], [CREATURE])


def test_an_aura_enters_attached_and_boosts_its_creature_cr_303_4f() -> None:
    tl = run(["Test Might"], [AURA], battlefield=["Grizzly Bears"], target="Grizzly Bears")
    aura, bears = bf(tl)[1], bf(tl)[0]
    assert aura.attached_to == bears.id
    c = tl.final.characteristics(bears.id)
    assert c.pt == "4/2" and c.has_keyword("Trample")


def test_an_aura_falls_off_when_its_creature_leaves_cr_704_5m() -> None:
    d = board(
        [],
        hand=["Test Might", "Kill"],
        battlefield=["Grizzly Bears"],
        cards=(AURA, KILL),
        actions=[{"do": "cast", "card": "Test Might"}, {"do": "cast", "card": "Kill"}],
    )
    oid = ids(game_of(d), "Grizzly Bears")[0]
    tl = finished({**d, "choices": [f"target:o{oid}", f"target:o{oid}"]})
    assert zone(tl, "battlefield") == []
    assert sorted(zone(tl, "graveyard")) == ["Grizzly Bears", "Kill", "Test Might"]
    [e] = [e for e in of_kind(tl, "sba") if e.data.get("reason") == "aura_unattached"]
    assert e.rule == "704.5m"


EQUIP = permanent(
    "Test Blade",
    "Artifact — Equipment",
    {
        "activated": [
            {
                "cost": "{1}",
                "ops": [{"op": "attach", "what": "self", "to": "target"}],
                "targets": [{"what": "creature", "count": 1, "filter": {"controller": "you"}}],
            }
        ],
        "static": [
            {
                "op": "pump",
                "who": "attached",
                "power": 2,
                "toughness": 0,
                "duration": "while_on_battlefield",
            }
        ],
    },
)


def test_equipment_attaches_and_stays_when_its_creature_dies_cr_301_5_704_5n() -> None:
    d = board(
        [],
        hand=["Kill"],
        battlefield=["Test Blade", "Grizzly Bears"],
        cards=(EQUIP, KILL),
        actions=[{"do": "activate", "card": "Test Blade"}],
    )
    tl = finished(d)
    blade, bears = bf(tl)
    assert blade.attached_to == bears.id and tl.final.characteristics(bears.id).pt == "4/2"
    d["actions"].append({"do": "cast", "card": "Kill"})
    tl = finished({**d, "choices": [f"target:o{bears.id}"]})
    [blade] = bf(tl)
    assert blade.name == "Test Blade" and blade.attached_to is None


# ----------------------------------------------------------- regenerate, prevention
def test_regeneration_replaces_destruction_cr_701_19a() -> None:
    regen = spell("Regrow", [{"op": "regenerate", "what": "target"}], [CREATURE])
    d = board(
        [],
        hand=["Regrow", "Kill"],
        battlefield=["Grizzly Bears"],
        cards=(regen, KILL),
        actions=[{"do": "cast", "card": "Regrow"}, {"do": "cast", "card": "Kill"}],
    )
    oid = ids(game_of(d), "Grizzly Bears")[0]
    tl = finished({**d, "choices": [f"target:o{oid}", f"target:o{oid}"]})
    [bears] = bf(tl)
    assert bears.tapped and tl.final.continuous == ()  # the shield is used up
    assert [e.rule for e in of_kind(tl, "regenerate")] == ["701.19a"]


FOG = spell(
    "Shield",
    [{"op": "prevent_damage", "to": "target", "amount": 3, "duration": "end_of_turn"}],
    [CREATURE],
)
ZAP4 = spell(
    "Zap Four", [{"op": "damage", "amount": 4, "to": "target"}], [{"what": "any", "count": 1}]
)
STOMPISH = spell(
    "Stompish",
    [
        {"op": "damage_cant_be_prevented", "duration": "end_of_turn"},
        {"op": "damage", "amount": 4, "to": "target"},
    ],
    [{"what": "any", "count": 1}],
)


@pytest.mark.parametrize(
    ("spell_name", "damage", "where"),
    [("Zap Four", 1, "battlefield"), ("Stompish", 4, "graveyard")],
)
def test_prevention_and_damage_that_cant_be_prevented_cr_615_1_615_12(
    spell_name: str, damage: int, where: str
) -> None:
    d = board(
        [],
        hand=["Shield", spell_name],
        battlefield=["Grizzly Bears"],
        cards=(FOG, ZAP4, STOMPISH),
        actions=[{"do": "cast", "card": "Shield"}, {"do": "cast", "card": spell_name}],
    )
    oid = ids(game_of(d), "Grizzly Bears")[0]
    tl = finished({**d, "choices": [f"target:o{oid}", f"target:o{oid}"]})
    assert "Grizzly Bears" in zone(tl, where)
    hits = [h for e in of_kind(tl, "damage") for h in e.data["hits"]]
    assert [h["damage"] for h in hits] == [damage]


# ----------------------------------------------------------- transform, phase out
def test_phase_out_keeps_it_out_of_the_game_until_its_controllers_untap_cr_702_26() -> None:
    c = spell("Blink Away", [{"op": "phase_out", "what": "target"}], [CREATURE])
    d = board(
        [],
        hand=["Blink Away"],
        battlefield=["Grizzly Bears"],
        cards=(c,),
        actions=[{"do": "cast", "card": "Blink Away"}],
    )
    oid = ids(game_of(d), "Grizzly Bears")[0]
    tl = finished({**d, "choices": [f"target:o{oid}"]})
    assert bf(tl)[0].phased_out is True
    d["actions"] += [
        {"do": "precombat_main", "player": 1, "draw": False},
        {"do": "precombat_main", "player": 0, "draw": False},
    ]
    tl = finished({**d, "choices": [f"target:o{oid}"]})
    assert bf(tl)[0].phased_out is False


# ---------------------------------------------------------------------- mana, statics
def test_add_mana_of_any_color_is_a_choice_cr_106_4() -> None:
    c = spell("Prism", [{"op": "add_mana", "mana": "any_color", "n": 2}])
    tl = play(board([], hand=["Prism"], cards=(c,)))
    assert tl.pending is not None and tl.pending.kind == "choose_color"
    tl = finished(board([], hand=["Prism"], cards=(c,), choices=["color:G", "color:U"]))
    assert tl.final.players[0].mana_pool == "{G}{U}"
    one = spell("Mono", [{"op": "add_mana", "mana": "any_one_color", "n": 3, "colors": ["R", "G"]}])
    tl = finished(board([], hand=["Mono"], cards=(one,), choices=["color:R"]))
    assert tl.final.players[0].mana_pool == "{R}{R}{R}"


def test_enters_tapped_unless_and_enters_with_counters_cr_614_1c() -> None:
    land = permanent(
        "Check Land",
        "Land",
        {
            "static": [
                {
                    "op": "enters_tapped",
                    "unless": {
                        "cond": "count",
                        "filter": {"controller": "you", "subtypes": ["Forest"]},
                        "cmp": [">=", 1],
                    },
                }
            ]
        },
    )
    land["mana_cost"] = None
    drake = permanent(
        "Counter Drake",
        "Creature — Drake",
        {
            "static": [
                {
                    "op": "enters_with",
                    "ops": [{"op": "add_counters", "what": "self", "counter": "+1/+1", "n": 2}],
                }
            ]
        },
        "1/1",
    )
    tl = finished(board([], hand=["Counter Drake"], cards=(drake, land)))
    assert bf(tl)[0].counter("+1/+1") == 2 and ch(tl, "Counter Drake").pt == "3/3"
    put = spell(
        "Put Land", [{"op": "create_token_copy", "what": "target"}], [{"what": "land", "count": 1}]
    )
    tl = run(["Put Land"], [put, land], battlefield=["Check Land"], target="Check Land")
    assert [o.tapped for o in bf(tl)] == [False, True]  # no Forest: the copy enters tapped
    tl = run(["Put Land"], [put, land], battlefield=["Check Land", "Forest"], target="Check Land")
    assert [o.tapped for o in bf(tl)] == [False, False, False]


def test_cost_change_is_checked_and_noted_cr_601_2f() -> None:
    assert effects.is_simulated([{"op": "cost_change", "spells": "self", "amount": -1}])
    assert not effects.is_simulated([{"op": "cost_change", "spells": "words", "amount": 1}])


def test_unknown_references_and_durations_are_not_simulated() -> None:
    assert not effects.is_simulated(
        [{"op": "pump", "who": "chosen", "power": 1, "toughness": 1, "duration": "end_of_turn"}]
    )
    assert not effects.is_simulated(
        [
            {
                "op": "pump",
                "who": "target",
                "power": 1,
                "toughness": 1,
                "duration": "until_the_sun_sets",
            }
        ]
    )
    assert effects.is_simulated(
        [
            {
                "op": "pump",
                "who": "all",
                "power": 1,
                "toughness": 1,
                "duration": "end_of_turn",
                "filter": {"controller": "you", "types": ["Creature"]},
            }
        ]
    )


def test_tokens_for_the_target_player_cr_111_2() -> None:
    gift = spell(
        "Gift Goat",
        [{"op": "create_token", "token": "Goat", "pt": "0/1", "controller": "target_player"}],
        [{"what": "opponent", "count": 1}],
    )
    tl = finished(board([], hand=["Gift Goat"], cards=(gift,)))
    assert bf(tl) == [] and [o.name for o in bf(tl, 1)] == ["Goat token"]
    assert bf(tl, 1)[0].controller == 1 and bf(tl, 1)[0].owner == 1


def test_a_scenario_can_start_with_an_aura_attached_cr_303_4() -> None:
    d = board(
        [],
        battlefield=["Grizzly Bears", {"name": "Test Might", "attached_to": "Grizzly Bears"}],
        cards=(AURA,),
    )
    tl = finished(d)
    bears, aura = bf(tl)
    assert aura.attached_to == bears.id and tl.final.characteristics(bears.id).pt == "4/2"
    lonely = finished(board([], battlefield=["Test Might"], cards=(AURA,)))
    assert zone(lonely, "graveyard") == ["Test Might"]  # 704.5m: attached to nothing


def test_proliferate_also_offers_players_with_counters_cr_701_34a() -> None:
    energize = spell(
        "Energize", [{"op": "add_player_counters", "counter": "energy", "n": 2, "who": "you"}]
    )
    prolif = spell("Spread", [{"op": "proliferate"}])
    d = board(
        [],
        hand=["Energize", "Spread"],
        cards=(energize, prolif),
        battlefield=[{"name": "Grizzly Bears", "counters": {"+1/+1": 1}}],
        actions=[{"do": "cast", "card": "Energize"}, {"do": "cast", "card": "Spread"}],
        choices=["add", "add"],
    )
    tl = finished(d)
    assert dict(tl.final.players[0].counters) == {"energy": 3}
    assert bf(tl)[0].counter("+1/+1") == 2


def test_equip_is_an_activated_ability_attaching_to_your_creature_cr_702_6a() -> None:
    blade = permanent(
        "Test Splitter",
        "Artifact — Equipment",
        {
            "keyword_costs": {"Equip": "{1}"},
            "static": [
                {
                    "op": "pump",
                    "who": "attached",
                    "power": 2,
                    "toughness": 0,
                    "duration": "while_on_battlefield",
                }
            ],
        },
    )
    d = board(
        [],
        battlefield=["Test Splitter", "Grizzly Bears"],
        cards=(blade,),
        opponent_battlefield=["Llanowar Elves"],
        actions=[{"do": "activate", "card": "Test Splitter"}],
    )
    tl = finished(d)  # the opponent's Elves are no legal target: yours is the only one
    splitter, bears = bf(tl)
    assert splitter.attached_to == bears.id
    assert tl.final.characteristics(bears.id).pt == "4/2"


@pytest.mark.parametrize(
    "name",
    ["cant_block", "cant_be_blocked", "must_attack", "can_block_only", "cant_attack_or_block"],
)
def test_every_combat_only_restriction_is_recorded_on_its_object(name: str) -> None:
    c = spell("Rule It", [{"op": name, "what": "target", "duration": "end_of_turn"}], [CREATURE])
    tl = run(["Rule It"], [c], battlefield=["Grizzly Bears"])
    assert ch(tl, "Grizzly Bears").rules == (name,)


def test_until_your_next_turn_lasts_through_the_opponents_turn_cr_611_2b() -> None:
    c = spell(
        "Long Boost",
        [
            {
                "op": "pump",
                "who": "target",
                "power": 2,
                "toughness": 2,
                "duration": "until_your_next_turn",
            }
        ],
        [CREATURE],
    )
    d = board(
        [],
        hand=["Long Boost"],
        battlefield=["Grizzly Bears"],
        cards=(c,),
        actions=[
            {"do": "cast", "card": "Long Boost"},
            {"do": "precombat_main", "player": 1, "draw": False},
        ],
    )
    tl = finished(d)
    assert ch(tl, "Grizzly Bears").pt == "4/4"
    d["actions"].append({"do": "precombat_main", "player": 0, "draw": False})
    tl = finished(d)
    assert ch(tl, "Grizzly Bears").pt == "2/2" and tl.final.continuous == ()


def test_an_effect_for_as_long_as_its_source_stays_ends_when_it_leaves_cr_611_2b() -> None:
    totem = permanent(
        "Test Totem",
        "Artifact",
        {
            "activated": [
                {
                    "cost": "{1}",
                    "ops": [
                        {
                            "op": "gain_control",
                            "what": "target",
                            "duration": "while_source_on_battlefield",
                        }
                    ],
                    "targets": [CREATURE],
                }
            ]
        },
    )
    kill = spell(
        "Shatter It", [{"op": "destroy", "what": "target"}], [{"what": "artifact", "count": 1}]
    )
    d = board(
        [],
        hand=["Shatter It"],
        battlefield=["Test Totem"],
        cards=(totem, kill),
        opponent_battlefield=["Grizzly Bears"],
        actions=[{"do": "activate", "card": "Test Totem"}],
    )
    tl = finished(d)
    assert [o.name for o in bf(tl)] == ["Test Totem", "Grizzly Bears"]
    d["actions"].append({"do": "cast", "card": "Shatter It"})
    tl = finished(d)
    assert [o.name for o in bf(tl, 1)] == ["Grizzly Bears"] and bf(tl) == []


def test_an_aura_put_onto_the_battlefield_is_attached_by_choice_cr_303_4a() -> None:
    put = spell(
        "Reanimate Aura",
        [{"op": "create_token_copy", "what": "target"}],
        [{"what": "enchantment", "count": 1}],
    )
    d = board(
        [],
        hand=["Reanimate Aura"],
        cards=(put, AURA),
        battlefield=[
            "Grizzly Bears",
            {"name": "Test Might", "attached_to": "Grizzly Bears"},
            "Llanowar Elves",
        ],
    )
    g = game_of(d)
    elves = ids(g, "Llanowar Elves")[0]
    tl = finished({**d, "choices": [f"attach:o{elves}"]})
    copy = [o for o in bf(tl) if o.is_token][0]
    assert copy.attached_to == elves and tl.final.characteristics(elves).pt == "3/1"


MAKER_SAGA = {  # like Urza's Saga's chapter II: "this Saga gains '{2}, {T}: create ...'"
    "name": "Test Maker Saga",
    "mana_cost": "{1}",
    "type_line": "Enchantment — Saga",
    "chapters": {
        "count": 3,
        "abilities": [
            {"chapters": [1], "ops": [{"op": "draw", "n": 1}]},
            {
                "chapters": [2],
                "ops": [
                    {
                        "op": "grant",
                        "who": "self",
                        "duration": "while_on_battlefield",
                        "ability": {
                            "kind": "activated",
                            "cost": "{2}, {T}",
                            "ops": [{"op": "create_token", "token": "Construct", "pt": "1/1"}],
                        },
                    }
                ],
            },
            {"chapters": [3], "ops": [{"op": "draw", "n": 1}]},
        ],
    },
}


def test_a_granted_activated_ability_can_be_activated_urzas_saga_cr_613_1f() -> None:
    d = board(
        ["Island", "Island"],
        cards=(MAKER_SAGA,),
        battlefield=[{"name": "Test Maker Saga", "counters": {"lore": 1}}],
        actions=[
            {"do": "precombat_main", "player": 0, "draw": False},
            {"do": "activate", "card": "Test Maker Saga"},
        ],
    )
    tl = finished(d)
    saga = bf(tl)[0]
    assert saga.counter("lore") == 2 and saga.tapped
    kinds = [a["kind"] for a in tl.final.characteristics(saga.id).abilities]
    assert kinds == ["activated"]  # chapter II's grant is in force
    [construct] = [o for o in bf(tl) if o.is_token]
    assert tl.final.characteristics(construct.id).pt == "1/1"


def test_a_stolen_creature_is_summoning_sick_unless_it_gains_haste_cr_302_6() -> None:
    pinger = permanent(
        "Test Pinger",
        "Creature — Human",
        {
            "activated": [
                {
                    "cost": "{T}",
                    "ops": [{"op": "damage", "amount": 1, "to": "target"}],
                    "targets": [{"what": "player", "count": 1}],
                }
            ]
        },
        "1/1",
    )
    steal = spell(
        "Steal", [{"op": "gain_control", "what": "target", "duration": "end_of_turn"}], [CREATURE]
    )
    d = board(
        [],
        hand=["Steal"],
        opponent_battlefield=["Test Pinger"],
        cards=(pinger, steal),
        actions=[{"do": "cast", "card": "Steal"}, {"do": "activate", "card": "Test Pinger"}],
    )
    with pytest.raises(Exception, match="summoning sickness"):
        finished(d)


def test_prevent_damage_dealt_by_matching_sources_cr_615_1() -> None:
    fog = spell(
        "Red Fog",
        [
            {
                "op": "prevent_damage",
                "by": "all",
                "duration": "end_of_turn",
                "filter": {"colors_any": ["R"]},
            }
        ],
    )
    pinger = permanent(
        "Red Pinger",
        "Creature — Goblin",
        {
            "activated": [
                {
                    "cost": "{1}",
                    "ops": [{"op": "damage", "amount": 2, "to": "target"}],
                    "targets": [{"what": "any", "count": 1}],
                }
            ]
        },
        "1/1",
    )
    pinger["colors"] = ["R"]
    d = board(
        [],
        hand=["Red Fog"],
        battlefield=["Red Pinger"],
        cards=(fog, pinger),
        opponent_battlefield=["Grizzly Bears"],
        actions=[{"do": "cast", "card": "Red Fog"}, {"do": "activate", "card": "Red Pinger"}],
    )
    bears = ids(game_of(d), "Grizzly Bears", player=1)[0]
    tl = finished({**d, "choices": [f"target:o{bears}"]})
    assert [o.name for o in bf(tl, 1)] == ["Grizzly Bears"] and bf(tl, 1)[0].damage == 0
    assert [e.amount for e in of_kind(tl, "prevent")] == [2]


def test_a_static_doesnt_untap_keeps_it_tapped_cr_502_3() -> None:
    chain = permanent(
        "Test Chains",
        "Enchantment — Aura",
        {
            "enchant": {"what": "creature", "count": 1},
            "targets": [CREATURE],
            "static": [
                {"op": "skip_untap", "what": "attached", "duration": "while_on_battlefield"}
            ],
        },
    )
    d = board(
        [],
        cards=(chain,),
        battlefield=[
            {"name": "Grizzly Bears", "tapped": True},
            "Llanowar Elves",
            {"name": "Test Chains", "attached_to": "Grizzly Bears"},
        ],
        actions=[{"do": "precombat_main", "player": 0, "draw": False}],
    )
    tl = finished(d)
    assert [(o.name, o.tapped) for o in bf(tl)][:1] == [("Grizzly Bears", True)]


def test_control_magic_real_card_steals_while_attached_cr_613_1b() -> None:
    d = board([], hand=["Control Magic"], opponent_battlefield=["Grizzly Bears"])
    tl = finished(d)
    assert sorted(o.name for o in bf(tl)) == ["Control Magic", "Grizzly Bears"]
    assert bf(tl, 1) == [] and [o.owner for o in bf(tl) if o.name == "Grizzly Bears"] == [1]
    zap = spell(
        "Disenchant It",
        [{"op": "destroy", "what": "target"}],
        [{"what": "enchantment", "count": 1}],
    )
    d2 = board(
        [],
        hand=["Control Magic", "Disenchant It"],
        cards=(zap,),
        opponent_battlefield=["Grizzly Bears"],
        actions=[{"do": "cast", "card": "Control Magic"}, {"do": "cast", "card": "Disenchant It"}],
    )
    tl = finished(d2)
    assert [o.name for o in bf(tl, 1)] == ["Grizzly Bears"] and bf(tl) == []


NOTHING_TO_DO = [
    {
        "op": "pump",
        "who": "all",
        "power": 1,
        "toughness": 1,
        "duration": "end_of_turn",
        "filter": {"types": ["Creature"]},
    },
    {
        "op": "set_base_pt",
        "what": "all",
        "power": 1,
        "toughness": 1,
        "duration": "end_of_turn",
        "filter": {"types": ["Creature"]},
    },
    {
        "op": "grant",
        "who": "all",
        "keywords": ["Flying"],
        "duration": "end_of_turn",
        "filter": {"types": ["Creature"]},
    },
    {
        "op": "lose_keywords",
        "what": "all",
        "keywords": ["Flying"],
        "duration": "end_of_turn",
        "filter": {"types": ["Creature"]},
    },
    {
        "op": "set_color",
        "what": "all",
        "colors": ["U"],
        "duration": "end_of_turn",
        "filter": {"types": ["Creature"]},
    },
    {
        "op": "add_types",
        "what": "all",
        "types": ["Artifact"],
        "duration": "end_of_turn",
        "filter": {"types": ["Creature"]},
    },
    {
        "op": "become_creature",
        "what": "all",
        "pt": "1/1",
        "duration": "end_of_turn",
        "filter": {"types": ["Land"]},
    },
    {
        "op": "gain_control",
        "what": "all",
        "duration": "end_of_turn",
        "filter": {"types": ["Creature"]},
    },
    {
        "op": "cant_block",
        "what": "all",
        "duration": "end_of_turn",
        "filter": {"types": ["Creature"]},
    },
    {
        "op": "add_counters",
        "what": "all",
        "counter": "+1/+1",
        "n": 1,
        "filter": {"types": ["Creature"]},
    },
    {"op": "remove_counters", "what": "self", "counter": "+1/+1", "n": 1},
    {"op": "bolster", "n": 1},
    {"op": "populate"},
    {"op": "manifest", "n": 1},
    {"op": "tap", "what": "all", "filter": {"types": ["Creature"]}},
    {"op": "untap", "what": "all", "filter": {"types": ["Creature"]}},
    {"op": "tap_or_untap", "what": "self"},
    {"op": "skip_untap", "what": "self", "duration": "next_untap_step"},
    {"op": "attach", "what": "self", "to": "target"},
    {"op": "regenerate", "what": "self"},
    {"op": "prevent_damage", "to": "self", "duration": "end_of_turn"},
    {"op": "transform", "what": "self"},
    {"op": "phase_out", "what": "self"},
    {"op": "create_token_copy", "what": "all", "filter": {"types": ["Creature"]}},
]


@pytest.mark.parametrize("o", NOTHING_TO_DO, ids=lambda o: o["op"])
def test_an_op_with_nothing_to_act_on_says_so_never_a_silent_no_op(o: dict) -> None:
    c = spell("Empty Act", [o])
    assert effects.is_simulated([o])
    tl = finished(board([], hand=["Empty Act"], cards=(c,)))
    [resolve] = [i for i, e in enumerate(tl.events) if e.kind == "resolve"]
    after = [e for e in tl.events[resolve + 1 :] if e.kind not in ("graveyard", "not_simulated")]
    assert after and not of_kind(tl, "not_simulated")
