"""Flashback (CR 702.34): cast from the graveyard for the flashback cost, then exiled."""

from __future__ import annotations

import pytest

from engine.base.errors import ScenarioError

from boards import board, finished, play, you


def test_flashback_casts_from_the_graveyard_and_exiles_it_cr_702_34a() -> None:
    """Think Twice from the graveyard draws a card, then goes to exile, not the graveyard."""
    d = board(
        ["Island"],
        graveyard=("Think Twice",),
        actions=[{"do": "cast", "card": "Think Twice", "flashback": True}],
    )
    done = finished(d)
    assert you(done)["hand"] == ["Island"]
    assert you(done)["exile"] == ["Think Twice"]
    assert you(done)["graveyard"] == []


def test_a_flashback_spell_with_a_target_is_exiled_after_resolving_cr_702_34a() -> None:
    """Ancient Grudge with flashback destroys the Ornithopter, then goes to exile."""
    d = board(
        graveyard=("Ancient Grudge",),
        opponent_battlefield=("Ornithopter",),
        actions=[{"do": "cast", "card": "Ancient Grudge", "flashback": True}],
    )
    done = finished(d)
    assert you(done)["exile"] == ["Ancient Grudge"]
    assert done.final.summary()["players"][1]["graveyard"] == ["Ornithopter"]


def test_flashback_needs_the_card_in_the_graveyard_cr_702_34a() -> None:
    d = board(
        hand=("Think Twice",), actions=[{"do": "cast", "card": "Think Twice", "flashback": True}]
    )
    with pytest.raises(ScenarioError, match="flashback"):
        play(d)


def test_with_real_payment_flashback_pays_its_own_cost_not_the_mana_cost_cr_702_34a_118_9() -> None:
    """Think Twice ({1}{U}, flashback {2}{U}) from the graveyard taps three Islands: the
    flashback cost is paid instead of the mana cost (an alternative cost, 118.9, 601.2f-h);
    two Islands can't pay it."""
    d = board(
        ["Island"],
        battlefield=("Island", "Island", "Island"),
        graveyard=("Think Twice",),
        actions=[{"do": "cast", "card": "Think Twice", "flashback": True}],
    )
    d["mana"] = "paid"
    done = finished(d)
    tapped = [o for o in done.final.players[0].battlefield if done.final.objects[o].tapped]
    assert len(tapped) == 3 and you(done)["exile"] == ["Think Twice"]
    d["players"][0]["battlefield"] = ["Island", "Island"]
    with pytest.raises(ScenarioError, match="601.2h"):
        play(d)
