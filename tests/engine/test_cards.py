"""Card facts: mana value off the stack, faces, spell faces, sagas, Scryfall import.

Cards come from the bundled pool, so these also check the shipped database against
the README's spot checks.
"""

from __future__ import annotations

import pytest

from engine.cards.carddb import default_pool
from engine.cards.definitions import CardDef, Chapters, Face, parse_type_line
from engine.cards.mana import parse_mana_cost


def card(name: str) -> CardDef:
    return default_pool().get(name)


# ----- mana value (CR 202.3 and the layouts) --------------------------------------------------


@pytest.mark.parametrize("name", ["Crashing Footfalls", "Living End", "Ancestral Vision"])
def test_card_without_mana_cost_has_mana_value_zero_cr_202_3a(name: str) -> None:
    c = card(name)
    assert c.front.mana_cost is None
    assert c.mana_value == 0
    assert c.front.mana_value(x=7) == 0


def test_land_has_no_mana_cost_and_mana_value_zero_cr_202_3a() -> None:
    forest = card("Forest")
    assert forest.front.mana_cost is None
    assert forest.mana_value == 0
    assert forest.is_land
    assert forest.front.supertypes == ("Basic",)
    assert forest.spell_faces == ()  # a land is never cast (CR 305.1)


def test_split_card_mv_is_sum_of_halves_off_stack_cr_709_4() -> None:
    fire_ice = card("Fire // Ice")
    assert fire_ice.layout == "split"
    assert fire_ice.mana_value == 4
    assert fire_ice.mana_cost_text == "{1}{R} // {1}{U}"
    assert fire_ice.colors == ("U", "R")


def test_split_card_on_stack_only_the_chosen_half_exists_cr_709_3() -> None:
    fire_ice = card("Fire // Ice")
    assert [f.name for f in fire_ice.spell_faces] == ["Fire", "Ice"]
    assert fire_ice.face("Fire").mana_value() == 2
    assert fire_ice.face("ice").mana_value() == 2


def test_mdfc_off_stack_uses_front_face_mv_cr_712_8a() -> None:
    agadeem = card("Agadeem's Awakening")
    assert agadeem.layout == "modal_dfc"
    assert agadeem.mana_value == 3  # {X}{B}{B}{B} with X = 0
    assert not agadeem.is_land
    assert agadeem.front.has_x


def test_mdfc_land_back_face_is_not_a_spell_face_cr_712_11() -> None:
    agadeem = card("Agadeem's Awakening // Agadeem, the Undercrypt")
    assert [f.name for f in agadeem.spell_faces] == ["Agadeem's Awakening"]
    back = agadeem.faces[1]
    assert back.is_land and back.mana_cost is None


def test_mdfc_back_face_cast_has_back_face_mv_cr_712_8() -> None:
    # Both faces of Valakut Awakening // Valakut Stoneforge: only the front is a spell.
    c = card("Valakut Awakening")
    assert c.mana_value == c.front.mana_value() == 3
    assert [f.name for f in c.spell_faces] == ["Valakut Awakening"]


def test_adventurer_in_library_is_the_creature_cr_715_4() -> None:
    giant = card("Bonecrusher Giant")
    assert giant.name == "Bonecrusher Giant // Stomp"
    assert giant.mana_value == 3
    assert giant.front.is_creature
    assert giant.front.power == "4" and giant.front.toughness == "3"


def test_adventure_spell_has_adventure_characteristics_cr_715_3() -> None:
    stomp = card("Bonecrusher Giant // Stomp").face("Stomp")
    assert stomp.mana_value() == 2
    assert stomp.mana_cost == parse_mana_cost("{1}{R}")
    assert stomp.type_line == "Instant — Adventure"
    assert stomp.is_instant and "Adventure" in stomp.subtypes


def test_giant_killer_mv_1_and_chop_down_mv_3_cr_715_4() -> None:
    killer = card("Giant Killer")
    assert killer.mana_value == 1
    assert killer.face("Chop Down").mana_value() == 3
    assert [f.name for f in killer.spell_faces] == ["Giant Killer", "Chop Down"]


def test_fireball_x_is_zero_in_library_cr_202_3e() -> None:
    fireball = card("Fireball")
    assert fireball.front.mana_cost == parse_mana_cost("{X}{R}")
    assert fireball.has_x
    assert fireball.mana_value == 1
    assert fireball.front.mana_value(x=4) == 5


def test_transform_back_face_is_not_cast_cr_712_11() -> None:
    delver = card("Delver of Secrets")
    assert delver.layout == "transform"
    assert [f.name for f in delver.spell_faces] == ["Delver of Secrets"]
    assert delver.faces[1].mana_cost is None
    assert delver.mana_value == 1


# ----- README spot checks ----------------------------------------------------------------------


def test_bloodbraid_elf_cascade_1_cr_702_85() -> None:
    elf = card("Bloodbraid Elf")
    assert elf.front.mana_cost.text == "{2}{R}{G}"
    assert elf.mana_value == 4
    assert elf.cascade == 1
    assert "Cascade" in elf.keywords


def test_apex_devastator_has_four_cascade_instances_cr_702_85() -> None:
    apex = card("Apex Devastator")
    assert apex.front.mana_cost.text == "{8}{G}{G}"
    assert apex.mana_value == 10
    assert apex.cascade == 4


def test_shardless_agent_artifact_creature_cascade_cr_702_85() -> None:
    agent = card("Shardless Agent")
    assert agent.front.mana_cost.text == "{1}{G}{U}"
    assert agent.front.type_line == "Artifact Creature — Human Rogue"
    assert agent.front.types == ("Artifact", "Creature")
    assert agent.cascade == 1
    assert agent.effects_for() == {"keywords_only": True}


def test_geological_appraiser_discover_3_on_etb_cr_701_57() -> None:
    appraiser = card("Geological Appraiser")
    assert appraiser.front.mana_cost.text == "{2}{R}{R}"
    assert (appraiser.discover, appraiser.discover_when) == (3, "etb")
    assert appraiser.effects_for()["etb_if_cast"] is True


def test_trumpeting_carnosaur_discover_5_cr_701_57() -> None:
    carno = card("Trumpeting Carnosaur")
    assert carno.front.mana_cost.text == "{4}{R}{R}"
    assert (carno.front.power, carno.front.toughness) == ("7", "6")
    assert (carno.discover, carno.discover_when) == (5, "etb")


def test_the_first_eruption_has_three_chapters_cr_714_2() -> None:
    saga = card("The First Eruption")
    assert saga.front.is_saga and saga.front.is_permanent
    ch = saga.chapters
    assert isinstance(ch, Chapters) and ch.count == 3
    assert ch.for_chapter(1)[0].ops[0] == {
        "op": "damage",
        "amount": 1,
        "to": "each_creature_without_flying",
    }
    assert ch.for_chapter(2)[0].ops[0] == {"op": "add_mana", "mana": "{R}{R}"}
    third = ch.for_chapter(3)[0]
    assert [o["op"] for o in third.ops] == ["sacrifice", "damage"]
    assert third.approx is True


def test_history_of_benalia_chapters_one_and_two_share_an_ability_cr_714_2() -> None:
    ch = card("History of Benalia").chapters
    assert ch is not None and ch.count == 3
    assert ch.abilities[0].chapters == (1, 2)
    assert ch.for_chapter(1) == ch.for_chapter(2)


def test_read_ahead_saga_flag_cr_702_155() -> None:
    assert card("The Cruelty of Gix").read_ahead is True
    assert card("The First Eruption").read_ahead is False


def test_fable_is_a_transform_saga_cr_714() -> None:
    fable = card("Fable of the Mirror-Breaker")
    assert fable.layout == "transform"
    assert fable.front.is_saga
    assert fable.chapters is not None and fable.chapters.count == 3


def test_urzas_saga_is_a_land_saga() -> None:
    saga = card("Urza's Saga")
    assert saga.is_land and saga.front.is_saga
    assert saga.mana_value == 0
    assert saga.spell_faces == ()


@pytest.mark.parametrize("name", ["Maelstrom Nexus", "Imoti, Celebrant of Bounty"])
def test_cascade_granting_cards_are_flagged_cr_702_85(name: str) -> None:
    assert card(name).grants_cascade is True


def test_imoti_both_has_and_grants_cascade() -> None:
    imoti = card("Imoti, Celebrant of Bounty")
    assert imoti.cascade == 1 and imoti.grants_cascade


def test_tarmogoyf_star_power_toughness() -> None:
    goyf = card("Tarmogoyf")
    assert (goyf.front.power, goyf.front.toughness) == ("*", "1+*")


def test_crashing_footfalls_is_green_without_a_cost_cr_202_2() -> None:
    footfalls = card("Crashing Footfalls")
    assert footfalls.colors == ("G",)
    assert footfalls.front.mana_cost is None


def test_effects_for_face_returns_face_entry() -> None:
    fire_ice = card("Fire // Ice")
    fire = fire_ice.effects_for("Fire")
    assert fire is not None and fire["spell"][0]["op"] == "damage"
    assert fire_ice.effects_for("Ice") != fire
    assert card("Grizzly Bears").effects_for("Grizzly Bears") == {"vanilla": True}
    assert card("Forest").effects_for() is None


# ----- Face flags and type lines ---------------------------------------------------------------


def test_face_flags_follow_types_cr_110_4() -> None:
    face = Face(
        "Pacifism", parse_mana_cost("{1}{W}"), "Enchantment — Aura", (), ("Enchantment",), ("Aura",)
    )
    assert face.is_permanent and face.is_aura
    assert not (face.is_creature or face.is_land or face.is_instant or face.is_sorcery)
    sorcery = Face("Wrath", None, "Sorcery", (), ("Sorcery",), ())
    assert sorcery.is_sorcery and not sorcery.is_permanent and sorcery.mana_value() == 0


def test_parse_type_line_splits_super_card_and_subtypes_cr_205() -> None:
    assert parse_type_line("Legendary Creature — Elf Warrior") == (
        ("Legendary",),
        ("Creature",),
        ("Elf", "Warrior"),
    )
    assert parse_type_line("Basic Snow Land — Forest") == (
        ("Basic", "Snow"),
        ("Land",),
        ("Forest",),
    )
    assert parse_type_line("Kindred Instant - Elf") == ((), ("Kindred", "Instant"), ("Elf",))
    assert parse_type_line("Legendary Creature — Time Lord Doctor")[2] == ("Time Lord", "Doctor")


@pytest.mark.parametrize("bad", ["", "Token Creature — Goblin", "Legendary — Elf"])
def test_parse_type_line_rejects_unknown_words(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_type_line(bad)


# ----- dict round trip -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "Fire // Ice",
        "Bonecrusher Giant",
        "Agadeem's Awakening",
        "The First Eruption",
        "Apex Devastator",
        "Tarmogoyf",
        "Gisela, the Broken Blade",
        "The Tenth Doctor",
        "Geological Appraiser",
        "Living End",
    ],
)
@pytest.mark.parametrize("compact", [False, True])
def test_to_dict_from_dict_round_trip(name: str, compact: bool) -> None:
    c = card(name)
    assert CardDef.from_dict(c.to_dict(compact=compact)) == c


def test_from_dict_minimal_user_card() -> None:
    c = CardDef.from_dict(
        {
            "name": "Test Bear",
            "mana_cost": "{1}{G}",
            "type_line": "Creature — Bear",
            "power": 2,
            "toughness": 2,
            "keywords": ["Cascade"],
        }
    )
    assert c.mana_value == 2 and c.colors == ("G",)
    assert c.front.subtypes == ("Bear",) and c.front.power == "2"
    assert c.cascade == 1  # one Cascade keyword, no count given


@pytest.mark.parametrize(
    "bad, word",
    [
        ({}, "name"),
        ({"name": "X"}, "type_line"),
        ({"name": "X", "type_line": "Creature", "mana_cost": "{Q}"}, "{Q}"),
        ({"name": "X", "type_line": "Creature", "layout": "saga"}, "layout"),
        ({"name": "X", "type_line": "Creature", "colors": ["P"]}, "color"),
        ({"name": "X", "type_line": "Creature", "discover": "many"}, "discover"),
    ],
)
def test_from_dict_bad_input_names_the_problem(bad: dict, word: str) -> None:
    with pytest.raises(ValueError, match=word.replace("{", r"\{").replace("}", r"\}")):
        CardDef.from_dict(bad)


def test_card_def_is_frozen_and_hashable() -> None:
    c = card("Fire // Ice")
    with pytest.raises(AttributeError):
        c.name = "x"  # type: ignore[misc]
    assert {c: 1}[card("Fire // Ice")] == 1


# ----- Scryfall import --------------------------------------------------------------------------


def test_from_scryfall_single_face_legendary_creature() -> None:
    c = CardDef.from_scryfall(
        {
            "name": "Elvish Champion",
            "mana_cost": "{1}{G}{G}",
            "cmc": 3.0,
            "layout": "normal",
            "type_line": "Legendary Creature — Elf Warrior",
            "power": "2",
            "toughness": "2",
            "colors": ["G"],
            "keywords": [],
        }
    )
    assert (c.front.supertypes, c.front.types, c.front.subtypes) == (
        ("Legendary",),
        ("Creature",),
        ("Elf", "Warrior"),
    )
    assert c.mana_value == 3 and c.cascade == 0


def test_from_scryfall_counts_cascade_instances() -> None:
    c = CardDef.from_scryfall(
        {
            "name": "Apex Devastator",
            "mana_cost": "{8}{G}{G}",
            "cmc": 10,
            "layout": "normal",
            "type_line": "Creature — Chimera Hydra",
            "keywords": ["Cascade"],
            "oracle_text": "Cascade, cascade, cascade, cascade (Reminder text.)",
        }
    )
    assert c.cascade == 4
    plain = CardDef.from_scryfall(
        {
            "name": "Bloodbraid Elf",
            "mana_cost": "{2}{R}{G}",
            "cmc": 4,
            "type_line": "Creature — Elf Berserker",
            "keywords": ["Cascade", "Haste"],
        }
    )
    assert plain.cascade == 1 and plain.keywords == ("Cascade", "Haste")


def test_from_scryfall_split_card_mv_is_sum_cr_709_4() -> None:
    c = CardDef.from_scryfall(
        {
            "name": "Fire // Ice",
            "layout": "split",
            "mana_cost": "{1}{R} // {1}{U}",
            "cmc": 4.0,
            "type_line": "Instant // Instant",
            "colors": ["R", "U"],
            "keywords": [],
            "card_faces": [
                {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant"},
                {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant"},
            ],
        }
    )
    assert c.mana_value == 4 and c.colors == ("U", "R")
    assert [f.name for f in c.spell_faces] == ["Fire", "Ice"]


def test_from_scryfall_mdfc_uses_front_face_cr_712() -> None:
    c = CardDef.from_scryfall(
        {
            "name": "Agadeem's Awakening // Agadeem, the Undercrypt",
            "layout": "modal_dfc",
            "cmc": 3.0,
            "type_line": "Sorcery // Land",
            "keywords": [],
            "card_faces": [
                {
                    "name": "Agadeem's Awakening",
                    "mana_cost": "{X}{B}{B}{B}",
                    "type_line": "Sorcery",
                    "colors": ["B"],
                },
                {
                    "name": "Agadeem, the Undercrypt",
                    "mana_cost": "",
                    "type_line": "Land",
                    "colors": [],
                },
            ],
        }
    )
    assert c.mana_value == 3 and not c.is_land
    assert c.faces[1].mana_cost is None
    assert [f.name for f in c.spell_faces] == ["Agadeem's Awakening"]


def test_from_scryfall_no_mana_cost_is_mv_0_cr_202_3a() -> None:
    c = CardDef.from_scryfall(
        {
            "name": "Living End",
            "mana_cost": "",
            "cmc": 0.0,
            "layout": "normal",
            "type_line": "Sorcery",
            "colors": ["B"],
            "keywords": ["Suspend"],
        }
    )
    assert c.front.mana_cost is None and c.mana_value == 0 and c.colors == ("B",)


@pytest.mark.parametrize(
    "obj, word",
    [
        ({"mana_cost": "{1}"}, "name"),
        ({"name": "X", "mana_cost": "{1}"}, "type_line"),
        ({"name": "X", "type_line": "Creature", "mana_cost": "{1}{Q}"}, "Q"),
        ({"name": "X", "type_line": "Creature", "layout": "token"}, "layout"),
        ({"name": "X", "type_line": "Creature", "mana_cost": "{2}", "cmc": 3.0}, "cmc"),
        ({"name": "X", "type_line": "Creature", "keywords": "Flying"}, "keywords"),
        ({"name": "A // B", "layout": "split", "type_line": "Instant // Instant"}, "card_faces"),
    ],
)
def test_from_scryfall_bad_input_raises_value_error_naming_field(obj: dict, word: str) -> None:
    with pytest.raises(ValueError, match=word):
        CardDef.from_scryfall(obj)
