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
