"""Amounts (engine/lang/values.py): every DYNAMIC_VALUE is computed or named missing."""

from __future__ import annotations

import pytest

from engine.lang import values
from engine.lang.vocabulary import DYNAMIC_VALUES

from boards import Q, board, game_of, ids

SAMPLE = {
    "count": {"filter": {"types": ["Creature"]}},
    "cards_in_graveyard": {"who": "you"},
    "cards_in_hand": {"who": "you"},
    "counters_on_self": {"counter": "+1/+1"},
    "player_counters": {"who": "you", "counter": "poison"},
    "card_types_in_graveyard": {"who": "you"},
    "greatest_power": {"filter": {"types": ["Creature"], "controller": "you"}},
    "greatest_toughness": {"filter": {"types": ["Creature"]}},
    "greatest_mv": {"filter": {"controller": "you"}},
    "life": {"who": "you"},
    "life_gained_this_turn": {"who": "you"},
    "devotion": {"colors": ["G"]},
    "cards_drawn_this_turn": {"who": "you"},
    "instants_sorceries_cast_this_turn": {"who": "you"},
    "colors_among_permanents": {"who": "you"},
    "neg": {"of": 2},
    "mul": {"of": "X", "by": 2},
    "sum": {"of": [1, {"dv": "life", "who": "you"}]},
    "half": {"of": 5, "round": "up"},
    "max": {"of": [0, {"dv": "neg", "of": 3}]},
}


def _game(mana: str = "assumed"):
    return game_of(
        {"mana": mana}
        | board(
            hand=["Lightning Bolt", "Island"],
            battlefield=[
                "Grizzly Bears",
                "Llanowar Elves",
                "Forest",
                {"name": "Memnite", "counters": {"+1/+1": 2}},
            ],
            opponent_battlefield=["Serra Angel"],
            graveyard=["Lightning Bolt", "Tarmogoyf", "Forest"],
            life=17,
        )
    )


@pytest.mark.parametrize("kind", sorted(DYNAMIC_VALUES))
def test_every_dynamic_value_is_computed_or_named_missing(kind: str) -> None:
    game = _game("paid" if kind in ("mana_spent", "colors_of_mana_spent") else "assumed")
    memnite = ids(game, "Memnite")[0]
    bears = ids(game, "Grizzly Bears")[0]
    v = {"dv": kind, **SAMPLE.get(kind, {})}
    game.note_sacrificed(bears, by=memnite)
    ctx = Q(game, source=memnite, targets=(f"o{bears}",), x=3, event={"amount": 4, "object": bears})
    ctx.moved = ((bears, 0),)  # that_many: what the op before it moved (608.2c)
    part = values.value_missing(v)
    if part is not None:
        assert kind in values.UNSUPPORTED and part == values.UNSUPPORTED[kind]
        return
    assert values.value_missing(v, ctx) is None
    assert isinstance(values.value_of(ctx, v), int)


def test_that_many_without_a_record_of_moves_is_named_missing() -> None:
    game = _game()
    ctx = Q(game)
    assert values.value_missing({"dv": "that_many"}, ctx) is not None
    ctx.moved = ((ids(game, "Memnite")[0], 0), (ids(game, "Forest")[0], 0))
    assert values.value_missing({"dv": "that_many"}, ctx) is None
    assert values.value_of(ctx, {"dv": "that_many"}) == 2


def test_numbers_on_a_board() -> None:
    game = _game()
    memnite = ids(game, "Memnite")[0]
    bears = ids(game, "Grizzly Bears")[0]
    ctx = Q(game, source=memnite, targets=(f"o{bears}",), x=3)

    def val(v):
        assert values.value_missing(v, ctx) is None
        return values.value_of(ctx, v)

    assert val(5) == 5 and val("X") == 3 and val("X+1") == 4 and val("-X") == -3
    assert val({"dv": "count", "filter": {"types": ["Creature"]}}) == 4
    assert val({"dv": "cards_in_graveyard", "who": "you"}) == 3
    assert val({"dv": "cards_in_graveyard", "who": "you", "filter": {"types": ["Land"]}}) == 1
    assert val({"dv": "cards_in_hand", "who": "you"}) == 2
    assert val({"dv": "counters_on_self", "counter": "+1/+1"}) == 2
    assert val({"dv": "self_power"}) == 3 and val({"dv": "self_toughness"}) == 3
    assert val({"dv": "target_power"}) == 2 and val({"dv": "target_mv"}) == 2
    assert val({"dv": "card_types_in_graveyard", "who": "you"}) == 3  # instant, creature, land
    assert val({"dv": "greatest_power", "filter": {"types": ["Creature"]}}) == 4  # Serra Angel
    assert val({"dv": "life", "who": "you"}) == 17
    assert val({"dv": "devotion", "colors": ["G"]}) == 2  # {1}{G} and {G}
    assert val({"dv": "domain"}) == 1
    assert val({"dv": "opponents"}) == 1
    assert val({"dv": "colors_among_permanents", "who": "you"}) == 1
    total = {"dv": "sum", "of": [{"dv": "neg", "of": 2}, {"dv": "mul", "of": "X", "by": 2}]}
    assert val(total) == 4
    assert val({"dv": "half", "of": 5, "round": "up"}) == 3
    assert val({"dv": "half", "of": 5, "round": "down"}) == 2
    assert val({"dv": "parley"}) == 0  # both libraries are empty


def test_party_takes_the_best_assignment() -> None:
    """700.8: one each of Cleric, Rogue, Warrior, Wizard."""
    game = game_of(board(battlefield=["Cleric of the Forward Order", "Grizzly Bears"]))
    assert values.value_of(Q(game), {"dv": "party"}) == 1


def test_history_values_follow_the_kernel() -> None:
    game = _game()
    ctx = Q(game)
    bears = ids(game, "Grizzly Bears")[0]
    assert values.value_of(ctx, {"dv": "creatures_died_this_turn"}) == 0
    game.move(bears, "graveyard")  # dies (700.4)
    game.change_life(0, 3)
    game.change_life(1, -2)
    game.draw_card(0)  # empty library: not a draw
    assert values.value_of(ctx, {"dv": "creatures_died_this_turn"}) == 1
    assert values.value_of(ctx, {"dv": "life_gained_this_turn", "who": "you"}) == 3
    assert values.value_of(ctx, {"dv": "opponents_life_lost_this_turn"}) == 2
    assert values.value_of(ctx, {"dv": "descended_this_turn"}) == 1
    assert values.value_of(ctx, {"dv": "cards_drawn_this_turn", "who": "you"}) == 0
    game.begin_turn(1)
    assert values.value_of(ctx, {"dv": "creatures_died_this_turn"}) == 0
    assert values.value_of(ctx, {"dv": "life_gained_this_turn", "who": "you"}) == 0


def test_sacrificed_lki_and_self_power_after_leaving() -> None:
    """608.2h: the sacrificed creature's power is its last known power (counters included)."""
    game = _game()
    memnite = ids(game, "Memnite")[0]
    bears = ids(game, "Grizzly Bears")[0]
    ctx = Q(game, source=bears)
    assert values.value_missing({"dv": "sacrificed_power"}, ctx)  # nothing sacrificed yet
    game.note_sacrificed(memnite, by=bears)
    game.move(memnite, "graveyard")
    assert values.value_of(ctx, {"dv": "sacrificed_power"}) == 3
    assert values.value_of(ctx, {"dv": "sacrificed_mv"}) == 0
    assert values.value_of(Q(game, source=memnite), {"dv": "self_power"}) == 3


def test_missing_parts_are_named() -> None:
    assert values.value_missing({"dv": "greatest_commander_mv"})
    assert values.value_missing({"dv": "mana_spent"}) is None  # known without a game
    assert values.value_missing({"dv": "mana_spent"}, Q(_game()))  # mana assumed paid
    assert values.value_missing({"dv": "mana_spent"}, Q(_game("paid"))) is None
    assert values.value_missing({"dv": "nope"}) == "dynamic value 'nope'"
    assert values.value_missing("half X")
    assert values.value_missing({"dv": "count", "filter": {"face_down": True}})
    assert values.value_missing({"dv": "event_amount"}) is None  # known without a game
    assert values.value_missing({"dv": "event_amount"}, Q(_game()))  # no event recorded


def test_trigger_object_power_and_toughness_read_the_object_that_triggered_it() -> None:
    game = _game()
    bears = ids(game, "Grizzly Bears")[0]
    ctx = Q(game, event={"object": bears})
    assert values.value_of(ctx, {"dv": "trigger_object_power"}) == 2
    assert values.value_of(ctx, {"dv": "trigger_object_toughness"}) == 2
    assert values.value_missing({"dv": "trigger_object_toughness"}, Q(game))  # no object


def test_max_is_the_greatest_and_needs_a_list() -> None:
    """`max` floors "the difference" at 0 (107.1b; Waking the Trolls III)."""
    assert values.value_missing({"dv": "max", "of": []}) is not None
    assert values.value_missing({"dv": "max", "of": 3}) is not None
    q = Q(game_of(board()))
    assert values.value_of(q, {"dv": "max", "of": [0, {"dv": "neg", "of": 3}]}) == 0
    assert values.value_of(q, {"dv": "max", "of": [2, 7, {"dv": "neg", "of": 3}]}) == 7


def test_one_evaluator_reads_x_texts_defaults_and_refuses_the_rest() -> None:
    """The amount evaluator every op, cost and condition calls: "X" is the X paid (107.3),
    "X+1" / "X-1" / "-X" follow it, no amount is the op's default; text that is not an
    amount is refused (it was read as the default by one of the former evaluators and
    raised by another), and so is a bool (a JSON ``true`` is no number)."""
    q = Q(game_of(board()), x=3)
    assert values.value_of(q, "X") == 3
    assert values.value_of(q, "X+1") == 4
    assert values.value_of(q, "X - 1") == 2
    assert values.value_of(q, "-X") == -3
    assert values.value_of(q, "2") == 2
    assert values.value_of(q, None, 1) == 1
    assert values.value_of(q, None) == 0
    for bad in ("all", "X+a", True, [1]):
        assert values.value_missing(bad) is not None
        with pytest.raises(values.ValueUnavailable):
            values.value_of(q, bad)


def test_each_declared_dynamic_value_has_one_registered_function() -> None:
    """The vocabulary declares the kinds; each is computed by the one function registered
    for it, or is named as needing state the engine doesn't track."""
    assert set(values.DYNAMIC) == set(DYNAMIC_VALUES) - set(values.UNSUPPORTED)
    with pytest.raises(ValueError, match="already registered"):
        values.DYNAMIC("count")(lambda ctx, v: 0)
    with pytest.raises(ValueError, match="not declared"):
        values.DYNAMIC("no_such_value")(lambda ctx, v: 0)


@pytest.mark.parametrize("v", [True, "X+-1", "+", "all", [2]])
def test_the_one_check_of_an_amount_agrees_with_the_evaluator(v: object) -> None:
    """Every op family checks an amount with ``refs.value_problem``: what it lets through,
    ``value_of`` computes, and what ``value_of`` refuses it names (a bool, text that is no
    amount), so no checked op fails as it resolves."""
    from engine.lang import refs

    assert refs.value_problem(v) is not None
    with pytest.raises(values.ValueUnavailable):
        values.value_of(Q(game_of(board()), x=2), v)
    for ok in (3, "X", "X+1", "-X", {"dv": "life", "who": "you"}):
        assert refs.value_problem(ok) is None
