""" "The exiled card" / "exiled this way" (608.2c) and reveals that give no choice."""

from __future__ import annotations

from boards import board, finished, of_kind, opp, you


def test_ephemerate_returns_the_card_it_exiled_cr_608_2c_400_7() -> None:
    """Ephemerate exiles Kitchen Finks, then returns "the exiled card": Finks is back (a new
    object, so its enter trigger gains 2 life)."""
    done = finished(board(hand=("Ephemerate",), battlefield=("Kitchen Finks",)))
    assert you(done)["battlefield"] == ["Kitchen Finks"]
    assert you(done)["exile"] == []
    assert you(done)["life"] == 22


def test_coiling_oracle_puts_a_land_onto_the_battlefield_without_a_choice_cr_608_2c() -> None:
    """Coiling Oracle reveals a Forest: it goes onto the battlefield, and nothing is asked."""
    done = finished(board(["Forest", "Island"], hand=("Coiling Oracle",)))
    assert done.answered == []
    assert sorted(you(done)["battlefield"]) == ["Coiling Oracle", "Forest"]
    assert you(done)["library"] == ["Island"]


def test_coiling_oracle_puts_a_nonland_into_the_hand_cr_608_2c() -> None:
    done = finished(board(["Grizzly Bears", "Island"], hand=("Coiling Oracle",)))
    assert done.answered == []
    assert you(done)["hand"] == ["Grizzly Bears"]
    assert you(done)["battlefield"] == ["Coiling Oracle"]


def test_chaos_warp_the_owner_puts_the_revealed_permanent_under_their_control_cr_110_2a() -> None:
    """Chaos Warp on the opponent's creature: its owner shuffles it in and reveals the top card;
    a permanent card enters under the owner's control, with no choice for anyone."""
    d = board(hand=("Chaos Warp",), opponent_battlefield=("Serra Angel",))
    d["players"][1]["library"]["cards"] = [{"name": "Grizzly Bears"}]
    done = finished(d)
    assert done.answered == []
    assert len(opp(done)["battlefield"]) == 1  # the top card, either of the two permanents
    assert you(done)["battlefield"] == []
    assert len(of_kind(done, "look")) == 1
