"""Prowess (CR 702.108): +1/+1 until end of turn whenever you cast a noncreature spell."""

from __future__ import annotations

from boards import board, finished, of_kind


def _pt(tl, name: str) -> tuple:
    state = tl.final
    [oid] = [o for o in state.players[0].battlefield if state.obj(o).name == name]
    ch = state.characteristics(oid)
    return ch.power, ch.toughness


def test_prowess_triggers_on_a_noncreature_spell_cr_702_108a() -> None:
    """Monastery Swiftspear (1/2) and a Shock at the opponent: it is 2/3 this turn."""
    d = board(hand=("Shock",), battlefield=("Monastery Swiftspear",), choices=("target:p1",))
    done = finished(d)
    assert _pt(done, "Monastery Swiftspear") == (2, 3)
    assert [e.data.get("keyword") for e in of_kind(done, "trigger")] == ["prowess"]


def test_prowess_doesnt_trigger_on_a_creature_spell_cr_702_108a() -> None:
    done = finished(board(hand=("Grizzly Bears",), battlefield=("Monastery Swiftspear",)))
    assert _pt(done, "Monastery Swiftspear") == (1, 2)
    assert not of_kind(done, "trigger")
