"""Scenario tests of the Saga ops in engine/ops/per_player.py: the mill loop (The Tale of
Tamiyo, 701.17a, 205.2a), each player returning from their own graveyard (Fall of the Thran,
101.4, 609.3), each player regaining what they own (The Fall of Lord Konda, 613.1b) and
"each player discards or pays a penalty" (The Death of Gwen Stacy, The Long Reach of Night,
118.12). Boards before and after, fields not wording. Stdlib + engine: runs under Pyodide.
"""

from __future__ import annotations

import pytest

from engine.lang import effects
from engine.lang.vocabulary import validate_ops

from boards import answered, board, of_kind, user_spell, zone

# ------------------------------------------------------------------------------ helpers


spell = user_spell


def cast(name: str, ops: list[dict], targets: list[dict] | None = None, **kw) -> dict:
    kw.setdefault("hand", (name,))
    opp_graveyard = kw.pop("opponent_graveyard", ())
    d = board(kw.pop("library", ()), cards=(spell(name, ops, targets),), **kw)
    d["players"][1]["graveyard"] = list(opp_graveyard)
    return d


run = answered  # boards.answered: play, answering each decision in turn


TAMIYO = [{"op": "mill_while_shared_type", "n": 2}]
THRAN = [{"op": "each_player_returns", "n": 2, "filter": {"types": ["Land"]}}]
GWEN = [{"op": "each_player_discard_or", "who": "each_player", "lose_life": 3}]
NIGHT = [
    {"op": "each_player_discard_or", "who": "each_opponent", "sacrifice": {"types": ["Creature"]}}
]


def test_the_ops_validate_and_their_checks_refuse_what_they_cannot_do() -> None:
    for ops in (TAMIYO, THRAN, GWEN, NIGHT, [{"op": "each_player_gains_control_owned"}]):
        assert validate_ops(ops) == [], ops
        assert [effects.problem(o) for o in ops] == [None], ops
    assert effects.problem({"op": "mill_while_shared_type", "n": 3})
    assert effects.problem({"op": "each_player_returns", "n": 2, "to": "hand"})
    assert effects.problem({"op": "each_player_discard_or", "who": "each_player"})
    assert effects.problem(
        {
            "op": "each_player_discard_or",
            "who": "each_player",
            "lose_life": 3,
            "sacrifice": {"types": ["Creature"]},
        }
    )
    assert effects.problem({"op": "each_player_gains_control_owned", "duration": "end_of_turn"})
    assert effects.problem({"op": "vote", "options": ["guilty"], "more": "guilty", "ops": []})
    assert effects.problem({"op": "vote", "options": ["a", "b"], "more": "c", "ops": []})
    assert effects.problem(
        {"op": "each_chooses_greatest_to_hand", "who": "you", "greatest": "mana_value"}
    )
    assert effects.problem({"op": "exiled_until_to_bottom", "return_n": -1})


# ----------------------------------------------------------- the mill loop (Tamiyo I-III)


def test_mill_two_sharing_a_type_draws_and_repeats_until_they_dont_cr_701_17a() -> None:
    # Island+Forest share Land: draw (Plains); then Swamp+Lightning Bolt don't: stop.
    lib = ("Island", "Forest", "Plains", "Swamp", "Lightning Bolt", "Mountain")
    tl = run(cast("Tamiyo", TAMIYO, library=lib))
    assert sorted(zone(tl, "graveyard")) == [
        "Forest",
        "Island",
        "Lightning Bolt",
        "Swamp",
        "Tamiyo",
    ]
    assert zone(tl, "hand") == ["Plains"] and zone(tl, "library") == ["Mountain"]
    mills = of_kind(tl, "mill")
    assert [m.amount for m in mills] == [2, 2] and mills[0].rule == "701.17a"
    assert [m.data["shared_type"] for m in mills] == [True, False]
    assert [e.amount for e in of_kind(tl, "draw")] == [1]


def test_mill_loop_creatures_share_a_type_and_it_stops_when_one_card_is_left() -> None:
    lib = ("Grizzly Bears", "Memnite", "Forest", "Serra Angel", "Llanowar Elves", "Island")
    # Bears+Memnite (Creature) draw Forest; Angel+Elves (Creature) draw Island; library empty:
    # nothing milled, stop (a draw from an empty library never happens).
    tl = run(cast("Tamiyo", TAMIYO, library=lib))
    assert sorted(zone(tl, "hand")) == ["Forest", "Island"]
    assert zone(tl, "library") == []
    assert [m.amount for m in of_kind(tl, "mill")] == [2, 2, 0]
    assert of_kind(tl, "draw_empty") == []


def test_mill_loop_with_one_card_left_mills_it_and_stops() -> None:
    tl = run(cast("Tamiyo", TAMIYO, library=("Island", "Forest", "Plains", "Swamp")))
    # Island+Forest: draw Plains; then only Swamp is milled: fewer than two, stop.
    assert zone(tl, "hand") == ["Plains"] and zone(tl, "library") == []
    assert [m.amount for m in of_kind(tl, "mill")] == [2, 1]


# ------------------------------------------------- each player returns (Fall of the Thran)


def test_each_player_returns_two_lands_from_their_graveyard_cr_101_4() -> None:
    d = cast(
        "Thran",
        THRAN,
        graveyard=["Island", "Forest", "Swamp", "Grizzly Bears"],
        opponent_graveyard=["Plains", "Mountain"],
    )
    tl = run(d, "Island", "Swamp")
    assert sorted(zone(tl, "battlefield")) == ["Island", "Swamp"]
    assert sorted(zone(tl, "battlefield", 1)) == ["Mountain", "Plains"]
    assert sorted(zone(tl, "graveyard")) == ["Forest", "Grizzly Bears", "Thran"]
    assert zone(tl, "graveyard", 1) == []
    (ev,) = of_kind(tl, "to_battlefield")
    assert ev.amount == 4 and ev.rule == "101.4"
    assert [dec.player for _f, dec, _k in tl.answered] == [0, 0]


def test_a_player_with_one_land_card_returns_it_cr_609_3() -> None:
    # The printed card and 609.3 (as much as possible): XMage returns none of fewer than two.
    d = cast("Thran", THRAN, graveyard=["Grizzly Bears"], opponent_graveyard=["Plains"])
    tl = run(d)
    assert zone(tl, "battlefield") == [] and zone(tl, "battlefield", 1) == ["Plains"]
    assert sorted(zone(tl, "graveyard")) == ["Grizzly Bears", "Thran"]


# ------------------------------------------- each player regains what they own (Konda II)


def test_each_player_gains_control_of_what_they_own_cr_613_1b() -> None:
    ops = [
        {"op": "gain_control", "what": "target", "duration": "permanent"},
        {"op": "each_player_gains_control_owned", "duration": "permanent"},
    ]
    d = cast(
        "Konda",
        ops,
        [{"what": "creature", "count": 1}],
        battlefield=["Memnite"],
        opponent_battlefield=["Grizzly Bears"],
    )
    tl = run(d, "Grizzly Bears")
    assert zone(tl, "battlefield", 1) == ["Grizzly Bears"]  # back under its owner
    assert zone(tl, "battlefield") == ["Memnite"]
    effs = [e for e in of_kind(tl, "effect") if e.data.get("kind") == "gain_control"]
    assert [e.data["layer"] for e in effs] == ["2", "2", "2"]
    assert [e.data["duration"] for e in effs] == ["permanent"] * 3
    assert effs[-1].rule == "613.1b"


# ------------------------------------------ discard or a penalty (Gwen Stacy, Long Reach)


def test_each_player_may_discard_each_who_doesnt_loses_3_life_cr_101_4() -> None:
    d = cast("Gwen", GWEN, hand=("Gwen", "Forest"), opponent_hand=("Island",))
    tl = run(d, "Forest", "card:none")
    assert sorted(zone(tl, "graveyard")) == ["Forest", "Gwen"]
    assert zone(tl, "hand", 1) == ["Island"]
    s = tl.final.summary()["players"]
    assert (s[0]["life"], s[1]["life"]) == (20, 17)
    assert [dec.player for _f, dec, _k in tl.answered] == [0, 1]


def test_a_player_with_no_card_in_hand_loses_the_life() -> None:
    tl = run(cast("Gwen", GWEN, opponent_hand=("Island",)), "Island")
    s = tl.final.summary()["players"]
    assert (s[0]["life"], s[1]["life"]) == (17, 20)
    assert zone(tl, "graveyard", 1) == ["Island"]


@pytest.mark.parametrize("discard", [True, False])
def test_each_opponent_sacrifices_a_creature_unless_they_discard_cr_118_12(discard: bool) -> None:
    d = cast(
        "Night",
        NIGHT,
        battlefield=["Memnite"],
        opponent_hand=("Island",),
        opponent_battlefield=["Grizzly Bears", "Forest"],
    )
    tl = run(d, "Island" if discard else "card:none")
    assert zone(tl, "battlefield") == ["Memnite"]  # you are not an opponent
    if discard:
        assert zone(tl, "graveyard", 1) == ["Island"]
        assert sorted(zone(tl, "battlefield", 1)) == ["Forest", "Grizzly Bears"]
    else:
        assert zone(tl, "graveyard", 1) == ["Grizzly Bears"]
        assert zone(tl, "battlefield", 1) == ["Forest"] and zone(tl, "hand", 1) == ["Island"]
        assert of_kind(tl, "sacrifice")[0].rule == "701.21a"


# ----------------------------- reveal the top card, take it if it matches (Esper Origins I)

ESPER = [{"op": "reveal_top_take_if", "filter": {"permanent_card": True}}]
URZA = [
    {"op": "scry", "n": 1},
    {"op": "reveal_top_take_if", "optional": True, "filter": {"types": ["Planeswalker"]}},
]  # noqa: E501


def test_reveal_the_top_card_a_permanent_card_goes_to_hand_cr_701_20a() -> None:
    tl = run(cast("Maduin", ESPER, library=("Grizzly Bears", "Island")))
    assert zone(tl, "hand") == ["Grizzly Bears"] and zone(tl, "library") == ["Island"]
    (rev,) = of_kind(tl, "reveal")
    assert rev.rule == "701.20a" and rev.data["match"] is True


def test_a_revealed_miss_stays_on_top_of_the_library() -> None:
    tl = run(cast("Maduin", ESPER, library=("Lightning Bolt", "Island")))
    assert zone(tl, "hand") == [] and zone(tl, "library") == ["Lightning Bolt", "Island"]
    (rev,) = of_kind(tl, "reveal")
    assert rev.amount == 1 and rev.data["match"] is False
    assert of_kind(tl, "to_hand") == []


def test_reveal_with_an_empty_library_reveals_nothing() -> None:
    tl = run(cast("Maduin", ESPER))
    assert zone(tl, "hand") == [] and of_kind(tl, "reveal")[0].amount == 0


def test_you_may_reveal_after_scry_a_planeswalker_goes_to_hand() -> None:
    lib = ("Island", "Jace Beleren", "Forest")
    tl = run(cast("Urza", URZA, library=lib), "scry:bottom", "Yes")
    assert zone(tl, "hand") == ["Jace Beleren"]
    assert zone(tl, "library") == ["Forest", "Island"]


def test_you_may_decline_to_reveal_cr_608_2d() -> None:
    lib = ("Jace Beleren", "Forest")
    tl = run(cast("Urza", URZA, library=lib), "scry:top", "No")
    assert zone(tl, "hand") == [] and zone(tl, "library") == ["Jace Beleren", "Forest"]
    assert of_kind(tl, "reveal") == [] and len(of_kind(tl, "decline")) == 1


# -------------------------------- choose in each graveyard, shuffle (The Three Seasons III)

SEASONS = [{"op": "shuffle_chosen_from_each_graveyard", "n": 3, "up_to": True}]


def test_you_choose_up_to_three_in_each_graveyard_owners_shuffle_them_cr_701_24a() -> None:
    d = cast(
        "Seasons",
        SEASONS,
        library=("Plains",),
        graveyard=["Island", "Forest", "Swamp", "Mountain"],
        opponent_graveyard=["Grizzly Bears", "Memnite"],
    )
    tl = run(d, "Island", "Forest", "Swamp", "Grizzly Bears", "card:none")
    assert sorted(zone(tl, "library")) == ["Forest", "Island", "Plains", "Swamp"]
    assert sorted(zone(tl, "graveyard")) == ["Mountain", "Seasons"]
    assert zone(tl, "library", 1) == ["Grizzly Bears"] and zone(tl, "graveyard", 1) == ["Memnite"]
    assert [e.amount for e in of_kind(tl, "shuffle")] == [3, 1]
    assert all(dec.player == 0 for _f, dec, _k in tl.answered)  # you choose every card


# ---------------------------------------- look at the top card of each library (Medomai IV)


def test_you_look_at_the_top_card_of_each_library_nothing_moves_cr_701_16a() -> None:
    d = cast(
        "Medomai",
        [{"op": "look_at_top_each_player"}],
        library=("Island", "Forest"),
        opponent_library=("Grizzly Bears",),
    )
    tl = run(d)
    looks = of_kind(tl, "look")
    assert [(e.player, e.data["library_of"], e.amount) for e in looks] == [(0, 0, 1), (0, 1, 1)]
    assert zone(tl, "library") == ["Island", "Forest"]
    assert zone(tl, "library", 1) == ["Grizzly Bears"]


# -------------------------------------------------------- votes (701.38): Trial, Vault 11

TRIAL = {
    "name": "Test Trial",
    "mana_cost": "{1}",
    "type_line": "Enchantment — Saga",
    "chapters": {
        "count": 2,
        "abilities": [{"chapters": [1], "ops": []}, {"chapters": [2], "ops": []}],
    },
    "effects": {
        "chapters": [
            {
                "chapters": [1],
                "ops": [{"op": "exile", "what": "target", "until": "source_leaves"}],
                "targets": [{"what": "creature", "count": 1, "filter": {"controller": "opponent"}}],
            },
            {
                "chapters": [2],
                "ops": [
                    {
                        "op": "vote",
                        "options": ["innocent", "guilty"],
                        "more": "guilty",
                        "ops": [{"op": "exiled_until_to_bottom"}],
                    }
                ],
            },
        ]
    },
}


def _trial() -> dict:
    lore = {"do": "add_lore", "card": "Test Trial", "n": 1}
    return board(
        battlefield=[{"name": "Test Trial", "counters": {"lore": 0}}],
        opponent_battlefield=["Grizzly Bears"],
        opponent_library=["Island"],
        actions=[lore, lore],
        cards=[TRIAL],
    )


def test_guilty_gets_more_votes_the_exiled_card_goes_to_the_bottom_cr_701_38a() -> None:
    tl = run(_trial(), "vote:guilty", "vote:guilty")
    assert zone(tl, "library", 1) == ["Island", "Grizzly Bears"]
    assert zone(tl, "battlefield", 1) == [] and zone(tl, "exile", 1) == []
    assert zone(tl, "graveyard") == ["Test Trial"]  # 714.4 after chapter II
    votes = [e.data["vote"] for e in of_kind(tl, "note") if "vote" in e.data]
    assert votes == ["guilty", "guilty"]
    assert [dec.player for _f, dec, _k in tl.answered] == [0, 1]  # starting with you


def test_a_tied_vote_does_nothing_and_the_card_returns_when_the_saga_leaves_cr_610_3a() -> None:
    tl = run(_trial(), "vote:guilty", "vote:innocent")
    assert zone(tl, "battlefield", 1) == ["Grizzly Bears"]  # back: Trial was sacrificed
    assert zone(tl, "library", 1) == ["Island"]
    (cond,) = [e for e in of_kind(tl, "condition") if e.data.get("op") == "vote"]
    assert cond.data["holds"] is False and cond.data["votes"] == {"innocent": 1, "guilty": 1}


VAULT11 = [{"op": "vote_destroy_most", "filter": {"types": ["Creature"]}}]


def test_the_creature_with_the_most_votes_is_destroyed_cr_701_38a() -> None:
    d = cast(
        "Vault",
        VAULT11,
        battlefield=["Memnite"],
        opponent_battlefield=["Grizzly Bears", "Serra Angel"],
    )
    tl = run(d, "Serra Angel", "Serra Angel")
    assert zone(tl, "battlefield", 1) == ["Grizzly Bears"]
    assert zone(tl, "battlefield") == ["Memnite"]
    assert of_kind(tl, "destroy")[0].rule == "701.8a"


def test_tied_for_most_votes_both_are_destroyed() -> None:
    d = cast("Vault", VAULT11, battlefield=["Memnite"], opponent_battlefield=["Grizzly Bears"])
    tl = run(d, "Grizzly Bears", "Memnite")
    assert zone(tl, "battlefield") == [] and zone(tl, "battlefield", 1) == []


def test_no_votes_each_player_draws_a_card() -> None:
    d = cast(
        "Vault",
        VAULT11,
        library=("Island",),
        battlefield=["Memnite"],
        opponent_library=("Forest",),
        opponent_battlefield=["Grizzly Bears"],
    )
    tl = run(d, "vote:none", "vote:none")
    assert zone(tl, "hand") == ["Island"] and zone(tl, "hand", 1) == ["Forest"]
    assert zone(tl, "battlefield") == ["Memnite"]
    assert zone(tl, "battlefield", 1) == ["Grizzly Bears"]


# ----------------------------- each opponent's greatest returns to hand (Summon: Valefor I)

VALEFOR = [
    {
        "op": "each_chooses_greatest_to_hand",
        "who": "each_opponent",
        "greatest": "mana_value",
        "filter": {"types": ["Creature"]},
    }
]


def test_each_opponent_returns_a_creature_with_the_greatest_mana_value_cr_101_4() -> None:
    d = cast(
        "Valefor",
        VALEFOR,
        battlefield=["Serra Angel"],
        opponent_battlefield=["Grizzly Bears", "Serra Angel", "Llanowar Elves"],
    )
    tl = run(d)  # one greatest: no choice
    assert zone(tl, "hand", 1) == ["Serra Angel"]
    assert sorted(zone(tl, "battlefield", 1)) == ["Grizzly Bears", "Llanowar Elves"]
    assert zone(tl, "battlefield") == ["Serra Angel"]  # yours stays: you are not an opponent


def test_tied_for_greatest_the_opponent_chooses() -> None:
    d = cast(
        "Valefor", VALEFOR, opponent_battlefield=["Grizzly Bears", "Llanowar Elves", "Memnite"]
    )
    tl = run(d)  # Grizzly Bears (2) is the only greatest: no decision
    assert zone(tl, "hand", 1) == ["Grizzly Bears"] and tl.answered == []
    d = cast("Valefor", VALEFOR, opponent_battlefield=["Grizzly Bears", "Runeclaw Bear"])
    tl = run(d, "Runeclaw Bear")
    assert zone(tl, "hand", 1) == ["Runeclaw Bear"]
    assert zone(tl, "battlefield", 1) == ["Grizzly Bears"]
    assert tl.answered[0][1].player == 1


def test_an_opponent_without_creatures_returns_nothing() -> None:
    tl = run(cast("Valefor", VALEFOR, opponent_battlefield=["Forest"]))
    assert zone(tl, "battlefield", 1) == ["Forest"] and of_kind(tl, "bounce")[0].amount == 0


# ---------------------- return two exiled with it, the rest to the bottom (Vault 13 III)

VAULT13 = {
    "name": "Test Vault",
    "mana_cost": "{1}",
    "type_line": "Enchantment — Saga",
    "chapters": {
        "count": 2,
        "abilities": [{"chapters": [1], "ops": []}, {"chapters": [2], "ops": []}],
    },
    "effects": {
        "chapters": [
            {
                "chapters": [1],
                "ops": [{"op": "exile", "what": "target", "until": "source_leaves"}],
                "targets": [{"what": "creature", "count": 3, "min": 0}],
            },
            {"chapters": [2], "ops": [{"op": "exiled_until_to_bottom", "return_n": 2}]},
        ]
    },
}


def test_you_return_two_exiled_with_it_the_rest_go_to_the_bottom_cr_610_3a() -> None:
    lore = {"do": "add_lore", "card": "Test Vault", "n": 1}
    d = board(
        battlefield=[{"name": "Test Vault", "counters": {"lore": 0}}, "Memnite"],
        opponent_battlefield=["Grizzly Bears", "Serra Angel"],
        opponent_library=["Island"],
        actions=[lore, lore],
        cards=[VAULT13],
    )
    tl = run(d, "Memnite", "Grizzly Bears", "Serra Angel", "Memnite", "Grizzly Bears")
    assert zone(tl, "battlefield") == ["Memnite"]
    assert zone(tl, "battlefield", 1) == ["Grizzly Bears"]  # a new object: stays when it leaves
    assert zone(tl, "library", 1) == ["Island", "Serra Angel"]
    assert zone(tl, "exile", 1) == [] and zone(tl, "graveyard") == ["Test Vault"]
