"""Restore Balance (no mana cost, suspend 6): cast by cascade (mana value 0 is below any
cascading spell, 702.85a) or by suspend (702.62a), it cuts every player down to the fewest
lands, then cards in hand, then creatures (608.2c: in the order written)."""

from __future__ import annotations

from boards import board, finished, game_of, ids, of_kind, opp, you

ME = ["Forest"] * 5 + ["Grizzly Bears"] * 3
THEM = ["Plains"] * 2 + ["Savannah Lions"]


def test_restore_balance_cascaded_from_violent_outburst_cr_702_85a_608_2c() -> None:
    tl = finished(
        board(
            ["Restore Balance", "Forest"],
            hand=["Violent Outburst", "Island", "Island", "Island"],
            battlefield=ME,
            opponent_battlefield=THEM,
            opponent_hand=["Plains"],
            choices=["cast"],
        )
    )
    me, them = you(tl), opp(tl)
    assert me["battlefield"] == ["Forest", "Forest", "Grizzly Bears"]
    assert me["hand"] == ["Island"]  # three Islands after casting Outburst; the fewest is 1
    assert sorted(me["graveyard"]) == sorted(
        ["Forest"] * 3
        + ["Island"] * 2
        + ["Grizzly Bears"] * 2
        + ["Restore Balance", "Violent Outburst"]
    )
    assert them["battlefield"] == THEM and them["hand"] == ["Plains"] and them["graveyard"] == []
    # the balance resolved before Violent Outburst: only the survivor gets +1/+0 after
    (pump,) = [e for e in of_kind(tl, "effect") if e.data.get("kind") == "pump"]
    assert len(pump.data["objects"]) == 1
    notes = [e for e in of_kind(tl, "note") if e.data.get("mechanic") == "balance"]
    assert [(e.data["of"], e.data["fewest"]) for e in notes] == [
        ("lands", 2),
        ("hand", 1),
        ("creatures", 1),
    ]


def test_each_player_chooses_what_to_keep_cr_608_2c() -> None:
    d = board(
        ["Restore Balance"],
        hand=["Violent Outburst"],
        battlefield=["Forest", "Mountain", "Island"],
        opponent_battlefield=["Plains"],
    )
    game = game_of(d)
    mountain = ids(game, "Mountain")[0]
    tl = finished({**d, "choices": ["cast", f"card:o{mountain}"]})
    assert you(tl)["battlefield"] == ["Mountain"]
    assert sorted(you(tl)["graveyard"]) == [
        "Forest",
        "Island",
        "Restore Balance",
        "Violent Outburst",
    ]


def test_lands_are_counted_before_creatures_a_land_creature_cr_608_2c() -> None:
    """Dryad Arbor is a land and a creature: sacrificed with the lands, it is gone when the
    creatures are counted (one creature each: nothing more is sacrificed)."""
    d = board(
        ["Restore Balance"],
        hand=["Violent Outburst"],
        battlefield=["Dryad Arbor", "Forest", "Grizzly Bears"],
        opponent_battlefield=["Plains", "Savannah Lions"],
    )
    forest = ids(game_of(d), "Forest")[0]
    tl = finished({**d, "choices": ["cast", f"card:o{forest}"]})
    assert you(tl)["battlefield"] == ["Forest", "Grizzly Bears"]
    assert "Dryad Arbor" in you(tl)["graveyard"]
    assert opp(tl)["battlefield"] == ["Plains", "Savannah Lions"]


def test_a_player_with_nothing_makes_everyone_lose_everything_cr_608_2c() -> None:
    tl = finished(
        board(["Restore Balance"], hand=["Violent Outburst"], battlefield=ME, choices=["cast"])
    )
    assert you(tl)["battlefield"] == [] and you(tl)["hand"] == []


def test_restore_balance_from_suspend_cr_702_62a() -> None:
    d = board(
        ["Forest", "Forest"],
        battlefield=ME,
        opponent_battlefield=THEM,
        opponent_library=["Plains"] * 3,
        actions=[{"do": "precombat_main", "player": 1}, {"do": "precombat_main", "player": 0}],
        choices=["cast"],
    )
    d["players"][0]["exile"] = [{"name": "Restore Balance", "counters": {"time": 1}}]
    tl = finished(d)
    me, them = you(tl), opp(tl)
    assert me["battlefield"] == ["Forest", "Forest", "Grizzly Bears"]
    # cast in my upkeep, before my draw step: my hand was empty, so the opponent discards
    # the card they drew; I draw mine afterwards
    assert me["hand"] == ["Forest"] and them["hand"] == [] and them["graveyard"] == ["Plains"]
    assert "Restore Balance" in me["graveyard"] and me["exile"] == []
    assert them["battlefield"] == THEM
