"""The Saga op family: exile_and_return_transformed (CR 712.14, 400.7, 714.4).

Boards before and after; fields, not wording. Stdlib + engine: runs under Pyodide.
"""

from __future__ import annotations

from engine import AutoPolicy, Scenario
from engine.lang import effects

from boards import board, game_of, of_kind, you

FABLE = "Fable of the Mirror-Breaker // Reflection of Kiki-Jiki"

# A single-faced Saga whose chapter I says to exile it and return it transformed.
PLAIN_SAGA = {
    "name": "Test Plain Saga",
    "mana_cost": "{1}",
    "type_line": "Enchantment — Saga",
    "chapters": {"count": 2, "abilities": [{"chapters": [1], "ops": []}]},
    "effects": {"chapters": [{"chapters": [1], "ops": [{"op": "exile_and_return_transformed"}]}]},
}


def _run(d: dict):
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished
    return tl


def test_fable_chapter_iii_returns_it_transformed_as_a_new_object_cr_712_14() -> None:
    tl = _run(
        board(
            ["Forest"] * 3,
            battlefield=[{"name": FABLE, "counters": {"lore": 2}}],
            actions=[{"do": "add_lore", "card": FABLE, "n": 1}],
        )
    )
    state = tl.final
    [oid] = state.players[0].zone("battlefield")
    obj = state.objects[oid]
    assert obj.face == "Reflection of Kiki-Jiki"
    assert state.characteristics(oid).pt == "2/2"
    # 400.7: a new object, without the Saga's lore counters; it isn't a Saga, so 714.4
    # doesn't sacrifice it.
    assert obj.counter("lore") == 0
    assert you(tl)["graveyard"] == [] and you(tl)["exile"] == []
    assert [e.rule for e in of_kind(tl, "to_battlefield")] == ["712.14"]
    assert of_kind(tl, "not_simulated") == []


def test_nothing_happens_if_the_saga_already_left_cr_400_7() -> None:
    game = game_of(board(battlefield=[{"name": FABLE, "counters": {"lore": 3}}]))
    [oid] = game.players[0].zones["battlefield"]
    game.move(oid, "graveyard")  # it left before the chapter resolved
    effects.run_ops(
        game,
        [{"op": "exile_and_return_transformed"}],
        controller=0,
        source=oid,
        label="Chapter III",
    )
    assert game.players[0].zones["graveyard"] == [oid]
    assert game.players[0].zones["battlefield"] == [] and game.players[0].zones["exile"] == []


def test_a_card_that_is_not_double_faced_stays_in_exile_cr_712_14() -> None:
    tl = _run(
        board(
            battlefield=[{"name": "Test Plain Saga", "counters": {"lore": 0}}],
            actions=[{"do": "add_lore", "card": "Test Plain Saga", "n": 1}],
            cards=[PLAIN_SAGA],
        )
    )
    assert you(tl)["exile"] == ["Test Plain Saga"]
    assert you(tl)["battlefield"] == []
    assert of_kind(tl, "to_battlefield") == []


def test_unknown_fields_are_named_not_simulated() -> None:
    assert effects.is_simulated([{"op": "exile_and_return_transformed"}])
    assert not effects.is_simulated([{"op": "exile_and_return_transformed", "tapped": True}])
