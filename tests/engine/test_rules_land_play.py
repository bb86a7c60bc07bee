"""Playing a land (CR 305): a special action that doesn't use the stack (116.2a), only in
its player's main phase with an empty stack (305.1, 505.6b), one a turn plus additional
land plays (305.2). Zones, counters and events' fields, never wording."""

from __future__ import annotations

import pytest

from engine.base.errors import ScenarioError
from engine.core.events import EventKind

from boards import answered, board, finished, of_kind, play


def _play(card: str, **kw) -> dict:
    return {"do": "play_land", "card": card, **kw}


def _bf(tl, player: int = 0) -> list[str]:
    state = tl.final
    return [state.objects[o].name for o in state.players[player].battlefield]


def test_a_land_is_played_without_the_stack_cr_305_1_116_2a() -> None:
    tl = finished(board([], hand=["Forest", "Lightning Bolt"], actions=[_play("Forest")]))
    assert _bf(tl) == ["Forest"]
    [ev] = of_kind(tl, "play_land")
    assert ev.kind == EventKind.PLAY_LAND and ev.player == 0 and ev.data["land_plays"] == 1
    assert not of_kind(tl, "stack")  # nothing was put on the stack


def test_urzas_saga_played_gets_its_first_lore_counter_cr_714_3a() -> None:
    tl = finished(board([], hand=["Urza's Saga"], actions=[_play("Urza's Saga")]))
    [saga] = tl.final.players[0].battlefield
    assert tl.final.objects[saga].counter("lore") == 1


def test_landfall_triggers_when_a_land_is_played_cr_603_2() -> None:
    tl = finished(
        board([], hand=["Forest"], battlefield=["Steppe Lynx"], actions=[_play("Forest")])
    )
    assert [e.data.get("trigger") for e in of_kind(tl, "trigger")] == ["landfall"]
    lynx = tl.final.players[0].battlefield[0]
    assert tl.final.characteristics(lynx).pt == "2/3"  # 0/1, +2/+2 until end of turn


def test_one_land_a_turn_cr_305_2() -> None:
    d = board([], hand=["Forest", "Island"], actions=[_play("Forest"), _play("Island")])
    with pytest.raises(ScenarioError, match="305.2"):
        play(d)


def test_explore_the_spell_gives_one_more_land_play_this_turn_cr_305_2() -> None:
    d = board(
        ["Swamp"],
        hand=["Explore", "Forest", "Island"],
        actions=[{"do": "cast", "card": "Explore"}, _play("Forest"), _play("Island")],
    )
    tl = finished(d)
    assert _bf(tl) == ["Forest", "Island"]


def test_azusa_gives_two_more_land_plays_while_you_control_her_cr_305_2() -> None:
    d = board(
        [],
        hand=["Forest", "Island", "Swamp", "Plains"],
        battlefield=["Azusa, Lost but Seeking"],
        actions=[_play("Forest"), _play("Island"), _play("Swamp")],
    )
    assert _bf(finished(d))[1:] == ["Forest", "Island", "Swamp"]
    with pytest.raises(ScenarioError, match="305.2"):
        play({**d, "actions": [*d["actions"], _play("Plains")]})


def test_a_land_is_played_only_in_your_main_phase_with_an_empty_stack_cr_305_1() -> None:
    d = board([], hand=["Forest"], opponent_hand=["Island"], actions=[_play("Island", player=1)])
    with pytest.raises(ScenarioError, match="305.1"):
        play(d)  # not the opponent's turn


def test_a_spell_card_is_not_played_as_a_land_and_a_land_is_not_cast_cr_305_1() -> None:
    with pytest.raises(ScenarioError, match="305.1"):
        play(board([], hand=["Lightning Bolt"], actions=[_play("Lightning Bolt")]))
    with pytest.raises(ScenarioError, match="305.1"):
        play(board([], hand=["Forest"], actions=[{"do": "cast", "card": "Forest"}]))


def test_a_modal_double_faced_card_is_played_as_its_land_face() -> None:
    card = "Agadeem's Awakening // Agadeem, the Undercrypt"
    tl = answered(board([], hand=[card], actions=[_play(card)]), "pay")
    [oid] = tl.final.players[0].battlefield
    assert tl.final.objects[oid].face == "Agadeem, the Undercrypt"
    assert "Land" in tl.final.characteristics(oid).types
    assert not tl.final.objects[oid].tapped and tl.final.players[0].life == 17


def test_each_turn_has_its_own_land_play_cr_305_2() -> None:
    d = board(
        ["Swamp", "Swamp"],
        hand=["Forest", "Island"],
        opponent_library=["Plains"],
        actions=[_play("Forest"), {"do": "next_main"}, _play("Island")],
    )
    assert _bf(finished(d)) == ["Forest", "Island"]
