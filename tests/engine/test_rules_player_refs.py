"""Player references read right: "that spell's controller", "that spell" of a "becomes the
target" trigger (603.2), and "onto the battlefield under your control" (110.2a)."""

from __future__ import annotations

from boards import board, finished, of_kind, opp, play, you


def _with_opponent_graveyard(d: dict, *names: str) -> dict:
    d["players"][1]["graveyard"] = list(names)
    return d


def test_bonecrusher_giant_damages_the_controller_of_the_targeting_spell_cr_603_2_120_3() -> None:
    """Your Shock targets the opponent's Bonecrusher Giant: it deals 2 damage to you."""
    done = finished(
        board(hand=("Shock",), opponent_battlefield=("Bonecrusher Giant",), choices=("target:o2",))
    )
    assert you(done)["life"] == 18
    assert opp(done)["life"] == 20
    assert opp(done)["battlefield"] == [
        "Bonecrusher Giant // Stomp"
    ]  # 4/3: Shock's 2 don't kill it


def test_frost_titan_counters_the_spell_that_targets_it_cr_603_2_701_6a() -> None:
    """ "Whenever this becomes the target of a spell an opponent controls, counter that spell
    unless its controller pays {2}": the Shock is countered, the Titan undamaged."""
    d = board(
        hand=("Shock",), opponent_battlefield=("Frost Titan",), choices=("target:o2", "decline")
    )
    done = finished(d)
    assert len(of_kind(done, "countered")) == 1
    assert you(done)["graveyard"] == ["Shock"]
    assert opp(done)["battlefield"] == ["Frost Titan"]
    assert not of_kind(done, "damage")


def test_put_from_an_opponents_graveyard_onto_the_battlefield_under_your_control_cr_110_2a() -> (
    None
):
    """Ashen Powder: the opponent's Serra Angel enters under your control."""
    d = _with_opponent_graveyard(board(hand=("Ashen Powder",)), "Serra Angel")
    done = finished(d)
    assert you(done)["battlefield"] == ["Serra Angel"]
    assert opp(done)["graveyard"] == []


def test_saga_chapter_returns_an_opponents_card_under_your_control_cr_110_2a_714_2b() -> None:
    """The Eldest Reborn III: "put target creature or planeswalker card from a graveyard onto
    the battlefield under your control"."""
    d = _with_opponent_graveyard(
        board(
            ["Forest", "Forest"],
            battlefield=({"name": "The Eldest Reborn", "counters": {"lore": 2}},),
            actions=[{"do": "precombat_main"}],
        ),
        "Serra Angel",
    )
    tl = play(d)
    while tl.pending is not None:
        tl = tl.answer(tl.pending.keys()[0]).run()
    assert "Serra Angel" in you(tl)["battlefield"]
    assert opp(tl)["graveyard"] == []
