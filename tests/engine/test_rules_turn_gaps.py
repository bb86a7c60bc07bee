"""Rules gaps of the turn structure closed in session 13: the draw step's draw happens in the
draw step (504.1), the legend rule (704.5j) and the maximum hand size in cleanup (402.2, 514.1).

Tests assert zones, counts and event fields, never log wording.
"""

from __future__ import annotations

from boards import board, finished, of_kind, play, zone


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


# ------------------------------------------------------------------ the legend rule (704.5j)

ISAMARU = "Isamaru, Hound of Konda"  # Legendary Creature — Dog, {W}


def _sba(tl, reason: str):
    return [e for e in of_kind(tl, "sba") if (e.data or {}).get("reason") == reason]


def test_legend_rule_the_player_keeps_the_one_they_choose_cr_704_5j() -> None:
    """Two legendary permanents with the same name under one player: that player chooses one
    (only those two are offered) and the other goes to its owner's graveyard (704.5j)."""
    d = board(battlefield=[ISAMARU, {"name": ISAMARU, "tapped": True}], actions=[])
    tl = play(d)
    assert tl.pending is not None and tl.pending.rule == "704.5j" and tl.pending.player == 0
    keys = tl.pending.keys()
    assert len(keys) == 2 and all(k.startswith("keep:o") for k in keys)
    done = finished({**d, "choices": [keys[1]]})  # keep the tapped one
    [moved] = _sba(done, "legend_rule")
    assert moved.rule == "704.5j" and f"keep:o{moved.data['kept']}" == keys[1]
    assert zone(done, "graveyard") == [ISAMARU] and zone(done, "battlefield") == [ISAMARU]
    [kept] = [done.final.obj(i) for i in done.final.players[0].battlefield]
    assert kept.tapped is True


def test_legend_rule_counts_per_controller_cr_704_5j() -> None:
    """Each player may control one: the same legend on both sides stays (704.5j is per
    player), and no decision is asked."""
    done = finished(board(battlefield=[ISAMARU], opponent_battlefield=[ISAMARU], actions=[]))
    assert done.answered == [] and not _sba(done, "legend_rule")
    assert zone(done, "battlefield") == [ISAMARU] and zone(done, "battlefield", 1) == [ISAMARU]


def test_legend_rule_applies_after_a_second_copy_resolves_cr_704_5j() -> None:
    """Casting a second copy: it resolves and enters, then the state-based action makes the
    player choose; AutoPolicy (the odds' "player") answers it with a legal option."""
    from engine import Scenario
    from engine.policy import AutoPolicy

    d = board(hand=[ISAMARU], battlefield=[ISAMARU])
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished and tl.pending is None
    [moved] = _sba(tl, "legend_rule")
    assert zone(tl, "graveyard") == [ISAMARU] and zone(tl, "battlefield") == [ISAMARU]
    [(_, decision, key)] = [x for x in tl.answered if x[1].rule == "704.5j"]
    assert key in decision.keys() and key == f"keep:o{moved.data['kept']}"


def test_two_different_legends_stay_cr_704_5j() -> None:
    """Only the same NAME counts: two different legendary creatures both stay."""
    done = finished(board(battlefield=[ISAMARU, "Ragavan, Nimble Pilferer"], actions=[]))
    assert not _sba(done, "legend_rule") and len(zone(done, "battlefield")) == 2
