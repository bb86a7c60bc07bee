"""The named op family: what a Saga notes or chooses and what its abilities do with it.

note_creature_type (205.3m, 400.7), choose_card_name for chapters (201.3), the has_name and
creature_type filter keys (201.2b, 702.73a), chosen_name_trigger (603.7c),
goad_chosen_names (701.15a, combat-only) and exile_named_from_zones (701.23); then each
card that uses them (Long List of the Ents, Medomai's Prophecy, Day of the Moon, The Clone
Saga, The Rise of Sozin). Boards before and after; fields, not wording. Stdlib + engine:
runs under Pyodide.
"""

from __future__ import annotations

from engine.cards import card_names
from engine.cards.carddb import default_pool, load_bundled_entries
from engine.cards.creature_types import CREATURE_TYPES, NONCREATURE_SUBTYPES
from engine.cards.definitions import parse_type_line
from engine.core.policy import PendingDecision
from engine.lang import effects

from boards import answered, board, finished, game_of, ids, of_kind, opp, you


def _saga(
    name: str, chapters: list[tuple[list[int], list[dict]]], count: int, targets: list | None = None
) -> dict:
    """A user Saga with ``count`` chapters; ``chapters`` lists (numbers, ops)."""
    abilities = [{"chapters": [n], "ops": []} for n in range(1, count + 1)]
    written = []
    for nums, ops in chapters:
        entry: dict = {"chapters": nums, "ops": ops}
        if targets:
            entry["targets"] = targets
        written.append(entry)
    return {
        "name": name,
        "mana_cost": "{1}",
        "type_line": "Enchantment — Saga",
        "chapters": {"count": count, "abilities": abilities},
        "effects": {"chapters": written},
    }


def _counters(tl, name: str, player: int = 0) -> list[int]:
    final = tl.final
    return [
        final.objects[o].counter("+1/+1")
        for o in final.players[player].zone("battlefield")
        if final.objects[o].name == name
    ]


def _options(tl, prompt_part: str) -> list[list[str]]:
    """The option keys of each answered decision whose prompt contains ``prompt_part``."""
    return [[o.key for o in d.options] for _f, d, _k in tl.answered if prompt_part in d.prompt]


NOTE = {
    "op": "note_creature_type",
    "effect": [{"op": "spell_enters_with_counters", "counter": "+1/+1", "n": 1}],
}


# --------------------------------------------------------------------- creature types
def test_the_creature_type_list_is_the_pools_creature_subtypes_cr_205_3m() -> None:
    found: set[str] = set()
    for e in load_bundled_entries():
        if e.get("funny"):
            continue
        lines = [e.get("type_line", "")] + [f.get("type_line", "") for f in e.get("faces") or []]
        for line in lines:
            for part in line.split(" // "):
                if not part.strip():
                    continue
                _sup, types, subs = parse_type_line(part)
                if {"Creature", "Kindred", "Tribal"} & set(types):
                    found.update(s for s in subs if s not in NONCREATURE_SUBTYPES)
    assert set(CREATURE_TYPES) == found
    assert list(CREATURE_TYPES) == sorted(CREATURE_TYPES)
    assert {"Human", "Elf", "Treefolk", "Bear", "Shapeshifter"} <= found
    assert not {"Saga", "Equipment", "Forest", "Aura"} & found
    from engine.ops.token_variants import _NONCREATURE_SUBTYPES

    assert NONCREATURE_SUBTYPES == _NONCREATURE_SUBTYPES  # one list of 205.3g-i, q


# -------------------------------------------------------------- note_creature_type
def test_noted_type_gives_the_next_creature_spell_of_it_a_counter_cr_205_3m_614_1c() -> None:
    saga = _saga("Test Ent Saga", [([1, 2], [NOTE])], count=3)
    tl = answered(
        board(
            hand=["Memnite", "Grizzly Bears", "Llanowar Elves", "Elvish Mystic"],
            battlefield=[{"name": "Test Ent Saga", "counters": {"lore": 0}}],
            actions=[
                {"do": "add_lore", "card": "Test Ent Saga", "n": 1},
                {"do": "cast", "card": "Memnite"},  # a Construct: not of the noted type
                {"do": "cast", "card": "Grizzly Bears"},  # the next Bear spell
                {"do": "add_lore", "card": "Test Ent Saga", "n": 1},
                {"do": "cast", "card": "Llanowar Elves"},  # the next Elf spell
                {"do": "cast", "card": "Elvish Mystic"},  # "next": only once
            ],
            cards=[saga],
        ),
        "type:Bear",
        "type:Elf",
    )
    assert _counters(tl, "Grizzly Bears") == [1]
    assert _counters(tl, "Llanowar Elves") == [1]
    assert _counters(tl, "Elvish Mystic") == [0] and _counters(tl, "Memnite") == [0]
    first, second = _options(tl, "note a creature type")
    # every creature type is offered; those of creature cards in hand first
    assert set(first) >= {f"type:{t}" for t in CREATURE_TYPES}
    assert first[:4] == ["type:Construct", "type:Bear", "type:Elf", "type:Druid"]
    # a type noted for this Saga is not offered again
    assert "type:Bear" not in second and len(second) == len(first) - 1
    notes = [e.data["noted_type"] for e in of_kind(tl, "note") if "noted_type" in e.data]
    assert notes == ["Bear", "Elf"]
    assert of_kind(tl, "not_simulated") == []


def test_a_changeling_is_every_creature_type_cr_702_73a() -> None:
    saga = _saga("Test Ent Saga", [([1], [NOTE])], count=2)
    tl = answered(
        board(
            hand=["Changeling Outcast"],
            battlefield=[{"name": "Test Ent Saga", "counters": {"lore": 0}}],
            actions=[
                {"do": "add_lore", "card": "Test Ent Saga", "n": 1},
                {"do": "cast", "card": "Changeling Outcast"},
            ],
            cards=[saga],
        ),
        "type:Treefolk",
    )
    assert _counters(tl, "Changeling Outcast") == [1]


def test_the_counter_waits_for_this_turn_only_cr_603_7c() -> None:
    saga = _saga("Test Ent Saga", [([1], [NOTE])], count=4)
    tl = answered(
        board(
            ["Island"] * 3,
            hand=["Grizzly Bears"],
            battlefield=[{"name": "Test Ent Saga", "counters": {"lore": 0}}],
            opponent_library=["Island"] * 3,
            actions=[
                {"do": "add_lore", "card": "Test Ent Saga", "n": 1},
                {"do": "next_main"},
                {"do": "next_main"},
                {"do": "cast", "card": "Grizzly Bears"},
            ],
            cards=[saga],
        ),
        "type:Bear",
    )
    assert _counters(tl, "Grizzly Bears") == [0]


def test_a_saga_that_left_and_came_back_has_no_notes_cr_400_7() -> None:
    saga = _saga("Test Ent Saga", [([1, 2], [NOTE])], count=3)
    d = board(
        battlefield=[{"name": "Test Ent Saga", "counters": {"lore": 0}}],
        choices=["type:Bear"],
        cards=[saga],
    )
    game = game_of(d)
    (sid,) = ids(game, "Test Ent Saga")
    effects.run_ops(game, [NOTE], controller=0, source=sid, label="I")

    def offered() -> list[str]:
        try:
            effects.run_ops(game, [NOTE], controller=0, source=sid, label="II")
        except PendingDecision as p:
            return [o.key for o in p.decision.options]
        raise AssertionError("no decision")

    assert "type:Bear" not in offered()  # the same object remembers its note
    game.move(sid, "exile")
    game.move(sid, "battlefield", 0)
    assert "type:Bear" in offered()  # a new object: no notes (400.7)


def test_note_needs_a_source_and_an_effect() -> None:
    assert not effects.is_simulated([{"op": "note_creature_type"}])
    assert not effects.is_simulated([{"op": "note_creature_type", "effect": []}])
    assert effects.is_simulated([NOTE])


# ------------------------------------------------------------------ card names
def test_choosable_names_are_each_face_of_the_cards_in_the_game_cr_201_3() -> None:
    """201.3 lets a player choose the name of any card in the Oracle reference. Offering
    the names of the cards in this game is exact for what these chapters do with the name
    (goad creatures with it, draw when you cast a spell with it or when a creature with it
    deals combat damage, exile cards with it from a player's zones): only an object with
    the name is ever affected, and in the playground every card is in the game from the
    start (no outside-the-game zone, so no wish, conjure or sideboard brings a new name), a
    spell is a card of the game or a copy of one, and a token copy takes a name from the
    game. A token named like a card the game lacks (a Shapeshifter) is offered while it
    exists (test below); one created only after the choice is the case left out."""
    d = board(
        ["Fire // Ice"],
        hand=["Bonecrusher Giant // Stomp"],
        graveyard=["Delver of Secrets // Insectile Aberration"],
        battlefield=["Grizzly Bears"],
        opponent_library=["Lightning Bolt"],
    )
    game = game_of(d)
    names = card_names.choosable_names(game)
    # 201.3b a split card's halves, 201.3d a back face, an adventurer's Adventure name
    assert names == sorted(
        [
            "Fire",
            "Ice",
            "Bonecrusher Giant",
            "Stomp",
            "Delver of Secrets",
            "Insectile Aberration",
            "Grizzly Bears",
            "Lightning Bolt",
        ]
    )
    # 201.3a "a creature card name": each face judged by its own types
    assert card_names.choosable_names(game, ("Creature",)) == sorted(
        ["Bonecrusher Giant", "Delver of Secrets", "Insectile Aberration", "Grizzly Bears"]
    )


def test_an_object_has_the_names_of_its_zone_cr_201_2b_709_4() -> None:
    d = board(
        ["Fire // Ice"],
        battlefield=["Delver of Secrets // Insectile Aberration"],
        graveyard=["Bonecrusher Giant // Stomp"],
    )
    game = game_of(d)
    (fire,) = game.players[0].zones["library"]
    (delver,) = game.players[0].zones["battlefield"]
    (giant,) = game.players[0].zones["graveyard"]
    assert card_names.names_of(game, fire) == ("Fire", "Ice")  # 709.4: both off the stack
    assert card_names.names_of(game, delver) == ("Delver of Secrets",)  # front face up
    assert card_names.names_of(game, giant) == ("Bonecrusher Giant",)  # 715.4
    assert card_names.has_name(game, fire, "Ice") and not card_names.has_name(game, fire, "")


CHOOSE = {"op": "choose_card_name"}
DRAW_ON_NAME = {
    "op": "chosen_name_trigger",
    "when": "you_cast_spell",
    "first_this_turn": True,
    "duration": "end_of_turn",
    "effect": [{"op": "draw", "n": 2}],
}


def test_chosen_name_trigger_draws_on_the_first_spell_with_that_name_cr_603_7c() -> None:
    saga = _saga("Test Name Saga", [([1], [CHOOSE]), ([2], [DRAW_ON_NAME])], count=3)
    tl = answered(
        board(
            ["Island"] * 6,
            hand=["Lightning Bolt", "Shock", "Lightning Bolt"],
            battlefield=[{"name": "Test Name Saga", "counters": {"lore": 0}}],
            actions=[
                {"do": "add_lore", "card": "Test Name Saga", "n": 1},
                {"do": "add_lore", "card": "Test Name Saga", "n": 1},
                {"do": "cast", "card": "Shock"},  # another name
                {"do": "cast", "card": "Lightning Bolt"},  # draws two
                {"do": "cast", "card": "Lightning Bolt"},  # not the first time this turn
            ],
            choices=[],
            cards=[saga],
        ),
        "name:Lightning Bolt",
        "target:p1",
        "target:p1",
        "target:p1",
    )
    assert len(you(tl)["library"]) == 4
    assert [e.data.get("chosen_name") for e in of_kind(tl, "note") if "chosen_name" in e.data] == [
        "Lightning Bolt"
    ]


def test_first_time_this_turn_already_passed_means_no_trigger() -> None:
    saga = _saga("Test Name Saga", [([1], [CHOOSE]), ([2], [DRAW_ON_NAME])], count=3)
    tl = answered(
        board(
            ["Island"] * 6,
            hand=["Lightning Bolt", "Lightning Bolt"],
            battlefield=[{"name": "Test Name Saga", "counters": {"lore": 0}}],
            actions=[
                {"do": "add_lore", "card": "Test Name Saga", "n": 1},
                {"do": "cast", "card": "Lightning Bolt"},  # before chapter II this turn
                {"do": "add_lore", "card": "Test Name Saga", "n": 1},
                {"do": "cast", "card": "Lightning Bolt"},
            ],
            cards=[saga],
        ),
        "name:Lightning Bolt",
        "target:p1",
        "target:p1",
    )
    assert len(you(tl)["library"]) == 6
    assert of_kind(tl, "delayed") == []


def test_no_name_chosen_for_this_object_does_nothing_cr_400_7() -> None:
    saga = _saga("Test Name Saga", [([1], [DRAW_ON_NAME])], count=2)
    tl = finished(
        board(
            ["Island"] * 3,
            hand=["Lightning Bolt"],
            battlefield=[{"name": "Test Name Saga", "counters": {"lore": 0}}],
            actions=[
                {"do": "add_lore", "card": "Test Name Saga", "n": 1},
                {"do": "cast", "card": "Lightning Bolt"},
            ],
            choices=["target:p1"],
            cards=[saga],
        )
    )
    assert len(you(tl)["library"]) == 3 and of_kind(tl, "delayed") == []


GOAD = {"op": "goad_chosen_names", "filter": {"types": ["Creature"]}}


def test_goad_every_creature_with_a_chosen_name_cr_701_15a() -> None:
    saga = _saga("Test Moon Saga", [([1, 2], [{**CHOOSE, "types": ["Creature"]}, GOAD])], count=3)
    tl = answered(
        board(
            battlefield=[{"name": "Test Moon Saga", "counters": {"lore": 0}}, "Memnite"],
            opponent_battlefield=["Grizzly Bears", "Grizzly Bears", "Llanowar Elves"],
            hand=["Lightning Bolt"],
            actions=[
                {"do": "add_lore", "card": "Test Moon Saga", "n": 1},
                {"do": "add_lore", "card": "Test Moon Saga", "n": 1},
            ],
            cards=[saga],
        ),
        "name:Grizzly Bears",
        "name:Llanowar Elves",
    )
    final = tl.final
    goads = [e for e in final.continuous if e.kind == "goad"]
    goaded = [sorted(final.objects[o].name for o in e.objects) for e in goads]
    # chapter I goads both Bears; chapter II every creature with either chosen name
    assert goaded == [["Grizzly Bears"] * 2, ["Grizzly Bears"] * 2 + ["Llanowar Elves"]]
    assert all(e.duration == "until_your_next_turn" and e.data["combat_only"] for e in goads)
    # 201.3a: only creature card names are offered (no Lightning Bolt, no Saga)
    first = _options(tl, "choose a card name")[0]
    assert "name:Lightning Bolt" not in first and "name:Test Moon Saga" not in first
    assert "name:Memnite" in first


EXILE_NAMED = {"op": "exile_named_from_zones", "who": "target_player", "up_to": 4}


def test_search_graveyard_hand_library_for_up_to_four_cards_with_the_name_cr_701_23() -> None:
    saga = _saga(
        "Test Sozin Saga",
        [([1], [CHOOSE, EXILE_NAMED])],
        count=2,
        targets=[{"count": 1, "what": "opponent"}],
    )
    d = board(
        battlefield=[{"name": "Test Sozin Saga", "counters": {"lore": 0}}],
        opponent_library=["Lightning Bolt", "Island", "Lightning Bolt", "Island"],
        opponent_hand=["Lightning Bolt", "Shock"],
        actions=[{"do": "add_lore", "card": "Test Sozin Saga", "n": 1}],
        cards=[saga],
    )
    d["players"][1]["graveyard"] = ["Lightning Bolt", "Lightning Bolt"]
    tl = answered(
        d, "name:Lightning Bolt", "from graveyard", "from graveyard", "from hand", "from library"
    )
    assert opp(tl)["exile"].count("Lightning Bolt") == 4  # up to four
    left = opp(tl)["graveyard"] + opp(tl)["hand"] + opp(tl)["library"]
    assert left.count("Lightning Bolt") == 1 and "Shock" in opp(tl)["hand"]
    assert [e.player for e in of_kind(tl, "shuffle")] == [1]


def test_the_searcher_may_find_fewer_cr_701_23b() -> None:
    saga = _saga(
        "Test Sozin Saga",
        [([1], [CHOOSE, EXILE_NAMED])],
        count=2,
        targets=[{"count": 1, "what": "opponent"}],
    )
    tl = answered(
        board(
            battlefield=[{"name": "Test Sozin Saga", "counters": {"lore": 0}}],
            opponent_library=["Lightning Bolt", "Island"],
            opponent_hand=["Lightning Bolt"],
            actions=[{"do": "add_lore", "card": "Test Sozin Saga", "n": 1}],
            cards=[saga],
        ),
        "name:Lightning Bolt",
        "from hand",
        "card:none",
    )
    assert opp(tl)["exile"] == ["Lightning Bolt"] and opp(tl)["hand"] == []
    assert opp(tl)["library"].count("Lightning Bolt") == 1


def test_ops_check_their_fields() -> None:
    assert not effects.is_simulated([{**EXILE_NAMED, "who": "you"}])
    assert not effects.is_simulated([{**EXILE_NAMED, "up_to": 0}])
    assert not effects.is_simulated([{**DRAW_ON_NAME, "when": "self_dies"}])
    assert not effects.is_simulated([{**CHOOSE, "types": "Creature"}])
    assert effects.is_simulated([CHOOSE, DRAW_ON_NAME, GOAD, EXILE_NAMED])


def test_every_name_offered_is_a_card_name_of_the_pool() -> None:
    pool = default_pool()
    d = board(["Fire // Ice"], hand=["Bonecrusher Giant // Stomp"])
    assert all(pool.find(n) is not None for n in card_names.choosable_names(game_of(d)))


# ------------------------------------------------------------------ the cards
def test_long_list_of_the_ents_notes_a_new_type_each_chapter() -> None:
    tl = answered(
        board(
            ["Island"] * 3,
            hand=["Grizzly Bears", "Llanowar Elves"],
            battlefield=[{"name": "Long List of the Ents", "counters": {"lore": 0}}],
            actions=[
                {"do": "add_lore", "card": "Long List of the Ents", "n": 1},
                {"do": "cast", "card": "Grizzly Bears"},
                {"do": "add_lore", "card": "Long List of the Ents", "n": 1},
                {"do": "cast", "card": "Llanowar Elves"},
            ],
        ),
        "type:Bear",
        "type:Treefolk",  # chapter II notes another type: the Elf spell gets nothing
    )
    assert _counters(tl, "Grizzly Bears") == [1] and _counters(tl, "Llanowar Elves") == [0]
    first, second = _options(tl, "note a creature type")
    assert "type:Bear" in first and "type:Bear" not in second
    assert of_kind(tl, "not_simulated") == []


def test_medomais_prophecy_names_a_card_then_draws_when_you_cast_it() -> None:
    tl = answered(
        board(
            ["Island"] * 4,
            hand=["Lightning Bolt"],
            battlefield=[{"name": "Medomai's Prophecy", "counters": {"lore": 1}}],
            actions=[
                {"do": "add_lore", "card": "Medomai's Prophecy", "n": 1},  # II: choose
                {"do": "add_lore", "card": "Medomai's Prophecy", "n": 1},  # III: the trigger
                {"do": "cast", "card": "Lightning Bolt"},
            ],
        ),
        "name:Lightning Bolt",
        "target:p1",
    )
    assert len(you(tl)["library"]) == 2 and you(tl)["hand"] == ["Island", "Island"]
    assert of_kind(tl, "not_simulated") == []


def test_day_of_the_moon_goads_creatures_with_the_chosen_names() -> None:
    tl = answered(
        board(
            battlefield=[{"name": "Day of the Moon", "counters": {"lore": 0}}],
            opponent_battlefield=["Grizzly Bears", "Llanowar Elves"],
            actions=[{"do": "add_lore", "card": "Day of the Moon", "n": 1}],
        ),
        "name:Llanowar Elves",
    )
    goads = [e for e in tl.final.continuous if e.kind == "goad"]
    assert [[tl.final.objects[o].name for o in e.objects] for e in goads] == [["Llanowar Elves"]]
    assert goads[0].data["by"] == 0 and goads[0].data["combat_only"]


def test_the_clone_saga_iii_names_a_card_for_a_combat_damage_trigger() -> None:
    tl = answered(
        board(
            ["Island"] * 2,
            battlefield=[{"name": "The Clone Saga", "counters": {"lore": 2}}, "Grizzly Bears"],
            actions=[{"do": "add_lore", "card": "The Clone Saga", "n": 1}],
        ),
        "name:Grizzly Bears",
    )
    (delayed,) = of_kind(tl, "delayed")
    assert delayed.data["when"] == "combat_damage_to_player"
    assert "The Clone Saga" in you(tl)["graveyard"]  # sacrificed after III (714.4)
    assert of_kind(tl, "not_simulated") == []


def test_the_rise_of_sozin_ii_exiles_up_to_four_named_cards_of_an_opponent() -> None:
    d = board(
        battlefield=[{"name": "The Rise of Sozin // Fire Lord Sozin", "counters": {"lore": 1}}],
        opponent_library=["Lightning Bolt", "Island"],
        opponent_hand=["Lightning Bolt", "Lightning Bolt"],
        actions=[{"do": "add_lore", "card": "The Rise of Sozin", "n": 1}],
    )
    d["players"][1]["graveyard"] = ["Lightning Bolt", "Lightning Bolt"]
    tl = answered(
        d, "name:Lightning Bolt", "from graveyard", "from graveyard", "from hand", "from library"
    )
    assert opp(tl)["exile"] == ["Lightning Bolt"] * 4
    assert opp(tl)["hand"] == ["Lightning Bolt"] and opp(tl)["library"] == ["Island"]
    assert of_kind(tl, "not_simulated") == []


def test_a_token_name_is_offered_only_when_it_is_a_card_name_cr_201_3() -> None:
    game = game_of(board(battlefield=["Grizzly Bears"]))
    for name in ("Shapeshifter", "Goblin"):  # a card is named Shapeshifter; none Goblin
        effects.run_ops(
            game,
            [
                {
                    "op": "create_token",
                    "token": name,
                    "pt": "1/1",
                    "types": ["Creature"],
                    "subtypes": [name],
                }
            ],
            controller=0,
            source=None,
            label="Test",
        )
    pool = default_pool()
    names = card_names.choosable_names(game, ("Creature",), card_names=pool.__contains__)
    assert names == ["Grizzly Bears", "Shapeshifter"]
    assert card_names.choosable_names(game) == ["Grizzly Bears"]  # no pool: no token names
