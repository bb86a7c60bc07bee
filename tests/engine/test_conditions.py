"""Conditions (engine/lang/conditions.py): every CONDITION is evaluated or named missing; the
game history they read is tracked by the kernel."""

from __future__ import annotations

import pytest

from engine import Scenario
from engine.core.game import Game
from engine.core.policy import ScriptedPolicy
from engine.lang import conditions
from engine.lang.vocabulary import CONDITIONS

from boards import Q, board, game_of, ids

SAMPLE = {
    "count": {"filter": {"types": ["Creature"]}, "cmp": [">=", 1]},
    "cards_in_graveyard": {"who": "you", "cmp": [">=", 1]},
    "cards_in_hand": {"who": "you", "cmp": ["==", 0]},
    "life": {"who": "you", "cmp": ["<=", 5]},
    "self_counters": {"counter": "+1/+1", "cmp": [">=", 1]},
    "self_matches": {"filter": {"types": ["Creature"]}},
    "attached_matches": {"filter": {"types": ["Creature"]}},
    "descend": {"n": 4},
    "compare": {"a": {"dv": "target_mv"}, "cmp": "<=", "b": 2},
    "adamant": {"color": "R"},
    "mana_spent": {"color": "R"},
    "opponents_lost_life_this_turn": {"cmp": [">=", 1]},
    "step": {"step": "upkeep", "yours": True},
    "phase": {"phase": "main", "yours": True},
    "opponent_controls_more": {"filter": {"types": ["Land"]}},
    "targets_matching": {"filter": {"types": ["Creature"]}},
    "not": {"of": {"cond": "my_turn"}},
    "and": {"of": [{"cond": "my_turn"}, {"cond": "hellbent"}]},
    "or": {"of": [{"cond": "my_turn"}, {"cond": "hellbent"}]},
}


def _game(mana: str = "assumed", **kw):
    d = dict(
        battlefield=["Grizzly Bears", {"name": "Memnite", "counters": {"+1/+1": 1}}, "Forest"],
        opponent_battlefield=["Serra Angel", "Mountain", "Mountain"],
        graveyard=["Lightning Bolt"],
    )
    d.update(kw)
    return game_of({**board(**d), "mana": mana})


@pytest.mark.parametrize("kind", sorted(CONDITIONS))
def test_every_condition_is_evaluated_or_named_missing(kind: str) -> None:
    game = _game("paid" if kind in ("adamant", "mana_spent") else "assumed")
    memnite = ids(game, "Memnite")[0]
    cond = {"cond": kind, **SAMPLE.get(kind, {})}
    part = conditions.condition_missing(cond)
    if part is not None:
        assert kind in conditions.UNSUPPORTED and part == conditions.UNSUPPORTED[kind]
        return
    ctx = Q(game, source=memnite, targets=(f"o{memnite}",))
    assert conditions.condition_missing(cond, ctx) is None
    assert isinstance(conditions.holds(ctx, cond), bool)


def test_board_conditions() -> None:
    game = _game()
    memnite = ids(game, "Memnite")[0]
    ctx = Q(game, source=memnite)

    def holds(c):
        assert conditions.condition_missing(c, ctx) is None
        return conditions.holds(ctx, c)

    assert holds({"cond": "my_turn"})
    assert not conditions.holds(Q(game, controller=1), {"cond": "my_turn"})
    assert holds(
        {"cond": "count", "filter": {"types": ["Creature"], "controller": "you"}, "cmp": ["==", 2]}
    )
    assert holds({"cond": "self_counters", "counter": "+1/+1", "cmp": [">=", 1]})
    assert not holds({"cond": "self_counters", "counter": "+1/+1", "cmp": [">=", 2]})
    assert holds({"cond": "hellbent"})
    assert not holds({"cond": "ferocious"})
    assert not holds({"cond": "metalcraft"})
    assert holds({"cond": "opponent_controls_more", "filter": {"types": ["Land"]}})
    assert not holds({"cond": "delirium"})
    assert holds({"cond": "self_matches", "filter": {"types": ["Artifact"]}})
    assert holds({"cond": "phase", "phase": "main", "yours": True})
    assert not holds({"cond": "step", "step": "upkeep"})
    assert holds({"cond": "my_turn_before_attackers"})
    assert not holds({"cond": "raid"})  # no combat in the playground
    assert holds({"cond": "not", "of": {"cond": "raid"}})
    assert holds({"cond": "or", "of": [{"cond": "raid"}, {"cond": "hellbent"}]})
    assert not holds({"cond": "and", "of": [{"cond": "raid"}, {"cond": "hellbent"}]})


def test_delirium_ferocious_metalcraft_formidable_coven() -> None:
    game = _game(
        battlefield=[
            "Serra Angel",
            "Shivan Dragon",
            "Grizzly Bears",
            "Memnite",
            "Ornithopter",
            "Sol Ring",
        ],
        graveyard=["Lightning Bolt", "Tarmogoyf", "Forest", "Sol Ring"],
    )
    ctx = Q(game)
    for kind in ("delirium", "ferocious", "metalcraft", "formidable", "coven"):
        assert conditions.holds(ctx, {"cond": kind}), kind
    assert not conditions.holds(ctx, {"cond": "spell_mastery"})
    assert conditions.holds(ctx, {"cond": "descend", "n": 3})  # creature, land, artifact
    assert not conditions.holds(ctx, {"cond": "descend", "n": 4})


def test_history_morbid_revolt_life_void_tracked_by_the_kernel() -> None:
    game = _game()
    ctx = Q(game)
    opp_ctx = Q(game, controller=1)
    bears = ids(game, "Grizzly Bears")[0]
    forest = ids(game, "Forest")[0]
    for kind in ("morbid", "revolt", "you_gained_life_this_turn", "hate", "void"):
        assert not conditions.holds(ctx, {"cond": kind}), kind
    game.move(forest, "hand")  # a land left the battlefield: revolt, not void, not morbid
    assert conditions.holds(ctx, {"cond": "revolt"})
    assert not conditions.holds(opp_ctx, {"cond": "revolt"})
    assert not conditions.holds(ctx, {"cond": "void"})
    assert not conditions.holds(ctx, {"cond": "morbid"})
    game.move(bears, "graveyard")  # a creature died (700.4)
    assert conditions.holds(ctx, {"cond": "morbid"})
    assert conditions.holds(opp_ctx, {"cond": "morbid"})  # any creature
    assert conditions.holds(ctx, {"cond": "void"})
    game.change_life(0, 2)
    game.change_life(1, -1)
    assert conditions.holds(ctx, {"cond": "you_gained_life_this_turn"})
    assert conditions.holds(ctx, {"cond": "hate"})
    assert conditions.holds(ctx, {"cond": "opponents_lost_life_this_turn", "cmp": ["==", 1]})
    game.begin_turn(1)
    for kind in ("morbid", "revolt", "you_gained_life_this_turn", "hate", "void"):
        assert not conditions.holds(ctx, {"cond": kind}), kind


def test_designations_and_player_counters() -> None:
    game = _game()
    ctx = Q(game)
    assert not conditions.holds(ctx, {"cond": "you_are_monarch"})
    game.set_designation("monarch", 0)
    assert conditions.holds(ctx, {"cond": "you_are_monarch"})
    assert not conditions.holds(Q(game, controller=1), {"cond": "you_are_monarch"})
    game.give_player_flag(0, "citys_blessing")
    assert conditions.holds(ctx, {"cond": "citys_blessing"})
    assert not conditions.holds(ctx, {"cond": "corrupted"})
    game.add_player_counters(1, "poison", 3)
    assert conditions.holds(ctx, {"cond": "corrupted"})
    assert game.add_player_counters(1, "poison", -5) == (3, 0)
    assert game.players[1].counters == {}


def test_cast_from_hand_and_kicked_are_facts_of_the_cast() -> None:
    """The permanent a spell becomes remembers how it was cast until it changes zones again
    (400.7); the kicked status too (702.33d)."""
    d = board(hand=["Grizzly Bears"])
    sc = Scenario.from_dict(d)
    game = Game(sc, sc.pool(None), ScriptedPolicy(sc.choices))
    game.play()
    bears = ids(game, "Grizzly Bears")[0]
    ctx = Q(game, source=bears)
    assert game.cast_info[bears]["from"] == "hand"
    assert conditions.holds(ctx, {"cond": "cast_from_hand"})
    assert conditions.holds(ctx, {"cond": "was_cast"})
    assert not conditions.holds(ctx, {"cond": "cast_from_graveyard"})
    assert not conditions.holds(ctx, {"cond": "kicked"})
    assert conditions.holds(ctx, {"cond": "addendum"})  # cast in your precombat main phase
    assert [types for _, types in game.this_turn.cast] == [("Creature",)]
    game.move(bears, "hand")
    assert not conditions.holds(ctx, {"cond": "was_cast"})  # a new object (400.7)


def test_missing_parts_are_named() -> None:
    adamant = {"cond": "adamant", "color": "R"}
    assert conditions.condition_missing(adamant) is None  # known without a game
    assert conditions.condition_missing(adamant, Q(_game()))  # the scenario assumes mana paid
    assert conditions.condition_missing(adamant, Q(_game("paid"))) is None
    assert conditions.condition_missing({"cond": "adamant", "color": "red"})
    assert conditions.condition_missing({"cond": "nope"}) == "condition 'nope'"
    assert conditions.condition_missing({"cond": "kicked", "times": 2})
    assert conditions.condition_missing(
        {"cond": "count", "filter": {"face_down": True}, "cmp": [">=", 1]}
    )
    assert conditions.condition_missing({"cond": "not", "of": {"cond": "bargained"}})
    assert conditions.condition_missing("third time this ability resolves this turn")
    assert conditions.condition_missing("not kicked") is None


def test_ops_read_conditions_and_dynamic_amounts() -> None:
    """An op's ``if`` is evaluated on resolution (608.2c: false -> not done, and the log says
    so); a dynamic amount is computed; one that can't be is named before anything changes."""
    from engine.lang.effects import missing_parts, run_ops

    game = _game()
    morbid_gain = [{"op": "gain_life", "n": 2, "if": {"cond": "morbid"}}]
    assert run_ops(game, morbid_gain, controller=0, source=None, label="T", whole=True)
    assert game.players[0].life == 20
    assert game.frames[-1][1].kind == "condition_false"
    game.move(ids(game, "Grizzly Bears")[0], "graveyard")
    assert run_ops(game, morbid_gain, controller=0, source=None, label="T", whole=True)
    assert game.players[0].life == 22
    per_land = [{"op": "gain_life", "n": {"dv": "count", "filter": {"types": ["Land"]}}}]
    assert run_ops(game, per_land, controller=0, source=None, label="T", whole=True)
    assert game.players[0].life == 25  # Forest + two Mountains
    unknown = [
        {"op": "gain_life", "n": {"dv": "greatest_commander_mv"}},
        {"op": "gain_life", "n": 1},
    ]
    assert missing_parts(unknown)
    assert not run_ops(game, unknown, controller=0, source=None, label="T", whole=True)
    assert game.players[0].life == 25  # all or nothing
    assert game.frames[-1][1].kind == "not_simulated"


def test_each_declared_condition_has_one_registered_function() -> None:
    """The vocabulary declares the kinds; each is answered by the one function registered
    for it, or is named as needing state the engine doesn't track."""
    assert set(conditions.CONDITION) == set(CONDITIONS) - set(conditions.UNSUPPORTED)
