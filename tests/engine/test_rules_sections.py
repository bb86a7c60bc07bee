"""Rules the engine got wrong or left out until now, one section per rule: dependency in
the layer system (613.6, 613.8), granted triggered abilities (613.1f, 603.2), Auras that
enchant a player (303.4), phasing (702.26b), equip's timing (702.6a), the monarch (724)
and "return it at the beginning of the next end step" (610.3a, 603.7).

Boards before/after: zones, computed characteristics, fields; never log wording.
"""

from __future__ import annotations

from boards import board, finished, game_of, ids, zone


def card(
    name: str, type_line: str, effects: dict, *, pt: str | None = None, cost: str = "{1}"
) -> dict:
    d: dict = {"name": name, "mana_cost": cost, "type_line": type_line, "effects": effects}
    if pt:
        d["power"], d["toughness"] = pt.split("/")
    return d


def chars(tl, name: str, player: int = 0):
    state = tl.final
    [oid] = [o for o in state.players[player].battlefield if state.objects[o].name == name]
    return state.characteristics(oid)


def _static(op: str, flt: dict, **kw) -> dict:
    return {"op": op, "who": "all", "filter": flt, "duration": "while_on_battlefield", **kw}


# ------------------------------------------------------------ 613.6 and 613.8 dependency
GOBLIN_LORD = card(
    "Test Goblin Lord",
    "Enchantment",
    {"static": [_static("pump", {"subtypes": ["Goblin"]}, power=1, toughness=1)]},
)
GOBLINIZE = card(
    "Goblinize",
    "Instant",
    {
        "targets": [{"what": "creature", "count": 1}],
        "spell": [
            {"op": "add_types", "what": "target", "subtypes": ["Goblin"], "duration": "end_of_turn"}
        ],
    },
)
# A (earlier timestamp): creatures with flying have first strike. B: all creatures have flying.
FLYERS_STRIKE = card(
    "Test Strike Banner",
    "Enchantment",
    {
        "static": [
            _static(
                "grant", {"types": ["Creature"], "keyword": "Flying"}, keywords=["First strike"]
            )
        ]
    },
)
ALL_FLY = card(
    "Test Wind Banner",
    "Enchantment",
    {"static": [_static("grant", {"types": ["Creature"]}, keywords=["Flying"])]},
)


def test_an_anthem_finds_what_earlier_layers_made_match_cr_613_6() -> None:
    d = board(
        [],
        hand=["Goblinize"],
        battlefield=["Test Goblin Lord", "Grizzly Bears"],
        cards=(GOBLIN_LORD, GOBLINIZE),
    )
    before = finished({**d, "actions": []})
    assert chars(before, "Grizzly Bears").pt == "2/2"
    bears = ids(game_of(d), "Grizzly Bears")[0]
    tl = finished({**d, "choices": [f"target:o{bears}"]})
    c = chars(tl, "Grizzly Bears")
    assert "Goblin" in c.subtypes and c.pt == "3/3"  # layer 4 made it a Goblin, 7c pumps it


def test_an_effect_waits_for_the_one_it_depends_on_in_its_layer_cr_613_8a() -> None:
    # The first-strike banner has the earlier timestamp, but giving every creature flying
    # changes what it applies to: it depends on the wind banner and applies after it.
    d = board(
        [],
        battlefield=["Test Strike Banner", "Test Wind Banner", "Grizzly Bears"],
        cards=(FLYERS_STRIKE, ALL_FLY),
    )
    c = chars(finished(d), "Grizzly Bears")
    assert c.has_keyword("Flying") and c.has_keyword("First strike")


def test_a_dependency_loop_applies_in_timestamp_order_cr_613_8b() -> None:
    # Each depends on the other (flyers gain trample, tramplers gain flying): timestamps.
    a = card(
        "Test Loop A",
        "Enchantment",
        {
            "static": [
                _static("grant", {"types": ["Creature"], "keyword": "Flying"}, keywords=["Trample"])
            ]
        },
    )
    b = card(
        "Test Loop B",
        "Enchantment",
        {
            "static": [
                _static("grant", {"types": ["Creature"], "keyword": "Trample"}, keywords=["Flying"])
            ]
        },
    )
    d = board(
        [],
        battlefield=["Test Loop A", "Test Loop B", "Serra Angel", "Grizzly Bears", "Thragtusk"],
        cards=(a, b),
    )
    tl = finished(d)
    angel, bears = chars(tl, "Serra Angel"), chars(tl, "Grizzly Bears")
    assert angel.has_keyword("Trample") and angel.has_keyword("Flying")
    assert not bears.has_keyword("Trample") and not bears.has_keyword("Flying")


def test_without_dependency_timestamp_order_stands_cr_613_7() -> None:
    # Only the strike banner: the Bears never fly, so no first strike either.
    d = board([], battlefield=["Test Strike Banner", "Grizzly Bears"], cards=(FLYERS_STRIKE,))
    c = chars(finished(d), "Grizzly Bears")
    assert not c.has_keyword("Flying") and not c.has_keyword("First strike")


# ------------------------------------------------------- granted triggered abilities
DEATH_GIFT = card(
    "Death Gift",
    "Instant",
    {
        "targets": [{"what": "creature", "count": 1}],
        "spell": [
            {
                "op": "grant",
                "who": "target",
                "duration": "end_of_turn",
                "ability": {
                    "kind": "triggered",
                    "when": "self_dies",
                    "ops": [{"op": "draw", "n": 2}],
                },
            }
        ],
    },
)
KILL = card(
    "Kill",
    "Instant",
    {"targets": [{"what": "creature", "count": 1}], "spell": [{"op": "destroy", "what": "target"}]},
)
BANNER_OF_GROWTH = card(
    "Test Growth Banner",
    "Enchantment",
    {
        "static": [
            _static(
                "grant",
                {"types": ["Creature"], "controller": "you"},
                ability={
                    "kind": "triggered",
                    "when": "your_end_step",
                    "ops": [{"op": "add_counters", "what": "self", "counter": "+1/+1", "n": 1}],
                },
            )
        ]
    },
)


def test_a_granted_dies_trigger_triggers_cr_613_1f_603_2_603_10a() -> None:
    d = board(
        ["Island", "Island", "Island"],
        hand=["Death Gift", "Kill"],
        battlefield=["Grizzly Bears"],
        cards=(DEATH_GIFT, KILL),
        actions=[{"do": "cast", "card": "Death Gift"}, {"do": "cast", "card": "Kill"}],
    )
    bears = ids(game_of(d), "Grizzly Bears")[0]
    tl = finished({**d, "choices": [f"target:o{bears}", f"target:o{bears}"]})
    assert sorted(zone(tl, "graveyard")) == ["Death Gift", "Grizzly Bears", "Kill"]
    assert zone(tl, "hand") == ["Island", "Island"]  # the granted ability drew two


def test_without_the_grant_nothing_triggers() -> None:
    d = board(["Island", "Island"], hand=["Kill"], battlefield=["Grizzly Bears"], cards=(KILL,))
    bears = ids(game_of(d), "Grizzly Bears")[0]
    tl = finished({**d, "choices": [f"target:o{bears}"]})
    assert zone(tl, "hand") == []


def test_a_static_grant_gives_each_creature_an_end_step_trigger_cr_613_1f() -> None:
    d = board(
        [],
        battlefield=["Test Growth Banner", "Grizzly Bears"],
        opponent_battlefield=["Llanowar Elves"],
        cards=(BANNER_OF_GROWTH,),
        actions=[{"do": "precombat_main", "player": 1, "draw": False}],
    )
    tl = finished(d)
    state = tl.final
    counters = {
        state.objects[o].name: state.objects[o].counter("+1/+1")
        for p in state.players
        for o in p.battlefield
    }
    # only your creatures have it, and it triggers in your end step only
    assert counters == {"Test Growth Banner": 0, "Grizzly Bears": 1, "Llanowar Elves": 0}


# ------------------------------------------------------------- 303.4 enchant player
CURSE = card(
    "Test Curse",
    "Enchantment — Aura Curse",
    {
        "enchant": {"count": 1, "what": "player"},
        "spell": [{"op": "attach", "to": "target", "what": "self"}],
        "targets": [{"count": 1, "what": "player"}],
    },
)
HEX = card(
    "Test Hex",
    "Enchantment — Aura Curse",
    {
        "enchant": {"count": 1, "what": "opponent"},
        "spell": [{"op": "attach", "to": "target", "what": "self"}],
        "targets": [{"count": 1, "what": "opponent"}],
    },
)


def test_an_aura_with_enchant_player_enters_attached_to_its_target_player_cr_303_4f() -> None:
    d = board([], hand=["Test Curse"], cards=(CURSE,), choices=["target:p1"])
    tl = finished(d)
    [curse] = [tl.final.objects[o] for o in tl.final.players[0].battlefield]
    assert (curse.name, curse.enchanted_player, curse.attached_to) == ("Test Curse", 1, None)


def test_an_enchant_opponent_aura_attached_to_its_controller_is_put_into_the_graveyard_cr_704_5m() -> (  # noqa: E501
    None
):
    # Control of the Hex passes to its enchanted player: "enchant opponent" is now illegal.
    steal = card(
        "Take Hex",
        "Sorcery",
        {
            "targets": [{"what": "permanent", "count": 1}],
            "spell": [{"op": "gain_control", "what": "target", "duration": "permanent"}],
        },
    )
    d = board(
        [],
        hand=["Test Hex"],
        opponent_hand=["Take Hex"],
        cards=(HEX, steal),
        actions=[
            {"do": "cast", "card": "Test Hex"},
            {"do": "precombat_main", "player": 1, "draw": False},
            {"do": "cast", "card": "Take Hex", "player": 1},
        ],
    )
    first = finished({**d, "actions": d["actions"][:2], "choices": ["target:p1"]})
    [hex_id] = first.final.players[1].battlefield or first.final.players[0].battlefield
    assert first.final.objects[hex_id].enchanted_player == 1
    tl = finished({**d, "choices": ["target:p1", f"target:o{hex_id}"]})
    assert zone(tl, "graveyard") == ["Test Hex"] and zone(tl, "graveyard", 1) == ["Take Hex"]


# ------------------------------------------------- 702.26b phased out: as though it doesn't exist
FADE = card(
    "Fade Away",
    "Instant",
    {
        "targets": [{"what": "creature", "count": 1}],
        "spell": [{"op": "phase_out", "what": "target"}],
    },
)
WRATH = card(
    "Test Wrath",
    "Sorcery",
    {"spell": [{"op": "destroy", "what": "all", "filter": {"types": ["Creature"]}}]},
)


def test_a_phased_out_permanent_is_no_legal_target_cr_702_26b() -> None:
    from engine.lang import targets

    d = board([], battlefield=["Grizzly Bears"], opponent_battlefield=["Grizzly Bears"])
    game = game_of(d)
    mine = ids(game, "Grizzly Bears")[0]
    theirs = ids(game, "Grizzly Bears", player=1)[0]
    spec = {"what": "creature", "count": 1}
    assert targets.candidates(game, spec, 0) == [f"o{mine}", f"o{theirs}"]
    game.set_phased(mine, True)
    assert targets.candidates(game, spec, 0) == [f"o{theirs}"]


def test_a_phased_out_permanent_is_not_affected_by_all_creatures_cr_702_26b() -> None:
    d = board(
        [],
        hand=["Fade Away", "Test Wrath"],
        battlefield=["Grizzly Bears"],
        opponent_battlefield=["Grizzly Bears"],
        cards=(FADE, WRATH),
        actions=[{"do": "cast", "card": "Fade Away"}, {"do": "cast", "card": "Test Wrath"}],
    )
    mine = ids(game_of(d), "Grizzly Bears")[0]
    tl = finished({**d, "choices": [f"target:o{mine}"]})
    [bears] = [tl.final.objects[o] for o in tl.final.players[0].battlefield]
    assert bears.id == mine and bears.phased_out
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears"]


# ----------------------------------------------------------- 702.6a equip only as a sorcery
SPLITTER = card(
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


def test_equip_only_as_a_sorcery_cr_702_6a_602_5d() -> None:
    import pytest

    from engine import ScenarioError

    d = board(
        [],
        battlefield=["Test Splitter", "Grizzly Bears"],
        cards=(SPLITTER,),
        actions=[{"do": "activate", "card": "Test Splitter"}],
    )
    [splitter, bears] = [o for o in finished(d).final.players[0].battlefield]
    assert finished(d).final.objects[splitter].attached_to == bears  # your main phase: yes
    theirs = {
        **d,
        "actions": [
            {"do": "precombat_main", "player": 1, "draw": False},
            {"do": "activate", "card": "Test Splitter"},
        ],
    }
    with pytest.raises(ScenarioError):  # the opponent's turn: not as a sorcery
        finished(theirs)


# ------------------------------------------------------------- 724.2 the monarch's draw
CROWN = card("Test Crown", "Sorcery", {"spell": [{"op": "become_monarch"}]})


def test_the_monarch_draws_a_card_at_the_beginning_of_their_end_step_cr_724_2() -> None:
    d = board(
        ["Island", "Forest"],
        hand=["Test Crown"],
        opponent_library=["Swamp", "Plains"],
        cards=(CROWN,),
        actions=[
            {"do": "cast", "card": "Test Crown"},
            {"do": "precombat_main", "player": 1, "draw": False},
        ],
    )
    tl = finished(d)
    assert zone(tl, "hand") == ["Island"]  # your end step: the monarch draws
    assert zone(tl, "hand", 1) == []  # not the monarch: no draw (and no draw step asked)
    [trig] = [
        e for e in tl.events if e.kind == "trigger" and e.data.get("trigger") == "monarch_end_step"
    ]
    assert (trig.rule, trig.player, trig.source) == ("724.2", 0, None)


def test_no_monarch_no_end_step_draw() -> None:
    d = board(["Island"], actions=[{"do": "precombat_main", "player": 1, "draw": False}])
    assert zone(finished(d), "hand") == []


# --------------------------------------------- 610.3a "until ... leaves": return at once
WARDEN = card(
    "Test Warden",
    "Enchantment",
    {
        "etb": [{"op": "exile", "what": "target", "until": "source_leaves"}],
        "etb_targets": [{"what": "creature", "count": 1, "constraint": "an opponent controls"}],
    },
)
SHATTER_SWEEP = card(
    "Shatter and Sweep",
    "Sorcery",
    {
        "targets": [{"what": "enchantment", "count": 1}],
        "spell": [
            {"op": "destroy", "what": "target"},
            {"op": "destroy", "what": "all", "filter": {"types": ["Creature"]}},
        ],
    },
)


def test_the_exiled_card_returns_immediately_mid_resolution_cr_610_3a() -> None:
    # The Warden leaves during the spell's first step; the Angel returns right then, so the
    # spell's second step ("destroy all creatures") finds it.
    d = board(
        [],
        hand=["Test Warden", "Shatter and Sweep"],
        opponent_battlefield=["Serra Angel"],
        cards=(WARDEN, SHATTER_SWEEP),
        actions=[{"do": "cast", "card": "Test Warden"}],
    )
    assert zone(finished(d), "exile", 1) == ["Serra Angel"]
    d["actions"].append({"do": "cast", "card": "Shatter and Sweep"})
    tl = finished(d)
    assert zone(tl, "graveyard", 1) == ["Serra Angel"] and zone(tl, "battlefield", 1) == []
    assert sorted(zone(tl, "graveyard")) == ["Shatter and Sweep", "Test Warden"]


# ------------------------------------------- 601.2c "X targets" with X too large: typed error
def test_x_targets_larger_than_the_legal_targets_is_a_typed_error_cr_601_2c() -> None:
    import pytest

    from engine import ScenarioError

    # Mass Manipulation: "Gain control of X target creatures and/or planeswalkers."
    d = board(
        [],
        hand=["Mass Manipulation"],
        opponent_battlefield=["Grizzly Bears"],
        actions=[{"do": "cast", "card": "Mass Manipulation", "x": 5}],
    )
    with pytest.raises(ScenarioError):
        finished(d)
    ok = finished({**d, "actions": [{"do": "cast", "card": "Mass Manipulation", "x": 1}]})
    assert [ok.final.objects[o].name for o in ok.final.players[0].battlefield] == ["Grizzly Bears"]
