"""Urza's Saga artifact-deck cards written by hand (data/cards_manual) from their XMage
classes: Kaldra Compleat (living weapon 702.92a), Esper Sentinel, Sigarda's Aid (as though
it had flash 702.8a; casting timing 307.1), Pithing Needle (a chosen name; 605.1a) and
Lavinia, Azorius Renegade (a casting restriction; "no mana was spent"). Boards before/after:
zones, attachments, computed P/T and keywords, life.
"""

from __future__ import annotations

import pytest

from engine.base.errors import ScenarioError

from boards import board, finished, perm_id, play


def _zones(tl, player: int = 0) -> dict:
    return tl.final.summary()["players"][player]


_perm = perm_id


# Kaldra Compleat ---------------------------------------------------------------------
def test_kaldra_compleat_living_weapon_makes_a_germ_and_equips_it_cr_702_92a() -> None:
    tl = finished(board([], hand=("Kaldra Compleat",)))
    germ = _perm(tl, "Phyrexian Germ token")
    state = tl.final
    assert state.objects[_perm(tl, "Kaldra Compleat")].attached_to == germ
    ch = state.characteristics(germ)
    assert (ch.power, ch.toughness, ch.colors) == (5, 5, ("B",))  # 0/0 +5/+5: it lives
    assert {"First strike", "Trample", "Indestructible", "Haste"} <= set(ch.keywords)
    # the granted "deals combat damage to a creature" trigger is recorded (combat-only)
    assert any(a.get("when") == "self_combat_damage_to_creature" for a in ch.abilities)


def test_kaldra_compleat_moved_to_another_creature_leaves_the_germ_to_die_cr_704_5f() -> None:
    # Hand o1 Kaldra; battlefield o2 Grizzly Bears; the Germ is created as o3.
    d = board(
        [],
        hand=("Kaldra Compleat",),
        battlefield=("Grizzly Bears",),
        actions=[
            {"do": "cast", "card": "Kaldra Compleat"},
            {"do": "activate", "card": "Kaldra Compleat"},
        ],
        choices=["target:o2"],
    )
    tl = finished(d)
    bears = tl.final.characteristics(_perm(tl, "Grizzly Bears"))
    assert (bears.power, bears.toughness) == (7, 7)
    assert "Phyrexian Germ token" not in _zones(tl)["battlefield"]  # a 0/0 again (704.5f)


# Esper Sentinel ----------------------------------------------------------------------
def _sentinel(choices: list[str], spells: int = 1) -> dict:
    return board(
        ["Forest"],
        battlefield=("Esper Sentinel",),
        opponent_hand=("Lightning Bolt", "Lightning Bolt"),
        actions=[{"do": "cast", "card": "Lightning Bolt", "player": 1}] * spells,
        choices=choices,
    )


def test_esper_sentinel_draws_unless_they_pay_for_the_first_noncreature_spell() -> None:
    tl = finished(_sentinel(["target:p0", "decline"]))
    assert _zones(tl)["hand"] == ["Forest"]


def test_esper_sentinel_draws_nothing_when_they_pay_cr_118_12() -> None:
    tl = finished(_sentinel(["target:p0", "pay"]))
    assert _zones(tl)["hand"] == [] and _zones(tl)["library"] == ["Forest"]


def test_esper_sentinel_ignores_their_second_noncreature_spell_that_turn() -> None:
    tl = finished(_sentinel(["target:p0", "decline", "target:p0"], spells=2))
    assert _zones(tl)["hand"] == ["Forest"]  # one draw only
    assert _zones(tl)["life"] == 14


# Sigarda's Aid -----------------------------------------------------------------------
def test_an_equipment_spell_is_cast_only_at_sorcery_speed_cr_307_1() -> None:
    # The opponent's Equipment on your turn: an artifact spell without flash.
    d = board(
        [],
        opponent_hand=("Colossus Hammer",),
        actions=[{"do": "cast", "card": "Colossus Hammer", "player": 1}],
    )
    with pytest.raises(ScenarioError, match="307.1"):
        play(d)


def test_sigardas_aid_lets_equipment_be_cast_as_though_it_had_flash_cr_702_8a() -> None:
    d = board(
        [],
        opponent_hand=("Colossus Hammer",),
        opponent_battlefield=("Sigarda's Aid",),
        actions=[{"do": "cast", "card": "Colossus Hammer", "player": 1}],
    )
    tl = finished(d)
    assert _zones(tl, 1)["battlefield"] == ["Sigarda's Aid", "Colossus Hammer"]


def test_sigardas_aid_attaches_an_entering_equipment_to_your_creature() -> None:
    # Hand o1 Colossus Hammer; battlefield o2 Sigarda's Aid, o3 Ornithopter.
    d = board(
        [], hand=("Colossus Hammer",), battlefield=("Sigarda's Aid", "Ornithopter"), choices=["yes"]
    )  # the only creature you control is the target
    tl = finished(d)
    hammer = tl.final.objects[_perm(tl, "Colossus Hammer")]
    assert hammer.attached_to == _perm(tl, "Ornithopter")
    assert tl.final.characteristics(_perm(tl, "Ornithopter")).power == 10


def test_sigardas_aid_attach_is_optional_cr_603_5() -> None:
    d = board(
        [], hand=("Colossus Hammer",), battlefield=("Sigarda's Aid", "Ornithopter"), choices=["no"]
    )
    tl = finished(d)
    assert tl.final.objects[_perm(tl, "Colossus Hammer")].attached_to is None


# Pithing Needle ----------------------------------------------------------------------
def test_pithing_needle_stops_the_named_cards_activated_abilities_cr_605_1a() -> None:
    d = board(
        [],
        hand=("Pithing Needle",),
        opponent_battlefield=("Shadowspear", "Memnite"),
        actions=[
            {"do": "cast", "card": "Pithing Needle"},
            {"do": "activate", "card": "Shadowspear", "player": 1, "ability": 0},
        ],
        choices=["name:Shadowspear"],
    )
    with pytest.raises(ScenarioError, match="Shadowspear"):
        play(d)
    d["choices"] = ["name:Memnite"]  # another name: Shadowspear's ability works
    d["actions"][1]["ability"] = 0
    finished(d)


def test_pithing_needle_leaves_mana_abilities_alone_cr_605_1a() -> None:
    d = board(
        [],
        hand=("Pithing Needle",),
        battlefield=("Springleaf Drum", "Memnite"),
        actions=[
            {"do": "cast", "card": "Pithing Needle"},
            {"do": "activate", "card": "Springleaf Drum", "mana": True},
        ],
        choices=["name:Springleaf Drum", "color:W"],
    )
    tl = finished(d)
    assert tl.final.players[0].mana_pool == "{W}"


def test_pithing_needle_stops_loyalty_abilities_of_the_named_planeswalker() -> None:
    lili = {"name": "Liliana of the Veil", "counters": {"loyalty": 3}}
    d = board(
        [],
        hand=("Pithing Needle",),
        battlefield=(lili,),
        actions=[
            {"do": "cast", "card": "Pithing Needle"},
            {"do": "activate", "card": "Liliana of the Veil", "ability": 0},
        ],
        choices=["name:Liliana of the Veil"],
    )
    with pytest.raises(ScenarioError, match="Pithing Needle"):
        play(d)


# Lavinia, Azorius Renegade -----------------------------------------------------------
def test_lavinia_stops_noncreature_spells_costing_more_than_their_lands_cr_101_2() -> None:
    # The opponent controls one land: Lightning Bolt (mv 1) is fine, Kolaghan's Command
    # (mv 3) can't be cast.
    d = board(
        [],
        battlefield=("Lavinia, Azorius Renegade",),
        opponent_hand=("Kolaghan's Command",),
        opponent_battlefield=("Mountain",),
        actions=[{"do": "cast", "card": "Kolaghan's Command", "player": 1}],
    )
    with pytest.raises(ScenarioError, match="101.2"):
        play(d)


def test_lavinia_allows_spells_within_their_land_count() -> None:
    d = board(
        [],
        battlefield=("Lavinia, Azorius Renegade",),
        opponent_hand=("Lightning Bolt",),
        opponent_battlefield=("Mountain",),
        actions=[{"do": "cast", "card": "Lightning Bolt", "player": 1}],
        choices=["target:p0"],
    )
    tl = finished(d)
    assert _zones(tl)["life"] == 17


def test_lavinia_counters_a_spell_cast_with_no_mana_spent() -> None:
    # Your Memnite ({0}) against the opponent's Lavinia: no mana was spent, so it is
    # countered; Grizzly Bears ({1}{G}) is paid for and resolves.
    d = board(
        [],
        hand=("Memnite", "Grizzly Bears"),
        opponent_battlefield=("Lavinia, Azorius Renegade",),
        actions=[{"do": "cast", "card": "Memnite"}, {"do": "cast", "card": "Grizzly Bears"}],
    )
    tl = finished(d)
    assert _zones(tl)["graveyard"] == ["Memnite"]
    assert _zones(tl)["battlefield"] == ["Grizzly Bears"]


def test_lavinia_stops_a_discovered_spell_too_it_goes_to_hand_cr_701_57a() -> None:
    # The opponent discovers 3 with no lands: Kolaghan's Command (mv 3) can't be cast.
    d = board(
        [],
        battlefield=("Lavinia, Azorius Renegade",),
        opponent_library=("Kolaghan's Command", "Forest"),
        actions=[{"do": "discover", "n": 3, "player": 1}],
    )
    tl = finished(d)
    assert _zones(tl, 1)["hand"] == ["Kolaghan's Command"]
    assert _zones(tl, 1)["graveyard"] == [] and _zones(tl, 1)["stack"] == []
