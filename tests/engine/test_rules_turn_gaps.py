"""Rules gaps of the turn structure closed in session 13: the draw step's draw happens in the
draw step (504.1), the legend rule (704.5j) and the maximum hand size in cleanup (402.2, 514.1).

Tests assert zones, counts and event fields, never log wording.
"""

from __future__ import annotations

from boards import board, finished, of_kind, zone


def _frame_of(tl, event):
    return next(f for f in tl.frames if f.event is event)


def test_the_draw_step_draw_is_logged_in_the_draw_step_cr_504_1() -> None:
    """504.1: the active player draws as the draw step's first event, so the draw's frame is
    in the draw step, not the upkeep (the upkeep's own frames stay in the upkeep)."""
    d = board(["Forest", "Island"], opponent_library=["Swamp"], actions=[{"do": "next_main"}])
    tl = finished(d)
    draws = of_kind(tl, "draw")
    assert [e.player for e in draws] == [1, 0]
    assert [_frame_of(tl, e).state.phase for e in draws] == ["draw step", "draw step"]
    assert zone(tl, "hand") == ["Forest"] and zone(tl, "hand", 1) == ["Swamp"]
