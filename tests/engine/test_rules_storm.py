"""Storm (CR 702.40): one copy per other spell cast before it this turn; copies aren't cast."""

from __future__ import annotations

from boards import answered, board, finished, of_kind, opp, you


def test_tendrils_after_a_cascade_copies_once_per_spell_cast_before_it_cr_702_40a() -> None:
    """Bloodbraid Elf cascades into Grizzly Bears (two spells cast), then Tendrils of Agony:
    two copies, so the opponent loses 6 and you gain 6."""
    d = board(
        ["Grizzly Bears", "Island"],
        hand=("Bloodbraid Elf", "Tendrils of Agony"),
        actions=[
            {"do": "cast", "card": "Bloodbraid Elf"},
            {"do": "cast", "card": "Tendrils of Agony"},
        ],
        choices=("cast",),
    )
    done = answered(d, "Opponent", "Keep", "Keep")
    assert opp(done)["life"] == 14
    assert you(done)["life"] == 26
    copies = [e for e in of_kind(done, "copy") if e.data.get("keyword") == "storm"]
    assert len(copies) == 2
    assert len(of_kind(done, "cast")) == 3  # the copies are not cast (707.10)


def test_storm_counts_every_spell_cast_before_it_not_copies_cr_702_40a_707_10() -> None:
    """One spell already cast this turn: Grapeshot gets 1 copy; Tendrils after it counts the
    scenario's spell and Grapeshot (2), not Grapeshot's copy; a copy may get a new target
    (707.10c)."""
    d = board(
        hand=("Grapeshot", "Tendrils of Agony"),
        spells_cast=1,
        actions=[{"do": "cast", "card": "Grapeshot"}, {"do": "cast", "card": "Tendrils of Agony"}],
    )
    done = answered(d, "Opponent", "Keep", "Opponent", "Keep", "new", "Target You")
    storm = [e.amount for e in of_kind(done, "trigger") if e.data.get("keyword") == "storm"]
    assert storm == [1, 2]
    assert opp(done)["life"] == 20 - 2 - 4  # the last copy got a new target (707.10c): you
    assert you(done)["life"] == 20 + 6 - 2


def test_first_spell_of_the_turn_with_storm_has_no_copy_cr_702_40a() -> None:
    done = finished(board(hand=("Empty the Warrens",)))
    assert you(done)["battlefield"] == ["Goblin token", "Goblin token"]
    assert [e.amount for e in of_kind(done, "copy")] == [0]
