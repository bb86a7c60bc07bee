"""Persist (CR 702.79) and undying (CR 702.93): "when this dies, if it had no such counter,
return it with one" (603.4 intervening if, 603.10a looking back)."""

from __future__ import annotations

from boards import board, finished, of_kind, opp, you


def _counters(tl, name: str) -> list[dict]:
    state = tl.final
    ids = [i for p in state.players for i in p.battlefield]
    return [dict(state.obj(i).counters) for i in ids if state.obj(i).name == name]


def test_persist_returns_a_creature_destroyed_by_a_sweeper_cr_702_79a() -> None:
    """Wrath of God: Kitchen Finks returns with a -1/-1 counter and gains 2 life again; the
    one that already had a -1/-1 counter stays in the graveyard."""
    d = board(
        hand=("Wrath of God",),
        battlefield=("Kitchen Finks", {"name": "Kitchen Finks", "counters": {"-1/-1": 1}}),
        life=10,
    )
    done = finished(d)
    assert you(done)["battlefield"] == ["Kitchen Finks"]
    assert _counters(done, "Kitchen Finks") == [{"-1/-1": 1}]
    assert you(done)["graveyard"] == ["Kitchen Finks", "Wrath of God"]
    assert you(done)["life"] == 12
    assert len(of_kind(done, "no_trigger")) == 1  # 603.4: the intervening if is false


def test_undying_returns_with_a_plus_one_counter_under_its_owners_control_cr_702_93a() -> None:
    """The opponent's Geralf's Messenger dies to your Wrath: it returns under its owner's
    control with a +1/+1 counter, and its enter trigger makes you lose 2."""
    d = board(hand=("Wrath of God",), opponent_battlefield=("Geralf's Messenger",))
    done = finished(d)
    assert opp(done)["battlefield"] == ["Geralf's Messenger"]
    assert _counters(done, "Geralf's Messenger") == [{"+1/+1": 1}]
    assert you(done)["life"] == 18


def test_undying_with_a_plus_one_counter_doesnt_return_cr_702_93a_603_4() -> None:
    d = board(
        hand=("Wrath of God",), battlefield=({"name": "Young Wolf", "counters": {"+1/+1": 1}},)
    )
    done = finished(d)
    assert you(done)["battlefield"] == []
    assert sorted(you(done)["graveyard"]) == ["Wrath of God", "Young Wolf"]
