"""Echo (CR 702.30a): "At the beginning of your upkeep, if this permanent came under your
control since the beginning of your last upkeep, sacrifice it unless you pay [cost]"; an
intervening if (603.4)."""

from __future__ import annotations

from boards import board, finished, of_kind, you

# the opponent's turn, then yours: your upkeep is where echo triggers
NEXT_UPKEEP = [{"do": "precombat_main", "player": 1}, {"do": "precombat_main", "player": 0}]


def _echo_triggers(tl) -> list:
    return [e for e in of_kind(tl, "trigger") if e.data.get("trigger") == "echo"]


def test_echo_not_paid_sacrifices_it_in_your_next_upkeep_cr_702_30a() -> None:
    d = board(
        ["Island"] * 3,
        hand=("Albino Troll",),
        opponent_library=["Island"] * 3,
        actions=[{"do": "cast", "card": "Albino Troll"}, *NEXT_UPKEEP],
        choices=("decline",),
    )
    tl = finished(d)
    assert len(_echo_triggers(tl)) == 1
    assert you(tl)["battlefield"] == []
    assert you(tl)["graveyard"] == ["Albino Troll"]
    (sac,) = of_kind(tl, "sacrifice")
    assert sac.rule == "702.30a"


def test_echo_paid_keeps_it_and_it_doesnt_trigger_again_cr_702_30a() -> None:
    d = board(
        ["Island"] * 5,
        hand=("Albino Troll",),
        opponent_library=["Island"] * 5,
        actions=[{"do": "cast", "card": "Albino Troll"}, *NEXT_UPKEEP, *NEXT_UPKEEP],
        choices=("pay",),
    )
    tl = finished(d)
    assert len(_echo_triggers(tl)) == 1  # the second upkeep: it has been yours since the first
    assert you(tl)["battlefield"] == ["Albino Troll"]
    paid = [e for e in of_kind(tl, "cost") if e.source is not None and e.rule == "702.30a"]
    assert paid


def test_a_permanent_you_started_with_owes_no_echo_cr_702_30a() -> None:
    d = board(
        ["Island"] * 3,
        battlefield=("Albino Troll",),
        opponent_library=["Island"] * 3,
        actions=NEXT_UPKEEP,
    )
    tl = finished(d)
    assert _echo_triggers(tl) == []
    assert you(tl)["battlefield"] == ["Albino Troll"]


def test_echo_triggers_only_in_its_controllers_upkeep_cr_702_30a() -> None:
    """Cast in your turn: the opponent's upkeep comes first and doesn't trigger it."""
    d = board(
        ["Island"] * 3,
        hand=("Albino Troll",),
        opponent_library=["Island"] * 3,
        actions=[{"do": "cast", "card": "Albino Troll"}, NEXT_UPKEEP[0]],
    )
    tl = finished(d)
    assert _echo_triggers(tl) == []
    assert you(tl)["battlefield"] == ["Albino Troll"]
