"""The turn structure: the draw step's draw happens in the
draw step (504.1), the legend rule (704.5j) and the maximum hand size in cleanup (402.2, 514.1).

Tests assert zones, counts and event fields, never log wording.
"""

from __future__ import annotations

from boards import answered, board, finished, of_kind, play, zone


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
    from engine.core.policy import AutoPolicy

    d = board(hand=[ISAMARU], battlefield=[ISAMARU])
    tl = Scenario.from_dict(d).run(policy=AutoPolicy())
    assert tl.finished and tl.pending is None
    [moved] = _sba(tl, "legend_rule")
    assert zone(tl, "graveyard") == [ISAMARU] and zone(tl, "battlefield") == [ISAMARU]
    [(_, decision, key)] = [x for x in tl.answered if x[1].rule == "704.5j"]
    assert key in decision.keys() and key == f"keep:o{moved.data['kept']}"


def test_legend_rule_reads_the_characteristics_after_the_layers_cr_704_5j_613() -> None:
    """With a continuous effect in play (an anthem: the layers are computed) the rule reads
    the computed characteristics; two Isamarus still make their controller choose."""
    d = board(battlefield=[ISAMARU, ISAMARU, "Glorious Anthem"], actions=[])
    tl = play(d)
    assert tl.pending is not None and tl.pending.rule == "704.5j"
    done = finished({**d, "choices": [tl.pending.keys()[0]]})
    assert zone(done, "graveyard") == [ISAMARU]


def test_two_different_legends_stay_cr_704_5j() -> None:
    """Only the same NAME counts: two different legendary creatures both stay."""
    done = finished(board(battlefield=[ISAMARU, "Ragavan, Nimble Pilferer"], actions=[]))
    assert not _sba(done, "legend_rule") and len(zone(done, "battlefield")) == 2


# ------------------------------------------------- maximum hand size (402.2, 514.1)

NINE = ["Forest"] * 5 + ["Island"] * 4


def _discards(tl):
    return [e for e in of_kind(tl, "discard") if (e.data or {}).get("reason") == "hand_size"]


def test_cleanup_discards_down_to_seven_cr_402_2_514_1() -> None:
    """Nine cards at the end of your turn: in its cleanup step you choose two to discard
    (514.1, maximum hand size seven, 402.2); the decision offers only cards in your hand."""
    d = board(["Swamp"], hand=NINE, opponent_library=["Plains"], actions=[{"do": "next_main"}])
    tl = play(d)
    assert tl.pending is not None and tl.pending.rule == "514.1" and tl.pending.player == 0
    assert set(tl.pending.keys()) == {f"card:o{i}" for i in tl.pending.objects}
    done = answered(d, "Island", "Island")
    [disc] = _discards(done)
    assert disc.player == 0 and disc.amount == 2 and disc.data["max"] == 7
    assert zone(done, "graveyard") == ["Island", "Island"]
    assert len(zone(done, "hand")) == 8  # 7 kept, then the draw of turn 3
    assert _frame_of(done, disc).state.phase == "cleanup"


def test_the_opponent_discards_in_their_own_cleanup_cr_514_1() -> None:
    """Only the active player discards (514.1): the opponent, with eight cards and a draw,
    discards two in THEIR cleanup step; you (eight cards at most in your turn) never do."""
    d = board(
        ["Swamp"],
        hand=["Forest"],
        opponent_hand=NINE[:8],
        opponent_library=["Plains"],
        actions=[{"do": "next_main"}],
    )
    tl = play(d)
    assert tl.pending is not None and tl.pending.player == 1 and tl.pending.rule == "514.1"
    done = answered(d, "Forest", "Forest")
    [disc] = _discards(done)
    assert disc.player == 1 and disc.amount == 2
    assert zone(done, "graveyard", 1) == ["Forest", "Forest"] and len(zone(done, "hand", 1)) == 7


def test_no_maximum_hand_size_keeps_every_card_cr_402_2() -> None:
    """Spellbook: "You have no maximum hand size" (static): nine cards stay at cleanup."""
    d = board(
        ["Swamp"],
        hand=NINE,
        battlefield=["Spellbook"],
        opponent_library=["Plains"],
        actions=[{"do": "next_main"}],
    )
    done = finished(d)
    assert not _discards(done) and len(zone(done, "hand")) == 10


def test_a_reduced_maximum_hand_size_cr_402_2() -> None:
    """Gnat Miser: "Each opponent's maximum hand size is reduced by one": the opponent's
    maximum is six, yours stays seven; Spellbook removes yours (engine.rules.hand_size)."""
    from engine.rules import hand_size

    from boards import game_of

    g = game_of(board(opponent_battlefield=["Gnat Miser"]))
    assert (hand_size.maximum(g, 0), hand_size.maximum(g, 1)) == (6, 7)
    g = game_of(board(battlefield=["Spellbook"]))
    assert (hand_size.maximum(g, 0), hand_size.maximum(g, 1)) == (None, 7)


def test_the_great_synthesis_chapter_one_no_maximum_hand_size_cr_714_2b_402_2() -> None:
    """The Great Synthesis I: draw cards equal to the cards in your hand, and you have no
    maximum hand size for as long as you control it: eight cards then stay through the
    cleanup step (the chapter is simulated now)."""
    jin = "Jin-Gitaxias // The Great Synthesis"
    d = board(
        ["Swamp"] * 6,
        hand=["Forest"] * 4,
        opponent_library=["Plains"],
        battlefield=[{"name": jin, "face": "The Great Synthesis"}],
        actions=[{"do": "add_lore", "card": jin}, {"do": "next_main"}],
    )
    done = finished(d)
    draws = [e for e in of_kind(done, "draw") if e.player == 0]
    assert sum(e.amount or 0 for e in draws) == 4 + 1  # four by the chapter, one in turn 3
    assert not _discards(done) and len(zone(done, "hand")) == 9


def test_a_later_static_maximum_hand_size_wins_over_an_earlier_resolved_one_cr_613_7() -> None:
    """Effects on a game rule apply in timestamp order (613.7; a static ability has its
    permanent's timestamp, 613.7d): The Great Synthesis I gives you no maximum hand size,
    THEN an enchantment "your maximum hand size is two" enters. The later one wins: the
    cleanup step discards down to two."""
    limit = {
        "name": "Test Hand Limit",
        "mana_cost": "{1}",
        "type_line": "Enchantment",
        "effects": {"static": [{"op": "max_hand_size", "set": 2}]},
    }
    jin = "Jin-Gitaxias // The Great Synthesis"
    d = board(
        ["Swamp"] * 6,
        hand=["Test Hand Limit", "Forest", "Forest", "Forest"],
        opponent_library=["Plains"],
        cards=[limit],
        battlefield=[{"name": jin, "face": "The Great Synthesis"}],
        actions=[
            {"do": "add_lore", "card": jin},
            {"do": "cast", "card": "Test Hand Limit"},
            {"do": "next_main"},
        ],
    )
    tl = play(d)
    assert tl.pending is not None and tl.pending.rule == "514.1" and tl.pending.player == 0
    done = answered(d, "Forest", "Forest", "Forest")  # then only Swamps: no choice left
    [disc] = _discards(done)
    assert disc.amount == 5 and disc.data["max"] == 2


def test_an_earlier_static_maximum_hand_size_yields_to_a_later_resolved_one_cr_613_7() -> None:
    """The other order: the limit of two is there first, then The Great Synthesis I: no
    maximum hand size, nothing is discarded."""
    limit = {
        "name": "Test Hand Limit",
        "mana_cost": "{1}",
        "type_line": "Enchantment",
        "effects": {"static": [{"op": "max_hand_size", "set": 2}]},
    }
    jin = "Jin-Gitaxias // The Great Synthesis"
    d = board(
        ["Swamp"] * 6,
        hand=["Forest"] * 3,
        opponent_library=["Plains"],
        cards=[limit],
        battlefield=["Test Hand Limit", {"name": jin, "face": "The Great Synthesis"}],
        actions=[{"do": "add_lore", "card": jin}, {"do": "next_main"}],
    )
    done = finished(d)
    assert not _discards(done) and len(zone(done, "hand")) == 3 + 3 + 1


def test_legend_rule_is_chosen_among_legends_other_sbas_kill_at_the_same_time_cr_704_3() -> None:
    """State-based actions happen at once (704.3): an Isamaru with toughness 0 (704.5f) and
    a healthy one are both offered by the legend rule; keeping the dying one loses both,
    keeping the other keeps it."""
    doomed = {"name": ISAMARU, "counters": {"-1/-1": 2}}
    d = board(battlefield=[doomed, ISAMARU], actions=[])
    tl = play(d)
    assert tl.pending is not None and tl.pending.rule == "704.5j"
    keep_doomed, keep_healthy = tl.pending.keys()
    both = finished({**d, "choices": [keep_doomed]})
    assert zone(both, "graveyard") == [ISAMARU, ISAMARU] and zone(both, "battlefield") == []
    one = finished({**d, "choices": [keep_healthy]})
    assert zone(one, "graveyard") == [ISAMARU] and zone(one, "battlefield") == [ISAMARU]
