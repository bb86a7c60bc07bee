"""Lasting cascade grants (CR 702.85a, 702.85c, 611.3a): a permanent's static ability gives
cascade to spells as they are cast (Maelstrom Nexus, Wild-Magic Sorcerer, Imoti), and an
effect gives it for the rest of the turn (Yidris, Maelstrom Wielder). Each instance
triggers on its own (702.85c). Boards, then the zones and triggers after."""

from __future__ import annotations

from engine.lang import effects

from boards import board, cascade_triggers, finished, of_kind, play, zone

LANDS = ["Forest"] * 6


def test_maelstrom_nexus_gives_the_first_spell_cascade_not_the_second_cr_702_85a() -> None:
    tl = finished(
        board(
            ["Raise the Alarm", *LANDS],
            hand=["Divination", "Grizzly Bears"],
            battlefield=["Maelstrom Nexus"],
            actions=[{"do": "cast", "card": "Divination"}, {"do": "cast", "card": "Grizzly Bears"}],
            choices=["cast", "decline"],
        )
    )
    trig = cascade_triggers(tl)
    assert [e.data["spell"] for e in trig] == ["Divination"]
    assert trig[0].data["granted_by"] == "Maelstrom Nexus"
    # Divination's cascade cast Raise the Alarm (mana value 2 < 3): two Soldiers
    assert zone(tl, "battlefield").count("Soldier token") == 2


def test_maelstrom_nexus_counts_spells_cast_earlier_this_turn_cr_702_85a() -> None:
    tl = finished(
        board(
            ["Raise the Alarm", *LANDS],
            hand=["Divination"],
            battlefield=["Maelstrom Nexus"],
            spells_cast=1,
        )
    )
    assert cascade_triggers(tl) == []
    assert zone(tl, "hand") == ["Raise the Alarm", "Forest"]  # drawn by Divination, not cast


def test_the_cascaded_spell_is_not_the_first_spell_of_the_turn_cr_702_85a() -> None:
    """Bloodbraid Elf is the turn's first spell (Nexus: a second cascade); what the cascades
    cast is the second and third, so they get none from Nexus."""
    tl = finished(
        board(
            ["Raise the Alarm", "Forest", "Divination", *LANDS],
            hand=["Bloodbraid Elf"],
            battlefield=["Maelstrom Nexus"],
            choices=["cast", "cast"],
        )
    )
    trig = cascade_triggers(tl)
    assert [(e.data["spell"], e.data["granted_by"]) for e in trig] == [
        ("Bloodbraid Elf", None),
        ("Bloodbraid Elf", "Maelstrom Nexus"),
    ]
    assert all(e.rule == "702.85c" for e in trig)  # two instances, each triggers
    assert sorted(zone(tl, "graveyard")) == ["Divination", "Raise the Alarm"]


def test_two_grants_stack_as_separate_triggers_cr_702_85c() -> None:
    """Maelstrom Wanderer (mana value 8, cascade twice) as the first spell with Maelstrom
    Nexus and Imoti out: four instances, each its own trigger and its own cascade."""
    tl = finished(
        board(
            ["Raise the Alarm", "Divination", "Grizzly Bears", "Memnite", *LANDS],
            hand=["Maelstrom Wanderer"],
            battlefield=["Maelstrom Nexus", "Imoti, Celebrant of Bounty"],
            choices=["decline"] * 4,
        )
    )
    trig = cascade_triggers(tl)
    assert [e.data["granted_by"] for e in trig] == [
        None,
        None,
        "Maelstrom Nexus",
        "Imoti, Celebrant of Bounty",
    ]
    assert [(e.instance, e.instances) for e in trig] == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert len(of_kind(tl, "cascade")) == 4
    assert zone(tl, "battlefield")[-1] == "Maelstrom Wanderer"


def test_wild_magic_sorcerer_first_spell_cast_from_exile_cr_702_85a() -> None:
    """The spell Bloodbraid Elf's cascade casts (from exile) is the first cast from exile
    this turn, although not the first spell: it cascades too. The one that second cascade
    casts is the second from exile and doesn't."""
    tl = finished(
        board(
            ["Divination", "Raise the Alarm", *LANDS],
            hand=["Bloodbraid Elf"],
            battlefield=["Wild-Magic Sorcerer"],
            choices=["cast", "cast"],
        )
    )
    trig = cascade_triggers(tl)
    assert [(e.data["spell"], e.data["granted_by"]) for e in trig] == [
        ("Bloodbraid Elf", None),
        ("Divination", "Wild-Magic Sorcerer"),
    ]
    assert zone(tl, "battlefield").count("Soldier token") == 2
    assert len(zone(tl, "hand")) == 2  # Divination drew two


def test_wild_magic_sorcerer_ignores_spells_cast_from_hand_cr_702_85a() -> None:
    tl = finished(
        board(["Raise the Alarm", *LANDS], hand=["Divination"], battlefield=["Wild-Magic Sorcerer"])
    )
    assert cascade_triggers(tl) == []


def test_wild_magic_sorcerer_with_spells_of_unknown_zone_does_not_guess() -> None:
    """A scenario that counts a spell as already cast doesn't say where from: the grant is
    not applied and the log says why (never a guess)."""
    tl = finished(
        board(
            ["Divination", "Raise the Alarm", *LANDS],
            hand=["Bloodbraid Elf"],
            battlefield=["Wild-Magic Sorcerer"],
            spells_cast=1,
            choices=["cast"],
        )
    )
    assert [e.data["granted_by"] for e in cascade_triggers(tl)] == [None]
    skipped = [e for e in of_kind(tl, "not_simulated") if e.data.get("grant_source")]
    assert [e.data["grant_source"] for e in skipped] == ["Wild-Magic Sorcerer"]


def test_imoti_and_a_spell_below_six_cr_702_85a() -> None:
    tl = finished(
        board(
            ["Raise the Alarm", *LANDS],
            hand=["Divination"],
            battlefield=["Imoti, Celebrant of Bounty"],
        )
    )
    assert cascade_triggers(tl) == []


YIDRIS_GRANT = {
    "name": "Yidris Test Grant",
    "mana_cost": "{U}",
    "type_line": "Instant",
    "effects": {
        "spell": [
            {
                "op": "cascade_grant",
                "scope": "spells_you_cast",
                "from": "hand",
                "duration": "this_turn",
            }
        ]
    },
}


def test_a_this_turn_grant_reaches_every_spell_cast_from_hand_cr_702_85a() -> None:
    """Yidris's grant (its trigger needs combat, so a test spell carries the same op):
    both later spells cast from hand cascade; the one cast from exile by a cascade doesn't."""
    tl = finished(
        board(
            ["Raise the Alarm", "Forest", "Memnite", *LANDS],
            hand=["Yidris Test Grant", "Divination", "Grizzly Bears"],
            actions=[
                {"do": "cast", "card": "Yidris Test Grant"},
                {"do": "cast", "card": "Divination"},
                {"do": "cast", "card": "Grizzly Bears"},
            ],
            choices=["cast", "decline"],
            cards=[YIDRIS_GRANT],
        )
    )
    trig = cascade_triggers(tl)
    assert [(e.data["spell"], e.data["granted_by"]) for e in trig] == [
        ("Divination", "Yidris Test Grant"),
        ("Grizzly Bears", "Yidris Test Grant"),
    ]
    assert zone(tl, "battlefield").count("Soldier token") == 2  # Raise the Alarm (exile)


def test_the_this_turn_grant_ends_with_the_turn_cr_514_2() -> None:
    tl = finished(
        board(
            ["Raise the Alarm", *LANDS],
            hand=["Yidris Test Grant", "Divination"],
            opponent_library=["Island"] * 3,
            actions=[
                {"do": "cast", "card": "Yidris Test Grant"},
                {"do": "precombat_main", "player": 1},
                {"do": "precombat_main", "player": 0},
                {"do": "cast", "card": "Divination"},
            ],
            cards=[YIDRIS_GRANT],
        )
    )
    assert cascade_triggers(tl) == []


def test_yidris_entry_is_simulated_and_combat_only_cr_510() -> None:
    from engine import default_pool

    entry = default_pool().get("Yidris, Maelstrom Wielder").effects
    (trig,) = entry["triggers"]
    assert trig["when"] == "self_combat_damage_to_player"
    assert effects.missing_parts(trig["ops"]) == []


def test_a_lasting_grant_resolved_as_a_one_shot_is_refused() -> None:
    """Only a permanent's static ability gives "the first spell each turn" cascade: as a
    resolution the op names itself not simulated (all or nothing)."""
    ctx = effects.Ctx(None, 0, None, (), 0, "Test")  # type: ignore[arg-type]
    o = {"op": "cascade_grant", "scope": "first_spell_each_turn"}
    assert effects.problem(o) is None  # the static ability (coverage asks without a game)
    assert effects.problem(o, ctx)
    tl = play(
        board(
            ["Raise the Alarm", *LANDS],
            hand=["Lasting Test"],
            cards=[
                {
                    "name": "Lasting Test",
                    "mana_cost": "{1}",
                    "type_line": "Sorcery",
                    "effects": {"spell": [o]},
                }
            ],
        )
    )
    assert of_kind(tl, "not_simulated") and not of_kind(tl, "grant")
