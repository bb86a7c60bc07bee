"""Real cards on a board: boards the engine once produced wrong while counting the card
as simulated. Each test plays a real card and checks zones, counters and characteristics.

- Token definitions read whole (111.3): Master of Waves, Aquatic Incursion.
- Stun counters (122.1d): an untap becomes "remove a stun counter" in the untap step, for
  untap effects and for the {Q} cost (paid either way, 118.11).
- Changeling (702.73a): every creature type for the subtype filters, in every zone.
- One-shot effects XMage gives ``WhileOnBattlefield`` on another object last indefinitely
  (611.2a): Riding the Dilu Horse, Ashnod's Transmogrant.

Fields, never wording. Stdlib + engine: runs under Pyodide.
"""

from __future__ import annotations

from engine import AutoPolicy, Scenario

from boards import board, finished, of_kind, play, zone

LIB = ["Island", "Island", "Island"]


def _perms(tl, player: int = 0, name: str | None = None) -> list[int]:
    st = tl.final
    return [
        i
        for i in st.players[player].zone("battlefield")
        if name is None or st.objects[i].name == name
    ]


def _auto(d: dict):
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished and tl.pending is None, tl.text()
    return tl


# ----------------------------------------------------------------- tokens (111.3)


def test_master_of_waves_makes_blue_1_0_elementals_it_pumps_cr_111_3_613_4c() -> None:
    """Devotion to blue 1 (its own {U}): one 1/0 blue Elemental creature token, 2/1 under
    Master of Waves' "Elemental creatures you control get +1/+1"; it survives (704.5f)."""
    tl = finished(board(LIB, hand=["Master of Waves"]))
    [tok] = [i for i in _perms(tl) if tl.final.objects[i].is_token]
    ch = tl.final.characteristics(tok)
    assert ch.name == "Elemental" and "Creature" in ch.types and "Elemental" in ch.subtypes
    assert tuple(ch.colors) == ("U",)
    assert (ch.base_power, ch.base_toughness, ch.power, ch.toughness) == (1, 0, 2, 1)
    assert zone(tl, "graveyard") == []


def test_aquatic_incursion_makes_two_hexproof_merfolk_cr_111_3() -> None:
    tl = finished(board(LIB, hand=["Aquatic Incursion"]))
    toks = [i for i in _perms(tl) if tl.final.objects[i].is_token]
    assert len(toks) == 2
    for i in toks:
        ch = tl.final.characteristics(i)
        assert ("Creature" in ch.types, "Merfolk" in ch.subtypes, tuple(ch.colors)) == (
            True,
            True,
            ("U",),
        )
        assert (ch.power, ch.toughness) == (1, 1) and "Hexproof" in ch.keywords


# ----------------------------------------------------------------- stun (122.1d)


def _stun(tl, oid: int) -> int:
    return tl.final.objects[oid].counter("stun")


def test_untap_step_removes_a_stun_counter_instead_cr_122_1d_502_3() -> None:
    d = board(
        LIB,
        opponent_library=LIB,
        actions=[{"do": "next_main"}],
        battlefield=[
            {"name": "Grizzly Bears", "tapped": True, "counters": {"stun": 2}},
            {"name": "Llanowar Elves", "tapped": True},
        ],
    )
    tl = finished(d)
    [bears] = _perms(tl, name="Grizzly Bears")
    [elves] = _perms(tl, name="Llanowar Elves")
    assert tl.final.objects[bears].tapped and _stun(tl, bears) == 1
    assert not tl.final.objects[elves].tapped
    [rep] = [e for e in of_kind(tl, "replacement") if e.rule == "122.1d"]
    assert list(rep.objects) == [bears]
    # two more of your untap steps: the last counter goes, then it untaps
    tl = finished({**d, "actions": [{"do": "next_main"}] * 3})
    [bears] = _perms(tl, name="Grizzly Bears")
    assert not tl.final.objects[bears].tapped and _stun(tl, bears) == 0


def test_alchemax_slayer_bots_keeps_the_creature_tapped_a_turn_cr_122_1d() -> None:
    """ETB: tap target creature an opponent controls and put a stun counter on it. In its
    controller's next untap step the counter is removed and it stays tapped."""
    d = board(
        LIB,
        hand=["Alchemax Slayer-Bots"],
        opponent_library=LIB,
        opponent_battlefield=["Grizzly Bears"],
    )
    tl = _auto(d)
    [bears] = _perms(tl, 1, "Grizzly Bears")
    assert tl.final.objects[bears].tapped and _stun(tl, bears) == 1
    tl = _auto({**d, "actions": [*d["actions"], {"do": "next_main"}]})
    [bears] = _perms(tl, 1, "Grizzly Bears")
    assert tl.final.objects[bears].tapped and _stun(tl, bears) == 0


def test_an_untap_effect_removes_a_stun_counter_instead_cr_122_1d_701_26b() -> None:
    """Ambling Stormshell: "Whenever you cast a Turtle spell, untap this" (Aegis Turtle)."""
    stunned = {"name": "Ambling Stormshell", "tapped": True, "counters": {"stun": 3}}
    tl = finished(board(LIB, hand=["Aegis Turtle"], battlefield=[stunned]))
    [shell] = _perms(tl, name="Ambling Stormshell")
    assert tl.final.objects[shell].tapped and _stun(tl, shell) == 2
    assert not of_kind(tl, "untap")
    tl = finished(
        board(
            LIB, hand=["Aegis Turtle"], battlefield=[{"name": "Ambling Stormshell", "tapped": True}]
        )
    )
    [shell] = _perms(tl, name="Ambling Stormshell")
    assert not tl.final.objects[shell].tapped


def test_an_untapped_permanent_keeps_its_stun_counters_cr_122_1d() -> None:
    """Only a permanent that would BECOME untapped: an untapped one keeps them."""
    d = board(
        LIB,
        opponent_library=LIB,
        actions=[{"do": "next_main"}],
        battlefield=[{"name": "Grizzly Bears", "counters": {"stun": 1}}],
    )
    tl = finished(d)
    [bears] = _perms(tl, name="Grizzly Bears")
    assert not tl.final.objects[bears].tapped and _stun(tl, bears) == 1


def test_the_untap_symbol_cost_is_paid_by_removing_a_stun_counter_cr_118_11() -> None:
    relic = {
        "name": "Relic",
        "mana_cost": "{1}",
        "type_line": "Artifact",
        "effects": {
            "activated": [{"costs": [{"cost": "untap"}], "ops": [{"op": "gain_life", "n": 1}]}]
        },
    }
    d = board(
        battlefield=[{"name": "Relic", "tapped": True, "counters": {"stun": 1}}],
        actions=[{"do": "activate", "card": "Relic"}],
        cards=[relic],
    )
    tl = finished(d)
    [oid] = _perms(tl, name="Relic")
    assert tl.final.objects[oid].tapped and _stun(tl, oid) == 0
    assert tl.final.players[0].life == 21


# ------------------------------------------------------------- changeling (702.73a)


def test_a_changeling_is_an_elf_for_an_elf_lord_cr_702_73a() -> None:
    tl = finished(board(battlefield=["Elvish Champion", "Changeling Outcast"], actions=[]))
    [outcast] = _perms(tl, name="Changeling Outcast")
    ch = tl.final.characteristics(outcast)
    assert (ch.power, ch.toughness) == (2, 2)


def test_non_elf_excludes_a_changeling_cr_702_73a() -> None:
    """Eyeblight's Ending: "Destroy target non-Elf creature" can't target the changeling."""
    d = board(
        LIB,
        hand=["Eyeblight's Ending"],
        opponent_battlefield=["Changeling Outcast", "Grizzly Bears"],
    )
    tl = play(d)
    assert tl.pending is None or len(tl.pending.options) == 1
    tl = _auto(d)
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears"]
    assert zone(tl, "battlefield", 1) == ["Changeling Outcast"]


def test_a_changeling_spell_is_an_elf_spell_not_an_equipment_spell_cr_702_73a() -> None:
    """On the stack too (all zones): Lys Alana Huntmaster ("Whenever you cast an Elf spell")
    makes an Elf Warrior; Sram ("an Aura, Equipment, or Vehicle spell") doesn't draw:
    changeling gives creature types only."""
    tl = _auto(
        board(
            LIB,
            hand=["Changeling Outcast"],
            battlefield=["Lys Alana Huntmaster", "Sram, Senior Edificer"],
        )
    )
    st = tl.final
    toks = [st.characteristics(i) for i in _perms(tl) if st.objects[i].is_token]
    assert [set(t.subtypes) for t in toks] == [{"Elf", "Warrior"}]
    assert zone(tl, "hand") == []


# ------------------------------------------------- one-shot durations (611.2a)


def test_riding_the_dilu_horse_lasts_after_the_spell_resolves_cr_611_2a() -> None:
    d = board(
        LIB, hand=["Riding the Dilu Horse"], battlefield=["Grizzly Bears"], opponent_library=LIB
    )
    for actions in (d["actions"], [*d["actions"], {"do": "next_main"}]):
        tl = _auto({**d, "actions": actions})
        [bears] = _perms(tl, name="Grizzly Bears")
        ch = tl.final.characteristics(bears)
        assert (ch.power, ch.toughness) == (4, 4) and "Horsemanship" in ch.keywords


def test_ashnods_transmogrant_the_creature_stays_an_artifact_cr_611_2a() -> None:
    """{T}, sacrifice: +1/+1 counter and it becomes an artifact; Transmogrant is gone."""
    d = board(
        LIB,
        battlefield=["Ashnod's Transmogrant", "Grizzly Bears"],
        actions=[{"do": "activate", "card": "Ashnod's Transmogrant"}],
    )
    tl = _auto(d)
    assert zone(tl, "graveyard") == ["Ashnod's Transmogrant"]
    [bears] = _perms(tl, name="Grizzly Bears")
    ch = tl.final.characteristics(bears)
    assert "Artifact" in ch.types and "Creature" in ch.types and (ch.power, ch.toughness) == (3, 3)


def test_a_changeling_pays_a_sacrifice_a_goblin_cost_cr_702_73a() -> None:
    """Airdrop Condor (a Bird): "{1}{R}, Sacrifice a Goblin creature: it deals damage equal
    to the sacrificed creature's power to any target" — the changeling is that Goblin."""
    d = board(
        LIB,
        battlefield=["Airdrop Condor", "Changeling Outcast"],
        opponent_battlefield=["Grizzly Bears"],
        actions=[{"do": "activate", "card": "Airdrop Condor"}],
    )
    tl = _auto(d)
    assert zone(tl, "graveyard") == ["Changeling Outcast"]
    assert zone(tl, "battlefield") == ["Airdrop Condor"]


def test_a_changeling_that_loses_its_abilities_keeps_its_creature_types_cr_613_3() -> None:
    """Changeling is a characteristic-defining ability: it applies first, in layer 4 (613.3),
    before an effect removing abilities in layer 6 could take it away, so Changeling Outcast
    is still an Elf: Eyeblight's Ending ("target non-Elf creature") can't target it."""
    strip = {
        "name": "Test Keyword Thief",
        "mana_cost": "{1}",
        "type_line": "Enchantment",
        "effects": {
            "static": [
                {
                    "op": "lose_keywords",
                    "what": "all",
                    "filter": {"types": ["Creature"]},
                    "keywords": ["Changeling"],
                    "duration": "while_on_battlefield",
                }
            ]
        },
    }
    d = board(
        LIB,
        hand=["Eyeblight's Ending"],
        battlefield=["Test Keyword Thief"],
        opponent_battlefield=["Changeling Outcast", "Grizzly Bears"],
        cards=[strip],
    )
    tl = _auto(d)
    [outcast] = _perms(tl, 1, name="Changeling Outcast")
    assert "Changeling" not in tl.final.characteristics(outcast).keywords  # gone (layer 6)
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears"]  # still an Elf (layer 4)
    assert zone(tl, "battlefield", 1) == ["Changeling Outcast"]
