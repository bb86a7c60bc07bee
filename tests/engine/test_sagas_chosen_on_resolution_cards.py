"""The pool's Sagas whose chapters the ops chosen on resolution simulate
(engine/ops/chosen_on_resolution.py, engine/ops/cards/the_creation_of_avacyn.py,
engine/lang/target_groups.py), one scenario per card: the real
card from the bundled pool on the battlefield, a lore counter added (714.2b), the board
after. Fields, not wording. Reads only the bundled pool: runs under Pyodide too.
"""

from __future__ import annotations

from boards import answered, board, of_kind, zone

LORE = "lore"


def saga(name: str, lore: int, face: str | None = None) -> dict:
    return {"name": name, "counters": {LORE: lore}, **({"face": face} if face else {})}


def add_lore(name: str, n: int = 1) -> list[dict]:
    return [{"do": "add_lore", "card": name, "n": 1} for _ in range(n)]


def on(tl, name: str, player: int = 0) -> int:
    st = tl.final
    (oid,) = [i for i in st.players[player].zone("battlefield") if st.objects[i].name == name]
    return oid


def test_the_caves_of_androzani_ii_one_more_counter_of_a_kind() -> None:
    name = "The Caves of Androzani"
    d = board(
        battlefield=[saga(name, 1), {"name": "Grizzly Bears", "counters": {"+1/+1": 1}}],
        opponent_battlefield=[{"name": "Serra Angel", "counters": {"stun": 1}}],
        actions=add_lore(name),
    )
    tl = answered(d, "counter:+1/+1", "counter:none")
    assert dict(tl.final.objects[on(tl, "Grizzly Bears")].counters) == {"+1/+1": 2}
    assert dict(tl.final.objects[on(tl, "Serra Angel", 1)].counters) == {"stun": 1}
    assert dict(tl.final.objects[on(tl, name)].counters) == {LORE: 2}  # a Saga: not chosen


def test_fall_of_the_impostor_iii_exiles_the_opponents_greatest_power() -> None:
    name = "Fall of the Impostor"
    d = board(
        battlefield=[saga(name, 2), "Colossal Dreadmaw"],
        opponent_battlefield=["Serra Angel", "Grizzly Bears"],
        actions=add_lore(name),
    )
    tl = answered(d)
    assert zone(tl, "exile", 1) == ["Serra Angel"]
    assert zone(tl, "battlefield", 1) == ["Grizzly Bears"]
    assert zone(tl, "battlefield") == ["Colossal Dreadmaw"]
    assert zone(tl, "graveyard") == [name]  # 714.4


def test_summon_kujata_iii_discard_draw_two_damage_equal_to_its_mana_value() -> None:
    name = "Summon: Kujata"
    d = board(
        ["Island", "Forest", "Swamp"],
        hand=["Serra Angel", "Mountain"],
        battlefield=[saga(name, 2)],
        actions=add_lore(name),
    )
    tl = answered(d, "Serra Angel")
    assert tl.final.players[1].life == 15
    assert sorted(zone(tl, "hand")) == ["Forest", "Island", "Mountain"]
    assert sorted(zone(tl, "graveyard")) == ["Serra Angel", name]


def test_yotia_declares_war_ii_tap_artifacts_that_much_damage() -> None:
    name = "Yotia Declares War"
    d = board(
        battlefield=[saga(name, 1), "Memnite", "Sol Ring"],
        opponent_battlefield=["Serra Angel"],
        actions=add_lore(name),
    )
    tl = answered(d, "Memnite", "Sol Ring", "Serra Angel")
    st = tl.final
    assert st.objects[on(tl, "Memnite")].tapped and st.objects[on(tl, "Sol Ring")].tapped
    assert [e.amount for e in of_kind(tl, "damage")] == [2]
    assert st.objects[on(tl, "Serra Angel", 1)].damage == 2


def test_the_hunger_tide_rises_iv_sacrifice_two_search_a_two() -> None:
    name = "The Hunger Tide Rises"
    d = board(
        ["Serra Angel", "Runeclaw Bear", "Island"],
        battlefield=[saga(name, 3), "Memnite", "Llanowar Elves"],
        actions=add_lore(name),
    )
    tl = answered(d, "Memnite", "Llanowar Elves", "search:library", "Runeclaw Bear")
    assert zone(tl, "battlefield") == ["Runeclaw Bear"]
    assert sorted(zone(tl, "graveyard")) == ["Llanowar Elves", "Memnite", name]
    assert sorted(zone(tl, "library")) == ["Island", "Serra Angel"]


def test_the_world_spell_iii_two_permanent_cards_from_hand() -> None:
    name = "The World Spell"
    d = board(
        hand=["Serra Angel", "Island", "Lightning Bolt"],
        battlefield=[saga(name, 2)],
        actions=add_lore(name),
    )
    tl = answered(d, "Serra Angel", "Island")
    assert sorted(zone(tl, "battlefield")) == ["Island", "Serra Angel"]
    assert zone(tl, "hand") == ["Lightning Bolt"]


def test_the_trickster_gods_heist_ii_exchanges_two_that_share_a_type() -> None:
    name = "The Trickster-God's Heist"
    d = board(
        battlefield=[saga(name, 1), "Sol Ring", "Glorious Anthem"],
        opponent_battlefield=["Mind Stone", "Island"],
        actions=add_lore(name),
    )
    # targets first (603.3d): Sol Ring shares a type only with Mind Stone (the Saga and
    # Glorious Anthem are both enchantments: a legal pair too); then "you may" (608.2d)
    tl = answered(d, "Sol Ring", "yes")
    assert sorted(zone(tl, "battlefield")) == ["Glorious Anthem", "Mind Stone", name]
    assert sorted(zone(tl, "battlefield", 1)) == ["Island", "Sol Ring"]


def test_the_war_in_heaven_iii_total_mana_value_8_necrodermis_artifacts() -> None:
    name = "The War in Heaven"
    d = board(
        battlefield=[saga(name, 2)],
        actions=add_lore(name),
        graveyard=["Serra Angel", "Colossal Dreadmaw", "Grizzly Bears"],
    )
    tl = answered(d, "Serra Angel", "Grizzly Bears")  # then nothing fits: 5 + 2 + 6 > 8
    assert sorted(zone(tl, "battlefield")) == ["Grizzly Bears", "Serra Angel"]
    assert dict(tl.final.objects[on(tl, "Serra Angel")].counters) == {"necrodermis": 1}
    assert sorted(zone(tl, "graveyard")) == ["Colossal Dreadmaw", name]


def test_phoenix_warden_of_fire_iii_total_mana_value_6_then_it_returns() -> None:
    name = "Joshua, Phoenix's Dominant // Phoenix, Warden of Fire"
    d = board(
        battlefield=[saga(name, 2, "Phoenix, Warden of Fire")],
        actions=add_lore(name),
        graveyard=["Grizzly Bears", "Serra Angel", "Memnite"],
    )
    tl = answered(d, "Grizzly Bears", "Memnite")  # then Serra Angel can't fit: no more options
    assert sorted(zone(tl, "battlefield")) == ["Grizzly Bears", name, "Memnite"]
    assert dict(tl.final.objects[on(tl, name)].counters) == {}  # back as a new object (400.7)
    assert zone(tl, "graveyard") == ["Serra Angel"]
    dec1, dec2 = [dec for _f, dec, _k in tl.answered if dec.kind.value == "target"]
    assert any("Serra Angel" in o.label for o in dec1.options)
    assert all("Serra Angel" not in o.label for o in dec2.options)  # 2 + 5 > 6


def test_esper_terra_i_token_copy_with_haste_sacrificed_at_your_next_end_step() -> None:
    name = "Terra, Magical Adept // Esper Terra"
    base = dict(battlefield=[saga(name, 0, "Esper Terra"), "Glorious Anthem"])
    tl = answered(board(**base, actions=add_lore(name)))
    assert sorted(zone(tl, "battlefield")) == ["Esper Terra", "Glorious Anthem", "Glorious Anthem"]
    (tok,) = [e for e in of_kind(tl, "token") if e.data.get("copy_of")]
    assert [e.data["when"] for e in of_kind(tl, "delayed")] == ["your_next_end_step"]
    assert tok.amount == 1
    # next turn: the end step sacrifices the token (603.7a); chapter II then makes another
    tl = answered(board(**base, actions=[*add_lore(name), {"do": "precombat_main"}]))
    first = [e for e in of_kind(tl, "token") if e.data.get("copy_of")][0].objects[0]
    assert any(first in e.objects for e in of_kind(tl, "sacrifice"))
    assert first not in tl.final.players[0].zone("battlefield")


def test_vault_101_birthday_party_ii_equipment_from_graveyard_attached() -> None:
    name = "Vault 101: Birthday Party"
    d = board(
        battlefield=[saga(name, 1), "Grizzly Bears"],
        graveyard=["Bonesplitter"],
        actions=add_lore(name),
    )
    tl = answered(d, "Bonesplitter", "Grizzly Bears")
    assert sorted(zone(tl, "battlefield")) == ["Bonesplitter", "Grizzly Bears", name]
    (att,) = of_kind(tl, "attach")
    assert att.data["to"] == on(tl, "Grizzly Bears")


def test_the_creation_of_avacyn_i_to_iii_face_down_then_onto_the_battlefield() -> None:
    name = "The Creation of Avacyn"
    d = board(
        ["Island", "Serra Angel", "Forest"], battlefield=[saga(name, 0)], actions=add_lore(name, 3)
    )
    tl = answered(d, "Serra Angel", "yes")
    assert zone(tl, "battlefield") == ["Serra Angel"]
    assert tl.final.players[0].life == 15  # chapter II: its mana value
    assert zone(tl, "graveyard") == [name] and zone(tl, "exile") == []


def test_kravens_last_hunt_i_mill_five_then_the_greatest_power_in_your_graveyard() -> None:
    # mills five as printed (XMage's class mills four); the reflexive counts as it resolves
    name = "Kraven's Last Hunt"
    lib = ["Grizzly Bears", "Island", "Colossal Dreadmaw", "Forest", "Llanowar Elves", "Swamp"]
    d = board(
        lib,
        battlefield=[saga(name, 0)],
        graveyard=["Serra Angel"],
        opponent_battlefield=["Serra Angel", "Memnite"],
        actions=add_lore(name),
    )
    tl = answered(d, "Serra Angel")
    assert zone(tl, "library") == ["Swamp"]
    assert [e.amount for e in of_kind(tl, "mill")] == [5]
    assert [e.amount for e in of_kind(tl, "damage")] == [6]  # Colossal Dreadmaw's power
    assert zone(tl, "battlefield", 1) == ["Memnite"]


def test_kravens_last_hunt_i_with_an_empty_library_nothing_milled_no_trigger() -> None:
    name = "Kraven's Last Hunt"
    d = board(
        battlefield=[saga(name, 0)],
        graveyard=["Serra Angel"],
        opponent_battlefield=["Grizzly Bears"],
        actions=add_lore(name),
    )
    tl = answered(d)
    assert of_kind(tl, "damage") == [] and zone(tl, "battlefield", 1) == ["Grizzly Bears"]
