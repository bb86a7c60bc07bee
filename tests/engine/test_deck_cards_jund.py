"""Bloodbraid Jund cards written by hand (data/cards_manual) from their XMage classes:
Fatal Push (revolt), Maelstrom Pulse (same name), Scavenging Ooze, Dark Confidant, and
the planeswalkers (loyalty abilities 606, Liliana's piles, Wrenn and Six's emblem 114).
Boards before/after: zones, counters, life, P/T.
"""

from __future__ import annotations

from boards import board, finished, play


def _ids(tl, name: str, player: int = 0, zone: str = "battlefield") -> list[int]:
    state = tl.final
    return [o for o in state.players[player].zone(zone) if state.objects[o].name == name]


def _zones(tl, player: int = 0) -> dict:
    return tl.final.summary()["players"][player]


# Fatal Push --------------------------------------------------------------------------
def test_fatal_push_destroys_a_creature_with_mana_value_2() -> None:
    d = board([], hand=("Fatal Push",), opponent_battlefield=("Tarmogoyf",))
    tl = finished(d)
    assert _zones(tl, 1)["graveyard"] == ["Tarmogoyf"]


def test_fatal_push_leaves_a_mana_value_4_creature_without_revolt_cr_608_2c() -> None:
    d = board([], hand=("Fatal Push",), opponent_battlefield=("Bloodbraid Elf",))
    tl = finished(d)
    assert _zones(tl, 1)["battlefield"] == ["Bloodbraid Elf"]
    assert _zones(tl)["graveyard"] == ["Fatal Push"]


def test_fatal_push_with_revolt_destroys_mana_value_4() -> None:
    # Revolt: a permanent you controlled left the battlefield this turn.
    # Hand o1 Bolt, o2 Push; your Memnite o3 (bolted: it left the battlefield); theirs o4.
    d = board(
        [],
        hand=("Lightning Bolt", "Fatal Push"),
        battlefield=("Memnite",),
        opponent_battlefield=("Bloodbraid Elf",),
        actions=[{"do": "cast", "card": "Lightning Bolt"}, {"do": "cast", "card": "Fatal Push"}],
        choices=["target:o3"],
    )
    tl = finished(d)
    assert _zones(tl, 1)["graveyard"] == ["Bloodbraid Elf"]


def test_fatal_push_with_revolt_still_misses_mana_value_5() -> None:
    # Hand o1 Bolt, o2 Push; your Memnite o3 (bolted: it left the battlefield); theirs o4.
    d = board(
        [],
        hand=("Lightning Bolt", "Fatal Push"),
        battlefield=("Memnite",),
        opponent_battlefield=("Maelstrom Colossus",),
        actions=[{"do": "cast", "card": "Lightning Bolt"}, {"do": "cast", "card": "Fatal Push"}],
        choices=["target:o3"],
    )
    tl = finished(d)
    assert _zones(tl, 1)["battlefield"] == ["Maelstrom Colossus"]


# Maelstrom Pulse ---------------------------------------------------------------------
def test_maelstrom_pulse_destroys_the_target_and_every_permanent_with_its_name_cr_701_8a() -> None:
    d = board(
        [],
        hand=("Maelstrom Pulse",),
        battlefield=("Grizzly Bears", "Memnite"),
        opponent_battlefield=("Grizzly Bears", "Grizzly Bears", "Ornithopter"),
    )
    tl = play(d)
    opp_bear = _ids(tl, "Grizzly Bears", 1)[0]
    d["choices"] = [f"target:o{opp_bear}"]
    tl = finished(d)
    assert _zones(tl)["battlefield"] == ["Memnite"]  # your Bears share the name
    assert _zones(tl, 1)["battlefield"] == ["Ornithopter"]
    assert _zones(tl, 1)["graveyard"].count("Grizzly Bears") == 2


# Scavenging Ooze ---------------------------------------------------------------------
def test_scavenging_ooze_eats_a_creature_card_grows_and_gains_life() -> None:
    d = board(
        [],
        battlefield=("Scavenging Ooze",),
        opponent_battlefield=(),
        actions=[{"do": "activate", "card": "Scavenging Ooze"}],
    )
    d["players"][1]["graveyard"] = ["Grizzly Bears", "Lightning Bolt"]
    tl = play(d)
    [bears] = [
        o.key
        for o in tl.pending.options
        if tl.final.objects[int(o.key.split(":o")[1])].name == "Grizzly Bears"
    ]
    d["choices"] = [bears]
    tl = finished(d)
    [ooze] = _ids(tl, "Scavenging Ooze")
    assert tl.final.objects[ooze].counters.get("+1/+1") == 1
    assert tl.final.characteristics(ooze).pt == "3/3"
    assert _zones(tl)["life"] == 21
    assert _zones(tl, 1)["exile"] == ["Grizzly Bears"]


def test_scavenging_ooze_eats_a_noncreature_card_without_growing() -> None:
    d = board(
        [],
        battlefield=("Scavenging Ooze",),
        actions=[{"do": "activate", "card": "Scavenging Ooze"}],
    )
    d["players"][1]["graveyard"] = ["Lightning Bolt"]
    tl = finished(d)
    [ooze] = _ids(tl, "Scavenging Ooze")
    assert not tl.final.objects[ooze].counters.get("+1/+1")
    assert _zones(tl)["life"] == 20 and _zones(tl, 1)["exile"] == ["Lightning Bolt"]


# Liliana of the Veil -----------------------------------------------------------------
def _liliana(loyalty: int, ability: int, **kw) -> dict:
    lili = {"name": "Liliana of the Veil", "counters": {"loyalty": loyalty}}
    return board(
        [],
        battlefield=(lili,),
        actions=[{"do": "activate", "card": "Liliana of the Veil", "ability": ability}],
        **kw,
    )


def test_liliana_plus_one_each_player_discards_cr_606_4() -> None:
    d = _liliana(3, 0, hand=("Forest", "Forest"), opponent_hand=("Lightning Bolt",))
    d["actions"] = [{"do": "activate", "card": "Liliana of the Veil", "ability": 0}]
    tl = finished(d)
    [lili] = _ids(tl, "Liliana of the Veil")
    assert tl.final.objects[lili].counters["loyalty"] == 4
    assert _zones(tl)["graveyard"] == ["Forest"]
    assert _zones(tl, 1)["graveyard"] == ["Lightning Bolt"]


def test_liliana_minus_six_separates_piles_and_the_player_sacrifices_one_cr_700_3() -> None:
    # Their permanents: o2 Grizzly Bears, o3 Memnite, o4 Forest. You put the Bears in pile 1;
    # they choose to sacrifice pile 2 (Memnite and Forest).
    d = _liliana(
        7,
        2,
        opponent_battlefield=("Grizzly Bears", "Memnite", "Forest"),
        choices=["target:p1", "pile1:o2", "pile1:done", "pile:2"],
    )
    tl = finished(d)
    assert _zones(tl, 1)["battlefield"] == ["Grizzly Bears"]
    assert sorted(_zones(tl, 1)["graveyard"]) == ["Forest", "Memnite"]
    [lili] = _ids(tl, "Liliana of the Veil")
    assert tl.final.objects[lili].counters["loyalty"] == 1


def test_liliana_minus_six_the_chooser_may_sacrifice_the_bigger_pile_too() -> None:
    d = _liliana(
        6,
        2,
        opponent_battlefield=("Grizzly Bears", "Memnite"),
        choices=["target:p1", "pile1:o2", "pile1:o3", "pile:1"],
    )
    tl = finished(d)
    assert _zones(tl, 1)["battlefield"] == []
    # 0 loyalty: Liliana is put into her owner's graveyard (704.5i)
    assert _zones(tl)["graveyard"] == ["Liliana of the Veil"]


def test_liliana_cant_use_minus_six_with_less_loyalty_cr_606_6() -> None:
    import pytest

    from engine.base.errors import ScenarioError

    with pytest.raises(ScenarioError, match="606.6"):
        play(_liliana(5, 2, opponent_battlefield=("Grizzly Bears",), choices=["target:p1"]))


# Wrenn and Six -----------------------------------------------------------------------
def _wrenn(loyalty: int, ability: int, **kw) -> dict:
    return board(
        [],
        battlefield=({"name": "Wrenn and Six", "counters": {"loyalty": loyalty}},),
        actions=[{"do": "activate", "card": "Wrenn and Six", "ability": ability}],
        **kw,
    )


def test_wrenn_and_six_plus_one_returns_a_land_card() -> None:
    tl = finished(_wrenn(3, 0, graveyard=("Forest",), choices=["target:o2"]))
    assert _zones(tl)["hand"] == ["Forest"]


def test_wrenn_and_six_emblem_gives_instants_and_sorceries_retrace_cr_114_702_81a() -> None:
    # -7: the emblem; Wrenn (0 loyalty) dies; then Lightning Bolt is cast from the
    # graveyard by discarding a land card (Forest) and hits the opponent.
    d = _wrenn(7, 2, hand=("Forest",), graveyard=("Lightning Bolt",))
    d["actions"].append({"do": "cast", "card": "Lightning Bolt", "from": "graveyard"})
    d["choices"] = ["target:p1"]
    tl = finished(d)
    assert _zones(tl, 1)["life"] == 17
    assert sorted(_zones(tl)["graveyard"]) == ["Forest", "Lightning Bolt", "Wrenn and Six"]
    assert _zones(tl)["hand"] == []
    assert any(f.startswith("emblem:retrace:") for f in tl.final.players[0].flags)


def test_retrace_needs_a_land_card_to_discard_cr_601_2h() -> None:
    import pytest

    from engine.base.errors import ScenarioError

    d = _wrenn(7, 2, hand=("Lightning Strike",), graveyard=("Lightning Bolt",))
    d["actions"].append({"do": "cast", "card": "Lightning Bolt", "from": "graveyard"})
    with pytest.raises(ScenarioError, match="702.81a"):
        play(d)


def test_without_the_emblem_a_graveyard_bolt_has_no_retrace() -> None:
    import pytest

    from engine.base.errors import ScenarioError

    d = board(
        [],
        hand=("Forest",),
        graveyard=("Lightning Bolt",),
        actions=[{"do": "cast", "card": "Lightning Bolt", "from": "graveyard"}],
    )
    with pytest.raises(ScenarioError, match="702.81a"):
        play(d)


# Dark Confidant (imported: RevealPutInHandLoseLifeEffect) -----------------------------
def test_dark_confidant_reveals_the_top_card_into_hand_and_loses_its_mana_value() -> None:
    # The turn passes (the playground's next turn is yours): upkeep (Confidant), draw step.
    d = board(
        ["Maelstrom Pulse", "Forest"],
        battlefield=("Dark Confidant",),
        actions=[{"do": "precombat_main"}],
    )
    tl = finished(d)
    assert sorted(_zones(tl)["hand"]) == ["Forest", "Maelstrom Pulse"]
    assert _zones(tl)["life"] == 17  # Maelstrom Pulse has mana value 3
    assert _zones(tl)["library"] == []


def test_dark_confidant_with_an_empty_library_reveals_nothing_and_loses_nothing() -> None:
    d = board([], battlefield=("Dark Confidant",), actions=[{"do": "precombat_main"}])
    tl = play(d)
    assert _zones(tl)["life"] == 20
