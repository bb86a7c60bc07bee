"""A spell's mandatory additional costs from the imported card data (CR 601.2b, 601.2h, 118.9).

``spell_costs`` (sacrifice, discard, pay life, one of several) is paid as the spell is
cast, on a free cast too; a spell whose additional cost can't be paid can't be cast.
"pay X life" (Toxic Deluge) announces X (601.2b) and pays it.
"""

from __future__ import annotations

import pytest

from engine.base.errors import ScenarioError

from boards import answered, board, finished, of_kind, opp, play, reasons, zone


def test_discard_additional_cost_is_paid_from_hand_cr_601_2h() -> None:
    """Tormenting Voice: discard a card, then draw two."""
    d = board(["Island", "Swamp"], hand=("Tormenting Voice", "Grizzly Bears", "Forest"))
    done = answered(d, "Discard Forest")
    assert zone(done, "graveyard") == ["Forest", "Tormenting Voice"]
    assert sorted(zone(done, "hand")) == ["Grizzly Bears", "Island", "Swamp"]
    assert [e.data["cost"] for e in of_kind(done, "cost")] == ["discard"]


def test_spell_whose_additional_cost_cant_be_paid_cant_be_cast_cr_601_2h() -> None:
    """Tormenting Voice alone in hand: nothing to discard, so it can't be cast."""
    with pytest.raises(ScenarioError, match="additional cost"):
        play(board(["Island"], hand=("Tormenting Voice",)))


def test_sacrifice_additional_cost_cr_601_2h() -> None:
    """Demon of Catastrophes: sacrifice a creature to cast it."""
    done = finished(board(hand=("Demon of Catastrophes",), battlefield=("Grizzly Bears",)))
    assert zone(done, "battlefield") == ["Demon of Catastrophes"]
    assert zone(done, "graveyard") == ["Grizzly Bears"]
    assert len(of_kind(done, "sacrifice")) == 1


def test_sacrifice_cost_filter_cr_601_2h() -> None:
    """Fodder Launch needs a Goblin to sacrifice: a Goblin pays it, a Bear can't."""
    d = board(
        hand=("Fodder Launch",),
        battlefield=("Goblin Guide",),
        opponent_battlefield=("Serra Angel",),
    )
    done = answered(d, "Serra Angel")
    assert zone(done, "graveyard") == ["Goblin Guide", "Fodder Launch"]
    assert opp(done)["life"] == 15
    with pytest.raises(ScenarioError, match="additional cost"):
        play(
            board(
                hand=("Fodder Launch",),
                battlefield=("Grizzly Bears",),
                opponent_battlefield=("Serra Angel",),
            )
        )


def test_additional_cost_is_paid_on_a_cascade_cast_cr_118_9_601_2h() -> None:
    """Bloodbraid Elf cascades into Tormenting Voice: the mana cost is free, the discard
    is not."""
    d = board(
        ["Tormenting Voice", "Island", "Swamp"],
        hand=("Bloodbraid Elf", "Forest"),
        choices=("cast",),
    )
    done = finished(d)
    cast = of_kind(done, "cast")[1]
    assert cast.data["free"] is True
    assert zone(done, "graveyard") == ["Forest", "Tormenting Voice"]
    assert sorted(zone(done, "hand")) == ["Island", "Swamp"]


def test_cascade_hit_with_unpayable_imported_cost_is_not_cast_cr_702_85a_601_2h() -> None:
    """With an empty hand Tormenting Voice can't be cast: cascade names the reason."""
    done = finished(board(["Tormenting Voice", "Island"], hand=("Bloodbraid Elf",)))
    assert done.answered == []
    assert reasons(of_kind(done, "cant_cast")[0]) == ["unpayable_cost"]
    assert zone(done, "library") == ["Island", "Tormenting Voice"]


def test_one_of_additional_cost_choice_cr_601_2h() -> None:
    """Bitter Triumph: discard a card or pay 3 life; paying life leaves the hand alone."""
    d = board(
        hand=("Bitter Triumph", "Forest"),
        opponent_battlefield=("Serra Angel",),
    )
    done = answered(d, "pay 3 life")
    assert done.final.players[0].life == 17
    assert zone(done, "hand") == ["Forest"]
    assert zone(done, "graveyard", 1) == ["Serra Angel"]


def test_pay_x_life_chooses_x_and_pays_it_cr_601_2b_119_4() -> None:
    """Toxic Deluge: X = 3 is announced, 3 life is paid, every creature gets -3/-3."""
    d = board(
        hand=("Toxic Deluge",),
        battlefield=("Grizzly Bears",),
        opponent_battlefield=("Serra Angel",),
        life=10,
    )
    tl = play(d)
    assert tl.pending.kind == "x_value"
    assert tl.pending.keys() == [f"x:{n}" for n in range(11)]  # 119.4: at most the life total
    done = finished(d | {"choices": ["x:3"]})
    assert done.final.players[0].life == 7
    assert sorted(zone(done, "graveyard")) == ["Grizzly Bears", "Toxic Deluge"]
    assert zone(done, "battlefield", 1) == ["Serra Angel"]


def test_pay_x_life_is_chosen_on_a_free_cast_cr_107_3b() -> None:
    """Cascade into Toxic Deluge: X is in no mana cost, so it isn't forced to 0 (107.3b)."""
    d = board(
        ["Toxic Deluge"],
        hand=("Bloodbraid Elf",),
        opponent_battlefield=("Serra Angel",),
        choices=("cast", "x:4"),
    )
    done = finished(d)
    assert done.final.players[0].life == 16
    assert zone(done, "graveyard", 1) == ["Serra Angel"]
    assert zone(done, "battlefield") == ["Bloodbraid Elf"]  # it resolves after the Deluge
