"""More tokens (engine/ops/token_variants.py): "destroy ...; for each creature destroyed this
way, its controller creates a token" (701.8a, 111.2, 608.2h), X/X tokens with X fixed on
resolution (608.2h, 107.1b), the `max` dynamic value, and "it gains haste" on the token
just created (the `moved` reference, 400.7).

Boards before and after; fields, not wording. Stdlib + engine: runs under Pyodide.
"""

from __future__ import annotations

from engine import AutoPolicy, Scenario
from engine.lang import effects

from boards import board, of_kind, opp, you

MUTANT = {
    "token": "Mutant",
    "pt": "3/3",
    "types": ["Creature"],
    "subtypes": ["Mutant"],
    "colors": ["G"],
    "keywords": ["Deathtouch"],
}
HALF_LIFE = {
    "dv": "max",
    "of": [0, {"dv": "half", "of": {"dv": "life", "who": "you"}, "round": "up"}],
}


def _saga(name: str, ops: list[dict], targets: list[dict] | None = None) -> dict:
    """A user Saga whose chapter I is ``ops`` (it has two chapters, so it stays, 714.4)."""
    chapter: dict = {"chapters": [1], "ops": ops}
    if targets:
        chapter["targets"] = targets
    return {
        "name": name,
        "mana_cost": "{1}",
        "type_line": "Enchantment — Saga",
        "chapters": {
            "count": 2,
            "abilities": [{"chapters": [1], "ops": []}, {"chapters": [2], "ops": []}],
        },
        "effects": {"chapters": [chapter]},
    }


def _run(saga: dict, **kw):
    d = board(
        battlefield=[{"name": saga["name"], "counters": {"lore": 0}}, *kw.pop("mine", [])],
        actions=[{"do": "add_lore", "card": saga["name"], "n": 1}],
        cards=[saga],
        **kw,
    )
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished, tl.pending
    return tl


def _tokens(tl, player: int) -> list[tuple[str, str]]:
    st = tl.final
    return sorted(
        (st.objects[i].name, st.characteristics(i).pt)
        for i in st.players[player].zone("battlefield")
        if st.objects[i].is_token
    )


def test_each_destroyed_creatures_controller_creates_a_token_cr_111_2() -> None:
    saga = _saga(
        "Test Wrath Saga",
        [
            {
                "op": "destroy_then_tokens",
                "what": "all",
                "filter": {"types": ["Creature"]},
                "creates": MUTANT,
            }
        ],
    )
    tl = _run(
        saga,
        mine=["Grizzly Bears"],
        opponent_battlefield=["Grizzly Bears", "Serra Angel", "Island"],
    )
    assert sorted(opp(tl)["graveyard"]) == ["Grizzly Bears", "Serra Angel"]
    assert opp(tl)["battlefield"].count("Island") == 1
    assert you(tl)["graveyard"] == ["Grizzly Bears"]
    assert _tokens(tl, 0) == [("Mutant token", "3/3")]
    assert _tokens(tl, 1) == [("Mutant token", "3/3"), ("Mutant token", "3/3")]
    [ev] = [e for e in of_kind(tl, "token") if e.rule == "111.2"]
    assert ev.amount == 3 and ev.data["per_player"] == {"0": 1, "1": 2}
    assert of_kind(tl, "not_simulated") == []


def test_token_goes_to_the_controller_not_the_owner_cr_608_2h() -> None:
    """A creature you control but the opponent owns goes to its owner's graveyard; the
    token is yours: "its controller" is who controlled it as it was destroyed."""
    ops = [
        {"op": "gain_control", "what": "target", "duration": "permanent"},
        {"op": "destroy_then_tokens", "what": "target", "creates": MUTANT},
    ]
    saga = _saga("Test Curse Saga", ops, [{"what": "creature", "count": 1}])
    tl = _run(saga, opponent_battlefield=["Serra Angel"])
    assert opp(tl)["graveyard"] == ["Serra Angel"]
    assert _tokens(tl, 0) == [("Mutant token", "3/3")] and _tokens(tl, 1) == []


def test_nothing_destroyed_no_token() -> None:
    saga = _saga(
        "Test Empty Saga",
        [
            {
                "op": "destroy_then_tokens",
                "what": "all",
                "filter": {"types": ["Creature"]},
                "creates": MUTANT,
            }
        ],
    )
    tl = _run(saga, opponent_battlefield=["Island"])
    assert _tokens(tl, 0) == [] and _tokens(tl, 1) == []
    assert opp(tl)["battlefield"] == ["Island"]


def test_x_x_token_x_half_your_life_rounded_up_then_it_deals_x_to_you() -> None:
    """Chainer's Torment III: X fixed on resolution (608.2h); the token deals the damage."""
    ops = [
        {
            "op": "create_token_x",
            "size": HALF_LIFE,
            "creates": {
                "token": "Nightmare Horror",
                "pt": "X/X",
                "types": ["Creature"],
                "subtypes": ["Nightmare", "Horror"],
                "colors": ["B"],
            },
        },
        {"op": "damage", "amount": HALF_LIFE, "to": "you", "source": "moved"},
    ]
    tl = _run(_saga("Test Torment Saga", ops), life=15)
    assert _tokens(tl, 0) == [("Nightmare Horror token", "8/8")]
    assert you(tl)["life"] == 7
    [dmg] = [e for e in of_kind(tl, "damage") if e.amount == 8]
    assert tl.final.objects[dmg.source].name == "Nightmare Horror token"


def test_x_never_below_zero_cr_107_1b() -> None:
    ops = [
        {
            "op": "create_token_x",
            "size": {"dv": "neg", "of": 3},
            "creates": {"token": "Shade", "pt": "X/X", "types": ["Creature"]},
        }
    ]
    tl = _run(_saga("Test Zero Saga", ops))
    # a 0/0 token is put into its owner's graveyard by state-based actions (704.5f)
    assert _tokens(tl, 0) == []
    [ev] = [e for e in of_kind(tl, "token") if e.data.get("x") is not None]
    assert ev.data["x"] == 0 and ev.data["pt"] == "0/0"


def test_difference_in_lands_with_max_value() -> None:
    """Waking the Trolls III: tokens equal to your lands minus theirs, none if they have
    as many (the `max` value floors the difference at 0)."""
    diff = {
        "dv": "max",
        "of": [
            0,
            {
                "dv": "sum",
                "of": [
                    {"dv": "count", "filter": {"controller": "you", "types": ["Land"]}},
                    {
                        "dv": "neg",
                        "of": {
                            "dv": "count",
                            "filter": {"controller": "opponent", "types": ["Land"]},
                        },
                    },
                ],
            },
        ],
    }
    ops = [{"op": "create_token", "token": "Troll Warrior", "pt": "4/4", "count": diff}]
    tl = _run(
        _saga("Test Trolls Saga", ops, [{"what": "opponent", "count": 1}]),
        mine=["Forest"] * 5,
        opponent_battlefield=["Island"] * 2,
    )
    assert _tokens(tl, 0) == [("Troll Warrior token", "4/4")] * 3
    tl = _run(
        _saga("Test Trolls Saga", ops, [{"what": "opponent", "count": 1}]),
        mine=["Forest"],
        opponent_battlefield=["Island"] * 2,
    )
    assert _tokens(tl, 0) == []


def test_the_token_just_created_gains_haste_until_end_of_turn() -> None:
    ops = [
        {"op": "create_token", "token": "Dinosaur", "pt": "3/3", "keywords": ["Trample"]},
        {"op": "grant", "who": "moved", "keywords": ["Haste"], "duration": "end_of_turn"},
    ]
    saga = _saga("Test Park Saga", ops)
    d = board(
        battlefield=[{"name": saga["name"], "counters": {"lore": 0}}, "Grizzly Bears"],
        actions=[{"do": "add_lore", "card": saga["name"], "n": 1}],
        cards=[saga],
    )
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    st = tl.final
    kw = {
        st.objects[i].name: st.characteristics(i).keywords
        for i in st.players[0].zone("battlefield")
    }
    assert "Haste" in kw["Dinosaur token"] and "Trample" in kw["Dinosaur token"]
    assert "Haste" not in kw["Grizzly Bears"]


def test_checks_name_what_they_cannot_do() -> None:
    assert effects.problem({"op": "destroy_then_tokens", "what": "all", "creates": MUTANT})
    assert effects.problem(
        {
            "op": "destroy_then_tokens",
            "what": "target",
            "creates": {**MUTANT, "controller": "each_player"},
        }
    )
    assert effects.problem(
        {"op": "create_token_x", "size": 2, "creates": {"token": "Ooze", "pt": "2/2"}}
    )
    assert effects.problem({"op": "create_token_x", "creates": {"token": "Ooze", "pt": "X/X"}})
    assert (
        effects.problem({"op": "destroy_then_tokens", "what": "target", "creates": MUTANT}) is None
    )
    assert (
        effects.problem(
            {"op": "create_token_x", "size": HALF_LIFE, "creates": {"token": "Ooze", "pt": "X/X"}}
        )
        is None
    )


CLUE = {
    "token": "Clue",
    "pt": None,
    "types": ["Artifact"],
    "subtypes": ["Clue"],
    "abilities": {
        "activated": [
            {
                "cost": "{2}, sacrifice this",
                "costs": [{"cost": "mana", "mana": "{2}"}, {"cost": "sacrifice_self"}],
                "ops": [{"n": 1, "op": "draw"}],
            }
        ]
    },
}
BLINK_I = [
    {"op": "put_on_library", "what": "target", "where": "shuffle"},
    {"op": "owner_creates_token", "what": "moved", "creates": CLUE},
]


def test_its_owner_shuffles_it_in_then_investigates_cr_111_2() -> None:
    """Blink I: the opponent's creature goes into their library; they get the Clue."""
    saga = _saga("Test Blink Saga", BLINK_I, [{"what": "creature", "count": 1}])
    tl = _run(saga, opponent_battlefield=["Serra Angel"], opponent_library=["Island"] * 3)
    assert "Serra Angel" in opp(tl)["library"] and len(opp(tl)["library"]) == 4
    assert _tokens(tl, 1) == [("Clue token", "")] and _tokens(tl, 0) == []
    [ev] = [e for e in of_kind(tl, "token") if e.rule == "111.2"]
    assert ev.data["owners"] == [1]


def test_the_owner_not_the_controller_investigates_cr_108_3() -> None:
    ops = [{"op": "gain_control", "what": "target", "duration": "permanent"}, *BLINK_I]
    saga = _saga("Test Blink Saga", ops, [{"what": "creature", "count": 1}])
    tl = _run(saga, opponent_battlefield=["Serra Angel"])
    assert opp(tl)["library"] == ["Serra Angel"]
    assert _tokens(tl, 1) == [("Clue token", "")] and _tokens(tl, 0) == []


def test_owner_creates_token_needs_a_move_before_it() -> None:
    assert effects.problem({"op": "owner_creates_token", "what": "target", "creates": CLUE})
    assert effects.problem({"op": "owner_creates_token", "what": "moved", "creates": CLUE}) is None
    saga = _saga("Test Lone Saga", BLINK_I[1:])
    tl = _run(saga)
    assert of_kind(tl, "not_simulated") and _tokens(tl, 0) == []


def _face(tl, oid: int):
    return tl.final.characteristics(oid)


def _token_ids(tl, player: int = 0) -> list[int]:
    st = tl.final
    return [i for i in st.players[player].zone("battlefield") if st.objects[i].is_token]


def test_copy_except_legendary_alien_named_prisoner_zero_cr_707_9b() -> None:
    """The Eleventh Hour III: the copy's name, supertypes and creature types are its own."""
    ops = [
        {
            "op": "create_token_copy_except",
            "what": "target",
            "except": {
                "name": "Prisoner Zero",
                "supertypes": ["Legendary"],
                "creature_types": ["Alien"],
            },
        }
    ]
    saga = _saga("Test Hour Saga", ops, [{"what": "creature", "count": 1}])
    tl = _run(saga, opponent_battlefield=[{"name": "Grizzly Bears", "counters": {"+1/+1": 2}}])
    [tok] = _token_ids(tl)
    f = _face(tl, tok)
    assert tl.final.objects[tok].name == "Prisoner Zero"
    assert (f.supertypes, f.types, f.subtypes, f.pt) == (
        ("Legendary",),
        ("Creature",),
        ("Alien",),
        "2/2",
    )  # not its counters (707.2)
    assert tl.final.objects[tok].controller == 0
    # the original keeps its own values
    [bears] = tl.final.players[1].zone("battlefield")
    assert _face(tl, bears).subtypes == ("Bear",)


def test_copy_except_keeps_noncreature_subtypes() -> None:
    ops = [
        {
            "op": "create_token_copy_except",
            "what": "target",
            "except": {"creature_types": ["Alien"]},
        }
    ]
    saga = _saga("Test Arbor Saga", ops, [{"what": "creature", "count": 1}])
    tl = _run(saga, opponent_battlefield=["Dryad Arbor"])
    [tok] = _token_ids(tl)
    assert _face(tl, tok).subtypes == ("Forest", "Alien")
    assert tl.final.objects[tok].name == "Dryad Arbor"


SHREDDER_COPY = {"not_legendary": True, "subtypes": ["Mutant"]}


def test_exile_it_then_copy_it_then_copy_a_card_exiled_with_it() -> None:
    """The Cloning of Shredder: I exiles a creature card and copies it (the moved card);
    II copies a card exiled with the Saga (607.2a)."""
    one = [
        {"op": "exile", "what": "target", "remember": True},
        {"op": "create_token_copy_except", "what": "moved", "except": SHREDDER_COPY},
    ]
    two = [{"op": "create_token_copy_except", "what": "exiled_with", "except": SHREDDER_COPY}]
    spec = {"what": "card_in_your_graveyard", "count": 1, "filter": {"types": ["Creature"]}}
    saga = _saga("Test Clone Saga", one, [spec])
    saga["effects"]["chapters"].append({"chapters": [2], "ops": two})
    d = board(
        battlefield=[{"name": saga["name"], "counters": {"lore": 0}}],
        graveyard=["Isamaru, Hound of Konda"],
        actions=[
            {"do": "add_lore", "card": saga["name"], "n": 1},
            {"do": "add_lore", "card": saga["name"], "n": 1},
        ],
        cards=[saga],
    )
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished, tl.pending
    assert you(tl)["exile"] == ["Isamaru, Hound of Konda"]
    toks = _token_ids(tl)
    assert len(toks) == 2
    for tok in toks:
        f = _face(tl, tok)
        assert tl.final.objects[tok].name == "Isamaru, Hound of Konda"
        assert (f.supertypes, f.subtypes, f.pt) == ((), ("Dog", "Mutant"), "2/2")
    assert of_kind(tl, "not_simulated") == []


def test_copy_except_checks() -> None:
    base = {"op": "create_token_copy_except", "what": "target"}
    assert effects.problem({**base, "except": {"colors": ["R"]}})
    assert effects.problem({**base, "except": {}})
    assert effects.problem({**base, "what": "all", "except": SHREDDER_COPY})
    assert effects.problem({**base, "except": SHREDDER_COPY}) is None


# ------------------------------------------------------------ the real cards (bundled pool)


def _real(name: str, chapters: int, lore: int = 0, **kw):
    d = board(
        battlefield=[{"name": name, "counters": {"lore": lore}}, *kw.pop("mine", [])],
        actions=[{"do": "add_lore", "card": name, "n": 1}] * chapters,
        **kw,
    )
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished, tl.pending
    return tl


def test_real_blink_chapter_i_gives_the_owner_a_clue() -> None:
    tl = _real("Blink", 1, opponent_battlefield=["Serra Angel"])
    assert opp(tl)["library"] == ["Serra Angel"]
    assert _tokens(tl, 1) == [("Clue token", "")]
    assert of_kind(tl, "not_simulated") == []


def test_real_chainers_torment_i_and_iii() -> None:
    tl = _real("Chainer's Torment", 1)
    assert (you(tl)["life"], opp(tl)["life"]) == (22, 18)
    tl = _real("Chainer's Torment", 3)
    # I, II: 24 / 16; III: X = 12, a 12/12 that deals 12 damage to you
    assert _tokens(tl, 0) == [("Nightmare Horror token", "12/12")]
    assert (you(tl)["life"], opp(tl)["life"]) == (12, 16)
    assert of_kind(tl, "not_simulated") == []


def test_real_phasing_of_zhalfir_iii() -> None:
    tl = _real(
        "The Phasing of Zhalfir",
        1,
        lore=2,
        mine=["Grizzly Bears"],
        opponent_battlefield=["Serra Angel", "Grizzly Bears"],
    )
    assert _tokens(tl, 0) == [("Phyrexian token", "2/2")]
    assert _tokens(tl, 1) == [("Phyrexian token", "2/2")] * 2


def test_copy_a_creature_whose_name_no_token_of_yours_has_cr_201_2() -> None:
    """The Apprentice's Folly I: the target must not share a name with a token you
    control; the copy isn't legendary, is a Reflection too and has haste (707.9b)."""
    ops = [
        {
            "op": "create_token_copy_except",
            "what": "target",
            "except": {"not_legendary": True, "subtypes": ["Reflection"], "keywords": ["Haste"]},
        }
    ]
    spec = {
        "what": "creature",
        "count": 1,
        "filter": {
            "token": False,
            "controller": "you",
            "name_not_shared": {"token": True, "controller": "you"},
        },
    }
    saga = _saga("Test Folly Saga", ops, [spec])
    saga["effects"]["chapters"].append({"chapters": [2], "ops": ops, "targets": [spec]})
    d = board(
        battlefield=[{"name": saga["name"], "counters": {"lore": 0}}, "Isamaru, Hound of Konda"],
        actions=[
            {"do": "add_lore", "card": saga["name"], "n": 1},
            {"do": "add_lore", "card": saga["name"], "n": 1},
        ],
        cards=[saga],
    )
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished, tl.pending
    # chapter I copies Isamaru; chapter II has no legal target: a token named Isamaru exists
    [tok] = _token_ids(tl)
    f = _face(tl, tok)
    assert (f.supertypes, f.subtypes) == ((), ("Dog", "Reflection"))
    assert "Haste" in f.keywords
    assert len([e for e in of_kind(tl, "token") if e.rule == "707.9b"]) == 1


def test_incubate_then_transform_all_incubator_tokens_you_control_cr_701_28a() -> None:
    """The Argent Etchings I (twice here): each Incubator token you control turns into a
    Phyrexian artifact creature with its counters; other permanents are left alone."""
    ops = [
        {"op": "incubate", "n": 2},
        {"op": "incubate", "n": 2},
        {
            "op": "transform_all",
            "filter": {"subtypes": ["Incubator"], "token": True, "controller": "you"},
        },
    ]
    tl = _run(_saga("Test Etchings Saga", ops), mine=["Grizzly Bears"])
    toks = _token_ids(tl)
    assert len(toks) == 2
    for tok in toks:
        f = _face(tl, tok)
        assert f.types == ("Artifact", "Creature") and f.pt == "2/2"
    [ev] = of_kind(tl, "transform")
    assert ev.amount == 2


def test_transform_all_needs_a_filter() -> None:
    assert effects.problem({"op": "transform_all"})
    assert effects.problem({"op": "transform_all", "filter": {"subtypes": ["Incubator"]}}) is None


def test_copy_any_number_of_tokens_with_different_names_cr_707_2() -> None:
    """Battle for Bretagard III: two Soldiers share a name, so at most one is copied; the
    controller may decline a name (here: the Treasure)."""
    ops = [
        {"op": "create_token", "token": "Soldier", "pt": "1/1", "count": 2},
        {"op": "create_token", "token": "Treasure", "types": ["Artifact"]},
        {
            "op": "copy_each_chosen_different_names",
            "filter": {"token": True, "types_any": ["Artifact", "Creature"]},
        },
    ]
    saga = _saga("Test Bretagard Saga", ops)
    prompts: list[tuple[str, int]] = []

    def prefer(d) -> str:
        if d.kind == "pick":
            prompts.append((d.prompt, len(d.keys())))
            return "none" if "Treasure" in d.prompt else d.keys()[0]
        return d.keys()[0]

    d = board(
        battlefield=[{"name": saga["name"], "counters": {"lore": 0}}, "Grizzly Bears"],
        actions=[{"do": "add_lore", "card": saga["name"], "n": 1}],
        cards=[saga],
    )
    tl = Scenario.from_dict(d).run(policy=AutoPolicy(prefer=prefer))
    assert tl.finished, tl.pending
    # one decision per name: Soldier (two of them, or none), Treasure (one, or none)
    assert sorted(n for _p, n in prompts) == [2, 3]
    assert _tokens(tl, 0) == [("Soldier token", "1/1")] * 3 + [("Treasure token", "")]
    [ev] = [e for e in of_kind(tl, "token") if e.data.get("copy_of") is not None]
    assert ev.amount == 1
