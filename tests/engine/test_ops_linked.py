"""Scenario tests of "that many" and "it" after a move, "up to n" discards, and choices made
on resolution (engine/lang/effects.py ``moved``, engine/ops/choices.py): boards before and after,
fields not wording, with the CR rule each follows (608.2c "this way", 400.7 the new object,
608.2d choices on resolution, 701.9a discard). Stdlib + engine: runs under Pyodide.
"""

from __future__ import annotations

from engine.lang import effects
from engine.lang.vocabulary import validate_ops

from boards import answered, board, finished, game_of, of_kind, play, user_spell, zone

# ------------------------------------------------------------------------------ helpers


spell = user_spell


def cast(name: str, ops: list[dict], targets: list[dict] | None = None, **kw) -> dict:
    kw.setdefault("hand", (name,))
    return board(kw.pop("library", ()), cards=(spell(name, ops, targets),), **kw)


run = answered  # boards.answered: play, answering each decision in turn


DISCARD_DRAW = [  # Fable of the Mirror-Breaker II (DiscardAndDrawThatManyEffect(2))
    {"op": "discard", "n": 2, "who": "you", "up_to": True},
    {"op": "draw", "n": {"dv": "that_many"}},
]
LIB = ("Island", "Swamp", "Plains")
HAND = ("Rummage", "Forest", "Lightning Bolt", "Grizzly Bears")

# --------------------------------------------------------------- discard up to, that many


def test_discard_up_to_two_then_draw_that_many_cr_608_2c() -> None:
    tl = run(cast("Rummage", DISCARD_DRAW, library=LIB, hand=HAND), "Forest", "Lightning Bolt")
    assert sorted(zone(tl, "graveyard")) == ["Forest", "Lightning Bolt", "Rummage"]
    assert sorted(zone(tl, "hand")) == ["Grizzly Bears", "Island", "Swamp"]
    assert zone(tl, "library") == ["Plains"]
    (ev,) = of_kind(tl, "discard")
    assert ev.amount == 2 and ev.rule == "701.9a"
    assert [e.amount for e in of_kind(tl, "draw")] == [1, 1]


def test_discarding_one_of_up_to_two_draws_one_cr_608_2c() -> None:
    tl = run(cast("Rummage", DISCARD_DRAW, library=LIB, hand=HAND), "Forest", "card:none")
    assert sorted(zone(tl, "graveyard")) == ["Forest", "Rummage"]
    assert sorted(zone(tl, "hand")) == ["Grizzly Bears", "Island", "Lightning Bolt"]
    assert zone(tl, "library") == ["Swamp", "Plains"]


def test_discarding_none_draws_none_cr_608_2c() -> None:
    tl = run(cast("Rummage", DISCARD_DRAW, library=LIB, hand=HAND), "card:none")
    assert sorted(zone(tl, "hand")) == ["Forest", "Grizzly Bears", "Lightning Bolt"]
    assert zone(tl, "library") == list(LIB)
    assert of_kind(tl, "draw") == [] and of_kind(tl, "not_simulated") == []


def test_any_number_plus_one_with_an_empty_hand_draws_one_cr_608_2c() -> None:
    ops = [
        {"op": "discard", "n": "hand", "who": "you", "up_to": True},
        {"op": "draw", "n": {"dv": "sum", "of": [{"dv": "that_many"}, 1]}},
    ]
    tl = finished(cast("Tunnel", ops, library=LIB))
    assert zone(tl, "hand") == ["Island"]
    assert zone(tl, "library") == ["Swamp", "Plains"]


def test_that_many_counts_the_cards_milled_this_way_cr_608_2c() -> None:
    ops = [{"op": "mill", "n": 2}, {"op": "gain_life", "n": {"dv": "that_many"}}]
    tl = finished(cast("Mill Life", ops, library=("Island",)))  # only one card to mill
    assert zone(tl, "library") == []
    assert sorted(zone(tl, "graveyard")) == ["Island", "Mill Life"]
    (life,) = of_kind(tl, "life")
    assert life.amount == 1
    assert tl.final.players[0].life == 21


def test_that_many_with_no_move_before_it_is_not_simulated_and_changes_nothing() -> None:
    ops = [{"op": "gain_life", "n": 2}, {"op": "draw", "n": {"dv": "that_many"}}]
    assert not effects.is_simulated(ops)
    assert not effects.is_simulated([{"op": "draw", "n": {"dv": "that_many"}}])
    assert effects.is_simulated(DISCARD_DRAW)
    tl = finished(cast("Bad", ops, library=LIB))
    assert tl.final.players[0].life == 20 and zone(tl, "library") == list(LIB)
    assert of_kind(tl, "not_simulated")


def test_up_to_with_random_is_not_simulated() -> None:
    assert not effects.is_simulated([{"op": "discard", "n": 2, "up_to": True, "random": True}])


# -------------------------------------------------- choose_one, "it" after a move (400.7)

RETURN_CHOOSE = [  # Elspeth Conquers Death III, from ElspethConquersDeath.java
    {"op": "return_from_graveyard", "to": "battlefield", "what": "target"},
    {
        "op": "choose_one",
        "options": [
            {
                "label": "+1/+1 counter",
                "ops": [{"op": "add_counters", "counter": "+1/+1", "n": 1, "what": "moved"}],
            },
            {
                "label": "loyalty counter",
                "ops": [{"op": "add_counters", "counter": "loyalty", "n": 1, "what": "moved"}],
            },
        ],
    },
]
GY_TARGET = [
    {
        "what": "card_in_your_graveyard",
        "count": 1,
        "filter": {"types_any": ["Creature", "Planeswalker"]},
    }
]


def _bears_back(answer: str):
    d = cast("Raise", RETURN_CHOOSE, GY_TARGET, graveyard=("Grizzly Bears",))
    tl = run(d, answer)
    state = tl.final
    [oid] = state.players[0].zone("battlefield")
    return tl, state, oid


def test_return_then_counter_chosen_on_resolution_goes_on_the_new_object_cr_400_7() -> None:
    tl, state, oid = _bears_back("+1/+1")
    assert state.objects[oid].name == "Grizzly Bears"
    assert state.objects[oid].counter("+1/+1") == 1
    assert state.characteristics(oid).pt == "3/3"
    (choice,) = of_kind(tl, "choice")
    assert choice.rule == "608.2d" and choice.data["option"] == 1
    assert [e.counter for e in of_kind(tl, "counters")] == ["+1/+1"]
    assert tl.answered[-1][1].kind == "choose_option"


def test_the_other_option_puts_a_loyalty_counter_cr_608_2d() -> None:
    tl, state, oid = _bears_back("loyalty")
    assert state.objects[oid].counter("loyalty") == 1
    assert state.objects[oid].counter("+1/+1") == 0
    assert of_kind(tl, "choice")[0].data["option"] == 2


def test_moved_means_nothing_when_the_card_did_not_move_cr_400_7() -> None:
    # The target left the graveyard before resolution: nothing returns, and "it" is nothing.
    ops = [{"op": "exile", "what": "target"}, *RETURN_CHOOSE]
    d = cast("Exile Then Raise", ops, GY_TARGET, graveyard=("Grizzly Bears",))
    tl = run(d, "+1/+1")
    assert zone(tl, "battlefield") == [] and zone(tl, "exile") == ["Grizzly Bears"]
    assert of_kind(tl, "counters")[0].amount == 0


def test_a_choice_option_not_simulated_makes_the_whole_resolution_not_simulated() -> None:
    bad = [
        RETURN_CHOOSE[0],
        {
            "op": "choose_one",
            "options": [
                {"label": "a", "ops": [{"op": "no_such_op"}]},
                {"label": "b", "ops": [{"op": "gain_life", "n": 1}]},
            ],
        },
    ]
    assert not effects.is_simulated(bad)
    assert effects.is_simulated(RETURN_CHOOSE)
    d = cast("Raise", bad, GY_TARGET, graveyard=("Grizzly Bears",))
    tl = play(d)
    assert tl.finished and sorted(zone(tl, "graveyard")) == ["Grizzly Bears", "Raise"]
    assert zone(tl, "battlefield") == [] and of_kind(tl, "not_simulated")


def test_choose_one_schema() -> None:
    assert validate_ops(RETURN_CHOOSE) == []
    assert validate_ops([{"op": "choose_one", "options": [{"label": "x", "ops": []}]}])
    assert validate_ops(
        [
            {
                "op": "choose_one",
                "options": [{"label": "x", "ops": [{"op": "nope"}]}, {"label": "y", "ops": []}],
            }
        ]
    )


# ------------------------------------------------------------ keyword counters (122.1b)


def test_a_lifelink_counter_gives_lifelink_cr_122_1b_702_15b() -> None:
    # Grizzly Bears with a lifelink counter bites the opponent's Llanowar Elves.
    ops = [{"op": "bite", "source": {"target": 0}, "to": {"target": 1}}]
    targets = [
        {"what": "creature", "count": 1, "filter": {"controller": "you"}},
        {"what": "creature", "count": 1, "filter": {"controller": "opponent"}},
    ]
    d = cast(
        "Bite",
        ops,
        targets,
        battlefield=[{"name": "Grizzly Bears", "counters": {"lifelink": 1}}],
        opponent_battlefield=["Llanowar Elves"],
    )
    tl = finished(d)
    assert zone(tl, "graveyard", 1) == ["Llanowar Elves"]
    assert tl.final.players[0].life == 22
    [oid] = tl.final.players[0].zone("battlefield")
    assert "Lifelink" in tl.final.characteristics(oid).keywords


def test_without_the_counter_no_life_is_gained_cr_702_15b() -> None:
    ops = [{"op": "bite", "source": {"target": 0}, "to": {"target": 1}}]
    targets = [
        {"what": "creature", "count": 1, "filter": {"controller": "you"}},
        {"what": "creature", "count": 1, "filter": {"controller": "opponent"}},
    ]
    d = cast(
        "Bite", ops, targets, battlefield=["Grizzly Bears"], opponent_battlefield=["Llanowar Elves"]
    )
    tl = finished(d)
    assert zone(tl, "graveyard", 1) == ["Llanowar Elves"]
    assert tl.final.players[0].life == 20


def test_a_keyword_counter_matches_a_keyword_filter_cr_122_1b() -> None:
    ops = [{"op": "destroy", "what": "all", "filter": {"keyword": "Vigilance"}}]
    d = cast(
        "Wrath of Vigilance",
        ops,
        battlefield=[{"name": "Grizzly Bears", "counters": {"vigilance": 1}}, "Memnite"],
    )
    tl = finished(d)
    assert zone(tl, "battlefield") == ["Memnite"]


# ------------------------------------------ a chosen (not targeted) card, whole graveyards


def test_return_a_chosen_creature_card_from_your_graveyard_cr_608_2c() -> None:
    # The Mending of Dominaria I (MillCardsControllerEffect(2), ReturnCardChosenFromGraveyard)
    ops = [
        {"op": "mill", "n": 2, "who": "you"},
        {
            "op": "return_from_graveyard",
            "what": "chosen",
            "to": "hand",
            "optional": True,
            "filter": {"types": ["Creature"]},
        },
    ]
    d = cast(
        "Mend",
        ops,
        library=("Serra Angel", "Forest", "Island"),
        graveyard=("Grizzly Bears", "Lightning Bolt"),
    )
    tl = run(d, "yes", "Serra Angel")
    assert zone(tl, "hand") == ["Serra Angel"]
    assert sorted(zone(tl, "graveyard")) == ["Forest", "Grizzly Bears", "Lightning Bolt", "Mend"]
    assert zone(tl, "library") == ["Island"]
    decision = tl.answered[-1][1]
    assert {o.label for o in decision.options} == {"Return Serra Angel", "Return Grizzly Bears"}
    assert of_kind(tl, "target") == []  # not targeted


def test_a_chosen_return_may_be_declined_cr_608_2d() -> None:
    ops = [
        {
            "op": "return_from_graveyard",
            "what": "chosen",
            "to": "hand",
            "optional": True,
            "filter": {"types": ["Creature"]},
        }
    ]
    tl = run(cast("Mend", ops, graveyard=("Grizzly Bears",)), "no")
    assert sorted(zone(tl, "graveyard")) == ["Grizzly Bears", "Mend"] and zone(tl, "hand") == []


def test_shuffle_your_graveyard_into_your_library_cr_701_24a() -> None:
    ops = [{"op": "shuffle_graveyard_into_library", "who": "you"}]
    d = cast(
        "Reshuffle",
        ops,
        library=("Island",),
        graveyard=("Grizzly Bears", "Forest"),
        opponent_library=("Swamp",),
    )
    d["players"][1]["graveyard"] = ["Mountain"]
    tl = finished(d)
    assert zone(tl, "graveyard") == ["Reshuffle"]  # the spell goes after it resolves
    assert sorted(zone(tl, "library")) == ["Forest", "Grizzly Bears", "Island"]
    assert zone(tl, "graveyard", 1) == ["Mountain"]  # only yours
    (ev,) = of_kind(tl, "shuffle")
    assert ev.amount == 2 and ev.rule == "701.24a" and ev.player == 0


def test_that_many_inside_a_may_follows_the_discard_in_the_same_list() -> None:
    # "You may discard a card. If you do, draw that many": nested lists are checked as lists.
    ops = [{"op": "may", "ops": DISCARD_DRAW}]
    assert effects.is_simulated(ops)
    assert not effects.is_simulated([{"op": "may", "ops": [DISCARD_DRAW[1]]}])
    tl = run(cast("Rummage", ops, library=LIB, hand=HAND), "yes", "Forest", "card:none")
    assert sorted(zone(tl, "hand")) == ["Grizzly Bears", "Island", "Lightning Bolt"]


def test_coverage_names_that_many_with_no_move_before_it_and_walks_choice_options() -> None:
    from engine.cards.definitions import CardDef
    from engine.views import coverage

    def card(ops: list[dict]) -> CardDef:
        return CardDef.from_dict(
            {
                "name": "Cov Test",
                "mana_cost": "{1}",
                "type_line": "Sorcery",
                "effects": {"spell": ops},
            }
        )

    assert coverage.card_coverage(card(DISCARD_DRAW)).status == "full"
    assert coverage.card_coverage(card(RETURN_CHOOSE)).status == "full"
    bad_order = [DISCARD_DRAW[1], DISCARD_DRAW[0]]
    assert coverage.card_coverage(card(bad_order)).status != "full"
    bad_option = [
        RETURN_CHOOSE[0],
        {
            "op": "choose_one",
            "options": [
                {"label": "a", "ops": [{"op": "no_such_op"}]},
                {"label": "b", "ops": [{"op": "gain_life", "n": 1}]},
            ],
        },
    ]
    assert coverage.card_coverage(card(bad_option)).status != "full"


def test_counter_on_a_creature_chosen_on_resolution_cr_608_2c() -> None:
    # Ajani Fells the Godsire II (hand entry): a vigilance counter on a creature you control.
    ops = [
        {
            "op": "add_counters",
            "what": "chosen",
            "counter": "vigilance",
            "n": 1,
            "filter": {"controller": "you", "types": ["Creature"]},
        }
    ]
    d = cast(
        "Vigil",
        ops,
        battlefield=["Grizzly Bears", "Memnite", "Forest"],
        opponent_battlefield=["Llanowar Elves"],
    )
    tl = run(d, "Memnite")
    state = tl.final
    counts = {
        state.objects[i].name: state.objects[i].counter("vigilance")
        for i in state.players[0].zone("battlefield")
    }
    assert counts == {"Grizzly Bears": 0, "Memnite": 1, "Forest": 0}
    decision = tl.answered[-1][1]
    assert {o.label for o in decision.options} == {"Choose Grizzly Bears", "Choose Memnite"}
    assert of_kind(tl, "target") == []


# --------------------------------------------------- the bundled Sagas these ops complete
FABLE = "Fable of the Mirror-Breaker // Reflection of Kiki-Jiki"


def _chapter(saga: str, lore: int, **kw) -> dict:
    return board(
        battlefield=[{"name": saga, "counters": {"lore": lore}}, *kw.pop("also", [])],
        actions=[{"do": "add_lore", "card": saga, "n": 1}],
        **kw,
    )


def test_fable_ii_discard_up_to_two_then_draw_that_many_cr_608_2c() -> None:
    d = _chapter(
        FABLE,
        1,
        library=["Island", "Swamp", "Plains"],
        hand=["Forest", "Lightning Bolt", "Grizzly Bears"],
    )
    tl = run(d, "Forest", "Lightning Bolt")  # two: no third question
    assert sorted(zone(tl, "graveyard")) == ["Forest", "Lightning Bolt"]
    assert sorted(zone(tl, "hand")) == ["Grizzly Bears", "Island", "Swamp"]
    assert of_kind(tl, "not_simulated") == []


def test_elspeth_conquers_death_iii_returns_and_counters_the_new_object_cr_400_7() -> None:
    d = _chapter("Elspeth Conquers Death", 2, graveyard=["Serra Angel", "Lightning Bolt"])
    tl = run(d, "a +1/+1 counter")
    state = tl.final
    [angel] = [
        i for i in state.players[0].zone("battlefield") if state.objects[i].name == "Serra Angel"
    ]
    assert state.objects[angel].counter("+1/+1") == 1
    assert state.characteristics(angel).pt == "5/5"
    assert "Elspeth Conquers Death" in zone(tl, "graveyard")  # 714.4 after the last chapter
    assert of_kind(tl, "not_simulated") == []


# ---------------------------------------------------------------- reveal until (701.20a)
REVEAL_UNTIL = [
    {"op": "reveal_until", "filter": {"types": ["Creature"]}, "to": "hand", "rest": "bottom_random"}
]


def test_reveal_until_a_creature_to_hand_rest_on_the_bottom_cr_701_20a() -> None:
    d = cast("Seek", REVEAL_UNTIL, library=("Forest", "Lightning Bolt", "Grizzly Bears", "Island"))
    tl = finished(d)
    assert zone(tl, "hand") == ["Grizzly Bears"]
    lib = zone(tl, "library")
    assert lib[0] == "Island" and sorted(lib[1:]) == ["Forest", "Lightning Bolt"]
    (rev,) = of_kind(tl, "reveal")
    assert rev.amount == 3 and rev.rule == "701.20a"


def test_reveal_until_with_no_match_puts_every_revealed_card_rest_cr_701_20a() -> None:
    ops = [{**REVEAL_UNTIL[0], "rest": "graveyard"}]
    tl = finished(cast("Seek", ops, library=("Forest", "Island")))
    assert zone(tl, "hand") == [] and zone(tl, "library") == []
    assert sorted(zone(tl, "graveyard")) == ["Forest", "Island", "Seek"]


def test_reveal_until_onto_the_battlefield_a_new_object_cr_400_7() -> None:
    ops = [{**REVEAL_UNTIL[0], "to": "battlefield_tapped", "rest": "exile"}]
    tl = finished(cast("Seek", ops, library=("Forest", "Grizzly Bears", "Island")))
    state = tl.final
    [bears] = state.players[0].zone("battlefield")
    assert state.objects[bears].name == "Grizzly Bears" and state.objects[bears].tapped
    assert zone(tl, "exile") == ["Forest"] and zone(tl, "library") == ["Island"]


def test_reveal_until_unknown_destination_is_not_simulated() -> None:
    assert not effects.is_simulated([{**REVEAL_UNTIL[0], "to": "library_top"}])
    assert effects.is_simulated(REVEAL_UNTIL)


# ------------------------------------------------------------ "with the greatest power"


def test_target_creature_you_control_with_the_greatest_power_ties_included() -> None:
    # Triumph of Gerrard I (GreatestPowerControlledPredicate): Serra Angel (4) and a 4/4
    # are tied; the 2/2 and the opponent's bigger creature are not legal targets.
    ops = [{"op": "add_counters", "counter": "+1/+1", "n": 1, "what": "target"}]
    targets = [
        {
            "what": "creature",
            "count": 1,
            "filter": {"controller": "you", "greatest_power_controlled": True},
        }
    ]
    d = cast(
        "Triumph",
        ops,
        targets,
        battlefield=["Serra Angel", "Grizzly Bears", {"name": "Memnite", "counters": {"+1/+1": 3}}],
        opponent_battlefield=[{"name": "Serra Angel", "counters": {"+1/+1": 2}}],
    )
    tl = play(d)
    offered = {
        tl.final.objects[int(k.split(":o")[1])].name if ":o" in k else k for k in tl.pending.keys()
    }
    assert offered == {"Serra Angel", "Memnite"}
    tl = run(d, "Memnite")
    state = tl.final
    counts = {
        state.objects[i].name: state.objects[i].counter("+1/+1")
        for i in state.players[0].zone("battlefield")
    }
    assert counts == {"Serra Angel": 0, "Grizzly Bears": 0, "Memnite": 4}


# ------------------------------- "sacrifice it at the beginning of the next end step"
KIKI_OPS = [
    {"op": "create_token_copy", "what": "target", "haste": True},
    {"op": "delayed", "when": "next_end_step", "ops": [{"op": "sacrifice", "what": "moved"}]},
]  # noqa: E501
KIKI_TARGETS = [
    {
        "what": "creature",
        "count": 1,
        "filter": {"controller": "you", "not_supertypes": ["Legendary"], "other": True},
    }
]  # noqa: E501
MIRROR = {
    "name": "Test Mirror",
    "mana_cost": "{R}",
    "type_line": "Creature — Goblin",
    "power": "2",
    "toughness": "2",
    "effects": {
        "activated": [
            {
                "cost": "{1}, {T}",
                "costs": [{"cost": "mana", "mana": "{1}"}, {"cost": "tap"}],
                "ops": KIKI_OPS,
                "targets": KIKI_TARGETS,
            }
        ]
    },
}


def _mirror_board(actions: list[dict]) -> dict:
    return board(
        battlefield=["Test Mirror", "Grizzly Bears", "Mountain"],
        opponent_library=["Island"] * 3,
        cards=[MIRROR],
        actions=[{"do": "activate", "card": "Test Mirror"}, *actions],
    )


def test_token_copy_with_haste_is_sacrificed_at_the_next_end_step_cr_603_7_400_7() -> None:
    tl = finished(_mirror_board([]))
    state = tl.final
    bears = [
        i for i in state.players[0].zone("battlefield") if state.objects[i].name == "Grizzly Bears"
    ]
    assert len(bears) == 2
    [token] = [i for i in bears if state.objects[i].is_token]
    assert "Haste" in state.characteristics(token).keywords
    (created,) = of_kind(tl, "delayed")
    assert created.rule == "603.7a"
    # the turn passes through this turn's end step: the delayed trigger sacrifices it
    tl = finished(_mirror_board([{"do": "precombat_main", "player": 1}]))
    state = tl.final
    names = [state.objects[i].name for i in state.players[0].zone("battlefield")]
    assert sorted(names) == ["Grizzly Bears", "Mountain", "Test Mirror"]
    (sac,) = [e for e in of_kind(tl, "sacrifice") if e.rule == "701.21a"]
    assert list(sac.objects) == [token]
    assert of_kind(tl, "not_simulated") == []


def test_the_delayed_sacrifice_misses_a_token_that_became_a_new_object_cr_400_7() -> None:
    game = game_of(board(battlefield=["Grizzly Bears"]))
    [bears] = game.players[0].zones["battlefield"]
    ok = effects.run_ops(
        game, KIKI_OPS, controller=0, source=None, targets=[f"o{bears}"], label="Copy"
    )
    assert ok
    [d] = game.delayed
    [(token, stamp)] = d["moved"]
    game.move(token, "graveyard")  # it left; a token ceases to exist there (111.7)
    done = effects.run_ops(
        game, d["ops"], controller=0, source=None, label="Delayed", moved=d["moved"]
    )
    assert done and game.players[0].zones["battlefield"] == [bears]


def test_moved_in_a_delayed_trigger_needs_the_op_that_moved_it() -> None:
    ops = [{"op": "gain_life", "n": 1}, KIKI_OPS[1]]
    assert not effects.is_simulated(ops)
    assert effects.is_simulated(KIKI_OPS)


# ----------------------------------------------- each creature deals its power (120.3)


def test_each_tapped_creature_deals_damage_to_itself_equal_to_its_power_cr_120_3() -> None:
    # The Akroan War III (TheAkroanWarEffect). Pumped power counts (613); untapped ones don't.
    ops = [
        {
            "op": "pump",
            "who": "all",
            "filter": {"types": ["Creature"], "tapped": True, "controller": "you"},
            "power": 1,
            "toughness": 0,
            "duration": "end_of_turn",
        },
        {
            "op": "each_deals_power_damage",
            "filter": {"types": ["Creature"], "tapped": True},
            "to": "itself",
        },
    ]
    d = cast(
        "War",
        ops,
        battlefield=[
            {"name": "Grizzly Bears", "tapped": True},
            {"name": "Memnite", "tapped": True},
            "Llanowar Elves",
        ],
        opponent_battlefield=[{"name": "Serra Angel", "tapped": True}],
    )
    tl = finished(d)
    # Bears 3 power -> 3 damage on a 3/2: dies; Memnite 2/1 -> dies; Elves untapped: lives;
    # Serra Angel 4 damage on a 4/4: dies.
    assert zone(tl, "battlefield") == ["Llanowar Elves"]
    assert zone(tl, "graveyard", 1) == ["Serra Angel"]
    dmg = {(e.source, e.amount) for e in of_kind(tl, "damage")}
    assert len(dmg) == 3 and sorted(a for _s, a in dmg) == [2, 3, 4]
    assert all(list(e.objects) == [e.source] for e in of_kind(tl, "damage"))


def test_each_deals_power_damage_with_lifelink_gains_life_cr_702_15b() -> None:
    ops = [
        {
            "op": "each_deals_power_damage",
            "filter": {"types": ["Creature"], "tapped": True},
            "to": "itself",
        }
    ]
    d = cast(
        "War",
        ops,
        battlefield=[{"name": "Grizzly Bears", "tapped": True, "counters": {"lifelink": 1}}],
    )
    tl = finished(d)
    assert tl.final.players[0].life == 22
    assert sorted(zone(tl, "graveyard")) == ["Grizzly Bears", "War"]


def test_each_deals_power_damage_from_a_deathtouch_creature_is_not_simulated() -> None:
    ops = [
        {
            "op": "each_deals_power_damage",
            "filter": {"types": ["Creature"], "tapped": True},
            "to": "itself",
        }
    ]
    d = cast(
        "War",
        ops,
        battlefield=[{"name": "Grizzly Bears", "tapped": True, "counters": {"deathtouch": 1}}],
    )
    tl = finished(d)
    assert zone(tl, "battlefield") == ["Grizzly Bears"] and of_kind(tl, "not_simulated")


def test_bite_uses_the_power_after_continuous_effects_cr_613() -> None:
    ops = [
        {"op": "pump", "who": {"target": 0}, "power": 2, "toughness": 0, "duration": "end_of_turn"},
        {"op": "bite", "source": {"target": 0}, "to": {"target": 1}},
    ]
    targets = [
        {"what": "creature", "count": 1, "filter": {"controller": "you"}},
        {"what": "creature", "count": 1, "filter": {"controller": "opponent"}},
    ]
    d = cast(
        "Pump Bite",
        ops,
        targets,
        battlefield=["Grizzly Bears"],
        opponent_battlefield=["Serra Angel"],
    )
    tl = finished(d)
    assert zone(tl, "graveyard", 1) == ["Serra Angel"]  # 4 damage, not the printed 2


# ------------------------------------------------------------------ doubling (701.10)


def test_double_each_kind_of_counter_on_target_cr_701_10e() -> None:
    ops = [{"op": "double", "what": "target", "counters": True}]
    targets = [{"what": "creature", "count": 1, "filter": {"controller": "you"}}]
    d = cast(
        "Twice",
        ops,
        targets,
        battlefield=[{"name": "Grizzly Bears", "counters": {"+1/+1": 2, "vigilance": 1}}],
    )
    tl = finished(d)
    [bears] = tl.final.players[0].zone("battlefield")
    obj = tl.final.objects[bears]
    assert obj.counter("+1/+1") == 4 and obj.counter("vigilance") == 2
    assert {(e.counter, e.amount) for e in of_kind(tl, "counters")} == {
        ("+1/+1", 2),
        ("vigilance", 1),
    }


def test_double_power_and_toughness_until_end_of_turn_cr_701_10b() -> None:
    ops = [
        {
            "op": "double",
            "what": "all",
            "power_toughness": True,
            "duration": "end_of_turn",
            "filter": {"controller": "you", "types": ["Creature"]},
        }
    ]
    d = cast(
        "Roar",
        ops,
        battlefield=["Grizzly Bears", {"name": "Memnite", "counters": {"+1/+1": 1}}],
        opponent_battlefield=["Serra Angel"],
    )
    tl = finished(d)
    pts = {
        tl.final.objects[i].name: tl.final.characteristics(i).pt
        for p in (0, 1)
        for i in tl.final.players[p].zone("battlefield")
    }
    assert pts == {"Grizzly Bears": "4/4", "Memnite": "4/4", "Serra Angel": "4/4"}


def test_becomes_legendary_in_addition_to_its_types_cr_613_1d() -> None:
    # Origin of Spider-Man II: a +1/+1 counter, then a legendary Spider Hero (layer 4).
    ops = [
        {"op": "add_counters", "counter": "+1/+1", "n": 1, "what": "target"},
        {
            "op": "add_types",
            "what": "target",
            "duration": "permanent",
            "supertypes": ["Legendary"],
            "subtypes": ["Spider", "Hero"],
        },
        {"op": "destroy", "what": "all", "filter": {"supertypes": ["Legendary"]}},
    ]
    targets = [{"what": "creature", "count": 1, "filter": {"controller": "you"}}]
    d = cast("Origin", ops, targets, battlefield=["Grizzly Bears", "Memnite"])
    tl = run(d, "Grizzly Bears")
    assert zone(tl, "battlefield") == ["Memnite"]
    assert sorted(zone(tl, "graveyard")) == ["Grizzly Bears", "Origin"]


def test_draw_if_you_control_the_creature_with_the_greatest_power_ties_count() -> None:
    # Summon: Fenrir III (ControlsCreatureGreatestPowerCondition).
    ops = [
        {
            "op": "if",
            "cond": {
                "cond": "count",
                "cmp": [">=", 1],
                "filter": {"types": ["Creature"], "controller": "you", "greatest_power": True},
            },
            "then": [{"op": "draw", "n": 1}],
        }
    ]
    tied = cast(
        "Growl",
        ops,
        library=("Island",),
        battlefield=["Serra Angel"],
        opponent_battlefield=["Serra Angel", "Grizzly Bears"],
    )
    assert zone(finished(tied), "hand") == ["Island"]
    smaller = cast(
        "Growl",
        ops,
        library=("Island",),
        battlefield=["Grizzly Bears"],
        opponent_battlefield=["Serra Angel"],
    )
    tl = finished(smaller)
    assert zone(tl, "hand") == [] and of_kind(tl, "condition")[0].rule == "608.2c"


def test_creature_cards_from_all_graveyards_under_your_control_cr_400_7() -> None:
    # Sheoldred // The True Scriptures III (SheoldredTrueScripturesEffect).
    ops = [
        {
            "op": "return_from_graveyard",
            "what": "all",
            "whose": "each_player",
            "to": "battlefield",
            "controller": "you",
            "filter": {"types": ["Creature"]},
        }
    ]
    d = cast("Scriptures", ops, graveyard=("Grizzly Bears", "Lightning Bolt"))
    d["players"][1]["graveyard"] = ["Serra Angel", "Island"]
    tl = finished(d)
    assert sorted(zone(tl, "battlefield")) == ["Grizzly Bears", "Serra Angel"]
    assert zone(tl, "graveyard", 1) == ["Island"]
    [angel] = [
        i
        for i in tl.final.players[0].zone("battlefield")
        if tl.final.objects[i].name == "Serra Angel"
    ]
    assert tl.final.objects[angel].owner == 1 and tl.final.objects[angel].controller == 0


def test_exile_a_back_face_saga_and_return_it_front_face_up_cr_400_7() -> None:
    game = game_of(
        board(
            battlefield=[
                {
                    "name": "Sheoldred // The True Scriptures",
                    "face": "The True Scriptures",
                    "counters": {"lore": 3},
                }
            ]
        )
    )
    [oid] = game.players[0].zones["battlefield"]
    assert game.obj(oid).face == "The True Scriptures"
    effects.run_ops(
        game, [{"op": "exile_and_return_front"}], controller=0, source=oid, label="Chapter III"
    )
    assert game.players[0].zones["battlefield"] == [oid]
    obj = game.obj(oid)
    assert obj.face in (None, "Sheoldred") and obj.counter("lore") == 0
    assert "Creature" in game.chars(oid).types


# ------------------------------------------------------------ the Ring tempts you (701.54)


def test_the_ring_tempts_you_choose_a_ring_bearer_it_is_legendary_cr_701_54() -> None:
    ops = [{"op": "ring_tempts"}, {"op": "ring_tempts"}]
    d = cast("Tempt", ops, battlefield=["Grizzly Bears", "Memnite"])
    tl = run(d, "Grizzly Bears", "Memnite")
    state = tl.final
    chars = {
        state.objects[i].name: state.characteristics(i)
        for i in state.players[0].zone("battlefield")
    }
    assert "Legendary" in chars["Memnite"].supertypes  # the last one chosen
    assert "Legendary" not in chars["Grizzly Bears"].supertypes
    events = [e for e in of_kind(tl, "designation") if e.data.get("designation") == "ring_bearer"]
    assert [e.data["level"] for e in events] == [1, 2] and events[0].rule == "701.54a"


def test_ring_bearer_filter_and_no_creature_still_raises_the_level_cr_701_54a() -> None:
    ops = [{"op": "ring_tempts"}, {"op": "destroy", "what": "all", "filter": {"ring_bearer": True}}]
    tl = finished(cast("Tempt", ops, battlefield=["Grizzly Bears", "Forest"]))
    assert zone(tl, "battlefield") == ["Forest"]
    tl = finished(cast("Tempt", [{"op": "ring_tempts"}], battlefield=["Forest"]))
    (ev,) = of_kind(tl, "designation")
    assert ev.data["bearer"] is None and ev.data["level"] == 1


def test_each_opponent_creates_a_token_cr_111_2() -> None:
    # Tribute to Horobi I, II (CreateTokenAllEffect(RatRogueToken, OPPONENT)).
    ops = [
        {
            "op": "create_token",
            "token": "Rat Rogue",
            "pt": "1/1",
            "types": ["Creature"],
            "subtypes": ["Rat", "Rogue"],
            "colors": ["B"],
            "count": 1,
            "controller": "each_opponent",
        }
    ]
    tl = finished(cast("Tribute", ops))
    state = tl.final
    assert zone(tl, "battlefield") == [] and zone(tl, "battlefield", 1) == ["Rat Rogue token"]
    [rat] = state.players[1].zone("battlefield")
    assert state.objects[rat].controller == 1 and state.objects[rat].owner == 1
    assert not effects.is_simulated([{**ops[0], "controller": "each_creature"}])


def test_sacrifice_all_you_control_matching_a_filter_cr_701_21a() -> None:
    # The Apprentice's Folly III (SacrificeAllControllerEffect: Reflections you control).
    ops = [
        {"op": "sacrifice", "what": "all", "filter": {"types": ["Creature"], "subtypes": ["Bear"]}}
    ]
    d = cast(
        "Folly",
        ops,
        battlefield=["Grizzly Bears", "Grizzly Bears", "Memnite"],
        opponent_battlefield=["Grizzly Bears"],
    )
    tl = finished(d)
    assert zone(tl, "battlefield") == ["Memnite"]
    assert zone(tl, "battlefield", 1) == ["Grizzly Bears"]
    assert len([e for e in of_kind(tl, "sacrifice") if e.rule == "701.21a"]) == 2


def test_investigate_twice_for_each_card_discarded_this_way_cr_608_2c() -> None:
    # Tamiyo Meets the Story Circle II: discard any number, then two Clues per card.
    ops = [
        {"op": "discard", "n": "hand", "who": "you", "up_to": True},
        {
            "op": "create_token",
            "token": "Clue",
            "pt": None,
            "types": ["Artifact"],
            "subtypes": ["Clue"],
            "count": {"dv": "mul", "of": {"dv": "that_many"}, "by": 2},
        },
    ]  # noqa: E501
    tl = run(cast("Rummage", ops, hand=HAND), "Forest", "Lightning Bolt", "card:none")
    assert zone(tl, "battlefield") == ["Clue token"] * 4
    assert zone(tl, "hand") == ["Grizzly Bears"]


def test_gain_one_life_for_each_creature_card_exiled_this_way_cr_608_2c() -> None:
    # The Binding of the Titans II: that_many with a filter.
    ops = [
        {"op": "exile", "what": "target"},
        {"op": "gain_life", "n": {"dv": "that_many", "filter": {"types": ["Creature"]}}},
    ]
    targets = [{"what": "card_in_graveyard", "count": 2, "min": 0}]
    d = cast("Binding", ops, targets, graveyard=("Grizzly Bears", "Lightning Bolt", "Forest"))
    tl = run(d, "Grizzly Bears", "Lightning Bolt")
    assert sorted(zone(tl, "exile")) == ["Grizzly Bears", "Lightning Bolt"]
    assert tl.final.players[0].life == 21


def test_exile_any_number_of_target_players_graveyards_cr_406_2() -> None:
    # The Death of Gwen Stacy III (ExileGraveyardAllTargetPlayerEffect, TargetPlayer(0, MAX)).
    ops = [{"op": "exile", "what": "graveyard", "who": "target_player"}]
    targets = [{"what": "player", "count": "any", "min": 0}]

    def board_(*answers: str):
        d = cast("Wipe", ops, targets, graveyard=("Grizzly Bears",))
        d["players"][1]["graveyard"] = ["Island"]
        return run(d, *answers)

    both = board_("target:p1", "target:p0")
    assert sorted(zone(both, "exile")) == ["Grizzly Bears"] and zone(both, "exile", 1) == ["Island"]
    one = board_("target:p1", "target:none")
    assert zone(one, "exile", 1) == ["Island"] and zone(one, "exile") == []


# ------------------------------------------------------ each player chooses (608.2c)


def test_each_player_chooses_three_they_control_the_others_are_destroyed() -> None:
    # Fall of the First Civilization III (FallOfTheFirstCivilizationEffect).
    ops = [
        {
            "op": "each_player_chooses",
            "n": 3,
            "result": "destroy_others",
            "filter": {"controller": "you", "not_types": ["Land"]},
            "others": {"not_types": ["Land"]},
        }
    ]
    d = cast(
        "Fall",
        ops,
        battlefield=["Grizzly Bears", "Memnite", "Llanowar Elves", "Serra Angel", "Forest"],
        opponent_battlefield=["Grizzly Bears", "Island"],
    )
    tl = run(d, "Serra Angel", "Memnite", "Llanowar Elves")
    assert sorted(zone(tl, "battlefield")) == ["Forest", "Llanowar Elves", "Memnite", "Serra Angel"]
    assert sorted(zone(tl, "battlefield", 1)) == ["Grizzly Bears", "Island"]  # kept: all 1 of 3
    choices = of_kind(tl, "choice")
    assert [e.player for e in choices] == [0, 1] and choices[0].rule == "608.2c"


def test_each_player_chooses_a_creature_each_chosen_is_destroyed() -> None:
    # The Horus Heresy III: starting with you; the opponent answers second.
    ops = [
        {
            "op": "each_player_chooses",
            "n": 1,
            "result": "destroy_chosen",
            "filter": {"types": ["Creature"]},
        }
    ]
    d = cast(
        "Heresy",
        ops,
        battlefield=["Grizzly Bears", "Memnite"],
        opponent_battlefield=["Serra Angel"],
    )
    tl = run(d, "Serra Angel", "Memnite")
    assert sorted(zone(tl, "battlefield")) == ["Grizzly Bears"]
    assert zone(tl, "battlefield", 1) == []
    assert [dec.player for _f, dec, _k in tl.answered] == [0, 1]


def test_each_player_chooses_up_to_one_among_your_opponents_permanents_exiled() -> None:
    # The Legend of Yangchen I: relative to the Saga's controller, mana value 3 or greater.
    ops = [
        {
            "op": "each_player_chooses",
            "n": 1,
            "up_to": True,
            "relative": "you",
            "result": "exile_chosen",
            "filter": {"controller": "opponent", "mv": [">=", 3]},
        }
    ]  # noqa: E501
    d = cast(
        "Yangchen",
        ops,
        battlefield=["Serra Angel"],
        opponent_battlefield=["Serra Angel", "Grizzly Bears"],
    )
    tl = run(d, "Serra Angel", "No more")
    assert zone(tl, "exile", 1) == ["Serra Angel"] and zone(tl, "battlefield") == ["Serra Angel"]
    assert zone(tl, "battlefield", 1) == ["Grizzly Bears"]
