"""Rules the XMage card tests found wrong on cards claimed fully simulated, each pinned down
here on a small board of real cards (the XMage tests themselves run in test_conformance).

Each name cites the CR rule it checks. Pure pytest: runs under Pyodide.
"""

from __future__ import annotations

from boards import board, finished, zone


def _perm(tl, name: str, player: int = 0):
    state = tl.final
    return next(
        state.obj(i) for i in state.players[player].battlefield if state.obj(i).name == name
    )


def test_oblivion_ring_returns_what_it_exiled_when_it_leaves_cr_610_3_607_2a_603_10a():
    """Oblivion Ring exiles Grizzly Bears; Disenchant destroys the Ring: its leaves-the-
    battlefield ability looks back at the Ring that left (a new object in the graveyard)
    and returns the card that Ring exiled."""
    d = board(
        hand=("Oblivion Ring", "Disenchant"),
        opponent_battlefield=("Grizzly Bears",),
        actions=[
            {"do": "cast", "card": "Oblivion Ring"},
            {"do": "cast", "card": "Disenchant", "targets": [{"card": "Oblivion Ring"}]},
        ],
    )
    tl = finished(d)
    assert "Grizzly Bears" in zone(tl, "battlefield", 1)
    assert "Oblivion Ring" in zone(tl, "graveyard")


def test_its_controller_creates_the_token_after_the_target_is_exiled_cr_608_2h_111_2():
    """Angelic Ascension exiles the opponent's creature, then "its controller creates a 4/4
    Angel": the controller is read from the exiled creature's last known information."""
    d = board(
        hand=("Angelic Ascension",),
        opponent_battlefield=("Grizzly Bears",),
        actions=[
            {"do": "cast", "card": "Angelic Ascension", "targets": [{"card": "Grizzly Bears"}]}
        ],
    )
    tl = finished(d)
    assert "Angel" in " ".join(zone(tl, "battlefield", 1))
    assert not any("Angel" in n for n in zone(tl, "battlefield", 0))


def test_enters_tapped_shows_in_the_final_state_cr_614_1c():
    """Forgotten Sentinel enters tapped, also when nothing happens after it resolves."""
    tl = finished(board(hand=("Forgotten Sentinel",)))
    assert _perm(tl, "Forgotten Sentinel").tapped


def test_targeted_twice_by_one_spell_triggers_once_cr_603_2c():
    """Common Bond targets Angelic Cub twice: it becomes the target of that spell once, so
    its "becomes the target" ability triggers once (three counters, not four)."""
    d = board(
        hand=("Common Bond",),
        battlefield=("Angelic Cub",),
        actions=[
            {
                "do": "cast",
                "card": "Common Bond",
                "targets": [{"card": "Angelic Cub"}, {"card": "Angelic Cub"}],
            }
        ],
    )
    tl = finished(d)
    assert _perm(tl, "Angelic Cub").counter("+1/+1") == 3


def test_an_adventurer_on_an_adventure_is_cast_from_exile_as_its_creature_cr_715_4():
    """Boulder Rush resolves and the card goes to exile on an adventure; later its owner
    casts Rimrock Knight from exile (and only the creature: 715.4)."""
    d = board(
        hand=("Rimrock Knight // Boulder Rush",),
        battlefield=("Grizzly Bears",),
        actions=[
            {
                "do": "cast",
                "card": "Rimrock Knight // Boulder Rush",
                "face": "Boulder Rush",
                "targets": [{"card": "Grizzly Bears"}],
            },
            {"do": "cast", "card": "Rimrock Knight // Boulder Rush", "face": "Rimrock Knight"},
        ],
    )
    tl = finished(d)
    assert "Rimrock Knight" in zone(tl, "battlefield")
    assert not zone(tl, "exile")


def test_shield_counter_replaces_destruction_and_damage_cr_122_1c():
    """Disciplined Duelist enters with a shield counter (also when set on the battlefield
    at setup, 614.1c): Murder removes the counter instead of destroying it."""
    d = board(
        hand=("Murder",),
        battlefield=("Disciplined Duelist",),
        actions=[{"do": "cast", "card": "Murder", "targets": [{"card": "Disciplined Duelist"}]}],
    )
    tl = finished(d)
    duelist = _perm(tl, "Disciplined Duelist")
    assert duelist.counter("shield") == 0
    d = board(
        hand=("Murder", "Lightning Bolt"),
        battlefield=("Disciplined Duelist",),
        actions=[
            {"do": "cast", "card": "Lightning Bolt", "targets": [{"card": "Disciplined Duelist"}]}
        ],
    )
    tl = finished(d)
    duelist = _perm(tl, "Disciplined Duelist")
    assert duelist.counter("shield") == 0 and duelist.damage == 0


def test_finality_counter_exiles_instead_of_the_graveyard_cr_122_1_614_1a():
    """A creature with a finality counter that would be destroyed is exiled instead."""
    d = board(
        hand=("Murder",),
        battlefield=({"name": "Grizzly Bears", "counters": {"finality": 1}},),
        actions=[{"do": "cast", "card": "Murder", "targets": [{"card": "Grizzly Bears"}]}],
    )
    tl = finished(d)
    assert zone(tl, "exile") == ["Grizzly Bears"]
    assert "Grizzly Bears" not in zone(tl, "graveyard")


def test_aura_with_nothing_to_enchant_stays_in_the_graveyard_cr_303_4g():
    """Replenish returns Divine Favor with no creature on the battlefield: the Aura stays in
    the graveyard (it never enters, so its enter trigger doesn't gain life)."""
    d = board(hand=("Replenish",), graveyard=("Divine Favor",))
    tl = finished(d)
    assert "Divine Favor" in zone(tl, "graveyard")
    assert tl.final.players[0].life == 20


def test_metalcraft_counts_an_animated_artifact_land_cr_613_1d_611_3a():
    """Blinkmoth Nexus becomes an artifact creature: with Darksteel Citadel and Rusted
    Relic that is three artifacts, so Rusted Relic is a 5/5 creature."""
    d = board(
        battlefield=("Blinkmoth Nexus", "Darksteel Citadel", "Rusted Relic"),
        actions=[{"do": "activate", "card": "Blinkmoth Nexus", "ability": 0}],
    )
    tl = finished(d)
    relic = tl.final.characteristics(_perm(tl, "Rusted Relic").id)
    assert (relic.power, relic.toughness) == (5, 5)


def test_no_abilities_leaves_out_a_creature_given_an_ability_cr_113_1_613_1f():
    """Rancor gives Grizzly Bears trample: it has an ability, so Muraganda Petroglyphs'
    "creatures with no abilities get +2/+2" no longer applies to it (4/2 from Rancor)."""
    d = board(
        hand=("Rancor",),
        battlefield=("Muraganda Petroglyphs", "Grizzly Bears"),
        actions=[{"do": "cast", "card": "Rancor", "targets": [{"card": "Grizzly Bears"}]}],
    )
    tl = finished(d)
    bears = tl.final.characteristics(_perm(tl, "Grizzly Bears").id)
    assert (bears.power, bears.toughness) == (4, 2)


def test_greatest_power_of_a_creature_that_died_looks_back_cr_603_10a():
    """Kraven the Hunter: the opponent's only creature dies; it had the greatest power
    among that player's creatures just before, so Kraven draws and gets a counter."""
    d = board(
        ["Island"],
        hand=("Murder",),
        battlefield=("Kraven the Hunter",),
        opponent_battlefield=("Grizzly Bears",),
        actions=[{"do": "cast", "card": "Murder", "targets": [{"card": "Grizzly Bears"}]}],
    )
    tl = finished(d)
    assert _perm(tl, "Kraven the Hunter").counter("+1/+1") == 1
    assert zone(tl, "hand") == ["Island"]


def test_earthbend_each_target_of_its_own_spec_cr_608_2b():
    """Dai Li Agents earthbends two target lands: each op animates its own target."""
    d = board(
        hand=("Dai Li Agents",),
        battlefield=("Swamp", "Forest"),
        actions=[{"do": "cast", "card": "Dai Li Agents"}],
        choices=("target:o2", "target:o3"),
    )
    tl = finished(d)
    state = tl.final
    lands = [i for i in state.players[0].battlefield if "Land" in state.obj(i).card.front.types]
    assert len(lands) == 2
    assert all("Creature" in state.characteristics(i).types for i in lands)
    assert all(state.obj(i).counter("+1/+1") == 1 for i in lands)


#: Dirgur Island Dragon cast as its Omen half, Skimming Strike, tapping Bear Cub
CAST_THE_OMEN = {
    "do": "cast",
    "card": "Dirgur Island Dragon // Skimming Strike",
    "face": "Skimming Strike",
    "targets": [{"card": "Bear Cub"}],
}


def test_a_resolved_omen_is_shuffled_into_its_owners_library_cr_608_2n():
    """Dirgur Island Dragon cast as its Omen, Skimming Strike: it taps Bear Cub, you draw,
    and the card goes into your library (shuffled) instead of the graveyard (the Omen
    exception to 608.2n; XMage OmenCardsTest.testDirgurIslandDragonShuffle)."""
    d = board(
        ["Mountain"],
        hand=("Dirgur Island Dragon // Skimming Strike",),
        opponent_battlefield=("Bear Cub",),
        actions=[CAST_THE_OMEN],
    )
    tl = finished(d)
    assert zone(tl, "library", 0) == ["Dirgur Island Dragon // Skimming Strike"]
    assert zone(tl, "hand", 0) == ["Mountain"]
    assert zone(tl, "graveyard", 0) == []
    assert tl.final.obj(tl.final.players[1].battlefield[0]).tapped


def test_a_countered_omen_goes_to_the_graveyard_cr_608_2n_701_6a():
    """Countered, an Omen spell never resolves: it goes to its owner's graveyard."""
    d = board(
        hand=("Dirgur Island Dragon // Skimming Strike",),
        opponent_hand=("Counterspell",),
        opponent_battlefield=("Bear Cub",),
        actions=[
            CAST_THE_OMEN,
            {"do": "counter", "target": "Skimming Strike", "with": "Counterspell"},
        ],
    )
    tl = finished(d)
    assert zone(tl, "graveyard", 0) == ["Dirgur Island Dragon // Skimming Strike"]
    assert zone(tl, "library", 0) == []


def test_a_cast_trigger_that_may_copy_a_permanent_spell_is_not_claimed_cr_707_10f():
    """Archmage of Echoes copies Faerie and Wizard permanent spells: the copy of a permanent
    spell (707.10f) is not simulated, so the card isn't claimed (XMage
    ArchmageOfEchoesTest.testCopy); a trigger that only copies instants and sorceries is."""
    from engine import default_pool
    from engine.views.coverage import card_coverage

    pool = default_pool()
    archmage = card_coverage(pool.get("Archmage of Echoes"))
    assert archmage.status != "full"
    assert any("707.10f" in m for m in archmage.missing)
    assert card_coverage(pool.get("Mica, Reader of Ruins")).status == "full"
