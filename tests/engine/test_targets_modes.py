"""Targets (CR 115, 601.2c, 603.3d, 608.2b) with TARGET_KINDS / filters, and modes chosen
while casting (601.2b, 700.2), as decisions with their legal options."""

from __future__ import annotations

import pytest

from engine import ScenarioError
from engine.core.state import StackItem
from engine.lang import targets
from engine.lang.vocabulary import TARGET_KINDS

from boards import board, finished, game_of, ids, of_kind, opp, play, you, zone


def card(name: str, cost: str, type_line: str, effects: dict, **face) -> dict:
    face = {"name": name, "mana_cost": cost, "type_line": type_line, **face}
    return {"name": name, "layout": "normal", "effects": effects, "faces": [face]}


ZAP_BIG = card(
    "Big Zap",
    "{R}",
    "Instant",
    {
        "targets": [{"what": "creature", "count": 1, "filter": {"power": [">=", 4]}}],
        "spell": [{"op": "destroy", "what": "target"}],
    },
)
TWIN_ZAP = card(
    "Twin Zap",
    "{R}",
    "Instant",
    {
        "targets": [{"what": "creature", "count": 2}],
        "spell": [{"op": "damage", "amount": 1, "to": "target"}],
    },
)
MAYBE_ZAP = card(
    "Maybe Zap",
    "{R}",
    "Instant",
    {
        "targets": [{"what": "creature", "count": 2, "min": 0}],
        "spell": [{"op": "damage", "amount": 1, "to": "target"}],
    },
)
HEXPROOF_BEAR = card(
    "Hexproof Bear",
    "{1}{G}",
    "Creature — Bear",
    {"vanilla": True},
    power="2",
    toughness="2",
    keywords=["Hexproof"],
)
RAISE = card(
    "Raise Test",
    "{B}",
    "Sorcery",
    {
        "targets": [
            {"what": "card_in_your_graveyard", "count": 1, "filter": {"types": ["Creature"]}}
        ],
        "spell": [{"op": "return_to_hand", "what": "target"}],
    },
)


def test_a_filter_restricts_the_legal_targets_cr_601_2c() -> None:
    """Only the creature with power 4 or more is a legal target: chosen without asking."""
    tl = finished(
        board(
            hand=["Big Zap"],
            battlefield=["Grizzly Bears"],
            opponent_battlefield=["Serra Angel", "Llanowar Elves"],
            cards=[ZAP_BIG],
        )
    )
    assert zone(tl, "graveyard", 1) == ["Serra Angel"]
    assert zone(tl, "battlefield", 1) == ["Llanowar Elves"]
    (target,) = of_kind(tl, "target")
    assert target.rule == "601.2c" and len(target.data["targets"]) == 1


def test_no_legal_target_means_it_cant_be_cast_cr_601_2c() -> None:
    d = board(hand=["Big Zap"], battlefield=["Grizzly Bears"], cards=[ZAP_BIG])
    with pytest.raises(ScenarioError, match="no legal target"):
        play(d)


def test_two_targets_are_two_decisions_with_the_legal_options_cr_601_2c_115_3() -> None:
    them = ["Llanowar Elves", "Grizzly Bears", "Serra Angel"]
    d = board(hand=["Twin Zap"], opponent_battlefield=them, cards=[TWIN_ZAP])
    first = play(d).pending
    assert first.kind == "target" and len(first.options) == 3
    second = play({**d, "choices": [first.options[0].key]}).pending
    assert first.options[0].key not in second.keys()  # not the same object twice
    assert "target:none" not in second.keys()  # exactly two
    tl = finished({**d, "choices": [first.options[0].key, second.options[0].key]})
    assert zone(tl, "graveyard", 1) == ["Llanowar Elves"]  # 1 damage each
    assert zone(tl, "battlefield", 1) == ["Grizzly Bears", "Serra Angel"]


def test_up_to_two_offers_no_more_targets() -> None:
    d = board(
        hand=["Maybe Zap"],
        opponent_battlefield=["Llanowar Elves", "Elvish Mystic"],
        cards=[MAYBE_ZAP],
    )
    first = play(d).pending
    assert "target:none" in first.keys()
    tl = finished({**d, "choices": [first.options[0].key, "target:none"]})
    assert zone(tl, "graveyard", 1) == ["Llanowar Elves"]
    assert zone(tl, "battlefield", 1) == ["Elvish Mystic"]


def test_hexproof_only_stops_opponents_cr_702_11b() -> None:
    d = board(
        hand=["Twin Zap"],
        battlefield=["Hexproof Bear", "Grizzly Bears"],
        opponent_battlefield=["Hexproof Bear"],
        cards=[TWIN_ZAP, HEXPROOF_BEAR],
    )
    game = game_of(d)
    opts = targets.candidates(game, {"what": "creature", "count": 1}, 0)
    names = [(game.obj(int(r[1:])).name, game.obj(int(r[1:])).controller) for r in opts]
    assert names == [("Hexproof Bear", 0), ("Grizzly Bears", 0)]


def test_graveyard_card_target_with_filter() -> None:
    tl = finished(
        board(hand=["Raise Test"], graveyard=["Lightning Bolt", "Grizzly Bears"], cards=[RAISE])
    )
    assert you(tl)["hand"] == ["Grizzly Bears"]
    assert you(tl)["graveyard"] == ["Lightning Bolt", "Raise Test"]


@pytest.mark.parametrize("what", sorted(TARGET_KINDS))
def test_every_target_kind_has_candidates_or_is_named(what: str) -> None:
    """Each TARGET_KIND lists legal options on a board (none is silently empty)."""
    d = board(
        hand=["Lightning Bolt", "Forest"],
        battlefield=["Grizzly Bears", "Forest", "Sol Ring", "Glorious Anthem"],
        graveyard=["Lightning Bolt"],
        library=["Forest"],
        opponent_battlefield=["Garruk Wildspeaker"],
    )
    game = game_of(d)
    bolt = game.players[0].zones["hand"][0]
    game.move(bolt, "stack")
    game.push(
        StackItem(
            id=game.new_id(),
            kind="spell",
            controller=0,
            text="Lightning Bolt",
            source=bolt,
            card_id=bolt,
        )
    )
    exiled = game.players[0].zones["graveyard"][0]
    spec = {"what": what, "count": 1}
    assert targets.target_missing(spec) is None
    if what == "card_in_exile":
        assert targets.candidates(game, spec, 0) == []
        game.move(exiled, "exile")
    if what == "card_in_opponents_graveyard":
        assert targets.candidates(game, spec, 0) == []
        return
    assert targets.candidates(game, spec, 0), what


def test_target_missing_names_what_it_cant_read() -> None:
    assert targets.target_missing({"what": "dungeon"})
    assert targets.target_missing({"what": "creature", "filter": {"face_down": True}})
    assert targets.target_missing({"what": "creature", "count": {"dv": "count"}})
    assert targets.target_missing({"what": "any", "count": 2, "min": 1, "divided": 2}) is None


def test_divided_damage_is_divided_while_casting_cr_601_2d() -> None:
    """Forked Bolt-like: 2 damage divided among one or two targets; with two, 1 each."""
    fork = card(
        "Fork Test",
        "{R}",
        "Sorcery",
        {
            "targets": [{"what": "any", "count": 2, "min": 1, "divided": 2}],
            "spell": [{"op": "damage", "amount": "divided", "to": "divided"}],
        },
    )
    d = board(
        hand=["Fork Test"], opponent_battlefield=["Llanowar Elves", "Elvish Mystic"], cards=[fork]
    )
    game = game_of(d)
    elves = [f"o{o}" for o in game.players[1].zones["battlefield"]]
    tl = play({**d, "choices": [f"target:{elves[0]}", f"target:{elves[1]}"]})
    (target,) = of_kind(tl, "target")
    assert target.data["division"] == {elves[0]: 1, elves[1]: 1}
    # One target: all of it (no division decision).
    tl = play({**d, "choices": [f"target:{elves[0]}", "target:none"]})
    assert of_kind(tl, "target")[0].data["division"] == {elves[0]: 2}


def test_a_target_that_no_longer_matches_its_spec_is_illegal_cr_608_2b() -> None:
    """ "Target creature with power 4 or greater" that shrank below 4 is illegal."""
    game = game_of(board(opponent_battlefield=["Serra Angel", "Grizzly Bears"]))
    angel, bears = game.players[1].zones["battlefield"]
    spec = {"what": "creature", "count": 1, "filter": {"power": [">=", 4]}}
    item = StackItem(
        id=99,
        kind="ability",
        controller=0,
        text="T",
        source=bears,
        targets=(f"o{angel}",),
        data={
            "specs": [spec],
            "groups": [[f"o{angel}"]],
            "stamps": targets.stamp(game, [f"o{angel}"]),
        },
    )
    assert targets.illegal_targets(game, item) == frozenset()
    game.add_counters(angel, "-1/-1", 1)
    assert targets.illegal_targets(game, item) == {f"o{angel}"}


# ------------------------------------------------------------------------ modes (700.2)
def test_kolaghans_command_both_modes_chosen_cr_601_2b_700_2() -> None:
    """Kolaghan's Command: the modes are chosen as it is cast (only modes with legal targets
    are offered), then each mode's targets; on resolution each mode acts on its own target:
    destroy target artifact + 2 damage to a creature."""
    d = board(
        hand=["Kolaghan's Command"],
        battlefield=["Grizzly Bears"],
        opponent_battlefield=["Sol Ring", "Llanowar Elves"],
    )
    first = play(d).pending
    assert first.kind == "choose_mode" and first.rule == "601.2b"
    # No creature card in your graveyard: mode 1 can't be chosen (601.2c).
    assert first.keys() == ["mode:2", "mode:3", "mode:4"]
    second = play({**d, "choices": ["mode:3"]}).pending
    assert second.keys() == ["mode:2", "mode:4"]  # each mode once
    game = game_of(d)
    ring, elves = game.players[1].zones["battlefield"]
    tl = finished({**d, "choices": ["mode:3", "mode:4", f"target:o{elves}"]})
    # Sol Ring is the only artifact: targeted without asking; 2 damage kill the Elves.
    assert zone(tl, "graveyard", 1) == ["Sol Ring", "Llanowar Elves"]
    assert zone(tl, "battlefield", 1) == []
    assert you(tl)["battlefield"] == ["Grizzly Bears"]
    assert you(tl)["graveyard"] == ["Kolaghan's Command"]
    (modes,) = of_kind(tl, "modes")
    assert modes.data["modes"] == [2, 3]  # indexes, printed order
    (target,) = of_kind(tl, "target")
    assert target.data["groups"] == [[f"o{ring}"], [f"o{elves}"]]


def test_modal_spell_without_enough_modes_cant_be_cast_cr_700_2() -> None:
    """Choose two: with no artifact on the board only one mode can be chosen, so the spell
    can't be cast (601.2c); with one, both modes are chosen without asking."""
    empty = card(
        "Pick Two",
        "{R}",
        "Instant",
        {
            "choose": 2,
            "modes": [[{"op": "destroy", "what": "target"}], [{"op": "destroy", "what": "target"}]],
            "mode_targets": [
                [{"what": "artifact", "count": 1}],
                [{"what": "creature", "count": 1}],
            ],
        },
    )
    d = board(hand=["Pick Two"], battlefield=["Grizzly Bears"], cards=[empty])
    with pytest.raises(ScenarioError, match="mode"):
        play(d)
    tl = finished(
        board(hand=["Pick Two"], battlefield=["Grizzly Bears", "Sol Ring"], cards=[empty])
    )
    assert you(tl)["graveyard"] == ["Sol Ring", "Grizzly Bears", "Pick Two"]  # mode order


def test_choose_one_or_both_and_repeatable_modes() -> None:
    either = card(
        "One Or Both",
        "{G}",
        "Instant",
        {
            "choose": 2,
            "choose_min": 1,
            "modes": [[{"op": "gain_life", "n": 1}], [{"op": "gain_life", "n": 3}]],
        },
    )
    d = board(hand=["One Or Both"], cards=[either])
    first = play(d).pending
    assert first.keys() == ["mode:1", "mode:2"]
    second = play({**d, "choices": ["mode:2"]}).pending
    assert second.keys() == ["mode:1", "mode:done"]
    assert you(finished({**d, "choices": ["mode:2", "mode:done"]}))["life"] == 23
    assert you(finished({**d, "choices": ["mode:2", "mode:1"]}))["life"] == 24
    again = card(
        "Again",
        "{G}",
        "Instant",
        {
            "choose": 3,
            "same_mode_repeatable": True,
            "modes": [[{"op": "gain_life", "n": 1}], [{"op": "gain_life", "n": 3}]],
        },
    )
    d = board(hand=["Again"], cards=[again])
    tl = finished({**d, "choices": ["mode:2", "mode:2", "mode:1"]})
    assert you(tl)["life"] == 27
    assert of_kind(tl, "modes")[0].data["modes"] == [0, 1, 1]
    assert opp(tl)["life"] == 20


def test_a_modal_triggered_ability_chooses_as_it_is_put_on_the_stack_cr_603_3c() -> None:
    from engine.lang.effects import resolve_ability
    from engine.rules.stack import choose_ability_targets

    game = game_of(board(battlefield=["Grizzly Bears"], opponent_battlefield=["Sol Ring"]))
    bears = ids(game, "Grizzly Bears")[0]
    modal = {
        "choose": 1,
        "modes": [[{"op": "destroy", "what": "target"}], [{"op": "gain_life", "n": 2}]],
        "mode_targets": [[{"what": "artifact", "count": 1}], []],
    }
    item = StackItem(
        id=game.new_id(),
        kind="ability",
        controller=0,
        text="Trigger",
        source=bears,
        data={"modal": modal},
    )
    game.policy = type(game.policy)(["mode:1"])  # a test's own answers
    item = choose_ability_targets(game, item)
    assert item.data["modes"] == [0] and len(item.targets) == 1
    resolve_ability(game, item)
    assert [game.obj(o).name for o in game.players[1].zones["graveyard"]] == ["Sol Ring"]


def test_a_modal_ability_without_chosen_modes_is_not_simulated_never_silent() -> None:
    from engine.lang.effects import resolve_ability

    game = game_of(board(battlefield=["Grizzly Bears"]))
    bears = ids(game, "Grizzly Bears")[0]
    modal = {"choose": 1, "modes": [[{"op": "gain_life", "n": 2}]]}
    item = StackItem(
        id=game.new_id(),
        kind="ability",
        controller=0,
        text="Trigger",
        source=bears,
        data={"modal": modal},
    )
    resolve_ability(game, item)
    assert game.players[0].life == 20
    event = game.frames[-1][1]
    assert event.kind == "not_simulated" and "modes" in event.data["missing"][0]


def test_kolaghans_command_returns_a_creature_card_and_deals_2_to_a_creature_cr_700_2() -> None:
    """Kolaghan's Command with both modes chosen — return target creature
    card from your graveyard to your hand, and 2 damage to target creature; the board after."""
    d = board(
        hand=["Kolaghan's Command"],
        graveyard=["Lightning Bolt", "Grizzly Bears"],
        opponent_battlefield=["Llanowar Elves", "Serra Angel"],
    )
    game = game_of(d)
    bears_card = ids(game, "Grizzly Bears", "graveyard")[0]
    elves = ids(game, "Llanowar Elves", player=1)[0]
    first = play(d).pending
    assert first.keys() == ["mode:1", "mode:2", "mode:4"]  # no artifact: mode 3 can't be
    choices = ["mode:1", "mode:4", f"target:o{elves}"]
    tl = finished({**d, "choices": choices})
    # Mode 1's only legal target is the creature card (not Lightning Bolt): chosen as such.
    (target,) = of_kind(tl, "target")
    assert target.data["groups"] == [[f"o{bears_card}"], [f"o{elves}"]]
    assert you(tl)["hand"] == ["Grizzly Bears"]
    assert you(tl)["graveyard"] == ["Lightning Bolt", "Kolaghan's Command"]
    assert zone(tl, "graveyard", 1) == ["Llanowar Elves"]  # 2 damage: lethal (704.5g)
    assert zone(tl, "battlefield", 1) == ["Serra Angel"]
