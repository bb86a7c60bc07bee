"""One scenario per card the reference decks needed (maelstrom_nexus_edh, restore_balance,
temur_cascade_standard, crashing_footfalls): cast or activate it on a board and read the
board after (zones, counters, life, mana). The cascade grants and Restore Balance have their
own rules tests (test_rules_cascade_grants_lasting.py, test_rules_restore_balance.py)."""

from __future__ import annotations

import pytest

from engine import default_pool
from engine.base.errors import ScenarioError
from engine.lang import effects

from boards import board, finished, game_of, ids, of_kind, opp, play, you, zone


def test_swords_to_plowshares_gains_its_last_known_power_cr_608_2h() -> None:
    """Exile target creature; its controller gains life equal to its power (a 2/2 with two
    +1/+1 counters: 4), read as it last existed on the battlefield."""
    bears_2_2 = {"name": "Grizzly Bears", "counters": {"+1/+1": 2}}
    d = board([], hand=["Swords to Plowshares"], opponent_battlefield=[bears_2_2])
    bears = ids(game_of(d), "Grizzly Bears", player=1)[0]
    tl = finished({**d, "choices": [f"target:o{bears}"]})
    assert opp(tl)["exile"] == ["Grizzly Bears"] and opp(tl)["battlefield"] == []
    assert (you(tl)["life"], opp(tl)["life"]) == (20, 24)


def test_swords_to_plowshares_on_your_own_creature_cr_119_3() -> None:
    tl = finished(board([], hand=["Swords to Plowshares"], battlefield=["Hill Giant"]))
    assert you(tl)["exile"] == ["Hill Giant"] and you(tl)["life"] == 23


def test_noble_hierarch_adds_g_w_or_u_cr_106_4() -> None:
    for color in ("G", "W", "U"):
        tl = finished(
            board(
                [],
                battlefield=["Noble Hierarch"],
                choices=[f"color:{color}"],
                actions=[{"do": "activate", "card": "Noble Hierarch", "mana": True}],
            )
        )
        assert you(tl)["mana_pool"] == "{" + color + "}"
    entry = default_pool().get("Noble Hierarch").effects
    assert effects.missing_parts(entry["activated"][0]["ops"]) == []


def test_kathari_remnant_regenerates_cr_701_19() -> None:
    tl = finished(
        board(
            [],
            hand=["Murder"],
            battlefield=["Kathari Remnant"],
            actions=[
                {"do": "activate", "card": "Kathari Remnant"},
                {"do": "cast", "card": "Murder"},
            ],
        )
    )
    assert zone(tl, "battlefield") == ["Kathari Remnant"]
    remnant = next(o for o in tl.final.objects.values() if o.name == "Kathari Remnant")
    assert remnant.tapped  # 701.19a: regenerated: tapped, removed from combat


def test_enigma_sphinx_goes_third_from_the_top_cr_603_6c() -> None:
    tl = finished(
        board(
            ["Island", "Swamp", "Plains", "Forest"], hand=["Murder"], battlefield=["Enigma Sphinx"]
        )
    )
    assert zone(tl, "library") == ["Island", "Swamp", "Enigma Sphinx", "Plains", "Forest"]
    assert zone(tl, "graveyard") == ["Murder"]


def test_enigma_sphinx_with_a_short_library_goes_to_the_bottom() -> None:
    tl = finished(board(["Island"], hand=["Murder"], battlefield=["Enigma Sphinx"]))
    assert zone(tl, "library") == ["Island", "Enigma Sphinx"]


def test_enigma_sphinx_owned_by_the_opponent_does_not_trigger_for_you_cr_603_6c() -> None:
    """ "Put into YOUR graveyard": a Sphinx you control but don't own goes to its owner's
    graveyard (404.1), so its ability doesn't trigger."""
    tl = finished(
        board(
            [],
            hand=["Act of Treason", "Murder"],
            opponent_library=["Island"] * 3,
            opponent_battlefield=["Enigma Sphinx"],
            actions=[{"do": "cast", "card": "Act of Treason"}, {"do": "cast", "card": "Murder"}],
        )
    )
    assert opp(tl)["graveyard"] == ["Enigma Sphinx"]
    assert opp(tl)["library"] == ["Island"] * 3 and of_kind(tl, "trigger") == []


def test_volcanic_torrent_counts_spells_cast_this_turn_cr_700_13() -> None:
    """X = spells you've cast this turn, this one included (two earlier, from the scenario,
    plus Volcanic Torrent: 3) to each creature and planeswalker an opponent controls."""
    theirs = ["Grizzly Bears", "Hill Giant", "Craw Wurm"]
    tl = finished(
        board(
            ["Forest"],
            hand=["Volcanic Torrent"],
            spells_cast=2,
            battlefield=["Grizzly Bears"],
            opponent_battlefield=theirs,
        )
    )
    assert opp(tl)["battlefield"] == ["Craw Wurm"]
    assert sorted(opp(tl)["graveyard"]) == ["Grizzly Bears", "Hill Giant"]
    assert zone(tl, "battlefield") == ["Grizzly Bears"]  # yours are not dealt damage
    wurm = next(o for o in tl.final.objects.values() if o.name == "Craw Wurm")
    assert wurm.damage == 3


def test_call_forth_the_tempest_sums_the_other_spells_mana_values() -> None:
    """Divination (3) cast first, then Call Forth the Tempest: 3 damage to each creature an
    opponent controls (its own mana value is not counted); its two cascades whiff."""
    tl = finished(
        board(
            ["Forest"] * 6,
            hand=["Divination", "Call Forth the Tempest"],
            opponent_battlefield=["Grizzly Bears", "Hill Giant", "Craw Wurm"],
            actions=[
                {"do": "cast", "card": "Divination"},
                {"do": "cast", "card": "Call Forth the Tempest"},
            ],
        )
    )
    assert opp(tl)["battlefield"] == ["Craw Wurm"]
    assert len(of_kind(tl, "cascade")) == 2


def test_call_forth_the_tempest_counts_cascaded_spells_cr_702_85a() -> None:
    """A spell its cascade casts is cast this turn too: it resolves first, then Call Forth
    the Tempest counts its mana value (Hill Giant, 4: the 4-toughness... Craw Wurm survives)."""
    tl = finished(
        board(
            ["Hill Giant", "Forest", "Grizzly Bears", "Forest"],
            hand=["Call Forth the Tempest"],
            opponent_battlefield=["Savannah Lions", "Hill Giant", "Craw Wurm"],
            choices=["cast", "cast"],
        )
    )
    # cascade 2 (on top) hits Hill Giant (4), cascade 1 hits Grizzly Bears (2): 6 damage
    assert zone(tl, "battlefield") == ["Hill Giant", "Grizzly Bears"]
    assert opp(tl)["battlefield"] == []


def test_call_forth_the_tempest_with_spells_of_unknown_mana_value_changes_nothing() -> None:
    """The scenario counts a spell as cast before it began, without its mana value: the
    total can't be known, so the damage is not simulated and nothing is dealt."""
    tl = finished(
        board(
            ["Forest"],
            hand=["Call Forth the Tempest"],
            spells_cast=1,
            opponent_battlefield=["Grizzly Bears"],
        )
    )
    assert opp(tl)["battlefield"] == ["Grizzly Bears"]
    assert of_kind(tl, "not_simulated") and not of_kind(tl, "damage")


def test_petty_theft_returns_an_opponents_nonland_permanent_cr_715_3() -> None:
    d = board(
        [],
        hand=["Brazen Borrower // Petty Theft"],
        opponent_battlefield=["Plains", "Hill Giant"],
        actions=[{"do": "cast", "card": "Brazen Borrower // Petty Theft"}],
        choices=["face:Petty Theft"],
    )
    tl = finished(d)
    assert opp(tl)["hand"] == ["Hill Giant"] and opp(tl)["battlefield"] == ["Plains"]
    assert you(tl)["exile"] == ["Brazen Borrower // Petty Theft"]  # 715.4: on an adventure


def test_brazen_borrower_blocks_only_fliers_is_recorded_combat_only_cr_509_1b() -> None:
    entry = default_pool().get("Brazen Borrower // Petty Theft").effects
    (static,) = entry["faces"]["Brazen Borrower"]["static"]
    assert static["op"] == "can_block_only" and static["filter"] == {"keyword": "Flying"}
    assert effects.missing_parts([static]) == []


def test_troll_of_khazad_dum_three_blockers_is_combat_only_and_swampcycles() -> None:
    entry = default_pool().get("Troll of Khazad-dum").effects
    assert entry["static"] == [
        {"op": "min_blockers", "what": "self", "n": 3, "duration": "while_on_battlefield"}
    ]
    assert "untranslated" not in entry and effects.missing_parts(entry["static"]) == []
    d = board(
        ["Island", "Swamp"],
        hand=["Troll of Khazad-dum"],
        actions=[{"do": "cycle", "card": "Troll of Khazad-dum"}],
    )
    swamp = ids(game_of(d), "Swamp", zone="library")[0]
    tl = finished({**d, "choices": [f"card:o{swamp}"]})  # 702.29e: a Swamp card, to hand
    assert zone(tl, "hand") == ["Swamp"] and zone(tl, "graveyard") == ["Troll of Khazad-dum"]
    assert zone(tl, "library") == ["Island"]
    (cycled,) = of_kind(tl, "activate")
    assert cycled.rule == "702.29e" and cycled.data["keyword"] == "swampcycling"


def test_leyline_of_sanctity_opponents_cant_target_you_cr_702_11d() -> None:
    tl = finished(
        board(
            [],
            battlefield=["Leyline of Sanctity"],
            opponent_hand=["Lightning Bolt"],
            actions=[{"do": "cast", "card": "Lightning Bolt", "player": 1}],
        )
    )
    assert (you(tl)["life"], opp(tl)["life"]) == (20, 17)  # the only legal target was them
    mine = play(board([], battlefield=["Leyline of Sanctity"], hand=["Lightning Bolt"]))
    assert [o.key for o in mine.pending.options] == ["target:p0", "target:p1"]


def test_leyline_of_sanctity_gone_you_can_be_targeted_again() -> None:
    tl = play(
        board(
            [],
            opponent_hand=["Lightning Bolt"],
            actions=[{"do": "cast", "card": "Lightning Bolt", "player": 1}],
        )
    )
    assert [o.key for o in tl.pending.options] == ["target:p0", "target:p1"]


def test_greater_gargadon_sacrifice_removes_a_time_counter_cr_702_62a() -> None:
    d = board([], battlefield=["Grizzly Bears", "Forest"])
    d["players"][0]["exile"] = [{"name": "Greater Gargadon", "counters": {"time": 5}}]
    bears = ids(game_of(d), "Grizzly Bears")[0]
    tl = finished(
        {
            **d,
            "actions": [{"do": "activate", "card": "Greater Gargadon"}],
            "choices": [f"sacrifice:o{bears}"],
        }
    )
    assert zone(tl, "graveyard") == ["Grizzly Bears"] and zone(tl, "exile") == ["Greater Gargadon"]
    gargadon = next(o for o in tl.final.objects.values() if o.name == "Greater Gargadon")
    assert gargadon.counters["time"] == 4


def test_greater_gargadon_last_counter_is_cast_cr_702_62a() -> None:
    d = board(
        [],
        battlefield=["Forest"],
        actions=[{"do": "activate", "card": "Greater Gargadon"}],
        choices=["cast"],
    )
    d["players"][0]["exile"] = [{"name": "Greater Gargadon", "counters": {"time": 1}}]
    tl = finished(d)
    assert zone(tl, "battlefield") == ["Greater Gargadon"] and zone(tl, "graveyard") == ["Forest"]
    (cast,) = of_kind(tl, "cast")
    assert cast.data["from"] == "exile" and cast.data["free"]


def test_greater_gargadon_only_while_suspended_cr_602_5b() -> None:
    d = board([], battlefield=["Forest"], actions=[{"do": "activate", "card": "Greater Gargadon"}])
    d["players"][0]["exile"] = [{"name": "Greater Gargadon"}]
    with pytest.raises(ScenarioError, match="condition"):
        play(d)


def test_quantum_riddler_enters_and_draws_two_with_an_empty_hand_cr_614_1a() -> None:
    """Its enter trigger draws one; with one or fewer cards in hand, Riddler (now on the
    battlefield) replaces that draw with two."""
    tl = finished(board(["Island", "Swamp", "Plains"], hand=["Quantum Riddler"]))
    assert zone(tl, "hand") == ["Island", "Swamp"] and zone(tl, "library") == ["Plains"]
    (note,) = [e for e in of_kind(tl, "note") if e.data.get("replaced") == "draw"]
    assert (note.rule, note.data["from"], note.data["to"]) == ("614.1a", 1, 2)


def test_quantum_riddler_with_two_cards_in_hand_draws_one() -> None:
    tl = finished(
        board(["Island", "Swamp", "Plains"], hand=["Quantum Riddler", "Forest", "Mountain"])
    )
    assert zone(tl, "hand") == ["Forest", "Mountain", "Island"]


def test_quantum_riddler_replaces_a_draw_of_several_and_the_draw_step_cr_504_1() -> None:
    tl = finished(
        board(
            ["Island", "Swamp", "Plains", "Forest", "Mountain"],
            hand=["Divination"],
            battlefield=["Quantum Riddler"],
        )
    )
    assert zone(tl, "hand") == ["Island", "Swamp", "Plains"]  # draw 2 -> 3
    tl = finished(
        board(
            ["Island", "Swamp", "Plains"],
            battlefield=["Quantum Riddler"],
            opponent_library=["Island"] * 2,
            actions=[{"do": "precombat_main", "player": 1}, {"do": "precombat_main", "player": 0}],
        )
    )
    assert zone(tl, "hand") == ["Island", "Swamp"]
    assert opp(tl)["hand"] == ["Island"]  # only its controller's draws


def test_a_draw_replacement_resolved_as_a_one_shot_is_refused() -> None:
    ctx = effects.Ctx(None, 0, None, (), 0, "Test")  # type: ignore[arg-type]
    o = {"op": "draw_replacement", "extra": 1, "max_hand": 1}
    assert effects.problem(o) is None and effects.problem(o, ctx)


def test_quantum_riddler_warped_is_exiled_then_cast_on_a_later_turn_cr_702_185a() -> None:
    tl = finished(
        board(
            ["Island"] * 6,
            hand=["Quantum Riddler", "Forest", "Forest"],
            opponent_library=["Island"] * 3,
            actions=[
                {"do": "cast", "card": "Quantum Riddler", "warp": True},
                {"do": "precombat_main", "player": 1},
                {"do": "precombat_main", "player": 0},
                {"do": "cast", "card": "Quantum Riddler"},
            ],
        )
    )
    casts = of_kind(tl, "cast")
    assert [c.data["from"] for c in casts] == ["hand", "exile"]
    (warped,) = [e for e in of_kind(tl, "exile") if e.data.get("keyword") == "warp"]
    assert warped.rule == "702.185a"
    assert zone(tl, "battlefield") == ["Quantum Riddler"] and zone(tl, "exile") == []
    # two enter draws (hand of 2 each time: not replaced) and one draw step
    assert sorted(zone(tl, "hand")) == ["Forest", "Forest", "Island", "Island", "Island"]


def test_a_warped_card_cant_be_cast_from_exile_this_turn_cr_702_185a() -> None:
    from engine.core import kernel

    k = kernel.Kernel.__new__(kernel.Kernel)
    k.play_permissions, k.zone_changes, k.turn, k.turn_history = {}, {1: 3}, 5, []
    k.grant_play(1, 0, "after_this_turn")
    assert not k.may_play(1, 0)
    k.turn = 6
    assert k.may_play(1, 0) and not k.may_play(1, 1)


def test_warp_only_from_hand_and_only_with_a_warp_cost() -> None:
    with pytest.raises(ScenarioError, match="no warp cost"):
        play(
            board(
                [],
                hand=["Grizzly Bears"],
                actions=[{"do": "cast", "card": "Grizzly Bears", "warp": True}],
            )
        )


def test_a_warped_spell_makes_void_true_cr_702_185() -> None:
    """Void: "a nonland permanent left the battlefield or a spell was warped this turn".
    Quantum Riddler cast for its warp cost (still on the battlefield), then Decode
    Transmissions: each opponent loses 2, not you."""
    tl = finished(
        board(
            ["Island"] * 6,
            hand=["Quantum Riddler", "Decode Transmissions"],
            actions=[
                {"do": "cast", "card": "Quantum Riddler", "warp": True},
                {"do": "cast", "card": "Decode Transmissions"},
            ],
        )
    )
    assert (you(tl)["life"], opp(tl)["life"]) == (20, 18)
    plain = finished(
        board(
            ["Island"] * 6,
            hand=["Quantum Riddler", "Decode Transmissions"],
            actions=[
                {"do": "cast", "card": "Quantum Riddler"},
                {"do": "cast", "card": "Decode Transmissions"},
            ],
        )
    )
    assert (you(tl)["life"], opp(plain)["life"], you(plain)["life"]) == (20, 20, 18)


@pytest.mark.parametrize(
    "name",
    [
        "Restore Balance",
        "Quantum Riddler",
        "Troll of Khazad-dum",
        "Leyline of Sanctity",
        "Volcanic Torrent",
        "Call Forth the Tempest",
    ],
)
def test_card_facts_describe_the_new_ops_in_words(name: str) -> None:
    """The card-facts panel: no op shown by its raw id and fields (the generic fallback)."""
    from engine.views import describe

    lines = describe.describe(default_pool().get(name))
    assert lines and describe.NOT_SIMULATED not in lines
    assert not any("(" in line.split("(only matters")[0] for line in lines), lines
