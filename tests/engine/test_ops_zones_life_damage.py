"""Scenario tests of the cards / zones / life / damage op families (engine/ops/library.py,
zones.py, zonemoves.py, damage.py, life.py): for each op a board before and after, with
the CR rule it follows. Tests read zones, counts and event fields, never wording.

Most tests cast a small user-defined spell ("cards" of the scenario) whose effect is the op
under test, so the op is tested alone; the named card tests (Living End, Anger of the Gods,
Thoughtseize...) use the bundled card data.
"""

from __future__ import annotations

import pytest

from engine import Scenario
from engine.core.events import ChangeKind
from engine.core.policy import AutoPolicy
from engine.lang import effects
from engine.lang.effects import OPS, missing_parts

from boards import answered, board, finished, of_kind, opp, play, you, zone

# ------------------------------------------------------------------------------ helpers


def spell(
    name: str, ops: list[dict], *, targets: list[dict] | None = None, type_line: str = "Sorcery"
) -> dict:
    """A user card whose whole effect is ``ops``."""
    effects_: dict = {"spell": ops}
    if targets:
        effects_["targets"] = targets
    return {"name": name, "mana_cost": "{1}", "type_line": type_line, "effects": effects_}


def cast(name: str, ops: list[dict], *, targets: list[dict] | None = None, **kw) -> dict:
    """A board where You cast the user spell ``name`` (in hand) doing ``ops``."""
    kw.setdefault("hand", (name,))
    return board(kw.pop("library", ()), cards=(spell(name, ops, targets=targets),), **kw)


run = answered  # boards.answered: play, answering each decision in turn


# ------------------------------------------------------------------------------- draw


def test_draw_n_cards_cr_121_1() -> None:
    d = cast("Divination Test", [{"op": "draw", "n": 2}], library=("Forest", "Island", "Swamp"))
    tl = finished(d)
    assert zone(tl, "hand") == ["Forest", "Island"] and zone(tl, "library") == ["Swamp"]
    assert [e.amount for e in of_kind(tl, "draw")] == [1, 1]


def test_draw_for_target_player_and_each_player_cr_121_1() -> None:
    d = cast(
        "Each Draws",
        [{"op": "draw", "n": 1, "who": "each_player"}],
        library=("Forest",),
        opponent_library=("Island",),
    )
    tl = finished(d)
    assert zone(tl, "hand") == ["Forest"] and zone(tl, "hand", 1) == ["Island"]


# ---------------------------------------------------------------------------- discard


def test_discard_you_choose_which_card_cr_701_9a() -> None:
    d = cast(
        "Looting",
        [{"op": "discard", "n": 1, "who": "you"}],
        hand=("Looting", "Forest", "Lightning Bolt"),
    )
    tl = run(d, "Lightning Bolt")
    assert zone(tl, "hand") == ["Forest"]
    assert "Lightning Bolt" in zone(tl, "graveyard")
    (ev,) = of_kind(tl, "discard")
    assert ev.amount == 1 and ev.player == 0


def test_thoughtseize_you_choose_a_nonland_card_from_the_revealed_hand_cr_701_9a() -> None:
    d = board(hand=("Thoughtseize",), opponent_hand=("Forest", "Grizzly Bears", "Lightning Bolt"))
    tl = run(d, "target:p1", "Grizzly Bears")
    assert zone(tl, "hand", 1) == ["Forest", "Lightning Bolt"]
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears"]
    assert you(tl)["life"] == 18
    decision = tl.answered[-1][1]
    assert decision.player == 0  # the caster chooses (chooser: you)
    assert {o.label.split()[-1] for o in decision.options} == {"Bears", "Bolt"}  # no land


def test_random_discard_and_whole_hand_cr_701_9b() -> None:
    d = cast(
        "Hand Rip",
        [
            {"op": "discard", "n": 1, "who": "each_opponent", "random": True},
            {"op": "discard", "n": "hand", "who": "you"},
        ],
        hand=("Hand Rip", "Forest", "Island"),
        opponent_hand=("Swamp", "Mountain", "Plains"),
    )
    tl = finished(d)
    assert len(zone(tl, "hand", 1)) == 2 and len(zone(tl, "graveyard", 1)) == 1
    assert zone(tl, "hand") == [] and set(zone(tl, "graveyard")) >= {"Forest", "Island"}


def test_discard_with_empty_hand_discards_nothing_cr_701_9a() -> None:
    d = cast("Mind Rot Test", [{"op": "discard", "n": 2, "who": "each_opponent"}])
    tl = finished(d)
    (ev,) = of_kind(tl, "discard")
    assert ev.amount == 0 and ev.player == 1


# ------------------------------------------------------------------------------- mill


def test_mill_cr_701_17a() -> None:
    d = cast(
        "Mill Test",
        [{"op": "mill", "n": 3, "who": "target_player"}],
        targets=[{"what": "player", "count": 1}],
        opponent_library=("Forest", "Island", "Swamp", "Plains"),
    )
    tl = run(d, "target:p1")
    assert zone(tl, "graveyard", 1) == ["Forest", "Island", "Swamp"]
    assert zone(tl, "library", 1) == ["Plains"]
    assert of_kind(tl, "mill")[0].amount == 3
    # the event and the vocabulary cite the same rule: Mill is 701.17 in the current CR
    from engine.lang.vocabulary import OPS as VOCABULARY

    assert of_kind(tl, "mill")[0].rule == "701.17a" and "(701.17)" in VOCABULARY["mill"]["doc"]


def test_mill_more_than_the_library_mills_what_there_is_cr_701_17b() -> None:
    d = cast("Big Mill", [{"op": "mill", "n": 5}], library=("Forest",))
    tl = finished(d)
    assert of_kind(tl, "mill")[0].amount == 1 and "Forest" in zone(tl, "graveyard")


def test_mill_then_return_a_matching_card_cr_608_2c() -> None:
    d = cast(
        "Grapple Test",
        [{"op": "mill_then_return", "n": 3, "filter": {"types": ["Creature"]}, "optional": True}],
        library=("Forest", "Grizzly Bears", "Island", "Swamp"),
    )
    tl = run(d, "Grizzly Bears")
    assert zone(tl, "hand") == ["Grizzly Bears"]
    assert {"Forest", "Island"} <= set(zone(tl, "graveyard"))
    assert zone(tl, "library") == ["Swamp"]


# ------------------------------------------------------------------------ scry, surveil


def test_scry_two_one_to_the_bottom_cr_701_22a() -> None:
    d = cast("Scry Test", [{"op": "scry", "n": 2}], library=("Forest", "Island", "Swamp"))
    tl = run(d, "scry:bottom", "scry:top")
    assert zone(tl, "library") == ["Island", "Swamp", "Forest"]
    (ev,) = of_kind(tl, "scry")
    assert (ev.amount, ev.data["top"], ev.data["bottom"]) == (2, 1, 1)


def test_scry_keeping_both_orders_them_cr_701_22a() -> None:
    d = cast("Scry Test", [{"op": "scry", "n": 2}], library=("Forest", "Island", "Swamp"))
    tl = run(d, "scry:top", "scry:top", "Island")
    assert zone(tl, "library") == ["Island", "Forest", "Swamp"]


def test_surveil_into_the_graveyard_cr_701_25a() -> None:
    d = cast("Surveil Test", [{"op": "surveil", "n": 2}], library=("Forest", "Island", "Swamp"))
    tl = run(d, "surveil:graveyard", "surveil:top")
    assert zone(tl, "library") == ["Island", "Swamp"]
    assert "Forest" in zone(tl, "graveyard")
    assert of_kind(tl, "surveil")[0].data["graveyard"] == 1


def test_opt_scry_then_draw_cr_701_22a() -> None:
    d = board(["Forest", "Island"], hand=("Opt",))
    tl = run(d, "scry:bottom")
    assert zone(tl, "hand") == ["Island"] and zone(tl, "library") == ["Forest"]


# --------------------------------------------------------------------- search library


def test_search_basic_land_onto_the_battlefield_tapped_then_shuffle_cr_701_23a_701_24a() -> None:
    d = cast(
        "Rampant Test",
        [
            {
                "op": "search_library",
                "to": "battlefield_tapped",
                "what": "card",
                "filter": {"supertypes": ["Basic"], "types": ["Land"]},
            }
        ],
        library=("Grizzly Bears", "Forest", "Lightning Bolt"),
    )
    tl = run(d, "Forest")
    (forest,) = tl.final.zone(0, "battlefield")
    assert forest.name == "Forest" and forest.tapped
    assert sorted(zone(tl, "library")) == ["Grizzly Bears", "Lightning Bolt"]
    (shuffle,) = of_kind(tl, "shuffle")
    assert [c.what for c in shuffle.changes] == [ChangeKind.LIBRARY_ORDER]


def test_a_search_for_a_quality_may_find_nothing_cr_701_23b() -> None:
    d = cast(
        "Tutor Test",
        [{"op": "search_library", "to": "hand", "what": "card", "filter": {"types": ["Creature"]}}],
        library=("Grizzly Bears", "Forest"),
    )
    tl = run(d, "card:none")
    assert zone(tl, "hand") == [] and len(zone(tl, "library")) == 2
    assert of_kind(tl, "search")[0].amount == 0 and of_kind(tl, "shuffle")


def test_demonic_tutor_must_find_a_card_when_it_can_cr_701_23a() -> None:
    d = cast(
        "Tutor Any",
        [{"op": "search_library", "to": "hand", "what": "card", "count": 1}],
        library=("Grizzly Bears", "Forest"),
    )
    tl = run(d, "Forest")
    decision = tl.answered[0][1]
    assert "card:none" not in decision.keys()
    assert zone(tl, "hand") == ["Forest"]


def test_search_to_the_top_puts_it_on_top_after_the_shuffle_cr_701_23a() -> None:
    d = cast(
        "Vamp Test",
        [{"op": "search_library", "to": "library_top", "what": "card"}],
        library=("Forest", "Island", "Swamp", "Grizzly Bears"),
    )
    tl = run(d, "Grizzly Bears")
    assert zone(tl, "library")[0] == "Grizzly Bears"


def test_path_to_exile_its_controller_may_search_for_a_basic_land_cr_701_23a() -> None:
    d = board(
        hand=("Path to Exile",),
        opponent_battlefield=("Grizzly Bears",),
        opponent_library=("Plains", "Lightning Bolt"),
    )
    tl = run(d, "yes", "Plains")
    assert zone(tl, "exile", 1) == ["Grizzly Bears"]
    (plains,) = tl.final.zone(1, "battlefield")
    assert plains.name == "Plains" and plains.tapped and plains.controller == 1


def test_split_search_one_to_battlefield_one_to_hand() -> None:
    d = cast(
        "Cultivate Test",
        [
            {
                "op": "search_library",
                "to": "split",
                "count": 2,
                "min": 0,
                "what": "basic land card",
                "split": {"battlefield_tapped": 1, "hand": 1},
            }
        ],
        library=("Forest", "Island", "Lightning Bolt"),
    )
    tl = run(d, "Forest", "Island", "Island")
    assert zone(tl, "battlefield") == ["Island"] and zone(tl, "hand") == ["Forest"]


# --------------------------------------------------------------------- look and pick


def test_ancient_stirrings_takes_a_colorless_card_rest_on_the_bottom() -> None:
    d = board(
        ["Forest", "Ornithopter", "Lightning Bolt", "Island", "Swamp", "Plains"],
        hand=("Ancient Stirrings",),
    )
    tl = run(d, "Ornithopter", "Next: Forest", "Next: Lightning Bolt", "Next: Island")
    assert zone(tl, "hand") == ["Ornithopter"]
    # the rest go to the bottom in the chosen order; Forest (colorless) could have been taken
    assert zone(tl, "library") == ["Plains", "Forest", "Lightning Bolt", "Island", "Swamp"]
    assert "card:o1" in tl.answered[0][1].keys()


def test_look_at_three_pick_one_rest_into_the_graveyard() -> None:
    d = cast(
        "Look Test",
        [{"op": "look_and_pick", "n": 3, "pick": 1, "rest": "graveyard", "to": "hand"}],
        library=("Forest", "Island", "Swamp", "Plains"),
    )
    tl = run(d, "Island")
    assert zone(tl, "hand") == ["Island"]
    assert {"Forest", "Swamp"} <= set(zone(tl, "graveyard"))
    assert zone(tl, "library") == ["Plains"]
    assert of_kind(tl, "look")[0].data["looked"] == 3


# ------------------------------------------------------------------- put on library


@pytest.mark.parametrize(("where", "index"), [("top", 0), ("bottom", -1)])
def test_put_target_on_top_or_bottom_of_its_owners_library(where: str, index: int) -> None:
    d = cast(
        "Tuck Test",
        [{"op": "put_on_library", "what": "target", "where": where}],
        targets=[{"what": "creature", "count": 1}],
        opponent_battlefield=("Grizzly Bears",),
        opponent_library=("Forest", "Island"),
    )
    tl = finished(d)
    assert zone(tl, "library", 1)[index] == "Grizzly Bears"
    assert zone(tl, "battlefield", 1) == []


# ---------------------------------------------------------------------------- destroy


def test_destroy_all_with_a_filter_cr_701_8a() -> None:
    d = cast(
        "Shatterstorm Test",
        [{"op": "destroy", "what": "all", "filter": {"types": ["Artifact"]}}],
        battlefield=("Ornithopter", "Forest"),
        opponent_battlefield=("Grizzly Bears",),
    )
    tl = finished(d)
    assert zone(tl, "battlefield") == ["Forest"] and zone(tl, "graveyard")[0] == "Ornithopter"
    assert zone(tl, "battlefield", 1) == ["Grizzly Bears"]


def test_destroy_self_and_target_cr_701_8a() -> None:
    d = cast(
        "Doom Blade Test",
        [{"op": "destroy", "what": "target"}],
        targets=[{"what": "creature", "count": 1}],
        opponent_battlefield=("Serra Angel",),
    )
    tl = finished(d)
    assert zone(tl, "graveyard", 1) == ["Serra Angel"]


# ------------------------------------------------------------------------------ exile


def test_exile_each_opponents_graveyard_cr_406_2() -> None:
    d = cast(
        "Bojuka Test",
        [
            {
                "op": "exile",
                "what": "graveyard",
                "who": "each_opponent",
                "filter": {"types": ["Creature"]},
            }
        ],
        graveyard=("Grizzly Bears",),
    )
    d["players"][1]["graveyard"] = ["Serra Angel", "Forest"]
    tl = finished(d)
    assert zone(tl, "exile", 1) == ["Serra Angel"] and zone(tl, "graveyard", 1) == ["Forest"]
    assert zone(tl, "graveyard") == ["Grizzly Bears", "Bojuka Test"]


def test_exile_remembered_then_returned_cr_607_2a() -> None:
    d = cast(
        "Oust Test",
        [
            {"op": "exile", "what": "all", "filter": {"types": ["Creature"]}, "remember": True},
            {"op": "return_exiled", "to": "battlefield"},
        ],
        battlefield=("Grizzly Bears",),
        opponent_battlefield=("Serra Angel",),
    )
    tl = finished(d)
    assert zone(tl, "battlefield") == ["Grizzly Bears"]
    assert zone(tl, "battlefield", 1) == ["Serra Angel"]
    bears = tl.final.zone(0, "battlefield")[0]
    assert tl.final.obj(bears.id).entered_turn == tl.final.turn  # a new object (400.7)


OUST_UNTIL = {
    "name": "Banishing Test",
    "mana_cost": "{1}",
    "type_line": "Enchantment",
    "effects": {
        "etb": [{"op": "exile", "what": "target", "until": "source_leaves"}],
        "etb_targets": [{"what": "creature", "count": 1, "constraint": "an opponent controls"}],
    },
}


def test_exile_until_the_source_leaves_returns_it_when_it_leaves_cr_610_3a() -> None:
    d = board(
        hand=("Banishing Test", "Shatter Test"),
        opponent_battlefield=("Serra Angel",),
        cards=(
            OUST_UNTIL,
            spell(
                "Shatter Test",
                [{"op": "destroy", "what": "target"}],
                targets=[{"what": "enchantment", "count": 1}],
            ),
        ),
        actions=[{"do": "cast", "card": "Banishing Test"}],
    )
    tl = finished(d)
    assert zone(tl, "exile", 1) == ["Serra Angel"]
    d["actions"].append({"do": "cast", "card": "Shatter Test"})
    tl = finished(d)
    assert zone(tl, "battlefield", 1) == ["Serra Angel"] and zone(tl, "exile", 1) == []
    back = of_kind(tl, "to_battlefield")[-1]
    assert back.rule == "610.3a" and back.amount == 1
    angel = tl.final.zone(1, "battlefield")[0]
    assert angel.controller == 1


def test_exile_until_other_events_is_not_simulated() -> None:
    ops = [{"op": "exile", "what": "target", "until": "your_next_turn"}]
    assert missing_parts(ops) == ["exile until your next turn"]


# ------------------------------------------------------------------------ flicker


def test_flicker_returns_a_new_object_and_it_enters_again_cr_400_7() -> None:
    d = cast(
        "Ephemerate Test",
        [{"op": "flicker", "what": "target", "return": "now"}],
        targets=[{"what": "creature", "count": 1}],
        battlefield=("Thragtusk",),
        choices=("first:Thragtusk's triggered ability (self leaves battlefield)",),
    )
    tl = finished(d)
    # it left (its leave trigger makes a Beast, 603.6c) and entered again (603.6a)
    assert zone(tl, "battlefield")[0] == "Thragtusk" and len(zone(tl, "battlefield")) == 2
    assert you(tl)["life"] == 25  # its enter trigger (603.6a)
    assert any(m.dst == "exile" for e in of_kind(tl, "exile") for m in e.moves)


def test_flicker_until_the_next_end_step_is_not_simulated() -> None:
    ops = [{"op": "flicker", "what": "target", "return": "next_end_step"}]
    assert missing_parts(ops) == ["exile, then return it next end step"]


# ----------------------------------------------------------------- return to hand


def test_bounce_all_matching_and_chosen() -> None:
    d = cast(
        "Evacuation Test",
        [{"op": "return_to_hand", "what": "all", "filter": {"types": ["Creature"]}}],
        battlefield=("Grizzly Bears", "Forest"),
        opponent_battlefield=("Serra Angel",),
    )
    tl = finished(d)
    assert zone(tl, "hand") == ["Grizzly Bears"] and zone(tl, "hand", 1) == ["Serra Angel"]
    d = cast(
        "Return Own",
        [
            {
                "op": "return_to_hand",
                "what": "chosen",
                "who": "you",
                "n": 1,
                "filter": {"types": ["Land"]},
            }
        ],
        battlefield=("Forest", "Island"),
    )
    tl = run(d, "Island")
    assert zone(tl, "hand") == ["Island"] and zone(tl, "battlefield") == ["Forest"]


# ------------------------------------------------------------- return from graveyard


def test_return_target_creature_card_to_the_battlefield_with_counters() -> None:
    d = cast(
        "Reanimate Test",
        [
            {
                "op": "return_from_graveyard",
                "to": "battlefield",
                "what": "target",
                "controller": "you",
                "with_counters": [{"counter": "+1/+1", "n": 1}],
            }
        ],
        targets=[{"what": "card_in_graveyard", "count": 1}],
    )
    d["players"][1]["graveyard"] = ["Grizzly Bears"]
    tl = finished(d)
    (bears,) = tl.final.zone(0, "battlefield")
    assert bears.name == "Grizzly Bears" and bears.controller == 0 and bears.owner == 1
    assert bears.counters == {"+1/+1": 1}


def test_return_all_matching_cards_from_your_graveyard_to_hand() -> None:
    d = cast(
        "Recall Test",
        [
            {
                "op": "return_from_graveyard",
                "to": "hand",
                "what": "all",
                "filter": {"types": ["Land"]},
            }
        ],
        graveyard=("Forest", "Grizzly Bears", "Island"),
    )
    tl = finished(d)
    assert zone(tl, "hand") == ["Forest", "Island"]
    assert zone(tl, "graveyard") == ["Grizzly Bears", "Recall Test"]


# ------------------------------------------------------------ put onto battlefield


def test_put_a_land_from_hand_onto_the_battlefield_you_may() -> None:
    d = cast(
        "Growth Test",
        [
            {
                "op": "put_onto_battlefield",
                "what": "chosen",
                "from": "hand",
                "filter": {"types": ["Land"]},
                "optional": True,
                "tapped": True,
            }
        ],
        hand=("Growth Test", "Forest", "Grizzly Bears"),
    )
    tl = run(d, "Forest")
    (forest,) = tl.final.zone(0, "battlefield")
    assert forest.name == "Forest" and forest.tapped
    assert zone(tl, "hand") == ["Grizzly Bears"]


# -------------------------------------------------------------------- counter spell


def _counter_board(choices: tuple[str, ...]) -> dict:
    d = board(hand=("Lightning Bolt",), opponent_hand=("Mana Leak",), choices=("target:p1",))
    d["actions"] = [
        {"do": "cast", "card": "Lightning Bolt"},
        {"do": "counter", "with": "Mana Leak", "target": "Lightning Bolt"},
    ]
    d["choices"] = ["target:p1", *choices]
    return d


def test_counter_unless_its_controller_pays_is_their_decision_cr_701_6a() -> None:
    tl = finished(_counter_board(("decline",)))
    assert "Lightning Bolt" in zone(tl, "graveyard") and opp(tl)["life"] == 20
    tl = finished(_counter_board(("pay",)))
    assert opp(tl)["life"] == 17 and not of_kind(tl, "countered")
    assert tl.answered[-1][1].player == 0  # the spell's controller decides


# ------------------------------------------------------------------------- sacrifice


def test_each_opponent_sacrifices_a_creature_of_their_choice_cr_701_21a() -> None:
    d = cast(
        "Edict Test",
        [
            {
                "op": "sacrifice",
                "what": "chosen",
                "who": "each_opponent",
                "n": 1,
                "filter": {"types": ["Creature"]},
            }
        ],
        battlefield=("Grizzly Bears",),
        opponent_battlefield=("Serra Angel", "Grizzly Bears", "Forest"),
    )
    tl = run(d, "Grizzly Bears")
    assert zone(tl, "battlefield", 1) == ["Serra Angel", "Forest"]
    assert zone(tl, "battlefield") == ["Grizzly Bears"]
    assert tl.answered[-1][1].player == 1


def test_sacrifice_self() -> None:
    d = cast("Self Sac", [{"op": "sacrifice", "what": "self"}], battlefield=("Forest",))
    tl = finished(d)
    (ev,) = of_kind(tl, "sacrifice")
    assert ev.amount == 0  # a spell on the stack isn't a permanent: nothing is sacrificed


# ---------------------------------------------------------------- Living End (named)


def test_living_end_example_exiles_sacrifices_and_returns_all_three_steps() -> None:
    """examples/scenarios/violent_outburst_living_end.json: the graveyard creatures come back,
    the opponent's creatures are sacrificed (608.2c: the three steps in order)."""
    from pathlib import Path

    path = (
        Path(__file__).resolve().parents[2] / "examples/scenarios/violent_outburst_living_end.json"
    )
    tl = Scenario.load(path).run()
    assert tl.pending is None and tl.finished
    assert zone(tl, "battlefield") == ["Architects of Will", "Street Wraith"]
    assert zone(tl, "battlefield", 1) == []
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears", "Serra Angel"]
    assert zone(tl, "exile") == [] and zone(tl, "exile", 1) == []
    assert "Living End" in zone(tl, "graveyard")


@pytest.mark.parametrize("whole", [True, False])
def test_living_end_swaps_graveyard_and_battlefield_creatures(monkeypatch, whole: bool) -> None:
    monkeypatch.setattr(effects, "WHOLE_RESOLUTIONS", whole)
    d = board(
        hand=("Living End",),
        graveyard=("Grizzly Bears", "Forest"),
        battlefield=("Serra Angel", "Island"),
        opponent_battlefield=("Grizzly Bears",),
        actions=[{"do": "cast", "card": "Living End"}],
    )
    d["players"][1]["graveyard"] = ["Serra Angel"]
    tl = finished(d)
    assert zone(tl, "battlefield") == ["Island", "Grizzly Bears"]
    assert zone(tl, "graveyard") == ["Forest", "Serra Angel", "Living End"]
    assert zone(tl, "battlefield", 1) == ["Serra Angel"]
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears"]
    assert not of_kind(tl, "not_simulated")


def test_living_death_op_with_a_filter_does_all_three_steps() -> None:
    d = cast(
        "Living Death Test",
        [{"op": "living_death", "filter": {"types": ["Creature"]}}],
        graveyard=("Grizzly Bears",),
        battlefield=("Serra Angel",),
        opponent_battlefield=("Ornithopter",),
    )
    d["players"][1]["graveyard"] = ["Thragtusk"]
    tl = finished(d)
    assert zone(tl, "battlefield") == ["Grizzly Bears"]
    assert zone(tl, "battlefield", 1)[0] == "Thragtusk"
    assert "Ornithopter" in zone(tl, "graveyard", 1)
    assert opp(tl)["life"] == 25  # Thragtusk entered (603.6a)


def test_living_death_with_an_unknown_filter_changes_nothing(monkeypatch) -> None:
    monkeypatch.setattr(effects, "WHOLE_RESOLUTIONS", True)
    d = cast(
        "Odd Death",
        [{"op": "living_death", "filter": {"no_such_key": True}}],
        graveyard=("Grizzly Bears",),
        battlefield=("Serra Angel",),
    )
    tl = finished(d)
    assert zone(tl, "battlefield") == ["Serra Angel"]
    assert zone(tl, "graveyard")[0] == "Grizzly Bears"
    assert of_kind(tl, "not_simulated")[0].data["ops"] == ["living_death"]


# ---------------------------------------------------------- Anger of the Gods (named)


def test_anger_of_the_gods_exiles_creatures_it_kills_cr_614_1a() -> None:
    d = board(
        hand=("Anger of the Gods",),
        battlefield=("Grizzly Bears",),
        opponent_battlefield=("Serra Angel", "Thragtusk"),
    )
    tl = finished(d)
    assert zone(tl, "exile") == ["Grizzly Bears"] and zone(tl, "exile", 1) == ["Thragtusk"]
    assert "Grizzly Bears" not in zone(tl, "graveyard")
    (angel,) = [o for o in tl.final.zone(1, "battlefield") if o.name == "Serra Angel"]
    assert angel.damage == 3  # survives with its damage marked
    assert all(e.data.get("replaced") == "exile" for e in of_kind(tl, "destroy"))


ANGER_XMAGE = [
    {"amount": 3, "filter": {"types": ["Creature"]}, "op": "damage", "to": "all"},
    {"duration": "end_of_turn", "op": "exile_instead", "what": "dealt_damage_by_source"},
]


def test_anger_of_the_gods_in_the_imported_form_cr_614_1a() -> None:
    d = cast(
        "Anger Import",
        ANGER_XMAGE,
        battlefield=("Grizzly Bears",),
        opponent_battlefield=("Serra Angel",),
    )
    tl = finished(d)
    assert zone(tl, "exile") == ["Grizzly Bears"] and zone(tl, "graveyard") == ["Anger Import"]
    assert tl.final.zone(1, "battlefield")[0].damage == 3
    (repl,) = of_kind(tl, "replacement")
    assert repl.rule == "614.1a" and repl.amount == 2


def test_exile_instead_applies_to_a_later_destroy_this_turn_cr_614_1a() -> None:
    d = cast(
        "Scorch And Kill",
        [*ANGER_XMAGE, {"op": "destroy", "what": "all", "filter": {"types": ["Creature"]}}],
        opponent_battlefield=("Serra Angel",),
    )
    tl = finished(d)
    assert zone(tl, "exile", 1) == ["Serra Angel"] and zone(tl, "graveyard", 1) == []


# ------------------------------------------------------------------------------ damage


def test_damage_to_all_creatures_and_each_player() -> None:
    d = cast(
        "Pyroclasm Test",
        [
            {
                "op": "damage",
                "amount": 2,
                "to": "all",
                "filter": {"types": ["Creature"]},
                "players": "each_player",
            }
        ],
        battlefield=("Grizzly Bears",),
        opponent_battlefield=("Serra Angel",),
    )
    tl = finished(d)
    assert "Grizzly Bears" in zone(tl, "graveyard")
    assert tl.final.zone(1, "battlefield")[0].damage == 2
    assert you(tl)["life"] == 18 and opp(tl)["life"] == 18


def test_damage_to_each_opponent_and_controller_of_target() -> None:
    d = cast(
        "Burn Test",
        [
            {"op": "damage", "amount": 2, "to": "controller_of_target"},
            {"op": "damage", "amount": 1, "to": "each_opponent"},
        ],
        targets=[{"what": "creature", "count": 1}],
        opponent_battlefield=("Serra Angel",),
    )
    tl = finished(d)
    assert opp(tl)["life"] == 17 and you(tl)["life"] == 20


def test_lifelink_source_gains_its_controller_life_cr_702_15b() -> None:
    d = cast(
        "Child Burn",
        [{"op": "bite", "source": {"target": 0}, "to": {"target": 1}}],
        targets=[{"what": "creature", "count": 1}, {"what": "creature", "count": 1}],
        battlefield=("Child of Night",),
        opponent_battlefield=("Serra Angel",),
    )
    tl = run(d, "Child of Night", "Serra Angel")
    assert you(tl)["life"] == 22
    assert tl.final.zone(1, "battlefield")[0].damage == 2


def test_damage_from_a_deathtouch_source_is_not_simulated() -> None:
    d = cast(
        "Rat Bite",
        [{"op": "bite", "source": {"target": 0}, "to": {"target": 1}}],
        targets=[{"what": "creature", "count": 1}, {"what": "creature", "count": 1}],
        battlefield=("Typhoid Rats",),
        opponent_battlefield=("Serra Angel",),
    )
    tl = run(d, "Typhoid Rats", "Serra Angel")
    assert of_kind(tl, "not_simulated")[0].data["ops"] == ["bite"]
    assert tl.final.zone(1, "battlefield")[0].damage == 0


def test_fight_each_deals_damage_equal_to_its_power_cr_701_14a() -> None:
    d = cast(
        "Prey Upon Test",
        [{"op": "fight", "a": {"target": 0}, "b": {"target": 1}}],
        targets=[{"what": "creature", "count": 1}, {"what": "creature", "count": 1}],
        battlefield=("Thragtusk",),
        opponent_battlefield=("Grizzly Bears",),
    )
    tl = run(d, "Thragtusk", "Grizzly Bears")
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears"]
    assert tl.final.zone(0, "battlefield")[0].damage == 2
    (fight,) = of_kind(tl, "fight")
    assert sorted(h["damage"] for h in fight.data["hits"]) == [2, 5]


# -------------------------------------------------------------------------------- life


def test_gain_and_lose_life_cr_119_3() -> None:
    d = cast(
        "Drain Test",
        [{"op": "lose_life", "n": 3, "who": "each_opponent"}, {"op": "gain_life", "n": 3}],
    )
    tl = finished(d)
    assert you(tl)["life"] == 23 and opp(tl)["life"] == 17


def test_win_the_game_cr_104_2b() -> None:
    d = cast("Win Test", [{"op": "win_game"}])
    tl = finished(d)
    assert tl.final.lost == (1,)
    assert of_kind(tl, "win")[0].player == 0


def test_become_the_monarch_cr_724_3() -> None:
    d = cast("Crown Test", [{"op": "become_monarch"}])
    tl = finished(d)
    (ev,) = of_kind(tl, "designation")
    assert ev.player == 0 and [c.key for c in ev.changes] == ["monarch"]


# ----------------------------------------------------------- Kolaghan's Command's ops


def test_kolaghans_command_ops_discard_return_and_damage() -> None:
    """Kolaghan's Command's modes' ops (the mode choice itself is the runtime's): return a
    creature card from your graveyard to hand, target player discards, 2 damage to any
    target."""
    ops = [
        {"op": "return_from_graveyard", "to": "hand", "what": "target", "target": 0},
        {"op": "discard", "n": 1, "who": "target_player", "target": 1},
        {"op": "damage", "amount": 2, "to": "target", "target": 2},
    ]
    targets = [
        {"what": "card_in_your_graveyard", "count": 1},
        {"what": "player", "count": 1},
        {"what": "any", "count": 1},
    ]
    d = cast(
        "KC Ops",
        ops,
        targets=targets,
        graveyard=("Grizzly Bears",),
        opponent_hand=("Forest", "Lightning Bolt"),
        opponent_battlefield=("Grizzly Bears",),
    )
    tl = run(d, "target:p1", "Grizzly Bears (Opponent", "Lightning Bolt")
    assert zone(tl, "hand") == ["Grizzly Bears"]
    assert zone(tl, "hand", 1) == ["Forest"]
    assert set(zone(tl, "graveyard", 1)) == {"Lightning Bolt", "Grizzly Bears"}


# ------------------------------------------------------------- checks and the policy


@pytest.mark.parametrize(
    "o",
    [
        {"op": "discard", "n": "down_to_fewest", "who": "each_player", "keep": "fewest"},
        {"op": "search_library", "to": "sideboard", "what": "card"},
        {"op": "look_and_pick", "n": 3, "pick": 1, "rest": "1 to bottom", "to": "hand"},
        {"op": "counter_spell", "unless_costs": [{"cost": "discard", "n": 1}]},
        {"op": "exile_instead", "what": "target", "duration": "while_on_battlefield"},
        {"op": "put_onto_battlefield", "what": "chosen", "from": "hand", "repeat": "until"},
        {"op": "draw", "n": {"dv": "no_such_value"}},
        {"op": "impulse", "n": 1, "duration": "while_controlled"},
        {"op": "extra_turn", "who": "you"},
    ],
)
def test_a_field_value_not_simulated_is_named_before_anything_changes(o: dict) -> None:
    assert missing_parts([o]) != []


def test_every_zone_life_damage_op_has_a_check_and_documents_its_fields() -> None:
    for name in (
        "discard",
        "mill",
        "scry",
        "surveil",
        "search_library",
        "look_and_pick",
        "destroy",
        "exile",
        "flicker",
        "return_to_hand",
        "return_from_graveyard",
        "put_onto_battlefield",
        "put_on_library",
        "counter_spell",
        "sacrifice",
        "living_death",
        "exile_instead",
        "return_exiled",
        "damage",
        "bite",
        "fight",
        "gain_life",
        "lose_life",
        "draw",
        "mill_then_return",
    ):
        assert OPS[name].check is not None and OPS[name].doc, name


def test_the_automatic_player_answers_every_decision_these_ops_ask() -> None:
    d = cast(
        "Everything",
        [
            {"op": "scry", "n": 2},
            {"op": "surveil", "n": 1},
            {"op": "discard", "n": 1, "who": "you"},
            {"op": "search_library", "to": "hand", "what": "card", "filter": {"types": ["Land"]}},
            {"op": "look_and_pick", "n": 2, "pick": 1, "rest": "bottom_any_order", "to": "hand"},
            {
                "op": "sacrifice",
                "what": "chosen",
                "who": "each_player",
                "n": 1,
                "filter": {"types": ["Creature"]},
            },
        ],
        hand=("Everything", "Forest", "Lightning Bolt"),
        library=("Island", "Swamp", "Grizzly Bears", "Mountain", "Plains"),
        battlefield=("Grizzly Bears", "Serra Angel"),
    )
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.pending is None and tl.finished
    assert len(zone(tl, "battlefield")) == 1


@pytest.mark.parametrize(("answer", "hand"), [("yes", ["Forest"]), ("no", [])])
def test_an_optional_op_asks_its_controller_first_cr_608_2d(answer: str, hand: list) -> None:
    d = cast("Maybe Draw", [{"op": "draw", "n": 1, "optional": True}], library=("Forest",))
    tl = run(d, answer)
    assert zone(tl, "hand") == hand
    assert tl.answered[0][1].kind == "may"


def test_divided_damage_follows_the_division_chosen_on_casting_cr_601_2d() -> None:
    card = {
        "name": "Fork Test",
        "mana_cost": "{1}",
        "type_line": "Instant",
        "effects": {
            "targets": [{"what": "any", "count": 2, "min": 1, "divided": 3}],
            "spell": [{"op": "damage", "amount": "divided", "to": "divided"}],
        },
    }
    d = board(hand=("Fork Test",), opponent_battlefield=("Serra Angel",), cards=(card,))
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished and tl.pending is None
    (dmg,) = of_kind(tl, "damage")
    dealt = sum(h["damage"] for h in dmg.data["hits"])
    dealt += sum(20 - tl.final.players[p].life for p in dmg.data["players"])
    assert dealt == 3 and dmg.amount == 3


def _kolaghans_command() -> dict:
    return board(
        hand=("Kolaghan's Command",),
        graveyard=("Grizzly Bears", "Forest"),
        opponent_hand=("Lightning Bolt", "Island"),
        opponent_battlefield=("Ornithopter", "Serra Angel"),
    )


def test_kolaghans_command_discard_and_two_damage_modes_cr_700_2() -> None:
    """Modes 2 and 4 chosen while casting (601.2b): the target player discards a card of
    their choice (701.9a) and 2 damage kills Ornithopter (704.5g)."""
    tl = run(_kolaghans_command(), "mode:2", "mode:4", "target:p1", "Ornithopter", "Lightning Bolt")
    assert zone(tl, "hand", 1) == ["Island"]
    assert zone(tl, "graveyard", 1) == ["Lightning Bolt", "Ornithopter"]
    assert zone(tl, "battlefield", 1) == ["Serra Angel"]
    discard = [d for _, d, _ in tl.answered if d.kind == "discard"]
    assert [d.player for d in discard] == [1]  # the discarding player chooses


def test_kolaghans_command_return_and_destroy_modes_cr_700_2() -> None:
    """Modes 1 and 3: a creature card returns from your graveyard to hand; the artifact is
    destroyed (701.8a). The only legal targets need no decision."""
    tl = run(_kolaghans_command(), "mode:1", "mode:3")
    assert zone(tl, "hand") == ["Grizzly Bears"]
    assert zone(tl, "graveyard") == ["Forest", "Kolaghan's Command"]
    assert zone(tl, "graveyard", 1) == ["Ornithopter"] and zone(tl, "hand", 1) == [
        "Lightning Bolt",
        "Island",
    ]


def test_impulse_exiles_the_top_card_and_it_may_be_cast_this_turn_only() -> None:
    d = cast(
        "Impulse Test",
        [{"op": "impulse", "n": 2, "duration": "end_of_turn"}],
        library=("Lightning Bolt", "Forest", "Island"),
        actions=[{"do": "cast", "card": "Impulse Test"}, {"do": "cast", "card": "Lightning Bolt"}],
        choices=("target:p1",),
    )
    tl = finished(d)
    assert opp(tl)["life"] == 17 and zone(tl, "exile") == ["Forest"]
    assert of_kind(tl, "cast")[1].data["from"] == "exile"
    late = {
        **d,
        "actions": [
            d["actions"][0],
            {"do": "precombat_main", "player": 1, "draw": False},
            {"do": "cast", "card": "Lightning Bolt"},
        ],
    }
    with pytest.raises(ValueError, match="Lightning Bolt"):
        Scenario.from_dict(late).run()


@pytest.mark.parametrize(("turns", "ok"), [((1, 0), True), ((1, 0, 1, 0), False)])
def test_impulse_until_the_end_of_your_next_turn(turns: tuple, ok: bool) -> None:
    d = cast(
        "Reckless Test",
        [{"op": "impulse", "n": 1, "duration": "until_end_of_your_next_turn"}],
        library=("Lightning Bolt", "Forest"),
        choices=("target:p1",),
    )
    d["actions"] = [
        {"do": "cast", "card": "Reckless Test"},
        *({"do": "precombat_main", "player": p, "draw": False} for p in turns),
        {"do": "cast", "card": "Lightning Bolt"},
    ]
    if ok:
        assert opp(finished(d))["life"] == 17
    else:
        with pytest.raises(ValueError, match="Lightning Bolt"):
            Scenario.from_dict(d).run()


def test_brainstorm_draws_three_then_puts_two_back_on_top() -> None:
    d = board(["Forest", "Island", "Swamp", "Plains"], hand=("Brainstorm", "Mountain"))
    tl = run(d, "Put back Mountain", "Put back Forest", "Next: Forest")
    assert zone(tl, "library")[:3] == ["Forest", "Mountain", "Plains"]
    assert sorted(zone(tl, "hand")) == ["Island", "Swamp"]


def test_each_opponent_sacrifices_one_they_control_filter_is_theirs_cr_701_21a() -> None:
    """The Eldest Reborn I (imported form): "each opponent sacrifices a creature or
    planeswalker" reads the filter's ``controller: you`` as the sacrificing player."""
    ops = [
        {
            "op": "sacrifice",
            "what": "chosen",
            "who": "each_opponent",
            "n": 1,
            "filter": {"controller": "you", "types_any": ["Creature", "Planeswalker"]},
        }
    ]
    d = cast(
        "Edict Import",
        ops,
        battlefield=("Grizzly Bears",),
        opponent_battlefield=("Serra Angel", "Forest"),
    )
    tl = finished(d)
    assert zone(tl, "graveyard", 1) == ["Serra Angel"]
    assert zone(tl, "battlefield") == ["Grizzly Bears"]


def test_look_and_pick_all_matching_cards() -> None:
    d = cast(
        "Pick All",
        [
            {
                "op": "look_and_pick",
                "n": 3,
                "pick": "all",
                "rest": "graveyard",
                "to": "hand",
                "filter": {"types": ["Land"]},
            }
        ],
        library=("Forest", "Lightning Bolt", "Island", "Swamp"),
    )
    tl = finished(d)
    assert zone(tl, "hand") == ["Forest", "Island"]
    assert "Lightning Bolt" in zone(tl, "graveyard") and zone(tl, "library") == ["Swamp"]


def test_magma_spray_target_exiled_instead_if_it_would_die_this_turn_cr_614_1a() -> None:
    ops = [
        {"op": "damage", "amount": 2, "to": "target"},
        {"op": "exile_instead", "what": "target", "duration": "end_of_turn"},
    ]
    d = cast(
        "Spray Test",
        ops,
        targets=[{"what": "creature", "count": 1}],
        opponent_battlefield=("Grizzly Bears", "Llanowar Elves"),
    )
    tl = run(d, "Grizzly Bears")
    assert zone(tl, "exile", 1) == ["Grizzly Bears"] and zone(tl, "graveyard", 1) == []
    (sba,) = [e for e in tl.events if e.kind == "destroy"]
    assert sba.rule == "704.5g" and sba.data["replaced"] == "exile"


def test_exile_instead_ends_with_the_turn_cr_614_1a() -> None:
    ops = [{"op": "exile_instead", "what": "target", "duration": "end_of_turn"}]
    d = board(hand=("Mark Test", "Doom Test"), opponent_battlefield=("Grizzly Bears",))
    d["cards"] = [
        spell("Mark Test", ops, targets=[{"what": "creature", "count": 1}]),
        spell(
            "Doom Test",
            [{"op": "destroy", "what": "target"}],
            targets=[{"what": "creature", "count": 1}],
        ),
    ]
    d["actions"] = [
        {"do": "cast", "card": "Mark Test"},
        {"do": "precombat_main", "player": 0, "draw": False},
        {"do": "cast", "card": "Doom Test"},
    ]
    tl = finished(d)
    assert zone(tl, "graveyard", 1) == ["Grizzly Bears"] and zone(tl, "exile", 1) == []


@pytest.mark.parametrize(
    ("words", "flt"),
    [
        ("basic land card", {"supertypes": ["Basic"], "types": ["Land"]}),
        ("Forest card", {"subtypes": ["Forest"]}),
        ("an Equipment card", {"subtypes": ["Equipment"]}),
        (
            "Plains/Island/Swamp/Mountain card",
            {"subtypes_any": ["Plains", "Island", "Swamp", "Mountain"]},
        ),
        (
            "artifact/creature/enchantment/land card",
            {"types_any": ["Artifact", "Creature", "Enchantment", "Land"]},
        ),
        ("card named TARDIS", {"name": "TARDIS"}),
        ("nonland", {"not": {"types": ["Land"]}}),
        ("cards with an odd name", None),
    ],
)
def test_hand_written_filter_words_are_read_or_named_as_not_simulated(words, flt) -> None:
    from engine.rules import op_common as _common

    assert _common.as_filter(words) == flt
    assert (_common.filter_problem(words) is None) == (flt is not None)


def test_natures_lore_finds_a_forest_card_onto_the_battlefield() -> None:
    d = board(["Lightning Bolt", "Breeding Pool", "Island"], hand=("Nature's Lore",))
    tl = run(d, "Breeding Pool", "pay")  # "you may pay 2 life; if you don't, it enters tapped"
    assert zone(tl, "battlefield") == ["Breeding Pool"]
    assert not tl.final.zone(0, "battlefield")[0].tapped and you(tl)["life"] == 18


def test_endurance_puts_target_players_graveyard_on_the_bottom_in_a_random_order() -> None:
    """Endurance (Living End's sideboard and main deck): as it enters, up to one target
    player puts all the cards from their graveyard on the bottom of their library in a
    random order (608.2c; a random order, not the owner's choice of 401.4)."""
    d = board(
        library=["Island"],
        hand=["Endurance"],
        battlefield=["Forest", "Forest", "Forest"],
    )
    d["players"][1]["graveyard"] = ["Serra Angel", "Forest", "Grizzly Bears"]
    d["players"][1]["library"]["cards"] = [{"name": "Mountain"}]
    d["choices"] = ["target:p1"]
    tl = finished(d)
    assert zone(tl, "graveyard", 1) == []
    library = zone(tl, "library", 1)
    assert library[0] == "Mountain"  # the bottom, under the card that was there
    assert sorted(library[1:]) == ["Forest", "Grizzly Bears", "Serra Angel"]
    assert "Endurance" in zone(tl, "battlefield")
    moved = [e for e in tl.events if e.kind == "bottom" and e.player == 1]
    assert len(moved) == 1 and moved[0].amount == 3
    # No target chosen ("up to one"): nothing moves, and the log says so.
    d["choices"] = ["target:none"]
    tl = finished(d)
    assert sorted(zone(tl, "graveyard", 1)) == ["Forest", "Grizzly Bears", "Serra Angel"]
    assert any(e.kind == "bottom" and e.amount == 0 for e in tl.events)


def test_urzas_saga_iii_finds_an_artifact_by_its_printed_mana_cost() -> None:
    """Urza's Saga III: "Search your library for an artifact card with mana cost {0} or {1},
    put it onto the battlefield, then shuffle." The printed cost, not the mana value:
    Walking Ballista ({X}{X}, mana value 0) is not offered; Memnite ({0}) and Sol Ring ({1})
    are (701.23a search, 701.24a shuffle)."""
    d = board(
        library=["Walking Ballista", "Memnite", "Sol Ring", "Forest"],
        battlefield=[{"name": "Urza's Saga", "counters": {"lore": 2}}],
        actions=[{"do": "add_lore", "card": "Urza's Saga", "n": 1}],
    )
    tl = play(d)
    pending = tl.pending
    assert pending is not None
    labels = " | ".join(o.label for o in pending.options)
    assert "Memnite" in labels and "Sol Ring" in labels and "Walking Ballista" not in labels
    key = next(o.key for o in pending.options if "Sol Ring" in o.label)
    d["choices"] = [key]
    tl = finished(d)
    assert "Sol Ring" in zone(tl, "battlefield")
    assert sorted(zone(tl, "library")) == ["Forest", "Memnite", "Walking Ballista"]


def test_op_specific_amount_words_belong_to_their_op() -> None:
    """An amount word is read by its own op's handler ("hand" for discard), not by others."""
    from engine.lang.effects import OPS, missing_parts

    assert OPS["discard"].words == {("n", "hand")}
    look = {"op": "look_and_pick", "n": 3, "pick": "all", "rest": "bottom"}
    assert missing_parts([{"op": "discard", "n": "hand"}, look]) == []
    assert missing_parts([{"op": "draw", "n": "hand"}]) != []
