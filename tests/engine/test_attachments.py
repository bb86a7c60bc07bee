"""What an Aura or Equipment is attached to, read by the card data (CR 301.5, 303.4d):
"equipped"/"enchanted"/"modified" creatures (700.9), "as long as this is equipped",
"for each Equipment attached to it", "whenever equipped creature dies" (603.10a looks back
at what it was on) and "at the beginning of enchanted player's / enchanted permanent's
controller's upkeep". Real cards, boards before and after: zones, life, computed P/T and
keywords.
"""

from __future__ import annotations

from engine.cards.carddb import default_pool
from engine.views import coverage

from boards import board, finished, perm_id

_perm = perm_id


def chars(tl, name: str, player: int = 0):
    return tl.final.characteristics(_perm(tl, name, player))


def on(name: str, host: str) -> dict:
    return {"name": name, "attached_to": host}


def test_skullclamp_draws_two_when_the_equipped_creature_dies_cr_603_10a_704_5f() -> None:
    d = board(
        ["Island", "Forest", "Swamp"],
        battlefield=("Skullclamp", "Llanowar Elves"),
        actions=[{"do": "activate", "card": "Skullclamp"}],
        choices=["target:o5"],
    )
    tl = finished(d)
    you = tl.final.players[0]
    names = [tl.final.objects[o].name for o in you.graveyard]
    assert names == ["Llanowar Elves"]  # 1/1 with +1/-1: toughness 0 (704.5f)
    assert len(you.hand) == 2 and len(you.library) == 1  # "whenever equipped creature dies"
    assert tl.final.objects[_perm(tl, "Skullclamp")].attached_to is None  # 704.5n


def test_skullclamp_does_not_draw_for_a_creature_it_was_not_on_cr_603_10a() -> None:
    d = board(
        ["Island", "Forest"],
        hand=["Shock"],
        battlefield=("Skullclamp", on("Bonesplitter", "Llanowar Elves"), "Llanowar Elves"),
        opponent_battlefield=("Grizzly Bears",),
        actions=[{"do": "cast", "card": "Shock"}],
        choices=["target:o6"],
    )
    tl = finished(d)
    you = tl.final.players[0]
    assert [tl.final.objects[o].name for o in you.graveyard] == ["Shock", "Llanowar Elves"]
    assert len(you.hand) == 0 and len(you.library) == 2


def test_winds_of_rath_spares_enchanted_creatures_cr_303_4d() -> None:
    d = board(
        [],
        hand=["Winds of Rath"],
        battlefield=("Grizzly Bears", on("Rancor", "Grizzly Bears"), "Llanowar Elves"),
        opponent_battlefield=("Savannah Lions",),
    )
    tl = finished(d)
    you, opp = tl.final.players
    assert [tl.final.objects[o].name for o in you.battlefield] == ["Grizzly Bears", "Rancor"]
    assert not opp.battlefield


def test_myr_adapter_counts_the_equipment_attached_to_it_cr_301_5() -> None:
    tl = finished(
        board(
            [],
            battlefield=(
                "Myr Adapter",
                on("Bonesplitter", "Myr Adapter"),
                on("Skullclamp", "Myr Adapter"),
            ),
        )
    )
    adapter = chars(tl, "Myr Adapter")
    assert (adapter.power, adapter.toughness) == (1 + 2 + 2 + 1, 1 + 2 - 1)


def test_armory_veteran_has_menace_only_while_equipped_cr_301_5() -> None:
    tl = finished(
        board(
            [],
            battlefield=("Armory Veteran", on("Bonesplitter", "Armory Veteran"), "Kor Blademaster"),
        )
    )
    assert "Menace" in chars(tl, "Armory Veteran").keywords
    tl = finished(board([], battlefield=("Armory Veteran",)))
    assert "Menace" not in chars(tl, "Armory Veteran").keywords


def test_obstinate_gargoyle_is_modified_by_counters_equipment_or_your_own_aura_cr_700_9() -> None:
    def flying(**zones) -> bool:
        tl = finished(board([], **zones))
        return "Flying" in chars(tl, "Obstinate Gargoyle").keywords

    assert not flying(battlefield=("Obstinate Gargoyle",))
    assert flying(battlefield=({"name": "Obstinate Gargoyle", "counters": {"+1/+1": 1}},))
    assert flying(battlefield=("Obstinate Gargoyle", on("Bonesplitter", "Obstinate Gargoyle")))
    assert flying(battlefield=("Obstinate Gargoyle", on("Rancor", "Obstinate Gargoyle")))
    # An Aura another player controls doesn't make it modified.
    assert not flying(
        battlefield=("Obstinate Gargoyle",),
        opponent_battlefield=(on("Rancor", "Obstinate Gargoyle"),),
    )


def test_akki_war_paint_pumps_only_while_on_a_creature_cr_303_4d() -> None:
    tl = finished(board([], battlefield=("Grizzly Bears", on("Akki War Paint", "Grizzly Bears"))))
    assert chars(tl, "Grizzly Bears").pt == "4/3"


def test_cursed_land_damages_the_enchanted_lands_controller_in_their_upkeep_cr_503_1() -> None:
    d = board(
        ["Island", "Island"],
        battlefield=(on("Cursed Land", "Forest"),),
        opponent_library=["Mountain", "Mountain"],
        opponent_battlefield=("Forest",),
        actions=[{"do": "next_main"}],
    )
    tl = finished(d)
    assert [p.life for p in tl.final.players] == [20, 19]  # their upkeep only, not yours


def test_a_curse_triggers_in_the_enchanted_players_upkeep_cr_303_4d_503_1() -> None:
    d = board(
        ["Island", "Island"],
        hand=["Curse of the Bloody Tome"],
        opponent_library=["Mountain"] * 5,
        actions=[{"do": "cast", "card": "Curse of the Bloody Tome"}, {"do": "next_main"}],
        choices=["target:p1"],
    )
    tl = finished(d)
    you, opp = tl.final.players
    assert tl.final.objects[you.battlefield[0]].enchanted_player == 1
    assert len(opp.graveyard) == 2 and len(opp.library) == 2  # drew 1, milled 2 in their upkeep
    assert not you.graveyard  # not in your upkeep


def test_these_cards_are_fully_simulated_now() -> None:
    pool = default_pool()
    for name in (
        "Skullclamp",
        "Winds of Rath",
        "Myr Adapter",
        "Armory Veteran",
        "Obstinate Gargoyle",
        "Akki War Paint",
        "Cursed Land",
        "Kor Blademaster",
        "Curse of the Bloody Tome",
    ):
        assert coverage.card_coverage(pool.get(name)).status == coverage.FULL, name
