"""The board editor's "Pay mana with lands" box is the scenario's "mana" setting: on, the
board pays costs for real (601.2g-h); off (every older scenario), costs are assumed paid."""

from __future__ import annotations

from playground.board_form import ActionRow
from playground.model import PlaygroundModel


def test_the_box_follows_the_scenario_and_sets_it() -> None:
    m = PlaygroundModel()
    assert m.pay_mana is False and "mana" not in m.scenario
    m.hand_text = "Grizzly Bears"
    m.battlefield_text = "Forest\nMountain"
    m.action_rows = [ActionRow(do="cast", card="Grizzly Bears")]
    m.pay_mana = True
    assert m.apply_board(), m.board_errors
    assert m.scenario["mana"] == "paid"
    tapped = [
        m.timeline.final.objects[o].tapped
        for o in m.timeline.final.players[0].battlefield
        if m.timeline.final.objects[o].name in ("Forest", "Mountain")
    ]
    assert tapped == [True, True]
    m.pay_mana = False
    assert m.apply_board(), m.board_errors
    assert "mana" not in m.scenario


def test_a_board_that_cant_pay_says_what_is_missing() -> None:
    m = PlaygroundModel()
    m.hand_text = "Grizzly Bears"
    m.battlefield_text = "Mountain"
    m.action_rows = [ActionRow(do="cast", card="Grizzly Bears")]
    m.pay_mana = True
    before = m.scenario
    assert not m.apply_board()  # refused: the board is kept as it was
    assert m.scenario == before
    [error] = m.board_errors
    assert "{G} missing" in error and "601.2h" in error
