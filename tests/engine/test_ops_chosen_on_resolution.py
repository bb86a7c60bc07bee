"""Scenario tests of engine/ops/chosen_on_resolution.py and engine/lang/target_groups.py:
amounts and objects chosen on resolution (reflexive "this way" 603.12a, tap any number 701.26a,
sacrifice any number then search 701.21a/701.23a, up to two from hand, the greatest power,
one more counter of a kind 122.1, a token copy sacrificed at your next end step 603.7a)
and targets chosen together (share a card type 205.2a, total mana value 202.3). Boards
before and after, fields not wording. Stdlib + engine: runs under Pyodide.
"""

from __future__ import annotations

from engine.lang import effects
from engine.lang.vocabulary import validate_ops

from boards import answered, board, of_kind, user_spell, zone

run = answered


spell = user_spell


def cast(name: str, ops: list[dict], targets: list[dict] | None = None, **kw) -> dict:
    kw.setdefault("hand", (name,))
    extra = kw.pop("cards", ())
    return board(kw.pop("library", ()), cards=(spell(name, ops, targets), *extra), **kw)


def counters(tl, name: str, player: int = 0) -> dict:
    st = tl.final
    (oid,) = [i for i in st.players[player].zone("battlefield") if st.objects[i].name == name]
    return dict(st.objects[oid].counters)


def tapped(tl, player: int = 0) -> list[str]:
    st = tl.final
    return sorted(
        st.objects[i].name for i in st.players[player].zone("battlefield") if st.objects[i].tapped
    )


KUJATA = [
    {"op": "discard", "n": 1, "who": "you"},
    {
        "op": "reflexive_this_way",
        "what": "moved",
        "of": "mana_value",
        "ops": [{"op": "damage", "amount": {"dv": "that_many"}, "to": "each_opponent"}],
    },
    {"op": "draw", "n": 2},
]
YOTIA = [
    {
        "op": "tap_any_number",
        "filter": {"types": ["Artifact"], "controller": "you", "tapped": False},
        "reflexive_ops": [{"op": "damage", "amount": "that_many", "to": "target"}],
        "reflexive_targets": [{"what": "creature_or_planeswalker", "count": 1}],
    }
]
HUNGER = [
    {
        "op": "sacrifice_any_then_search",
        "filter": {"types": ["Creature"], "controller": "you"},
        "search": {"types": ["Creature"]},
    }
]
WORLD = [
    {
        "op": "put_from_hand_up_to",
        "n": 2,
        "filter": {"permanent_card": True, "not_subtypes": ["Saga"]},
    }
]
IMPOSTOR = [
    {"op": "exile_greatest_power", "who": "target_player", "filter": {"types": ["Creature"]}}
]
CAVES = [{"op": "another_counter_of_a_kind", "filter": {"not_subtypes": ["Saga"]}}]
TERRA = [
    {
        "op": "token_copy_until",
        "what": "target",
        "haste": True,
        "lore_up_to": 3,
        "sacrifice_at": "your_next_end_step",
    }
]


def test_the_ops_validate_and_their_checks_refuse_what_they_cannot_do() -> None:
    for ops in (KUJATA, YOTIA, HUNGER, WORLD, IMPOSTOR, CAVES, TERRA):
        assert validate_ops(ops) == [], ops
        assert effects.missing_parts(ops) == [], ops
    assert effects.problem({"op": "reflexive_this_way", "what": "moved", "of": "power", "ops": []})
    assert effects.problem({"op": "reflexive_this_way", "ops": [{"op": "draw", "n": 1}]})
    assert effects.problem({**YOTIA[0], "reflexive_ops": [{"op": "no_such_op"}]})
    assert effects.problem({**YOTIA[0], "reflexive_targets": [{"what": "nowhere"}]})
    assert effects.problem(
        {
            "op": "sacrifice_any_then_search",
            "filter": {"types": ["Creature"]},
            "search": {"types": ["Creature"]},
            "to": "hand",
        }
    )
    assert effects.problem({"op": "put_from_hand_up_to", "n": 0})
    assert effects.problem({**TERRA[0], "sacrifice_at": "never"})
    assert effects.problem({**TERRA[0], "what": "self"})
    # "that many" of a reflexive "this way" needs a mover right before it (608.2c)
    assert effects.missing_parts([{"op": "draw", "n": 1}, KUJATA[1]])


# ----------------------------------------------- reflexive "this way" (Summon: Kujata III)


def test_discard_then_draw_the_reflexive_deals_the_discarded_cards_mana_value_cr_603_12a() -> None:
    d = cast(
        "Fire",
        KUJATA,
        hand=("Fire", "Serra Angel", "Island"),
        library=("Forest", "Mountain", "Swamp"),
    )
    tl = run(d, "Serra Angel")
    assert sorted(zone(tl, "graveyard")) == ["Fire", "Serra Angel"]
    assert sorted(zone(tl, "hand")) == ["Forest", "Island", "Mountain"]
    assert tl.final.players[1].life == 20 - 5  # Serra Angel's mana value
    (dmg,) = of_kind(tl, "damage")
    assert dmg.amount == 5 and dmg.player == 0


def test_no_card_discarded_no_reflexive_trigger() -> None:
    tl = run(cast("Fire", KUJATA, library=("Forest", "Mountain")))
    assert sorted(zone(tl, "hand")) == ["Forest", "Mountain"]
    assert tl.final.players[1].life == 20
    assert of_kind(tl, "damage") == []
    assert not [e for e in of_kind(tl, "trigger") if e.data.get("trigger") == "reflexive"]


# ------------------------------------------------------ tap any number (Yotia Declares War II)


def test_tap_two_artifacts_that_much_damage_to_target_creature_cr_701_26a() -> None:
    d = cast(
        "Yotia",
        YOTIA,
        battlefield=["Memnite", "Ornithopter", "Sol Ring", "Forest"],
        opponent_battlefield=["Grizzly Bears"],
    )
    tl = run(d, "Memnite", "Ornithopter", "card:none", "Grizzly Bears")
    assert tapped(tl) == ["Memnite", "Ornithopter"]
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears"]  # 2 damage to a 2/2
    (dmg,) = of_kind(tl, "damage")
    assert dmg.amount == 2


def test_tap_one_artifact_one_damage_and_none_tapped_no_trigger() -> None:
    d = cast(
        "Yotia", YOTIA, battlefield=["Memnite", "Sol Ring"], opponent_battlefield=["Grizzly Bears"]
    )
    tl = run(d, "Sol Ring", "card:none", "Grizzly Bears")
    assert tapped(tl) == ["Sol Ring"]
    assert zone(tl, "battlefield", 1) == ["Grizzly Bears"]
    assert [e.amount for e in of_kind(tl, "damage")] == [1]
    tl = run(d, "card:none")
    assert tapped(tl) == [] and of_kind(tl, "damage") == []


# ------------------------------------ sacrifice any number, then search (The Hunger Tide Rises IV)


def test_sacrifice_two_find_a_creature_of_mana_value_two_or_less_in_the_library() -> None:
    d = cast(
        "Hunger",
        HUNGER,
        battlefield=["Memnite", "Llanowar Elves", "Grizzly Bears"],
        library=("Serra Angel", "Runeclaw Bear", "Island"),
    )
    tl = run(d, "Memnite", "Llanowar Elves", "card:none", "search:library", "Runeclaw Bear")
    assert sorted(zone(tl, "battlefield")) == ["Grizzly Bears", "Runeclaw Bear"]
    assert sorted(zone(tl, "graveyard")) == ["Hunger", "Llanowar Elves", "Memnite"]
    assert sorted(zone(tl, "library")) == ["Island", "Serra Angel"]
    assert of_kind(tl, "shuffle")  # 701.24a: the library was searched


def test_two_sacrificed_serra_angel_not_offered_a_graveyard_search_doesnt_shuffle() -> None:
    d = cast(
        "Hunger",
        HUNGER,
        battlefield=["Memnite", "Llanowar Elves"],
        graveyard=["Serra Angel", "Grizzly Bears"],
        library=("Island", "Forest"),
    )
    tl = run(d, "Memnite", "Llanowar Elves", "search:graveyard", "Grizzly Bears")
    assert zone(tl, "battlefield") == ["Grizzly Bears"]
    assert "Serra Angel" in zone(tl, "graveyard")
    assert zone(tl, "library") == ["Island", "Forest"] and of_kind(tl, "shuffle") == []
    # Memnite, Elves, then the search: Serra Angel (mana value 5) was never an option
    search = [dec for _f, dec, _k in tl.answered if dec.kind.value == "search"]
    assert all("Serra Angel" not in o.label for dec in search for o in dec.options)


def test_sacrifice_none_finds_only_mana_value_zero() -> None:
    d = cast("Hunger", HUNGER, battlefield=["Grizzly Bears"], library=("Memnite", "Island"))
    tl = run(d, "card:none", "search:library", "Memnite")
    assert sorted(zone(tl, "battlefield")) == ["Grizzly Bears", "Memnite"]


# ---------------------------------------------------------- up to two from hand (World Spell III)


def test_up_to_two_non_saga_permanent_cards_from_hand_onto_the_battlefield() -> None:
    d = cast(
        "World", WORLD, hand=("World", "Serra Angel", "Lightning Bolt", "Island", "Grizzly Bears")
    )
    tl = run(d, "Serra Angel", "Island")
    assert sorted(zone(tl, "battlefield")) == ["Island", "Serra Angel"]
    assert sorted(zone(tl, "hand")) == ["Grizzly Bears", "Lightning Bolt"]
    (ev,) = of_kind(tl, "to_battlefield")
    assert ev.amount == 2 and ev.data["from"] == "hand"


def test_up_to_two_may_be_none_and_a_saga_or_instant_is_never_offered() -> None:
    d = cast(
        "World",
        WORLD,
        hand=(
            "World",
            "Lightning Bolt",
            "Fable of the Mirror-Breaker // Reflection of Kiki-Jiki",
            "Island",
        ),
    )
    tl = run(d, "card:none")
    assert zone(tl, "battlefield") == []
    (dec,) = [dec for _f, dec, _k in tl.answered]
    assert [o.label for o in dec.options if o.key != "card:none"] == ["Put Island"]


# ------------------------------------------- the greatest power (Fall of the Impostor III)


def test_exile_a_creature_with_the_greatest_power_among_the_target_opponents() -> None:
    d = cast(
        "Impostor",
        IMPOSTOR,
        [{"what": "opponent", "count": 1}],
        battlefield=["Colossal Dreadmaw"],
        opponent_battlefield=["Grizzly Bears", "Serra Angel", "Llanowar Elves"],
    )
    tl = run(d)
    assert sorted(zone(tl, "battlefield", 1)) == ["Grizzly Bears", "Llanowar Elves"]
    assert zone(tl, "exile", 1) == ["Serra Angel"]
    assert zone(tl, "battlefield") == ["Colossal Dreadmaw"]  # not theirs


def test_ties_for_the_greatest_power_are_your_choice() -> None:
    d = cast(
        "Impostor",
        IMPOSTOR,
        [{"what": "opponent", "count": 1}],
        opponent_battlefield=["Grizzly Bears", "Runeclaw Bear", "Llanowar Elves"],
    )
    tl = run(d, "Runeclaw Bear")
    assert zone(tl, "exile", 1) == ["Runeclaw Bear"]
    (dec,) = [dec for _f, dec, _k in tl.answered]
    assert sorted(o.label for o in dec.options) == ["Exile Grizzly Bears", "Exile Runeclaw Bear"]


# ------------------------------------- one more counter of a kind (The Caves of Androzani II)


def test_for_each_non_saga_permanent_choose_a_counter_kind_and_maybe_one_more_cr_122_1() -> None:
    d = cast(
        "Caves",
        CAVES,
        battlefield=[{"name": "Grizzly Bears", "counters": {"+1/+1": 1, "stun": 2}}, "Memnite"],
        opponent_battlefield=[{"name": "Serra Angel", "counters": {"-1/-1": 1}}],
    )
    tl = run(d, "counter:stun", "counter:none")
    assert counters(tl, "Grizzly Bears") == {"+1/+1": 1, "stun": 3}
    assert counters(tl, "Serra Angel", 1) == {"-1/-1": 1}
    assert counters(tl, "Memnite") == {}
    assert [dec.player for _f, dec, _k in tl.answered] == [0, 0]  # Memnite has none: not asked


# ---------------------------------------- a token copy until your next end step (Esper Terra)

SAGA = {
    "name": "Test Saga",
    "mana_cost": "{1}",
    "type_line": "Enchantment — Saga",
    "chapters": {
        "count": 3,
        "abilities": [
            {"chapters": [1], "ops": []},
            {"chapters": [2], "ops": []},
            {"chapters": [3], "ops": []},
        ],
    },
    "effects": {
        "chapters": [
            {"chapters": [1], "ops": [{"op": "gain_life", "n": 1}]},
            {"chapters": [2], "ops": [{"op": "gain_life", "n": 10}]},
            {"chapters": [3], "ops": [{"op": "gain_life", "n": 100}]},
        ]
    },
}
ENCH = [
    {
        "what": "enchantment",
        "count": 1,
        "filter": {"controller": "you", "not_supertypes": ["Legendary"]},
    }
]


def test_a_saga_token_copy_gets_two_more_lore_counters_and_is_sacrificed_at_your_end_step() -> None:
    # The token enters with a lore counter (714.3a: chapter I), then two more (II and III).
    d = cast(
        "Terra",
        TERRA,
        ENCH,
        battlefield=[{"name": "Test Saga", "counters": {"lore": 1}}],
        cards=[SAGA],
    )
    tl = run(d, "lore:2", "Chapter I", "Chapter I")
    assert tl.final.players[0].life == 20 + 1 + 10 + 100  # the token's I, II and III
    # the token read through III and was sacrificed (714.4): only the original is left
    assert zone(tl, "battlefield") == ["Test Saga"]
    (tok,) = [e for e in of_kind(tl, "token") if e.data.get("copy_of")]
    lore = of_kind(tl, "lore")
    assert [e.amount for e in lore if tok.objects[0] in e.objects] == [1, 2]


def test_a_nonsaga_token_copy_is_sacrificed_at_your_next_end_step_cr_603_7a() -> None:
    aura = {"name": "Test Anthem", "mana_cost": "{1}", "type_line": "Enchantment", "effects": {}}
    d = cast(
        "Terra",
        TERRA,
        ENCH,
        battlefield=["Test Anthem"],
        cards=[aura],
        actions=[{"do": "cast", "card": "Terra"}],
    )
    tl = run(d)
    assert sorted(zone(tl, "battlefield")) == ["Test Anthem", "Test Anthem"]
    delayed = of_kind(tl, "delayed")
    assert [e.data["when"] for e in delayed] == ["your_next_end_step"]
    d2 = {**d, "actions": [{"do": "cast", "card": "Terra"}, {"do": "precombat_main"}]}
    tl = run(d2)
    assert zone(tl, "battlefield") == ["Test Anthem"]  # the token was sacrificed at the end step
    assert [e for e in of_kind(tl, "sacrifice") if e.amount != 0]


# ----------------------------------------------------- targets chosen together (target_groups)

SHARE = [
    {
        "what": "permanent",
        "count": 2,
        "share_type": True,
        "filter": {"not_supertypes": ["Basic"], "not_types": ["Creature"]},
    }
]
SWAP = [
    {
        "op": "exchange_control",
        "a": {"target": 0, "nth": 0},
        "b": {"target": 0, "nth": 1},
        "duration": "permanent",
    }
]


def test_two_targets_that_share_a_card_type_cr_205_2a() -> None:
    d = cast(
        "Heist",
        SWAP,
        SHARE,
        battlefield=["Sol Ring", "Test Anthem"],
        opponent_battlefield=["Mind Stone", "Island"],
        cards=[
            {"name": "Test Anthem", "mana_cost": "{1}", "type_line": "Enchantment", "effects": {}}
        ],
    )
    tl = run(d, "Sol Ring")  # the second must share a type with it: only Mind Stone does
    assert sorted(zone(tl, "battlefield")) == ["Mind Stone", "Test Anthem"]
    assert sorted(zone(tl, "battlefield", 1)) == ["Island", "Sol Ring"]
    (first,) = [dec for _f, dec, _k in tl.answered]
    # the Enchantment shares a type with no other candidate; Island is basic
    assert [o.label.split(" (")[0] for o in first.options] == [
        "Target Sol Ring",
        "Target Mind Stone",
    ]


def test_no_two_sharing_a_type_the_chapter_has_no_targets_cr_601_2c() -> None:
    from engine.lang import targets as targeting

    from boards import game_of

    d = board(
        battlefield=["Sol Ring", "Test Anthem"],
        cards=[
            {"name": "Test Anthem", "mana_cost": "{1}", "type_line": "Enchantment", "effects": {}}
        ],
    )
    game = game_of(d)
    assert not targeting.has_legal_targets(game, SHARE, 0)
    assert targeting.choose_groups(game, SHARE, 0, "test") is None
    game = game_of(board(battlefield=["Sol Ring", "Mind Stone"]))
    assert targeting.has_legal_targets(game, SHARE, 0)


TOTAL = [
    {
        "what": "card_in_your_graveyard",
        "count": 3,
        "min": 0,
        "total_mv_max": 8,
        "filter": {"types": ["Creature"]},
    }
]
BACK = [
    {
        "op": "return_from_graveyard",
        "to": "battlefield",
        "what": "target",
        "with_counters": [{"counter": "necrodermis", "n": 1}],
    },
    {"op": "add_types", "what": "moved", "types": ["Artifact"], "duration": "permanent"},
]


def test_targets_with_total_mana_value_8_or_less_cr_202_3() -> None:
    d = cast(
        "War",
        BACK,
        TOTAL,
        graveyard=["Serra Angel", "Grizzly Bears", "Colossal Dreadmaw", "Memnite"],
    )
    tl = run(d, "Serra Angel", "Grizzly Bears", "Memnite")
    assert sorted(zone(tl, "battlefield")) == ["Grizzly Bears", "Memnite", "Serra Angel"]
    assert counters(tl, "Serra Angel") == {"necrodermis": 1}
    (types,) = [e for e in of_kind(tl, "effect") if e.data.get("kind") == "add_types"]
    assert types.data["layer"] == "4" and types.data["duration"] == "permanent"
    assert len(types.objects) == 3  # "they're artifacts": the three returned
    first, second, third = [dec for _f, dec, _k in tl.answered]

    # Dreadmaw (6) is offered first, not after Serra Angel (5): 5 + 6 > 8; after 5 + 2, only 0
    def names(dec) -> list[str]:
        return [o.label.split(" (")[0] for o in dec.options if o.key != "target:none"]

    assert "Target Colossal Dreadmaw" in names(first)
    assert "Target Colossal Dreadmaw" not in names(second)
    assert names(third) == ["Target Memnite"]


# --------------------------- an Aura or Equipment from hand or graveyard (Vault 101 II-III)

VAULT = [
    {
        "op": "put_one_then_attach_equipment",
        "zones": ["hand", "graveyard"],
        "filter": {"subtypes_any": ["Aura", "Equipment"]},
    }
]


def test_an_equipment_from_the_graveyard_enters_and_may_be_attached_cr_701_3a() -> None:
    d = cast(
        "Party",
        VAULT,
        hand=("Party", "Bonesplitter"),
        graveyard=["Bonesplitter"],
        battlefield=["Grizzly Bears", "Memnite"],
    )
    tl = run(d, "Bonesplitter (from your graveyard)", "Grizzly Bears")
    assert sorted(zone(tl, "battlefield")) == ["Bonesplitter", "Grizzly Bears", "Memnite"]
    assert zone(tl, "hand") == ["Bonesplitter"]  # the one in hand stayed
    (att,) = of_kind(tl, "attach")
    st = tl.final
    (bears,) = [
        i for i in st.players[0].zone("battlefield") if st.objects[i].name == "Grizzly Bears"
    ]
    assert att.data["to"] == bears and att.rule == "701.3a"


def test_may_put_nothing_or_not_attach_and_an_instant_is_never_offered() -> None:
    d = cast(
        "Party",
        VAULT,
        hand=("Party", "Bonesplitter", "Lightning Bolt"),
        battlefield=["Grizzly Bears"],
    )
    tl = run(d, "card:none")
    assert zone(tl, "battlefield") == ["Grizzly Bears"]
    (dec,) = [dec for _f, dec, _k in tl.answered]
    assert [o.key for o in dec.options][-1] == "card:none" and len(dec.options) == 2
    tl = run(d, "Bonesplitter", "card:none")
    assert sorted(zone(tl, "battlefield")) == ["Bonesplitter", "Grizzly Bears"]
    assert of_kind(tl, "attach") == []


def test_an_aura_from_hand_enters_attached_to_what_you_choose_cr_303_4a() -> None:
    d = cast(
        "Party",
        VAULT,
        hand=("Party", "Pacifism"),
        battlefield=["Memnite"],
        opponent_battlefield=["Grizzly Bears"],
    )
    tl = run(d, "Pacifism", "Grizzly Bears")
    assert sorted(zone(tl, "battlefield")) == ["Memnite", "Pacifism"]
    (att,) = of_kind(tl, "attach")
    assert att.rule == "303.4a"


# ------------------------- a card exiled face down, linked (The Creation of Avacyn I-III)

AVACYN = {
    "name": "Test Creation",
    "mana_cost": "{1}",
    "type_line": "Enchantment — Saga",
    "chapters": {"count": 3, "abilities": [{"chapters": [n], "ops": []} for n in (1, 2, 3)]},
    "effects": {
        "chapters": [
            {"chapters": [1], "ops": [{"op": "search_exile_face_down_linked"}]},
            {
                "chapters": [2],
                "ops": [{"op": "turn_linked_face_up", "lose_life_if_creature": True}],
            },
            {"chapters": [3], "ops": [{"op": "linked_to_battlefield_or_hand"}]},
        ]
    },
}


def _creation(*answers: str, library=("Island", "Serra Angel", "Forest"), n: int = 3):
    lore = {"do": "add_lore", "card": "Test Creation", "n": 1}
    d = board(
        library,
        battlefield=[{"name": "Test Creation", "counters": {"lore": 0}}],
        actions=[lore] * n,
        cards=[AVACYN],
    )
    return run(d, *answers)


def test_chapter_i_exiles_the_found_card_face_down_linked_cr_406_3() -> None:
    tl = _creation("Serra Angel", n=1)
    assert zone(tl, "exile") == ["Serra Angel"]
    st = tl.final
    (oid,) = st.players[0].zone("exile")
    assert st.objects[oid].face_down is True
    assert sorted(zone(tl, "library")) == ["Forest", "Island"]
    assert tl.final.players[0].life == 20


def test_chapter_ii_turns_it_up_and_a_creature_card_costs_its_mana_value_in_life() -> None:
    tl = _creation("Serra Angel", n=2)
    st = tl.final
    (oid,) = st.players[0].zone("exile")
    assert st.objects[oid].face_down is False
    assert st.players[0].life == 20 - 5
    tl = _creation("Island", n=2)
    assert tl.final.players[0].life == 20  # a land card: no life lost


def test_chapter_iii_may_put_the_creature_onto_the_battlefield_else_it_goes_to_hand() -> None:
    tl = _creation("Serra Angel", "yes")
    assert "Serra Angel" in zone(tl, "battlefield") and zone(tl, "exile") == []
    tl = _creation("Serra Angel", "no")
    assert zone(tl, "hand") == ["Serra Angel"] and zone(tl, "exile") == []
    tl = _creation("Island")  # not a creature card: no choice, into the hand
    assert zone(tl, "hand") == ["Island"]
    assert zone(tl, "graveyard") == ["Test Creation"]  # 714.4


def test_greatest_power_in_graveyard_reads_the_graveyard_not_the_battlefield() -> None:
    from engine.lang import values

    from boards import Q, game_of

    game = game_of(
        board(
            battlefield=["Colossal Dreadmaw"],
            graveyard=["Grizzly Bears", "Serra Angel", "Lightning Bolt"],
        )
    )
    v = {"dv": "greatest_power_in_graveyard", "filter": {"types": ["Creature"]}}
    assert values.value_missing(v, Q(game)) is None
    assert values.value_of(Q(game), v) == 4  # Serra Angel; the Dreadmaw is not in it
    assert values.value_of(Q(game, controller=1), v) == 0  # an empty graveyard: 0
