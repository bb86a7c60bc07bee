"""A triggered ability the card data doesn't hold is never silent (CR 603.2): the log says
it is not simulated when it would have triggered, or, when even its event is unknown, as
its permanent enters; and its card is not claimed fully simulated."""

from __future__ import annotations

from engine import default_pool
from engine.views import coverage

from boards import board, finished, of_kind


def test_an_unreadable_trigger_is_named_when_its_permanent_enters_cr_603_2() -> None:
    """Abattoir Ghoul's trigger (DealtDamageAndDiedTriggeredAbility) was not read at all."""
    done = finished(board(hand=("Abattoir Ghoul",)))
    [ns] = of_kind(done, "not_simulated")
    assert any("DealtDamageAndDiedTriggeredAbility" in m for m in ns.data["missing"])
    assert coverage.card_coverage(default_pool().get("Abattoir Ghoul")).status != coverage.FULL


def test_an_untranslated_enter_trigger_says_so_when_it_would_trigger_cr_603_2() -> None:
    """Abdel Adrian's enter trigger: its event was read, its effect not; when Abdel enters the
    trigger is named as not simulated (and nothing else happens)."""
    done = finished(board(hand=("Abdel Adrian, Gorion's Ward",), battlefield=("Grizzly Bears",)))
    ns = [e for e in of_kind(done, "not_simulated") if e.data.get("trigger") == "self_enters"]
    assert len(ns) == 1
    assert done.final.summary()["players"][0]["battlefield"] == [
        "Grizzly Bears",
        "Abdel Adrian, Gorion's Ward",
    ]
    assert not of_kind(done, "exile")
