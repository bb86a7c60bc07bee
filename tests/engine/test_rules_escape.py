"""Escape (CR 702.138): cast from your graveyard for the escape cost, its exile really paid."""

from __future__ import annotations

import pytest

from engine.base.errors import ScenarioError

from boards import answered, board, play, you

CAST = [{"do": "cast", "card": "Bloodbraid Challenger", "escape": True}]


def test_escape_casts_from_the_graveyard_exiling_other_cards_cr_702_138a_601_2h() -> None:
    """Bloodbraid Challenger escapes: three other graveyard cards are exiled, it resolves
    onto the battlefield (its cascade hits the Bears)."""
    d = board(
        ["Grizzly Bears", "Forest"],
        graveyard=("Bloodbraid Challenger", "Forest", "Island", "Swamp", "Mountain"),
        actions=CAST,
    )
    done = answered(d, "Exile Forest", "Exile Island", "Exile Swamp", "Cast")
    assert sorted(you(done)["battlefield"]) == ["Bloodbraid Challenger", "Grizzly Bears"]
    assert sorted(you(done)["exile"]) == ["Forest", "Island", "Swamp"]
    assert you(done)["graveyard"] == ["Mountain"]


def test_escape_without_enough_other_cards_cant_be_cast_cr_702_138a_601_2h() -> None:
    d = board(graveyard=("Bloodbraid Challenger", "Forest", "Island"), actions=CAST)
    with pytest.raises(ScenarioError, match="escape"):
        play(d)
